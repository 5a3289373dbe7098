// Team creations of unknown outcome settled before the run ends (`teamctl help reliability`, "The
// hold-back time"): waited for, listed, found or proven lost and sent again (recorded first)
// while the retry budget lasts; left in the journal with --no-settle or a listing that fails.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Journal } from '../../src/journal/journal.js';
import { settleOwnCreations, settleTeamCreations, type CreationSent, type HoldBackRun } from '../../src/journal/teamCreations.js';
import { titleKey } from '../../src/model/titles.js';
import { heldJournal } from '../helpers/journal.js';

const t0 = Date.parse('2026-11-28T09:00:00Z');

/** A run whose wait moves its clock on by what it waits, and says what it waited for. */
function run(settle = true, holdBackMs = 60_000): HoldBackRun & { waits: [number, number][]; clock: { t: number } } {
  const clock = { t: t0 };
  const waits: [number, number][] = [];
  return { holdBackMs, settle, clock, waits, now: () => clock.t, wait: async (ms, count) => void (waits.push([ms, count]), (clock.t += ms)) };
}

/** A journal holding the first send of each title, at t0. */
async function sent(...titles: string[]): Promise<Journal> {
  const journal = await heldJournal('https://api.example.com', 'lab');
  await journal.intend(titles.map((title) => ({ kind: 'team' as const, title })), new Date(t0));
  return journal;
}

describe('settleOwnCreations', () => {
  it('waits the hold-back time once for all, then takes each title the listing shows (in any case or form) as landed under its id', async () => {
    const journal = await sent('Ops', 'Café');
    const r = run();
    const settled = await settleOwnCreations(['Ops', 'Café'], journal, r, { list: async () => [{ id: 't1', title: 'OPS' }, { id: 't2', title: 'Café'.normalize('NFD') }], key: titleKey, send: async () => { throw new Error('not sent again'); } }, () => false);
    expect(r.waits).toEqual([[60_000, 2]]);
    expect([...settled]).toEqual([['Ops', { id: 't1', sends: 1 }], ['Café', { id: 't2', sends: 1 }]]);
    expect(journal.writes('team')).toEqual([]);
  });

  it('a title the listing after the hold-back time does not show is sent again, once, and its answer taken', async () => {
    const journal = await sent('Ops');
    const r = run();
    const sends: string[] = [];
    const send = async (title: string): Promise<CreationSent> => {
      sends.push(title);
      await journal.intend([{ kind: 'team', title }], new Date(r.now()));
      return { id: 't9' };
    };
    const settled = await settleOwnCreations(['Ops'], journal, r, { list: async () => [], key: titleKey, send }, () => false);
    expect(sends).toEqual(['Ops']);
    expect(settled.get('Ops')).toEqual({ id: 't9', sends: 2 });
  });

  it('a send again of unknown outcome is waited for and listed in turn; a failure is the answer', async () => {
    const journal = await sent('Ops', 'Data');
    const r = run(true, 1000);
    let listed: { id: string; title: string }[] = [];
    const send = async (title: string): Promise<CreationSent> => {
      await journal.intend([{ kind: 'team', title }], new Date(r.now()));
      if (title === 'Data') return { failure: 'refused (400)' };
      listed = [{ id: 't3', title: 'Ops' }]; // lands, its answer lost
      return 'unknown';
    };
    const settled = await settleOwnCreations(['Ops', 'Data'], journal, r, { list: async () => listed, key: titleKey, send }, () => false);
    expect(r.waits).toEqual([[1000, 2], [1000, 1]]);
    expect(settled.get('Ops')).toEqual({ id: 't3', sends: 2 });
    expect(settled.get('Data')).toEqual({ failure: 'refused (400)' });
  });

  it('sent at most 5 times in a run: then failed, saying so, and not sent again', async () => {
    const journal = await sent('Ops');
    const r = run(true, 1000);
    let sends = 1;
    const send = async (title: string): Promise<CreationSent> => {
      sends++;
      await journal.intend([{ kind: 'team', title }], new Date(r.now()));
      return 'unknown';
    };
    const settled = await settleOwnCreations(['Ops'], journal, r, { list: async () => [], key: titleKey, send }, () => false);
    expect(sends).toBe(5);
    expect(r.waits).toHaveLength(5);
    expect(settled.get('Ops')).toEqual({ failure: 'the listing after the hold-back time shows no team of that title; sent 5 times, the retry budget: not sent again' });
  });

  it('a record whose hold-back time has not passed by the clock is not taken as lost: waited for again', async () => {
    const journal = await sent('Ops');
    const r = run();
    r.wait = async (ms, count) => void r.waits.push([ms, count]); // the clock stands still
    let lists = 0;
    const settled = await settleOwnCreations(['Ops'], journal, r, { list: async () => (++lists < 3 ? [] : [{ id: 't1', title: 'Ops' }]), key: titleKey, send: async () => { throw new Error('not sent again'); } }, () => false);
    expect(lists).toBe(3);
    expect(settled.get('Ops')).toEqual({ id: 't1', sends: 1 });
  });

  it('nothing is waited for or sent with --no-settle, once interrupted, or after a listing that fails: the records stay for a later run', async () => {
    for (const [settle, interrupted, list] of [
      [false, false, async () => []],
      [true, true, async () => []],
      [true, false, async () => { throw new Error('503'); }],
    ] as const) {
      const journal = await sent('Ops');
      const r = run(settle);
      const settled = await settleOwnCreations(['Ops'], journal, r, { list, key: titleKey, send: async () => { throw new Error('not sent again'); } }, () => interrupted);
      expect(settled.size).toBe(0);
      expect(journal.writes('team').map((w) => w.title)).toEqual(['Ops']);
      expect(r.waits.length).toBe(settle && !interrupted ? 1 : 0);
    }
  });
});

describe('settleTeamCreations', () => {
  it('a journal with no team creation lists nothing; one opened without its lock (a dry run) does not wait', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'teamctl-creations-'));
    const r = run();
    let lists = 0;
    const list = async (): Promise<string[]> => (lists++, []);
    const empty = await Journal.open(dir, 'https://api.example.com', 'lab', { wait: false, onWait: () => {} });
    expect(await settleTeamCreations(empty, list, titleKey, r)).toEqual([]);
    expect(lists).toBe(0);
    await empty.intend([{ kind: 'team', title: 'Ops' }], new Date(t0 - 1000));
    await empty.close();
    const readOnly = await Journal.open(dir, 'https://api.example.com', 'lab');
    expect(await settleTeamCreations(readOnly, list, titleKey, r)).toEqual([{ title: 'Ops', until: t0 + 59_000 }]);
    expect(r.waits).toEqual([]);
  });
});

describe('settleOwnCreations, interrupted between two titles', () => {
  it('what is left once interrupted stays unknown, not failed, and is not sent', async () => {
    const journal = await sent('Ops', 'Data');
    const r = run();
    let stop = false;
    const send = async (title: string): Promise<CreationSent> => {
      stop = true; // Ctrl-C while the first is sent again
      await journal.intend([{ kind: 'team', title }], new Date(r.now()));
      return { id: 't1' };
    };
    const settled = await settleOwnCreations(['Ops', 'Data'], journal, r, { list: async () => [], key: titleKey, send }, () => stop);
    expect([...settled]).toEqual([['Ops', { id: 't1', sends: 2 }]]);
  });
});

describe('settleOwnCreations, a clock that never passes the hold-back time', () => {
  it('gives up after 10 rounds (twice the budget of sends), sending nothing: the creation stays unknown, its record kept', async () => {
    const journal = await sent('Ops');
    const r = run();
    r.wait = async (ms, count) => void r.waits.push([ms, count]); // the clock stands still
    const settled = await settleOwnCreations(['Ops'], journal, r, { list: async () => [], key: titleKey, send: async () => { throw new Error('not sent again'); } }, () => false);
    expect(r.waits).toHaveLength(10);
    expect(settled.size).toBe(0);
    expect(journal.writes('team').map((w) => w.title)).toEqual(['Ops']);
  });
});

describe('settleTeamCreations, in a run that sends', () => {
  it('waits until the latest hold-back of those held ends, lists once more, and warns of nothing', async () => {
    const journal = await heldJournal('https://api.example.com', 'lab');
    await journal.intend([{ kind: 'team', title: 'Ops' }], new Date(t0 - 50_000));
    await journal.intend([{ kind: 'team', title: 'Data' }], new Date(t0 - 20_000));
    const r = run();
    const warned: string[] = [];
    let lists = 0;
    const left = await settleTeamCreations(journal, async () => (++lists === 1 ? [] : ['Ops', 'Data']), titleKey, r, (m) => warned.push(m));
    expect(r.waits).toEqual([[40_000, 2]]);
    expect(lists).toBe(2);
    expect(left).toEqual([]);
    expect(warned).toEqual([]);
  });

  it('with every earlier creation listed already: one listing, no wait', async () => {
    const journal = await sent('Ops');
    const r = run();
    let lists = 0;
    expect(await settleTeamCreations(journal, async () => (lists++, ['Ops']), titleKey, r)).toEqual([]);
    expect([lists, r.waits.length]).toEqual([1, 0]);
  });

  it('a dry run (the journal read without its lock) warns of the creations still held back, by title, and does not wait', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'teamctl-creations-'));
    const writer = await Journal.open(dir, 'https://api.example.com', 'lab', { wait: false, onWait: () => {} });
    await writer.intend([{ kind: 'team', title: 'Ops' }, { kind: 'team', title: 'Data' }], new Date(t0 - 1000));
    await writer.close();
    const r = run();
    const warned: string[] = [];
    const left = await settleTeamCreations(await Journal.open(dir, 'https://api.example.com', 'lab'), async () => [], titleKey, r, (m) => warned.push(m));
    expect(left.map((h) => h.title)).toEqual(['Ops', 'Data']);
    expect(warned).toEqual(['"Ops", "Data": created by an earlier run whose outcome is not known yet; a run that sends waits for it']);
    expect(r.waits).toEqual([]);
    // Once the listing shows them, a dry run has nothing to warn of.
    const none: string[] = [];
    expect(await settleTeamCreations(await Journal.open(dir, 'https://api.example.com', 'lab'), async () => ['Ops', 'Data'], titleKey, r, (m) => none.push(m))).toEqual([]);
    expect(none).toEqual([]);
  });
});
