// Renders a list of service items in the chosen format (README, "Settings"). Everything but `table`
// streams page by page, so memory stays bounded by one page even for huge teams; `table` is for
// a person at a terminal and needs every row to size its columns.
import type { IO } from '../io.js';
import type { Cell, Column } from './columns.js';
import { jsonArrayWriter, ndjsonWriter, rowsWriter, writeItems } from './items.js';
import { renderMarkdown } from './markdown.js';
import { oneLine, painted } from './terminal.js';
import { addEscaper, redact } from '../redact.js';
import type { OutputFormat } from '../settings.js';
import { UsageError } from '../errors.js';


function text(cell: Cell): string {
  return cell === null || cell === undefined ? '' : String(cell);
}

/**
 * TSV cannot quote, so tabs, line breaks and backslashes are escaped as \t \n \r \\, and a lone
 * surrogate (half of a UTF-16 pair, which UTF-8 cannot carry) as \uD800.
 */
export function tsvCell(cell: Cell): string {
  return text(cell).replace(/[\\\t\n\r]|\p{Cs}/gu, (ch) => ({ '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' })[ch] ?? `\\u${ch.charCodeAt(0).toString(16).toUpperCase()}`);
}

// The last check on what is written knows how TSV spells a token (`teamctl help environment`, "Talking to the service").
addEscaper('TSV', tsvCell);

export function tsvLine(cells: Cell[]): string {
  return cells.map(tsvCell).join('\t') + '\n';
}

/**
 * RFC 4180 lines through csv-stringify (loaded only for CSV output). A value holding a lone
 * surrogate is refused, naming its row, rather than written as U+FFFD (CSV has no escape for it).
 */
export async function csvWriter(): Promise<(cells: Cell[]) => string> {
  const { stringify } = await import('./csv.js');
  return (cells) => {
    const values = cells.map(text);
    if (values.some((v) => /\p{Cs}/u.test(v))) {
      throw new UsageError(`the row of ${JSON.stringify(values[0])} holds a lone surrogate (half of a UTF-16 pair), which a UTF-8 CSV cannot carry`, {
        hint: 'list it with -o json, ndjson or tsv, which keep it escaped',
      });
    }
    return stringify([values], { eof: true, record_delimiter: 'unix' });
  };
}

/**
 * Renders rows as a cli-table3 table (loaded only when a table is printed). Given the terminal's
 * `width`, a table wider than it gets narrower columns, the widest shrunk first, and their cells
 * wrap (never truncated), so borders always line up. Columns marked in `whole` (ids, e-mails)
 * keep their width, so a value is never broken where someone copies it; when the others cannot
 * give enough room the table is wider than the terminal, which folds the line, not the value.
 * Columns marked in `optional` are left out, rightmost first, while the rest cannot fit with its
 * words whole, and a line under the table names them.
 */
export async function renderTable(headers: string[], rows: Cell[][], color: boolean, width?: number, whole: readonly boolean[] = [], optional: readonly boolean[] = []): Promise<string> {
  // A table is for people: a cell is one line, whatever the service put in it.
  // Secrets are replaced first: a cell wrapped to the terminal's width could split one.
  const cells = rows.map((row) => row.map((cell) => oneLine(redact(text(cell)))));
  const { default: Table } = await import('cli-table3');
  const bold = color ? new (await import('chalk')).Chalk({ level: 1 }).bold : (s: string) => s;
  const render = (head: string[], body: string[][], colWidths?: number[]): string => {
    // Compact: no rule between rows.
    const table = new Table({
      head: head.map((h) => bold(h)),
      style: { head: [], border: [] },
      chars: { mid: '', 'left-mid': '', 'mid-mid': '', 'right-mid': '' },
      ...(colWidths ? { colWidths } : {}),
    });
    for (const row of body) table.push(row);
    return table.toString() + '\n';
  };
  // The line naming left-out columns is part of the painted text: painted marks one exact string,
  // and a table with that line appended would be another one, its colours spelled out.
  const done = (table: string, left: string): string => (color ? painted(table + left) : table + left);
  let keep = headers.map(() => true);
  for (;;) {
    const kept = <T>(row: readonly T[]): T[] => row.filter((_, i) => keep[i]);
    const head = kept(headers);
    const body = cells.map(kept);
    const natural = render(head, body);
    // The top border, `┌──┬───┐`, spells out each column's display width (padding included).
    const border = natural.slice(0, natural.indexOf('\n'));
    if (width === undefined || [...border].length <= width) return done(natural, leftOut(headers, keep, width));
    const { default: stringWidth } = await import('string-width');
    const naturalWidths = border.slice(1, -1).split('┬').map((c) => [...c].length);
    // Words are kept whole while the table can fit that way; only then does a column go down to 6.
    const longestWord = (i: number): number => Math.max(0, ...[head[i] ?? '', ...body.map((row) => row[i] ?? '')].flatMap((c) => c.split(/\s+/)).map(stringWidth));
    const byWords = fitColumns(naturalWidths, width, kept(whole), naturalWidths.map((w, i) => Math.min(w, Math.max(6, longestWord(i) + 2))));
    const fits = byWords.reduce((a, b) => a + b, byWords.length + 1) <= width;
    const optionalLeft = keep.findLastIndex((k, i) => k && optional[i] === true);
    if (!fits && optionalLeft >= 0) {
      keep = keep.map((k, i) => k && i !== optionalLeft);
      continue;
    }
    const fitted = fits ? byWords : fitColumns(byWords, width, kept(whole));
    // Wrapped here, by display width (cli-table3's own wrapping cuts wide characters short).
    const wrap = (row: string[]): string[] => row.map((cell, i) => wrapCell(cell, (fitted[i] ?? 8) - 2, stringWidth));
    return done(render(wrap(head), body.map(wrap), fitted), leftOut(headers, keep, width));
  }
}

/** The line under a table that names the optional columns it left out, if any. */
function leftOut(headers: readonly string[], keep: readonly boolean[], width: number | undefined): string {
  const names = headers.filter((_, i) => !keep[i]);
  if (names.length === 0) return '';
  const [verb, them] = names.length === 1 ? ['is', 'it'] : ['are', 'them'];
  return `${new Intl.ListFormat('en', { type: 'conjunction' }).format(names)} ${verb} left out at ${width} columns: a wider terminal or -o tsv shows ${them}\n`;
}

/**
 * A cell in lines of at most `width` display columns, broken between words; a word longer than a
 * line is broken where it reaches the edge. Nothing is cut but the spaces where a line breaks.
 */
function wrapCell(cell: string, width: number, stringWidth: (s: string) => number): string {
  const lines: string[] = [];
  let line = '';
  let used = 0;
  for (const word of cell.split(/(?<=\s)(?=\S)/)) {
    const w = stringWidth(word.trimEnd());
    if (used > 0 && used + w > width) {
      lines.push(line.trimEnd());
      line = '';
      used = 0;
    }
    for (const ch of word) {
      const c = stringWidth(ch);
      if (used + c > width && line.trim() !== '') {
        if (/\s/.test(ch)) continue;
        lines.push(line.trimEnd());
        line = '';
        used = 0;
      }
      line += ch;
      used += c;
    }
  }
  lines.push(line);
  return lines.join('\n');
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
 * Writes every item of `pages` to stdout. `columns` serve table/tsv/csv; json and ndjson print the
 * service's items unchanged. Returns the number of items written.
 */
export async function writeList<T>(
  io: IO,
  format: OutputFormat,
  source: AsyncIterable<T[]>,
  columns: Column<T>[],
): Promise<number> {
  // Nothing reaches stdout before the first page has arrived, so a command that fails at once
  // (bad token, unknown team) leaves stdout empty.
  const pages = await startedPages(untilStdoutCloses(io, source));
  const write = (text: string): Promise<void> => io.out(text, 'stream');
  switch (format) {
    case 'json':
      return writeItems(pages, jsonArrayWriter<T>(), write);
    case 'ndjson':
      return writeItems(pages, ndjsonWriter<T>(), write);
    case 'tsv':
    case 'csv':
      return writeItems(pages, rowsWriter(columns, format === 'tsv' ? tsvLine : await csvWriter()), write);
    case 'table':
    case 'markdown': {
      const rows: Cell[][] = [];
      // A table on a terminal may show a value shorter (a date for a timestamp): `Column.table`.
      // A column with `table: false` is shown by another one there.
      const shownColumns = format === 'table' ? columns.filter((c) => c.table !== false) : columns;
      const shown = (item: T): Cell[] => shownColumns.map((c) => (format === 'table' && c.table ? c.table : c.value)(item));
      for await (const items of pages) for (const item of items) rows.push(shown(item));
      const whole = shownColumns.map((c) => c.whole === true);
      const optional = shownColumns.map((c) => c.optional === true);
      const shownHeaders = shownColumns.map((c) => c.header);
      await io.out(format === 'table' ? await renderTable(shownHeaders, rows, io.colorStdout, io.stdoutColumns, whole, optional) : markdownTable(shownHeaders, rows), 'stream');
      return rows.length;
    }
  }
}

/** Stops pulling pages once nobody reads stdout (`teamctl … | head`): no requests for nothing. */
export async function* untilStdoutCloses<T>(io: IO, source: AsyncIterable<T[]>): AsyncGenerator<T[], void, undefined> {
  for await (const items of source) {
    yield items;
    if (io.stdoutClosed) return;
  }
}

/** Reads the first page, then hands back an iterable that replays it before the rest. */
export async function startedPages<T>(source: AsyncIterable<T[]>): Promise<AsyncIterable<T[]>> {
  const iterator = source[Symbol.asyncIterator]();
  const first = await iterator.next();
  return {
    async *[Symbol.asyncIterator]() {
      if (first.done) return;
      yield first.value;
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
    },
  };
}

/** Wraps an array as a single page, for renderers that take pages. */
export async function* onePage<T>(items: T[]): AsyncGenerator<T[], void, undefined> {
  yield items;
}

/** A list as one Markdown table (every cell escaped), e.g. for a pull-request comment. */
export function markdownTable(headers: string[], rows: Cell[][]): string {
  return renderMarkdown({ title: '', sections: [{ heading: '', columns: headers, rows: rows.map((r) => r.map((c) => (c === undefined || c === null ? '' : String(c)))) }] });
}
