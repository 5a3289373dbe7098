// Phrase's term base (README, "Glossary file layouts"): `term,description,translatable,
// case sensitive,en,de,fr`. Its `term` column usually repeats one of the language columns: then
// it is removed; otherwise `--languages` names its language.
import { knownLanguage } from './icu.js';
import { squash, type DelimitedLayout } from './layout.js';

export const phrase: DelimitedLayout = {
  name: 'a Phrase term base',
  example: 'term,description,translatable,case sensitive,en,de,fr',
  fix: 'remove the term column when it repeats a language column; otherwise name its language, --languages en',
  detect: (head) => {
    const names = head.map(squash);
    if (!names.includes('term')) return undefined;
    if (names.includes('translatable') || names.includes('case sensitive')) return 10;
    return names.includes('description') && head.some(knownLanguage) ? 7 : undefined;
  },
  termColumns: ['term'],
  metadata: ['translatable', 'case sensitive', 'casesensitive'],
};
