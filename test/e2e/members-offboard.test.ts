// members offboard, end to end (README, "Find your way"): a leaver file, a lookup or a team read
// that fails, and the per-team guards, against the sandbox; its state and request log are the
// reference, not the CLI's words.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RequestLogEntry } from '../../src/sandbox/server.js';
import { roleOn } from '../../src/sandbox/access-effective.js';
import { runCli, sandboxWithEnv, type SandboxEnv } from './harness.js';

let s: SandboxEnv;
let env: Record<string, string | undefined>;
beforeEach(async () => {
  // a: u00001 owner, u00002, u00003; b: u00004 and u00002 owners; c: u00005 owner, u00003.
  s = await sandboxWithEnv({ seed: 'empty' });
  const store = s.sandbox.store;
  store.addUsers('acme', 8);
  for (const team of ['a', 'b', 'c']) store.createTeam('acme', team);
  store.setTeamMembers('acme', 'a', [{ userId: 'u00001', role: 'owner' }, { userId: 'u00002' }, { userId: 'u00003' }]);
  store.setTeamMembers('acme', 'b', [{ userId: 'u00004', role: 'owner' }, { userId: 'u00002', role: 'owner' }]);
  store.setTeamMembers('acme', 'c', [{ userId: 'u00005', role: 'owner' }, { userId: 'u00003' }]);
  env = { ...s.env, TEAMCTL_TEAM: undefined };
});
afterEach(async () => {
  await s.sandbox.close();
});

const dir = mkdtempSync(join(tmpdir(), 'teamctl-offboard-'));
let files = 0;
function file(text: string): string {
  const path = join(dir, `leavers${++files}.csv`);
  writeFileSync(path, text);
  return path;
}
const members = (team: string): string[] => s.sandbox.store.teamMembers('acme', team).map((m) => m.userId).sort();
const teams = (): string[][] => ['a', 'b', 'c'].map(members);
const before = [['u00001', 'u00002', 'u00003'], ['u00002', 'u00004'], ['u00003', 'u00005']];
const mutating = (from = 0): RequestLogEntry[] => s.sandbox.requests.slice(from).filter((r) => r.method !== 'GET');
const fail = (status: number) => ({ kind: 'respond' as const, status, body: { error: { code: status, message: 'boom' } } });

describe('members offboard --file', () => {
  it('keeps the rows a status column marks inactive: a suspended leaver leaves every team too', async () => {
    const leavers = file('email,status\nuser00002@example.com,Suspended\nuser00003@example.com,active\n');
    const r = await runCli(['members', 'offboard', '--file', leavers, '--yes'], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(teams()).toEqual([['u00001'], ['u00004'], ['u00005']]);
  });

  it("prints the file reader's warnings: a leaver named twice is said, and removed once", async () => {
    const leavers = file('user\nu00003\nu00003\n');
    const r = await runCli(['members', 'offboard', '--file', leavers, '--yes'], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr.split('\n').filter((l) => l.startsWith('warning: '))).toEqual([`warning: ${leavers}:3: "u00003" is also on line 2; counted once`]);
    expect(teams()).toEqual([['u00001', 'u00002'], ['u00002', 'u00004'], ['u00005']]);
    // One bulk removal per team, naming the leaver once.
    expect(mutating().map((q) => [q.method, q.path, q.body]).sort()).toEqual([
      ['PUT', '/v1/orgs/acme/teams/a/members', { remove: ['u00003'] }],
      ['PUT', '/v1/orgs/acme/teams/c/members', { remove: ['u00003'] }],
    ]);
  });
});

describe('members offboard: a lookup or a read that fails stops the run, nothing sent', () => {
  it('a 500 on the e-mail lookup is not "not a member": exit 1, the other leaver is not removed either', async () => {
    s.sandbox.intercept((req) => (req.method === 'GET' && req.path === '/v1/orgs/acme/members' ? fail(500) : undefined));
    const r = await runCli(['members', 'offboard', 'user00002@example.com', 'u00003', '--yes'], { env });
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr).not.toContain('is not a member of organization');
    expect(mutating()).toEqual([]);
    expect(teams()).toEqual(before);
  });

  it("a 403 on a leaver's teams is not \"not a member\": exit 4, the other leaver is not removed either", async () => {
    s.sandbox.intercept((req) => (req.method === 'GET' && req.path === '/v1/orgs/acme/members/u00002/teams' ? fail(403) : undefined));
    const r = await runCli(['members', 'offboard', 'u00002', 'u00003', '--yes'], { env });
    expect(r.code, r.stderr).toBe(4);
    expect(r.stderr).not.toContain('is not a member of organization');
    expect(mutating()).toEqual([]);
    expect(teams()).toEqual(before);
  });

  it('with --missing-ok, a 404 on the lookup is "not a member": said, and the other leaver is offboarded', async () => {
    const r = await runCli(['members', 'offboard', 'ghost@example.com', 'u00003', '--yes', '--missing-ok'], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('ghost@example.com is not a member of organization acme: nothing to do for them');
    expect(teams()).toEqual([['u00001', 'u00002'], ['u00002', 'u00004'], ['u00005']]);
  });

  it('a team that cannot be read stops the run before planning: exit 1, naming the team, nothing sent to any team', async () => {
    s.sandbox.intercept((req) => (req.method === 'GET' && req.path === '/v1/orgs/acme/teams/b/members' ? fail(500) : undefined));
    const r = await runCli(['members', 'offboard', 'u00002', '--yes'], { env });
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr).toMatch(/^error: could not read the whole team b before planning; nothing was sent: .*500/m);
    expect(mutating()).toEqual([]);
    expect(teams()).toEqual(before);
  });
});

describe('members offboard --min-owners', () => {
  it('refuses a plan leaving a team under --min-owners (exit 3, nothing sent anywhere); without it the default of one owner holds', async () => {
    const refused = await runCli(['members', 'offboard', 'u00002', '--min-owners', '2', '--yes'], { env });
    expect(refused.code, refused.stderr).toBe(3);
    expect(mutating()).toEqual([]);
    expect(teams()).toEqual(before);
    const done = await runCli(['members', 'offboard', 'u00002', '--yes'], { env });
    expect(done.code, done.stderr).toBe(0);
    expect(teams()).toEqual([['u00001', 'u00003'], ['u00004'], ['u00003', 'u00005']]);
  });

  it('--min-owners with --force goes ahead', async () => {
    const r = await runCli(['members', 'offboard', 'u00002', '--min-owners', '2', '--force', '--yes'], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(teams()).toEqual([['u00001', 'u00003'], ['u00004'], ['u00003', 'u00005']]);
  });
});

describe('members offboard: nobody to remove', () => {
  const lines = (stderr: string): string[] => stderr.trim().split('\n');

  it('a leaver in no team and with no direct grant: said, nothing to change, no team read, exit 0', async () => {
    const r = await runCli(['members', 'offboard', 'u00006', '--yes'], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(lines(r.stderr)).toEqual(['warning: u00006 is in no team of acme: nothing to do for them', 'Nothing to change: no named user is in a team or holds a direct grant.']);
    // Their teams, the spaces they reach, then the resources and their user grants (none names
    // them): of the spaces only those they reach, every collection and site; no team is read.
    const read = s.sandbox.requests.map((q) => `${q.method} ${q.path}`);
    expect(read.filter((q) => !/^GET \/v1\/(orgs\/acme\/(spaces|collections|sites)|spaces|collections)\b/.test(q) && !q.endsWith('/permissions/users'))).toEqual(['GET /v1/orgs/acme/members/u00006/teams', 'GET /v1/orgs/acme/members/u00006/spaces']);
    const store = s.sandbox.store;
    const reached = store.access.list('acme', 'space').filter((sp) => roleOn(store, sp, 'u00006') !== undefined).map((sp) => `GET /v1/spaces/${sp.id}/permissions/users`);
    expect(reached.length).toBeGreaterThan(0);
    expect(reached.length).toBeLessThan(store.access.list('acme', 'space').length);
    expect(read.filter((q) => /^GET \/v1\/spaces\/[^/]+\/permissions\/users$/.test(q)).sort()).toEqual(reached.sort());
    for (const c of store.access.list('acme', 'collection')) expect(read).toContain(`GET /v1/collections/${c.id}/permissions/users`);
    expect(teams()).toEqual(before);
  });

  it('every leaver unknown to the organization: exit 5, nothing sent, said in the singular or the plural', async () => {
    const one = await runCli(['members', 'offboard', 'ghost@example.com', '--yes'], { env });
    expect(one.code).toBe(5);
    expect(lines(one.stderr).at(-1)).toBe('error: ghost@example.com is not a member of organization acme; nothing was sent');
    const two = await runCli(['members', 'offboard', 'ghost@example.com', 'nobody@example.com', '--yes'], { env });
    expect(two.code).toBe(5);
    expect(lines(two.stderr).at(-1)).toBe('error: none of the 2 users named is a member of organization acme; nothing was sent');
    expect(mutating()).toEqual([]);
    expect(teams()).toEqual(before);
  });
});

describe('members offboard: a plan of one team', () => {
  it('still names the team in its guards', async () => {
    const r = await runCli(['members', 'offboard', 'u00004', '--min-owners', '2', '--yes'], { env });
    expect(r.code, r.stderr).toBe(3);
    expect(r.stderr).toContain('error: the plan would leave team b with 1 owner, fewer than --min-owners 2: it removes user00004@example.com; nothing was sent');
    expect(mutating()).toEqual([]);
    expect(teams()).toEqual(before);
  });
});

describe('members offboard: one budget of requests', () => {
  it('a leaver in ten teams: the teams are changed at once, yet never more than its 8 requests in flight for the whole run', async () => {
    const store = s.sandbox.store;
    const many = Array.from({ length: 10 }, (_, i) => `t${i}`);
    for (const team of many) {
      store.createTeam('acme', team);
      store.setTeamMembers('acme', team, [{ userId: 'u00001', role: 'owner' }, { userId: 'u00006' }]);
    }
    let held = 0;
    let eight = (): void => {};
    const eightHeld = new Promise<void>((resolve) => (eight = resolve));
    let open = (): void => {};
    const gate = new Promise<void>((resolve) => (open = resolve));
    s.sandbox.intercept((req) => {
      if (req.method !== 'PUT' || !/^\/v1\/orgs\/acme\/teams\/t\d\/members$/.test(req.path)) return undefined;
      if (++held === 8) eight();
      return { kind: 'hold', until: gate };
    });
    const run = runCli(['members', 'offboard', 'u00006', '--yes'], { env });
    await eightHeld;
    // Turns of the event loop, no real time: a ninth request, were it sent, would arrive within them.
    for (let i = 0; i < 5_000 && held < 10; i++) await new Promise((r) => setImmediate(r));
    expect(held).toBe(8);
    open();
    const r = await run;
    expect(r.code, r.stderr).toBe(0);
    expect(held).toBe(10);
    for (const team of many) expect(members(team)).toEqual(['u00001']);
  });
});

describe('members offboard: refused before anything is read', () => {
  it('an output format that does not exist or is not JSON under --jq, or a --report naming the --file, is exit 2 with no request at all', async () => {
    const badFormat = await runCli(['members', 'offboard', 'u00002', '--yes', '-o', 'yaml'], { env });
    expect(badFormat.code, badFormat.stderr).toBe(2);
    expect(badFormat.stderr).toContain('yaml');
    const jqOfCsv = await runCli(['members', 'offboard', 'u00002', '--yes', '--jq', '.', '-o', 'csv'], { env });
    expect(jqOfCsv.code, jqOfCsv.stderr).toBe(2);
    expect(jqOfCsv.stderr).toContain('--jq filters JSON output, and -o csv is not JSON');
    const leavers = file('user\nu00002\n');
    const overwrite = await runCli(['members', 'offboard', '--file', leavers, '--yes', '--report', leavers], { env });
    expect(overwrite.code, overwrite.stderr).toBe(2);
    expect(overwrite.stderr).toContain(leavers);
    expect(s.sandbox.requests).toEqual([]);
    expect(teams()).toEqual(before);
  });
});
