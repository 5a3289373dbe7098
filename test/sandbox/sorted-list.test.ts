// The kept-sorted list behind every sandbox listing: correct against a plain sort, and paging a
// whole collection costs comparisons in proportion to its size (counted, not timed).
import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../src/sandbox/faults.js';
import { compareStrings, SortedList } from '../../src/sandbox/sorted-list.js';

function countingCompare(): { compare: (a: string, b: string) => number; count: () => number } {
  let n = 0;
  return {
    compare: (a, b) => {
      n++;
      return compareStrings(a, b);
    },
    count: () => n,
  };
}

/** Keys in a random order, deterministic. */
function randomKeys(n: number, seed: number): string[] {
  const random = mulberry32(seed);
  const keys = Array.from({ length: n }, (_, i) => `k${String(i).padStart(7, '0')}`);
  for (let i = keys.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [keys[i], keys[j]] = [keys[j] as string, keys[i] as string];
  }
  return keys;
}

/** Walks every page; returns the keys seen. */
function walk(list: SortedList<string>, limit: number): string[] {
  const seen: string[] = [];
  let after: string | undefined;
  for (;;) {
    const page = list.page(after, limit);
    seen.push(...page.keys);
    if (!page.more) return seen;
    after = page.keys[page.keys.length - 1];
  }
}

describe('SortedList', () => {
  it('keeps keys in order through random inserts and deletes, across chunk splits', () => {
    const random = mulberry32(3);
    const list = new SortedList<string>(compareStrings);
    const reference = new Set<string>();
    for (let i = 0; i < 20_000; i++) {
      const key = `k${Math.floor(random() * 8000)}`;
      if (random() < 0.3) expect(list.delete(key)).toBe(reference.delete(key));
      else {
        const had = reference.has(key);
        reference.add(key);
        expect(list.insert(key)).toBe(!had);
      }
    }
    const expected = [...reference].sort(compareStrings);
    expect(list.size).toBe(expected.length);
    expect(list.values()).toEqual(expected);
    expect(walk(list, 7)).toEqual(expected);
    expect(SortedList.from(reference, compareStrings).values()).toEqual(expected);
  });

  it('a page after a key removed since starts at the next key', () => {
    const list = SortedList.from(['a', 'b', 'c', 'd'], compareStrings);
    expect(list.page(undefined, 2)).toEqual({ keys: ['a', 'b'], more: true });
    list.delete('b');
    expect(list.page('b', 2)).toEqual({ keys: ['c', 'd'], more: false });
    expect(list.page('zz', 2)).toEqual({ keys: [], more: false });
  });

  it('pages 100k keys with fewer comparisons than keys (a sort per page would take ~n·log n each)', () => {
    const cost = (n: number): number => {
      const counter = countingCompare();
      const list = new SortedList<string>(counter.compare);
      for (const key of randomKeys(n, 1)) list.insert(key);
      const before = counter.count();
      expect(walk(list, 50)).toHaveLength(n);
      return counter.count() - before;
    };
    const small = cost(10_000);
    const large = cost(100_000);
    // Per page: a binary search over chunks and within one (≈ log2 n comparisons), never the
    // whole list, so walking everything is linear: O(n) keys copied + (n / limit) · log2 n comparisons.
    expect(large / (100_000 / 50)).toBeLessThan(Math.log2(100_000) + 4);
    expect(large).toBeLessThan(100_000);
    expect(large / small).toBeLessThan(10 * (Math.log2(100_000) / Math.log2(10_000)) + 1);
  });
});
