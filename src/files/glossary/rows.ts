// The rows of every glossary layout (README, "The glossary"): whatever layout a file has
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
import { InputFileError, UsageError, type FileProblem } from '../../errors.js';
import { translationsKey, type GlossaryRow } from '../../model/entries.js';
import { readCell } from '../cells.js';
import { refuseNulCells, type DelimitedFile } from '../csv.js';
import { deeplCode } from './headerless.js';
import { recogniseHeader, show, xmlColumns, type Column, type Problem } from './header.js';
import { flagOf, isYes, StatusTally, statusOf, type LeftOutTerm, type Verdict } from './status.js';
import type { GlossaryBounds } from './bound.js';
import { fromHeaderRow } from './header-row.js';

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
   * those keys (checked once it is read; `teamctl help glossary-files`, "Glossary file layouts").
   */
  unverifiedLanguages: string[];
  /**
   * A DeepL glossary read by the codes on its lines (`EN`, `DE`), its languages those codes in
   * lower case: each stands for the glossary's key of that language (en-US) where that is one
   * key (src/glossary/run.ts; `teamctl help glossary-files`, "Glossary file layouts").
   */
  deeplCodes?: boolean;
  /** Rows merged into an identical earlier one (`teamctl glossary lint`): the row's line, the kept row's. */
  merged?: { line: number; into: number }[];
  /** Terms a status left out of their language (`teamctl glossary lint`). */
  leftOut?: LeftOutTerm[];
  /** Lines of rows a `translatable` column marks translatable (Phrase, Lokalise; `teamctl glossary lint`). */
  translatable?: number[];
}

export interface GlossaryReadOptions {
  /** `--key <lang>`: the language whose term identifies an entry; default the first column. */
  key?: string;
  /** `--languages en,de`: the languages of the term columns, for a header that does not say them. */
  languages?: string[];
  /** `--sheet <name>`: the sheet of an .xlsx to read (default its first). */
  sheet?: string;
  /** `--encoding <label>`: a CSV's encoding, as TextDecoder names it (default UTF-8). */
  encoding?: string;
  /** How much the file may hold (default glossaryBounds; tests give smaller ones). */
  bounds?: GlossaryBounds;
  /** `--ignore-columns Category,Notes`: header cells read as no column at all (any case). */
  ignoreColumns?: string[];
  /** `--header-row N`: the file's line (a sheet's row) that holds the header; the rows above are skipped. */
  headerRow?: number;
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
 * repeated rows. `fromXml`: the rows a TBX file (or teamctl's JSON) made, whose header holds its
 * xml:lang values (or the JSON's language keys; `keyWord` names them in messages).
 */
export function fromDelimited(input: DelimitedFile, opts: GlossaryReadOptions, fromXml = false, keyWord = 'xml:lang'): GlossaryFile {
  const { file } = input;
  const problems = new Problems();
  const warnings: FileProblem[] = [];
  const problem: Problem = (line, message) => problems.add({ file, line, message });

  if (fromXml && opts.headerRow !== undefined) throw new UsageError(`--header-row names the header row of a CSV, TSV or .xlsx file, and ${JSON.stringify(file)} is not one`);
  if (!fromXml) input = fromHeaderRow(input, opts, (line, message) => warnings.push({ file, line, message }));
  const [first] = input.rows;
  if (!first) {
    throw new InputFileError([
      { file, line: 1, message: 'empty file: expected a header row of language keys (like en, fr) and optionally id' },
    ]);
  }
  // A UTF-16 file read as UTF-8 shows its NULs in the header already; a translation may hold NUL like any control.
  refuseNulCells({ ...input, rows: input.rows.slice(0, 1) });
  const layout = fromXml
    ? { columns: xmlColumns(first.cells, first.line, problem, keyWord), headerless: false, unverified: [] }
    : recogniseHeader(input, opts.languages, problem, (line, message) => warnings.push({ file, line, message }), opts.ignoreColumns);
  // Without columns (line 1 is no header), every row would only repeat that.
  if (layout.columns.length === 0 && problems.count > 0) throw new InputFileError(problems.held, problems.count);
  const { columns } = layout;
  const header = layout.headerless ? { line: 0, cells: [] } : first;
  const body = layout.headerless ? input.rows : input.rows.slice(1);
  const languages = columns.filter((c) => c.kind === 'language').map((c) => c.name);
  const idColumn = columns.find((c) => c.kind === 'id');
  // (A header alone, as exported from an empty glossary, is an empty import, not an error.)
  if (languages.length === 0 && body.length > 0) problem(header.line, 'the header has no language column (like en, fr, pt-BR)');
  const key = keyLanguage(languages, opts.key, header.line, problem);

  const rows = new RowMerger(key, problem, (line, message) => warnings.push({ file, line, message }));
  const statuses = new StatusTally();
  const translatableColumn = columns.find((c) => c.kind === 'ignored' && c.name.trim().toLowerCase() === 'translatable');
  const translatable: number[] = [];
  for (const { line, cells } of body) {
    const before = problems.count;
    const translations = readTranslations(cells, columns, line, problem, statuses);
    const idValue = idColumn ? readCell(cells[idColumn.index] ?? '') : '';
    if (translatableColumn !== undefined && isYes(readCell(cells[translatableColumn.index] ?? ''))) translatable.push(line);
    // (A row whose every term a status left out is dropped: counted in the status warning.)
    if (problems.count > before || translations === undefined) continue;
    rows.add(idValue === '' ? { line, translations } : { line, id: idValue, translations });
  }
  rows.finish(languages);
  warnings.push(...statuses.warnings(file));

  if (problems.count > 0) throw new InputFileError(problems.first(), problems.count);
  return {
    rows: rows.kept.map((k) => k.row),
    languages,
    hasIdColumn: idColumn !== undefined,
    key,
    warnings,
    unverifiedLanguages: layout.unverified,
    // (What only `teamctl glossary lint` reads, when there is any.)
    ...(rows.merged.length > 0 ? { merged: rows.merged } : {}),
    ...(statuses.leftOut > 0 ? { leftOut: statuses.leftOutTerms() } : {}),
    ...(translatable.length > 0 ? { translatable } : {}),
    ...('deeplCodes' in layout && layout.deeplCodes === true ? { deeplCodes: true } : {}),
  };
}

/**
 * A file's problems: all are counted, and only the first InputFileError.maxListed in line order
 * (those an error lists) are kept, so a file with a problem on each of a million rows holds no
 * million messages (test/bench/README.md, "Hostile spreadsheets").
 */
class Problems {
  /** The problems kept, in the order they were met; never more than 4 × maxListed. */
  held: FileProblem[] = [];
  count = 0;

  add(problem: FileProblem): void {
    this.count++;
    this.held.push(problem);
    if (this.held.length >= 4 * InputFileError.maxListed) this.held = this.first();
  }

  /** The first maxListed problems by line (a stable sort: those of one line in the order met). */
  first(): FileProblem[] {
    return [...this.held].sort((a, b) => a.line - b.line).slice(0, InputFileError.maxListed);
  }
}

/** The key language as spelled in the header: `--key` (any case), else the first language column. */
function keyLanguage(languages: readonly string[], wanted: string | undefined, line: number, problem: Problem): string {
  if (wanted === undefined) return languages[0] ?? '';
  // (`--key pt_BR` is the column pt-BR, as a header's `pt_BR` is: `teamctl help glossary-files`, "Glossary file layouts".)
  const found = languages.find((l) => l.toLowerCase() === wanted.trim().toLowerCase().replace(/_/g, '-'));
  if (found !== undefined) return found;
  if (languages.length > 0) problem(line, `--key ${show(wanted)} is not a language column of the header (${languages.join(', ')})`);
  return '';
}

/**
 * A row's translations, each cell read as the import compares it (trimmed, NFC, without an
 * export's apostrophe) and checked against the service's limits; a row with no cell at all is a
 * problem (one with cells only in ignored columns is not: it is an empty row for the import).
 * A term its status leaves out (status.ts) is not read, nor checked; undefined when that leaves
 * the row without a term (the row is dropped).
 */
function readTranslations(cells: readonly string[], columns: readonly Column[], line: number, problem: Problem, tally: StatusTally): Record<string, string> | undefined {
  if (cells.length > columns.length) problem(line, `row has ${cells.length} cells but the header has ${columns.length}`);
  const translations: Record<string, string> = {};
  let otherCells = false;
  let leftOut = false;
  const statuses: { of: string | undefined; value: string; verdict: Verdict; said?: boolean }[] = [];
  for (const column of columns) {
    if (column.kind !== 'status') continue;
    const value = readCell(cells[column.index] ?? '');
    otherCells ||= value !== '';
    statuses.push({ of: column.of, value, verdict: column.flag === true ? flagOf(value) : statusOf(value) });
  }
  for (const column of columns) {
    const value = cellOf(cells, column, line, problem);
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
    // The statuses of this term: its language's (`Status [de]`) and its row's (`status`, `forbidden`).
    const own = statuses.filter((st) => st.of === undefined || st.of === column.name);
    for (const st of own) {
      // (A row's status teamctl does not know is said once, with the row's first term.)
      if (st.said === true) continue;
      tally.record(st.verdict, { line, language: column.name, term: value, value: st.value });
      st.said = st.of === undefined && st.verdict.kind === 'unknown';
    }
    if (own.some((st) => st.verdict.kind === 'left-out')) {
      leftOut = true;
      continue;
    }
    const length = translationLength(value);
    if (length > maxTranslationLength) problem(line, `${show(column.name)} translation is ${length} characters long (limit ${maxTranslationLength})`);
    if (lineBreak.test(value)) problem(line, `${show(column.name)} translation contains a line break`);
    translations[column.name] = value;
  }
  if (Object.keys(translations).length === 0 && leftOut) return undefined;
  if (Object.keys(translations).length === 0 && !otherCells) problem(line, 'row has no translation');
  return translations;
}

/**
 * A column's cell as read; a language column with a fallback (Lokalise's `term`) takes that
 * column's cell when its own is empty, and the two must agree when both are written.
 */
function cellOf(cells: readonly string[], column: Column, line: number, problem: Problem): string {
  const value = readCell(cells[column.index] ?? '');
  if (column.fallback === undefined) return value;
  const term = readCell(cells[column.fallback] ?? '');
  if (value !== '' && term !== '' && value !== term) problem(line, `the term column holds ${show(term)} and ${column.name} holds ${show(value)}: the term is the base language's (${column.name}); write one of them`);
  return value === '' ? term : value;
}

/**
 * The rows kept, repeated rows merged: the same id twice merges when identical and is a problem
 * otherwise; identical translations merge unless both rows name (different) entries; the same
 * key term with other translations is a problem, unless both rows name different entries.
 */
class RowMerger {
  readonly kept: { row: GlossaryRow; signature: string }[] = [];
  /** Rows merged into an identical earlier one. */
  readonly merged: { line: number; into: number }[] = [];
  private readonly bySignature = new Map<string, { row: GlossaryRow; signature: string }[]>();
  private readonly byId = new Map<string, { row: GlossaryRow; signature: string }>();
  private readonly byKeyTerm = new Map<string, { row: GlossaryRow; signature: string }[]>();

  /** Every row met that reached the key rule, and the homonyms it found (problems once all are met). */
  private readonly all: GlossaryRow[] = [];
  private readonly homonyms: { line: number; term: string; other: number }[] = [];
  /** The first kept row of each key term in lower case: case-only variants are warned about. */
  private readonly byFoldedTerm = new Map<string, GlossaryRow>();

  constructor(
    private readonly key: string,
    private readonly problem: Problem,
    private readonly warning: Problem,
  ) {}

  /**
   * The homonyms as problems, once every row is met. Their hint names a language that has a term
   * on every row and no term twice — so `--key` never points at a language that fails the same
   * way (GlotPress's `en,pt`, where both languages have homonyms), nor at one whose rows without
   * a term would each be an entry of their own (a renamed Crowdin file's `af`), nor back at the
   * key language; when no language does, the problem stands alone.
   */
  finish(languages: readonly string[]): void {
    if (this.homonyms.length === 0) return;
    const clean = languages.find((l) => l !== this.key && identifiesEvery(l, this.all));
    const hint = clean !== undefined ? ` (homonyms? identify entries by another language: --key ${clean})` : '';
    for (const { line, term, other } of this.homonyms) this.problem(line, `${this.key} term ${show(term)} is also on line ${other} with other translations${hint}`);
  }

  add(row: GlossaryRow): void {
    const { line, translations } = row;
    const signature = translationsKey(translations);
    if (row.id !== undefined) {
      const other = this.byId.get(row.id);
      if (other) {
        if (other.signature === signature) {
          this.warning(line, `identical to line ${other.row.line}; merged`);
          this.merged.push({ line, into: other.row.line });
        }
        else this.problem(line, `id ${show(row.id)} is also on line ${other.row.line} with other translations`);
        return;
      }
    }
    const twin = this.bySignature.get(signature)?.find((k) => k.row.id === undefined || row.id === undefined);
    if (twin) {
      this.warning(line, `identical to line ${twin.row.line}; merged`);
      this.merged.push({ line, into: twin.row.line });
      if (row.id !== undefined) {
        twin.row.id = row.id;
        this.byId.set(row.id, twin);
      }
      return;
    }
    const term = this.key === '' ? undefined : translations[this.key];
    this.all.push(row);
    if (term !== undefined) {
      const clash = this.byKeyTerm.get(term)?.find((k) => k.signature !== signature && !(k.row.id !== undefined && row.id !== undefined));
      if (clash) {
        this.homonyms.push({ line, term, other: clash.row.line });
        return;
      }
    }
    if (term !== undefined) {
      // `bank` and `Bank`: two entries, since terms match case-sensitively; never merged silently.
      const folded = term.toLowerCase();
      const variant = this.byFoldedTerm.get(folded);
      if (variant === undefined) this.byFoldedTerm.set(folded, row);
      else if (variant.translations[this.key] !== term) {
        this.warning(line, `${this.key} term ${show(term)} differs from ${show(variant.translations[this.key] ?? '')} on line ${variant.line} only in case: two entries, as terms match case-sensitively (make them one row if they are one term)`);
      }
    }
    const entry = { row, signature };
    this.kept.push(entry);
    append(this.bySignature, signature, entry);
    if (row.id !== undefined) this.byId.set(row.id, entry);
    if (term !== undefined) append(this.byKeyTerm, term, entry);
  }
}

/** Whether every row has a term in `language`, and no two rows the same one (unless both name their entry's id). */
function identifiesEvery(language: string, rows: readonly GlossaryRow[]): boolean {
  const seen = new Map<string, boolean>(); // term → whether every row with it has an id
  for (const row of rows) {
    const term = row.translations[language];
    if (term === undefined) return false;
    const earlier = seen.get(term);
    if (earlier !== undefined && !(earlier && row.id !== undefined)) return false;
    seen.set(term, (earlier ?? true) && row.id !== undefined);
  }
  return true;
}

function append<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
