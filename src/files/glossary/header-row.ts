// Where a delimited glossary file's or a sheet's header is (`teamctl help glossary-files`,
// "Glossary file layouts"): the first row, or the first row of language columns below up to five
// rows of notes (a spreadsheet's instructions), or the row `--header-row N` names. Rows whose only
// cell starts with `#` are comments wherever they are. A header of language columns further
// down is not taken on a guess: the file is refused with the `--header-row` that reads it.
// Rows keep the file's own line numbers, so every later problem names the file's real line.
import { InputFileError } from '../../errors.js';
import { parseWholeNumber } from '../../settings.js';
import { detectDelimiter, type DelimitedFile } from '../csv.js';
import { isLanguageHeader, recogniseHeaderCells, type Problem } from './header.js';

/** The most note rows a header is found below without `--header-row`. */
export const maxNoteRows = 5;
/** How far down a header of language columns is looked for, to name it in a refusal. */
export const maxHeaderSearch = 50;

/** The largest `--header-row`: a line of the largest file teamctl reads. */
const maxHeaderRow = 1_000_000;

/** `--header-row <n>` as given: a whole number from 1 (a usage error naming the flag otherwise). */
export function headerRowFlag(value: string): number {
  return parseWholeNumber('--header-row', value, maxHeaderRow);
}

/** What decides the header row: `--languages` (a file that may have no header) and `--header-row`. */
export interface HeaderRowOptions {
  languages?: readonly string[] | undefined;
  headerRow?: number | undefined;
}

const lines = (n: number): string => (n === 1 ? 'line' : 'lines');

/**
 * The file without its comments and the rows above its header: skipped with a warning each
 * (see the file comment). Throws an InputFileError when `--header-row` names no row, or when a
 * header of language columns is found only below more than five rows of notes.
 */
export function fromHeaderRow(input: DelimitedFile, opts: HeaderRowOptions, warn: Problem): DelimitedFile {
  const rows = withoutComments(input, warn);
  const { file } = input;
  if (opts.headerRow !== undefined) {
    const wanted = opts.headerRow;
    const at = rows.findIndex((r) => r.line >= wanted);
    if (at < 0 || (rows[at]?.line ?? 0) !== wanted) {
      const why = at < 0 ? 'the file has no row there or below' : 'it is blank, a comment, or inside a quoted cell';
      throw new InputFileError([{ file, line: wanted, message: `--header-row ${wanted} names no header: ${why}` }]);
    }
    if (at > 0) warn(rows[0]?.line ?? 1, `${at} ${at === 1 ? 'row' : 'rows'} above the header (line ${wanted}, --header-row) skipped`);
    return { ...input, rows: rows.slice(at) };
  }
  const first = rows[0];
  if (opts.languages !== undefined || first === undefined) return { ...input, rows };
  const at = isLanguageHeader(first.cells) ? 0 : rows.slice(1, maxHeaderSearch).findIndex((r) => isLanguageHeader(r.cells)) + 1;
  if (at === 0 && !isLanguageHeader(first.cells)) return { ...input, rows };
  const header = rows[at] as (typeof rows)[number];
  const languages = languagesOf(header.cells);
  // Rows right below that name the same languages in the same columns (`English,German` above
  // `en,de`): no entry does that, so the last of them is the header; named, not guessed.
  let last = at;
  while (last - at < maxNoteRows && last + 1 < rows.length && isLanguageHeader(rows[last + 1]?.cells ?? []) && languagesOf(rows[last + 1]?.cells ?? []) === languages) last++;
  const named = rows[last] as (typeof rows)[number];
  const refuse = (message: string): InputFileError => new InputFileError([{ file, line: first.line, message: `${message}: read from it with --header-row ${named.line}` }]);
  if (last > at) throw refuse(`lines ${rows.slice(at, last + 1).map((r) => r.line).join(', ')} all name the languages ${languages}: line ${named.line} looks like the header`);
  // Below that many rows a header is named, not guessed: the rows above it may be entries.
  if (at > maxNoteRows) throw refuse(`line ${first.line} is not a header of language columns; line ${header.line} (${languages}) looks like the header, below ${at} rows of notes`);
  if (at === 0) return { ...input, rows };
  const notes = rows.slice(0, at).map((r) => r.line);
  warn(first.line, `${lines(notes.length)} ${notes.join(', ')} above the header (line ${header.line}) ${notes.length === 1 ? 'is a note' : 'are notes'}, not entries: skipped`);
  return { ...input, rows: rows.slice(at) };
}

/** The languages a header row's cells name, in order (`en, de`), as a refusal shows them. */
function languagesOf(cells: readonly string[]): string {
  return recogniseHeaderCells(cells)
    .flatMap((c) => (c.what.kind === 'language' ? [c.what.language.toLowerCase()] : []))
    .join(', ');
}

/** The rows without comments (a row whose only non-empty cell starts with `#`, GlotPress), counted in one warning. */
function withoutComments(input: DelimitedFile, warn: Problem): DelimitedFile['rows'] {
  const comments: number[] = [];
  const rows = input.rows.filter(({ line, cells }) => {
    const written = cells.filter((c) => c.trim() !== '');
    const comment = written.length === 1 && (written[0] ?? '').trim().startsWith('#');
    if (comment) comments.push(line);
    return !comment;
  });
  if (comments.length > 0) {
    const shown = comments.slice(0, 10).join(', ') + (comments.length > 10 ? ', …' : '');
    warn(comments[0] ?? 1, `${comments.length} comment ${lines(comments.length)} (a row whose only cell starts with #) skipped: ${lines(comments.length)} ${shown}`);
  }
  return rows;
}

/**
 * The line whose delimiter a text's rows are read with, when it is not the first: the first of
 * the first lines that reads as a header of language columns by its own delimiter (`term;en;de`
 * below a note without `;`), when the first line does not. Undefined otherwise.
 */
export function headerLineOf(text: string): number | undefined {
  const head = text.replace(/^\uFEFF/, '').split(/\r\n?|\n/, maxHeaderSearch);
  const firstAt = head.findIndex((l) => l.trim() !== '');
  if (firstAt < 0) return undefined;
  const firstDelimiter = detectDelimiter(head[firstAt] ?? '');
  const looksLikeHeader = (line: string): boolean => isLanguageHeader(line.split(detectDelimiter(line)).map((c) => c.trim().replace(/^"(.*)"$/, '$1')));
  if (looksLikeHeader(head[firstAt] ?? '')) return undefined;
  const at = head.findIndex((l, i) => i > firstAt && l.trim() !== '' && looksLikeHeader(l));
  return at < 0 || detectDelimiter(head[at] ?? '') === firstDelimiter ? undefined : at + 1;
}
