// The language rules of the glossary, in one place for the file readers and writers, the
// commands and the sandbox: what a language key is, the order of language columns, and `--lang en,fr`
// (checked codes, and translations looked up in them). Language keys are case-insensitive
// (BCP 47), so `--lang pt-br` finds a glossary's `pt-BR`. A leaf: it imports no other layer.
import type { GlossaryEntry, GlossaryTranslations } from '../api/types.js';
import { UsageError } from '../errors.js';

/** Language keys in a header (README, "The glossary"). */
export const languageKeyPattern = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;

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

/** The codes of `--lang` (or `flag`), in the order given; a bad or repeated code is a usage error. */
export function parseLanguageList(value: string, flag = '--lang'): string[] {
  const codes = value.split(',').map((c) => c.trim());
  const seen = new Set<string>();
  for (const code of codes) {
    if (code === '') throw new UsageError(`${flag} takes language keys separated by commas, like en,fr — not ${JSON.stringify(value)}`);
    if (!languageKeyPattern.test(code) || code.toLowerCase() === 'id') {
      throw new UsageError(`${flag}: ${JSON.stringify(code)} is not a language key (like en, fr, pt-BR)`);
    }
    if (seen.has(code.toLowerCase())) throw new UsageError(`${flag}: ${JSON.stringify(code)} is named twice`);
    seen.add(code.toLowerCase());
  }
  return codes;
}

/** The translation for `language`, matching the key case-insensitively; exact spelling first. */
export function translationFor(translations: GlossaryTranslations, language: string): string | undefined {
  const exact = translations[language];
  if (typeof exact === 'string') return exact;
  const lower = language.toLowerCase();
  for (const [key, value] of Object.entries(translations)) if (key.toLowerCase() === lower && typeof value === 'string') return value;
  return undefined;
}

/** Only the chosen languages, spelled as given; empty translations left out. */
export function selectLanguages(translations: GlossaryTranslations, languages: readonly string[]): GlossaryTranslations {
  const out: GlossaryTranslations = {};
  for (const language of languages) {
    const value = translationFor(translations, language);
    if (value !== undefined && value !== '') out[language] = value;
  }
  return out;
}
