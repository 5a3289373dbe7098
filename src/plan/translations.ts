// Which translations a run asks for (`teamctl help translations`): named by id, every one, those
// into some languages, or those whose target language a glossary change touched. Pure: each run is
// billable, so what is chosen is tested here, apart from the requests.

/** What of a translation the choice reads. */
export interface TranslationLike {
  id: string;
  /** The target language (the service's TranslationLanguage, lower case). */
  language: string;
}

/** How the translations are chosen: exactly one of these. */
export type TranslationChoice = { ids: readonly string[] } | { all: true } | { languages: readonly string[] };

/** A language as the service compares it: its code in lower case (`pt-BR` and `pt-br` are one). */
export const languageKey = (code: string): string => code.trim().toLowerCase();

/**
 * The translations chosen, in the listing's order, each once; `unknown` are the ids the listing
 * does not have (nothing is run then). Languages match in any case.
 */
export function chooseTranslations<T extends TranslationLike>(listed: readonly T[], choice: TranslationChoice): { chosen: T[]; unknown: string[] } {
  if ('all' in choice) return { chosen: [...listed], unknown: [] };
  if ('languages' in choice) {
    const wanted = new Set(choice.languages.map(languageKey));
    return { chosen: listed.filter((t) => wanted.has(languageKey(t.language))), unknown: [] };
  }
  const ids = new Set(listed.map((t) => t.id));
  const named = new Set(choice.ids);
  return { chosen: listed.filter((t) => named.has(t.id)), unknown: [...named].filter((id) => !ids.has(id)) };
}

/** The languages a glossary change touched: every key of what it inserts, updates (before and after) or deletes. */
export function touchedLanguages(changes: readonly { translations: Readonly<Record<string, string>>; before?: Readonly<Record<string, string>> | undefined }[]): string[] {
  const keys = new Set<string>();
  for (const c of changes) {
    const before = c.before ?? {};
    const all = new Set([...Object.keys(c.translations), ...Object.keys(before)]);
    // An update touches a language whose term it changes, adds or removes; not the ones it keeps.
    for (const key of all) if (c.before === undefined || c.translations[key] !== before[key]) keys.add(languageKey(key));
  }
  return [...keys].sort();
}
