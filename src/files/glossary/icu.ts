// Languages as ICU (Intl.DisplayNames, built into Node) knows them: the one test of whether a
// header cell, a layout's language column or `--languages` names a language (`teamctl help glossary-files`, "Glossary
// file layouts").
import { UsageError } from '../../errors.js';
import { languageKeyPattern } from '../../glossary/languages.js';

let displayNames: Intl.DisplayNames | undefined;
/** ICU's English names of languages, made once. */
const names = (): Intl.DisplayNames => (displayNames ??= new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' }));

/** ICU's English name of a language tag, or undefined when it knows none (or the tag is malformed). */
function languageName(tag: string): string | undefined {
  try {
    return names().of(tag) ?? names().of(tag.replace(/-.*/, ''));
  } catch {
    // a tag ICU refuses (en-US-US): no name
  }
  return undefined;
}

/** Whether ICU knows `tag` as a language (its base language, at least); undefined is none. */
export function knownLanguage(tag: string | undefined): boolean {
  return tag !== undefined && languageKeyPattern.test(tag) && tag.toLowerCase() !== 'und' && languageName(tag) !== undefined;
}

/** Whether a cell has the shape of a language key (`xx-brand`), known to ICU or not. */
export function languageKeyShaped(cell: string): boolean {
  return languageKeyPattern.test(cell);
}

let byName: Map<string, string> | undefined;
/** Every two-letter language by its English name (lower case), made once. */
function twoLetterByName(): Map<string, string> {
  if (byName === undefined) {
    byName = new Map();
    const letters = 'abcdefghijklmnopqrstuvwxyz';
    for (const tag of [...letters].flatMap((a) => [...letters].map((b) => a + b))) {
      const known = names().of(tag);
      // A deprecated tag ICU still names (mo "Romanian", ji "Yiddish", sh "Serbian (Latin)") is
      // its current tag (ro, yi, sr-Latn): a name two tags share is one language, one tag.
      if (known !== undefined) byName.set(known.toLowerCase(), new Intl.Locale(tag).toString());
    }
  }
  return byName;
}

/** A language tag from an English language name (`German` → de), through ICU's own names. */
function tagOfName(name: string): string | undefined {
  const plain = name.toLowerCase(); // (trimmed by languageOf)
  // "Chinese Simplified", "Portuguese, Brazilian" → ICU's "Simplified Chinese", "Brazilian Portuguese".
  const swapped = plain.includes(',') ? plain.split(/\s*,\s*/).reverse().join(' ') : plain.split(/\s+/).reverse().join(' ');
  const byTwoLetters = twoLetterByName();
  // Regional and script forms tools name in full ("Brazilian Portuguese", "Simplified Chinese"):
  // few, so looked up anew on each call (a layout's language column, when no tag matched).
  const regional = ['pt-BR', 'pt-PT', 'zh-Hans', 'zh-Hant', 'zh-CN', 'zh-TW', 'zh-HK', 'es-419', 'es-MX', 'es-ES', 'en-US', 'en-GB', 'en-AU', 'en-CA', 'fr-CA', 'fr-CH', 'de-AT', 'de-CH', 'sr-Latn', 'sr-Cyrl', 'nl-BE'];
  const isNamed = (tag: string): boolean => {
    const known = names().of(tag)?.toLowerCase();
    return known === plain || known === swapped;
  };
  return byTwoLetters.get(plain) ?? byTwoLetters.get(swapped) ?? regional.find(isNamed);
}

/**
 * A tag written with underscores (`de_DE`, `pt_BR`, as Lokalise and Java write them) as BCP 47 in
 * its canonical case (`de-DE`, `pt-BR`), when ICU knows it; undefined otherwise (README,
 * "Glossary file layouts"). The planner matches it case-insensitively against the glossary's keys.
 */
export function underscoreTag(text: string): string | undefined {
  const value = text.trim();
  if (!value.includes('_')) return undefined;
  const hyphens = value.replace(/_/g, '-');
  if (!knownLanguage(hyphens)) return undefined;
  try {
    return Intl.getCanonicalLocales(hyphens)[0] ?? hyphens;
  } catch {
    return undefined;
  }
}

/** A layout's language: a tag ICU knows (`pt_BR` as `pt-BR`), or an English language name. */
export function languageOf(text: string): string | undefined {
  const value = text.trim();
  if (knownLanguage(value)) return value;
  return underscoreTag(value) ?? tagOfName(value);
}

/**
 * `--languages en,de`: the languages of a file's term columns in order, for a header that does
 * not say them (or a file without one). Each must be a language ICU knows; none twice.
 */
export function parseLanguagesFlag(value: string): string[] {
  const codes = value.split(',').map((c) => c.trim());
  const seen = new Set<string>();
  for (const [i, written] of codes.entries()) {
    const code = underscoreTag(written) ?? written;
    codes[i] = code;
    if (code === '') throw new UsageError(`--languages takes language tags separated by commas, like en,de — not ${JSON.stringify(value)}`);
    if (!knownLanguage(code)) throw new UsageError(`--languages: ${JSON.stringify(code)} is no language tag ICU knows (like en, de, pt-BR)`);
    if (seen.has(code.toLowerCase())) throw new UsageError(`--languages names ${code} twice`);
    seen.add(code.toLowerCase());
  }
  return codes;
}

/** Every two-letter language ICU names in English, in its canonical form, made once. */
const twoLetterTags = (): string[] => [...new Set(twoLetterByName().values())].filter((t) => !t.includes('-'));

const namesIn = new Map<string, Map<string, string>>();
/**
 * Every two-letter language by its name in `locale` (lower case), `autonyms` each by its name in
 * itself (`magyar` → hu, `deutsch` → de), from ICU's display names; made once each.
 */
function byNameIn(locale: string | 'autonyms'): Map<string, string> {
  let map = namesIn.get(locale);
  if (map !== undefined) return map;
  map = new Map();
  const tags = twoLetterTags();
  for (const tag of locale === 'autonyms' ? Intl.DisplayNames.supportedLocalesOf(tags) : tags) {
    try {
      const name = new Intl.DisplayNames([locale === 'autonyms' ? tag : locale], { type: 'language', fallback: 'none' }).of(tag);
      if (name !== undefined) map.set(name.toLowerCase(), tag);
    } catch {
      // a locale ICU refuses: no names in it
    }
  }
  namesIn.set(locale, map);
  return map;
}

/** The suffixes spreadsheets add to a language's name in a header (`English_word`, `english_name`). */
const nameSuffix = /[\s_-]+(?:words?|names?|terms?)$/i;
/** A language's name before a metadata word (`english_description`, `Korean_descr`). */
const describedLanguage = /^(.+?)[\s_-]+(?:description|descr|desc|definition|explanation|notes?|comments?)$/i;

/**
 * A header cell that names a language by name (`teamctl help glossary-files`, "Glossary file
 * layouts"): in English (`Korean`, `english_name`), in itself (`Magyar`, `Deutsch`) or in one of
 * `inLanguages`, the languages the header's other cells name (`Angol`, Hungarian for English) —
 * with the suffixes spreadsheets add (`_word`, `_name`, `_term`). Its tag, or undefined.
 */
export function languageByName(cell: string, inLanguages: readonly string[] = []): string | undefined {
  const name = cell.trim().replace(nameSuffix, '').replace(/[_]+/g, ' ').trim();
  if (name === '') return undefined;
  const lower = name.toLowerCase();
  const found = tagOfName(name) ?? byNameIn('autonyms').get(lower);
  if (found !== undefined) return found;
  for (const language of inLanguages) {
    const base = language.replace(/-.*/, '').toLowerCase();
    if (!Intl.DisplayNames.supportedLocalesOf([base]).length) continue;
    const tag = byNameIn(base).get(lower);
    if (tag !== undefined) return tag;
  }
  return undefined;
}

/** Whether a header cell is a named language's metadata (`english_description`, `Korean_descr`). */
export function languageMetadata(cell: string, inLanguages: readonly string[] = []): boolean {
  const named = describedLanguage.exec(cell.trim())?.[1];
  return named !== undefined && (languageOf(named) !== undefined || languageByName(named, inLanguages) !== undefined);
}
