// The journal at its edges (`teamctl help reliability`, "Reliability"): which base URLs name one service, the exact
// window and clock of settling, inserts counted one entry each, what a batch whose outcome became
// known leaves, the lock's holder and its release, the files of older versions it adopts, the
// shapes it refuses, and which failures of a PUT keep a batch.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AuthError, GuardError, ServiceError } from '../../src/errors.js';
import { Journal, JournalError, journalOrigin } from '../../src/journal/journal.js';
import { holdBack, journaled } from '../../src/journal/glossaryBatches.js';

const base = 'http://127.0.0.1:1/v1';
const at = (s: number) => new Date(Date.UTC(2026, 10, 22, 12, 0, s));
const lock = { wait: false, onWait: () => {} };
const newDir = (): string => mkdtempSync(join(tmpdir(), 'teamctl-journal-'));
const insert = (en: string) => ({ type: 'insert' as const, translations: { en } });
const entry = (id: string, en: string) => ({ id, translations: { en } });

/** A journal file holding `batches`, and the path of the journal opened on it. */
async function withBatches(batches: unknown[]): Promise<{ dir: string; path: string }> {
  const dir = newDir();
  const j = await Journal.open(dir, base, 'acme', lock);
  await j.close();
  writeFileSync(j.path, JSON.stringify({ version: 1, batches }));
  return { dir, path: j.path };
}

describe('journalOrigin', () => {
  it('spells the origin out: scheme, host (loopback names made one), port', () => {
    expect(journalOrigin('http://api.example.com/v1')).toBe('http://api.example.com:80');
    expect(journalOrigin('HTTPS://API.example.com./v1')).toBe('https://api.example.com:443');
    expect(journalOrigin('https://api.example.com:80/v1')).toBe('https://api.example.com:80');
    expect(journalOrigin('http://[2001:db8::1]:8080')).toBe('http://2001:db8::1:8080');
  });

  it('knows every loopback name, and nothing that only contains one', () => {
    for (const url of ['http://localhost:1', 'http://LOCALHOST:1', 'http://127.0.0.1:1', 'http://127.10.200.30:1', 'http://[::1]:1', 'http://[::ffff:127.0.0.1]:1', 'http://[::ffff:127.9.9.9]:1']) {
      expect(journalOrigin(url), url).toBe('http://loopback:1');
    }
    // The same test as plain http and the proxy (isLoopback): neither a subdomain nor a trailing dot.
    for (const url of ['http://LOCALHOST.:1', 'http://app.localhost:1', 'http://localhost.example.com:1', 'http://mylocalhost:1', 'http://127.0.0.1.example.com:1', 'http://[::ffff:10.0.0.1]:1', 'http://[::2]:1']) {
      expect(journalOrigin(url), url).not.toBe('http://loopback:1');
    }
  });
});

describe('settling', () => {
  it('holds a batch for exactly the window: lost only once more than the window has passed', async () => {
    const j = await Journal.open(newDir(), base, 'acme', lock);
    await j.sending([insert('a')], at(0));
    expect(await j.settle([], at(60), 60_000)).toMatchObject({ lost: 0, held: [{ operation: insert('a') }] });
    expect(await j.settle([], new Date(at(60).getTime() + 1), 60_000)).toEqual({ landed: 0, lost: 1, held: [] });
    await j.close();
  });

  it('a time written another way is kept as written while it is not in the future', async () => {
    const { dir } = await withBatches([{ id: 'a', sentAt: '2026-11-22T12:00:00Z', operations: [insert('a')] }]);
    const j = await Journal.open(dir, base, 'acme', lock);
    expect((await j.settle([], at(0), 60_000)).held).toEqual([{ operation: insert('a'), sentAt: '2026-11-22T12:00:00Z' }]);
    await j.close();
  });

  it('each entry accounts for one insert of its translations; updates land only with the translations sent', async () => {
    const j = await Journal.open(newDir(), base, 'acme', lock);
    await j.sending([insert('bank'), insert('bank'), insert('bank')], at(0));
    await j.sending(
      [
        { type: 'update', id: 'u1', translations: { en: 'sent' } },
        { type: 'update', id: 'u2', translations: { en: 'sent' } },
        { type: 'update', id: 'gone', translations: { en: 'sent' } },
      ],
      at(0),
    );
    const settled = await j.settle([entry('e1', 'bank'), entry('e2', 'bank'), entry('u1', 'sent'), entry('u2', 'older')], at(1), 60_000);
    expect(settled.landed).toBe(3);
    expect(settled.held.map((h) => h.operation)).toEqual([insert('bank'), { type: 'update', id: 'u2', translations: { en: 'sent' } }, { type: 'update', id: 'gone', translations: { en: 'sent' } }]);
    await j.close();
  });

  it('an empty journal is not written; batches another run recorded meanwhile are kept', async () => {
    const dir = newDir();
    const j = await Journal.open(dir, base, 'acme', lock);
    expect(await j.settle([], at(0), 60_000)).toEqual({ landed: 0, lost: 0, held: [] });
    expect(existsSync(j.path)).toBe(false);
    await j.sending([insert('mine')], at(0));
    const data = JSON.parse(readFileSync(j.path, 'utf8')) as { batches: unknown[] };
    data.batches.push({ id: 'theirs', sentAt: at(0).toISOString(), operations: [insert('theirs')] });
    writeFileSync(j.path, JSON.stringify(data));
    expect(await j.settle([entry('e1', 'mine')], at(1), 60_000)).toMatchObject({ landed: 1 });
    expect(j.pending().map((b) => b.id)).toEqual(['theirs']);
    await j.close();
  });

  it('a batch whose outcome became known keeps only the operations still unknown', async () => {
    const j = await Journal.open(newDir(), base, 'acme', lock);
    const id = await j.sending([insert('a'), insert('b'), insert('c')], at(0));
    const other = await j.sending([insert('d')], at(0));
    await j.settled(id, [insert('b')]);
    expect(j.pending().map((b) => [b.id, b.operations])).toEqual([
      [id, [insert('b')]],
      [other, [insert('d')]],
    ]);
    await j.settled(id, []);
    expect(j.pending().map((b) => b.id)).toEqual([other]);
    await j.close();
  });
});

describe('the lock', () => {
  const exitListeners = () => process.listeners('exit');

  it('names its holder in a file of one JSON line, and is released at exit while held, never after', async () => {
    const dir = newDir();
    const before = exitListeners();
    const j = await Journal.open(dir, base, 'acme', lock);
    const lockFile = `${j.path}.lock`;
    const text = readFileSync(lockFile, 'utf8');
    expect(text.endsWith('}\n')).toBe(true);
    expect(JSON.parse(text)).toMatchObject({ pid: process.pid });
    const added = exitListeners().filter((l) => !before.includes(l));
    expect(added).toHaveLength(1);
    const atExit = added[0] as () => void;
    atExit();
    expect(existsSync(lockFile)).toBe(false);
    await j.close();
    // Taken again by this journal's owner, then closed: the listener is gone, and no longer removes
    // the lock another run holds.
    const again = await Journal.open(dir, base, 'acme', lock);
    const mine = exitListeners().filter((l) => !before.includes(l));
    await again.close();
    expect(exitListeners().filter((l) => !before.includes(l))).toEqual([]);
    const other = await Journal.open(dir, base, 'acme', lock);
    for (const l of mine) (l as () => void)();
    expect(existsSync(lockFile)).toBe(true);
    await other.close();
  });

  it('closing twice, or closing a read-only copy, never removes a lock another run holds', async () => {
    const dir = newDir();
    const first = await Journal.open(dir, base, 'acme', lock);
    await first.close();
    const holder = await Journal.open(dir, base, 'acme', lock);
    await first.close();
    const reader = await Journal.open(dir, base, 'acme');
    await reader.close();
    expect(existsSync(`${holder.path}.lock`)).toBe(true);
    await holder.close();
    expect(existsSync(`${holder.path}.lock`)).toBe(false);
  });

  it('a lock file without a readable holder: refused while fresh, naming no process; taken over once old', async () => {
    const dir = newDir();
    const j = await Journal.open(dir, base, 'acme', lock);
    await j.close();
    const lockFile = `${j.path}.lock`;
    for (const text of ['', '{"pid":"12","host":"h"}', '{"pid":12}']) {
      writeFileSync(lockFile, text);
      const err = (await Journal.open(dir, base, 'acme', lock).catch((e: unknown) => e)) as GuardError;
      expect(err).toBeInstanceOf(GuardError);
      expect(err.message).toBe('another teamctl is changing the glossary of acme at http://loopback:1; nothing was sent');
      expect(err.hint).toBe(`run again once it has finished, or without --no-wait to wait for it; if no such run exists, remove ${lockFile}`);
    }
    const old = (Date.now() - 60_000) / 1000;
    utimesSync(lockFile, old, old);
    await (await Journal.open(dir, base, 'acme', lock)).close();
  });

  it('waiting: says so once, however long it waits, looking again every 200 ms', async () => {
    const dir = newDir();
    const first = await Journal.open(dir, base, 'acme', lock);
    const recorded = JSON.parse(readFileSync(`${first.path}.lock`, 'utf8')) as { startedAt: string };
    const said: string[] = [];
    const waits: number[] = [];
    const second = await Journal.open(dir, base, 'acme', {
      wait: true,
      onWait: (m) => said.push(m),
      // The first run finishes during the fifth wait.
      sleep: async (ms) => {
        waits.push(ms);
        if (waits.length === 5) await first.close();
      },
    });
    await second.close();
    expect(waits).toEqual([200, 200, 200, 200, 200]);
    expect(said).toHaveLength(1);
    // The holder as its lock file records it, and the lock file itself.
    expect(said[0]).toBe(
      `another teamctl (process ${process.pid} on ${hostname()}, since ${recorded.startedAt}) is changing the glossary of acme at http://loopback:1: ` +
        `waiting for it to finish (Ctrl-C to stop); its lock file is ${first.path}.lock`,
    );
  });

  it('waiting: a holder recorded with control characters in its host is named on one line', async () => {
    const dir = newDir();
    const first = await Journal.open(dir, base, 'acme', lock);
    const lockFile = `${first.path}.lock`;
    writeFileSync(lockFile, JSON.stringify({ pid: 1, host: 'elsewhere\nerror: forged\u001b[8m', startedAt: '2026-01-01T00:00:00.000Z' }) + '\n');
    const said: string[] = [];
    const second = await Journal.open(dir, base, 'acme', {
      wait: true,
      onWait: (m) => said.push(m),
      sleep: async () => {
        await first.close();
      },
    });
    await second.close();
    expect(said).toEqual([
      `another teamctl (process 1 on elsewhere\\nerror: forged\\e[8m, since 2026-01-01T00:00:00.000Z) is changing the glossary of acme at http://loopback:1: waiting for it to finish (Ctrl-C to stop); its lock file is ${lockFile}`,
    ]);
  });
  it('what the holder changes is said as its lock file records it: spelled out on one line, and over 100 characters not trusted', async () => {
    const dir = newDir();
    for (const [what, said] of [['the teams\n\u001b[2J', 'the teams\\n\\e[2J'], ['x'.repeat(101), 'the glossary']]) {
      const first = await Journal.open(dir, base, 'acme', lock);
      writeFileSync(`${first.path}.lock`, JSON.stringify({ pid: 1, host: 'elsewhere', startedAt: '2026-01-01T00:00:00.000Z', what }) + '\n');
      const refused = await Journal.open(dir, base, 'acme', { wait: false, onWait: () => {} }).catch((e: unknown) => e);
      expect((refused as Error).message).toContain(`) is changing ${said} of acme at http://loopback:1; nothing was sent`);
      await first.close();
    }
  });
});

describe('a lock or a journal that cannot be written', () => {
  it('a lock file that cannot be created for another reason than another run holding it: a JournalError naming the lock and why', async () => {
    // A config folder whose journal folder can be made but whose lock's full path is too long for
    // the system (4,096 characters on Linux): open() fails with ENAMETOOLONG, not EEXIST.
    const tail = '/journal/'.length + 20 + '.json.lock'.length;
    let dir = newDir();
    while (dir.length + 200 + tail < 4098) dir = join(dir, 'd'.repeat(199));
    dir = join(dir, 'e'.repeat(4098 - tail - dir.length - 1));
    const before = process.listeners('exit');
    const err = (await Journal.open(dir, base, 'acme', lock).catch((e: unknown) => e)) as JournalError;
    expect(err).toBeInstanceOf(JournalError);
    // (The read-only copy of a dry run takes no lock: it names the journal's path.)
    const lockFile = `${(await Journal.open(dir, base, 'acme')).path}.lock`;
    expect(lockFile.length).toBe(4098);
    expect(err.message).toBe(`the lock of the journal ${lockFile} could not be created (ENAMETOOLONG: name too long, open '${lockFile}'); nothing was sent`);
    expect(existsSync(join(dir, 'journal'))).toBe(true);
    expect(process.listeners('exit')).toEqual(before);
  });

  it('a journal that can be read but not written (its folder removed while the lock is held): nothing recorded, a JournalError saying why and what to do', async () => {
    const dir = newDir();
    const j = await Journal.open(dir, base, 'acme', lock);
    rmSync(join(dir, 'journal'), { recursive: true });
    const err = (await j.sending([insert('a')], at(0)).catch((e: unknown) => e)) as JournalError;
    expect(err).toBeInstanceOf(JournalError);
    expect(err.message).toBe(
      `the journal ${j.path} could not be written (cannot write the glossary journal ${j.path}: the folder ${join(dir, 'journal')} does not exist); nothing was sent`,
    );
    expect(err.hint).toBe('teamctl records there every request the service cannot take twice before sending it; free the disk or fix the permissions of the state folder, then run again');
    expect(j.pending()).toEqual([]);
    await j.close();
  });
});

describe('what the journal and its lock are on disk', () => {
  const unreadable = 'it records glossary requests whose outcome was unknown, which could still land: check the glossary for duplicates (teamctl glossary list), then move the file aside and run again';

  it('the journal is one JSON line; the lock is readable by its owner alone', async () => {
    const j = await Journal.open(newDir(), base, 'acme', lock);
    expect(statSync(`${j.path}.lock`).mode & 0o777).toBe(0o600);
    await j.sending([insert('a')], at(0));
    const text = readFileSync(j.path, 'utf8');
    expect(text.endsWith('}\n')).toBe(true);
    expect(text.split('\n')).toHaveLength(2);
    await j.close();
  });

  it('a symbolic link in the place of the journal or of its lock is refused, even to a good journal, saying what to do', async () => {
    const dir = newDir();
    const j = await Journal.open(dir, base, 'acme', lock);
    await j.close();
    const good = join(dir, 'good.json');
    writeFileSync(good, JSON.stringify({ version: 1, batches: [] }));
    symlinkSync(good, j.path);
    for (const open of [() => Journal.open(dir, base, 'acme', lock), () => Journal.open(dir, base, 'acme')]) {
      const err = (await open().catch((e: unknown) => e)) as JournalError;
      expect(err).toBeInstanceOf(JournalError);
      expect(err.message).toBe(`the glossary journal ${j.path} is a symbolic link, which teamctl does not follow for its own files; nothing was sent`);
      expect(err.hint).toBe('teamctl keeps its journal there as a regular file of its own: remove what is there, then run again');
    }
    rmSync(j.path);
    symlinkSync(good, `${j.path}.lock`);
    const err = (await Journal.open(dir, base, 'acme', lock).catch((e: unknown) => e)) as JournalError;
    expect(err).toBeInstanceOf(JournalError);
    expect(err.message).toBe(`the glossary lock ${j.path}.lock is a symbolic link, which teamctl does not follow for its own files; nothing was sent`);
    expect(err.hint).toBe('teamctl keeps its lock there as a regular file of its own: remove what is there, then run again');
  });

  it('a journal that cannot be read for another reason than missing (its folder is a file) stops a dry run too', async () => {
    const dir = newDir();
    writeFileSync(join(dir, 'journal'), 'not a folder');
    const path = (await Journal.open(newDir(), base, 'acme')).path.replace(/^.*\/journal\//, join(dir, 'journal') + '/');
    const err = (await Journal.open(dir, base, 'acme').catch((e: unknown) => e)) as JournalError;
    expect(err).toBeInstanceOf(JournalError);
    expect(err.message).toBe(`the glossary journal ${path} cannot be read (ENOTDIR: not a directory, open '${path}'); nothing was sent`);
    expect(err.hint).toBe(unreadable);
  });

  it('a journal that is not JSON, or JSON of another shape, is named so', async () => {
    const dir = newDir();
    const { path } = await Journal.open(dir, base, 'acme');
    mkdirSync(join(dir, 'journal'));
    const cases: [string, string][] = [
      ['{"batches": [', 'it is not JSON'],
      ['null', 'it is not a teamctl journal'],
      ['5', 'it is not a teamctl journal'],
      ['[]', 'it is not a teamctl journal'],
      ['{"batches": {}}', 'it is not a teamctl journal'],
      [JSON.stringify({ version: 1, batches: [{ id: 'a', sentAt: 't', operations: [] }, { id: 'b', sentAt: 't' }] }), 'it is not a teamctl journal'],
    ];
    for (const [text, why] of cases) {
      writeFileSync(path, text);
      const err = (await Journal.open(dir, base, 'acme').catch((e: unknown) => e)) as JournalError;
      expect(err, text).toBeInstanceOf(JournalError);
      expect(err.message, text).toBe(`the glossary journal ${path} cannot be read (${why}); nothing was sent`);
      expect(err.hint).toBe(unreadable);
    }
  });

  it('a file whose name only starts like a journal of this version is an older journal, adopted', async () => {
    const dir = newDir();
    await (await Journal.open(dir, base, 'acme', lock)).close();
    const old = join(dir, 'journal', '0123456789abcdef0123.json.json');
    writeFileSync(old, JSON.stringify({ batches: [{ id: 'old', baseUrl: 'http://localhost:1', organization: 'acme', sentAt: at(0).toISOString(), operations: [insert('old')] }] }));
    const j = await Journal.open(dir, base, 'acme', lock);
    expect(j.pending()).toEqual([{ id: 'old', sentAt: at(0).toISOString(), operations: [insert('old')] }]);
    await j.close();
    expect(existsSync(old)).toBe(false);
  });

  it('an update has landed only in its own entry: not when its entry is gone, whatever its translations, nor when another entry has them', async () => {
    const j = await Journal.open(newDir(), base, 'acme', lock);
    await j.sending([{ type: 'update', id: 'gone', translations: {} }], at(0));
    expect(await j.settle([entry('e1', 'x')], at(1), 60_000)).toEqual({ landed: 0, lost: 0, held: [{ operation: { type: 'update', id: 'gone', translations: {} }, sentAt: at(0).toISOString() }] });
    await j.close();
    const k = await Journal.open(newDir(), base, 'acme', lock);
    await k.sending([{ type: 'update', id: 'u2', translations: { en: 'sent' } }], at(0));
    expect(await k.settle([entry('e1', 'sent'), entry('u2', 'older')], at(1), 60_000)).toMatchObject({ landed: 0, lost: 0, held: [{ operation: { type: 'update', id: 'u2' } }] });
    await k.close();
  });
});

describe('files it refuses or adopts', () => {
  it('refuses what is not a journal, saying exactly why and what to do', async () => {
    const hint = 'it records glossary requests whose outcome was unknown, which could still land: check the glossary for duplicates (teamctl glossary list), then move the file aside and run again';
    for (const batches of [[{ id: 'a', operations: [] }], [{ id: 'a', sentAt: 't' }], [{ sentAt: 't', operations: [] }], [null]]) {
      const { dir, path } = await withBatches(batches);
      const err = (await Journal.open(dir, base, 'acme', lock).catch((e: unknown) => e)) as JournalError;
      expect(err).toBeInstanceOf(JournalError);
      expect(err.message).toBe(`the glossary journal ${path} cannot be read (it is not a teamctl journal); nothing was sent`);
      expect(err.hint).toBe(hint);
    }
    const dir = newDir();
    const j = await Journal.open(dir, base, 'acme', lock);
    await j.close();
    mkdirSync(j.path);
    await expect(Journal.open(dir, base, 'acme', lock)).rejects.toThrow(`the glossary journal ${j.path} is a directory, not a regular file; nothing was sent`);
  });

  it("adopts an older journal's batches for this service, leaving other files and other services' batches as they are", async () => {
    const dir = newDir();
    await (await Journal.open(dir, base, 'acme', lock)).close();
    const folder = join(dir, 'journal');
    const batch = (id: string, baseUrl: unknown, organization = 'acme') => ({ id, baseUrl, organization, sentAt: at(0).toISOString(), operations: [insert(id)] });
    const files: Record<string, string> = {
      'a.json': JSON.stringify({ batches: [batch('mine', 'http://localhost:1/v1')] }),
      'profile-0123456789abcdef0123.json': JSON.stringify({ batches: [batch('mine too', 'http://127.0.0.1:1')] }),
      'shared.json': JSON.stringify({ version: 0, batches: [batch('ours', 'http://localhost:1'), batch('not a url', 'not a url'), batch('no url', 42), batch('globex', 'http://localhost:1', 'globex')] }),
      'theirs.json': JSON.stringify({ note: 'kept as written', batches: [batch('other service', 'http://example.com')] }),
      // A journal of this version (another service or organization), and a file that is no journal.
      '0123456789abcdef0123.json': JSON.stringify({ batches: [batch('new format', 'http://localhost:1')] }),
      'notes.txt': JSON.stringify({ batches: [batch('not json', 'http://localhost:1')] }),
    };
    for (const [name, text] of Object.entries(files)) writeFileSync(join(folder, name), text);
    const j = await Journal.open(dir, base, 'acme', lock);
    expect(j.pending().map((b) => b.id).sort()).toEqual(['mine', 'mine too', 'ours']);
    expect(j.pending().find((b) => b.id === 'ours')).toEqual({ id: 'ours', sentAt: at(0).toISOString(), operations: [insert('ours')] });
    await j.close();
    expect(existsSync(join(folder, 'a.json'))).toBe(false);
    expect(existsSync(join(folder, 'profile-0123456789abcdef0123.json'))).toBe(false);
    expect(readFileSync(join(folder, 'shared.json'), 'utf8')).toBe(JSON.stringify({ batches: [batch('not a url', 'not a url'), batch('no url', 42), batch('globex', 'http://localhost:1', 'globex')] }) + '\n');
    for (const name of ['theirs.json', '0123456789abcdef0123.json', 'notes.txt']) expect(readFileSync(join(folder, name), 'utf8'), name).toBe(files[name]);
  });
});

describe('holdBack', () => {
  it('matches an operation only with one of its own type: inserts by translations, updates and deletes by id', () => {
    const planned = [
      { line: 2, operation: { type: 'delete' as const, id: 'e1' } },
      { line: 3, operation: { type: 'update' as const, id: 'e2', translations: { en: 'x' } } },
      { line: 4, operation: { type: 'delete' as const, id: 'e3' } },
      { line: 5, operation: insert('door') },
      { line: 6, operation: { type: 'update' as const, id: 'e4', translations: { en: 'y' } } },
    ];
    const { send, held } = holdBack(planned, [
      { operation: { type: 'update', id: 'e1', translations: { en: 'x' } }, sentAt: 't1' },
      { operation: { type: 'delete', id: 'e2' }, sentAt: 't2' },
      { operation: { type: 'delete', id: 'e3' }, sentAt: 't3' },
      { operation: insert('bank'), sentAt: 't4' },
      { operation: { type: 'update', id: 'e5', translations: { en: 'y' } }, sentAt: 't5' },
    ]);
    expect(send.map((p) => p.line)).toEqual([2, 3, 5, 6]);
    expect(held.map((h) => [h.planned.line, h.sentAt])).toEqual([[4, 't3']]);
  });
});

describe('journaled', () => {
  it('keeps a batch whose outcome is unknown, forgets one whose outcome is known', async () => {
    const cases: [string, unknown, boolean][] = [
      ['no error', undefined, false],
      ['rejected', new ServiceError('HTTP 400', { outcome: 'rejected' }), false],
      ['not processed', new ServiceError('HTTP 429', { outcome: 'not-processed' }), false],
      ['refused token', new AuthError('HTTP 401'), false],
      ['unknown outcome', new ServiceError('reset', { outcome: 'unknown' }), true],
      ['not ours', new TypeError('bug'), true],
    ];
    for (const [what, error, kept] of cases) {
      const j = await Journal.open(newDir(), base, 'acme', lock);
      const put = journaled(async () => {
        if (error) throw error;
      }, j, () => at(0));
      await put([insert('a')]).catch(() => {});
      expect(j.pending().map((b) => [b.sentAt, b.operations]), what).toEqual(kept ? [[at(0).toISOString(), [insert('a')]]] : []);
      await j.close();
    }
  });
});
