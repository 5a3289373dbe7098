// Which operations of a batch of unknown outcome landed (`teamctl help reliability`, "Reliability:
// requests whose outcome is unknown"): the glossary as the run knows it, and listings a check
// delay apart until two agree on what is missing — or the listings run out, or one fails.
import { describe, expect, it } from 'vitest';
import { ServiceError } from '../../src/errors.js';
import { checkLanded, knownGlossary, readAll, type CheckOptions, type ListGlossary } from '../../src/glossary/landed.js';
import type { GlossaryEntryLike, PlannedOperation } from '../../src/plan/glossary.js';

const insert = (line: number, en: string): PlannedOperation => ({ line, operation: { type: 'insert', translations: { en } } });
const entry = (id: string, en: string): GlossaryEntryLike => ({ id, translations: { en } });

/** Lists the glossaries given, one per listing (each in two pages); a TeamctlError or other Error thrown in turn. */
function listings(...script: (GlossaryEntryLike[] | Error)[]): ListGlossary & { count: () => number } {
  let n = 0;
  const list = () => {
    const next = script[n++];
    return (async function* () {
      if (next instanceof Error) throw next;
      const all = next ?? [];
      yield all.slice(0, 1);
      yield all.slice(1);
    })();
  };
  return Object.assign(list, { count: () => n });
}

function options(maxListings = 4) {
  const sleeps: number[] = [];
  let listed = 0;
  const o: CheckOptions = { firstWaitMs: 1000, gapMs: 250, maxListings, sleep: async (ms) => void sleeps.push(ms), onListing: () => void listed++ };
  return { o, sleeps, listed: () => listed };
}

describe('readAll', () => {
  it("reads every page, keeping each entry's id and translations only", async () => {
    const pages = async function* () {
      yield [{ id: 'a', translations: { en: 'A' }, createdAt: 'x' } as GlossaryEntryLike];
      yield [];
      yield [{ id: 'b', translations: { en: 'B', fr: 'B' }, key: 'k' } as GlossaryEntryLike, entry('c', 'C')];
    };
    expect(await readAll(pages)).toEqual([entry('a', 'A'), { id: 'b', translations: { en: 'B', fr: 'B' } }, entry('c', 'C')]);
  });
});

describe('knownGlossary', () => {
  it('the listing, then each confirmed batch: inserts under placeholder ids, updates replacing translations, deletes removing the entry', () => {
    const listed = [entry('a', 'A'), entry('b', 'B'), entry('c', 'C')];
    const since: PlannedOperation[] = [
      insert(1, 'new one'),
      { line: 2, operation: { type: 'update', id: 'b', translations: { en: 'B2' } } },
      { line: 3, operation: { type: 'delete', id: 'a' } },
      insert(4, 'new two'),
      { line: 5, operation: { type: 'update', id: 'z', translations: { en: 'Z' } } },
    ];
    expect(knownGlossary(listed, since)).toEqual([
      entry('b', 'B2'),
      entry('c', 'C'),
      entry('\u0000teamctl-inserted-0', 'new one'),
      entry('\u0000teamctl-inserted-1', 'new two'),
      entry('z', 'Z'),
    ]);
    // The listing itself is left as it was.
    expect(listed).toEqual([entry('a', 'A'), entry('b', 'B'), entry('c', 'C')]);
    expect(knownGlossary(listed, [])).toEqual(listed);
  });
});

describe('checkLanded', () => {
  const ops = [insert(1, 'one'), insert(2, 'two')];

  it('waits the first delay, lists once, and is settled when nothing is missing', async () => {
    const { o, sleeps, listed } = options();
    const after = [entry('x', 'one'), entry('y', 'two')];
    expect(await checkLanded(listings(after), ops, [], o)).toEqual({ kind: 'settled', landed: ops, pending: [], after, listings: 1 });
    expect(sleeps).toEqual([1000]);
    expect(listed()).toBe(1);
  });

  it('lists again a gap apart until two listings agree on what is missing', async () => {
    const { o, sleeps, listed } = options();
    const first = [entry('x', 'one')];
    expect(await checkLanded(listings([], first, first), ops, [], o)).toEqual({ kind: 'settled', landed: [ops[0]], pending: [ops[1]], after: first, listings: 3 });
    expect(sleeps).toEqual([1000, 250, 250]);
    expect(listed()).toBe(3);
  });

  it('as many missing but not the same ones is no agreement, even when some are the same', async () => {
    const { o } = options();
    const one = [entry('x', 'one')];
    const two = [entry('y', 'two')];
    const check = await checkLanded(listings(one, two, two), ops, [], o);
    expect(check).toMatchObject({ kind: 'settled', pending: [ops[0]], listings: 3 });
    // Missing two, then two again, sharing "three": the sets differ, so a third listing is taken.
    const three = [...ops, insert(3, 'three')];
    const again = options();
    expect(await checkLanded(listings(one, two, two), three, [], again.o)).toMatchObject({ kind: 'settled', pending: [three[0], three[2]], listings: 3 });
  });

  it('still changing after the last listing: unsettled, with what the last one found', async () => {
    const { o, sleeps } = options(2);
    const last = [entry('y', 'two')];
    expect(await checkLanded(listings([], last, last), ops, [], o)).toEqual({ kind: 'unsettled', landed: [ops[1]], pending: [ops[0]], after: last, listings: 2 });
    expect(sleeps).toEqual([1000, 250]);
  });

  it('a listing that fails ends the check, with what an earlier listing found', async () => {
    const error = new ServiceError('GET … failed with 500: oops');
    const first = options();
    expect(await checkLanded(listings(error), ops, [], first.o)).toEqual({ kind: 'unlisted', error });
    const later = options();
    const check = await checkLanded(listings([], error), ops, [], later.o);
    expect(check).toEqual({ kind: 'unlisted', error, previous: { landed: [], pending: ops, after: [] } });
    expect(later.listed()).toBe(2);
  });

  it('an error that is no TeamctlError (a bug) is thrown', async () => {
    const bug = new TypeError('bug');
    const { o, listed } = options();
    await expect(checkLanded(listings(bug), ops, [], o)).rejects.toBe(bug);
    expect(listed()).toBe(1);
  });

  it('counts what the run knew before the batch', async () => {
    const { o } = options();
    // "one" existed before: one more entry of it now means the insert landed; "two" is missing.
    const known = [entry('old', 'one')];
    const after = [entry('old', 'one'), entry('new', 'one')];
    expect(await checkLanded(listings(after, after), ops, known, o)).toMatchObject({ kind: 'settled', landed: [ops[0]], pending: [ops[1]], listings: 2 });
  });
});
