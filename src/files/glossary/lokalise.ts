// Lokalise's glossary (`teamctl help glossary-files`, "Glossary file layouts"), `;` or `,`:
// `term;description;casesensitive;translatable;forbidden;tags;en;de_DE`. The translations come
// from the language columns (`de_DE` read as de-DE, icu.ts); `term` is the base language's term,
// which Lokalise's export leaves out of that language's own column: it fills that column's empty
// cells (header.ts, baseOfTerm), as Phrase's; `forbidden` is a boolean term status (status.ts) of its row;
// a non-translatable term (`translatable` 0) is read as written.
import { squash, type DelimitedLayout } from './layout.js';

export const lokalise: DelimitedLayout = {
  name: 'a Lokalise glossary',
  example: 'term;description;casesensitive;translatable;forbidden;tags;en;de_DE',
  fix: "name the term column's language, the project's base language: --languages <base language> (beside language columns it fills that language's empty cells)",
  detect: (head) => {
    const names = head.map(squash);
    return names.includes('term') && names.includes('forbidden') && (names.includes('casesensitive') || names.includes('translatable')) ? 11 : undefined;
  },
  termColumns: ['term'],
  metadata: ['casesensitive', 'translatable', 'tags'],
  termRepeatsLanguage: true,
};
