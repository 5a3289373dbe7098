import { describe, expect, it } from 'vitest';
import { maxListingBytes, paginate } from '../../src/api/paginate.js';
import type { Page } from '../../src/api/types.js';
import { ServiceError } from '../../src/errors.js';

const numbers = { item: (v: unknown) => v as number, what: 'numbers' };

async function collect<T>(gen: AsyncIterable<T[]>): Promise<T[]> {
  const out: T[] = [];
  for await (const items of gen) out.push(...items);
  return out;
}

function pagesFrom(pages: Record<string, Page<number>>) {
  const asked: (string | undefined)[] = [];
  const fetchPage = async (cursor: string | undefined) => {
    asked.push(cursor);
    const page = pages[cursor ?? 'first'];
    if (!page) throw new Error(`unexpected cursor ${cursor}`);
    return { data: page, bytes: JSON.stringify(page).length };
  };
  return { asked, fetchPage };
}

describe('paginate', () => {
  it.each([
    ['absent', {}],
    ['null', { next: null }],
    ['without a page', { next: {} }],
    ['with an empty page', { next: { page: '' } }],
  ])('stops when next is %s', async (_name, last) => {
    const { asked, fetchPage } = pagesFrom({
      first: { items: [1, 2], next: { page: 'p2' } },
      p2: { items: [3], ...last } as Page<number>,
    });
    expect(await collect(paginate(fetchPage, numbers))).toEqual([1, 2, 3]);
    expect(asked).toEqual([undefined, 'p2']);
  });

  it('never relies on count to stop', async () => {
    const { fetchPage } = pagesFrom({
      first: { items: [1], count: 1, next: { page: 'b' } },
      b: { items: [2], count: 1 },
    });
    expect(await collect(paginate(fetchPage, numbers))).toEqual([1, 2]);
  });

  it('follows through an empty page that still has a next cursor', async () => {
    const { fetchPage } = pagesFrom({ first: { items: [], next: { page: 'b' } }, b: { items: [9] } });
    expect(await collect(paginate(fetchPage, numbers))).toEqual([9]);
  });

  it('fails on a cursor seen twice instead of looping', async () => {
    const { asked, fetchPage } = pagesFrom({
      first: { items: [1], next: { page: 'a' } },
      a: { items: [2], next: { page: 'b' } },
      b: { items: [3], next: { page: 'a' } },
    });
    await expect(collect(paginate(fetchPage, numbers))).rejects.toThrow(/cursor "a" twice/);
    expect(asked).toEqual([undefined, 'a', 'b']);
    await expect(collect(paginate(fetchPage, numbers))).rejects.toBeInstanceOf(ServiceError);
  });

  it('rejects a page without items', async () => {
    const { fetchPage } = pagesFrom({ first: { next: null } as unknown as Page<number> });
    await expect(collect(paginate(fetchPage, numbers))).rejects.toThrow(/without an "items" array/);
  });

  it('refuses a cursor that is not a string instead of stopping after one page', async () => {
    const { fetchPage } = pagesFrom({ first: { items: [1], next: { page: 2 } } as unknown as Page<number> });
    await expect(collect(paginate(fetchPage, numbers))).rejects.toThrow('unexpected response from the service: field "next.page" is not a string (2) (page 1 of numbers)');
  });

  it('checks every item where it is parsed, naming the item and the page', async () => {
    const { fetchPage } = pagesFrom({ first: { items: [1], next: { page: 'b' } }, b: { items: [2, 'x'] } as unknown as Page<number> });
    const item = (v: unknown, where: string) => {
      if (typeof v !== 'number') throw new ServiceError(`not a number (${where})`);
      return v;
    };
    await expect(collect(paginate(fetchPage, { item, what: 'numbers' }))).rejects.toThrow('not a number (item 2 of page 2 of numbers)');
  });

  it('stops a listing that keeps returning new cursors (exit 1), instead of growing forever', async () => {
    let n = 0;
    const endless = async () => ({ data: { items: [n], next: { page: `p${++n}` } }, bytes: 30 });
    await expect(collect(paginate(endless, numbers))).rejects.toThrow(/kept returning new pages of numbers: stopped after 20,000 pages/);
  });

  it('stops a listing past its bytes of answers (pages of huge items), naming the page', async () => {
    const page = { items: [1], next: { page: 'p' } };
    let n = 0;
    // Each answer weighs 30 MB: no page is too large, their sum is.
    const heavy = async () => ({ data: { ...page, next: { page: `p${++n}` } }, bytes: 30 * 1024 * 1024 });
    const limitPages = Math.floor(maxListingBytes / (30 * 1024 * 1024));
    await expect(collect(paginate(heavy, numbers))).rejects.toThrow(`the service listed more than 256 MB of numbers: stopped after ${limitPages + 1} pages`);
    expect(n).toBe(limitPages + 1); // the page that went past the limit is not yielded
  });

  it('checks the items of a page together, naming the page', async () => {
    const { fetchPage } = pagesFrom({ first: { items: [1], next: { page: 'b' } }, b: { items: [2, 2] } });
    const items = (values: number[], where: string) => {
      if (new Set(values).size < values.length) throw new ServiceError(`twice (${where})`);
    };
    await expect(collect(paginate(fetchPage, { ...numbers, items }))).rejects.toThrow('twice (page 2 of numbers)');
  });
});
