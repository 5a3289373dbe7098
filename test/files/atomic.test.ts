import { execFileSync } from 'node:child_process';
import { chmodSync, lstatSync, mkdtempSync, readFileSync, readdirSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/errors.js';
import { checkWritable, openAtomic, writeFileAtomic } from '../../src/files/atomic.js';
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

  it('writes through a symbolic link: the file it points to is replaced, the link stays a link', async () => {
    const d = dir();
    const real = join(d, 'real.csv');
    const link = join(d, 'link.csv');
    writeFileSync(real, 'old\n');
    symlinkSync(real, link);
    await writeFileAtomic(link, 'new\n');
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readFileSync(real, 'utf8')).toBe('new\n');
    await expect(checkWritable(link)).resolves.toBeUndefined();
  });

  it('refuses special files and links to them, before anything is written', async () => {
    const d = dir();
    const fifo = join(d, 'pipe');
    execFileSync('mkfifo', [fifo]);
    await expect(checkWritable(fifo, '--report pipe')).rejects.toThrow('--report pipe: is not a regular file');
    const link = join(d, 'to-dir');
    symlinkSync(d, link);
    await expect(checkWritable(link, '--report to-dir')).rejects.toThrow('--report to-dir: is a directory');
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
