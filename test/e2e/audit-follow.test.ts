// `audit list --follow-from`: a SIEM job run again and again forwards each event exactly once —
// events that share a time, events recorded while a run pages, a run killed between its output
// and its state file (spawned: only a real process can be killed there), output that fails, and
// state files that are not a position of this listing.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StoredAuditEvent } from '../../src/sandbox/audit-log.js';
import { bin, newConfigDir, runCli, sandboxWithEnv, type SandboxEnv } from './harness.js';

let s: SandboxEnv;
let dir: string;
let state: string;
beforeEach(async () => {
  s = await sandboxWithEnv({ seed: 'empty' });
  dir = mkdtempSync(join(tmpdir(), 'teamctl-follow-'));
  state = join(dir, 'audit.state');
});
afterEach(async () => {
  await s.sandbox.close();
});

const t0 = Date.UTC(2026, 11, 7, 12, 0, 0);
let n = 0;
/** Records an event of `acme` at `ms` (a time, as the service records it). */
function record(ms: number): string {
  const id = `20000000-0000-4000-8000-${(n++).toString(16).padStart(12, '0')}`;
  const event: StoredAuditEvent = { id, orgId: 'acme', occurredAt: new Date(ms).toISOString(), action: 'team.renamed', actor: { type: 'user', id: 'u-other', label: 'other@example.com' }, source: 'ui', target: { type: 'team', id: 'engineering' } };
  s.sandbox.store.audit.record(event);
  return id;
}
const follow = async (now: number, extra: string[] = []) => {
  const r = await runCli(['audit', 'list', '--since', '1d', '--follow-from', state, '-o', 'ndjson', ...extra], { env: s.env, now: () => now });
  return { ...r, ids: r.stdout.split('\n').filter(Boolean).map((l) => (JSON.parse(l) as { id: string }).id) };
};

describe('audit list --follow-from', () => {
  it('emits oldest first, writes the position, and a second run emits nothing', async () => {
    const ids = [record(t0 - 3000), record(t0 - 2000), record(t0 - 1000)];
    const first = await follow(t0);
    expect(first.code).toBe(0);
    expect(first.ids).toEqual(ids);
    expect(JSON.parse(readFileSync(state, 'utf8'))).toMatchObject({ organization: 'acme', at: new Date(t0 - 1000).toISOString(), ids: [ids[2]] });
    const again = await follow(t0 + 1000);
    expect(again.code).toBe(0);
    expect(again.ids).toEqual([]);
    // The listing asked for what follows the position, up to the run's start.
    const asked = s.sandbox.requests.filter((r) => r.path === '/v1/orgs/acme/audit-events').at(-1)!;
    expect(asked.query).toMatchObject({ from: new Date(t0 - 1000).toISOString(), to: new Date(t0 + 1000).toISOString() });
  });

  it('events that share a time: each emitted once, also one recorded after the run at that time', async () => {
    const a = record(t0 - 1000);
    const b = record(t0 - 1000);
    expect((await follow(t0)).ids).toEqual([a, b]);
    const c = record(t0 - 1000);
    const later = record(t0 - 500);
    expect((await follow(t0 + 1000)).ids).toEqual([c, later]);
    expect((await follow(t0 + 2000)).ids).toEqual([]);
  });

  it('events recorded while a run pages wait for the next run: none lost, none twice', async () => {
    const before = Array.from({ length: 250 }, (_, i) => record(t0 - 250_000 + i * 1000));
    let during: string[] = [];
    s.sandbox.intercept((req) => {
      // As the second page is asked for, five events are recorded (at the service's now).
      if (req.path === '/v1/orgs/acme/audit-events' && req.query.page !== undefined && during.length === 0) during = Array.from({ length: 5 }, (_, i) => record(t0 + 100 + i));
      return undefined;
    });
    const first = await follow(t0);
    expect(first.code).toBe(0);
    expect(during.length).toBe(5);
    expect(first.ids).toEqual(before);
    const second = await follow(t0 + 1000);
    expect(second.ids).toEqual(during);
  });

  it('output that fails leaves the position as it was: the next run emits the same events', async () => {
    const ids = [record(t0 - 2000), record(t0 - 1000)];
    const failed = await runCli(['audit', 'list', '--follow-from', state, '-o', 'ndjson'], { env: s.env, now: () => t0, stdoutFails: 'EPIPE' });
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain('keeps its position');
    expect(existsSync(state)).toBe(false);
    expect((await follow(t0)).ids).toEqual(ids);
  });

  it('a run killed between its output and its state file advances nothing: the next run emits the same events, then none', async () => {
    // Output larger than a pipe holds: the process waits on a reader that has stopped reading.
    const ids = Array.from({ length: 3000 }, (_, i) => record(t0 - 3_000_000 + i * 1000));
    const previous = record(t0 - 4_000_000);
    expect((await follow(t0 - 3_500_000)).ids).toEqual([previous]);
    const kept = readFileSync(state, 'utf8');
    const got = await new Promise<{ out: string; signal: NodeJS.Signals | null }>((resolve, reject) => {
      const env = { PATH: process.env.PATH ?? '', HOME: newConfigDir(), TEAMCTL_CONFIG_DIR: newConfigDir(), ...s.env };
      const child = spawn(process.execPath, [bin, 'audit', 'list', '--follow-from', state, '-o', 'ndjson'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      child.stdout.setEncoding('utf8').once('data', (chunk: string) => {
        out = chunk;
        child.stdout.pause();
        child.kill('SIGKILL');
      });
      child.on('error', reject);
      child.on('close', (_code, signal) => resolve({ out, signal }));
    });
    expect(got.signal).toBe('SIGKILL');
    // Some events were out when it was killed…
    expect(got.out.length).toBeGreaterThan(0);
    expect(got.out).toContain(ids[0]);
    // …and the position is the one before the run.
    expect(readFileSync(state, 'utf8')).toBe(kept);
    const rerun = await follow(t0);
    expect(rerun.ids).toEqual(ids);
    expect((await follow(t0 + 1000)).ids).toEqual([]);
  });

  it('a state file that is corrupt, a link, of another organization or of other filters: exit 2 naming it, nothing written', async () => {
    record(t0 - 1000);
    writeFileSync(state, 'garbage');
    let r: { code: number; stdout: string; stderr: string } = await follow(t0);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${state}: the state file is not JSON`);
    expect(readFileSync(state, 'utf8')).toBe('garbage');
    writeFileSync(state, JSON.stringify({ version: 1, organization: 'other', filters: {}, at: new Date(t0).toISOString(), ids: [] }));
    r = await follow(t0);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('the position of organization "other"');
    writeFileSync(state, JSON.stringify({ version: 1, organization: 'acme', filters: {}, at: new Date(t0 - 5000).toISOString(), ids: [] }));
    r = await follow(t0, ['--action', 'team.renamed']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('the position of other filters');
    const link = join(dir, 'link.state');
    symlinkSync(state, link);
    r = await runCli(['audit', 'list', '--follow-from', link], { env: s.env });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${link}: cannot read the state file`);
    expect(r.stdout).toBe('');
    r = await runCli(['audit', 'list', '--follow-from', state, '--jq', '.[]'], { env: s.env });
    expect(r.code).toBe(2);
  });
});
