// A user grant through the journal (`teamctl help access`): recorded before it is sent, under the
// one lock, settled by listing the resource's user grants, never sent again on a guess — after a
// late-landing grant, after kill -9 while the request is held, and by two runs that meet. The
// sandbox's count of the grants it was sent per user is the reference.
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { writeFault } from '../../src/sandbox/write-faults.js';
import { gate, started, turns } from '../helpers/meet.js';
import { bin, newConfigDir, runCli, sandboxWithEnv, type SandboxEnv } from './harness.js';

let s: SandboxEnv | undefined;
afterEach(async () => {
  await s?.sandbox.close();
  s = undefined;
});

/** The demo organization, an access file granting Chloe read on the Design Portal site, and one config and state folder for every run. */
async function start(): Promise<{ env: Record<string, string>; dir: string; chloe: string; cli: (args: string[], options?: Parameters<typeof runCli>[1]) => ReturnType<typeof runCli> }> {
  s = await sandboxWithEnv({ callerRole: 'admin' });
  const dir = newConfigDir();
  writeFileSync(join(dir, 'access.csv'), 'resource,team,user,role\nsite:Design Portal,,chloe.dubois@example.com,read\n');
  const chloe = s.sandbox.store.users('acme').find((u) => u.email?.toLowerCase() === 'chloe.dubois@example.com')?.id as string;
  const env = s.env;
  return { env, dir, chloe, cli: (args, options = {}) => runCli(args, { env, cwd: dir, configDir: dir, ...options }) };
}

const sandbox = () => (s as SandboxEnv).sandbox;
const sent = (user: string): number => sandbox().store.access.userGrantsSent('acme', 'site', 'site-design', user);
const granted = (user: string): string | null | undefined => {
  const site = sandbox().store.access.get('site', 'site-design');
  return site === undefined ? undefined : sandbox().store.access.grantOf(site, 'users', user);
};
const posts = (): number => sandbox().requests.filter((q) => q.method === 'POST').length;
const heldBack = "not sent: an earlier run's request (sent";

describe('user grants through the journal', () => {
  it('a grant answered 503 and applied later: an immediate second run holds it back (exit 6), one grant sent; once it lands, nothing to change', async () => {
    const { dir, chloe, cli } = await start();
    const late = gate();
    sandbox().intercept(writeFault({ write: 'access-grant', fault: { kind: 'late', until: late.until } }));
    const first = await cli(['access', 'sync', 'access.csv', '--yes', '--no-settle', '--report', 'first.csv']);
    expect(first.code, first.stderr).toBe(6); // unknown, never "failed"
    expect(readFileSync(join(dir, 'first.csv'), 'utf8')).toContain(',unknown,');
    expect(granted(chloe)).toBeUndefined();
    sandbox().clearIntercepts();
    const second = await cli(['access', 'sync', 'access.csv', '--yes', '--json']);
    expect(second.code, second.stderr).toBe(6);
    expect(second.stderr).toContain(heldBack);
    expect((JSON.parse(second.stdout) as { access: { outcome: string; message: string }[] }).access).toEqual([expect.objectContaining({ outcome: 'unknown', message: expect.stringContaining(heldBack) })]);
    expect(posts()).toBe(1);
    late.open();
    await turns(() => granted(chloe) === 'read');
    const third = await cli(['access', 'sync', 'access.csv', '--yes']);
    expect(third.code, third.stderr).toBe(0);
    expect(third.stderr).toContain('nothing to change');
    expect(sent(chloe)).toBe(1);
  });

  it('a dry run after an unknown outcome says the grant is held back, and sends nothing', async () => {
    const { chloe, cli } = await start();
    const late = gate();
    sandbox().intercept(writeFault({ write: 'access-grant', fault: { kind: 'late', until: late.until } }));
    expect((await cli(['access', 'sync', 'access.csv', '--yes', '--no-settle'])).code).toBe(6);
    sandbox().clearIntercepts();
    const dry = await cli(['access', 'sync', 'access.csv', '--dry-run']);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stderr).toMatch(/chloe\.dubois@example\.com on site Design Portal: held back, not sent by a real run/i);
    expect(posts()).toBe(1);
    late.open();
    await turns(() => granted(chloe) === 'read');
    const after = await cli(['access', 'sync', 'access.csv', '--dry-run']);
    expect(after.stderr).not.toContain('held back');
  });

  it('a grant that never lands is sent again once the hold-back time has passed, not before', async () => {
    const { chloe, cli } = await start();
    sandbox().intercept(writeFault({ write: 'access-grant', fault: { kind: 'late', until: new Promise(() => {}) } }));
    let clock = Date.parse('2026-12-07T10:00:00Z');
    const now = (): number => clock;
    expect((await cli(['access', 'sync', 'access.csv', '--yes'], { now })).code).toBe(6);
    sandbox().clearIntercepts();
    clock += 59_000;
    expect((await cli(['access', 'sync', 'access.csv', '--yes'], { now })).code).toBe(6);
    expect(posts()).toBe(1);
    clock += 2_000;
    const after = await cli(['access', 'sync', 'access.csv', '--yes'], { now });
    expect(after.code, after.stderr).toBe(0);
    expect(posts()).toBe(2);
    expect(sent(chloe)).toBe(1); // the first never landed
    expect(granted(chloe)).toBe('read');
  });

  it('the end of the run waits out the hold-back time: a grant that lands meanwhile is applied, one sent', async () => {
    const { dir, chloe, cli } = await start();
    const late = gate();
    sandbox().intercept(writeFault({ write: 'access-grant', fault: { kind: 'late', until: late.until }, first: 1 }));
    let clock = Date.parse('2026-12-07T10:00:00Z');
    const waits: number[] = [];
    const sleep = async (ms: number): Promise<void> => {
      waits.push(ms);
      clock += ms;
      late.open();
      await turns(() => granted(chloe) === 'read');
    };
    const run = await cli(['access', 'sync', 'access.csv', '--yes', '--report', 'r.csv'], { now: () => clock, sleep });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain("1 user grant with an unknown outcome held back: waiting 61s");
    expect(waits.reduce((a, b) => a + b, 0)).toBeGreaterThan(59_000);
    expect(readFileSync(join(dir, 'r.csv'), 'utf8')).toContain('the listing after the hold-back time shows it');
    expect(posts()).toBe(1);
    expect(sent(chloe)).toBe(1);
  });

  it('at the end of the run, a grant whose 503 never lands is sent again once the hold-back time has passed: two requests, one grant', async () => {
    const { chloe, cli } = await start();
    sandbox().intercept(writeFault({ write: 'access-grant', fault: { kind: 'late', until: new Promise(() => {}) }, first: 1 }));
    let clock = Date.parse('2026-12-07T10:00:00Z');
    const run = await cli(['access', 'sync', 'access.csv', '--yes'], { now: () => clock, sleep: async (ms) => void (clock += ms) });
    expect(run.code, run.stderr).toBe(0);
    expect(posts()).toBe(2);
    expect(sent(chloe)).toBe(1);
    expect(granted(chloe)).toBe('read');
  });

  it('SIGINT during the end-of-run hold-back wait ends the run at once (exit 130), nothing sent after it; the journal keeps the grant', async () => {
    const { env, dir, cli } = await start();
    sandbox().intercept(writeFault({ write: 'access-grant', fault: { kind: 'late', until: new Promise(() => {}) } }));
    let seenAtSignal: number | undefined;
    let killer: ((signal: NodeJS.Signals) => void) | undefined;
    // Never left behind: a run the signal did not end is killed before the test's own limit.
    const leftover = setTimeout(() => killer?.('SIGKILL'), 25_000);
    const r = await runCli(['access', 'sync', 'access.csv', '--yes', '--hold-back', '3600', '--report', 'r.csv'], {
      spawn: true,
      env,
      cwd: dir,
      configDir: dir,
      onStderr: (stderr, kill) => {
        killer = kill;
        if (seenAtSignal !== undefined || !/1 user grant with an unknown outcome held back: waiting 3\d{3}s/.test(stderr)) return;
        seenAtSignal = sandbox().requests.length;
        kill('SIGINT');
      },
    });
    clearTimeout(leftover);
    expect(r.code, r.stderr).toBe(130);
    expect(sandbox().requests.length).toBe(seenAtSignal);
    expect(readFileSync(join(dir, 'r.csv'), 'utf8')).toContain(',unknown,');
    sandbox().clearIntercepts();
    const again = await cli(['access', 'sync', 'access.csv', '--yes', '--no-settle']);
    expect(again.code, again.stderr).toBe(6);
    expect(again.stderr).toContain(heldBack);
    expect(posts()).toBe(1);
  });

  it('kill -9 after the record, while the grant is held: a second run sends nothing (exit 6); once it lands, one grant', async () => {
    const { env, dir, chloe, cli } = await start();
    const held = gate();
    sandbox().intercept(writeFault({ write: 'access-grant', fault: { kind: 'hold', until: held.until } }));
    const child = spawn(process.execPath, [bin, 'access', 'sync', 'access.csv', '--yes'], {
      env: { PATH: process.env.PATH ?? '', HOME: dir, CI: 'true', TEAMCTL_CONFIG_DIR: dir, TEAMCTL_STATE_DIR: dir, ...env },
      cwd: dir,
      stdio: 'ignore',
    });
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
    // Bounded by the child: it sends its grant within its own start-up time.
    for (let i = 0; i < 600 && posts() === 0; i++) await new Promise((r) => setTimeout(r, 50));
    expect(posts()).toBe(1);
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');
    const again = await cli(['access', 'sync', 'access.csv', '--yes']);
    expect(again.code, again.stderr).toBe(6);
    expect(again.stderr).toContain(heldBack);
    expect(posts()).toBe(1);
    held.open();
    await turns(() => granted(chloe) === 'read');
    sandbox().clearIntercepts();
    const last = await cli(['access', 'sync', 'access.csv', '--yes']);
    expect(last.code, last.stderr).toBe(0);
    expect(last.stderr).toContain('nothing to change');
    expect(sent(chloe)).toBe(1);
  });

  it('two runs that meet send one grant: the second waits for the lock, plans again, finds it', async () => {
    const { env, dir, chloe, cli } = await start();
    const held = gate();
    sandbox().intercept(writeFault({ write: 'access-grant', fault: { kind: 'hold', until: held.until } }));
    const first = cli(['access', 'sync', 'access.csv', '--yes']);
    await turns(() => posts() === 1);
    const second = started(['access', 'sync', 'access.csv', '--yes'], { env, cwd: dir, configDir: dir });
    await turns(() => second.said().includes('waiting for it to finish'));
    held.open();
    const [a, b] = await Promise.all([first, second.run]);
    expect(a.code, a.stderr).toBe(0);
    expect(b.code, b.stderr).toBe(0);
    expect(b.stderr).toContain('nothing to change');
    expect(sent(chloe)).toBe(1);
    expect(granted(chloe)).toBe('read');
  });
});
