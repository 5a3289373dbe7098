// The progress bar never runs past its total (`teamctl help interruptions`, "Interruptions" and issue of honest progress).
import { describe, expect, it } from 'vitest';
import { IO } from '../../src/io.js';
import { progressLine, startProgress } from '../../src/output/progress.js';
import { fakeStreams } from '../helpers/streams.js';

describe('progress', () => {
  it('counts up to its total and no further', async () => {
    const streams = fakeStreams({ stderrIsTTY: true });
    const progress = await startProgress(new IO(streams, { env: {} }), 'Applying', 3, 3);
    for (let i = 0; i < 6; i++) progress.increment();
    progress.increment(10);
    progress.stop();
    const shown = [...streams.err().matchAll(/(\d+)\/3/g)].map((m) => Number(m[1]));
    expect(shown.length).toBeGreaterThan(0);
    expect(Math.max(...shown)).toBe(3);
  });
});

describe('the terminal writer', () => {
  const clear = '\r\u001b[2K';
  it('a line written while the bar is shown clears its row, is written there, and the bar is drawn again below', async () => {
    const streams = fakeStreams({ stderrIsTTY: true });
    Object.assign(streams.stderr, { columns: 60 });
    const io = new IO(streams, { env: {} });
    const progress = await startProgress(io, 'glossary import', 3000, 10);
    const bar = `glossary import [${'\u2591'.repeat(34)}] 0/3000`;
    expect(streams.err()).toBe(`\u001b[?25l${clear}${bar}`);
    io.warn('300 operations sent, outcome unknown');
    io.debug('PUT /v1/orgs/acme/translations-glossary 204 3ms attempt 1');
    expect(streams.err()).toBe(`\u001b[?25l${clear}${bar}${clear}warning: 300 operations sent, outcome unknown\n${bar}${clear}debug: PUT /v1/orgs/acme/translations-glossary 204 3ms attempt 1\n${bar}`);
    progress.stop();
    // Erased, the cursor shown again: the summary is written where the bar was.
    expect(streams.err().endsWith(`${bar}${clear}\u001b[?25h`)).toBe(true);
    io.info('glossary import: 3000 inserted');
    expect(streams.err().endsWith(`${clear}\u001b[?25hglossary import: 3000 inserted\n`)).toBe(true);
    // Never auto-wrap off, never a saved cursor to go back to.
    for (const code of ['\u001b[?7l', '\u001b7', '\u001b8']) expect(streams.err()).not.toContain(code);
  });

  it('redraws at most a thousand times, whatever the total', async () => {
    const streams = fakeStreams({ stderrIsTTY: true });
    const progress = await startProgress(new IO(streams, { env: {} }), 'members sync', 1_000_000, 1000);
    for (let i = 0; i < 1_000_000; i++) progress.increment();
    progress.stop();
    const draws = streams.err().split('\r\u001b[2K').filter((d) => d.startsWith('members sync'));
    expect(draws.length).toBeLessThanOrEqual(1001);
    expect(draws.at(-1)).toMatch(/\] 1000000\/1000000$/);
  });

  it('fits the bar to the terminal: the bar gives way first, then the label is cut', () => {
    const width = (s: string): number => [...s].length;
    expect(progressLine('members sync', 5, 10, 79, width)).toBe(`members sync [${'\u2588'.repeat(20)}${'\u2591'.repeat(20)}] 5/10`);
    expect(progressLine('members sync', 5, 10, 30, width)).toBe(`members sync [${'\u2588'.repeat(5)}${'\u2591'.repeat(5)}] 5/10`);
    const narrow = progressLine('teamctl glossary import terms.csv --batch-size 300', 1, 2, 30, width);
    expect(narrow).toBe(`teamctl glos… [${'\u2588'.repeat(5)}${'\u2591'.repeat(5)}] 1/2`);
    expect(width(narrow)).toBeLessThanOrEqual(30);
  });

  it('off a terminal, or with --quiet, nothing is drawn and lines are written as they are', async () => {
    for (const [tty, quiet] of [[false, false], [true, true]] as const) {
      const streams = fakeStreams({ stderrIsTTY: tty });
      const io = new IO(streams, { env: {}, quiet });
      const progress = await startProgress(io, 'x', 10, 10);
      progress.increment(5);
      io.error('error: boom');
      progress.stop();
      expect(streams.err()).toBe('error: boom\n');
    }
  });
});
