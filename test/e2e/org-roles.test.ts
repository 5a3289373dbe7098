// users set-role, end to end (`teamctl help organization`, "Organization roles and leavers"): organization roles changed
// through the change engine against the sandbox, its guards (the caller, the last admin, a caller
// who is not an admin) and its saved plans; the sandbox's members are the reference, not the words.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { SandboxOptions } from '../../src/sandbox/server.js';
import { newConfigDir, runCli, sandboxWithEnv, type SandboxEnv } from './harness.js';

let s: SandboxEnv | undefined;
afterEach(async () => {
  await s?.sandbox.close();
  s = undefined;
});

/** Organization lab: u00001 admin, u00002 edit, u00003–u00006 read; one config folder for the test's runs. */
async function start(options: SandboxOptions = {}): Promise<{ env: Record<string, string>; configDir: string }> {
  s = await sandboxWithEnv({ seed: 'empty', ...options });
  s.sandbox.store.createOrganization('lab');
  s.sandbox.store.addUsers('lab', 6);
  s.sandbox.store.members.setRole('lab', 'u00001', 'admin');
  s.sandbox.store.members.setRole('lab', 'u00002', 'edit');
  return { env: { ...s.env, TEAMCTL_ORG: 'lab' }, configDir: newConfigDir() };
}
const dir = mkdtempSync(join(tmpdir(), 'teamctl-org-roles-'));
const roles = (): Record<string, string | null> => Object.fromEntries((s as SandboxEnv).sandbox.store.users('lab').map((u) => [u.id, u.role]));
const writes = (from = 0) => (s as SandboxEnv).sandbox.requests.slice(from).filter((q) => q.method !== 'GET').map((q) => [q.method, q.path, q.body]);

describe('users set-role', () => {
  it('changes organization roles with PATCH, reads them back, and a second run sends nothing', async () => {
    const { env } = await start();
    const r = await runCli(['users', 'set-role', 'user00003@example.com', 'u00004', '--role', 'edit', '--json'], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(roles()).toMatchObject({ u00003: 'edit', u00004: 'edit', u00005: 'read' });
    expect(writes()).toEqual([
      ['PATCH', '/v1/orgs/lab/members/u00003', { role: 'edit' }],
      ['PATCH', '/v1/orgs/lab/members/u00004', { role: 'edit' }],
    ]);
    const report = JSON.parse(r.stdout) as { orgRoleChanged: { user: { id: string }; from: string; to: string }[]; verified: boolean };
    expect(report.orgRoleChanged.map((c) => [c.user.id, c.from, c.to])).toEqual([
      ['u00003', 'read', 'edit'],
      ['u00004', 'read', 'edit'],
    ]);
    expect(report.verified).toBe(true);
    const mark = (s as SandboxEnv).sandbox.requests.length;
    const again = await runCli(['users', 'set-role', 'user00003@example.com', 'u00004', '--role', 'edit'], { env });
    expect(again.code, again.stderr).toBe(0);
    expect(writes(mark)).toEqual([]);
  });

  it('guest is the role null; a dry run sends nothing', async () => {
    const { env } = await start();
    const dry = await runCli(['users', 'set-role', 'u00005', '--role', 'guest', '--dry-run'], { env });
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stderr).toContain('~ user00005@example.com: read → guest (organization role)');
    expect(writes()).toEqual([]);
    const r = await runCli(['users', 'set-role', 'u00005', '--role', 'GUEST'], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(writes()).toEqual([['PATCH', '/v1/orgs/lab/members/u00005', { role: null }]]);
    expect(roles().u00005).toBeNull();
  });

  it('never demotes the last admin that is not disabled, dry runs too (exit 3, nothing sent); a second admin first makes it possible', async () => {
    const { env } = await start();
    for (const dry of [[], ['--dry-run']]) {
      const r = await runCli(['users', 'set-role', 'u00001', '--role', 'read', ...dry], { env });
      expect(r.code).toBe(3);
      expect(r.stderr).toContain('without an admin that is not disabled');
      expect(r.stderr).toContain('--force does not override this guard');
    }
    // A disabled admin is no admin to keep.
    (s as SandboxEnv).sandbox.store.members.setRole('lab', 'u00006', 'admin');
    const user6 = (s as SandboxEnv).sandbox.store.getUser('lab', 'u00006');
    if (user6) user6.disabled = true;
    expect((await runCli(['users', 'set-role', 'u00001', '--role', 'read'], { env })).code).toBe(3);
    expect(writes()).toEqual([]);
    // Promotions go first: promoting u00002 and demoting u00001 in one run never leaves no admin.
    const swap = await runCli(['users', 'set-role', 'u00002', '--role', 'admin'], { env });
    expect(swap.code, swap.stderr).toBe(0);
    const r = await runCli(['users', 'set-role', 'u00001', '--role', 'read'], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(roles()).toMatchObject({ u00001: 'read', u00002: 'admin' });
  });

  it("never demotes the token's own user, even when other admins remain", async () => {
    const { env } = await start({ callerRole: 'admin' });
    const r = await runCli(['users', 'set-role', 'admin@sandbox.example.com', '--role', 'edit'], { env });
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('the user of the token teamctl runs with');
    expect(writes()).toEqual([]);
    expect(roles()['u-sandbox-admin']).toBe('admin');
  });

  it('a caller who is not an organization admin is refused up front (exit 3, nothing sent)', async () => {
    const { env } = await start({ callerRole: 'edit' });
    const r = await runCli(['users', 'set-role', 'u00003', '--role', 'edit', '--dry-run'], { env });
    expect(r.code).toBe(3);
    expect(r.stderr).toContain("changing organization roles needs an admin, and the token's user is edit in the organization");
    expect(writes()).toEqual([]);
  });

  it('a team role is refused naming the command that sets it; a user outside the organization is exit 5', async () => {
    const { env } = await start();
    const owner = await runCli(['users', 'set-role', 'u00003', '--role', 'owner'], { env });
    expect(owner.code).toBe(2);
    expect(owner.stderr).toContain('--role "owner" is a team role');
    expect(owner.stderr).toContain('teamctl members set-role <user> --role owner');
    const unknown = await runCli(['users', 'set-role', 'nobody@example.com', '--role', 'edit'], { env });
    expect(unknown.code).toBe(5);
    expect(writes()).toEqual([]);
  });

  it('--plan-out, then apply: applied once, exactly; refused when a member it touches changed', async () => {
    const { env: e, configDir } = await start();
    const run = (args: string[]) => runCli(args, { env: e, configDir });
    const plan = join(dir, 'roles.json');
    const made = await run(['users', 'set-role', 'u00003', 'u00004', '--role', 'comment', '--plan-out', plan]);
    expect(made.code, made.stderr).toBe(0);
    expect(writes()).toEqual([]);
    const applied = await run(['apply', plan]);
    expect(applied.code, applied.stderr).toBe(0);
    expect(roles()).toMatchObject({ u00003: 'comment', u00004: 'comment' });
    const twice = await run(['apply', plan]);
    expect(twice.code).toBe(3);
    expect(twice.stderr).toContain('already applied');

    // A member the plan does not touch may change; one it touches makes it stale.
    const second = join(dir, 'roles2.json');
    expect((await run(['users', 'set-role', 'u00005', '--role', 'edit', '--plan-out', second])).code).toBe(0);
    (s as SandboxEnv).sandbox.store.members.setRole('lab', 'u00006', 'comment');
    const third = join(dir, 'roles3.json');
    expect((await run(['users', 'set-role', 'u00006', '--role', 'edit', '--plan-out', third])).code).toBe(0);
    (s as SandboxEnv).sandbox.store.members.setRole('lab', 'u00006', 'review');
    const stale = await run(['apply', third]);
    expect(stale.code).toBe(3);
    expect(stale.stderr).toContain('u00006: comment is now u00006: review');
    expect(roles().u00006).toBe('review');
    const fine = await run(['apply', second]);
    expect(fine.code, fine.stderr).toBe(0);
    expect(roles().u00005).toBe('edit');
  });
});
