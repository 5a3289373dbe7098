// Phrase's term base (`teamctl help glossary-files`, "Glossary file layouts"): `term,description,translatable,
// case sensitive,en,de,fr`. Its `term` column is the base language's term: beside the language
// columns it fills that language's empty cells (header.ts, baseOfTerm); a file with only
// `term` needs `--languages` to name its language. A non-translatable term (`translatable` false)
// is read as written, never dropped; a `status` column is read by the term-status rule (status.ts).
import { knownLanguage } from './icu.js';
import { squash, type DelimitedLayout } from './layout.js';

export const phrase: DelimitedLayout = {
  name: 'a Phrase term base',
  example: 'term,description,translatable,case sensitive,en,de,fr',
  fix: "name the term column's language, --languages en (beside language columns it fills that language's empty cells)",
  detect: (head) => {
    const names = head.map(squash);
    if (!names.includes('term')) return undefined;
    if (names.includes('translatable') || names.includes('case sensitive')) return 10;
    return names.includes('description') && head.some(knownLanguage) ? 7 : undefined;
  },
  termColumns: ['term'],
  metadata: ['translatable', 'case sensitive', 'casesensitive'],
  termRepeatsLanguage: true,
};
