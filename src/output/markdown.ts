// Markdown safe to paste into a pull-request comment or a job summary (README, "Review, then
// apply"): a title line, then one table per section. Every cell is user-supplied text (e-mails,
// translations, service messages), so it can neither break the table nor become HTML, a link, a
// heading or an @mention that notifies someone, and it stays copyable as it was.
//
// Secrets are replaced first (src/redact.ts): escaping can split a token (`a_b` → `a\_b`), and a
// split token would no longer be recognised by the writer's last check (`teamctl help environment`, "Talking to the
// service"). That check learns both escapes below, so it knows how Markdown spells a token too.
import { addEscaper, redact } from '../redact.js';

export interface MarkdownSection {
  heading: string;
  columns: string[];
  rows: string[][];
}

export interface MarkdownDoc {
  title: string;
  sections: MarkdownSection[];
}

/** Rows shown before a table is folded into <details>. */
export const foldAfter = 20;

// Control characters and invisible or direction marks: spelled out, never written raw.
// eslint-disable-next-line no-control-regex
const hidden = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;
const spell = (c: string): string => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

// Text that Markdown shows exactly as written: letters, digits, spaces and punctuation that is no
// markup, and nothing GitHub would turn into a link (www., a scheme, an e-mail needs `@`).
const inert = /^[\p{L}\p{M}\p{N}\p{Zs},.;:'"()+=%/→←-]*$/u;
const linkLike = /www\.|:\/\//i;

/**
 * Text outside tables (titles, headings): markup escaped with backslashes. Only teamctl's own
 * words and identifiers go here.
 */
export function markdownText(value: string): string {
  return escapeText(redact(value));
}

/** markdownText's escaping alone, for text already redacted. */
export function escapeText(text: string): string {
  return (
    text
      .replace(hidden, spell)
      .replace(/\r\n|\r|\n/g, ' ')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      // Backslash first, so the escapes added below stay escapes.
      .replace(/\\(?!u[0-9a-f]{4})/g, '\\\\')
      .replace(/[|`*_[\]#~!()]/g, (c) => `\\${c}`)
      // No link (www., a scheme) and no mention: a title is read, not copied.
      .replace(/(www)\.|:(?=\/\/)/gi, (m, www: string | undefined) => (www ? `${www}\\.` : '\\:'))
      .replace(/@/g, '@\u200b')
  );
}

/**
 * One table cell. Inert text is written as it is; anything else becomes a code span, where
 * GitHub renders no markup, HTML, link or mention, and a copied e-mail is the e-mail itself.
 * Inside a table, a pipe is `\|` even in a code span (GitHub removes the backslash).
 */
export function markdownCell(value: string): string {
  return escapeCell(redact(value));
}

/** markdownCell's escaping alone, for text already redacted. */
export function escapeCell(value: string): string {
  // A backslash before a pipe cannot be carried inside a table (the pair means an escaped pipe):
  // it is spelled out like a control character.
  const text = value
    .replace(hidden, spell)
    .replace(/\r\n|\r|\n/g, ' ')
    .replace(/\\(?=\|)/g, spell);
  // A table trims its cells: text with spaces at either end goes in a code span too.
  if (inert.test(text) && !linkLike.test(text) && text.trim() === text) return text;
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  // A space each side when the text starts or ends with a backtick or a space (CommonMark
  // strips one space from each side of a code span).
  const pad = /^[` ]|[` ]$/.test(text) ? ' ' : '';
  return `${fence}${pad}${text.replace(/\|/g, '\\|')}${pad}${fence}`;
}

addEscaper('Markdown text', escapeText);
addEscaper('Markdown table cell', escapeCell);

function table(columns: readonly string[], rows: readonly string[][]): string[] {
  const line = (cells: readonly string[]): string => `| ${cells.map(markdownCell).join(' | ')} |`;
  return [line(columns), `|${columns.map(() => ' --- |').join('')}`, ...rows.map((r) => line(columns.map((_, i) => r[i] ?? '')))];
}

function section(s: MarkdownSection): string[] {
  const heading = s.heading === '' ? [] : [`#### ${markdownText(s.heading)} (${s.rows.length})`, ''];
  if (s.rows.length === 0) return s.heading === '' ? ['(none)'] : [`${markdownText(s.heading)}: none`];
  if (s.rows.length <= foldAfter) return [...heading, ...table(s.columns, s.rows)];
  // Long lists: the first rows in view, the whole table one click away.
  return [
    ...heading,
    ...table(s.columns, s.rows.slice(0, foldAfter)),
    '',
    '<details>',
    `<summary>All ${s.rows.length} rows</summary>`,
    '',
    ...table(s.columns, s.rows),
    '',
    '</details>',
  ];
}

/** The whole document, ending in a newline. */
export function renderMarkdown(doc: MarkdownDoc): string {
  const parts: string[] = [];
  if (doc.title !== '') parts.push(`### ${markdownText(doc.title)}`, '');
  for (const s of doc.sections) parts.push(...section(s), '');
  return parts.join('\n');
}
