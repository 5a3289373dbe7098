// Signals heard while waiting (`teamctl help interruptions`, "Interruptions"): the built binary,
// a SIGTERM or SIGINT during each kind of wait — the hold-back time at the end of a run, a wait the
// service asked for (Retry-After), the journal's lock, the settling of an earlier run's writes —
// ends the run long before the wait would have elapsed (each wait here is an hour or ~a minute,
// and the test's limit is far below), with exit 143 or 130, nothing sent after the signal, the
// report written, and what is still unknown kept for the next run. Times are measured apart
// (test/MUTATION.md's neighbour, the report), never asserted.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { writeFault } from '../../src/sandbox/write-faults.js';
import { newConfigDir, runCli, sandboxWithEnv, type SandboxEnv } from './harness.js';

let s: SandboxEnv | undefined;
afterEach(async () => {
  await s?.sandbox.close();
  s = undefined;
});
const sb = (): SandboxEnv => s as SandboxEnv;

async function start(): Promise<{ env: Record<string, string>; configDir: string }> {
  s = await sandboxWithEnv({ seed: 'empty' });
  s.sandbox.store.addUsers('acme', 10);
  s.sandbox.store.createTeam('acme', 'plat', 'Platform');
  s.sandbox.store.setTeamMembers('acme', 'plat', [{ userId: 'u00001', role: 'owner' }]);
  return { env: s.env, configDir: newConfigDir() };
}

const dir = mkdtempSync(join(tmpdir(), 'teamctl-interrupt-waits-'));
let files = 0;
function file(text: string, ext = 'csv'): string {
  const path = join(dir, `f${++files}.${ext}`);
  writeFileSync(path, text);
  return path;
}
const terms = (n: number): string => file('en,fr\n' + Array.from({ length: n }, (_, i) => `term ${i},terme ${i}`).join('\n') + '\n');
const requests = (): number => sb().sandbox.requests.length;
const writes = (): number => sb().sandbox.requests.filter((q) => q.method !== 'GET').length;

/**
 * Runs teamctl in a child process and sends `signal` once its stderr matches `when`; returns the
 * result and how many requests the sandbox had seen when the signal was sent.
 */
async function signalledWhen(args: string[], env: Record<string, string>, configDir: string, when: RegExp, signal: NodeJS.Signals = 'SIGTERM') {
  let seenAtSignal: number | undefined;
  let killer: ((signal: NodeJS.Signals) => void) | undefined;
  // Never left behind: a run the signal did not end is killed before the test's own limit.
  const leftover = setTimeout(() => killer?.('SIGKILL'), 25_000);
  const r = await runCli(args, {
    spawn: true,
    env,
    configDir,
    onStderr: (stderr, kill) => {
      killer = kill;
      if (seenAtSignal !== undefined || !when.test(stderr)) return;
      seenAtSignal = requests();
      kill(signal);
    },
  });
  clearTimeout(leftover);
  expect(seenAtSignal, `never signalled: ${r.stderr}`).toBeDefined();
  return { ...r, seenAtSignal: seenAtSignal as number };
}

type Row = { line: string; outcome: string; message: string };
const rows = (path: string): Row[] => parse(readFileSync(path, 'utf8'), { columns: true }) as Row[];

describe('a signal while a glossary import waits', () => {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`${signal} during the end-of-run hold-back wait (an hour): exit ${signal === 'SIGTERM' ? 143 : 130}, nothing sent after it, the report written, the batch kept for the next run`, async () => {
      const { env, configDir } = await start();
      let puts = 0;
      // The first batch is answered 503, nothing applied: unknown, held back for --hold-back 3600.
      sb().sandbox.intercept((req) => (req.method === 'PUT' && ++puts === 1 ? { kind: 'respond', status: 503, body: { error: { code: 503, message: 'overloaded' } } } : undefined));
      const report = join(dir, `hold-back-${signal}.csv`);
      const r = await signalledWhen(['glossary', 'import', terms(30), '--batch-size', '10', '--hold-back', '3600', '--report', report], env, configDir, /held back: waiting 3\d{3}s/, signal);
      expect(r.code, r.stderr).toBe(signal === 'SIGTERM' ? 143 : 130);
      expect(r.stderr).not.toMatch(/at .*\.js:\d+/);
      expect(requests()).toBe(r.seenAtSignal); // no listing, no batch after the signal
      const written = rows(report);
      expect(written.filter((row) => row.outcome === 'inserted')).toHaveLength(20);
      expect(written.filter((row) => /^outcome unknown: /.test(row.message)).map((row) => Number(row.line))).toEqual(Array.from({ length: 10 }, (_, i) => i + 2));
      expect(sb().sandbox.store.glossaryEntries('acme')).toHaveLength(20);
      // The journal keeps the batch: the next run holds it back rather than sending it again.
      const next = await runCli(['glossary', 'import', terms(30), '--dry-run'], { env, configDir });
      expect(next.stderr).toContain('10 operations may still land, and are held back in this run');
    });
  }

  it('SIGTERM while waiting the 50 s a 503 asked for (Retry-After) before the check listing: exit 143, no listing, the batch unknown', async () => {
    const { env, configDir } = await start();
    let puts = 0;
    sb().sandbox.intercept((req) => (req.method === 'PUT' && ++puts === 2 ? { kind: 'respond', status: 503, body: { error: { code: 503, message: 'busy' } }, headers: { 'retry-after': '50' } } : undefined));
    const report = join(dir, 'retry-after.csv');
    const r = await signalledWhen(['glossary', 'import', terms(30), '--batch-size', '10', '--report', report], env, configDir, /after the 50s the service asked to wait/);
    expect(r.code, r.stderr).toBe(143);
    expect(requests()).toBe(r.seenAtSignal);
    const written = rows(report);
    expect(written.filter((row) => row.outcome === 'inserted')).toHaveLength(10);
    expect(written.filter((row) => /outcome unknown: .*interrupted/.test(row.message))).toHaveLength(10);
    expect(written.filter((row) => row.message === 'not sent: the run was interrupted')).toHaveLength(10);
  });

  it('SIGTERM while the client waits the 50 s a 429 asked for: exit 143, the batch not sent again, the rest not sent', async () => {
    const { env, configDir } = await start();
    let puts = 0;
    sb().sandbox.intercept((req) => (req.method === 'PUT' && ++puts === 2 ? { kind: 'respond', status: 429, body: { error: { code: 429, message: 'slow down' } }, headers: { 'retry-after': '50' } } : undefined));
    const report = join(dir, 'rate-limit.csv');
    const r = await signalledWhen(['--debug', 'glossary', 'import', terms(30), '--batch-size', '10', '--report', report], env, configDir, /PUT \S+ 429 .*retrying in 50000ms/);
    expect(r.code, r.stderr).toBe(143);
    expect(requests()).toBe(r.seenAtSignal);
    const written = rows(report);
    expect(written.filter((row) => row.outcome === 'inserted')).toHaveLength(10);
    expect(written.filter((row) => row.message === 'not sent: the run was interrupted')).toHaveLength(20);
    expect(sb().sandbox.store.glossaryEntries('acme')).toHaveLength(10);
  });

  it('SIGTERM while waiting for the journal\'s lock another run holds: exit 143, one line, nothing sent', async () => {
    const { env, configDir } = await start();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    sb().sandbox.intercept((req) => (req.method === 'PUT' ? { kind: 'hold', until: held } : undefined));
    const first = runCli(['glossary', 'import', terms(5)], { env, configDir });
    // The first run holds the lock once its batch is sent (and held): only then the second starts.
    await vi.waitFor(() => expect(writes()).toBe(1), { timeout: 20_000 });
    const r = await signalledWhen(['glossary', 'import', terms(5)], env, configDir, /waiting for it to finish/);
    expect(r.code, r.stderr).toBe(143);
    expect(r.stderr).toMatch(/^error: interrupted while waiting for another teamctl .* to finish changing the glossary of acme at .*; nothing was sent$/m);
    expect(writes()).toBe(1); // the first run's batch, held
    release();
    expect((await first).code).toBe(0);
    expect(sb().sandbox.store.glossaryEntries('acme')).toHaveLength(5);
  });
});

describe('a signal while a team creation is settled', () => {
  it('`teams create`: SIGTERM during the hold-back wait after a late 503 ends the run at once, exit 143; the journal keeps the creation, and a run after it lands creates none', async () => {
    const { env, configDir } = await start();
    let land!: () => void;
    const late = new Promise<void>((resolve) => (land = resolve));
    sb().sandbox.intercept(writeFault({ write: 'team-create', fault: { kind: 'late', until: late } }));
    const report = join(dir, 'teams.csv');
    const r = await signalledWhen(['teams', 'create', 'Ops', '--hold-back', '3600', '--report', report], env, configDir, /held back: waiting 3\d{3}s/);
    expect(r.code, r.stderr).toBe(143);
    expect(requests()).toBe(r.seenAtSignal);
    expect(rows(report).map((row) => row.outcome)).toEqual(['unknown']);
    // The creation is still held back: a run that sends waits for it first; SIGINT ends that wait too, nothing sent.
    const again = await signalledWhen(['teams', 'create', 'Ops', '--hold-back', '3600'], env, configDir, /1 team creation with an unknown outcome held back: waiting 3\d{3}s/, 'SIGINT');
    expect(again.code, again.stderr).toBe(130);
    expect(again.stderr).toMatch(/^error: interrupted while settling the team creations of an earlier run; nothing was sent$/m);
    expect(requests()).toBe(again.seenAtSignal);
    // Once it lands, a run finds it: none created twice.
    land();
    await vi.waitFor(() => expect(sb().sandbox.store.teamsCreated('acme', 'Ops')).toBe(1));
    const last = await runCli(['teams', 'create', 'Ops'], { env, configDir });
    expect(last.code, last.stderr).toBe(2);
    expect(sb().sandbox.store.teamsCreated('acme', 'Ops')).toBe(1);
  });

  it('`members sync --create-teams`: SIGTERM during the hold-back wait after a late 503, exit 143, the report written', async () => {
    const { env, configDir } = await start();
    const late = new Promise<void>(() => {});
    sb().sandbox.intercept(writeFault({ write: 'team-create', fault: { kind: 'late', until: late } }));
    const report = join(dir, 'create-teams.csv');
    const roster = file('team,email,role\nData,user00002@example.com,owner\n');
    const r = await signalledWhen(['members', 'sync', '--roster', roster, '--create-teams', '--hold-back', '3600', '--report', report], env, configDir, /held back: waiting 3\d{3}s/);
    expect(r.code, r.stderr).toBe(143);
    expect(requests()).toBe(r.seenAtSignal);
    expect(readFileSync(report, 'utf8')).toMatch(/Data/);
  });

  it('`apply` of a saved `teams create` plan: SIGTERM during the hold-back wait, exit 143', async () => {
    const { env, configDir } = await start();
    const plan = join(dir, 'plan.json');
    expect((await runCli(['teams', 'create', 'Ops', '--plan-out', plan], { env, configDir })).code).toBe(0);
    sb().sandbox.intercept(writeFault({ write: 'team-create', fault: { kind: 'late', until: new Promise<void>(() => {}) } }));
    const r = await signalledWhen(['apply', plan, '--hold-back', '3600'], env, configDir, /held back: waiting 3\d{3}s/);
    expect(r.code, r.stderr).toBe(143);
    expect(requests()).toBe(r.seenAtSignal);
  });
});
