// The README, src/README.md and every help topic render as written (GFM, parsed by micromark, the
// parser GitHub's renderer follows): every code fence is closed, every table row is a line written
// as a row (a paragraph glued under a table would render as more rows), and no sentence runs into
// a code block (a fence may interrupt a paragraph, so a cut sentence renders cut, with no error).
import { readFileSync } from 'node:fs';
import { parse, postprocess, preprocess } from 'micromark';
import { gfm } from 'micromark-extension-gfm';
import { describe, expect, it } from 'vitest';
import { topics } from '../src/help/topics.js';

const read = (path: string): string => readFileSync(new URL(path, import.meta.url), 'utf8');

const documents: [string, string][] = [
  ['README.md', read('../README.md')],
  ['src/README.md', read('../src/README.md')],
  ['test/README.md', read('./README.md')],
  ...(await Promise.all(Object.entries(topics).map(async ([name, t]): Promise<[string, string]> => [`teamctl help ${name}`, (await t.load()).text]))),
];

/** What renders other than as written in `markdown`, one line each, with its line number. */
export function renderProblems(markdown: string): string[] {
  const events = postprocess(parse({ extensions: [gfm()] }).document().write(preprocess()(markdown, undefined, true)));
  const lines = markdown.split('\n');
  const problems: string[] = [];
  // The flow blocks in order (paragraphs, code, tables…), each with its first and last line.
  const blocks: { type: string; start: number; end: number }[] = [];
  let depth = 0;
  let fences = 0;
  let fenceStart = 0;
  for (const [kind, token] of events) {
    // GFM's token types (tables) are not in micromark's own list of types.
    const type: string = token.type;
    const flow = ['paragraph', 'codeFenced', 'codeIndented', 'table', 'atxHeading', 'setextHeading', 'thematicBreak', 'htmlFlow'].includes(type);
    if (type === 'codeFenced') {
      if (kind === 'enter') [fences, fenceStart] = [0, token.start.line];
      else if (fences < 2) problems.push(`line ${fenceStart}: a code block that is never closed`);
    }
    if (type === 'codeFencedFence' && kind === 'enter') fences += 1;
    if (type === 'tableRow' && kind === 'enter') {
      const text = lines[token.start.line - 1] ?? '';
      if (!text.trimStart().startsWith('|')) problems.push(`line ${token.start.line}: a line that renders as a table row: ${text}`);
    }
    if (!flow) continue;
    if (kind === 'enter' && depth++ === 0) blocks.push({ type, start: token.start.line, end: 0 });
    if (kind === 'exit' && --depth === 0) (blocks[blocks.length - 1] as { end: number }).end = token.end.line;
  }
  blocks.forEach((block, i) => {
    const next = blocks[i + 1];
    if (block.type !== 'paragraph' || !next?.type.startsWith('code')) return;
    const last = (lines[block.end - 1] ?? '').trimEnd();
    if (next.start === block.end + 1 || !/[.:;!?)]$/.test(last)) problems.push(`line ${block.end}: a sentence that runs into a code block: ${last}`);
  });
  return problems;
}

describe('the README, src/README.md and the help topics render as written', () => {
  it('finds what renders wrongly (the check itself is checked)', () => {
    expect(renderProblems('a.\n\n```sh\nls\n')).toEqual(['line 3: a code block that is never closed']);
    expect(renderProblems('| a | b |\n|---|---|\n| 1 | 2 |\n**Next:** a paragraph\n')).toEqual(['line 4: a line that renders as a table row: **Next:** a paragraph']);
    expect(renderProblems('E-mails are compared without regard to\n```sh\nls\n```\n')).toHaveLength(1);
    expect(renderProblems('A cut sentence, then\n\n```sh\nls\n```\n')).toHaveLength(1);
    expect(renderProblems('Run:\n\n```sh\nls\n```\n\n| a |\n|---|\n| 1 |\n\n- item:\n\n  ```sh\n  ls\n  ```\n')).toEqual([]);
  });

  it.each(documents)('%s renders as written', (_name, text) => {
    expect(renderProblems(text)).toEqual([]);
  });
});
