// Plan files are read as bounded streams (`teamctl help reliability`, "Bounded input"): a device, a pipe or a file
// over the limit is refused with exit 2 naming the file — in a 64 MB heap, without a crash.
import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { maxPlanBytes, readPlanFile } from '../../src/engine/planFile.js';
import { runCli } from '../e2e/harness.js';

const env = { TEAMCTL_BASE_URL: 'http://127.0.0.1:9', TEAMCTL_TOKEN: 'tok_0123456789abcdef', TEAMCTL_ORG: 'o', NODE_OPTIONS: '--max-old-space-size=64' };

describe('bounded plan files', () => {
  it('refuses a symlink to /dev/zero, a FIFO and a sparse file over the limit, in a 64 MB heap', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'teamctl-plan-'));
    symlinkSync('/dev/zero', join(dir, 'zero.json'));
    execFileSync('mkfifo', [join(dir, 'fifo.json')]);
    // Sparse: past the limit by one byte, without using the disk.
    const big = openSync(join(dir, 'big.json'), 'w');
    closeSync(big);
    execFileSync('truncate', ['-s', String(maxPlanBytes + 1), join(dir, 'big.json')]);

    const zero = await runCli(['apply', 'zero.json'], { env, cwd: dir, spawn: true });
    expect(zero.code).toBe(2);
    expect(zero.stderr).toContain('error: zero.json: cannot read file: not a regular file (a device, a pipe or a socket)');
    const fifo = await runCli(['apply', 'fifo.json'], { env, cwd: dir, spawn: true });
    expect(fifo.code).toBe(2);
    expect(fifo.stderr).toContain('error: fifo.json: cannot read file: not a regular file');
    const large = await runCli(['apply', 'big.json'], { env, cwd: dir, spawn: true });
    expect(large.code).toBe(2);
    expect(large.stderr).toContain(`error: big.json: the plan is larger than ${maxPlanBytes / 1024 / 1024} MB; nothing was sent`);
    for (const r of [zero, fifo, large]) expect(r.stderr).not.toMatch(/heap| {4}at /);
  });

  it('reads a plan through the same bounded reader as input files: not UTF-8 is refused with its line', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'teamctl-plan-'));
    writeFileSync(join(dir, 'latin1.json'), Buffer.concat([Buffer.from('{\n"format": "'), Buffer.from([0xe9]), Buffer.from('"}\n')]));
    await expect(readPlanFile('latin1.json', dir)).rejects.toThrow(/^latin1\.json:2: not valid UTF-8 \(byte 0xE9/);
    await expect(readPlanFile('missing.json', dir)).rejects.toThrow('missing.json: cannot read file: no such file');
    await expect(readPlanFile('.', dir)).rejects.toThrow('.: cannot read file: is a directory');
  });

  it('refuses, in process, a device, a FIFO and a file past 128 MB before reading a byte', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'teamctl-plan-'));
    symlinkSync('/dev/zero', join(dir, 'zero.json'));
    execFileSync('mkfifo', [join(dir, 'fifo.json')]);
    closeSync(openSync(join(dir, 'big.json'), 'w'));
    execFileSync('truncate', ['-s', String(128 * 1024 * 1024 + 1), join(dir, 'big.json')]);
    await expect(readPlanFile('zero.json', dir)).rejects.toThrow('zero.json: cannot read file: not a regular file (a device, a pipe or a socket)');
    await expect(readPlanFile('fifo.json', dir)).rejects.toThrow('fifo.json: cannot read file: not a regular file (a device, a pipe or a socket)');
    await expect(readPlanFile('big.json', dir)).rejects.toThrow('big.json: the plan is larger than 128 MB');
  });
});
