// members offboard --from-organization, end to end (`teamctl help organization`, "Organization roles and leavers"): out of
// every team, then out of the organization, in one plan; 205, 204 and 202 as they happened; the
// organization's guards; saved plans. The sandbox's state and request log are the reference.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterEach, describe, expect, it } from 'vitest';
import type { SandboxOptions } from '../../src/sandbox/server.js';
import { newConfigDir, runCli, sandboxWithEnv, type SandboxEnv } from './harness.js';

let s: SandboxEnv | undefined;
afterEach(async () => {
  await s?.sandbox.close();
  s = undefined;
});
const sb = (): SandboxEnv => s as SandboxEnv;

/** Organization lab, 40 members: u1 admin; team a: u1 owner, u2, u3; team b: u4 owner, u2. u5 is in no team. */
async function start(options: SandboxOptions = {}): Promise<{ env: Record<string, string | undefined>; configDir: string }> {
  s = await sandboxWithEnv({ seed: 'empty', ...options });
  const store = s.sandbox.store;
  store.createOrganization('lab');
  store.addUsers('lab', 40);
  store.members.setRole('lab', 'u00001', 'admin');
  store.createTeam('lab', 'a');
  store.createTeam('lab', 'b');
  store.setTeamMembers('lab', 'a', [{ userId: 'u00001', role: 'owner' }, { userId: 'u00002' }, { userId: 'u00003' }]);
  store.setTeamMembers('lab', 'b', [{ userId: 'u00004', role: 'owner' }, { userId: 'u00002' }]);
  return { env: { ...s.env, TEAMCTL_ORG: 'lab', TEAMCTL_TEAM: undefined }, configDir: newConfigDir() };
}
const dir = mkdtempSync(join(tmpdir(), 'teamctl-offboard-org-'));
const inOrg = (id: string): boolean => sb().sandbox.store.getUser('lab', id) !== undefined;
const team = (t: string): string[] => sb().sandbox.store.teamMembers('lab', t).map((m) => m.userId).sort();
const writes = (from = 0) => sb().sandbox.requests.slice(from).filter((q) => q.method !== 'GET').map((q) => `${q.method} ${q.path}`);

describe('members offboard --from-organization', () => {
  it('takes the leaver out of every team, then out of the organization; a leaver in no team too', async () => {
    const { env } = await start();
    const report = join(dir, 'leavers.csv');
    const r = await runCli(['members', 'offboard', 'user00002@example.com', 'u00005', '--from-organization', '--max-org-removals', '2', '--yes', '--json', '--report', report], { env });
    expect(r.code, r.stderr).toBe(0);
    expect([inOrg('u00002'), inOrg('u00005'), inOrg('u00003')]).toEqual([false, false, true]);
    expect([team('a'), team('b')]).toEqual([['u00001', 'u00003'], ['u00004']]);
    // The teams first, then the organization.
    const sent = writes();
    expect(sent.slice(0, 2).sort()).toEqual(['PUT /v1/orgs/lab/teams/a/members', 'PUT /v1/orgs/lab/teams/b/members']);
    expect(sent.slice(2).sort()).toEqual(['DELETE /v1/orgs/lab/members/u00002', 'DELETE /v1/orgs/lab/members/u00005']);
    const json = JSON.parse(r.stdout) as { removedFromOrganization: { id: string }[]; removalRequested: unknown[]; teams: unknown[]; verified: boolean };
    expect(json.removedFromOrganization.map((u) => u.id).sort()).toEqual(['u00002', 'u00005']);
    expect(json.removalRequested).toEqual([]);
    expect(json.teams).toHaveLength(2);
    const rows = parse(readFileSync(report, 'utf8')) as string[][];
    expect(rows[0]).toEqual(['team', 'teamTitle', 'user', 'action', 'outcome', 'status', 'message']);
    expect(rows.filter((row) => row[3] === 'remove-from-organization').map((row) => [row[0], row[1], row[4], row[5]])).toEqual([
      ['', '', 'applied', '205'],
      ['', '', 'applied', '205'],
    ]);
  });

  it('a removal sent to the admins as a request (202) is said as such: exit 6, still a member, no discrepancy', async () => {
    const { env } = await start({ removalNeedsApproval: true });
    const r = await runCli(['members', 'offboard', 'u00003', '--from-organization', '--yes', '--json'], { env });
    expect(r.code).toBe(6);
    expect(inOrg('u00003')).toBe(true);
    expect(team('a')).toEqual(['u00001', 'u00002']);
    expect(r.stderr).toContain("requested: user00003@example.com stays a member until an admin of the organization approves");
    const json = JSON.parse(r.stdout) as { removedFromOrganization: unknown[]; removalRequested: { id: string }[]; failed: unknown[] };
    expect(json.removalRequested.map((u) => u.id)).toEqual(['u00003']);
    expect(json.removedFromOrganization).toEqual([]);
    expect(json.failed).toEqual([]);
    // Requested once: a second DELETE would send the admins another mail.
    expect(writes().filter((w) => w.startsWith('DELETE'))).toEqual(['DELETE /v1/orgs/lab/members/u00003']);
  });

  it('the guards refuse on dry runs too (exit 3, nothing sent): the caller, --max-org-removals', async () => {
    // The sandbox's administrator is a member and an admin: the token's user.
    const { env } = await start({ callerRole: 'admin' });
    const caller = await runCli(['members', 'offboard', 'admin@sandbox.example.com', '--from-organization', '--dry-run'], { env });
    expect(caller.code).toBe(3);
    expect(caller.stderr).toContain('the user of the token teamctl runs with');
    const many = await runCli(['members', 'offboard', 'u00002', 'u00003', 'u00005', '--from-organization', '--yes'], { env });
    expect(many.code).toBe(3);
    expect(many.stderr).toContain('removes 3 of 41 members of the organization, more than --max-org-removals 5% allows (2)');
    expect(writes()).toEqual([]);
    const allowed = await runCli(['members', 'offboard', 'u00002', 'u00003', 'u00005', '--from-organization', '--yes', '--max-org-removals', '3'], { env });
    expect(allowed.code, allowed.stderr).toBe(0);
    expect([inOrg('u00002'), inOrg('u00003'), inOrg('u00005')]).toEqual([false, false, false]);
  });

  it('the last admin that is not disabled is never removed', async () => {
    const { env } = await start();
    const r = await runCli(['members', 'offboard', 'u00001', '--from-organization', '--yes', '--force'], { env });
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('without an admin that is not disabled');
    expect(writes()).toEqual([]);
    expect(inOrg('u00001')).toBe(true);
  });

  it('without a terminal and without --yes the removal is refused (exit 3), nothing sent', async () => {
    const { env } = await start();
    const r = await runCli(['members', 'offboard', 'u00005', '--from-organization'], { env });
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('removing 1 user from organization lab, which needs confirmation');
    expect(writes()).toEqual([]);
  });

  it('--plan-out, then apply: the teams and the organization exactly once; stale when the leaver changed teams', async () => {
    const { env, configDir } = await start();
    const run = (args: string[]) => runCli(args, { env, configDir });
    const plan = join(dir, 'leaver.json');
    const made = await run(['members', 'offboard', 'u00002', '--from-organization', '--plan-out', plan]);
    expect(made.code, made.stderr).toBe(0);
    expect(writes()).toEqual([]);
    const show = await run(['apply', '--show', plan, '-o', 'csv']);
    expect(show.code, show.stderr).toBe(0);
    expect(show.stdout).toContain('organization,remove-from-organization,user00002@example.com');
    const applied = await run(['apply', plan]);
    expect(applied.code, applied.stderr).toBe(0);
    expect([inOrg('u00002'), team('a'), team('b')]).toEqual([false, ['u00001', 'u00003'], ['u00004']]);
    expect((await run(['apply', plan])).code).toBe(3);

    const second = join(dir, 'leaver2.json');
    expect((await run(['members', 'offboard', 'u00003', '--from-organization', '--plan-out', second])).code).toBe(0);
    sb().sandbox.store.members.setRole('lab', 'u00003', 'edit');
    const stale = await run(['apply', second]);
    expect(stale.code).toBe(3);
    expect(stale.stderr).toContain('u00003: read is now u00003: edit');
    expect(inOrg('u00003')).toBe(true);
  });

  it('a removal whose answer is lost is settled by reading the members, never sent again', async () => {
    const { env } = await start();
    sb().sandbox.intercept((req) => (req.method === 'DELETE' ? { kind: 'applyThenReset' } : undefined));
    const r = await runCli(['members', 'offboard', 'u00005', '--from-organization', '--yes', '--json'], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(inOrg('u00005')).toBe(false);
    expect(writes()).toEqual(['DELETE /v1/orgs/lab/members/u00005']);
    expect((JSON.parse(r.stdout) as { removedFromOrganization: { id: string }[] }).removedFromOrganization.map((u) => u.id)).toEqual(['u00005']);
  });

  it('--force lets more removals than --max-org-removals allows through, saying so', async () => {
    const { env } = await start();
    const r = await runCli(['members', 'offboard', 'u00002', 'u00003', 'u00005', '--from-organization', '--yes', '--force'], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('warning: the plan removes 3 of 40 members of the organization, more than --max-org-removals 5% allows (2); going ahead because of --force');
    expect([inOrg('u00002'), inOrg('u00003'), inOrg('u00005')]).toEqual([false, false, false]);
  });

  it('the removals go out under the lock: a run that meets another waits, saying so, or refuses with --no-wait (exit 3) naming what the other changes; a dry run and --plan-out take no lock', async () => {
    const { env, configDir } = await start();
    let open = (): void => {};
    const gate = new Promise<void>((resolve) => (open = resolve));
    let held = (): void => {};
    const holding = new Promise<void>((resolve) => (held = resolve));
    sb().sandbox.intercept((req) => (req.method === 'DELETE' && req.path.endsWith('/u00005') ? (held(), { kind: 'hold', until: gate }) : undefined));
    const first = runCli(['members', 'offboard', 'u00005', '--from-organization', '--yes'], { env, configDir });
    await holding;
    const refused = await runCli(['members', 'offboard', 'u00006', '--from-organization', '--yes', '--no-wait'], { env, configDir });
    expect(refused.code, refused.stderr).toBe(3);
    expect(refused.stderr).toMatch(/is changing the organization of lab at .*; nothing was sent/);
    // Nothing is sent by a dry run or --plan-out, so neither waits for the lock.
    const dry = await runCli(['members', 'offboard', 'u00006', '--from-organization', '--dry-run', '--no-wait'], { env, configDir });
    expect(dry.code, dry.stderr).toBe(0);
    const planned = await runCli(['members', 'offboard', 'u00006', '--from-organization', '--plan-out', join(dir, 'held.json'), '--no-wait'], { env, configDir });
    expect(planned.code, planned.stderr).toBe(0);
    const watch: { stderr?: () => string } = {};
    const waiting = runCli(['members', 'offboard', 'u00006', '--from-organization', '--yes'], { env, configDir, watch });
    for (let i = 0; i < 200_000 && !(watch.stderr?.() ?? '').includes('waiting for it to finish'); i++) await new Promise((r) => setImmediate(r));
    expect(watch.stderr?.()).toMatch(/is changing the organization of lab at .*: waiting for it to finish/);
    expect(writes().filter((w) => w.startsWith('DELETE'))).toEqual(['DELETE /v1/orgs/lab/members/u00005']);
    open();
    const [a, b] = await Promise.all([first, waiting]);
    expect([a.code, b.code]).toEqual([0, 0]);
    expect([inOrg('u00005'), inOrg('u00006')]).toEqual([false, false]);
    expect(writes().filter((w) => w.startsWith('DELETE'))).toEqual(['DELETE /v1/orgs/lab/members/u00005', 'DELETE /v1/orgs/lab/members/u00006']);
  });
});
