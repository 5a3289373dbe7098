// Breaking a stale lock (`teamctl help reliability`, "Reliability"): another run may take the lock
// between the look that found it stale and the move that breaks it. Its lock goes back where it
// was and this run waits for it (or refuses with --no-wait): two writers never hold one journal.
// A lock file whose writer died before writing it is stale once more than 10 s old.
import { mkdtempSync, readFileSync, readdirSync, renameSync, utimesSync, writeFileSync } from 'node:fs';
import type * as fsp from 'node:fs/promises';
import { rename } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { GuardError } from '../../src/errors.js';
import { Journal } from '../../src/journal/journal.js';

vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof fsp>();
  return { ...actual, rename: vi.fn(actual.rename) };
});

const base = 'http://127.0.0.1:1/v1';
const lock = { wait: false, onWait: () => {} };

describe('a stale lock', () => {
  it('taken by another run between the look and the break: put back, and this run refuses with --no-wait', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'teamctl-journal-'));
    const first = await Journal.open(dir, base, 'acme', lock);
    const lockFile = `${first.path}.lock`;
    await first.close();
    // A holder that is gone (no pid is this high) on this host: stale.
    writeFileSync(lockFile, JSON.stringify({ pid: 2 ** 30, host: hostname(), startedAt: '2026-11-22T12:00:00.000Z' }));
    // A live run (this process) takes the lock just before the stale one is moved aside.
    const live = JSON.stringify({ pid: process.pid, host: hostname(), startedAt: '2026-11-22T12:00:01.000Z' });
    vi.mocked(rename).mockImplementationOnce(async (from, to) => {
      writeFileSync(String(from), live);
      renameSync(String(from), String(to));
    });
    const err = (await Journal.open(dir, base, 'acme', lock).catch((e: unknown) => e)) as GuardError;
    expect(err).toBeInstanceOf(GuardError);
    expect(err.message).toContain(`another teamctl (process ${process.pid} on ${hostname()}`);
    expect(readFileSync(lockFile, 'utf8')).toBe(live);
    // Nothing moved aside is left behind.
    expect(readdirSync(dirname(lockFile)).filter((f) => f.includes('.lock'))).toEqual([`${first.path.split('/').pop()}.lock`]);
  });

  it('taken meanwhile by a run that has not written its name yet (an empty lock just made): put back, not broken', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'teamctl-journal-'));
    const first = await Journal.open(dir, base, 'acme', lock);
    const lockFile = `${first.path}.lock`;
    await first.close();
    writeFileSync(lockFile, JSON.stringify({ pid: 2 ** 30, host: hostname(), startedAt: '2026-11-22T12:00:00.000Z' }));
    vi.mocked(rename).mockImplementationOnce(async (from, to) => {
      writeFileSync(String(from), '');
      renameSync(String(from), String(to));
    });
    await expect(Journal.open(dir, base, 'acme', lock)).rejects.toThrow(GuardError);
    expect(readFileSync(lockFile, 'utf8')).toBe('');
    // Once more than 10 s old, an empty lock is a run that died before writing it: broken.
    const old = new Date(Date.now() - 11_000);
    utimesSync(lockFile, old, old);
    await (await Journal.open(dir, base, 'acme', lock)).close();
  });

  it('taken meanwhile by a run on another host (a shared config folder): put back, never broken', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'teamctl-journal-'));
    const first = await Journal.open(dir, base, 'acme', lock);
    const lockFile = `${first.path}.lock`;
    await first.close();
    writeFileSync(lockFile, JSON.stringify({ pid: 2 ** 30, host: hostname(), startedAt: '2026-11-22T12:00:00.000Z' }));
    // Its pid means nothing here: alive or not on this host, the other host's run holds the lock.
    for (const pid of [2 ** 30, process.pid]) {
      const other = JSON.stringify({ pid, host: 'another-host', startedAt: '2026-11-22T12:00:01.000Z' });
      vi.mocked(rename).mockImplementationOnce(async (from, to) => {
        writeFileSync(String(from), other);
        renameSync(String(from), String(to));
      });
      await expect(Journal.open(dir, base, 'acme', lock)).rejects.toThrow(`another teamctl (process ${pid} on another-host`);
      expect(readFileSync(lockFile, 'utf8')).toBe(other);
      writeFileSync(lockFile, JSON.stringify({ pid: 2 ** 30, host: hostname(), startedAt: '2026-11-22T12:00:00.000Z' }));
    }
  });

  it('a lock file never written is taken over once more than 10 s old, not at 10 s', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'teamctl-journal-'));
    const first = await Journal.open(dir, base, 'acme', lock);
    const lockFile = `${first.path}.lock`;
    await first.close();
    writeFileSync(lockFile, '');
    const made = 1_800_000_000; // seconds, whole: the file's time is exact in milliseconds
    utimesSync(lockFile, made, made);
    const now = vi.spyOn(Date, 'now');
    try {
      now.mockReturnValue(made * 1000 + 10_000);
      await expect(Journal.open(dir, base, 'acme', lock)).rejects.toThrow('another teamctl is changing the glossary of acme at http://loopback:1; nothing was sent');
      now.mockReturnValue(made * 1000 + 10_001);
      await (await Journal.open(dir, base, 'acme', lock)).close();
    } finally {
      now.mockRestore();
    }
  });
});
