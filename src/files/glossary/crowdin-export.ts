// Crowdin's glossary export (`teamctl help glossary-files`, "Glossary file layouts"): a column per language and field,
// `Term [en],Description [en],Part of Speech [en],Term [de]`. The language in brackets is a tag.
import type { DelimitedLayout } from './layout.js';

/** `Term [de]` → `de`. (The expression is written where it is used, so each call tests it anew.) */
const languageOfColumn = (cell: string): string | undefined => /^term\s*\[(.+)\]$/i.exec(cell)?.[1];

export const crowdinExport: DelimitedLayout = {
  name: 'a Crowdin glossary export',
  example: 'Term [en],Description [en],Part of Speech [en],Term [de]',
  fix: 'remove that column, or give it a language as Crowdin does (Term [de])',
  detect: (head) => (head.some((c) => languageOfColumn(c) !== undefined) ? 10 : undefined),
  languageColumn: languageOfColumn,
};
