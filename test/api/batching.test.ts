import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { batches, sendInBatches } from '../../src/api/batching.js';
import { ServiceError, TeamctlError } from '../../src/errors.js';

describe('batches', () => {
  it('splits in order with a short last batch', () => {
    expect(batches([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(batches([1, 2], 5)).toEqual([[1, 2]]);
    expect(batches([], 3)).toEqual([]);
  });
  it('refuses sizes that are not positive integers', () => {
    expect(() => batches([1], 0)).toThrow(RangeError);
    expect(() => batches([1], 1.5)).toThrow(RangeError);
  });
  it('property: concatenation gives the items back, every batch within size', () => {
    fc.assert(
      fc.property(fc.array(fc.integer()), fc.integer({ min: 1, max: 20 }), (items, size) => {
        const out = batches(items, size);
        expect(out.flat()).toEqual(items);
        expect(out.every((b) => b.length >= 1 && b.length <= size)).toBe(true);
      }),
    );
  });
});

describe('sendInBatches', () => {
  const tooLarge = () => new ServiceError('too large', { status: 413, outcome: 'rejected' });

  it('sends batches of the given size, in order', async () => {
    const sent: number[][] = [];
    const r = await sendInBatches([1, 2, 3, 4, 5], 2, async (b) => {
      sent.push(b);
    });
    expect(sent).toEqual([[1, 2], [3, 4], [5]]);
    expect(r).toEqual({ sent, failed: [] });
  });

  it('halves a batch answered 413 and sends both halves, down to single items', async () => {
    const attempts: number[][] = [];
    // The service accepts at most 3 items per request.
    const r = await sendInBatches([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 10, async (b) => {
      attempts.push(b);
      if (b.length > 3) throw tooLarge();
    });
    expect(attempts).toEqual([[1, 2, 3, 4, 5, 6, 7, 8, 9, 10], [1, 2, 3, 4, 5], [1, 2, 3], [4, 5], [6, 7, 8, 9, 10], [6, 7, 8], [9, 10]]);
    expect(r.sent.flat()).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(r.failed).toEqual([]);
  });

  it('records a single item still too large as failed', async () => {
    const r = await sendInBatches([1, 2], 2, async () => {
      throw tooLarge();
    });
    expect(r.sent).toEqual([]);
    expect(r.failed.map((f) => f.items)).toEqual([[1], [2]]);
    expect(r.failed[0]?.error.status).toBe(413);
  });

  it('keeps going after a failed batch and says which failed', async () => {
    const done: number[][] = [];
    const r = await sendInBatches(
      [1, 2, 3, 4, 5, 6],
      2,
      async (b) => {
        if (b.includes(3)) throw new ServiceError('boom', { status: 500 });
      },
      (b) => done.push(b),
    );
    expect(r.sent).toEqual([[1, 2], [5, 6]]);
    expect(done).toEqual([[1, 2], [5, 6]]);
    expect(r.failed).toHaveLength(1);
    expect(r.failed[0]?.items).toEqual([3, 4]);
    expect(r.failed[0]?.error).toBeInstanceOf(TeamctlError);
  });

  it('lets bugs (non-teamctl errors) propagate', async () => {
    await expect(
      sendInBatches([1], 1, async () => {
        throw new TypeError('bug');
      }),
    ).rejects.toThrow(TypeError);
  });
});
