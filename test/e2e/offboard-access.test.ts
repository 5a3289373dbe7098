// members offboard and the leavers' direct access (README, "Access"; `teamctl help organization`,
// "Organization roles and leavers"): their user grants on spaces and sites are revoked in the same
// plan, before the removal from the organization; team grants stay; a dry run sends nothing; a
// saved plan is stale when a grant it revokes moved. The sandbox's state and request log are the reference.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterEach, describe, expect, it } from 'vitest';
import { newConfigDir, runCli, sandboxWithEnv, type SandboxEnv } from './harness.js';

let s: SandboxEnv | undefined;
afterEach(async () => {
  await s?.sandbox.close();
  s = undefined;
});
const sb = (): SandboxEnv => s as SandboxEnv;

/** Organization lab: u1 admin; team a: u1 owner, u2, u3. A space and a site grant u2 directly, and team a. */
async function start(): Promise<{ env: Record<string, string | undefined>; configDir: string }> {
  s = await sandboxWithEnv({ seed: 'empty' });
  const store = s.sandbox.store;
  store.createOrganization('lab');
  store.addUsers('lab', 10);
  store.members.setRole('lab', 'u00001', 'admin');
  store.createTeam('lab', 'a');
  store.setTeamMembers('lab', 'a', [{ userId: 'u00001', role: 'owner' }, { userId: 'u00002' }, { userId: 'u00003' }]);
  store.access.add('lab', { kind: 'space', id: 'sp-lab', title: 'Handbook', defaultLevel: null, teams: [{ teamId: 'a', role: 'read' }], users: [{ userId: 'u00001', role: 'admin' }, { userId: 'u00002', role: 'edit' }] });
  store.access.add('lab', { kind: 'site', id: 'site-lab', title: 'Docs', defaultLevel: null, users: [{ userId: 'u00002', role: 'admin' }, { userId: 'u00003', role: 'read' }] });
  return { env: { ...s.env, TEAMCTL_ORG: 'lab', TEAMCTL_TEAM: undefined }, configDir: newConfigDir() };
}
const dir = mkdtempSync(join(tmpdir(), 'teamctl-offboard-access-'));
const writes = (from = 0) => sb().sandbox.requests.slice(from).filter((q) => q.method !== 'GET').map((q) => `${q.method} ${q.path}`);
/** The users granted directly on a resource, as stored (a user gone from the organization included). */
const stored = (kind: 'space' | 'site', id: string): string[] => [...(sb().sandbox.store.access.get(kind, id)?.users.keys() ?? [])].sort();
const teamGrants = (kind: 'space' | 'site', id: string): string[] => [...(sb().sandbox.store.access.get(kind, id)?.teams.keys() ?? [])].sort();

describe('members offboard: the leavers\' direct access', () => {
  it('team removal: the plan shows the grants, the run revokes them on the space and the site; team grants stay', async () => {
    const { env } = await start();
    const report = join(dir, 'team-leaver.csv');
    const r = await runCli(['members', 'offboard', 'u00002', '--yes', '--json', '--report', report], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('space "Handbook" (sp-lab): user user00002@example.com (edit, leaving)');
    expect(stored('space', 'sp-lab')).toEqual(['u00001']);
    expect(stored('site', 'site-lab')).toEqual(['u00003']);
    expect(teamGrants('space', 'sp-lab')).toEqual(['a']);
    expect(sb().sandbox.store.teamMembers('lab', 'a').map((m) => m.userId).sort()).toEqual(['u00001', 'u00003']);
    expect(writes().sort()).toEqual(['DELETE /v1/orgs/lab/sites/site-lab/permissions/users/u00002', 'DELETE /v1/spaces/sp-lab/permissions/users/u00002', 'PUT /v1/orgs/lab/teams/a/members']);
    const json = JSON.parse(r.stdout) as { access: { resource: string; outcome: string }[]; verified: boolean };
    expect(json.access.map((a) => `${a.resource} ${a.outcome}`).sort()).toEqual(['site:site-lab applied', 'space:sp-lab applied']);
    const rows = parse(readFileSync(report, 'utf8')) as string[][];
    expect(rows.filter((row) => row[3]?.startsWith('revoke ')).map((row) => [row[2], row[3], row[4]]).sort()).toEqual([
      ['user00002@example.com', 'revoke site:site-lab', 'applied'],
      ['user00002@example.com', 'revoke space:sp-lab', 'applied'],
    ]);
  });

  it('--from-organization: the grants are revoked before the removal from the organization; a dry run sends nothing', async () => {
    const { env } = await start();
    const dry = await runCli(['members', 'offboard', 'u00002', '--from-organization', '--dry-run'], { env });
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stderr).toContain('site "Docs" (site-lab): user user00002@example.com (admin, leaving)');
    expect(writes()).toEqual([]);
    const r = await runCli(['members', 'offboard', 'u00002', '--from-organization', '--yes'], { env });
    expect(r.code, r.stderr).toBe(0);
    const sent = writes();
    expect(sent.at(-1)).toBe('DELETE /v1/orgs/lab/members/u00002');
    expect(sent.slice(0, -1).sort()).toEqual(['DELETE /v1/orgs/lab/sites/site-lab/permissions/users/u00002', 'DELETE /v1/spaces/sp-lab/permissions/users/u00002', 'PUT /v1/orgs/lab/teams/a/members']);
    expect(stored('space', 'sp-lab')).toEqual(['u00001']);
    expect(stored('site', 'site-lab')).toEqual(['u00003']);
    expect(sb().sandbox.store.getUser('lab', 'u00002')).toBeUndefined();
  });

  it('--plan-out, then apply: revoked once; a saved plan is stale, nothing sent, when a grant it revokes moved', async () => {
    const { env, configDir } = await start();
    const run = (args: string[]) => runCli(args, { env, configDir });
    const plan = join(dir, 'access-leaver.json');
    expect((await run(['members', 'offboard', 'u00002', '--from-organization', '--plan-out', plan])).code).toBe(0);
    expect(writes()).toEqual([]);
    const show = await run(['apply', '--show', plan, '-o', 'csv']);
    expect(show.code, show.stderr).toBe(0);
    expect(show.stdout).toContain('site:site-lab,revoke,user00002@example.com,admin');
    const applied = await run(['apply', plan]);
    expect(applied.code, applied.stderr).toBe(0);
    expect(writes().filter((w) => w.includes('/permissions/')).sort()).toEqual(['DELETE /v1/orgs/lab/sites/site-lab/permissions/users/u00002', 'DELETE /v1/spaces/sp-lab/permissions/users/u00002']);
    expect(stored('site', 'site-lab')).toEqual(['u00003']);

    const second = join(dir, 'access-leaver2.json');
    expect((await run(['members', 'offboard', 'u00003', '--plan-out', second])).code).toBe(0);
    const site = sb().sandbox.store.access.get('site', 'site-lab');
    if (site === undefined) throw new Error('no site');
    sb().sandbox.store.access.setGrant(site, 'users', 'u00003', 'edit');
    const before = writes().length;
    const stale = await run(['apply', second]);
    expect(stale.code).toBe(3);
    expect(stale.stderr).toContain('site:site-lab user:u00003 read is now edit');
    expect(writes().slice(before)).toEqual([]);
    expect(sb().sandbox.store.access.grantOf(site, 'users', 'u00003')).toBe('edit');
    expect(sb().sandbox.store.teamMembers('lab', 'a').map((m) => m.userId)).toContain('u00003');
  });

  it('an organization without access operations (404 on the listing): one warning, the rest goes on', async () => {
    const { env } = await start();
    const notFound = { kind: 'respond' as const, status: 404, body: { error: { code: 404, message: 'Not found' } } };
    sb().sandbox.intercept((req) => (req.method === 'GET' && /^\/v1\/orgs\/lab\/(spaces|collections|sites)$/.test(req.path) ? notFound : undefined));
    const r = await runCli(['members', 'offboard', 'u00002', '--from-organization', '--yes'], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr.split('\n').filter((l) => l.includes('lists no spaces, collections or sites'))).toHaveLength(1);
    expect(writes().sort()).toEqual(['DELETE /v1/orgs/lab/members/u00002', 'PUT /v1/orgs/lab/teams/a/members']);
    expect(sb().sandbox.store.getUser('lab', 'u00002')).toBeUndefined();
  });
});

describe('members offboard: only the spaces a leaver reaches are read', () => {
  /** lab, with three more spaces: one team a reaches, one nobody reaches, one only u3 is granted. */
  async function manySpaces(): Promise<{ env: Record<string, string | undefined> }> {
    const { env } = await start();
    const store = sb().sandbox.store;
    store.access.add('lab', { kind: 'space', id: 'sp-team', title: 'Team notes', defaultLevel: null, teams: [{ teamId: 'a', role: 'read' }] });
    store.access.add('lab', { kind: 'space', id: 'sp-closed', title: 'Closed', defaultLevel: null });
    store.access.add('lab', { kind: 'space', id: 'sp-u3', title: 'U3 only', defaultLevel: null, users: [{ userId: 'u00003', role: 'read' }] });
    return { env };
  }
  /** The spaces whose user grants were read (a revoked one is read again to verify it). */
  const userGrantReads = (): string[] => [...new Set(sb().sandbox.requests.filter((q) => q.method === 'GET' && /^\/v1\/spaces\/[^/]+\/permissions\/users$/.test(q.path)).map((q) => q.path.split('/')[3] as string))].sort();

  it('one leaver, four spaces: the user grants of the two they reach are read, and their grant is revoked', async () => {
    const { env } = await manySpaces();
    const r = await runCli(['members', 'offboard', 'u00002', '--yes'], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(sb().sandbox.requests.some((q) => q.path === '/v1/orgs/lab/members/u00002/spaces')).toBe(true);
    expect(userGrantReads()).toEqual(['sp-lab', 'sp-team']);
    expect(stored('space', 'sp-lab')).toEqual(['u00001']);
    expect(stored('site', 'site-lab')).toEqual(['u00003']);
    expect(stored('space', 'sp-u3')).toEqual(['u00003']);
  });

  it('a service without the member spaces listing (404): every space is read, the grant still revoked', async () => {
    const { env } = await manySpaces();
    sb().sandbox.intercept((req) => (req.method === 'GET' && req.path.endsWith('/spaces') && req.path.includes('/members/') ? { kind: 'respond', status: 404, body: { error: { code: 404, message: 'Not found' } } } : undefined));
    const r = await runCli(['members', 'offboard', 'u00002', '--yes'], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(userGrantReads()).toEqual(['sp-closed', 'sp-lab', 'sp-team', 'sp-u3']);
    expect(stored('space', 'sp-lab')).toEqual(['u00001']);
  });

  it('as many leavers as spaces: no listing of theirs, every space read', async () => {
    const { env } = await start();
    const r = await runCli(['members', 'offboard', 'u00002', 'u00003', '--yes'], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(sb().sandbox.requests.some((q) => /\/members\/[^/]+\/spaces$/.test(q.path))).toBe(false);
    expect(userGrantReads()).toEqual(['sp-lab']);
    expect(stored('space', 'sp-lab')).toEqual(['u00001']);
  });
});
