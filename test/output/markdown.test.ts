// The Markdown renderer (src/output/markdown.ts): hostile cells stay inside their cell, and long
// tables fold without losing a row.
import { describe, expect, it } from 'vitest';
import { foldAfter, markdownCell, renderMarkdown } from '../../src/output/markdown.js';

/** Splits a table line on the pipes that are not escaped. */
function cells(line: string): string[] {
  const inner = line.trim().slice(1, -1);
  return inner.split(/(?<!\\)\|/).map((c) => c.trim());
}
const tableLines = (text: string): string[] => text.split('\n').filter((l) => l.startsWith('|') && !/^\|( --- \|)+$/.test(l));

const hostile = ['a|b', '`code`', '<script>alert(1)</script>', 'line\nbreak\r\nagain', '@octocat', '**bold** _it_', '[link](http://x)', '# heading', '\\|', 'é ü 中文', '\u001b[2J', '\u202eevil'];

describe('markdownCell', () => {
  it('leaves no raw pipe, markup, HTML, line break or mention', () => {
    for (const value of hostile) {
      const out = markdownCell(value);
      expect(out).not.toMatch(/(?<!\\)\|/);
      expect(out).not.toMatch(/[<>\n\r\u202e]/);
      expect(out).not.toContain(String.fromCharCode(27));
      expect(out).not.toMatch(/(?<!\\)[`*_[\]#]/);
      expect(out).not.toMatch(/@(?!\u200b)/);
    }
    expect(markdownCell('ada@example.com')).toBe('ada@\u200bexample.com');
    expect(markdownCell('plain text 123')).toBe('plain text 123');
  });
});

describe('renderMarkdown', () => {
  it('keeps every hostile cell in its own cell: the table parses back with the right shape', () => {
    const rows = hostile.map((v, i) => [String(i), v, 'x']);
    const text = renderMarkdown({ title: 'Plan: 1 | 2', sections: [{ heading: 'Added', columns: ['line', 'value', 'note'], rows }] });
    expect(text).not.toContain('<script>');
    const lines = tableLines(text);
    expect(lines).toHaveLength(rows.length + 1);
    for (const line of lines) expect(cells(line)).toHaveLength(3);
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
