// Files teamctl writes (`teamctl help reliability`, "Reliability"): a folder the user may not
// enter or write in, and the file system's other failures while the target is looked at, are one
// usage error naming the file and the folder, and nothing is written. The tests run as root, whom
// every permission lets through, so the file system's answers are injected: a call on a path
// listed under its name fails with that code, as it does for a user without the permission.
import { mkdtempSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import type * as FsPromises from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UsageError } from '../../src/errors.js';
import { checkWritable, writeFileAtomic } from '../../src/files/atomic.js';

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
  const fs = { ...real, lstat: wrap('lstat', real.lstat), stat: wrap('stat', real.stat), realpath: wrap('realpath', real.realpath), open: wrap('open', real.open) };
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
    expect(readdirSync(d)).toEqual([]);
  });

  it('a link whose file is in a folder that cannot be looked into: refused naming that folder, not the link’s', async () => {
    const d = dir();
    const hidden = join(d, 'hidden');
    writeFileSync(join(d, 'real.csv'), 'old');
    symlinkSync(join(d, 'real.csv'), join(d, 'link.csv'));
    // The real file's folder, refused once the link is followed.
    denied.rules = [{ call: 'stat', path: join(d, 'real.csv'), code: 'EACCES' }];
    const err = await refusal(writeFileAtomic(join(d, 'link.csv'), 'x', 'the report'));
    expect(err.message).toBe(`the report: no permission to reach ${d}`);
    denied.rules = [{ call: 'stat', path: hidden, code: 'EACCES' }];
    const inside = await refusal(checkWritable(join(hidden, 'r.csv'), 'the plan'));
    expect(inside.message).toBe(`the plan: no permission to reach ${hidden}`);
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
    denied.rules = [{ call: 'stat', path: join(d, 'b.csv'), code: 'EIO' }];
    expect((await refusal(writeFileAtomic(join(d, 'b.csv'), 'x', 'the report'))).message).toBe(`the report: EIO: refused, stat '${join(d, 'b.csv')}'`);
    denied.rules = [{ call: 'realpath', path: join(d, 'c.csv.link'), code: 'ELOOP' }];
    symlinkSync(join(d, 'c.csv'), join(d, 'c.csv.link'));
    writeFileSync(join(d, 'c.csv'), '');
    expect((await refusal(writeFileAtomic(join(d, 'c.csv.link'), 'x', 'the report'))).message).toBe(`the report: ELOOP: refused, realpath '${join(d, 'c.csv.link')}'`);
    expect(readdirSync(d).sort()).toEqual(['c.csv', 'c.csv.link']);
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
    expect((await refusal(writeFileAtomic(join(d, 'dangling'), 'x', 'the report'))).message).toBe('the report: is a symbolic link to a missing file');
    const exists = await refusal(writeFileAtomic(join(d, 'real'), 'x', '--plan-out real', { overwrite: false }));
    expect([exists.message, exists.hint]).toEqual(['--plan-out real: the file already exists, and is not overwritten', 'remove it first, or name another file']);
    expect(readFileSync(join(d, 'real'), 'utf8')).toBe('old');
  });
});
