import { execFileSync } from 'node:child_process';
import { chmodSync, lstatSync, mkdtempSync, readFileSync, readdirSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/errors.js';
import { checkWritable, openAtomic, sameFile, whyNotWritable, writeFailure, writeFileAtomic } from '../../src/files/atomic.js';
import { addSecret } from '../../src/redact.js';

const dir = () => mkdtempSync(join(tmpdir(), 'teamctl-atomic-'));

describe('atomic files', () => {
  it('replaces the target whole and leaves no temporary file', async () => {
    const d = dir();
    const path = join(d, 'report.csv');
    await writeFileAtomic(path, 'a\n');
    await writeFileAtomic(path, 'b\n');
    expect(readFileSync(path, 'utf8')).toBe('b\n');
    expect(readdirSync(d)).toEqual(['report.csv']);
  });

  it('leaves the previous file untouched when a write is aborted', async () => {
    const d = dir();
    const path = join(d, 'export.csv');
    writeFileSync(path, 'old\n');
    const file = await openAtomic(path);
    await file.write('half of the new');
    expect(readFileSync(path, 'utf8')).toBe('old\n'); // nothing visible before commit
    await file.abort();
    expect(readFileSync(path, 'utf8')).toBe('old\n');
    expect(readdirSync(d)).toEqual(['export.csv']);
  });

  it('gives a private file its mode whatever the umask or an older file allowed', async () => {
    const d = dir();
    const fresh = join(d, 'new.json');
    await writeFileAtomic(fresh, '{}', fresh, { mode: 0o600 });
    expect(statSync(fresh).mode & 0o777).toBe(0o600);
    const loose = join(d, 'loose.json');
    writeFileSync(loose, '{}');
    chmodSync(loose, 0o644);
    await writeFileAtomic(loose, '[]', loose, { mode: 0o600 });
    expect(statSync(loose).mode & 0o777).toBe(0o600);
    expect(readFileSync(loose, 'utf8')).toBe('[]');
  });

  it('keeps the permissions of an existing target', async () => {
    const d = dir();
    const path = join(d, 'private.csv');
    writeFileSync(path, 'x');
    chmodSync(path, 0o600);
    await writeFileAtomic(path, 'y');
    expect(statSync(path).mode & 0o777).toBe(0o600);
  });

  it('names the problem as a usage error: a missing folder, a directory', async () => {
    const d = dir();
    await expect(writeFileAtomic(join(d, 'missing', 'r.csv'), 'x', '--report missing/r.csv')).rejects.toThrow(
      /^cannot write --report missing\/r\.csv: the folder .*missing does not exist$/,
    );
    await expect(openAtomic(d, '-f out')).rejects.toThrow(UsageError);
    await expect(openAtomic(d, '-f out')).rejects.toThrow('-f out: is a directory');
  });

  it('refuses a symbolic link, replacing, appending or checking: the file it points to unchanged, the link still a link', async () => {
    const d = dir();
    const real = join(d, 'real.csv');
    const link = join(d, 'link.csv');
    writeFileSync(real, 'old\n');
    symlinkSync(real, link);
    const said = '--report link.csv: is a symbolic link, which teamctl does not write through';
    await expect(writeFileAtomic(link, 'new\n', '--report link.csv')).rejects.toThrow(said);
    await expect(writeFileAtomic(link, 'new\n', '--report link.csv', { append: true })).rejects.toThrow(said);
    await expect(writeFileAtomic(link, 'new\n', '--report link.csv', { overwrite: false })).rejects.toThrow(said);
    await expect(checkWritable(link, '--report link.csv')).rejects.toThrow(said);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readFileSync(real, 'utf8')).toBe('old\n');
    expect(readdirSync(d).sort()).toEqual(['link.csv', 'real.csv']);
  });

  it('append: adds to the end of a regular file, or creates it; nothing else in the folder', async () => {
    const d = dir();
    const path = join(d, 'summary.md');
    await writeFileAtomic(path, 'one\n', 'the summary', { append: true });
    await writeFileAtomic(path, 'two\n', 'the summary', { append: true });
    expect(readFileSync(path, 'utf8')).toBe('one\ntwo\n');
    expect(readdirSync(d)).toEqual(['summary.md']);
  });

  it('refuses special files and links to them, before anything is written', async () => {
    const d = dir();
    const fifo = join(d, 'pipe');
    execFileSync('mkfifo', [fifo]);
    await expect(checkWritable(fifo, '--report pipe')).rejects.toThrow('--report pipe: is not a regular file');
    const link = join(d, 'to-dir');
    symlinkSync(d, link);
    await expect(checkWritable(link, '--report to-dir')).rejects.toThrow('--report to-dir: is a symbolic link');
    await expect(checkWritable(d, '--report d')).rejects.toThrow('--report d: is a directory');
    await expect(checkWritable(fifo, '--report pipe')).rejects.toThrow('--report pipe: is not a regular file (a FIFO (named pipe))');
    await expect(checkWritable('/dev/null', '--report /dev/null')).rejects.toThrow(/not a regular file/);
  });

  it('says why a folder takes no file, without calling an existing folder missing', async () => {
    await expect(checkWritable('/proc/report.csv', '--report /proc/report.csv')).rejects.toThrow(/^cannot write --report \/proc\/report\.csv: (files cannot be created in|no permission to write in) \/proc$/);
    const d = dir();
    await expect(checkWritable(join(d, 'nope', 'r.csv'), 'r')).rejects.toThrow(/the folder .*nope does not exist/);
    expect(readdirSync(d)).toEqual([]);
  });

  it('redacts registered secrets from everything it writes', async () => {
    const d = dir();
    const path = join(d, 'report.csv');
    addSecret('tok_atomic_"secret"_9876');
    await writeFileAtomic(path, `a,tok_atomic_"secret"_9876\n${JSON.stringify({ m: 'tok_atomic_"secret"_9876' })}\n`);
    const text = readFileSync(path, 'utf8');
    expect(text).not.toContain('secret');
    expect(text).toBe('a,***\n{"m":"***"}\n');
  });
});

describe('overwrite: false', () => {
  it('refuses an existing file before writing, and one created meanwhile when it is made visible; a new file, or the same text again, is written', async () => {
    const d = dir();
    const there = join(d, 'there.csv');
    writeFileSync(there, 'mine\n');
    await expect(writeFileAtomic(there, 'theirs\n', '--write-roster there.csv', { overwrite: false })).rejects.toThrow(
      new UsageError('--write-roster there.csv: the file already exists, and is not overwritten', { hint: 'remove it first, or name another file' }),
    );
    const late = join(d, 'late.csv');
    const file = await openAtomic(late, 'late.csv', { overwrite: false });
    await file.write('theirs\n');
    writeFileSync(late, 'mine\n');
    await expect(file.commit()).rejects.toThrow(/late\.csv: the file already exists/);
    await file.abort();
    expect(readFileSync(there, 'utf8')).toBe('mine\n');
    expect(readFileSync(late, 'utf8')).toBe('mine\n');
    await writeFileAtomic(join(d, 'new.csv'), 'new\n', 'new.csv', { overwrite: false });
    expect(readFileSync(join(d, 'new.csv'), 'utf8')).toBe('new\n');
    // A file that already holds exactly the text loses nothing: left as it is, no error.
    const before = statSync(there).mtimeMs;
    await writeFileAtomic(there, 'mine\n', 'there.csv', { overwrite: false });
    expect(statSync(there).mtimeMs).toBe(before);
    expect(readdirSync(d).sort()).toEqual(['late.csv', 'new.csv', 'there.csv']);
  });
});

describe('why a file cannot be written, in words a person can act on', () => {
  const failure = (code: string, message = `${code}: failed\nat a stack line`): NodeJS.ErrnoException => Object.assign(new Error(message), { code });

  it('each cause of the file system by its name, in one line; an unknown one by the first line of its message', async () => {
    const d = dir();
    const cases: [string, string][] = [
      ['EACCES', `no permission to write in ${d}`],
      ['EPERM', `no permission to write in ${d}`],
      ['EROFS', `${d} is on a read-only file system`],
      ['ENOSPC', `no space left in ${d}`],
      ['EDQUOT', `the disk quota is used up in ${d}`],
      ['EFBIG', 'the file is larger than the file system (or a limit on file sizes) allows'],
      ['EIO', `an input/output error on the disk of ${d}`],
      ['EWHATEVER', 'EWHATEVER: failed'],
    ];
    for (const [code, words] of cases) expect(await whyNotWritable(failure(code), d)).toBe(words);
    expect(await whyNotWritable('a string thrown', d)).toBe('a string thrown');
  });

  it('ENOENT or ENOTDIR says whether the folder is missing, is a file, or takes no file', async () => {
    const d = dir();
    const file = join(d, 'plain');
    writeFileSync(file, '');
    for (const code of ['ENOENT', 'ENOTDIR']) {
      expect(await whyNotWritable(failure(code), join(d, 'missing'))).toBe(`the folder ${join(d, 'missing')} does not exist`);
      expect(await whyNotWritable(failure(code), file)).toBe(`${file} is not a folder`);
      expect(await whyNotWritable(failure(code), d)).toBe(`files cannot be created in ${d}`);
    }
  });

  it('writeFailure: `cannot write <what>: <why>` as a usage error keeping its cause; an error teamctl already explained comes as it is', async () => {
    const d = dir();
    const cause = failure('ENOSPC');
    const err = await writeFailure(cause, 'the report r.csv', d);
    expect(err).toBeInstanceOf(UsageError);
    expect(err.message).toBe(`cannot write the report r.csv: no space left in ${d}`);
    expect(err.cause).toBe(cause);
    const said = new UsageError('already said');
    expect(await writeFailure(said, 'x', d)).toBe(said);
  });
});

describe('the target of a write', () => {
  it('a link to a missing file is refused; one of teamctl own files that is a link is refused; a file in a folder that is a file is new', async () => {
    const d = dir();
    symlinkSync(join(d, 'nowhere'), join(d, 'dangling'));
    await expect(writeFileAtomic(join(d, 'dangling'), 'x', 'the report')).rejects.toThrow('the report: is a symbolic link to a missing file');
    writeFileSync(join(d, 'real'), 'old');
    symlinkSync(join(d, 'real'), join(d, 'linked'));
    await expect(writeFileAtomic(join(d, 'linked'), 'x', 'the journal', { own: true })).rejects.toThrow('the journal: is a symbolic link, which teamctl does not follow for its own files');
    expect(readFileSync(join(d, 'real'), 'utf8')).toBe('old');
    writeFileSync(join(d, 'afile'), '');
    await expect(writeFileAtomic(join(d, 'afile', 'r.csv'), 'x', 'the report')).rejects.toThrow(`cannot write the report: ${join(d, 'afile')} is not a folder`);
  });

  it('sameFile: one file under two names (a link, a hard link), or two paths to a file not there yet; not two files', async () => {
    const d = dir();
    writeFileSync(join(d, 'a'), '');
    writeFileSync(join(d, 'b'), '');
    symlinkSync(join(d, 'a'), join(d, 'to-a'));
    execFileSync('ln', [join(d, 'a'), join(d, 'hard-a')]);
    expect(await sameFile(join(d, 'a'), join(d, 'to-a'))).toBe(true);
    expect(await sameFile(join(d, 'a'), join(d, 'hard-a'))).toBe(true);
    expect(await sameFile(join(d, 'new'), join(d, '.', 'new'))).toBe(true);
    expect(await sameFile(join(d, 'a'), join(d, 'b'))).toBe(false);
    expect(await sameFile(join(d, 'a'), join(d, 'new'))).toBe(false);
  });

  it('checkWritable makes and removes a file, leaving the folder as it was; a directory in the place is refused', async () => {
    const d = dir();
    await checkWritable(join(d, 'r.csv'), 'the report');
    expect(readdirSync(d)).toEqual([]);
    await expect(checkWritable(d, 'the report')).rejects.toThrow('the report: is a directory');
  });
});
