// SDL MultiTerm XML (`teamctl help glossary-files`, "From a CAT tool"): `mtf/conceptGrp/languageGrp[language/@lang]/
// termGrp/term`, read by the concept reader (xml.ts) like TBX. Its concept numbers are named in
// warnings, never taken as entry ids; its languages are canonical tags (`EN-US` → `en-US`).
import type { XmlLayout } from './layout.js';

export const multiTerm: XmlLayout = {
  name: 'SDL MultiTerm XML',
  example: '<mtf><conceptGrp><languageGrp><language lang="EN-US"/><termGrp><term>',
  detect: (root) => (root === 'mtf' ? 10 : undefined),
  concept: ['conceptGrp'],
};

/** A MultiTerm language: its `lang` attribute as a canonical tag (EN-US → en-US), else its `type`. */
export function multiTermLanguage(lang: string | undefined, type: string | undefined): string | undefined {
  const tag = lang?.trim();
  if (!tag) return type?.trim() || undefined;
  try {
    return Intl.getCanonicalLocales(tag)[0] ?? tag;
  } catch {
    return tag;
  }
}
