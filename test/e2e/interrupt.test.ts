// Interruptions for real (`teamctl help interruptions`, "Interruptions"): the built binary, a signal in the middle of a
// run against a sandbox slowed with a test hook, and prompts answered with Ctrl-C under a real
// pseudo-terminal (`script`). The sandbox's state and the report file are the reference.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bin, newConfigDir, runCli, sandboxWithEnv, type SandboxEnv } from './harness.js';

let s: SandboxEnv;
beforeEach(async () => {
  s = await sandboxWithEnv({ seed: 'empty' });
  s.sandbox.store.addUsers('acme', 200);
  s.sandbox.store.createTeam('acme', 't');
  s.sandbox.store.setTeamMembers('acme', 't', [{ userId: 'u00001', role: 'owner' }]);
  s.env.TEAMCTL_TEAM = 't';
});
afterEach(async () => {
  await s.sandbox.close();
});

const dir = mkdtempSync(join(tmpdir(), 'teamctl-interrupt-'));
const members = (): string[] => s.sandbox.store.teamMembers('acme', 't').map((m) => m.userId).sort();
const puts = (): number => s.sandbox.requests.filter((r) => r.method === 'PUT').length;

interface Spawned {
  done: Promise<{ code: number | null; stdout: string; stderr: string }>;
  kill(signal: NodeJS.Signals): void;
  write(text: string): void;
  output(): string;
}

/** Starts teamctl; with `tty`, under a pseudo-terminal made by `script`. */
function start(args: string[], env: Record<string, string>, tty = false): Spawned {
  const config = env.TEAMCTL_CONFIG_DIR ?? newConfigDir();
  const fullEnv = { PATH: process.env.PATH ?? '', HOME: newConfigDir(), TEAMCTL_CONFIG_DIR: config, TEAMCTL_STATE_DIR: config, ...env };
  const quoted = [process.execPath, bin, ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
  const child = tty
    ? spawn('script', ['-qfec', quoted, '/dev/null'], { env: { ...fullEnv, TERM: 'xterm' }, stdio: ['pipe', 'pipe', 'pipe'] })
    : spawn(process.execPath, [bin, ...args], { env: { ...fullEnv, CI: 'true' }, stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  const done = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
  return { done, kill: (signal) => child.kill(signal), write: (text) => child.stdin.write(text), output: () => stdout + stderr };
}

/** Waits for the sandbox to reach a state (the run under test is a process of its own). */
async function until(condition: () => boolean, what: string): Promise<void> {
  await vi.waitFor(() => {
    if (!condition()) throw new Error(`timed out waiting for ${what}`);
  }, { timeout: 20_000, interval: 10 });
}

const roster = (n: number): string => 'id\n' + Array.from({ length: n }, (_, i) => `u${String(i + 1).padStart(5, '0')}`).join('\n') + '\n';

describe('interrupted runs', () => {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`${signal} mid-run: requests in flight finish, nothing more is sent, the report says what applied, exit ${signal === 'SIGTERM' ? 143 : 130}; a re-run finishes`, async () => {
      // Every bulk request is held 150 ms, so the run is surely mid-way when the signal comes.
      s.sandbox.intercept((req) => (req.method === 'PUT' ? { kind: 'delay', ms: 150 } : undefined));
      const file = join(dir, `roster-${signal}.csv`);
      writeFileSync(file, roster(120));
      const report = join(dir, `report-${signal}.csv`);
      const run = start(['members', 'sync', '--roster', file, '--batch-size', '10', '--report', report, '--json'], s.env);
      await until(() => puts() >= 3, 'three bulk requests');
      run.kill(signal);
      const r = await run.done;
      expect(r.code).toBe(signal === 'SIGTERM' ? 143 : 130);
      expect(r.stderr).toMatch(/^error: interrupted after \d+ of 119 changes were applied; .* lists each change; run the same command again to finish$/m);
      expect(r.stderr).not.toMatch(/at .*\.js:\d+/); // no stack trace
      const rows = parse(readFileSync(report, 'utf8'), { columns: true }) as { user: string; outcome: string; message: string }[];
      const added = rows.filter((row) => row.outcome === 'added').map((row) => row.user);
      const notSent = rows.filter((row) => row.message === 'not sent: the run was interrupted');
      expect(added.length).toBeGreaterThan(0);
      expect(notSent.length).toBeGreaterThan(0);
      expect(added.length + notSent.length).toBe(119);
      // Exactly what the report calls added is in the team: nothing else was sent.
      expect(members()).toEqual(['u00001', ...added].sort());
      expect(JSON.parse(r.stdout)).toMatchObject({ dryRun: false, verified: false });

      s.sandbox.clearIntercepts();
      const again = await runCli(['members', 'sync', '--roster', file], { env: s.env });
      expect(again.code).toBe(0);
      expect(members()).toHaveLength(120);
    });
  }

  it('a glossary import stopped by SIGTERM: no batch after it, the rows say which were sent, a re-run inserts only the rest', async () => {
    s.sandbox.intercept((req) => (req.method === 'PUT' ? { kind: 'delay', ms: 150 } : undefined));
    const file = join(dir, 'terms.csv');
    writeFileSync(file, 'en,fr\n' + Array.from({ length: 100 }, (_, i) => `term ${i},terme ${i}`).join('\n') + '\n');
    const report = join(dir, 'glossary-report.csv');
    const run = start(['glossary', 'import', file, '--batch-size', '10', '--report', report], s.env);
    await until(() => puts() >= 2, 'two batches');
    run.kill('SIGTERM');
    const r = await run.done;
    expect(r.code).toBe(143);
    const rows = parse(readFileSync(report, 'utf8'), { columns: true }) as { outcome: string }[];
    const inserted = rows.filter((row) => row.outcome === 'inserted').length;
    expect(s.sandbox.store.glossaryEntries('acme')).toHaveLength(inserted);
    s.sandbox.clearIntercepts();
    expect((await runCli(['glossary', 'import', file], { env: s.env })).code).toBe(0);
    expect(s.sandbox.store.glossaryEntries('acme')).toHaveLength(100);
  });
});

describe('inside a CI runner\'s grace period', () => {
  it('SIGTERM while a glossary batch is held: no request or listing after the signal, the batch cut off after the grace period and kept unknown in the report and the journal, exit 143', async () => {
    // The service holds the second batch and never answers while this test waits: with
    // --timeout 120 only the interruption's grace period can end the run within the test's time.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let seen = 0;
    s.sandbox.intercept((req) => (req.method === 'PUT' && ++seen === 2 ? { kind: 'hold', until: held } : undefined));
    const file = join(dir, 'held.csv');
    writeFileSync(file, 'en,fr\n' + Array.from({ length: 30 }, (_, i) => `held ${i},tenu ${i}`).join('\n') + '\n');
    const report = join(dir, 'held-report.csv');
    const config = newConfigDir();
    const run = start(['--timeout', '120', 'glossary', 'import', file, '--batch-size', '10', '--report', report], { ...s.env, TEAMCTL_CONFIG_DIR: config });
    await until(() => puts() === 2, 'the held batch');
    const mark = s.sandbox.requests.length;
    run.kill('SIGTERM');
    const r = await run.done;
    expect(r.code).toBe(143);
    // Nothing after the signal: no third batch, no check listing, no verification.
    expect(s.sandbox.requests.slice(mark)).toEqual([]);
    const rows = parse(readFileSync(report, 'utf8'), { columns: true }) as { line: string; outcome: string; message: string }[];
    expect(rows.filter((row) => row.outcome === 'inserted')).toHaveLength(10);
    const unknown = rows.filter((row) => /outcome unknown: .*interrupted/.test(row.message));
    expect(unknown.map((row) => Number(row.line))).toEqual(Array.from({ length: 10 }, (_, i) => i + 12));
    expect(rows.filter((row) => row.message === 'not sent: the run was interrupted')).toHaveLength(10);
    // The journal remembers the held batch; once it lands, a re-run finds it and sends the rest only.
    release();
    await vi.waitFor(() => expect(s.sandbox.store.glossaryEntries('acme')).toHaveLength(20));
    s.sandbox.clearIntercepts();
    const again = await runCli(['glossary', 'import', file], { env: s.env, configDir: config });
    expect(again.code).toBe(0);
    expect(again.stderr).toContain('10 operations landed since');
    expect(s.sandbox.store.glossaryEntries('acme')).toHaveLength(30);
    expect(puts()).toBe(3);
  });
});

describe('Ctrl-C at a prompt (under a pseudo-terminal)', () => {
  it('at the --prune confirmation: one line, no stack trace, nothing sent, exit 130', async () => {
    s.sandbox.store.setTeamMembers('acme', 't', [
      { userId: 'u00001', role: 'owner' },
      { userId: 'u00002', role: 'member' },
      { userId: 'u00003', role: 'member' },
      { userId: 'u00004', role: 'member' },
      { userId: 'u00005', role: 'member' },
    ]);
    const file = join(dir, 'prune.csv');
    writeFileSync(file, 'id,role\nu00001,owner\nu00002,member\nu00003,member\nu00004,member\n');
    const run = start(['members', 'sync', '--roster', file, '--prune'], s.env, true);
    await until(() => run.output().includes('[y/N]'), 'the confirmation prompt');
    run.write('\u0003');
    const r = await run.done;
    expect(r.code).toBe(130);
    expect(r.stdout).toContain('error: interrupted at the confirmation; nothing was sent');
    expect(r.stdout).not.toMatch(/at .*\.js:\d+/);
    expect(s.sandbox.requests.filter((q) => q.method !== 'GET')).toEqual([]);
    expect(members()).toHaveLength(5);
  });

  it('at the hidden token prompt: one line, nothing stored, exit 130', async () => {
    const config = newConfigDir();
    const run = start(['auth', 'login', '--base-url', s.sandbox.url], { TEAMCTL_CONFIG_DIR: config }, true);
    await until(() => run.output().includes('input hidden'), 'the token prompt');
    run.write('sec\u0003');
    const r = await run.done;
    expect(r.code).toBe(130);
    expect(r.stdout).toContain('error: interrupted at the prompt; nothing was stored or sent');
    expect(r.stdout).not.toMatch(/at .*\.js:\d+/);
    expect(() => readFileSync(join(config, 'config.json'))).toThrow();
  });
});
