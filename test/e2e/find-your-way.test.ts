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
    expect(tsv(r.stdout)).toEqual(store.teamIds('acme').map((id) => [id, id, String(store.teamMembers('acme', id).length)]));
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
      return role ? [[t, t, role]] : [];
    });
    expect(expected.length).toBeGreaterThan(0);
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
