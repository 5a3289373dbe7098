// Follows `next.page` cursors (`teamctl help environment`, "Talking to the service"): stop when `next` is absent,
// null or has no page; never trust `count`; a cursor seen twice in one listing is an error, not a
// loop. Every page and item is checked where it is parsed (src/api/shapes.ts), and a listing is
// bounded in pages, items and bytes: a service that keeps returning new cursors, or huge pages,
// stops with exit 1 instead of growing forever.
import { ServiceError } from '../errors.js';
import { checkPage, type Where } from './shapes.js';
import type { Page } from './types.js';

/** One answer: its parsed body and its size in bytes. */
export type FetchPage = (cursor: string | undefined) => Promise<{ data: unknown; bytes: number }>;

/** The most pages, items and bytes of answers one listing may have (`teamctl help reliability`, "Bounded answers"). */
const maxPages = 20_000;
const maxItems = 5_000_000;
/** 100,000 glossary entries or team members are under 60 MB of answers: this is 4 times that and more. */
export const maxListingBytes = 256 * 1024 * 1024;

export interface PaginateOptions<T> {
  /** Checks one item; `where` locates it for the message. */
  item: (value: unknown, where: Where) => T;
  /** What is listed, for messages ("the members of team engineering"). */
  what: string;
  /** Checks a page's items together (the same member twice); `where` locates the page. */
  items?: (items: T[], where: Where) => void;
}

/** Yields each page's items in order. */
export async function* paginate<T>(fetchPage: FetchPage, options: PaginateOptions<T>): AsyncGenerator<T[], void, undefined> {
  const seen = new Set<string>();
  let cursor: string | undefined;
  let items = 0;
  let bytes = 0;
  for (let pageNo = 1; ; pageNo++) {
    if (pageNo > maxPages) throw new ServiceError(`the service kept returning new pages of ${options.what}: stopped after ${maxPages.toLocaleString('en-US')} pages`);
    const answer = await fetchPage(cursor);
    bytes += answer.bytes;
    if (bytes > maxListingBytes) throw new ServiceError(`the service listed more than ${maxListingBytes / 1024 / 1024} MB of ${options.what}: stopped after ${pageNo.toLocaleString('en-US')} pages`);
    const where = `page ${pageNo} of ${options.what}`;
    const page: Page<unknown> = checkPage(answer.data, where);
    items += page.items.length;
    if (items > maxItems) throw new ServiceError(`the service listed more than ${maxItems.toLocaleString('en-US')} ${options.what}: stopped`);
    const checked = page.items.map((value, i) => options.item(value, `item ${i + 1} of ${where}`));
    options.items?.(checked, where);
    yield checked;
    const next = page.next?.page;
    if (typeof next !== 'string' || next === '') return;
    if (seen.has(next)) {
      throw new ServiceError(`the service returned the page cursor ${JSON.stringify(next)} twice; stopped to avoid an endless listing`);
    }
    seen.add(next);
    cursor = next;
  }
}
