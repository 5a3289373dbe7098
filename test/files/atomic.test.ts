import { chmodSync, mkdtempSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/errors.js';
import { openAtomic, writeFileAtomic } from '../../src/files/atomic.js';

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
});
