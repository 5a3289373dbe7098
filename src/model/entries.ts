// What a glossary row is, and when two translation maps are the same (README, "Development"): the
// keys readers and planners share, below both, so neither imports the other.

/** One row of a glossary file, checked and normalised (trimmed, NFC, empty cells dropped). */
export interface GlossaryRow {
  /** Line the row starts on. */
  line: number;
  /** The `id` cell when non-empty: the row updates that entry. */
  id?: string;
  /** Language key (as spelled in the header) → translation; never empty values. */
  translations: Record<string, string>;
}

/** What every cell goes through before it is compared or sent. */
export function normaliseCell(value: string): string {
  return value.trim().normalize('NFC');
}

/** The comparable form of a translation map: lower-case keys, trimmed NFC values, no empties. */
export function normaliseTranslations(translations: Record<string, unknown>): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(translations)) {
    if (typeof v !== 'string') continue;
    const key = k.toLowerCase();
    const value = normaliseCell(v);
    if (value !== '' && !out.has(key)) out.set(key, value);
  }
  return out;
}

/** A comparable text of a normalised map: equal for maps sameTranslations() calls equal. */
export function signature(normalised: Map<string, string>): string {
  return JSON.stringify([...normalised].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** Equal translations: the same languages with the same values, after normalisation. */
export function sameTranslations(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  return signature(normaliseTranslations(a)) === signature(normaliseTranslations(b));
}

/** A comparable text for a translation map: equal for maps sameTranslations() calls equal. */
export function translationsKey(translations: Record<string, unknown>): string {
  return signature(normaliseTranslations(translations));
}
