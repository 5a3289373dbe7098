// The one recogniser of glossary headers (`teamctl help glossary-files`, "Glossary file layouts"), for every delimited
// glossary file: which column holds which language, which is the entry id, which are metadata a
// glossary cannot hold (ignored, named in one warning), and which hold terms in a language the
// header does not say (`source`, `target`, Transifex's `term`), which `--languages` names.
// A header cell is a language only when ICU (Intl.DisplayNames) knows it, or a layout's language
// column names it (`Term [de]`, `Term:German`, `translation_de`); a key ICU does not know but the
// organization's glossary uses is accepted once the glossary is read (src/glossary/run.ts).
import { quote, shorten } from '../../output/words.js';
import type { DelimitedFile } from '../csv.js';
import { normaliseCell } from '../../model/entries.js';
import { readCell } from '../cells.js';
import { knownLanguage, languageByName, languageKeyShaped, languageMetadata, languageOf, underscoreTag } from './icu.js';
import { squash, type DelimitedLayout, type HeaderCell } from './layout.js';
import { deeplExport, headerless } from './headerless.js';
import { delimitedLayoutOf, delimitedLayouts, metadataColumns, termColumns } from './registry.js';

export type { HeaderCell };

/** What one header cell is (see the file comment); `inLanguages`: the languages a name may be written in. */
/** `--ignore-columns Category,Notes`: the header cells it names, as written (checked against the header when it is read). */
export const ignoreColumnsFlag = (value: string): string[] => value.split(',').map((c) => c.trim()).filter((c) => c !== '');

export function recogniseHeaderCell(raw: string, inLanguages: readonly string[] = []): HeaderCell {
  const cell = raw.trim();
  if (cell.toLowerCase() === 'id') return { kind: 'id' };
  // A layout's language column: Crowdin (`Term [de]`, `Term:German`), Transifex (`translation_de`).
  for (const layout of delimitedLayouts) {
    const named = layout.languageColumn?.(cell);
    if (named === undefined) continue;
    const language = languageOf(named);
    return language === undefined ? { kind: 'unknown', layout, named } : { kind: 'language', language };
  }
  const status = statusColumn(cell);
  if (status !== undefined) return status;
  // Metadata, also per language: `Description [en]`, `Part:English`, `comment_de`, `notes (fr)`.
  const base = squash(cell.replace(/\s*\[[^\]]*\]$/, '').replace(/\s*\([^)]*\)$/, '').replace(/\s*:.*$/, '').replace(/_[A-Za-z]{2,3}([_-][A-Za-z0-9]{2,8})*$/, ''));
  if (metadataColumns.has(base)) return { kind: 'metadata' };
  // A language first (Lokalise's `en_description`, `de_DE_description`): metadata of that language.
  const prefixed = /^([A-Za-z]{2,3}(?:[_-][A-Za-z0-9]{2,8})*)[_\s]+(.+)$/.exec(cell);
  if (prefixed && metadataColumns.has(squash(prefixed[2] ?? '')) && languageOf(prefixed[1] ?? '') !== undefined) return { kind: 'metadata' };
  if (termColumns.has(squash(cell))) return { kind: 'term' };
  if (knownLanguage(cell)) return { kind: 'language', language: cell };
  // Lokalise's and Java's `de_DE`, `pt_BR`: BCP 47 in its canonical case (de-DE, pt-BR).
  const underscored = underscoreTag(cell);
  if (underscored !== undefined) return { kind: 'language', language: underscored };
  // A key with subtags ICU cannot name (`xx-brand`) may be one the glossary uses; a bare two or
  // three letters it does not know (`AI`, `CEO`) is a word, not a language.
  if (languageKeyShaped(cell) && cell.includes('-')) return { kind: 'maybe-language', language: cell };
  return byName(cell, inLanguages);
}

/**
 * A header cell naming a language by name (`English`, `Magyar`, `english_name`; icu.ts,
 * languageByName), or that language's metadata (`english_description`, `Korean_descr`).
 */
function byName(cell: string, inLanguages: readonly string[]): HeaderCell {
  if (languageMetadata(cell, inLanguages)) return { kind: 'metadata' };
  const named = languageByName(cell, inLanguages);
  return named === undefined ? { kind: 'unknown' } : { kind: 'language', language: named };
}

/**
 * A header row's cells: each as recogniseHeaderCell says, and those it cannot place tried again
 * as names in the languages the others name (`Magyar,Angol`: Angol is Hungarian for English).
 */
export function recogniseHeaderCells(cells: readonly string[]): { raw: string; what: HeaderCell }[] {
  const read = cells.map((raw) => ({ raw: normaliseCell(raw), what: recogniseHeaderCell(normaliseCell(raw)) }));
  const languages = read.flatMap((c) => (c.what.kind === 'language' ? [c.what.language] : []));
  if (languages.length === 0) return read;
  return read.map((c) => (c.what.kind === 'unknown' && c.what.layout === undefined && c.raw !== '' ? { raw: c.raw, what: byName(c.raw, languages) } : c));
}

/** Whether a row is a header of language columns: every cell placed, a language among them. */
export function isLanguageHeader(cells: readonly string[]): boolean {
  const present = recogniseHeaderCells(cells).filter((c) => c.raw !== '');
  return present.some((c) => c.what.kind === 'language') && present.every((c) => c.what.kind !== 'unknown' && c.what.kind !== 'maybe-language');
}

/**
 * A term-status column (`teamctl help glossary-files`, "Term status"): Crowdin's `Status [de]` (also `Status:German`,
 * `status_de`) for one language; a plain `status` (Phrase TMS) or `forbidden` (Lokalise, a boolean)
 * for every term of its row.
 */
function statusColumn(cell: string): HeaderCell | undefined {
  const name = squash(cell);
  if (name === 'status' || name === 'term status') return { kind: 'status', flag: false };
  if (name === 'forbidden') return { kind: 'status', flag: true };
  const per = /^status\s*(?:\[(.+)\]|:\s*(.+)|_(.+))$/i.exec(cell);
  const named = per?.[1] ?? per?.[2] ?? per?.[3];
  return named === undefined ? undefined : { kind: 'status', of: languageOf(named) ?? named.trim(), flag: false };
}

/** One column of a delimited glossary file, as the rows are read (rows.ts). */
export interface Column {
  index: number;
  /**
   * `language-code`: DeepL's export repeats the languages in every row; checked, not imported.
   * `status`: a term status (status.ts) of the language column `of` (as the header spells it),
   * or of every term of its row; `flag` for a boolean column.
   */
  kind: 'id' | 'language' | 'ignored' | 'language-code' | 'status';
  name: string;
  of?: string;
  flag?: boolean;
  /** A `language-code` column whose language line 1's code said (not --languages). */
  fromLine1?: boolean;
  /** A language column whose empty cells take the term column's (Lokalise's `term`): its index. */
  fallback?: number;
}

export type Problem = (line: number, message: string) => void;

/** `--languages` for `count` term columns, as a message shows it: en, en,de, en,de,fr … */
function languagesExample(count: number): string {
  return `--languages ${['en', 'de', 'fr', 'es', 'it', 'ja'].slice(0, Math.min(Math.max(count, 1), 6)).join(',')}`;
}

/** What a refusal adds when the header looks like a known tool's layout: its name, and what reads it. */
function looksLike(layout: DelimitedLayout): string | undefined {
  return layout.fix === undefined ? undefined : `it looks like ${layout.name}: ${layout.fix}`;
}

/** A value for a message: quoted, escaped, and cut short when long. */
export function show(value: string): string {
  return quote(shorten(value, 41));
}

/**
 * The columns of a delimited glossary file (`teamctl help glossary-files`, "Glossary file layouts"): problems and
 * warnings go to `problem` and `warn`. `headerless`: the first row is an entry too.
 */
export function recogniseHeader(
  input: DelimitedFile,
  flag: readonly string[] | undefined,
  problem: Problem,
  warn: Problem,
  ignore: readonly string[] = [],
): { columns: Column[]; headerless: boolean; unverified: string[]; deeplCodes?: boolean } {
  let given = flag;
  const first = input.rows[0] as DelimitedFile['rows'][number];
  const read = ignoredColumns(recogniseHeaderCells(first.cells), ignore, first.line, problem);
  // The layout the first row looks most like: named in refusals, with the flag or edit that reads it.
  const layout = delimitedLayoutOf(read.filter((c) => c.raw !== '').map((c) => c.raw));
  // Phrase's and Lokalise's `term` holds the base language's term: beside language columns it
  // stands for that language's column where that is empty (baseOfTerm).
  const termBeside = layout.termRepeatsLanguage === true && read.some((c) => c.what.kind === 'language');
  const termAt = termBeside ? read.findIndex((c) => c.what.kind === 'term') : -1;
  const base = termAt >= 0 ? baseOfTerm(input, read, termAt, given, problem) : undefined;
  if (base !== undefined && given !== undefined) given = undefined;
  const cells = termBeside ? read.map((c) => (c.what.kind === 'term' ? { ...c, what: { kind: 'metadata' } as const } : c)) : read;
  const present = cells.filter((c) => c.raw !== '');
  const isHeader = present.every((c) => c.what.kind !== 'unknown') && present.some((c) => c.what.kind !== 'metadata' && c.what.kind !== 'status');
  if (layout === deeplExport && !isHeader && given === undefined) {
    // `bank,Bank,EN,DE`: the codes at the end of each line are its languages (`teamctl help glossary-files`, "Glossary
    // file layouts"); every line is an entry, and each line's codes are checked against line 1's.
    const codes: [string, string] = [cells[2]?.raw ?? '', cells[3]?.raw ?? ''];
    if (codes[0].toLowerCase() === codes[1].toLowerCase()) {
      problem(first.line, `line 1 looks like ${layout.name}, but names ${show(codes[0])} as both its languages`);
      return { columns: [], headerless: false, unverified: [], deeplCodes: false };
    }
    const columns: Column[] = [
      ...codes.map((code, index) => ({ index, kind: 'language' as const, name: code.toLowerCase() })),
      ...codes.map((code, i) => ({ index: 2 + i, kind: 'language-code' as const, name: code.toLowerCase(), fromLine1: true })),
    ];
    return { columns, headerless: true, unverified: [], deeplCodes: true };
  }

  // A header with languages and a column teamctl cannot place: each such column is a problem,
  // and the rows are still read, so every problem is listed at once.
  const mixed = present.some((c) => c.what.kind === 'language' || c.what.kind === 'id');
  if (!isHeader && given === undefined) {
    const unknown = present.filter((c) => c.what.kind === 'unknown');
    if (!mixed) {
      problem(
        first.line,
        `line ${first.line} is not a header of language columns (${unknown.map((c) => show(c.raw)).join(', ')} ${unknown.length === 1 ? 'is' : 'are'} no language ICU knows, nor a column of a known layout): ` +
          `${headerless.name} needs its columns' languages named in order, e.g. ${languagesExample(present.length)}`,
      );
      return { columns: [], headerless: false, unverified: [] };
    }
  }
  if (!isHeader && given !== undefined) {
    // No header: every line is an entry; the first columns are the languages given. DeepL's
    // export repeats the two languages in two more columns: those are checked, not imported.
    const columns: Column[] = [
      ...given.map((name, index) => ({ index, kind: 'language' as const, name })),
      ...given.map((name, i) => ({ index: given.length + i, kind: 'language-code' as const, name })),
    ];
    return { columns, headerless: true, unverified: [] };
  }

  const columns: Column[] = [];
  const unverified: string[] = [];
  const metadata: string[] = [];
  const seen = new Map<string, number>();
  const allTerms = cells.flatMap((c, index) => (c.what.kind === 'term' || c.what.kind === 'language' || c.what.kind === 'maybe-language' ? [index] : []));
  const unsaid = cells.flatMap((c, index) => (c.what.kind === 'term' ? [index] : []));
  // --languages names every term column in order, or only those whose language the header does not say.
  const termIndexes = given !== undefined && given.length === unsaid.length ? unsaid : allTerms;
  if (given !== undefined && unsaid.length === 0) {
    problem(first.line, `the header names its languages (${allTerms.map((i) => cells[i]?.raw).join(', ')}): --languages is for a file whose header does not (source,target; term) or that has none`);
  } else if (given !== undefined && given.length !== termIndexes.length) {
    problem(first.line, `--languages names ${given.length} languages; the file has ${allTerms.length} term columns (${allTerms.map((i) => show(cells[i]?.raw ?? '')).join(', ')}), ${unsaid.length} of them without a language`);
  }
  // A spreadsheet's trailing separators (Google's `fr,en,`): unnamed last columns empty on every row are no columns.
  const trailingEmpty = (index: number): boolean => cells.slice(index).every((c) => c.raw === '') && input.rows.every((r) => r.cells.slice(index).every((c) => c.trim() === ''));
  cells.forEach(({ raw, what }, index) => {
    const at = index + 1;
    if (raw === '') {
      if (!trailingEmpty(index)) problem(first.line, `column ${at} has no name`);
      columns.push({ index, kind: 'ignored', name: raw });
      return;
    }
    let name = raw;
    let kind: Column['kind'] = 'ignored';
    if (what.kind === 'unknown' && what.layout !== undefined) {
      problem(first.line, `column ${at} ${show(raw)} is a term column of ${what.layout.name}, but ${show(what.named ?? '')} is no language ICU knows: write a language tag (like de, pt-BR) or its English name (German) there`);
    } else if (what.kind === 'unknown') {
      const like = looksLike(layout);
      problem(
        first.line,
        `column ${at} ${show(raw)} is no language ICU knows, nor a metadata column teamctl knows (pos, description, note, context, …)` +
          (like === undefined ? `: name it away with --ignore-columns ${show(raw)} — or, if line ${first.line} is no header, name the columns' languages with ${languagesExample(present.length)}` : ` — ${like}; or name it away with --ignore-columns ${show(raw)}`),
      );
    } else if (what.kind === 'id') kind = 'id';
    else if (what.kind === 'metadata') {
      if (!(cells[index] as { ignored?: true }).ignored) metadata.push(show(raw));
    }
    else if (what.kind === 'status') {
      // Two statuses of one language (or of the row) would disagree with no rule between them.
      const key = `status ${what.flag ? 'flag' : 'value'} of ${(what.of ?? '').toLowerCase()}`;
      const earlier = seen.get(key);
      if (earlier === undefined) seen.set(key, at);
      else problem(first.line, `duplicate column ${show(raw)}: a status of the same terms as column ${earlier}`);
      columns.push({ index, kind: 'status', name: raw, flag: what.flag, ...(what.of === undefined ? {} : { of: what.of }) });
      return;
    } else {
      // What --languages names for this column; undefined when it names none (index -1 included).
      const named = given?.[termIndexes.indexOf(index)];
      if (what.kind === 'term') {
        if (given === undefined) {
          const like = looksLike(layout);
          const fix = like === undefined ? ` (Weblate, Transifex): name the term columns' languages in order, e.g. ${languagesExample(allTerms.length)}` : ` — ${like}`;
          problem(first.line, `column ${at} ${show(raw)} holds terms in a language the header does not say${fix}`);
        }
        name = named ?? raw;
      } else {
        name = what.language;
        if (named !== undefined && named.toLowerCase() !== name.toLowerCase()) problem(first.line, `column ${at} ${show(raw)} is ${name}, but --languages names ${named} for it`);
        if (what.kind === 'maybe-language') unverified.push(name);
      }
      kind = 'language';
    }
    // Ignored columns may repeat (two `Note` columns); an id or a language may not.
    if (kind !== 'ignored') {
      const lower = name.toLowerCase();
      const earlier = seen.get(lower);
      if (earlier === undefined) seen.set(lower, at);
      else problem(first.line, `duplicate column ${show(raw)}: same as column ${earlier}`);
    }
    columns.push({ index, kind, name });
  });
  // A status of a language no column holds (`Status [fr]` without `Term [fr]`) has no term to mark.
  for (const column of columns) {
    if (column.kind !== 'status' || column.of === undefined) continue;
    const of = column.of.toLowerCase();
    const language = columns.find((c) => c.kind === 'language' && c.name.toLowerCase() === of);
    if (language === undefined) {
      column.kind = 'ignored';
      metadata.push(show(column.name));
    } else column.of = language.name;
  }
  if (base !== undefined) placeBase(columns, metadata, termAt, base.language, show(cells[termAt]?.raw ?? ''));
  if (metadata.length > 0) warn(first.line, `${metadata.length === 1 ? 'column' : 'columns'} ${metadata.join(', ')} ${metadata.length === 1 ? 'holds' : 'hold'} no translation (the glossary holds translations only): ignored`);
  return { columns, headerless: false, unverified };
}

/**
 * The columns of the rows an XML layout made (xml.ts): the concept id, then its languages as
 * written in xml:lang — `id` there is Indonesian (an xml:lang is always a language), never a
 * second id column; a value that is no language key is a problem of its line.
 */
export function xmlColumns(cells: readonly string[], line: number, problem: Problem, key = 'xml:lang'): Column[] {
  const columns: Column[] = [];
  const seen = new Map<string, number>(); // lower-cased name → 1-based column
  cells.forEach((raw, index) => {
    // `xml:lang="pt_BR"`: the tag pt-BR, as in a delimited header.
    const name = index === 0 ? normaliseCell(raw) : (underscoreTag(normaliseCell(raw)) ?? normaliseCell(raw));
    const at = index + 1;
    const column: Column = { index, kind: 'ignored', name };
    columns.push(column);
    if (index === 0) {
      column.kind = 'id';
      return;
    }
    if (name === '') return problem(line, `column ${at} has no name`);
    const lower = name.toLowerCase();
    const first = seen.get(lower);
    if (first !== undefined) return problem(line, `${key} ${show(name)} is the language of ${key} ${show(normaliseCell(cells[first - 1] ?? ''))} spelled otherwise: write it one way`);
    seen.set(lower, at);
    if (languageKeyShaped(name)) column.kind = 'language';
    else problem(line, `${key} ${show(name)} is not a language tag (like en, fr, pt-BR): write the tag of its terms' language`);
  });
  return columns;
}

/**
 * `--ignore-columns` (`teamctl help glossary-files`, "Glossary file layouts"): the header cells it
 * names (any case) are read as no column, without a warning. It names away columns that are
 * neither a language nor a known column: a name the header lacks, or a column teamctl reads (a
 * language, a term, an id, a status), is a problem, so a typo never drops terms.
 */
function ignoredColumns(read: { raw: string; what: HeaderCell }[], ignore: readonly string[], line: number, problem: Problem): { raw: string; what: HeaderCell; ignored?: true }[] {
  if (ignore.length === 0) return read;
  const names = new Set(ignore.map((n) => n.trim().toLowerCase()));
  for (const name of names) {
    const cell = read.find((c) => c.raw.trim().toLowerCase() === name);
    if (cell === undefined) problem(line, `--ignore-columns names ${show(name)}, which the header does not have (${read.map((c) => show(c.raw)).join(', ')})`);
    else if (!nameable(cell.what)) problem(line, `--ignore-columns names ${show(cell.raw)}, a column teamctl reads (${cell.what.kind}): it names away only columns that are neither a language nor a known column`);
  }
  return read.map((c) => (names.has(c.raw.trim().toLowerCase()) && nameable(c.what) ? { ...c, what: { kind: 'metadata' } as const, ignored: true } : c));
}

/** A column --ignore-columns may name: one teamctl cannot place, a metadata column, or a tag no language has. */
const nameable = (what: HeaderCell): boolean => what.kind === 'unknown' || what.kind === 'metadata' || what.kind === 'maybe-language';

/**
 * The base language of Lokalise's (and Phrase's) `term` column beside language columns
 * (`teamctl help glossary-files`, "Glossary file layouts"): `--languages <tag>` names it; else it
 * is the language column that repeats the term on some row and never holds another term where
 * both are written. Undefined when no row has a term, or when no column repeats it: then a
 * problem asks for `--languages`, naming the column that is empty where the term is written, or
 * `--languages <base language>` when no column is.
 */
function baseOfTerm(input: DelimitedFile, read: readonly { raw: string; what: HeaderCell }[], termAt: number, given: readonly string[] | undefined, problem: Problem): { language: string } | undefined {
  if (given !== undefined && given.length === 1) return { language: given[0] as string };
  const body = input.rows.slice(1).map((r) => r.cells.map(readCell));
  const termRows = body.filter((cells) => (cells[termAt] ?? '') !== '');
  if (termRows.length === 0 || given !== undefined) return undefined;
  const languages = read.flatMap((c, index) => (c.what.kind === 'language' ? [{ index, language: c.what.language }] : []));
  const tally = languages.map(({ index, language }) => {
    let agree = 0;
    let differ = 0;
    let empty = 0;
    for (const cells of termRows) {
      const value = cells[index] ?? '';
      if (value === '') empty++;
      else if (value === cells[termAt]) agree++;
      else differ++;
    }
    return { language, agree, differ, empty };
  });
  const repeats = tally.filter((t) => t.agree > 0 && t.differ === 0).sort((a, b) => b.agree - a.agree)[0];
  if (repeats !== undefined) return { language: repeats.language };
  const emptiest = [...tally].sort((a, b) => b.empty - a.empty)[0];
  // A language column empty where the term is written is the export's own gap: that is the base.
  // Without one, nothing in the file names the base language, and no tag is guessed: a guess
  // followed would read the terms as a language they may not be.
  const guess = emptiest !== undefined && emptiest.empty > 0 ? emptiest.language : '<base language>';
  const line = input.rows[0]?.line ?? 1;
  problem(
    line,
    `column ${termAt + 1} ${show(read[termAt]?.raw ?? '')} holds the terms of the base language, and no language column repeats them` +
      (emptiest !== undefined && emptiest.empty > 0 ? ` (${emptiest.language} is empty on ${emptiest.empty} of its ${termRows.length} rows)` : '') +
      `: name the base language, --languages ${guess}`,
  );
  return undefined;
}

/** The term column as the base language's: that language column's fallback, or that column itself. */
function placeBase(columns: Column[], metadata: string[], termAt: number, language: string, shown: string): void {
  const term = columns[termAt];
  if (term === undefined) return;
  const at = metadata.indexOf(shown);
  if (at >= 0) metadata.splice(at, 1);
  const own = columns.find((c) => c.kind === 'language' && c.name.toLowerCase() === language.toLowerCase());
  if (own !== undefined) own.fallback = termAt;
  else {
    term.kind = 'language';
    term.name = language;
  }
}
