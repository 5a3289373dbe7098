// Crowdin's glossary export (README, "Glossary file layouts"): a column per language and field,
// `Term [en],Description [en],Part of Speech [en],Term [de]`. The language in brackets is a tag.
import type { DelimitedLayout } from './layout.js';

const column = /^term\s*\[(.+)\]$/i;

export const crowdinExport: DelimitedLayout = {
  name: 'a Crowdin glossary export',
  example: 'Term [en],Description [en],Part of Speech [en],Term [de]',
  fix: 'remove that column, or give it a language as Crowdin does (Term [de])',
  detect: (head) => (head.some((c) => column.test(c)) ? 10 : undefined),
  languageColumn: (cell) => column.exec(cell)?.[1],
};
