// Follows `next.page` cursors (contract §6): stop when `next` is absent, null or has no page;
// never trust `count`; a cursor seen twice in one listing is an error, not a loop.
import { ServiceError } from '../errors.js';
import type { Page } from './types.js';

export type FetchPage<T> = (cursor: string | undefined) => Promise<Page<T>>;

/** Yields each page's items in order. */
export async function* paginate<T>(fetchPage: FetchPage<T>): AsyncGenerator<T[], void, undefined> {
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (;;) {
    const page = await fetchPage(cursor);
    if (!page || !Array.isArray(page.items)) {
      throw new ServiceError('unexpected response from the service: a list page without an items array');
    }
    yield page.items;
    const next = page.next?.page;
    if (typeof next !== 'string' || next === '') return;
    if (seen.has(next)) {
      throw new ServiceError(`the service returned the page cursor ${JSON.stringify(next)} twice; stopped to avoid an endless listing`);
    }
    seen.add(next);
    cursor = next;
  }
}
