// The journal's write records at their edges (`teamctl help reliability`): every kind read back as
// written and every record teamctl never writes refused, the file left without records when none is
// left, the hold-back's last millisecond, a read-only copy that records nothing, which files of
// earlier versions are invitation records, and the lock released however the run ends.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Journal, withJournalOf } from '../../src/journal/journal.js';

const base = 'https://api.example.com';
const lock = { wait: false, onWait: () => {} };
const newDir = (): string => mkdtempSync(join(tmpdir(), 'teamctl-records-'));
const sentAt = '2026-11-20T10:00:00.000Z';

/** A config folder whose journal file holds `writes`. */
async function journalWith(writes: unknown[]): Promise<string> {
  const dir = newDir();
  const j = await Journal.open(dir, base, 'lab', lock);
  await j.close();
  writeFileSync(j.path, JSON.stringify({ version: 1, origin: 'https://api.example.com:443', organization: 'lab', batches: [], writes }));
  return dir;
}

const good = [
  { kind: 'invitation', id: 'i1', email: 'ada@example.com', sentAt, outcome: 'sending' },
  { kind: 'invitation', id: 'i2', email: 'bob@example.com', sentAt, outcome: 'invited' },
  { kind: 'invitation', id: 'i3', email: 'cy@example.com', sentAt, outcome: 'unknown' },
  { kind: 'team', id: 't1', title: 'Ops', sentAt, outcome: 'sending' },
  { kind: 'team', id: 't2', title: 'Data', sentAt, outcome: 'unknown' },
  { kind: 'removal', id: 'r1', user: 'u1', email: 'dee@example.com', sentAt, outcome: 'sending' },
  { kind: 'removal', id: 'r2', user: 'u2', email: null, sentAt, outcome: 'requested' },
  { kind: 'removal', id: 'r3', user: 'u3', email: null, sentAt, outcome: 'unknown' },
];

describe('the records in the file', () => {
  it('every kind and outcome teamctl writes is read back as written', async () => {
    const journal = await Journal.open(await journalWith(good), base, 'lab');
    expect([...journal.writes('invitation'), ...journal.writes('team'), ...journal.writes('removal')]).toEqual(good);
  });

  it('one record teamctl never writes, among good ones, makes the journal unreadable', async () => {
    const bad: unknown[] = [
      null,
      'invitation',
      { ...good[0], id: 1 },
      { ...good[0], sentAt: 5 },
      { ...good[0], sentAt: 'yesterday' },
      { ...good[0], email: undefined },
      { ...good[0], outcome: 'requested' },
      { ...good[3], title: 7 },
      { ...good[3], outcome: 'invited' },
      { ...good[5], user: undefined },
      { ...good[5], email: 5 },
      { ...good[5], outcome: 'invited' },
      { ...good[5], kind: 'deletion' },
    ];
    for (const record of bad) {
      const dir = await journalWith([...good, record]);
      await expect(Journal.open(dir, base, 'lab'), JSON.stringify(record) ?? 'undefined').rejects.toThrow(/cannot be read \(a write record is not one teamctl wrote\)/);
    }
  });

  it('no record left: the file has no records at all; nothing forgotten: the file is not written', async () => {
    const dir = newDir();
    await withJournalOf(dir, base, 'lab', lock, async (journal) => {
      // Nothing to settle: no file is written.
      expect(await journal.settleTeams(['Ops'], (t) => t, new Date(sentAt), 60_000)).toEqual([]);
      expect(existsSync(journal.path)).toBe(false);
      const [id] = await journal.intend([{ kind: 'removal', user: 'u1', email: null }], new Date(sentAt));
      await journal.answered([id as string], 'done');
      expect(Object.keys(JSON.parse(readFileSync(journal.path, 'utf8')) as object)).toEqual(['version', 'origin', 'organization', 'batches']);
    });
  });

  it('a team creation is held until its hold-back has passed, not one millisecond longer', async () => {
    const dir = newDir();
    await withJournalOf(dir, base, 'lab', lock, async (journal) => {
      await journal.intend([{ kind: 'team', title: 'Ops' }], new Date(sentAt));
      const end = Date.parse(sentAt) + 60_000;
      expect(await journal.settleTeams([], (t) => t, new Date(end - 1), 60_000)).toEqual([{ title: 'Ops', until: end }]);
      expect(await journal.settleTeams([], (t) => t, new Date(end), 60_000)).toEqual([]);
      expect(journal.writes('team')).toEqual([]);
    });
  });

  it('the members listed settle the removals of users no longer among them, whatever their outcome; the others stay', async () => {
    const dir = await journalWith(good);
    await withJournalOf(dir, base, 'lab', lock, async (journal) => {
      await journal.settleRemovals(new Set(['u2', 'u9']));
      expect(journal.writes('removal').map((w) => w.id)).toEqual(['r2']);
      expect([...journal.writes('invitation'), ...journal.writes('team')]).toEqual(good.filter((w) => w.kind !== 'removal'));
    });
    const read = await Journal.open(dir, base, 'lab');
    expect(read.writes('removal').map((w) => w.id)).toEqual(['r2']);
  });

  it('a read-only copy (a dry run) records nothing', async () => {
    const journal = await Journal.open(newDir(), base, 'lab');
    await expect(journal.intend([{ kind: 'team', title: 'Ops' }], new Date())).rejects.toThrow('a write recorded in a journal opened without its lock');
    expect(journal.writes('team')).toEqual([]);
  });
});

describe('invitation records of earlier versions', () => {
  it('only files named as teamctl named them, of this service and organization, are adopted', async () => {
    const dir = newDir();
    const folder = join(dir, 'invitations');
    mkdirSync(folder);
    const hex = 'c'.repeat(40);
    const record = (email: string, baseUrl = base) => JSON.stringify({ email, organization: 'lab', baseUrl, invitedAt: sentAt });
    const others = { [`x${hex}.json`]: record('a@example.com'), [`${hex}.json.tmp`]: record('b@example.com'), 'notes.json': record('c@example.com') };
    for (const [name, text] of Object.entries(others)) writeFileSync(join(folder, name), text);
    writeFileSync(join(folder, `${'d'.repeat(40)}.json`), record('d@example.com', 'https://other.example.com'));
    writeFileSync(join(folder, `${'e'.repeat(40)}.json`), record('e@example.com'));
    await withJournalOf(dir, base, 'lab', lock, async (journal) => {
      expect(journal.writes('invitation').map((w) => w.email)).toEqual(['e@example.com']);
    });
    expect(readdirSync(folder).sort()).toEqual([...Object.keys(others), `${'d'.repeat(40)}.json`].sort());
  });
});

describe('withJournalOf', () => {
  it('releases the lock after the work, whether it ends or throws', async () => {
    const dir = newDir();
    await withJournalOf(dir, base, 'lab', lock, async () => 1);
    await expect(withJournalOf(dir, base, 'lab', lock, async () => Promise.reject(new Error('stopped')))).rejects.toThrow('stopped');
    await expect(withJournalOf(dir, base, 'lab', lock, async (journal) => journal.locked)).resolves.toBe(true);
  });
});
