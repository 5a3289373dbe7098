// The Markdown renderer (src/output/markdown.ts), checked by rendering it as GitHub does (GFM:
// tables, autolink literals): hostile cells stay inside their cell, render no HTML, link or
// markup, and read back as the text they came from; long tables fold without losing a row.
import { micromark } from 'micromark';
import { gfm, gfmHtml } from 'micromark-extension-gfm';
import { describe, expect, it } from 'vitest';
import { foldAfter, markdownCell, markdownText, renderMarkdown } from '../../src/output/markdown.js';

const html = (markdown: string): string => micromark(markdown, { extensions: [gfm()], htmlExtensions: [gfmHtml()] });
const unescapeHtml = (s: string): string => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&amp;/g, '&');
/** The text of each cell of each body row, as a reader of the rendered page sees it. */
function renderedCells(markdown: string): string[][] {
  const body = html(markdown).split('<tbody>')[1] ?? '';
  return [...body.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((row) => [...(row[1] ?? '').matchAll(/<td>([\s\S]*?)<\/td>/g)].map((cell) => unescapeHtml((cell[1] ?? '').replace(/<\/?code>/g, ''))));
}
const tableLines = (text: string): string[] => text.split('\n').filter((l) => l.startsWith('|') && !/^\|( --- \|)+$/.test(l));

const hostile = [
  'a|b',
  '`code`',
  '``double`` and ` single',
  '<script>alert(1)</script>',
  '@octocat',
  'ada@example.com',
  '**bold** _it_ ~~gone~~',
  '[link](http://x)',
  'see https://evil.example/path and www.evil.example',
  '# heading',
  'ends with \\',
  ' padded ',
  '`',
  'é ü 中文 — member → owner',
  '&amp; &lt;b&gt;',
];

describe('markdownCell', () => {
  it('renders every hostile value as exactly its text: no HTML, no link, no emphasis, in its own cell', () => {
    const rows = hostile.map((v, i) => [String(i), v]);
    const markdown = renderMarkdown({ title: '', sections: [{ heading: '', columns: ['n', 'value'], rows }] });
    const rendered = html(markdown);
    expect(rendered).not.toMatch(/<a |<script|<em>|<strong>|<del>|<h1>/);
    expect(renderedCells(markdown)).toEqual(rows);
  });

  it('spells out controls and invisible characters, and makes line breaks spaces', () => {
    expect(markdownCell('a\u001b[2Jb')).toBe('`a\\u001b[2Jb`');
    expect(markdownCell('bo\u200bb')).toBe('`bo\\u200bb`');
    expect(markdownCell('\u202eevil')).toBe('`\\u202eevil`');
    expect(markdownCell('line\nbreak\r\nagain')).toBe('line break again');
    // In a table, a backslash before a pipe would escape it: that one backslash is spelled out.
    expect(renderedCells(renderMarkdown({ title: '', sections: [{ heading: '', columns: ['v'], rows: [['a\\|b']] }] }))).toEqual([['a\\u005c|b']]);
  });

  it('writes inert text as it is and anything else as a code span an e-mail can be copied from', () => {
    expect(markdownCell('plain text 123, member → owner (kept)')).toBe('plain text 123, member → owner (kept)');
    expect(markdownCell('ada@example.com')).toBe('`ada@example.com`');
  });
});

describe('markdownText', () => {
  it('escapes markup in titles and breaks mentions and links', () => {
    const rendered = html(`### ${markdownText('Plan for @team: **x** <b> https://a.example www.b.example')}`);
    expect(rendered).not.toMatch(/<a |<strong>|<b>/);
    expect(rendered).toContain('**x**');
  });
});

describe('renderMarkdown', () => {
  it('keeps every hostile cell in its own cell and the title escaped', () => {
    const rows = hostile.map((v, i) => [String(i), v, 'x']);
    const text = renderMarkdown({ title: 'Plan: 1 | 2', sections: [{ heading: 'Added', columns: ['line', 'value', 'note'], rows }] });
    expect(renderedCells(text)).toEqual(rows);
    expect(text.startsWith('### Plan: 1 \\| 2\n')).toBe(true);
  });

  it('folds a 2,000-row section into <details> with every row, and shows the first rows in view', () => {
    const rows = Array.from({ length: 2000 }, (_, i) => [`user${i}@example.com`, i % 2 ? 'owner' : 'member']);
    const text = renderMarkdown({ title: 'big', sections: [{ heading: 'Added', columns: ['user', 'role'], rows }] });
    const [inView, folded] = text.split('<details>');
    expect(tableLines(inView ?? '')).toHaveLength(foldAfter + 1);
    expect(tableLines(folded ?? '')).toHaveLength(2000 + 1);
    expect(folded).toContain('<summary>All 2000 rows</summary>');
    expect(text.trimEnd().endsWith('</details>')).toBe(true);
  });

  it('says "none" for an empty section instead of an empty table', () => {
    const text = renderMarkdown({ title: 't', sections: [{ heading: 'Removed', columns: ['user'], rows: [] }] });
    expect(text).toContain('Removed: none');
    expect(tableLines(text)).toEqual([]);
  });
});
