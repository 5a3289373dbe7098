// Glossaries without a header row (`teamctl help glossary-files`, "Glossary file layouts"): DeepL's and Google Cloud
// Translation's unidirectional glossaries and Okapi's lists are `source,target` pairs by their own
// specification: `--languages en,de` names their languages, and then every line is an entry.
// DeepL's export (and `glossary export --format deepl`) adds the two language codes to every row
// (`bank,Bank,EN,DE`): those codes are its languages, no flag needed (header.ts reads them from
// line 1, rows.ts checks every line's, src/glossary/deeplKeys.ts makes them the glossary's keys).
import { knownLanguage } from './icu.js';
import type { DelimitedLayout } from './layout.js';

/**
 * DeepL's export: two terms, then the two languages' codes; less sure than any layout whose
 * columns are named. Read by its own codes (header.ts), so never refused: no `fix`.
 */
export const deeplExport: DelimitedLayout = {
  name: "a DeepL glossary export (two terms, then the two language codes, no header)",
  example: 'bank,Bank,EN,DE',
  detect: (head) => (head.length === 4 && !knownLanguage(head[0]) && knownLanguage(head[2]) && knownLanguage(head[3]) ? 4 : undefined),
};

/**
 * A list of term pairs (or more columns of terms) without a header: the layout of any first line
 * no other layout claims. (Its refusal gives a --languages as long as the line: header.ts.)
 */
export const headerless: DelimitedLayout = {
  name: 'a glossary without a header (DeepL, Google unidirectional, a two-column list)',
  example: 'hermosa,belle',
  detect: () => 1,
};

/**
 * The code DeepL's glossaries take for a language key (README, "The glossary"): its primary
 * subtag in upper case, since a DeepL glossary has no regional variants (`en-US` → `EN`, `pt-BR`
 * → `PT`, `zh-Hant` → `ZH`); Norwegian `no` is DeepL's `NB`.
 */
export function deeplCode(language: string): string {
  const primary = language.trim().split(/[-_]/)[0]?.toUpperCase() ?? '';
  return primary === 'NO' ? 'NB' : primary;
}
