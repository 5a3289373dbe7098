// The language columns of a glossary shown as a table of rows (CSV export and `glossary list`):
// which columns, the translation of an entry for a column when keys differ only in case, and the
// warnings about what a column cannot show.
import type { GlossaryEntry } from '../api/types.js';
import { isoDay, type Column } from '../output/columns.js';
import { glossaryLanguages, isCsvLanguageKey } from '../glossary/languages.js';
import { normaliseCell } from '../model/entries.js';

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

/**
 * The header of a translation key's column in `glossary list`: the key, or `lang:<key>` for a key
 * that is not a language key by the import pattern (README, "The glossary"), so it is
 * never mistaken for `id`, `updatedAt` or a language.
 */
function languageHeader(key: string): string {
  return isCsvLanguageKey(key) ? key : `lang:${key}`;
}

/**
 * The columns of `glossary list`: id, one column per language, updatedAt. Values match keys
 * case-insensitively; entries holding one language under several spellings with different values
 * are recorded in `conflicts`.
 */
export function glossaryColumns(
  languages: readonly string[],
  conflicts: { id: string; column: string; keys: string[] }[] = [],
): Column<GlossaryEntry>[] {
  return [
    { header: 'id', value: (e) => e.id, whole: true, id: true },
    ...languages.map(
      (language): Column<GlossaryEntry> => ({
        header: languageHeader(language),
        value: (e) => {
          const picked = pickTranslation(e.translations, language);
          if (picked.conflict) conflicts.push({ id: e.id, column: language, keys: picked.conflict.keys });
          return picked.value;
        },
      }),
    ),
    // A table shows the day, and leaves it out before a term is broken (`teamctl help environment`, "Settings").
    { header: 'updatedAt', value: (e) => e.updatedAt, table: (e) => isoDay(e.updatedAt), optional: true },
  ];
}
