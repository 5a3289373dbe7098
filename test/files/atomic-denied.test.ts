// Files teamctl writes (`teamctl help reliability`, "Reliability"): a folder the user may not
// enter or write in, and the file system's other failures while the target is looked at, are one
// usage error naming the file and the folder, and nothing is written. The tests run as root, whom
// every permission lets through, so the file system's answers are injected: a call on a path
// listed under its name fails with that code, as it does for a user without the permission (or
// on a full disk, or a file system without hard links). What is left behind is checked too: no
// temporary file, no descriptor open.
import { chmodSync, existsSync, mkdtempSync, readFileSync, readdirSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import type * as FsPromises from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UsageError } from '../../src/errors.js';
import { checkWritable, openAtomic, sameFile, writeFileAtomic } from '../../src/files/atomic.js';
import { openFiles } from '../helpers/fds.js';

const denied = vi.hoisted(() => ({
  /** Per call: the paths (exact, or the folders whose files) that fail, with their code. */
  rules: [] as { call: string; path: string; code: string }[],
  check(call: string, path: unknown): void {
    const rule = this.rules.find((r) => r.call === call && (String(path) === r.path || String(path).startsWith(`${r.path}/`)));
    if (rule) throw Object.assign(new Error(`${rule.code}: refused, ${call} '${String(path)}'`), { code: rule.code, syscall: call });
  },
}));

vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof FsPromises>();
  const wrap =
    <A extends unknown[], R>(call: string, fn: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      denied.check(call, args[0]);
      return fn(...args);
    };
  // A handle of a file under a `write` rule takes no bytes (a full disk, a quota).
  const open = async (...args: Parameters<typeof real.open>) => {
    denied.check('open', args[0]);
    const handle = await real.open(...args);
    return new Proxy(handle, {
      get(target, key) {
        if (key === 'write') return async (...w: unknown[]) => (denied.check('write', args[0]), (target.write as (...a: unknown[]) => unknown)(...w));
        const value: unknown = Reflect.get(target, key);
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
  };
  const fs = { ...real, lstat: wrap('lstat', real.lstat), stat: wrap('stat', real.stat), realpath: wrap('realpath', real.realpath), link: wrap('link', real.link), open };
  return { ...fs, default: fs };
});

afterEach(() => {
  denied.rules = [];
});

const dir = (): string => mkdtempSync(join(tmpdir(), 'teamctl-atomic-denied-'));

/** The error a write is refused with (fails the test when it is written). */
async function refusal(write: Promise<unknown>): Promise<UsageError> {
  const err = await write.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(UsageError);
  return err as UsageError;
}

describe('a folder the user may not enter or write in', () => {
  it('a target in a folder that cannot be entered: refused naming the folder, nothing written', async () => {
    const d = dir();
    const closed = join(d, 'closed');
    denied.rules = [{ call: 'lstat', path: closed, code: 'EACCES' }];
    const err = await refusal(writeFileAtomic(join(closed, 'r.csv'), 'x', '--report closed/r.csv'));
    expect(err.message).toBe(`--report closed/r.csv: no permission to reach ${closed}`);
    const checked = await refusal(checkWritable(join(closed, 'p.json'), 'the plan'));
    expect(checked.message).toBe(`the plan: no permission to reach ${closed}`);
    expect(readdirSync(d)).toEqual([]);
  });

  it('a link whose file cannot be looked at: still a link, refused as one; the file it points to unchanged', async () => {
    const d = dir();
    writeFileSync(join(d, 'real.csv'), 'old');
    symlinkSync(join(d, 'real.csv'), join(d, 'link.csv'));
    denied.rules = [{ call: 'stat', path: join(d, 'real.csv'), code: 'EACCES' }];
    const err = await refusal(writeFileAtomic(join(d, 'link.csv'), 'x', 'the report'));
    expect(err.message).toBe('the report: is a symbolic link, which teamctl does not write through');
    expect(readFileSync(join(d, 'real.csv'), 'utf8')).toBe('old');
    expect(readdirSync(d).sort()).toEqual(['link.csv', 'real.csv']);
  });

  it('a folder that takes no new file: `cannot write`, naming the folder, nothing left in it', async () => {
    const d = dir();
    denied.rules = [{ call: 'open', path: d, code: 'EACCES' }];
    const err = await refusal(writeFileAtomic(join(d, 'r.csv'), 'x', 'the report'));
    expect(err.message).toBe(`cannot write the report: no permission to write in ${d}`);
    expect(readdirSync(d)).toEqual([]);
  });
});

describe('other failures while the target is looked at', () => {
  it('are refused in the file system’s own words after the file’s name, nothing written', async () => {
    const d = dir();
    denied.rules = [{ call: 'lstat', path: join(d, 'a.csv'), code: 'EIO' }];
    expect((await refusal(writeFileAtomic(join(d, 'a.csv'), 'x', 'the report'))).message).toBe(`the report: EIO: refused, lstat '${join(d, 'a.csv')}'`);
    denied.rules = [{ call: 'lstat', path: join(d, 'b.csv'), code: 'ELOOP' }];
    expect((await refusal(writeFileAtomic(join(d, 'b.csv'), 'x', 'the report'))).message).toBe(`the report: ELOOP: refused, lstat '${join(d, 'b.csv')}'`);
    expect(readdirSync(d)).toEqual([]);
  });

  it('a path through a file (ENOTDIR) is a new file, refused when it is made: its folder is not one', async () => {
    const d = dir();
    writeFileSync(join(d, 'plain'), '');
    denied.rules = [{ call: 'lstat', path: join(d, 'plain'), code: 'ENOTDIR' }];
    const err = await refusal(writeFileAtomic(join(d, 'plain', 'r.csv'), 'x', 'the report'));
    expect(err.message).toBe(`cannot write the report: ${join(d, 'plain')} is not a folder`);
  });

  it('teamctl’s own refusals come in their own words, once, with their hints', async () => {
    const d = dir();
    expect((await refusal(writeFileAtomic(d, 'x', '-f out'))).message).toBe('-f out: is a directory');
    writeFileSync(join(d, 'real'), 'old');
    symlinkSync(join(d, 'real'), join(d, 'linked'));
    expect((await refusal(writeFileAtomic(join(d, 'linked'), 'x', 'the journal', { own: true }))).message).toBe(
      'the journal: is a symbolic link, which teamctl does not follow for its own files',
    );
    symlinkSync(join(d, 'nowhere'), join(d, 'dangling'));
    expect((await refusal(writeFileAtomic(join(d, 'dangling'), 'x', 'the report'))).message).toBe('the report: is a symbolic link to a missing file, which teamctl does not write through');
    const exists = await refusal(writeFileAtomic(join(d, 'real'), 'x', '--plan-out real', { overwrite: false }));
    expect([exists.message, exists.hint]).toEqual(['--plan-out real: the file already exists, and is not overwritten', 'remove it first, or name another file']);
    expect(readFileSync(join(d, 'real'), 'utf8')).toBe('old');
  });
});

/** The descriptors this process has open on files under `folder`. */
const openIn = (folder: string): string[] => openFiles().filter((target) => target.startsWith(`${folder}/`));

describe('what a write leaves behind', () => {
  it('a write that fails (a full disk): `cannot write`, the previous file as it was, no temporary file', async () => {
    const d = dir();
    writeFileSync(join(d, 'r.csv'), 'old');
    denied.rules = [{ call: 'write', path: d, code: 'ENOSPC' }];
    const err = await refusal(writeFileAtomic(join(d, 'r.csv'), 'new', '--report r.csv'));
    expect(err.message).toBe(`cannot write --report r.csv: no space left in ${d}`);
    expect(readdirSync(d)).toEqual(['r.csv']);
    expect(readFileSync(join(d, 'r.csv'), 'utf8')).toBe('old');
  });

  it.runIf(existsSync('/proc/self/fd'))('no descriptor stays open on the file or its temporary file, written, aborted or refused', async () => {
    const d = dir();
    await writeFileAtomic(join(d, 'a.csv'), 'a');
    const aborted = await openAtomic(join(d, 'b.csv'), 'b');
    await aborted.write('b');
    await aborted.abort();
    const committed = await openAtomic(join(d, 'c.csv'), 'c');
    await committed.write('c');
    await committed.commit();
    await committed.abort();
    denied.rules = [{ call: 'write', path: d, code: 'ENOSPC' }];
    await refusal(writeFileAtomic(join(d, 'd.csv'), 'd'));
    expect(openIn(d)).toEqual([]);
    expect(readdirSync(d).sort()).toEqual(['a.csv', 'c.csv']);
    expect(readFileSync(join(d, 'c.csv'), 'utf8')).toBe('c');
  });

  it('a file system without hard links (EPERM) where a file must not be overwritten: `cannot write`, not "already exists"', async () => {
    const d = dir();
    denied.rules = [{ call: 'link', path: d, code: 'EPERM' }];
    const err = await refusal(writeFileAtomic(join(d, 'plan.json'), '{}', '--plan-out plan.json', { overwrite: false }));
    expect(err.message).toBe(`cannot write --plan-out plan.json: no permission to write in ${d}`);
    expect(readdirSync(d)).toEqual([]);
  });
});

describe('a file that must not be overwritten', () => {
  it('is refused when it is opened, before anything is written: no temporary file made', async () => {
    const d = dir();
    writeFileSync(join(d, 'plan.json'), 'old');
    const err = await refusal(openAtomic(join(d, 'plan.json'), '--plan-out plan.json', { overwrite: false }));
    expect(err.message).toBe('--plan-out plan.json: the file already exists, and is not overwritten');
    expect(readdirSync(d)).toEqual(['plan.json']);
  });
});

describe('a file already holding the text', () => {
  it('is written again when it may be overwritten: it takes the mode asked for', async () => {
    const d = dir();
    writeFileSync(join(d, 'config.json'), 'same');
    chmodSync(join(d, 'config.json'), 0o644);
    await writeFileAtomic(join(d, 'config.json'), 'same', 'the file', { mode: 0o600 });
    expect(statSync(join(d, 'config.json')).mode & 0o777).toBe(0o600);
  });
});

describe('sameFile', () => {
  // On Linux the roots of proc and sysfs both have inode 1, on two devices.
  const sameInode = existsSync('/proc/self') && existsSync('/sys/kernel') && statSync('/proc').ino === statSync('/sys').ino;
  it.runIf(sameInode)('two file systems’ folders with the same inode number are two files', async () => {
    expect(await sameFile('/proc', '/sys')).toBe(false);
  });
});
