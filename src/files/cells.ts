// What a glossary cell is, for the reader and the writers alike: how it is normalised before it
// is compared or sent, and the apostrophe an export puts before a cell a spreadsheet would run as
// a formula, which the reader takes off again (README, "glossary export").

/** What every cell goes through before it is compared or sent. */
export function normaliseCell(value: string): string {
  return value.trim().normalize('NFC');
}

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
