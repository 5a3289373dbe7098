// The progress bar never runs past its total (`teamctl help interruptions`, "Interruptions" and issue of honest progress).
import { describe, expect, it } from 'vitest';
import { IO } from '../../src/io.js';
import { startProgress } from '../../src/output/progress.js';
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
