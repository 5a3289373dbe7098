import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { runPool } from '../../src/members/pool.js';

/** A promise resolved by hand, to control when each worker finishes. */
function deferred<T = void>(): { promise: Promise<T>; resolve: (v: T) => void; reject: (e: unknown) => void } {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('runPool', () => {
  it('never has more than `concurrency` workers pending, and starts the next as soon as one ends', async () => {
    const gates = Array.from({ length: 10 }, () => deferred());
    const started: number[] = [];
    let inFlight = 0;
    let maxInFlight = 0;
    const run = runPool(gates, 3, async (gate, i) => {
      started.push(i);
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      await gate.promise;
      inFlight--;
      return i * 10;
    });
    await tick();
    expect(started).toEqual([0, 1, 2]);
    // Finishing item 1 frees one slot: exactly one more starts (no waiting for the whole wave).
    gates[1]?.resolve();
    await tick();
    expect(started).toEqual([0, 1, 2, 3]);
    for (const gate of gates) gate.resolve();
    const results = await run;
    expect(maxInFlight).toBe(3);
    expect(results).toEqual(gates.map((_, i) => ({ ok: true, value: i * 10 })));
  });

  it('returns results in the order of the items, whatever order they finish in', async () => {
    // Each item finishes when the test says: here the second first, the first last.
    const finish: (() => void)[] = [];
    const running = runPool([0, 1, 2, 3, 4], 2, (_item, i) => new Promise<string>((resolve) => (finish[i] = () => resolve(`item ${i}`))));
    const release = async (i: number): Promise<void> => {
      await vi.waitFor(() => expect(finish[i]).toBeDefined());
      finish[i]!();
    };
    for (const i of [1, 2, 3, 4, 0]) await release(i);
    const results = await running;
    expect(results.map((r) => (r.ok ? r.value : null))).toEqual(['item 0', 'item 1', 'item 2', 'item 3', 'item 4']);
  });

  it('captures each error in place and keeps going', async () => {
    const boom = new Error('boom');
    const results = await runPool([1, 2, 3, 4], 2, async (n) => {
      if (n % 2 === 0) throw boom;
      return n;
    });
    expect(results).toEqual([
      { ok: true, value: 1 },
      { ok: false, error: boom },
      { ok: true, value: 3 },
      { ok: false, error: boom },
    ]);
  });

  it('handles no items, and fewer items than lanes', async () => {
    expect(await runPool([], 8, async () => 1)).toEqual([]);
    expect(await runPool(['a'], 8, async (s) => s.toUpperCase())).toEqual([{ ok: true, value: 'A' }]);
  });

  it('refuses a concurrency that is not a positive integer', async () => {
    await expect(runPool([1], 0, async () => 1)).rejects.toThrow(RangeError);
    await expect(runPool([1], 1.5, async () => 1)).rejects.toThrow(RangeError);
  });

  it('property: every item is run exactly once and the bound holds', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.nat({ max: 3 }), { maxLength: 40 }), fc.integer({ min: 1, max: 10 }), async (items, concurrency) => {
        let inFlight = 0;
        let maxInFlight = 0;
        const calls: number[] = [];
        const results = await runPool(items, concurrency, async (ticks, i) => {
          calls.push(i);
          inFlight++;
          maxInFlight = Math.max(maxInFlight, inFlight);
          for (let t = 0; t < ticks; t++) await Promise.resolve();
          inFlight--;
          return i;
        });
        expect([...calls].sort((a, b) => a - b)).toEqual(items.map((_, i) => i));
        expect(results.map((r) => (r.ok ? r.value : -1))).toEqual(items.map((_, i) => i));
        expect(maxInFlight).toBeLessThanOrEqual(concurrency);
      }),
    );
  });
});
