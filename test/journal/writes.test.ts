// The journal's records of writes the service cannot take twice (`teamctl help reliability`):
// invitations, team creations and removal requests, recorded before they are sent, in the one
// journal of a service origin and organization, under its one lock.
import { chmodSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GuardError } from '../../src/errors.js';
import { Journal, JournalError, withJournalOf } from '../../src/journal/journal.js';
import { settleTeamCreations } from '../../src/journal/teamCreations.js';
import { titleKey } from '../../src/model/titles.js';
import { recordedInvitation, stillPending } from '../../src/organization/invitations.js';

const lock = { wait: false, onWait: () => {} };
const newDir = (): string => mkdtempSync(join(tmpdir(), 'teamctl-writes-'));
const fileOf = (dir: string): string => {
  const names = readdirSync(join(dir, 'journal')).filter((n) => n.endsWith('.json'));
  expect(names).toHaveLength(1);
  return join(dir, 'journal', names[0] as string);
};

describe('write records', () => {
  it('are written before the request leaves (outcome "sending"), to a private file, then given their answer; "done" forgets them', async () => {
    const dir = newDir();
    await withJournalOf(dir, 'https://api.example.com', 'lab', lock, async (journal) => {
      const [id] = await journal.intend([{ kind: 'invitation', email: 'ada@example.com' }], new Date('2026-11-20T10:00:00Z'));
      const path = fileOf(dir);
      expect(statSync(path).mode & 0o777).toBe(0o600);
      const onDisk = JSON.parse(readFileSync(path, 'utf8')) as { writes: unknown[] };
      expect(onDisk.writes).toEqual([{ kind: 'invitation', email: 'ada@example.com', id, sentAt: '2026-11-20T10:00:00.000Z', outcome: 'sending' }]);
      await journal.answered([id as string], 'invited');
      expect(journal.writes('invitation').map((w) => w.outcome)).toEqual(['invited']);
      const [team] = await journal.intend([{ kind: 'team', title: 'Ops' }], new Date());
      await journal.answered([team as string], 'done');
      expect(journal.writes('team')).toEqual([]);
    });
    // The next run reads them back.
    const again = await Journal.open(dir, 'https://api.example.com', 'lab');
    expect(again.writes('invitation').map((w) => [w.email, w.outcome])).toEqual([['ada@example.com', 'invited']]);
  });

  it('one origin key: every spelling of a service finds the same records', async () => {
    const dir = newDir();
    await withJournalOf(dir, 'http://localhost:8080', 'lab', lock, (j) => j.intend([{ kind: 'invitation', email: 'ada@example.com' }], new Date()));
    for (const spelling of ['http://127.0.0.1:8080', 'http://localhost:8080/', 'HTTP://LOCALHOST:8080', 'http://[::1]:8080', 'http://[::ffff:127.0.0.1]:8080']) {
      const j = await Journal.open(dir, spelling, 'lab');
      expect(recordedInvitation(j, 'ADA@example.com ')?.email, spelling).toBe('ada@example.com');
    }
    await withJournalOf(dir, 'https://api.example.com', 'lab', lock, (j) => j.intend([{ kind: 'team', title: 'x' }], new Date()));
    for (const spelling of ['https://API.example.com:443', 'https://api.example.com/']) expect((await Journal.open(dir, spelling, 'lab')).writes('team'), spelling).toHaveLength(1);
    expect((await Journal.open(dir, 'https://api.example.com', 'other')).writes('team')).toEqual([]);
  });

  it('a journal that cannot be written records nothing and says so: nothing may be sent', async () => {
    const dir = newDir();
    await withJournalOf(dir, 'https://api.example.com', 'lab', lock, async (journal) => {
      chmodSync(join(dir, 'journal'), 0o500);
      try {
        if (process.getuid?.() === 0) return; // root writes anyway: the failure is injected below instead
        await expect(journal.intend([{ kind: 'invitation', email: 'a@example.com' }], new Date())).rejects.toBeInstanceOf(JournalError);
      } finally {
        chmodSync(join(dir, 'journal'), 0o700);
      }
    });
    const blocked = newDir();
    await withJournalOf(blocked, 'https://api.example.com', 'lab', lock, async (journal) => {
      // The journal's place taken by a folder: the atomic rename cannot put a file there.
      const { mkdirSync } = await import('node:fs');
      mkdirSync(journal.path);
      await expect(journal.intend([{ kind: 'invitation', email: 'a@example.com' }], new Date())).rejects.toThrow(/journal .*nothing was sent/);
      expect(journal.writes('invitation')).toEqual([]);
    });
  });

  it('a record that is not one teamctl wrote makes the journal unreadable: nothing is sent on a guess', async () => {
    const dir = newDir();
    await withJournalOf(dir, 'https://api.example.com', 'lab', lock, (j) => j.intend([{ kind: 'invitation', email: 'a@example.com' }], new Date()));
    const path = fileOf(dir);
    const data = JSON.parse(readFileSync(path, 'utf8')) as { writes: Record<string, unknown>[] };
    writeFileSync(path, JSON.stringify({ ...data, writes: [{ ...data.writes[0], outcome: 'maybe' }] }));
    await expect(Journal.open(dir, 'https://api.example.com', 'lab')).rejects.toThrow(/a write record is not one teamctl wrote/);
  });

  it('records made at once by one run (sends in flight together) are all kept, in the order they were asked for', async () => {
    const dir = newDir();
    await withJournalOf(dir, 'https://api.example.com', 'lab', lock, async (journal) => {
      const ids = await Promise.all([1, 2, 3, 4].map((n) => journal.intend([{ kind: 'removal', user: `u${n}`, email: `u${n}@example.com` }], new Date('2026-11-28T09:00:00Z'))));
      await Promise.all([journal.answered(ids[0] as string[], 'requested'), journal.answered(ids[1] as string[], 'done')]);
      expect(journal.writes('removal').map((w) => [w.user, w.outcome])).toEqual([['u1', 'requested'], ['u3', 'sending'], ['u4', 'sending']]);
      const onDisk = JSON.parse(readFileSync(fileOf(dir), 'utf8')) as { writes: { user: string }[] };
      expect(onDisk.writes.map((w) => w.user)).toEqual(['u1', 'u3', 'u4']);
    });
  });

  it('one lock for every kind: a second run refuses with --no-wait while the first holds it', async () => {
    const dir = newDir();
    const first = await Journal.open(dir, 'https://api.example.com', 'lab', { ...lock, what: 'the organization' });
    const second = await Journal.open(dir, 'https://API.example.com/', 'lab', { ...lock, what: 'the teams' }).catch((e: unknown) => e);
    expect(second).toBeInstanceOf(GuardError);
    // The refusal names what the holder changes, as its lock file records it, not what the second run would.
    expect((second as Error).message).toMatch(/is changing the organization of lab at https:\/\/api\.example\.com:443; nothing was sent/);
    await first.close();
    await (await Journal.open(dir, 'https://api.example.com', 'lab', lock)).close();
  });

  it('the latest invitation of an e-mail counts, in any case, whatever its outcome; pending within the days asked', async () => {
    const dir = newDir();
    const day = 86_400_000;
    const now = Date.parse('2026-11-27T00:00:00Z');
    await withJournalOf(dir, 'https://api.example.com', 'lab', lock, async (j) => {
      await j.intend([{ kind: 'invitation', email: 'Ada@example.com' }], new Date(now - 10 * day));
      const [late] = await j.intend([{ kind: 'invitation', email: 'ada@example.com' }], new Date(now - 2 * day));
      await j.answered([late as string], 'unknown');
      expect(recordedInvitation(j, 'ADA@EXAMPLE.COM')?.sentAt).toBe(new Date(now - 2 * day).toISOString());
      expect(recordedInvitation(j, 'bob@example.com')).toBeUndefined();
    });
    expect(stillPending(new Date(now - 7 * day + 1).toISOString(), 7, now)).toBe(true);
    expect(stillPending(new Date(now - 7 * day).toISOString(), 7, now)).toBe(false);
    expect(stillPending(new Date(now).toISOString(), 0, now)).toBe(false);
  });

  it('team creations are settled by the listing: landed or past the hold-back forgotten, the rest held and waited for', async () => {
    const dir = newDir();
    const t0 = Date.parse('2026-11-27T10:00:00Z');
    let clock = t0;
    const slept: number[] = [];
    const journal = await Journal.open(dir, 'https://api.example.com', 'lab', lock);
    await journal.intend([{ kind: 'team', title: 'Ops' }, { kind: 'team', title: 'Café' }], new Date(t0 - 10_000));
    await journal.intend([{ kind: 'team', title: 'Old' }], new Date(t0 - 120_000));
    let listed = ['OPS'];
    const held = await journal.settleTeams(listed, titleKey, new Date(clock), 60_000);
    expect(held).toEqual([{ title: 'Café', until: t0 + 50_000 }]);
    expect(journal.writes('team').map((w) => w.title)).toEqual(['Café']);
    // In a run that sends: waited for, then listed again.
    const left = await settleTeamCreations(journal, async () => listed, titleKey, {
      now: () => clock,
      wait: async (ms) => {
        slept.push(ms);
        clock += ms;
        listed = ['Ops', 'café'.normalize('NFD')];
      },
      holdBackMs: 60_000,
      settle: true,
    });
    expect(slept).toEqual([50_000]);
    expect(left).toEqual([]);
    expect(journal.writes('team')).toEqual([]);
    await journal.close();
  });
});

describe('invitation records of earlier versions', () => {
  it('become the journal’s for their service and organization (a dry run reads them, a run moves them); others stay', async () => {
    const { mkdirSync, existsSync } = await import('node:fs');
    const dir = newDir();
    mkdirSync(join(dir, 'invitations'));
    const ours = join(dir, 'invitations', `${'a'.repeat(40)}.json`);
    const other = join(dir, 'invitations', `${'b'.repeat(40)}.json`);
    writeFileSync(ours, JSON.stringify({ email: 'ada@example.com', organization: 'lab', baseUrl: 'http://localhost:8080/v1', invitedAt: '2026-11-20T10:00:00.000Z' }));
    writeFileSync(other, JSON.stringify({ email: 'bob@example.com', organization: 'other', baseUrl: 'http://localhost:8080/v1', invitedAt: '2026-11-20T10:00:00.000Z' }));
    const dry = await Journal.open(dir, 'http://127.0.0.1:8080/v1', 'lab');
    expect(recordedInvitation(dry, 'ada@example.com')?.sentAt).toBe('2026-11-20T10:00:00.000Z');
    expect(existsSync(ours)).toBe(true);
    await withJournalOf(dir, 'http://127.0.0.1:8080/v1', 'lab', lock, async (j) => {
      expect(recordedInvitation(j, 'ada@example.com')?.outcome).toBe('invited');
      expect(recordedInvitation(j, 'bob@example.com')).toBeUndefined();
    });
    expect(existsSync(ours)).toBe(false);
    expect(existsSync(other)).toBe(true);
    expect(recordedInvitation(await Journal.open(dir, 'http://localhost:8080', 'lab'), 'ada@example.com')?.email).toBe('ada@example.com');
  });
});
