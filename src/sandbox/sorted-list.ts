// A sorted list of unique keys kept in order as keys come and go, so a page of a listing costs
// O(log n + limit) instead of a sort of the whole collection per request (README, sandbox:
// "Rehearsing at scale"). Keys live in chunks of at most `maxChunk`: an insert or a delete moves
// at most one chunk's worth of keys, where one flat sorted array would move half the collection.

/** Total order of the keys; 0 only for the same key. */
export type Compare<K> = (a: K, b: K) => number;

const maxChunk = 1024;

/** Plain code-unit comparison: deterministic, the same in sorting and in cursor lookups. */
export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export class SortedList<K> {
  /** Non-empty chunks, each sorted, every key of a chunk below every key of the next. */
  private chunks: K[][] = [];
  private count = 0;

  constructor(private readonly compare: Compare<K>) {}

  /** Builds a list from keys in any order: one sort, then chunked. */
  static from<K>(keys: Iterable<K>, compare: Compare<K>): SortedList<K> {
    const list = new SortedList(compare);
    const sorted = [...keys].sort(compare);
    for (let i = 0; i < sorted.length; i += maxChunk / 2) list.chunks.push(sorted.slice(i, i + maxChunk / 2));
    list.count = sorted.length;
    return list;
  }

  get size(): number {
    return this.count;
  }

  /** Adds `key`; false when an equal key is already there. */
  insert(key: K): boolean {
    if (this.chunks.length === 0) {
      this.chunks.push([key]);
      this.count = 1;
      return true;
    }
    // The first chunk whose last key is >= key; past the end, the last chunk takes it.
    const c = Math.min(this.chunkFor(key), this.chunks.length - 1);
    const chunk = this.chunks[c] as K[];
    const i = this.lowerBound(chunk, key);
    if (i < chunk.length && this.compare(chunk[i] as K, key) === 0) return false;
    chunk.splice(i, 0, key);
    this.count++;
    if (chunk.length > maxChunk) this.chunks.splice(c + 1, 0, chunk.splice(maxChunk / 2));
    return true;
  }

  /** Removes `key`; false when it was not there. */
  delete(key: K): boolean {
    const c = this.chunkFor(key);
    const chunk = this.chunks[c];
    if (chunk === undefined) return false;
    const i = this.lowerBound(chunk, key);
    if (i >= chunk.length || this.compare(chunk[i] as K, key) !== 0) return false;
    chunk.splice(i, 1);
    this.count--;
    if (chunk.length === 0) this.chunks.splice(c, 1);
    return true;
  }

  /**
   * At most `limit` keys strictly after `after` (from the start without it), and whether more
   * follow. `after` need not be in the list: a key removed since still marks the place.
   */
  page(after: K | undefined, limit: number): { keys: K[]; more: boolean } {
    let c = 0;
    let i = 0;
    if (after !== undefined) {
      c = this.chunkAfter(after);
      const chunk = this.chunks[c];
      if (chunk !== undefined) i = this.upperBound(chunk, after);
    }
    const keys: K[] = [];
    for (; c < this.chunks.length; c++, i = 0) {
      const chunk = this.chunks[c] as K[];
      while (i < chunk.length) {
        if (keys.length === limit) return { keys, more: true };
        keys.push(chunk[i++] as K);
      }
    }
    return { keys, more: false };
  }

  /** Every key, in order. */
  values(): K[] {
    return this.chunks.flat();
  }

  /** Index of the first chunk whose last key is >= key (chunks.length when none). */
  private chunkFor(key: K): number {
    let lo = 0;
    let hi = this.chunks.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const chunk = this.chunks[mid] as K[];
      if (this.compare(chunk[chunk.length - 1] as K, key) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Index of the first chunk whose last key is > key (chunks.length when none). */
  private chunkAfter(key: K): number {
    let lo = 0;
    let hi = this.chunks.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const chunk = this.chunks[mid] as K[];
      if (this.compare(chunk[chunk.length - 1] as K, key) <= 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private lowerBound(chunk: K[], key: K): number {
    let lo = 0;
    let hi = chunk.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.compare(chunk[mid] as K, key) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private upperBound(chunk: K[], key: K): number {
    let lo = 0;
    let hi = chunk.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.compare(chunk[mid] as K, key) <= 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
