// --jq's output (`teamctl help formatting`, "Filtering JSON with --jq"): printed in pieces as jq
// wrote it, never copied whole into one string, with the same text as one string would have held.
import { loadJq } from 'jq-wasm';
import { describe, expect, it } from 'vitest';
import { IO } from '../../src/io.js';
import { compileJq, printFiltered } from '../../src/output/jq.js';
import { fakeStreams } from '../helpers/streams.js';

/** `text`'s UTF-8 bytes cut into blocks of `size` bytes (characters split between blocks). */
function blocks(text: string, size: number): Uint8Array[] {
  const bytes = Buffer.from(text, 'utf8');
  const out: Uint8Array[] = [];
  for (let at = 0; at < bytes.length; at += size) out.push(bytes.subarray(at, at + size));
  return out;
}

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

describe('compileJq(filter).run over bytes (the output as kept)', () => {
  const names = ['Zoë Ødegård', 'Ελένη 😀', 'أحمد', '東京 太郎', 'e\u0301'];
  const input = JSON.stringify(names.map((name, i) => ({ name, i })));

  it('reads characters split between blocks as they were, whatever the block size', async () => {
    const jq = await compileJq('.[].name');
    const expected = names.map((n) => `${n}\n`).join('');
    expect([...jq.run(input).out].join('')).toBe(expected);
    for (const size of [1, 2, 3, 5, 7, 64]) {
      const cut = blocks(input, size);
      expect(cut.some((b) => b.length > 0 && (b[0]! & 0xc0) === 0x80), `a block of ${size} starts inside a character`).toBe(size < 64);
      expect([...jq.run(cut).out].join(''), `blocks of ${size} bytes`).toBe(expected);
    }
  });

  it('gives jq the whole input, NDJSON and inputs included, and a run starts from its own input', async () => {
    const ndjson = names.map((name) => JSON.stringify({ name })).join('\n') + '\n';
    expect([...(await compileJq('[., inputs] | length')).run(blocks(ndjson, 4)).out]).toEqual(['5\n']);
    const jq = await compileJq('.[-1].i');
    expect([...jq.run(blocks(input, 3)).out]).toEqual(['4\n']);
    expect([...jq.run(blocks('[{"i": 7}]', 3)).out]).toEqual(['7\n']);
    expect([...jq.run([]).out]).toEqual([]);
  });

  it("says what jq-wasm's own run over the string says: the same error, the same values", async () => {
    const plain = await loadJq();
    for (const [filter, text] of [
      ['.', '[{"a": 1}, {"b": ]'],
      ['.[] | .a + 1', '[{"a": 1}, {"a": "x"}]'],
      ['.[] | debug | .i', input],
    ] as const) {
      const outcome = (await compileJq(filter)).run(blocks(text, 2));
      const own = plain.raw(text, filter, ['-c', '--']);
      expect(outcome.error ?? outcome.notes.join('\n'), filter).toBe(own.stderr.replaceAll('/dev/stdin:', '<stdin>:').split('\n').join(own.exitCode === 0 ? '\n' : ' '));
      expect([...outcome.out].join(''), filter).toBe(own.stdout === '' ? '' : `${own.stdout}\n`);
    }
  });
});

describe('printFiltered: what the command printed, kept as bytes', () => {
  it('keeps it in blocks of 256 KiB, a character split between two when it falls so', async () => {
    const io = new IO(fakeStreams(), { env: {} });
    io.capture();
    await io.out('a'.repeat(256 * 1024 - 1));
    await io.out('é!');
    const kept = io.release();
    expect(kept.map((b) => b.length)).toEqual([256 * 1024, 2]);
    expect(kept[0]!.at(-1)).toBe(0xc3);
    expect(Buffer.concat(kept).toString('utf8')).toBe(`${'a'.repeat(256 * 1024 - 1)}é!`);
    expect(io.release()).toEqual([]);
  });

  it('filters an output of several 256 KiB blocks with characters on their boundaries', async () => {
    const streams = fakeStreams();
    const io = new IO(streams, { env: {} });
    io.capture();
    // About 1 MB of items with two- and four-byte characters: four blocks.
    const items = Array.from({ length: 120_000 }, (_, i) => (i % 3 === 0 ? 'é😀' : 'ab😀'));
    await io.out('[');
    for (let i = 0; i < items.length; i += 1000) await io.out(items.slice(i, i + 1000).map((t, j) => `${i + j === 0 ? '' : ','}${JSON.stringify(t)}`).join(''));
    await io.out(']\n');
    expect(streams.out()).toBe('');
    const code = await printFiltered(io, await compileJq('[length, (map(length) | add), .[0], .[-1]]'), 0);
    expect(code).toBe(0);
    expect(streams.out()).toBe(`[120000,${items.reduce((n, t) => n + [...t].length, 0)},"é😀","${items.at(-1)}"]\n`);
  });
});
