// Glossary export writers (README, "glossary export"): CSV in the import format (with the
// --excel variant) and TBX-Basic, streamed entry by entry, and the language order and key rules
// they share with `glossary list`. Every export reads back exactly through the reader
// (glossary.ts): see its notes on apostrophes and formulas.
import { stringify } from 'csv-stringify/sync';
import type { GlossaryEntry } from '../api/types.js';
import { UsageError } from '../errors.js';
import { escapedCell, formulaStart, languageKeyPattern, normaliseCell, readCell } from './glossary.js';
import { teamctlEntryIdType, teamctlTbxMarker } from './tbx.js';

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
    // An XML name cannot carry every service id: the id itself goes along, read back on import.
    if (id !== entry.id) out += `        <admin type="${teamctlEntryIdType}">${xmlEscape(entry.id)}</admin>\n`;
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
