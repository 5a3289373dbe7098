// Text from outside (the service's messages, e-mails and names, file contents) shown to people
// (`teamctl help reliability`, "Reliability"): control characters and bidi overrides are spelled out, so an answer
// cannot clear the screen, set the window title, hide text or forge a line of its own.

// C0 and C1 controls, DEL, the line and paragraph separators (U+2028, U+2029: line breaks to
// editors and log viewers), the direction marks and overrides, and the invisible characters a
// reader could not see (zero-width space and joiners, word joiner, soft hyphen, BOM).
// eslint-disable-next-line no-control-regex
const unsafe = /[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;
// eslint-disable-next-line no-control-regex
const unsafeKeepingLines = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;

const named: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t', '\u001b': '\\e' };
const spell = (c: string): string => named[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** A value embedded in one line of text: every control character spelled out, line breaks too. */
export function oneLine(value: string): string {
  return value.replace(unsafe, spell);
}

/**
 * `key: value` lines (whoami, auth status; `key=value` for config list), for people and scripts
 * alike: each value is made one line (oneLine) on a pipe too, so a value from outside (a service's
 * answer, a config file) cannot add a line of its own.
 */
export function keyValueLines(rows: readonly (readonly [string, string])[], separator = ': '): string {
  return rows.map(([key, value]) => `${key}${separator}${oneLine(value)}\n`).join('');
}

// teamctl's own colours (chalk's SGR sequences, `ESC [ … m`) pass only in text teamctl painted
// itself, after every value from outside in it was made one line (which spells an ESC out): a
// colour code in data never reaches a terminal, whatever stream or format carries it.
// eslint-disable-next-line no-control-regex
const colour = /^\u001b\[[0-9;]*m$/;
const colourOrUnsafe = new RegExp(`\u001b\\[[0-9;]*m|${unsafeKeepingLines.source}`, 'g');

/** Painted texts not yet written, with how many times each is to be. */
const paintedTexts = new Map<string, number>();

/**
 * Marks `text` as coloured by teamctl (a table's headings, a plan's lines), every outside value in
 * it already made safe (oneLine): its colours pass forTerminal when it is written.
 */
export function painted(text: string): string {
  paintedTexts.set(text, (paintedTexts.get(text) ?? 0) + 1);
  return text;
}

/** Whether `text` is painted (see painted); its mark is used up. */
export function takePainted(text: string): boolean {
  const count = paintedTexts.get(text);
  if (count === undefined) return false;
  if (count <= 1) paintedTexts.delete(text);
  else paintedTexts.set(text, count - 1);
  return true;
}

/**
 * Whole text for a terminal: lines and tabs stay, every other control character is spelled out (a
 * screen clear, a title, a carriage return that overwrites a line, a colour). Colours stay only
 * with `keepColours`, for text teamctl painted. Values that could forge a line of their own are
 * made one line where they are embedded (oneLine).
 */
export function forTerminal(text: string, keepColours = false): string {
  return text.replace(colourOrUnsafe, (m) => (keepColours && colour.test(m) ? m : m.replace(unsafeKeepingLines, spell)));
}
