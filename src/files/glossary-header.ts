// The one recogniser of glossary headers (README, "Glossary file layouts"), for every delimited
// glossary file: which column holds which language, which is the entry id, which are metadata a
// glossary cannot hold (ignored, named in one warning), and which hold terms in a language the
// header does not say (`source`, `target`, Transifex's `term`), which `--languages` names.
// A header cell is a language only when ICU (Intl.DisplayNames) knows it, or a layout's language
// column names it (`Term [de]`, `Term:German`, `translation_de`); a key ICU does not know but the
// organization's glossary uses is accepted once the glossary is read (src/glossary/run.ts).
import { UsageError } from '../errors.js';
import { languageKeyPattern } from '../glossary/languages.js';

export type HeaderCell =
  | { kind: 'id' }
  | { kind: 'language'; language: string }
  /** A key of the language-key shape ICU does not know: a language only if the glossary uses it. */
  | { kind: 'maybe-language'; language: string }
  | { kind: 'metadata' }
  /** Terms in a language the header does not say (source, target, term): --languages names it. */
  | { kind: 'term' }
  | { kind: 'unknown' };

// Columns of metadata that glossaries and CAT tools export beside the terms (any case; `_`, `-` and
// spaces alike), also per language: `Description [en]`, `Description:English`, `comment_de`.
const metadataNames = new Set([
  'pos',
  'part of speech',
  'partofspeech',
  'part',
  'description',
  'definition',
  'note',
  'notes',
  'comment',
  'comments',
  'context',
  'developer comments',
  'status',
  'domain',
  'translatable',
  'case sensitive',
  'casesensitive',
  'type',
  'gender',
  'url',
  'image',
  'tags',
  'usage note',
  'explanation',
  'forbidden',
  'created',
  'updated',
  'updatedat',
  'createdat',
]);

/** Columns whose terms are in a language the header does not name (Weblate, Transifex, DeepL). */
const termNames = new Set(['source', 'target', 'term', 'source term', 'target term', 'translation']);

let displayNames: Intl.DisplayNames | undefined;
/** ICU's English name of a language tag, or undefined when it knows none (or the tag is malformed). */
function languageName(tag: string): string | undefined {
  displayNames ??= new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });
  try {
    return displayNames.of(tag) ?? displayNames.of(tag.split('-')[0] ?? '');
  } catch {
    return undefined;
  }
}

/** Whether ICU knows `tag` as a language (its base language, at least). */
export function knownLanguage(tag: string): boolean {
  return languageKeyPattern.test(tag) && tag.toLowerCase() !== 'und' && languageName(tag) !== undefined;
}

let byName: Map<string, string> | undefined;
/** A language tag from an English language name (`German` → de), through ICU's own names. */
function tagOfName(name: string): string | undefined {
  if (byName === undefined) {
    languageName('en'); // ICU's names, made once
    byName = new Map();
    const letters = 'abcdefghijklmnopqrstuvwxyz';
    const tags = [...letters].flatMap((a) => [...letters].map((b) => a + b));
    // Regional and script forms tools name in full ("Brazilian Portuguese", "Simplified Chinese").
    tags.push('pt-BR', 'pt-PT', 'zh-Hans', 'zh-Hant', 'zh-CN', 'zh-TW', 'zh-HK', 'es-419', 'es-MX', 'es-ES', 'en-US', 'en-GB', 'en-AU', 'en-CA', 'fr-CA', 'fr-CH', 'de-AT', 'de-CH', 'sr-Latn', 'sr-Cyrl', 'nl-BE');
    for (const tag of tags) {
      const known = displayNames?.of(tag);
      if (known !== undefined && !byName.has(known.toLowerCase())) byName.set(known.toLowerCase(), tag);
    }
  }
  const plain = name.trim().toLowerCase();
  // "Chinese Simplified", "Portuguese, Brazilian" → ICU's "Simplified Chinese", "Brazilian Portuguese".
  const swapped = plain.includes(',') ? plain.split(/\s*,\s*/).reverse().join(' ') : plain.split(/\s+/).reverse().join(' ');
  return byName.get(plain) ?? byName.get(swapped);
}

/** A layout's language: a tag ICU knows, or an English language name. */
function languageOf(text: string): string | undefined {
  const value = text.trim();
  if (knownLanguage(value)) return value;
  return tagOfName(value);
}

const squash = (name: string): string => name.trim().toLowerCase().replace(/[\s_-]+/g, ' ');

/** What one header cell is (see the file comment). */
export function recogniseHeaderCell(raw: string): HeaderCell {
  const cell = raw.trim();
  if (cell.toLowerCase() === 'id') return { kind: 'id' };
  // Crowdin's export (`Term [de]`) and upload scheme (`Term:German`); Transifex (`translation_de`).
  const layout = /^term\s*\[(.+)\]$/i.exec(cell) ?? /^term\s*:\s*(.+)$/i.exec(cell) ?? /^translation_(.+)$/i.exec(cell);
  if (layout?.[1] !== undefined) {
    const language = languageOf(layout[1]);
    return language === undefined ? { kind: 'unknown' } : { kind: 'language', language };
  }
  // Metadata, also per language: `Description [en]`, `Part:English`, `comment_de`, `notes (fr)`.
  const base = squash(cell.replace(/\s*\[[^\]]*\]$/, '').replace(/\s*\([^)]*\)$/, '').replace(/\s*:.*$/, '').replace(/_[A-Za-z]{2,3}([_-][A-Za-z0-9]{2,8})*$/, ''));
  if (metadataNames.has(base)) return { kind: 'metadata' };
  if (termNames.has(squash(cell))) return { kind: 'term' };
  if (knownLanguage(cell)) return { kind: 'language', language: cell };
  // A key with subtags ICU cannot name (`xx-brand`) may be one the glossary uses; a bare two or
  // three letters it does not know (`AI`, `CEO`) is a word, not a language.
  if (languageKeyPattern.test(cell) && cell.includes('-')) return { kind: 'maybe-language', language: cell };
  return { kind: 'unknown' };
}


/**
 * `--languages en,de`: the languages of a file's term columns in order, for a header that does
 * not say them (or a file without one). Each must be a language ICU knows; none twice.
 */
export function parseLanguagesFlag(value: string): string[] {
  const codes = value.split(',').map((c) => c.trim());
  const seen = new Set<string>();
  for (const code of codes) {
    if (code === '') throw new UsageError(`--languages takes language tags separated by commas, like en,de — not ${JSON.stringify(value)}`);
    if (!knownLanguage(code)) throw new UsageError(`--languages: ${JSON.stringify(code)} is no language tag ICU knows (like en, de, pt-BR)`);
    if (seen.has(code.toLowerCase())) throw new UsageError(`--languages names ${code} twice`);
    seen.add(code.toLowerCase());
  }
  return codes;
}
