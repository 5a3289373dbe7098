// The rows of every glossary layout (README, "glossary import"): whatever layout a file has
// (registry.ts), its header becomes columns and each further row a GlossaryRow with its line, through
// the same checks: the key language, each row's cells against the service's limits, the merge of
// repeated rows.
//
// Decisions where the contract is silent:
// - `id` (any case) is always the id column of a delimited file, never Indonesian: write
//   Indonesian as `ind` or `id-ID`. The writer refuses a language key that would read back as the
//   id column. (An XML layout's `xml:lang="id"` is Indonesian: xmlColumns in header.ts.)
// - Language keys are kept as written in the header (trimmed, NFC); `en` and `EN` are the same
//   column (a duplicate header). The planner matches them case-insensitively against the glossary.
// - The limits are the service's published ones and no stricter, so whatever an export holds
//   imports again: a translation is 1–255 characters counted as Unicode code points (the JSON
//   schema's maxLength; an emoji counts 1), after trimming and NFC, and it may not contain a line
//   break, which is LF or CR only (the schema's pattern ^[^\n\r]*$; U+2028, VT, FF … are allowed).
// - More cells than the header is an error even when the extra cells are empty (as the contract
//   says); fewer cells are fine (missing cells are empty). A row whose cells are all empty is a
//   blank line and is skipped by the shared CSV reader.
// - Rows with an `id` are exempt from the same-key rule only against rows with a *different*
//   id: distinct entries may share a key term (homonyms, or earlier `--on-conflict insert`), and
//   the export of such a glossary must import again. A row without an id is matched by its key
//   term, so it stays an error next to any row with the same key term and other translations.
// - Two rows with the same id and other translations are an error (two updates of one entry).
// - Identical rows (same translations, and the same id or at most one id) are merged into the
//   first, keeping the id if one had it, with a warning naming both lines.
// - Apostrophes and formulas. `export --excel` writes a `'` before a cell starting with = + - @
//   tab or CR, so a spreadsheet does not run it as a formula (CSV injection). The reader removes
//   one leading apostrophe from a cell that starts with one or more apostrophes followed by one of
//   those characters (`'=x` → `=x`, `''=x` → `'=x`), silently. Both writers (plain CSV and
//   `--excel`) therefore add one `'` to a value that itself starts that way (`'=x` is written
//   `''=x`), so every export reads back exactly: nothing is lost, not even a real leading
//   apostrophe. (Removing only an apostrophe directly before = + - @ could not tell `'=x`
//   written for `=x` from a term `'=x` itself, whatever the writer did.) See csvCell, excelCell.
// - NUL characters in the header mean a UTF-16 file without byte order mark: one problem says so.
import { InputFileError, type FileProblem } from '../../errors.js';
import { translationsKey, type GlossaryRow } from '../../model/entries.js';
import { readCell } from '../cells.js';
import { refuseNulCells, type DelimitedFile } from '../csv.js';
import { deeplCode } from './headerless.js';
import { recogniseHeader, show, xmlColumns, type Column, type Problem } from './header.js';

export interface GlossaryFile {
  rows: GlossaryRow[];
  /** Language columns in header order, as spelled in the header. */
  languages: string[];
  hasIdColumn: boolean;
  /** The key language as spelled in the header (`--key` or the first language column). */
  key: string;
  /** Merged identical rows and other things a person should know; nothing here stops the import. */
  warnings: FileProblem[];
  /**
   * Language columns ICU does not know: they stand only if the organization's glossary uses
   * those keys (checked once it is read; README, "Glossary file layouts").
   */
  unverifiedLanguages: string[];
  /**
   * A DeepL glossary read by the codes on its lines (`EN`, `DE`), its languages those codes in
   * lower case: each stands for the glossary's key of that language (en-US) where that is one
   * key (src/glossary/run.ts; README, "Glossary file layouts").
   */
  deeplCodes?: boolean;
}

export interface GlossaryReadOptions {
  /** `--key <lang>`: the language whose term identifies an entry; default the first column. */
  key?: string;
  /** `--languages en,de`: the languages of the term columns, for a header that does not say them. */
  languages?: string[];
  /** `--sheet <name>`: the sheet of an .xlsx to read (default its first). */
  sheet?: string;
}

/** The service's published limit on one translation. */
export const maxTranslationLength = 255;

/** Line breaks as the service's schema counts them (`^[^\n\r]*$`). */
const lineBreak = /[\n\r]/;
/** Length as the service counts it: Unicode code points. */
export function translationLength(value: string): number {
  return [...value].length;
}

/**
 * Reads a file's rows in four steps: the header, the key language, each row's cells, the merge of
 * repeated rows. `fromXml`: the rows a TBX file made, whose header holds its xml:lang values.
 */
export function fromDelimited(input: DelimitedFile, opts: GlossaryReadOptions, fromXml = false): GlossaryFile {
  const { file } = input;
  const problems: FileProblem[] = [];
  const warnings: FileProblem[] = [];
  const problem: Problem = (line, message) => problems.push({ file, line, message });

  const [first] = input.rows;
  if (!first) {
    throw new InputFileError([
      { file, line: 1, message: 'empty file: expected a header row of language keys (like en, fr) and optionally id' },
    ]);
  }
  // A UTF-16 file read as UTF-8 shows its NULs in the header already; a translation may hold NUL like any control.
  refuseNulCells({ ...input, rows: input.rows.slice(0, 1) });
  const layout = fromXml
    ? { columns: xmlColumns(first.cells, first.line, problem), headerless: false, unverified: [] }
    : recogniseHeader(input, opts.languages, problem, (line, message) => warnings.push({ file, line, message }));
  // Without columns (line 1 is no header), every row would only repeat that.
  if (layout.columns.length === 0 && problems.length > 0) throw new InputFileError(problems, problems.length);
  const { columns } = layout;
  const header = layout.headerless ? { line: 0, cells: [] } : first;
  const body = layout.headerless ? input.rows : input.rows.slice(1);
  const languages = columns.filter((c) => c.kind === 'language').map((c) => c.name);
  const idColumn = columns.find((c) => c.kind === 'id');
  // (A header alone, as exported from an empty glossary, is an empty import, not an error.)
  if (languages.length === 0 && body.length > 0) problem(header.line, 'the header has no language column (like en, fr, pt-BR)');
  const key = keyLanguage(languages, opts.key, header.line, problem);

  const rows = new RowMerger(key, problem, (line, message) => warnings.push({ file, line, message }));
  for (const { line, cells } of body) {
    const before = problems.length;
    const translations = readTranslations(cells, columns, line, problem);
    const idValue = idColumn ? readCell(cells[idColumn.index] ?? '') : '';
    if (problems.length > before) continue;
    rows.add(idValue === '' ? { line, translations } : { line, id: idValue, translations });
  }

  if (problems.length > 0) {
    problems.sort((a, b) => a.line - b.line);
    throw new InputFileError(problems.slice(0, InputFileError.maxListed), problems.length);
  }
  return {
    rows: rows.kept.map((k) => k.row),
    languages,
    hasIdColumn: idColumn !== undefined,
    key,
    warnings,
    unverifiedLanguages: layout.unverified,
    ...('deeplCodes' in layout && layout.deeplCodes === true ? { deeplCodes: true } : {}),
  };
}

/** The key language as spelled in the header: `--key` (any case), else the first language column. */
function keyLanguage(languages: readonly string[], wanted: string | undefined, line: number, problem: Problem): string {
  if (wanted === undefined) return languages[0] ?? '';
  const found = languages.find((l) => l.toLowerCase() === wanted.trim().toLowerCase());
  if (found !== undefined) return found;
  if (languages.length > 0) problem(line, `--key ${show(wanted)} is not a language column of the header (${languages.join(', ')})`);
  return '';
}

/**
 * A row's translations, each cell read as the import compares it (trimmed, NFC, without an
 * export's apostrophe) and checked against the service's limits; a row with no cell at all is a
 * problem (one with cells only in ignored columns is not: it is an empty row for the import).
 */
function readTranslations(cells: readonly string[], columns: readonly Column[], line: number, problem: Problem): Record<string, string> {
  if (cells.length > columns.length) problem(line, `row has ${cells.length} cells but the header has ${columns.length}`);
  const translations: Record<string, string> = {};
  let otherCells = false;
  for (const column of columns) {
    const value = readCell(cells[column.index] ?? '');
    if (value === '') continue;
    if (column.kind === 'language-code') {
      // DeepL's code of a regional key (`EN` for en-US) is that key's code too.
      if (value.toLowerCase() !== column.name.toLowerCase() && value.toUpperCase() !== deeplCode(column.name)) {
        problem(line, `cell ${column.index + 1} is ${show(value)}, where ${column.fromLine1 === true ? 'line 1 has' : '--languages names'} ${column.name}`);
      }
      continue;
    }
    if (column.kind !== 'language') {
      otherCells ||= column.kind === 'ignored';
      continue;
    }
    const length = translationLength(value);
    if (length > maxTranslationLength) problem(line, `${show(column.name)} translation is ${length} characters long (limit ${maxTranslationLength})`);
    if (lineBreak.test(value)) problem(line, `${show(column.name)} translation contains a line break`);
    translations[column.name] = value;
  }
  if (Object.keys(translations).length === 0 && !otherCells) problem(line, 'row has no translation');
  return translations;
}

/**
 * The rows kept, repeated rows merged: the same id twice merges when identical and is a problem
 * otherwise; identical translations merge unless both rows name (different) entries; the same
 * key term with other translations is a problem, unless both rows name different entries.
 */
class RowMerger {
  readonly kept: { row: GlossaryRow; signature: string }[] = [];
  private readonly bySignature = new Map<string, { row: GlossaryRow; signature: string }[]>();
  private readonly byId = new Map<string, { row: GlossaryRow; signature: string }>();
  private readonly byKeyTerm = new Map<string, { row: GlossaryRow; signature: string }[]>();

  constructor(
    private readonly key: string,
    private readonly problem: Problem,
    private readonly warning: Problem,
  ) {}

  add(row: GlossaryRow): void {
    const { line, translations } = row;
    const signature = translationsKey(translations);
    if (row.id !== undefined) {
      const other = this.byId.get(row.id);
      if (other) {
        if (other.signature === signature) this.warning(line, `identical to line ${other.row.line}; merged`);
        else this.problem(line, `id ${show(row.id)} is also on line ${other.row.line} with other translations`);
        return;
      }
    }
    const twin = this.bySignature.get(signature)?.find((k) => k.row.id === undefined || row.id === undefined);
    if (twin) {
      this.warning(line, `identical to line ${twin.row.line}; merged`);
      if (row.id !== undefined) {
        twin.row.id = row.id;
        this.byId.set(row.id, twin);
      }
      return;
    }
    const term = this.key === '' ? undefined : translations[this.key];
    if (term !== undefined) {
      const clash = this.byKeyTerm.get(term)?.find((k) => k.signature !== signature && !(k.row.id !== undefined && row.id !== undefined));
      if (clash) {
        // Homonyms in the key language (two concepts, one term): another key language tells them apart.
        const others = Object.keys({ ...clash.row.translations, ...translations }).filter((l) => l !== this.key);
        const hint = others.length > 0 ? ` (homonyms? identify entries by another language: --key ${others[0]})` : '';
        this.problem(line, `${this.key} term ${show(term)} is also on line ${clash.row.line} with other translations${hint}`);
        return;
      }
    }
    const entry = { row, signature };
    this.kept.push(entry);
    append(this.bySignature, signature, entry);
    if (row.id !== undefined) this.byId.set(row.id, entry);
    if (term !== undefined) append(this.byKeyTerm, term, entry);
  }
}

function append<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
