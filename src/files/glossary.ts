// Glossary files: the import reader (contract §3 "Glossary") and the export writers (CSV in the
// import format, TBX-Basic). Pure apart from readGlossaryFile; the planner (src/plan/glossary.ts)
// decides what the rows mean against the service's glossary.
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
// - NUL characters mean a UTF-16 file without byte order mark: one problem says so.
import { stringify } from 'csv-stringify/sync';
import type { GlossaryEntry } from '../api/types.js';
import { InputFileError, UsageError, type FileProblem } from '../errors.js';
import { parseDelimited, readTextFile, type DelimitedFile } from './csv.js';
import { looksLikeTbx, teamctlTbxMarker } from './tbx.js';

/** One row of a glossary file, checked and normalised (trimmed, NFC, empty cells dropped). */
export interface GlossaryRow {
  /** Line the row starts on. */
  line: number;
  /** The `id` cell when non-empty: the row updates that entry. */
  id?: string;
  /** Language key (as spelled in the header) → translation; never empty values. */
  translations: Record<string, string>;
}

export interface GlossaryFile {
  rows: GlossaryRow[];
  /** Language columns in header order, as spelled in the header. */
  languages: string[];
  hasIdColumn: boolean;
  /** The key language as spelled in the header (`--key` or the first language column). */
  key: string;
  /** Merged identical rows and other things a person should know; nothing here stops the import. */
  warnings: FileProblem[];
}

export interface GlossaryReadOptions {
  /** `--key <lang>`: the language whose term identifies an entry; default the first column. */
  key?: string;
}

/** Language keys in a header (contract §3). */
export const languageKeyPattern = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;
/** The service's published limit on one translation. */
export const maxTranslationLength = 255;

/** Line breaks as the service's schema counts them (`^[^\n\r]*$`). */
const lineBreak = /[\n\r]/;
/** Cells a spreadsheet may run as a formula (OWASP CSV injection): = + - @ tab CR first. */
const formulaStart = /^[=+\-@\t\r]/;
/** A cell with an apostrophe an export added: one or more `'`, then = + - @ tab or CR. */
const escapedCell = /^'+[=+\-@\t\r]/;

/** A cell without the apostrophe an export added: the first `'` of an escaped cell (see the decisions above). */
export function unneutraliseCell(value: string): string {
  return escapedCell.test(value) ? value.slice(1) : value;
}

/** A raw cell as the reader takes it: trimmed, NFC, without an export's apostrophe. */
export function readCell(raw: string): string {
  return normaliseCell(unneutraliseCell(normaliseCell(raw)));
}

/** Length as the service counts it: Unicode code points. */
export function translationLength(value: string): number {
  return [...value].length;
}

/** What every cell goes through before it is compared or sent. */
export function normaliseCell(value: string): string {
  return value.trim().normalize('NFC');
}

/** A value for a message: quoted, escaped, and cut short when long. */
function show(value: string): string {
  const cut = [...value];
  return JSON.stringify(cut.length > 40 ? `${cut.slice(0, 40).join('')}…` : value);
}

/** A stable text for a translation map: keys sorted, so equal maps give equal signatures. */
export function translationsSignature(translations: Record<string, string>): string {
  return JSON.stringify(Object.keys(translations).sort().map((k) => [k, translations[k]]));
}

interface Column {
  index: number;
  kind: 'id' | 'language' | 'ignored';
  name: string;
}

export function parseGlossaryFile(text: string, file: string, opts: GlossaryReadOptions = {}): GlossaryFile {
  return fromDelimited(parseDelimited(text, file), opts);
}

/** Reads a glossary file: CSV (or `;`/tab), or TBX by its extension or first character. */
export async function readGlossaryFile(path: string, opts: GlossaryReadOptions = {}): Promise<GlossaryFile> {
  const text = await readTextFile(path);
  if (looksLikeTbx(path, text)) {
    // Loaded only for TBX files: the XML parser costs nothing to a CSV import.
    const { tbxRows } = await import('./tbx.js');
    const { rows, warnings } = await tbxRows(text, path);
    const file = fromDelimited(rows, opts);
    return { ...file, warnings: [...warnings, ...file.warnings] };
  }
  return fromDelimited(parseDelimited(text, path), opts);
}

function fromDelimited(input: DelimitedFile, opts: GlossaryReadOptions): GlossaryFile {
  const { file } = input;
  const problems: FileProblem[] = [];
  const warnings: FileProblem[] = [];
  const problem = (line: number, message: string) => problems.push({ file, line, message });

  const [header, ...body] = input.rows;
  if (!header) {
    throw new InputFileError([
      { file, line: 1, message: 'empty file: expected a header row of language keys (like en, fr) and optionally id' },
    ]);
  }

  // Header: language keys and one optional id column.
  const columns: Column[] = [];
  const seen = new Map<string, number>(); // lower-cased name → 1-based column
  header.cells.forEach((raw, index) => {
    const name = normaliseCell(raw);
    const at = index + 1;
    const column: Column = { index, kind: 'ignored', name };
    columns.push(column);
    if (name === '') return problem(header.line, `column ${at} has no name`);
    const lower = name.toLowerCase();
    const first = seen.get(lower);
    if (first !== undefined) return problem(header.line, `duplicate column ${show(name)}: same as column ${first}`);
    seen.set(lower, at);
    if (lower === 'id') column.kind = 'id';
    else if (languageKeyPattern.test(name)) column.kind = 'language';
    else problem(header.line, `column ${at} ${show(name)} is not a language key (like en, fr, pt-BR) or id`);
  });
  const languageColumns = columns.filter((c) => c.kind === 'language');
  const idColumn = columns.find((c) => c.kind === 'id');
  const languages = languageColumns.map((c) => c.name);
  // (A header alone, as exported from an empty glossary, is an empty import, not an error.)
  if (languages.length === 0 && body.length > 0) {
    problem(header.line, 'the header has no language column (like en, fr, pt-BR)');
  }

  let key = languages[0] ?? '';
  if (opts.key !== undefined) {
    const wanted = opts.key.trim().toLowerCase();
    const found = languages.find((l) => l.toLowerCase() === wanted);
    if (found === undefined) {
      key = '';
      if (languages.length > 0) {
        problem(header.line, `--key ${show(opts.key)} is not a language column of the header (${languages.join(', ')})`);
      }
    } else key = found;
  }

  // Rows.
  interface Kept {
    row: GlossaryRow;
    signature: string;
  }
  const kept: Kept[] = [];
  const bySignature = new Map<string, Kept[]>();
  const byId = new Map<string, Kept>();
  const byKeyTerm = new Map<string, Kept[]>();
  const push = <K, V>(map: Map<K, V[]>, k: K, v: V) => {
    const list = map.get(k);
    if (list) list.push(v);
    else map.set(k, [v]);
  };

  // UTF-16 (Excel's "Unicode text") without a byte order mark reads as UTF-8 full of NULs.
  const nul = input.rows.find((r) => r.cells.some((c) => c.includes('\u0000')));
  if (nul) {
    throw new InputFileError([{ file, line: nul.line, message: 'the file is not UTF-8 text (NUL characters; UTF-16?): save it as UTF-8' }]);
  }
  /** A cell trimmed, NFC, and without the apostrophe an export adds. */
  const cellValue = (raw: string | undefined) => readCell(raw ?? '');

  for (const { line, cells } of body) {
    const before = problems.length;
    if (cells.length > columns.length) {
      problem(line, `row has ${cells.length} cells but the header has ${columns.length}`);
    }
    const translations: Record<string, string> = {};
    let otherCells = false;
    for (const column of columns) {
      const value = cellValue(cells[column.index]);
      if (value === '') continue;
      if (column.kind !== 'language') {
        otherCells ||= column.kind === 'ignored';
        continue;
      }
      const length = translationLength(value);
      if (length > maxTranslationLength) {
        problem(line, `${show(column.name)} translation is ${length} characters long (limit ${maxTranslationLength})`);
      }
      if (lineBreak.test(value)) problem(line, `${show(column.name)} translation contains a line break`);
      translations[column.name] = value;
    }
    const idValue = idColumn ? cellValue(cells[idColumn.index]) : '';
    if (Object.keys(translations).length === 0 && !otherCells) problem(line, 'row has no translation');
    if (problems.length > before) continue;

    const row: GlossaryRow = idValue === '' ? { line, translations } : { line, id: idValue, translations };
    const signature = translationsSignature(translations);

    // Same id: identical rows merge, different ones are two updates of one entry.
    if (row.id !== undefined) {
      const other = byId.get(row.id);
      if (other) {
        if (other.signature === signature) {
          warnings.push({ file, line, message: `identical to line ${other.row.line}; merged` });
        } else {
          problem(line, `id ${show(row.id)} is also on line ${other.row.line} with other translations`);
        }
        continue;
      }
    }
    // Identical translations merge unless both rows name (different) entries.
    const twin = bySignature.get(signature)?.find((k) => k.row.id === undefined || row.id === undefined);
    if (twin) {
      warnings.push({ file, line, message: `identical to line ${twin.row.line}; merged` });
      if (row.id !== undefined) {
        twin.row.id = row.id;
        byId.set(row.id, twin);
      }
      continue;
    }
    // The same key term with other translations, unless both rows name different entries.
    const term = key === '' ? undefined : translations[key];
    if (term !== undefined) {
      const clash = byKeyTerm
        .get(term)
        ?.find((k) => k.signature !== signature && !(k.row.id !== undefined && row.id !== undefined));
      if (clash) {
        problem(line, `${key} term ${show(term)} is also on line ${clash.row.line} with other translations`);
        continue;
      }
    }

    const entry = { row, signature };
    kept.push(entry);
    push(bySignature, signature, entry);
    if (row.id !== undefined) byId.set(row.id, entry);
    if (term !== undefined) push(byKeyTerm, term, entry);
  }

  if (problems.length > 0) {
    problems.sort((a, b) => a.line - b.line);
    throw new InputFileError(problems.slice(0, InputFileError.maxListed), problems.length);
  }
  return { rows: kept.map((k) => k.row), languages, hasIdColumn: idColumn !== undefined, key, warnings };
}

// ---------------------------------------------------------------------------------------------
// Writers

/**
 * Column order for "all languages present": `en` first (the usual source language, so it becomes
 * the default `--key` when the file is imported again), then the others in code-unit order. It
 * depends only on which languages exist, so two exports of a glossary diff cleanly.
 */
export function compareLanguages(a: string, b: string): number {
  if (a === b) return 0;
  if (a === 'en') return -1;
  if (b === 'en') return 1;
  return a < b ? -1 : 1;
}

/**
 * Every language key used by the entries (with a non-empty translation), in export order. Keys
 * that differ only in case (`en`, `EN`) are one language: the spelling met first stands for it.
 */
export function glossaryLanguages(entries: Iterable<Pick<GlossaryEntry, 'translations'>>): string[] {
  const keys = new Map<string, string>(); // lower case → first spelling
  for (const entry of entries) {
    for (const [k, v] of Object.entries(entry.translations)) {
      if (typeof v === 'string' && v !== '' && !keys.has(k.toLowerCase())) keys.set(k.toLowerCase(), k);
    }
  }
  return [...keys.values()].sort(compareLanguages);
}

/**
 * Whether a translation key can be a column of the CSV import format: a language key by the
 * header pattern, and not `id` (any case), which is the id column.
 */
export function isCsvLanguageKey(key: string): boolean {
  return languageKeyPattern.test(key) && key.toLowerCase() !== 'id';
}

/** An entry's translation for one column, with every spelling of that key merged. */
export interface PickedTranslation {
  /**
   * The first non-empty value among the spellings of the key, in the entry's own key order — the
   * value an import compares with (normaliseTranslations in src/plan/glossary.ts), so importing
   * the export again changes nothing; '' when none.
   */
  value: string;
  /** Set when the entry has the key under several spellings with different translations. */
  conflict?: { keys: string[] };
}

// An entry's non-empty translations by lower-cased key, in its key order: built once per
// translation map (entries are not changed once listed), since every column of every row looks
// into it.
const spellingIndex = new WeakMap<object, Map<string, { key: string; value: string; normalised: string }[]>>();
function spellingsOf(translations: Readonly<Record<string, unknown>>): Map<string, { key: string; value: string; normalised: string }[]> {
  let index = spellingIndex.get(translations);
  if (!index) {
    index = new Map();
    for (const [key, value] of Object.entries(translations)) {
      if (typeof value !== 'string') continue;
      const normalised = normaliseCell(value);
      if (normalised === '') continue;
      const lower = key.toLowerCase();
      const list = index.get(lower);
      if (list) list.push({ key, value, normalised });
      else index.set(lower, [{ key, value, normalised }]);
    }
    spellingIndex.set(translations, index);
  }
  return index;
}

/** The translation for `column` in `translations`, keys compared case-insensitively (see PickedTranslation). */
export function pickTranslation(translations: Readonly<Record<string, unknown>>, column: string): PickedTranslation {
  const found = spellingsOf(translations).get(column.toLowerCase());
  if (!found || found.length === 0) return { value: '' };
  const value = (found[0] as { value: string }).value;
  return new Set(found.map((f) => f.normalised)).size > 1 ? { value, conflict: { keys: found.map((f) => f.key) } } : { value };
}

/** The columns of a CSV export and the keys left out of it. */
export interface CsvLanguages {
  /** Language columns in export order (first spelling of each, see glossaryLanguages). */
  columns: string[];
  /** Keys the import format cannot carry (`id`, not language keys), with how many entries have them. */
  omitted: { key: string; entries: number }[];
  /** Entries that have nothing but such keys: no row is written for them. */
  entriesLeftOut: number;
}

export function csvLanguages(entries: readonly Pick<GlossaryEntry, 'translations'>[]): CsvLanguages {
  const all = glossaryLanguages(entries);
  const columns = all.filter(isCsvLanguageKey);
  const omittedKeys = all.filter((k) => !isCsvLanguageKey(k));
  const has = (e: Pick<GlossaryEntry, 'translations'>, key: string) => pickTranslation(e.translations, key).value !== '';
  return {
    columns,
    omitted: omittedKeys.map((key) => ({ key, entries: entries.filter((e) => has(e, key)).length })),
    entriesLeftOut:
      omittedKeys.length === 0 ? 0 : entries.filter((e) => columns.every((c) => !has(e, c)) && omittedKeys.some((k) => has(e, k))).length,
  };
}

/** One warning naming the keys a CSV export leaves out, or undefined when it leaves none out. */
export function omittedKeysWarning(found: CsvLanguages): string | undefined {
  const n = found.omitted.length;
  if (n === 0) return undefined;
  const entries = (count: number) => (count === 1 ? '1 entry' : `${count} entries`);
  const keys = found.omitted.map((o) => `${JSON.stringify(o.key)} (${entries(o.entries)})`).join(', ');
  const gone = found.entriesLeftOut;
  const leftOut = gone === 0 ? '' : `; ${entries(gone)} with nothing else ${gone === 1 ? 'is' : 'are'} not in the file`;
  return (
    `left out ${n === 1 ? 'a translation key' : `${n} translation keys`} the CSV import format cannot carry ` +
    `(\`id\` is the id column; the others are not language keys like en or pt-BR): ${keys}${leftOut}; ` +
    'use --format json or tbx to export them'
  );
}

/** A warning for entries holding one language under several spellings with different values. */
export function spellingConflictsWarning(conflicts: readonly { id: string; column: string; keys: string[] }[]): string | undefined {
  if (conflicts.length === 0) return undefined;
  const shown = conflicts.slice(0, 5).map((c) => `${c.id} (${c.keys.join(' ≠ ')})`);
  const more = conflicts.length > 5 ? ` and ${conflicts.length - 5} more` : '';
  return (
    `${conflicts.length === 1 ? '1 entry has' : `${conflicts.length} entries have`} one language under keys differing only in case, ` +
    `with different translations: ${shown.join(', ')}${more}; the column shows the first of them (the one an import compares with)`
  );
}

// The cell writers. `n` below is a value as an import compares it (normaliseCell: trimmed, NFC);
// readCell(written) === normaliseCell(value) for every value, which the property tests check.

/**
 * A cell for a plain CSV export: the value as it is, except that a value that starts with
 * apostrophes and then = + - @ tab or CR (`'-s form`) gets one more `'`, which the reader removes
 * again. Such a value is written trimmed and NFC, as an import would take it anyway.
 */
export function csvCell(value: string): string {
  const n = normaliseCell(value);
  return escapedCell.test(n) ? `'${n}` : value;
}

/**
 * A cell for `export --excel`: one leading `'` for any value that (after trimming) starts with
 * = + - @, optionally after apostrophes (`=SUM(A1)` → `'=SUM(A1)`, `'=x` → `''=x`), so a
 * spreadsheet shows it as text; the reader removes that apostrophe again. A value whose raw text
 * starts with = + - @ tab or CR but reads otherwise once trimmed and NFC (a leading tab; `=`
 * followed by U+0338, which NFC composes into `≠`) gets the `'` when that reads back exactly, and
 * is written as the import reads it (trimmed, NFC) otherwise.
 */
export function excelCell(value: string): string {
  const n = normaliseCell(value);
  if (/^'*[=+\-@\t\r]/.test(n)) return `'${n}`;
  if (!formulaStart.test(value)) return value;
  const quoted = `'${value}`;
  return readCell(quoted) === n ? quoted : n;
}

export interface GlossaryCsvOptions {
  /** The columns to write, in this order; default: every language present the import format can carry (csvLanguages). */
  languages?: string[];
  /** UTF-8 BOM, CRLF line ends, formula cells neutralised (excelCell). */
  excel?: boolean;
  /** Write the `id` column first (default true: the import format). */
  includeId?: boolean;
}

/**
 * Writes CSV one piece at a time (header, then one row per entry), so a caller can stream a large
 * glossary when it knows the languages up front.
 */
export class GlossaryCsvWriter {
  private readonly includeId: boolean;
  private readonly excel: boolean;
  constructor(
    readonly languages: readonly string[],
    opts: Omit<GlossaryCsvOptions, 'languages'> = {},
  ) {
    this.includeId = opts.includeId ?? true;
    this.excel = opts.excel ?? false;
    const idLike = languages.find((l) => l.trim().toLowerCase() === 'id');
    if (idLike !== undefined && this.includeId) {
      throw new UsageError(`language key "${idLike}" cannot be a CSV column: the import format reserves "id"`, {
        hint: 'export it with --format json or tbx',
      });
    }
  }

  private line(cells: string[]): string {
    return stringify([cells.map(this.excel ? excelCell : csvCell)], {
      record_delimiter: this.excel ? '\r\n' : '\n',
      // csv-stringify quotes LF but not a lone CR, which readers take as a line end.
      quoted_match: /[\r\n]/,
    });
  }

  /** The header line (with the BOM in Excel mode). */
  header(): string {
    const cells = this.includeId ? ['id', ...this.languages] : [...this.languages];
    return (this.excel ? '\uFEFF' : '') + this.line(cells);
  }

  /** Entries written so far that hold one language under several spellings with different values. */
  readonly conflicts: { id: string; column: string; keys: string[] }[] = [];

  /**
   * One entry's line, or '' when it has no translation in the chosen languages (such a row could
   * not be imported, so `--lang` exports leave it out). Keys are matched case-insensitively
   * (pickTranslation); a conflict between spellings is recorded in `conflicts`.
   */
  row(entry: Pick<GlossaryEntry, 'id' | 'translations'>): string {
    const values = this.languages.map((l) => {
      const picked = pickTranslation(entry.translations, l);
      if (picked.conflict) this.conflicts.push({ id: entry.id, column: l, keys: picked.conflict.keys });
      return picked.value;
    });
    if (values.every((v) => v === '')) return '';
    return this.line(this.includeId ? [entry.id, ...values] : values);
  }
}

/** The glossary as CSV in the import format: `id`, then one column per language. */
export function glossaryToCsv(
  entries: readonly Pick<GlossaryEntry, 'id' | 'translations'>[],
  opts: GlossaryCsvOptions = {},
): string {
  const writer = new GlossaryCsvWriter(opts.languages ?? csvLanguages(entries).columns, opts);
  let out = writer.header();
  for (const entry of entries) out += writer.row(entry);
  return out;
}

// TBX-Basic (ISO 30042:2019, TBX v3, DCA style).

// Characters XML 1.0 does not allow at all: C0 controls but tab/LF/CR, lone surrogates, U+FFFE/F.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const xmlInvalid = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text safe in XML content and attribute values: invalid characters removed, markup escaped. */
export function xmlEscape(value: string): string {
  return value.replace(xmlInvalid, '').replace(/[&<>"'\r\n\t]/g, (c) => {
    switch (c) {
      case '&':
        return '&amp;';
      case '<':
        return '&lt;';
      case '>':
        return '&gt;';
      case '"':
        return '&quot;';
      case "'":
        return '&apos;';
      case '\r':
        return '&#13;'; // a raw CR would be read back as LF
      default:
        return c; // LF and tab survive in element content; attributes never hold them here
    }
  });
}

/** An XML NCName from an entry id: only ASCII name characters, starting with a letter or `_`. */
export function toNcName(id: string): string {
  const body = id.replace(/[^A-Za-z0-9._-]/g, '_');
  return /^[A-Za-z_]/.test(body) ? body : `c-${body}`;
}

/**
 * Writes TBX one piece at a time (start, one conceptEntry per entry, end). It needs no languages
 * up front: each entry writes its own langSecs, in `languages` order or export order.
 */
export class GlossaryTbxWriter {
  private readonly used = new Set<string>();
  constructor(private readonly languages?: readonly string[]) {}

  start(): string {
    return (
      '<?xml version="1.0" encoding="UTF-8"?>\n' +
      '<tbx type="TBX-Basic" style="dca" xml:lang="en" xmlns="urn:iso:std:iso:30042:ed-2">\n' +
      '  <tbxHeader>\n' +
      '    <fileDesc>\n' +
      '      <sourceDesc>\n' +
      `        <p>Organization translation glossary ${teamctlTbxMarker}</p>\n` +
      '      </sourceDesc>\n' +
      '    </fileDesc>\n' +
      '  </tbxHeader>\n' +
      '  <text>\n' +
      '    <body>\n'
    );
  }

  /** One conceptEntry, or '' when the entry has no translation in the chosen languages. */
  entry(entry: Pick<GlossaryEntry, 'id' | 'translations'>): string {
    const langs = this.languages ?? Object.keys(entry.translations).sort(compareLanguages);
    const sections = langs
      .map((lang) => [lang, entry.translations[lang] ?? ''] as const)
      .filter(([, term]) => xmlEscape(term) !== '');
    if (sections.length === 0) return '';
    let id = toNcName(entry.id);
    for (let n = 2; this.used.has(id); n++) id = `${toNcName(entry.id)}-${n}`;
    this.used.add(id);
    let out = `      <conceptEntry id="${xmlEscape(id)}">\n`;
    for (const [lang, term] of sections) {
      out +=
        `        <langSec xml:lang="${xmlEscape(lang.replace(/[\t\n\r]/g, ''))}">\n` +
        `          <termSec>\n` +
        `            <term>${xmlEscape(term)}</term>\n` +
        `          </termSec>\n` +
        `        </langSec>\n`;
    }
    return `${out}      </conceptEntry>\n`;
  }

  end(): string {
    return '    </body>\n  </text>\n</tbx>\n';
  }
}

/** The glossary as a TBX-Basic document: one conceptEntry per entry, one langSec per language. */
export function glossaryToTbx(
  entries: Iterable<Pick<GlossaryEntry, 'id' | 'translations'>>,
  opts: { languages?: string[] } = {},
): string {
  const writer = new GlossaryTbxWriter(opts.languages);
  let out = writer.start();
  for (const entry of entries) out += writer.entry(entry);
  return out + writer.end();
}
