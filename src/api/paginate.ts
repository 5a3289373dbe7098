// Follows `next.page` cursors (README, "Talking to the service"): stop when `next` is absent,
// null or has no page; never trust `count`; a cursor seen twice in one listing is an error, not a
// loop. Every page and item is checked where it is parsed (src/api/shapes.ts), and a listing is
// bounded: a service that keeps returning new cursors stops with exit 1 instead of growing forever.
import { ServiceError } from '../errors.js';
import { checkPage, type Where } from './shapes.js';
import type { Page } from './types.js';

export type FetchPage = (cursor: string | undefined) => Promise<unknown>;

/** The most pages, and items, one listing may have (README, "Reliability"). */
const maxPages = 20_000;
const maxItems = 5_000_000;

export interface PaginateOptions<T> {
  /** Checks one item; `where` locates it for the message. */
  item: (value: unknown, where: Where) => T;
  /** What is listed, for messages ("the members of team engineering"). */
  what: string;
}

/** Yields each page's items in order. */
export async function* paginate<T>(fetchPage: FetchPage, options: PaginateOptions<T>): AsyncGenerator<T[], void, undefined> {
  const seen = new Set<string>();
  let cursor: string | undefined;
  let items = 0;
  for (let pageNo = 1; ; pageNo++) {
    if (pageNo > maxPages) throw new ServiceError(`the service kept returning new pages of ${options.what}: stopped after ${maxPages.toLocaleString('en-US')} pages`);
    const page: Page<unknown> = checkPage(await fetchPage(cursor), `page ${pageNo} of ${options.what}`);
    items += page.items.length;
    if (items > maxItems) throw new ServiceError(`the service listed more than ${maxItems.toLocaleString('en-US')} ${options.what}: stopped`);
    yield page.items.map((value, i) => options.item(value, `item ${i + 1} of page ${pageNo} of ${options.what}`));
    const next = page.next?.page;
    if (typeof next !== 'string' || next === '') return;
    if (seen.has(next)) {
      throw new ServiceError(`the service returned the page cursor ${JSON.stringify(next)} twice; stopped to avoid an endless listing`);
    }
    seen.add(next);
    cursor = next;
  }
}
