// The sandbox's own language-key rules (README, "sandbox"), written from the service's documents,
// not borrowed from teamctl's client: a wrong client rule must not pass the tests for being shared.

/** What the sandbox takes for a language key in `orderBy` (the document lists language keys; the pattern is the sandbox's choice). */
export const orderByKey = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;

/** An entry's translation for `language`, its key matched case-insensitively (exact spelling first). */
export function translationIn(translations: Record<string, string>, language: string): string | undefined {
  const exact = translations[language];
  if (typeof exact === 'string') return exact;
  const lower = language.toLowerCase();
  for (const [key, value] of Object.entries(translations)) if (key.toLowerCase() === lower && typeof value === 'string') return value;
  return undefined;
}
