// What a glossary cell is, for the reader and the writers alike: how it is normalised before it
// is compared or sent, and the apostrophe an export puts before a cell a spreadsheet would run as
// a formula, which the reader takes off again (README, "The glossary"). excelCell is also every
// --report CSV's cell (`teamctl help formatting`, "Reports").

import { normaliseCell } from '../model/entries.js';

/** Cells a spreadsheet may run as a formula (OWASP CSV injection): = + - @ tab CR first. */
export const formulaStart = /^[=+\-@\t\r]/;
/** A cell with an apostrophe an export added: one or more `'`, then = + - @ tab or CR. */
export const escapedCell = /^'+[=+\-@\t\r]/;

/** A cell without the apostrophe an export added: the first `'` of an escaped cell (see the decisions above). */
export function unneutraliseCell(value: string): string {
  return escapedCell.test(value) ? value.slice(1) : value;
}

/** A raw cell as the reader takes it: trimmed, NFC, without an export's apostrophe. */
export function readCell(raw: string): string {
  return normaliseCell(unneutraliseCell(normaliseCell(raw)));
}

/**
 * A cell for `export --excel` and every `--report` CSV: one leading `'` for any value that (after
 * trimming) starts with = + - @, optionally after apostrophes (`=SUM(A1)` → `'=SUM(A1)`, `'=x` →
 * `''=x`), so a spreadsheet shows it as text; the reader removes that apostrophe again. A value
 * whose raw text starts with = + - @ tab or CR but reads otherwise once trimmed and NFC (a leading
 * tab; `=` followed by U+0338, which NFC composes into `≠`) gets the `'` when that reads back
 * exactly, and is written as the import reads it (trimmed, NFC) otherwise.
 */
export function excelCell(value: string): string {
  const n = normaliseCell(value);
  if (/^'*[=+\-@\t\r]/.test(n)) return `'${n}`;
  if (!formulaStart.test(value)) return value;
  const quoted = `'${value}`;
  return readCell(quoted) === n ? quoted : n;
}
