// Journals earlier versions kept in a config folder (README, "Settings"): moved into the state
// folder's journal on first use, under its lock; a dry run reads them where they are. Applied-plan
// records left there still count.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GuardError } from '../../src/errors.js';
import { appliedRecord, checkNotApplied, claimPlan } from '../../src/engine/appliedPlans.js';
import { Journal, type JournalHome } from '../../src/journal/journal.js';

const base = 'https://api.example.com';
const lock = { wait: false, onWait: () => {} };
const newDir = (): string => mkdtempSync(join(tmpdir(), 'teamctl-moved-'));
const at = '2026-12-01T10:00:00.000Z';
const insert = (en: string) => ({ type: 'insert' as const, translations: { en } });

/** A config folder holding the journal an earlier version kept there, and a home of one state folder with it. */
async function configWithJournal(state: string, what: string): Promise<{ home: JournalHome; old: string }> {
  const config = newDir();
  // The name and format are the journal's own: written by a journal opened on the config folder.
  const earlier = await Journal.open(config, base, 'lab', lock);
  await earlier.intend([{ kind: 'invitation', email: `${what}@example.com` }], new Date(at));
  await earlier.sending([insert(what)], new Date(at));
  await earlier.close();
  return { home: { state: { dir: state, shared: false }, config }, old: earlier.path };
}

describe('a journal kept in the config folder', () => {
  it('is moved into the state folder on first use, and the config folder no longer holds it', async () => {
    const state = newDir();
    const { home, old } = await configWithJournal(state, 'ada');
    const journal = await Journal.open(home, base, 'lab', lock);
    expect(journal.path.startsWith(join(state, 'journal'))).toBe(true);
    expect(journal.writes('invitation').map((w) => [w.email, w.outcome])).toEqual([['ada@example.com', 'sending']]);
    expect(journal.pending().flatMap((b) => b.operations)).toEqual([insert('ada')]);
    await journal.close();
    expect(existsSync(old)).toBe(false);
    const file = JSON.parse(readFileSync(journal.path, 'utf8')) as { writes: unknown[]; batches: unknown[] };
    expect([file.writes.length, file.batches.length]).toEqual([1, 1]);
  });

  it('two config folders of one user meet in one journal: both moved, nothing lost', async () => {
    const state = newDir();
    const a = await configWithJournal(state, 'ada');
    const b = await configWithJournal(state, 'bob');
    await (await Journal.open(a.home, base, 'lab', lock)).close();
    const second = await Journal.open(b.home, base, 'lab', lock);
    expect(second.writes('invitation').map((w) => w.email).sort()).toEqual(['ada@example.com', 'bob@example.com']);
    await second.close();
  });

  it('is moved under the lock: while another run holds it, nothing moves; a dry run reads it where it is', async () => {
    const state = newDir();
    const holder = await Journal.open(state, base, 'lab', lock);
    const { home, old } = await configWithJournal(state, 'ada');
    await expect(Journal.open(home, base, 'lab', lock)).rejects.toThrow(GuardError);
    expect(existsSync(old)).toBe(true);
    const dry = await Journal.open(home, base, 'lab');
    expect(dry.writes('invitation').map((w) => w.email)).toEqual(['ada@example.com']);
    expect(existsSync(old)).toBe(true);
    await holder.close();
    await (await Journal.open(home, base, 'lab', lock)).close();
    expect(existsSync(old)).toBe(false);
  });

  it('an empty one is removed on first use too; a dry run leaves it', async () => {
    const state = newDir();
    const config = newDir();
    await (await Journal.open(config, base, 'lab', lock)).close();
    const old = (await Journal.open(config, base, 'lab')).path;
    writeFileSync(old, JSON.stringify({ version: 1, origin: 'x', organization: 'lab', batches: [] }));
    const home = { state: { dir: state, shared: false }, config };
    await Journal.open(home, base, 'lab');
    expect(existsSync(old)).toBe(true);
    await (await Journal.open(home, base, 'lab', lock)).close();
    expect(existsSync(old)).toBe(false);
  });

  it('one that cannot be read stops the run, naming it, and is left where it is', async () => {
    const state = newDir();
    const { home, old } = await configWithJournal(state, 'ada');
    writeFileSync(old, '{"batches": [');
    await expect(Journal.open(home, base, 'lab', lock)).rejects.toThrow(`the glossary journal ${old} cannot be read (it is not JSON); nothing was sent`);
    expect(readFileSync(old, 'utf8')).toBe('{"batches": [');
    // The lock was let go.
    await (await Journal.open(state, base, 'lab', lock)).close();
  });
});

describe('applied-plan records', () => {
  it('are kept in the state folder; one an earlier version kept in the config folder still counts', async () => {
    const state = newDir();
    const config = newDir();
    const home = { state: { dir: state, shared: false }, config };
    await claimPlan(home, 'p1', 'plan.json', false, () => {});
    expect(existsSync(join(state, 'applied-plans', 'p1.json'))).toBe(true);
    expect(existsSync(join(config, 'applied-plans'))).toBe(false);
    mkdirSync(join(config, 'applied-plans'));
    writeFileSync(join(config, 'applied-plans', 'p2.json'), JSON.stringify({ plan: 'old.json', appliedAt: at, pid: 7, host: 'h' }));
    expect(await appliedRecord(home, 'p2')).toEqual({ appliedAt: at, pid: 7, host: 'h' });
    await expect(checkNotApplied(home, 'p2', 'old.json')).rejects.toThrow(`old.json was already applied at ${at} (process 7 on h)`);
    await expect(claimPlan(home, 'p2', 'old.json', false, () => {})).rejects.toThrow(GuardError);
    expect(existsSync(join(state, 'applied-plans', 'p2.json'))).toBe(false);
    // --force records it anew in the state folder.
    await claimPlan(home, 'p2', 'old.json', true, () => {});
    expect(existsSync(join(state, 'applied-plans', 'p2.json'))).toBe(true);
    // Another config folder of the same user finds it applied.
    await expect(checkNotApplied({ ...home, config: newDir() }, 'p1', 'plan.json')).rejects.toThrow(GuardError);
  });
});

describe('a state folder that is the config folder under another name', () => {
  it('moves nothing and removes nothing: the journal is found once, and kept', async () => {
    const config = newDir();
    const alias = join(newDir(), 'alias');
    symlinkSync(config, alias);
    const first = await Journal.open(config, base, 'lab', lock);
    await first.intend([{ kind: 'team', title: 'Ops' }], new Date(at));
    await first.close();
    const home = { state: { dir: alias, shared: false }, config };
    const again = await Journal.open(home, base, 'lab', lock);
    expect(again.writes('team').map((w) => w.title)).toEqual(['Ops']);
    await again.close();
    expect(existsSync(first.path)).toBe(true);
    expect((await Journal.open(config, base, 'lab')).writes('team')).toHaveLength(1);
  });
});
