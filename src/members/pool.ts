// A small bounded-concurrency pool for per-user requests (role PUTs): at most `concurrency`
// workers in flight, results in the order of the items, every error captured, never thrown, so
// one failing user does not stop the others and the caller reports each outcome.

export type Settled<R> = { ok: true; value: R } | { ok: false; error: unknown };

/**
 * Runs `worker` on every item with at most `concurrency` calls pending at a time. Each worker
 * starts as soon as a previous one finishes (no waves), and the returned array lines up with
 * `items`.
 */
export async function runPool<T, R>(
  items: readonly T[],
  concurrency: number,
  worker: (item: T, index: number) => Promise<R>,
): Promise<Settled<R>[]> {
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new RangeError(`concurrency must be a positive integer, not ${concurrency}`);
  const results: Settled<R>[] = new Array<Settled<R>>(items.length);
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      try {
        results[index] = { ok: true, value: await worker(items[index] as T, index) };
      } catch (error) {
        results[index] = { ok: false, error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, lane));
  return results;
}
