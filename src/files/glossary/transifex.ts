// Transifex's glossary (`teamctl help glossary-files`, "Glossary file layouts"): `term,pos,comment,translation_de,
// comment_de`. The `term` column's language is the project's source language, which the header
// does not say: `--languages en` names it (or `--languages en,de`, every term column in order).
import { squash, type DelimitedLayout } from './layout.js';

/** `translation_de` → `de`. (The expression is written where it is used, so each call tests it anew.) */
const languageOfColumn = (cell: string): string | undefined => /^translation_(.+)$/i.exec(cell)?.[1];

export const transifex: DelimitedLayout = {
  name: 'a Transifex glossary',
  example: 'term,pos,comment,translation_de,comment_de',
  fix: "name the term column's language, --languages en (or every term column's in order, --languages en,de)",
  detect: (head) => (head.some((c) => languageOfColumn(c) !== undefined) ? 9 : squash(head[0] ?? '') === 'term' && head.some((c) => ['pos', 'comment'].includes(squash(c))) ? 6 : undefined),
  languageColumn: languageOfColumn,
  termColumns: ['term', 'translation'],
};
