// Text from outside (the service's messages, e-mails and names, file contents) shown to people
// (README, "Reliability"): control characters and bidi overrides are spelled out, so an answer
// cannot clear the screen, set the window title, hide text or forge a line of its own.

// C0 and C1 controls, DEL, the direction marks and overrides, and the invisible characters a
// reader could not see (zero-width space and joiners, word joiner, soft hyphen, BOM).
// eslint-disable-next-line no-control-regex
const unsafe = /[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;
// eslint-disable-next-line no-control-regex
const unsafeKeepingLines = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;

const named: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t', '\u001b': '\\e' };
const spell = (c: string): string => named[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** A value embedded in one line of text: every control character spelled out, line breaks too. */
export function oneLine(value: string): string {
  return value.replace(unsafe, spell);
}

// teamctl's own colours (chalk's SGR sequences, `ESC [ … m`) pass; nothing else that starts with ESC.
// eslint-disable-next-line no-control-regex
const colour = /^\u001b\[[0-9;]*m$/;
const colourOrUnsafe = new RegExp(`\u001b\\[[0-9;]*m|${unsafeKeepingLines.source}`, 'g');

/**
 * Whole text for a terminal: lines, tabs and colours stay, every other control character is
 * spelled out (a screen clear, a title, a carriage return that overwrites a line). Values that
 * could forge a line of their own are made one line where they are embedded (oneLine).
 */
export function forTerminal(text: string): string {
  return text.replace(colourOrUnsafe, (m) => (colour.test(m) ? m : spell(m)));
}
