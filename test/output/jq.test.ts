// --jq's output (`teamctl help formatting`, "Filtering JSON with --jq"): printed in pieces as jq
// wrote it, never copied whole into one string, with the same text as one string would have held.
import { describe, expect, it } from 'vitest';
import { compileJq } from '../../src/output/jq.js';

describe('compileJq(filter).run', () => {
  it('gives a big output in pieces of about 64 KiB whose text is every value, strings raw, one a line', async () => {
    const names = Array.from({ length: 5000 }, (_, i) => `user ${i} "quoted" é\\ ${'x'.repeat(20)}`);
    const input = JSON.stringify(names.map((name, i) => ({ name, n: i, tags: [i % 2 === 0] })));
    const strings = [...(await compileJq('.[].name')).run(input).out];
    expect(strings.length).toBeGreaterThan(2);
    expect(strings.slice(0, -1).every((p) => p.length >= 64 * 1024 && p.length < 64 * 1024 + 100)).toBe(true);
    expect(strings.join('')).toBe(names.map((n) => `${n}\n`).join(''));
    const values = [...(await compileJq('.[] | {n, tags}')).run(input).out].join('');
    expect(values).toBe(names.map((_, i) => `{"n":${i},"tags":[${i % 2 === 0}]}\n`).join(''));
  });

  it('gives nothing for no output, and one piece for a small one', async () => {
    const jq = await compileJq('.[]');
    expect([...jq.run('[]').out]).toEqual([]);
    expect([...jq.run('["a", 1, null, "b\\nc"]').out]).toEqual(['a\n1\nnull\nb\nc\n']);
  });
});
