// teamctl's own CSV (README, "The glossary"): `id,en,fr,de`, what `glossary export` writes.
// The `id` column and the language tags are the header recogniser's own rules (header.ts); this
// layout only says when a header is one of its files.
import { knownLanguage } from './icu.js';
import type { DelimitedLayout } from './layout.js';

export const teamctlCsv: DelimitedLayout = {
  name: "teamctl's CSV",
  example: 'id,en,fr,de',
  // (`id` is also a language to ICU, Indonesian: every cell a language includes the id column.)
  detect: (head) => (head.some((c) => c.toLowerCase() === 'id') && head.every(knownLanguage) ? 8 : undefined),
};
