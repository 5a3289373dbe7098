// Every table of the README and of the help topics renders as the table it means (GFM, with the
// parser of test/output/markdown.test.ts): each is a table once rendered, and no row has more or
// fewer cells than its header (GFM drops a row's extra cells silently, and a sentence glued to a
// row would vanish with them).
import { readFileSync } from 'node:fs';
import { micromark } from 'micromark';
import { gfm, gfmHtml } from 'micromark-extension-gfm';
import { describe, expect, it } from 'vitest';
import { topics } from '../src/help/topics.js';

const documents: [string, string][] = [
  ['README.md', readFileSync(new URL('../README.md', import.meta.url), 'utf8')],
  ...(await Promise.all(Object.entries(topics).map(async ([name, t]): Promise<[string, string]> => [`teamctl help ${name}`, (await t.load()).text]))),
];

/** The tables of `markdown` outside code blocks: runs of lines starting with `|` (in a list item too), header first. */
function tables(markdown: string): { line: number; rows: string[] }[] {
  const found: { line: number; rows: string[] }[] = [];
  let fenced = false;
  markdown.split('\n').forEach((text, i) => {
    if (text.trimStart().startsWith('```')) fenced = !fenced;
    const last = found[found.length - 1];
    if (fenced || !text.trimStart().startsWith('|')) return;
    if (last && last.line + last.rows.length === i + 1) last.rows.push(text);
    else found.push({ line: i + 1, rows: [text] });
  });
  return found;
}

/** A row's cells as GFM splits them: on every pipe but an escaped one, the outer pipes aside. */
const cells = (row: string): number => row.trim().replace(/^\|/, '').replace(/\\\|/g, '').replace(/\|$/, '').split('|').length;

describe('tables of the README and the help topics', () => {
  it('finds the tables (the scan itself is checked)', () => {
    expect(tables('a\n\n| x | y |\n|---|---|\n| 1 | 2 |\n\n```\n| not | a table |\n```\n').map((t) => t.rows.length)).toEqual([3]);
    expect(cells('| a | `b \\| c` | d |')).toBe(3);
    expect(documents.flatMap(([, text]) => tables(text)).length).toBeGreaterThan(8);
  });

  it.each(documents)('%s: each table renders, every row with as many cells as its header', (_name, text) => {
    const found = tables(text);
    const html = micromark(text, { extensions: [gfm()], htmlExtensions: [gfmHtml()] });
    expect(html.match(/<table>/g)?.length ?? 0).toBe(found.length);
    const wrong = found.flatMap(({ line, rows }) => rows.flatMap((row, i) => (cells(row) === cells(rows[0] as string) ? [] : [`line ${line + i}: ${row}`])));
    expect(wrong).toEqual([]);
  });
});
