// Markdown safe to paste into a pull-request comment or a job summary (README, "Review, then
// apply"): a title line, then one table per section. Every cell is user-supplied text (e-mails,
// translations, service messages), so it is escaped until it can neither break the table nor
// become HTML, a link, a heading or an @mention that notifies someone.

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

/** One cell's text: no line breaks, no pipes, no markup, no mentions. */
export function markdownCell(value: string): string {
  return (
    value
      // Control characters would be invisible or break the line: spell them out.
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
      .replace(/\r\n|\r|\n/g, ' ')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      // Backslash first, so the escapes added below stay escapes.
      .replace(/\\(?!u[0-9a-f]{4})/g, '\\\\')
      .replace(/[|`*_[\]#~!()]/g, (c) => `\\${c}`)
      // @user would notify that user; a zero-width joiner keeps the text but not the mention.
      .replace(/@/g, '@\u200b')
  );
}

function table(columns: readonly string[], rows: readonly string[][]): string[] {
  const line = (cells: readonly string[]): string => `| ${cells.map(markdownCell).join(' | ')} |`;
  return [line(columns), `|${columns.map(() => ' --- |').join('')}`, ...rows.map((r) => line(columns.map((_, i) => r[i] ?? '')))];
}

function section(s: MarkdownSection): string[] {
  const heading = s.heading === '' ? [] : [`#### ${markdownCell(s.heading)} (${s.rows.length})`, ''];
  if (s.rows.length === 0) return s.heading === '' ? ['(none)'] : [`${markdownCell(s.heading)}: none`];
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
  if (doc.title !== '') parts.push(`### ${markdownCell(doc.title)}`, '');
  for (const s of doc.sections) parts.push(...section(s), '');
  return parts.join('\n');
}
