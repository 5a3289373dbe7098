// Identifiers that would change a request's path are refused before anything is sent (exit 2),
// whatever supplies them; one that comes from the service itself fails that change alone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, sandboxWithEnv, type SandboxEnv } from './harness.js';

let s: SandboxEnv;
beforeAll(async () => {
  s = await sandboxWithEnv({ seed: 'demo' });
});
afterAll(async () => {
  await s.sandbox.close();
});

describe('path safety', () => {
  it('refuses --team .., --org a/b, a user id .., and glossary get ../x with exit 2 and no request at all', async () => {
    const cases: [string[], Record<string, string>][] = [
      [['members', 'remove', 'user00001@example.com', '--team', '..'], {}],
      [['members', 'list'], { TEAMCTL_TEAM: '../members' }],
      [['members', 'list', '--org', 'a/b'], {}],
      [['members', 'add', '..'], {}],
      [['members', 'sync', '--remove', 'x?y'], {}],
      [['glossary', 'get', '../x'], {}],
      [['glossary', 'list', '--org', 'acme#x'], {}],
      [['members', 'list', '--team', ''], {}],
    ];
    for (const [args, env] of cases) {
      const before = s.sandbox.requests.length;
      const r = await runCli(args, { env: { ...s.env, ...env } });
      expect({ args, code: r.code }).toEqual({ args, code: 2 });
      expect(r.stderr).toMatch(/^error: /);
      expect(s.sandbox.requests.length).toBe(before);
    }
  });

  it('a member id from the service that is "..": its role change fails alone, nothing goes to another path', async () => {
    const store = s.sandbox.store;
    store.createTeam('acme', 'odd');
    store.addUser('acme', { id: '..', email: 'dots@example.com', displayName: 'Dots', role: 'edit', disabled: false, joinedAt: new Date().toISOString(), sso: false, spaces: 0, sites: 0 });
    const owner = store.users('acme')[0]?.id as string;
    store.setTeamMembers('acme', 'odd', [
      { userId: owner, role: 'owner' },
      { userId: '..', role: 'member' },
    ]);
    const before = s.sandbox.requests.length;
    const r = await runCli(['members', 'add', 'dots@example.com', '--role', 'owner', '--team', 'odd'], { env: s.env });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('invalid user id "..": ".." would change the path');
    const sent = s.sandbox.requests.slice(before).filter((q) => q.method !== 'GET');
    expect(sent).toEqual([]);
    expect(store.teamRole('acme', 'odd', '..')).toBe('member');
  });
});
