// Glossary files: the import reader (README, "glossary import"). Pure apart from readGlossaryFile;
// the planner (src/plan/glossary.ts) decides what the rows mean against the service's glossary.
// The export writers are in glossary-write.ts.
//
// Decisions where the contract is silent:
// - `id` (any case) is always the id column, never Indonesian: write Indonesian as `ind` or
//   `id-ID`. The writer refuses a language key that would read back as the id column.
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
import { InputFileError, type FileProblem } from '../errors.js';
import { languageKeyPattern } from '../glossary/languages.js';
import { quote, shorten } from '../output/words.js';
import { translationsKey, type GlossaryRow } from '../model/entries.js';
import { normaliseCell, readCell } from './cells.js';
import { parseDelimited, readCheckedChunks, refuseNulCells, textOfChunks, type DelimitedFile } from './csv.js';
import { recogniseHeaderCell } from './glossary-header.js';
import { looksLikeTbx } from './tbx.js';

export type { GlossaryRow };

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
}

export interface GlossaryReadOptions {
  /** `--key <lang>`: the language whose term identifies an entry; default the first column. */
  key?: string;
  /** `--languages en,de`: the languages of the term columns, for a header that does not say them. */
  languages?: string[];
}

/** The service's published limit on one translation. */
export const maxTranslationLength = 255;

/** Line breaks as the service's schema counts them (`^[^\n\r]*$`). */
const lineBreak = /[\n\r]/;
/** Length as the service counts it: Unicode code points. */
export function translationLength(value: string): number {
  return [...value].length;
}

/** A value for a message: quoted, escaped, and cut short when long. */
function show(value: string): string {
  return quote(shorten(value, 41));
}


interface Column {
  index: number;
  /** `language-code`: DeepL's export repeats the languages in every row; checked, not imported. */
  kind: 'id' | 'language' | 'ignored' | 'language-code';
  name: string;
}

export function parseGlossaryFile(text: string, file: string, opts: GlossaryReadOptions = {}): GlossaryFile {
  return fromDelimited(parseDelimited(text, file), opts);
}

/** Reads a glossary file: CSV (or `;`/tab), or TBX by its extension or first character. */
export async function readGlossaryFile(path: string, opts: GlossaryReadOptions = {}, cwd?: string): Promise<GlossaryFile> {
  const chunks = readCheckedChunks(path, cwd === undefined ? {} : { cwd });
  const first = await chunks.next();
  if (first.done !== true && looksLikeTbx(path, first.value.text)) {
    // Loaded only for TBX files: the XML parser costs nothing to a CSV import. It is fed the text
    // chunk by chunk as it is read (README, "Bounded input"), never the whole text.
    const { tbxRows } = await import('./tbx.js');
    const head = first.value.text;
    async function* pieces(): AsyncGenerator<string> {
      yield head;
      for await (const { text } of chunks) yield text;
    }
    const { rows, warnings } = await tbxRows(pieces(), path);
    const file = fromDelimited(rows, opts, true);
    return { ...file, warnings: [...warnings, ...file.warnings] };
  }
  const text = await textOfChunks(chunks, first.done === true ? [] : [first.value.bytes]);
  if (looksLikeTbx(path, text)) {
    // (A first chunk of blanks only: the text is whole already.)
    const { tbxRows } = await import('./tbx.js');
    const { rows, warnings } = await tbxRows(text, path);
    const file = fromDelimited(rows, opts, true);
    return { ...file, warnings: [...warnings, ...file.warnings] };
  }
  return parseGlossaryFile(text, path, opts);
}

type Problem = (line: number, message: string) => void;

/**
 * Reads a file's rows in four steps: the header, the key language, each row's cells, the merge of
 * repeated rows. `fromXml`: the rows a TBX file made, whose header holds its xml:lang values.
 */
function fromDelimited(input: DelimitedFile, opts: GlossaryReadOptions, fromXml = false): GlossaryFile {
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
  const layout = fromXml ? { columns: readHeader(first.cells, first.line, problem), headerless: false, unverified: [] } : recogniseHeader(input, opts, problem, (line, message) => warnings.push({ file, line, message }));
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
  return { rows: rows.kept.map((k) => k.row), languages, hasIdColumn: idColumn !== undefined, key, warnings, unverifiedLanguages: layout.unverified };
}

/**
 * The columns of a delimited glossary file (README, "Glossary file layouts"), by the one header
 * recogniser (glossary-header.ts): problems and warnings go to `problem` and `warn`.
 */
function recogniseHeader(
  input: DelimitedFile,
  opts: GlossaryReadOptions,
  problem: Problem,
  warn: Problem,
): { columns: Column[]; headerless: boolean; unverified: string[] } {
  const first = input.rows[0] as DelimitedFile['rows'][number];
  const cells = first.cells.map((raw) => ({ raw: normaliseCell(raw), what: recogniseHeaderCell(normaliseCell(raw)) }));
  const present = cells.filter((c) => c.raw !== '');
  const isHeader = present.length > 0 && present.every((c) => c.what.kind !== 'unknown') && present.some((c) => c.what.kind !== 'metadata');
  const given = opts.languages;
  const example = '--languages en,de';

  // A header with languages and a column teamctl cannot place: each such column is a problem,
  // and the rows are still read, so every problem is listed at once.
  const mixed = present.some((c) => c.what.kind === 'language' || c.what.kind === 'id');
  if (!isHeader && given === undefined) {
    const unknown = present.filter((c) => c.what.kind === 'unknown');
    if (!mixed) {
      problem(
        first.line,
        `line 1 is not a header of language columns (${unknown.map((c) => show(c.raw)).join(', ')} ${unknown.length === 1 ? 'is' : 'are'} no language ICU knows, nor a column of a known layout): ` +
          `a glossary without a header (DeepL, Google, a two-column list) needs its columns' languages named in order, e.g. ${example}`,
      );
      return { columns: [], headerless: false, unverified: [] };
    }
  }
  if (!isHeader && given !== undefined) {
    // No header: every line is an entry; the first columns are the languages given. DeepL's
    // export repeats the two languages in two more columns: those are checked, not imported.
    const languages = given as string[];
    const columns: Column[] = [
      ...languages.map((name, index) => ({ index, kind: 'language' as const, name })),
      ...languages.map((name, i) => ({ index: languages.length + i, kind: 'language-code' as const, name })),
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
  const termColumns = given !== undefined && given.length === unsaid.length ? unsaid : allTerms;
  if (given !== undefined && unsaid.length === 0) {
    problem(first.line, `the header names its languages (${allTerms.map((i) => cells[i]?.raw).join(', ')}): --languages is for a file whose header does not (source,target; term) or that has none`);
  } else if (given !== undefined && given.length !== termColumns.length) {
    problem(first.line, `--languages names ${given.length} languages; the file has ${allTerms.length} term columns (${allTerms.map((i) => show(cells[i]?.raw ?? '')).join(', ')}), ${unsaid.length} of them without a language`);
  }
  cells.forEach(({ raw, what }, index) => {
    const at = index + 1;
    if (raw === '') {
      problem(first.line, `column ${at} has no name`);
      columns.push({ index, kind: 'ignored', name: raw });
      return;
    }
    let name = raw;
    let kind: Column['kind'] = 'ignored';
    if (what.kind === 'unknown') {
      problem(first.line, `column ${at} ${show(raw)} is no language ICU knows, nor a metadata column teamctl knows (pos, description, note, context, …): remove it — or, if line 1 is no header, name the columns' languages with ${example}`);
    } else if (what.kind === 'id') kind = 'id';
    else if (what.kind === 'metadata') metadata.push(show(raw));
    else if (what.kind === 'term' || what.kind === 'language' || what.kind === 'maybe-language') {
      const position = termColumns.indexOf(index);
      const named = position < 0 ? undefined : given?.[position];
      if (what.kind === 'term') {
        if (given === undefined) problem(first.line, `column ${at} ${show(raw)} holds terms in a language the header does not say (Weblate, Transifex): name the term columns' languages in order, e.g. ${example}`);
        name = named ?? raw;
      } else {
        name = what.language;
        if (named !== undefined && named.toLowerCase() !== name.toLowerCase()) problem(first.line, `column ${at} ${show(raw)} is ${name}, but --languages names ${named} for it`);
        if (what.kind === 'maybe-language') unverified.push(name);
      }
      kind = 'language';
    }
    const lower = (kind === 'ignored' ? raw : name).toLowerCase();
    const earlier = seen.get(lower);
    if (earlier !== undefined && kind !== 'ignored') problem(first.line, `duplicate column ${show(raw)}: same as column ${earlier}`);
    if (kind !== 'ignored') seen.set(lower, at);
    columns.push({ index, kind, name });
  });
  if (metadata.length > 0) warn(first.line, `${metadata.length === 1 ? 'column' : 'columns'} ${metadata.join(', ')} ${metadata.length === 1 ? 'holds' : 'hold'} no translation (the glossary holds translations only): ignored`);
  return { columns, headerless: false, unverified };
}

/** The header: language keys and one optional id column; every other name is a problem of its line. */
function readHeader(cells: readonly string[], line: number, problem: Problem): Column[] {
  const columns: Column[] = [];
  const seen = new Map<string, number>(); // lower-cased name → 1-based column
  cells.forEach((raw, index) => {
    const name = normaliseCell(raw);
    const at = index + 1;
    const column: Column = { index, kind: 'ignored', name };
    columns.push(column);
    if (name === '') return problem(line, `column ${at} has no name`);
    const lower = name.toLowerCase();
    const first = seen.get(lower);
    if (first !== undefined) return problem(line, `duplicate column ${show(name)}: same as column ${first}`);
    seen.set(lower, at);
    if (lower === 'id') column.kind = 'id';
    else if (languageKeyPattern.test(name)) column.kind = 'language';
    else problem(line, `column ${at} ${show(name)} is not a language key (like en, fr, pt-BR) or id`);
  });
  return columns;
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
      if (value.toLowerCase() !== column.name.toLowerCase()) problem(line, `cell ${column.index + 1} is ${show(value)}, where --languages names ${column.name}`);
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
