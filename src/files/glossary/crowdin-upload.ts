// Crowdin's upload scheme (README, "Glossary file layouts"): `Term:English,Description:English,
// Part:English,Term:German`, the languages as English names (mapped to tags through ICU).
import type { DelimitedLayout } from './layout.js';

const column = /^term\s*:\s*(.+)$/i;

export const crowdinUpload: DelimitedLayout = {
  name: "Crowdin's glossary upload scheme",
  example: 'Term:English,Description:English,Part:English,Term:German',
  fix: 'remove that column, or give it a language as Crowdin does (Term:German)',
  detect: (head) => (head.some((c) => column.test(c)) ? 10 : undefined),
  languageColumn: (cell) => column.exec(cell)?.[1],
  metadata: ['part'],
};
