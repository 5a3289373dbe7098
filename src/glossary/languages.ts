// `--lang en,fr` for glossary list and export: checked codes, and translations looked up in them.
// Language keys are case-insensitive (BCP 47), so `--lang pt-br` finds a glossary's `pt-BR`.
import type { GlossaryTranslations } from '../api/types.js';
import { UsageError } from '../errors.js';
import { languageKeyPattern } from '../files/glossary.js';

export { languageKeyPattern };

/** The codes of `--lang`, in the order given; a bad or repeated code is a usage error. */
export function parseLanguageList(value: string): string[] {
  const codes = value.split(',').map((c) => c.trim());
  const seen = new Set<string>();
  for (const code of codes) {
    if (code === '') throw new UsageError(`--lang takes language keys separated by commas, like en,fr — not ${JSON.stringify(value)}`);
    if (!languageKeyPattern.test(code) || code.toLowerCase() === 'id') {
      throw new UsageError(`--lang: ${JSON.stringify(code)} is not a language key (like en, fr, pt-BR)`);
    }
    if (seen.has(code.toLowerCase())) throw new UsageError(`--lang: ${JSON.stringify(code)} is named twice`);
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
