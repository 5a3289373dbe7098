// The journal (src/journal/journal.ts): settling on an injected clock; one journal per service
// origin and organization; its lock (one writer per glossary); corrupt files and odd times.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GuardError } from '../../src/errors.js';
import { Journal, JournalError, journalOrigin } from '../../src/journal/journal.js';
import { holdBack, journaled } from '../../src/journal/glossaryBatches.js';

const base = 'http://127.0.0.1:1/v1';
const at = (s: number) => new Date(Date.UTC(2026, 10, 22, 12, 0, s));
const lock = { wait: false, onWait: () => {} };
const newDir = (): string => mkdtempSync(join(tmpdir(), 'teamctl-journal-'));
const insert = (en: string) => ({ type: 'insert' as const, translations: { en } });

describe('Journal', () => {
  it('landed operations are forgotten, recent ones held, old ones taken as lost; per service and organization', async () => {
    const dir = newDir();
    const journal = await Journal.open(dir, base, 'acme', lock);
    await journal.sending([insert('bank'), insert('door'), { type: 'delete', id: 'gone' }], at(0));
    const other = await Journal.open(dir, base, 'other', lock);
    await other.sending([insert('x')], at(0));
    await other.close();
    const glossary = [{ id: 'e1', translations: { en: 'bank' } }];
    const soon = await journal.settle(glossary, at(10), 60_000);
    expect(soon).toEqual({ landed: 2, lost: 0, held: [{ operation: insert('door'), sentAt: at(0).toISOString() }] });
    await journal.close();
    // Reopened from disk: only what is still unknown remains.
    const again = await Journal.open(dir, base, 'acme', lock);
    expect(again.pending().flatMap((b) => b.operations)).toEqual([insert('door')]);
    expect((await Journal.open(dir, base, 'other')).pending()).toHaveLength(1);
    const late = await again.settle(glossary, at(120), 60_000);
    expect(late).toEqual({ landed: 0, lost: 1, held: [] });
    expect(again.pending()).toEqual([]);
    await again.close();
  });

  it('is one journal per service origin: loopback names, case, default ports and paths meet', async () => {
    expect(journalOrigin('http://localhost:8787/v1')).toBe(journalOrigin('http://127.0.0.1:8787'));
    expect(journalOrigin('http://[::1]:8787')).toBe(journalOrigin('http://127.0.0.2:8787/'));
    expect(journalOrigin('https://API.Example.com/v1')).toBe(journalOrigin('https://api.example.com:443/prefix/v1'));
    expect(journalOrigin('https://api.example.com')).not.toBe(journalOrigin('https://api.example.com:8443'));
    expect(journalOrigin('http://localhost:8787')).not.toBe(journalOrigin('http://localhost:8788'));
    const dir = newDir();
    const a = await Journal.open(dir, 'http://localhost:8787/v1', 'acme', lock);
    await a.sending([insert('bank')], at(0));
    await a.close();
    expect((await Journal.open(dir, 'http://127.0.0.1:8787', 'acme')).pending()).toHaveLength(1);
    expect((await Journal.open(dir, 'http://127.0.0.1:8787', 'globex')).pending()).toHaveLength(0);
  });

  it('has one writer at a time: a second open refuses with --no-wait, or waits until the first closes', async () => {
    const dir = newDir();
    const first = await Journal.open(dir, base, 'acme', lock);
    const refused = await Journal.open(dir, 'http://localhost:1', 'acme', lock).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(GuardError);
    expect((refused as GuardError).message).toMatch(new RegExp(`another teamctl \\(process ${process.pid} on .*\\) is changing the glossary of acme at http://loopback:1; nothing was sent`));
    // Another organization is another glossary: no wait.
    await (await Journal.open(dir, base, 'globex', lock)).close();
    const said: string[] = [];
    let opened = false;
    let told!: () => void;
    const toldToWait = new Promise<void>((resolve) => (told = resolve));
    const onWait = (m: string): void => {
      said.push(m);
      told();
    };
    const waiting = Journal.open(dir, base, 'acme', { wait: true, onWait, pollMs: 5 }).then((j) => {
      opened = true;
      return j;
    });
    await toldToWait;
    expect(opened).toBe(false);
    expect(said).toEqual([expect.stringMatching(/is changing the glossary of acme at .*: waiting for it to finish/)]);
    await first.close();
    const second = await waiting;
    await second.sending([insert('door')], at(0));
    await second.close();
    expect(readdirSync(join(dir, 'journal')).filter((f) => f.endsWith('.lock'))).toEqual([]);
  });

  it('takes over the lock of a process that is gone, and of a lock file never written, once old', async () => {
    const dir = newDir();
    const j = await Journal.open(dir, base, 'acme', lock);
    const lockFile = `${j.path}.lock`;
    await j.close();
    // A pid that cannot be alive (above any pid_max) on this host.
    writeFileSync(lockFile, JSON.stringify({ pid: 2 ** 30, host: (await import('node:os')).hostname(), startedAt: at(0).toISOString() }));
    await (await Journal.open(dir, base, 'acme', lock)).close();
    // A live holder on another host is never taken over.
    writeFileSync(lockFile, JSON.stringify({ pid: 2 ** 30, host: 'another-host', startedAt: at(0).toISOString() }));
    await expect(Journal.open(dir, base, 'acme', lock)).rejects.toThrow(/process 1073741824 on another-host/);
    expect(existsSync(lockFile)).toBe(true);
  });

  it('a corrupt or foreign journal stops the run, saying what to do; nothing is forgotten', async () => {
    const dir = newDir();
    const j = await Journal.open(dir, base, 'acme', lock);
    await j.close();
    for (const text of ['{"batches": [', '{"batches": [{"id": 1}]}', '[]']) {
      writeFileSync(j.path, text);
      const err = (await Journal.open(dir, base, 'acme', lock).catch((e: unknown) => e)) as JournalError;
      expect(err).toBeInstanceOf(JournalError);
      expect(err.exitCode).toBe(1);
      expect(err.message).toMatch(/^the glossary journal .* cannot be read \(.*\); nothing was sent$/);
      expect(err.hint).toMatch(/check the glossary for duplicates/);
      expect(readFileSync(j.path, 'utf8')).toBe(text); // left for a person to look at
      // The lock is not left behind by the failed open.
      expect(existsSync(`${j.path}.lock`)).toBe(false);
    }
  });

  it('a clock set back an hour: a batch and a team creation recorded an hour ahead count as now, and are held for the window alone', async () => {
    const dir = newDir();
    const ahead = new Date(at(0).getTime() + 60 * 60_000);
    const writer = await Journal.open(dir, base, 'acme', lock);
    await writer.sending([insert('ahead')], ahead);
    await writer.intend([{ kind: 'team', title: 'Ops' }], ahead);
    await writer.close();
    const j = await Journal.open(dir, base, 'acme', lock);
    expect((await j.settle([], at(0), 60_000)).held.map((h) => h.sentAt)).toEqual([at(0).toISOString()]);
    expect(await j.settleTeams([], (t) => t, at(0), 60_000)).toEqual([{ title: 'Ops', until: at(60).getTime() }]);
    await j.close();
    // Written back as now: once the window has passed, both are lost, an hour early by the old times.
    const later = await Journal.open(dir, base, 'acme', lock);
    expect(later.writes('team').map((w) => w.sentAt)).toEqual([at(0).toISOString()]);
    expect(await later.settle([], at(61), 60_000)).toEqual({ landed: 0, lost: 1, held: [] });
    expect(await later.settleTeams([], (t) => t, at(61), 60_000)).toEqual([]);
    expect(later.writes('team')).toEqual([]);
    await later.close();
  });

  it('a sentAt in the future or unreadable counts as now, and is written back as now: the window is the promised one', async () => {
    const dir = newDir();
    const j = await Journal.open(dir, base, 'acme', lock);
    await j.close();
    writeFileSync(
      j.path,
      JSON.stringify({ version: 1, batches: [{ id: 'a', sentAt: '2099-01-01T00:00:00Z', operations: [insert('future')] }, { id: 'b', sentAt: 'yesterday-ish', operations: [insert('odd')] }] }),
    );
    const first = await Journal.open(dir, base, 'acme', lock);
    expect((await first.settle([], at(0), 60_000)).held.map((h) => h.sentAt)).toEqual([at(0).toISOString(), at(0).toISOString()]);
    await first.close();
    const later = await Journal.open(dir, base, 'acme', lock);
    expect(await later.settle([], at(30), 60_000)).toMatchObject({ lost: 0 });
    expect(await later.settle([], at(61), 60_000)).toEqual({ landed: 0, lost: 2, held: [] });
    await later.close();
  });

  it('a dry run (no lock) settles in memory only, and needs no lock', async () => {
    const dir = newDir();
    const writer = await Journal.open(dir, base, 'acme', lock);
    await writer.sending([insert('bank')], at(0));
    const reader = await Journal.open(dir, base, 'acme'); // while the writer holds the lock
    expect(await reader.settle([{ id: 'e', translations: { en: 'bank' } }], at(1), 60_000)).toMatchObject({ landed: 1 });
    await writer.close();
    expect((await Journal.open(dir, base, 'acme')).pending()).toHaveLength(1);
  });

  it('re-reads the file for every change: a batch another writer recorded is never lost', async () => {
    const dir = newDir();
    const j = await Journal.open(dir, base, 'acme', lock);
    await j.sending([insert('mine')], at(0));
    // Written behind its back (an older teamctl without the lock, say).
    const data = JSON.parse(readFileSync(j.path, 'utf8')) as { batches: unknown[] };
    data.batches.push({ id: 'theirs', sentAt: at(0).toISOString(), operations: [insert('theirs')] });
    writeFileSync(j.path, JSON.stringify(data));
    const id = await j.sending([insert('next')], at(1));
    await j.settled(id, []);
    await j.close();
    expect((await Journal.open(dir, base, 'acme')).pending().flatMap((b) => b.operations)).toEqual([insert('mine'), insert('theirs')]);
  });

  it('a journal that cannot be recorded in sends nothing and says so (a directory where its file should be: fails for root too)', async () => {
    const dir = newDir();
    const j = await Journal.open(dir, base, 'acme', lock);
    rmSync(j.path, { force: true });
    mkdirSync(j.path);
    let sent = 0;
    const put = journaled(async () => {
      sent++;
    }, j);
    const err = (await put([insert('x')]).catch((e: unknown) => e)) as JournalError;
    await j.close();
    expect(err).toBeInstanceOf(JournalError);
    expect(err.message).toMatch(/nothing was sent/);
    expect(sent).toBe(0);
  });

  it('adopts the batches of an older per-profile journal for this service and organization', async () => {
    const dir = newDir();
    const j = await Journal.open(dir, base, 'acme', lock);
    await j.close();
    const legacy = join(dir, 'journal', 'default.json');
    writeFileSync(
      legacy,
      JSON.stringify({
        batches: [
          { id: 'l1', baseUrl: 'http://localhost:1/v1', organization: 'acme', sentAt: at(0).toISOString(), operations: [insert('old')] },
          { id: 'l2', baseUrl: 'http://localhost:1/v1', organization: 'globex', sentAt: at(0).toISOString(), operations: [insert('theirs')] },
        ],
      }),
    );
    const adopted = await Journal.open(dir, base, 'acme', lock);
    expect(adopted.pending().map((b) => b.id)).toEqual(['l1']);
    await adopted.close();
    expect((JSON.parse(readFileSync(legacy, 'utf8')) as { batches: { id: string }[] }).batches.map((b) => b.id)).toEqual(['l2']);
  });

  it('holds back exactly the planned operations an earlier run may still apply', () => {
    const planned = [
      { line: 2, operation: { type: 'insert' as const, translations: { en: 'door' } } },
      { line: 3, operation: { type: 'insert' as const, translations: { en: 'bank' } } },
      { line: 4, operation: { type: 'update' as const, id: 'e1', translations: { en: 'x' } } },
    ];
    const { send, held } = holdBack(planned, [
      { operation: { type: 'insert', translations: { EN: ' door ' } }, sentAt: 't' },
      { operation: { type: 'update', id: 'e1', translations: { en: 'y' } }, sentAt: 't' },
    ]);
    expect(send.map((p) => p.line)).toEqual([3]);
    expect(held.map((h) => h.planned.line)).toEqual([2, 4]);
  });
});
