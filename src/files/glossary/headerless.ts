// Glossaries without a header row (README, "Glossary file layouts"): DeepL's and Google Cloud
// Translation's unidirectional glossaries and Okapi's lists are `source,target` pairs by their own
// specification; DeepL's export adds the two language codes to every row (`bank,Bank,EN,DE`).
// Nothing in such a file says its languages: `--languages en,de` names them, and then every
// line is an entry (rows.ts checks the code columns, and imports only the terms).
import { knownLanguage } from './icu.js';
import type { DelimitedLayout } from './layout.js';

/**
 * DeepL's export: two terms, then the two languages' codes; less sure than any layout whose
 * columns are named. (Its refusal names the file's own codes: header.ts; so no `fix` here.)
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
