// Crowdin's upload scheme (`teamctl help glossary-files`, "Glossary file layouts"): `Term:English,Description:English,
// Part:English,Term:German`, the languages as English names (mapped to tags through ICU).
import type { DelimitedLayout } from './layout.js';

/** `Term:German` → `German`. (The expression is written where it is used, so each call tests it anew.) */
const languageOfColumn = (cell: string): string | undefined => /^term\s*:\s*(.+)$/i.exec(cell)?.[1];

export const crowdinUpload: DelimitedLayout = {
  name: "Crowdin's glossary upload scheme",
  example: 'Term:English,Description:English,Part:English,Term:German',
  fix: 'remove that column, or give it a language as Crowdin does (Term:German)',
  detect: (head) => (head.some((c) => languageOfColumn(c) !== undefined) ? 10 : undefined),
  languageColumn: languageOfColumn,
  metadata: ['part'],
};
