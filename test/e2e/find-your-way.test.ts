// Finding one's way in the organization (README, "Find your way"): the teams, the members, a
// member's teams — every page, every filter, checked against the sandbox's own state.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, sandboxWithEnv, type SandboxEnv } from './harness.js';

let s: SandboxEnv;
beforeAll(async () => {
  s = await sandboxWithEnv({ seed: 'demo' });
});
afterAll(async () => {
  await s.sandbox.close();
});
const tsv = (out: string): string[][] => out.trim().split('\n').slice(1).map((l) => l.split('\t'));

describe('teams list', () => {
  it('lists every team across pages with its member count; --title filters (any case)', async () => {
    const store = s.sandbox.store;
    for (let i = 0; i < 5; i++) store.createTeam('acme', `squad-${i}`);
    store.setTeamMembers('acme', 'squad-2', [{ userId: store.users('acme')[0]!.id }]);
    const r = await runCli(['teams', 'list', '--page-size', '2'], { env: s.env });
    expect(r.code).toBe(0);
    expect(tsv(r.stdout)).toEqual(store.teamIds('acme').map((id) => [id, store.teamTitle('acme', id), String(store.teamMembers('acme', id).length)]));
    // The demo's titles differ from their ids; the teams made here are titled by their ids.
    expect(tsv(r.stdout).slice(0, 3)).toEqual([['engineering', 'Platform Engineering', '20'], ['design', 'Product Design', '8'], ['squad-0', 'squad-0', '0']]);
    expect(s.sandbox.requests.filter((q) => q.path === '/v1/orgs/acme/teams').length).toBeGreaterThanOrEqual(4);
    const squads = await runCli(['teams', 'list', '--title', 'SQUAD', '--json'], { env: s.env });
    expect((JSON.parse(squads.stdout) as { id: string }[]).map((t) => t.id)).toEqual(['squad-0', 'squad-1', 'squad-2', 'squad-3', 'squad-4']);
  });
});

describe('users list and users teams', () => {
  it('lists every member with search, role, sort and order done by the service', async () => {
    const store = s.sandbox.store;
    const all = await runCli(['users', 'list', '--page-size', '7', '--json'], { env: s.env });
    expect((JSON.parse(all.stdout) as unknown[]).length).toBe(store.users('acme').length);
    const kenji = await runCli(['users', 'list', '--search', 'KENJI'], { env: s.env });
    expect(tsv(kenji.stdout).map((r) => r[2])).toEqual(['kenji.sato@example.com']);
    const admins = await runCli(['users', 'list', '--role', 'admin', '--sort', 'name', '--order', 'asc', '-o', 'csv'], { env: s.env });
    const names = admins.stdout.trim().split('\n').slice(1).map((l) => l.split(',')[1]);
    const expected = store.users('acme').filter((u) => u.role === 'admin').map((u) => u.displayName).sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()));
    expect(names).toEqual(expected);
    expect((await runCli(['users', 'list', '--role', 'owner'], { env: s.env })).code).toBe(2);
  });

  it("shows a member's teams and roles, by e-mail (any case) or id; an unknown member is exit 5", async () => {
    const store = s.sandbox.store;
    const kenji = store.findUser('acme', 'kenji.sato@example.com')!;
    const expected = store.teamIds('acme').flatMap((t) => {
      const role = store.teamRole('acme', t, kenji.id);
      return role ? [[t, store.teamTitle('acme', t), role]] : [];
    });
    expect(expected).toContainEqual(['engineering', 'Platform Engineering', 'member']);
    for (const user of ['Kenji.Sato@Example.com', kenji.id]) {
      const r = await runCli(['users', 'teams', user], { env: s.env });
      expect(r.code, r.stderr).toBe(0);
      expect(tsv(r.stdout)).toEqual(expected);
    }
    const unknown = await runCli(['users', 'teams', 'nobody@example.com'], { env: s.env });
    expect(unknown.code).toBe(5);
    expect(unknown.stderr).toMatch(/no member with the e-mail nobody@example.com in organization acme/);
    expect((await runCli(['users', 'teams', 'no-such-id'], { env: s.env })).code).toBe(5);
    expect((await runCli(['users', 'teams', '../x'], { env: s.env })).code).toBe(2);
  });
});

describe("members offboard: a leaver's day", () => {
  it('removes a user from every team they are in, in one plan; a plan file applies it; guards hold per team', async () => {
    const t = await sandboxWithEnv({ seed: 'empty' });
    try {
      const store = t.sandbox.store;
      store.addUsers('acme', 6);
      for (const team of ['a', 'b', 'c']) store.createTeam('acme', team);
      store.setTeamMembers('acme', 'a', [{ userId: 'u00001', role: 'owner' }, { userId: 'u00002' }, { userId: 'u00003' }]);
      store.setTeamMembers('acme', 'b', [{ userId: 'u00004', role: 'owner' }, { userId: 'u00002', role: 'owner' }]);
      store.setTeamMembers('acme', 'c', [{ userId: 'u00005', role: 'owner' }]);
      const env = { ...t.env, TEAMCTL_TEAM: undefined };
      const members = (team: string): string[] => store.teamMembers('acme', team).map((m) => m.userId).sort();
      const dir = (await import('node:fs')).mkdtempSync((await import('node:path')).join((await import('node:os')).tmpdir(), 'teamctl-offboard-'));
      const plan = `${dir}/leaver.json`;

      const dry = await runCli(['members', 'offboard', 'User00002@Example.com', 'nobody@example.com', 'u00006', '--plan-out', plan, '--missing-ok'], { env });
      expect(dry.code, dry.stderr).toBe(0);
      expect(dry.stderr).toContain('nobody@example.com is not a member of organization acme: nothing to do for them');
      expect(dry.stderr).toContain('u00006 is in no team of acme: nothing to do for them');
      expect(t.sandbox.requests.filter((q) => q.method !== 'GET')).toEqual([]);
      expect((await runCli(['apply', plan], { env })).code).toBe(0);
      expect([members('a'), members('b'), members('c')]).toEqual([['u00001', 'u00003'], ['u00004'], ['u00005']]);

      // The last owner of c: refused (exit 3), nothing sent anywhere; --force goes ahead.
      const mark = t.sandbox.requests.length;
      const refused = await runCli(['members', 'offboard', 'u00005', 'u00003'], { env });
      expect(refused.code).toBe(3);
      expect(t.sandbox.requests.slice(mark).filter((q) => q.method !== 'GET')).toEqual([]);
      expect(members('a')).toEqual(['u00001', 'u00003']);
      expect((await runCli(['members', 'offboard', 'u00005', 'u00003', '--force', '--json'], { env })).code).toBe(0);
      expect([members('a'), members('c')]).toEqual([['u00001'], []]);
      // Every named user unknown: exit 5, nothing sent.
      expect((await runCli(['members', 'offboard', 'ghost@example.com'], { env })).code).toBe(5);
    } finally {
      await t.sandbox.close();
    }
  });
});
