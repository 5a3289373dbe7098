// How a table fits a terminal (`teamctl help environment`, "Tables on a terminal"): which columns
// stay, how wide each is, and how a cell wraps. Pure: the caller gives the display width of a
// text (string-width), so CJK characters and emoji count as two columns.

export type TextWidth = (text: string) => number;

/** What a column allows when the table must narrow (Column in output/columns.ts). */
export interface ColumnFit {
  /** Ids and e-mails, which people copy: never narrowed below their longest value. */
  whole?: boolean;
  /** A column a list can spare: left out, rightmost first, while words cannot stay whole. */
  optional?: boolean;
  /** The id column: the first to go when words cannot stay whole (tsv and json carry it). */
  id?: boolean;
}

export interface TableLayout {
  /** Which columns are shown, one flag per column. */
  keep: boolean[];
  /** The shown columns' widths, padding included; undefined when the table fits as it is. */
  widths?: number[];
}

let segmenter: Intl.Segmenter | undefined;
/** The grapheme clusters of `text` (an emoji sequence is one); the segmenter made on first use. */
const graphemes = (text: string): Iterable<Intl.SegmentData> => (segmenter ??= new Intl.Segmenter('en', { granularity: 'grapheme' })).segment(text);

/**
 * The pieces a line may break between: runs of spaces, runs of other narrow characters (words),
 * and each wide character alone (a CJK text breaks between its characters, as it is written with
 * no spaces; an emoji is one piece).
 */
export function breakUnits(text: string, width: TextWidth): string[] {
  const units: string[] = [];
  let run = '';
  let runIsSpace = false;
  for (const { segment } of graphemes(text)) {
    const space = /^\s+$/u.test(segment);
    const wide = !space && width(segment) > 1;
    if (run !== '' && (wide || space !== runIsSpace)) {
      units.push(run);
      run = '';
    }
    if (wide) units.push(segment);
    else {
      run += segment;
      runIsSpace = space;
    }
  }
  if (run !== '') units.push(run);
  return units;
}

/** The widest piece of `text` a line cannot break (its longest word). */
export function longestUnit(text: string, width: TextWidth): number {
  return Math.max(0, ...breakUnits(text, width).filter((u) => !/^\s/u.test(u)).map(width));
}

/**
 * A cell in lines of at most `columns` display columns, broken between words (and between CJK
 * characters); a word longer than a line is the only thing broken, where it reaches the edge.
 * Nothing is lost but the spaces where a line breaks.
 */
export function wrapCell(cell: string, columns: number, width: TextWidth): string[] {
  const lines: string[] = [];
  let line = '';
  let used = 0;
  let spaces = '';
  const breakLine = (): void => {
    lines.push(line);
    line = '';
    used = 0;
    spaces = '';
  };
  for (const unit of breakUnits(cell, width)) {
    if (/^\s/u.test(unit)) {
      spaces += unit;
      continue;
    }
    const w = width(unit);
    if (line !== '' && used + width(spaces) + w > columns) breakLine();
    if (line !== '') {
      line += spaces;
      used += width(spaces);
    }
    spaces = '';
    if (w <= columns - used) {
      line += unit;
      used += w;
      continue;
    }
    // A word longer than the whole line: broken where it reaches the edge.
    for (const { segment } of graphemes(unit)) {
      const c = width(segment);
      if (used + c > columns && line !== '') breakLine();
      line += segment;
      used += c;
    }
  }
  if (line !== '' || lines.length === 0) lines.push(line);
  return lines;
}

/**
 * Column widths (padding included) that fit `width` with their borders: the widest shrunk first,
 * none below 6 (or its floor in `floors`), and never a column marked in `whole`.
 */
export function fitColumns(natural: readonly number[], width: number, whole: readonly boolean[] = [], floors: readonly number[] = []): number[] {
  const widths = [...natural];
  const room = width - (widths.length + 1);
  let total = widths.reduce((a, b) => a + b, 0);
  while (total > room) {
    // 6 is as narrow as a readable column gets; `floors` may keep a column wider (its longest word).
    const widest = widths.reduce((best, w, i) => (whole[i] !== true && w > Math.max(6, floors[i] ?? 6) && w > (widths[best] ?? -1) ? i : best), -1);
    if (widest < 0) break;
    widths[widest] = (widths[widest] ?? 0) - 1;
    total--;
  }
  return widths;
}

/**
 * The layout of a table of `cells` (the header row first) at `width` columns. A table that fits
 * is left as it is. Otherwise its columns narrow, wrapping between words; while that cannot keep
 * every word whole, the id column goes first, then the optional columns, rightmost first; only
 * then is the widest text column narrowed below its longest word, which breaks that word.
 */
export function layoutTable(cells: readonly (readonly string[])[], width: number | undefined, fit: readonly ColumnFit[], textWidth: TextWidth): TableLayout {
  const count = Math.max(0, ...cells.map((row) => row.length));
  const all = Array.from({ length: count }, (_, i) => i);
  const natural = all.map((i) => Math.max(0, ...cells.map((row) => textWidth(row[i] ?? ''))) + 2);
  const total = (widths: readonly number[]): number => widths.reduce((a, b) => a + b, widths.length + 1);
  let keep = all.map(() => true);
  if (width === undefined || total(natural) <= width) return { keep };
  const words = all.map((i) => Math.min(natural[i] ?? 0, Math.max(6, Math.max(0, ...cells.map((row) => longestUnit(row[i] ?? '', textWidth))) + 2)));
  for (;;) {
    const kept = <T>(row: readonly T[]): T[] => row.filter((_, i) => keep[i]);
    const whole = kept(fit.map((f) => f.whole === true));
    const byWords = fitColumns(kept(natural), width, whole, kept(words));
    if (total(byWords) <= width) return { keep, widths: byWords };
    const id = keep.findIndex((k, i) => k && fit[i]?.id === true);
    const spare = id >= 0 ? id : keep.findLastIndex((k, i) => k && fit[i]?.optional === true);
    if (spare < 0) return { keep, widths: fitColumns(byWords, width, whole) };
    keep = keep.map((k, i) => k && i !== spare);
  }
}
