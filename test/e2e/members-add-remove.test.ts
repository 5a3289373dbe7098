// members add and members remove, end to end against the sandbox (its state is the reference).
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TeamMemberRole } from '../../src/api/types.js';
import type { MembersReport } from '../../src/members/report.js';
import type { RequestLogEntry } from '../../src/sandbox/server.js';
import { runCli, sandboxWithEnv, type SandboxEnv } from './harness.js';

let s: SandboxEnv;
beforeEach(async () => {
  // Team `t`: u00001 owner, u00002–u00004 members; users up to u00010 in the organization.
  s = await sandboxWithEnv({ seed: 'empty' });
  s.sandbox.store.addUsers('acme', 10);
  s.sandbox.store.createTeam('acme', 't');
  s.sandbox.store.setTeamMembers('acme', 't', [
    { userId: 'u00001', role: 'owner' },
    { userId: 'u00002', role: 'member' },
    { userId: 'u00003', role: 'member' },
    { userId: 'u00004', role: 'member' },
  ]);
  s.env.TEAMCTL_TEAM = 't';
});
afterEach(async () => {
  await s.sandbox.close();
});

const dir = mkdtempSync(join(tmpdir(), 'teamctl-add-remove-'));
const team = (): Record<string, TeamMemberRole> => Object.fromEntries(s.sandbox.store.teamMembers('acme', 't').map((m) => [m.userId, m.role]));
/** `user` leaves the organization just before the first change reaches the service (after the plan checked them). */
const leavesOnFirstWrite = (user: string): void => {
  let left = false;
  s.sandbox.intercept((req) => {
    if (req.method !== 'GET' && !left) {
      left = true;
      s.sandbox.store.members.remove('acme', user);
    }
    return undefined;
  });
};
const changes = (): RequestLogEntry[] => s.sandbox.requests.filter((r) => r.method !== 'GET');
const shape = (r: RequestLogEntry): string => {
  const single = /\/members\/([^/]+)$/.exec(r.path);
  return single ? `PUT ${single[1]} ${JSON.stringify(r.body)}` : `PUT bulk ${JSON.stringify(r.body)}`;
};

describe('members add', () => {
  it('adds ids and e-mails (trimmed, any case) as members in one bulk request; existing members keep their role', async () => {
    const r = await runCli(['members', 'add', 'u00005', ' USER00006@Example.COM ', 'user00001@EXAMPLE.com', 'u00002', '--json'], { env: s.env });
    expect(r.code, r.stderr).toBe(0);
    expect(team()).toEqual({ u00001: 'owner', u00002: 'member', u00003: 'member', u00004: 'member', u00005: 'member', u00006: 'member' });
    expect(changes().map(shape)).toEqual(['PUT bulk {"add":["u00005","USER00006@Example.COM"]}']);
    const report = JSON.parse(r.stdout) as MembersReport;
    expect(report).toEqual({
      teamTitle: 't',
      dryRun: false,
      added: [
        { id: 'u00005', email: 'user00005@example.com' },
        { id: 'u00006', email: 'user00006@example.com' },
      ],
      removed: [],
      roleChanged: [],
      unchanged: 4,
      notMember: [],
      failed: [],
      verified: true,
    });
  });

  it('--json to a stdout whose writes fail (EBADF: closed; EPIPE: the reader went away): the member is added, the lost report exits 1 with one line', async () => {
    for (const [code, user] of [['EBADF', 'u00005'], ['EPIPE', 'u00006']] as const) {
      const r = await runCli(['members', 'add', user, '--json'], { env: s.env, stdoutFails: code });
      expect(r.stdout).toBe('');
      expect(team()[user]).toBe('member');
      expect(r.stderr.split('\n').filter((l) => l.startsWith('error: '))).toEqual([`error: could not write to standard output (${code}); the output is incomplete`]);
      expect(r.code).toBe(1);
    }
    expect(changes().map(shape)).toEqual(['PUT bulk {"add":["u00005"]}', 'PUT bulk {"add":["u00006"]}']);
    // Streamed data whose reader went away (`members list | head`) still ends quietly; a closed stdout does not.
    expect(await runCli(['members', 'list', '--json'], { env: s.env, stdoutFails: 'EPIPE' })).toMatchObject({ code: 0, stderr: '' });
    expect(await runCli(['members', 'list', '--json'], { env: s.env, stdoutFails: 'EBADF' })).toMatchObject({ code: 1, stderr: 'error: could not write to standard output (EBADF); the output is incomplete\n' });
  });

  it('--role owner: a new user named by e-mail is added in bulk, then made owner by id; a member is promoted in place', async () => {
    const r = await runCli(['members', 'add', '--role', 'owner', 'User00007@example.com', 'user00003@example.com'], { env: s.env });
    expect(r.code, r.stderr).toBe(0);
    expect(team()).toMatchObject({ u00001: 'owner', u00003: 'owner', u00007: 'owner' });
    expect(changes().map(shape)).toEqual([
      'PUT bulk {"add":["User00007@example.com"]}',
      expect.stringMatching(/^PUT u0000[37] \{"role":"owner"\}$/),
      expect.stringMatching(/^PUT u0000[37] \{"role":"owner"\}$/),
    ]);
  });

  it('--role member demotes an owner in place, never removing them', async () => {
    s.sandbox.store.putTeamMember('acme', 't', 'u00002', 'owner');
    const r = await runCli(['members', 'add', '--role', 'member', 'u00001'], { env: s.env });
    expect(r.code, r.stderr).toBe(0);
    expect(team()).toMatchObject({ u00001: 'member', u00002: 'owner' });
    expect(changes().map(shape)).toEqual(['PUT u00001 {"role":"member"}']);
  });

  it('refuses to demote the last owner (exit 3, nothing sent, also on --dry-run) unless --force', async () => {
    const r = await runCli(['members', 'add', '--role', 'member', 'user00001@example.com', 'u00005'], { env: s.env });
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('error: the plan would leave team t without an owner: it demotes user00001@example.com (its only owner); nothing was sent');
    expect(r.stderr).toMatch(/^hint: .*--role owner.*--force/m);
    const dry = await runCli(['members', 'add', '--role', 'member', 'u00001', '--dry-run'], { env: s.env });
    expect(dry.code).toBe(3);
    expect(changes()).toEqual([]);
    expect(team().u00001).toBe('owner');
    const forced = await runCli(['members', 'add', '--role', 'member', 'u00001', '--force'], { env: s.env });
    expect(forced.code, forced.stderr).toBe(0);
    expect(forced.stderr).toContain('without an owner: it demotes user00001@example.com (its only owner); going ahead because of --force');
    expect(team().u00001).toBe('member');
  });

  it('counts a bulk add whose answer was lost as done when the team read back shows it, and sets the role', async () => {
    // The service applies every bulk add, then the connection drops before the answer (each
    // retry too): the outcome is unknown until the team is read again.
    s.sandbox.intercept((req) => (req.method === 'PUT' && req.path.endsWith('/members') ? { kind: 'applyThenReset' } : undefined));
    const r = await runCli(['members', 'add', '--role', 'owner', 'u00005', 'user00006@example.com', '--json'], { env: s.env });
    expect(r.code, r.stderr).toBe(0);
    expect(team()).toMatchObject({ u00005: 'owner', u00006: 'owner' });
    expect(changes().filter((q) => q.path.endsWith('/members/u00005') || q.path.endsWith('/members/u00006')).map(shape).sort()).toEqual([
      'PUT u00005 {"role":"owner"}',
      'PUT u00006 {"role":"owner"}',
    ]);
    const report = JSON.parse(r.stdout) as MembersReport;
    expect(report.added).toEqual([
      { id: 'u00005', email: 'user00005@example.com' },
      { id: 'u00006', email: 'user00006@example.com' },
    ]);
    expect(report.failed).toEqual([]);
    expect(report.verified).toBe(true);
  }, 20_000);

  it('exits 1 when a bulk add whose answer was lost turns out not applied', async () => {
    s.sandbox.intercept((req) => (req.method === 'PUT' && req.path.endsWith('/members') ? { kind: 'reset' } : undefined));
    const r = await runCli(['members', 'add', 'u00005', '--json'], { env: s.env });
    expect(r.code).toBe(1);
    expect(Object.keys(team())).toHaveLength(4);
    const report = JSON.parse(r.stdout) as MembersReport;
    expect(report.added).toEqual([]);
    expect(report.failed).toEqual([
      { user: { id: 'u00005', email: null }, action: 'add', status: null, message: expect.stringMatching(/; the user is not in the team when read again$/) },
    ]);
  }, 20_000);

  it('a user who leaves the organization between the plan and the add fails alone: the others are added, exit 6, and the report says why', async () => {
    const reportFile = join(dir, 'add-report.csv');
    leavesOnFirstWrite('u00007');
    const r = await runCli(['members', 'add', 'u00008', 'u00007', 'u00009', 'u00002', '--json', '--report', reportFile], { env: s.env });
    expect(r.code).toBe(6);
    expect(team()).toMatchObject({ u00008: 'member', u00009: 'member' });
    expect(Object.keys(team())).toHaveLength(6);
    const report = JSON.parse(r.stdout) as MembersReport;
    expect(report.added.map((u) => u.id)).toEqual(['u00008', 'u00009']);
    expect(report.failed).toEqual([
      { user: { id: 'u00007', email: null }, action: 'add', status: 400, message: expect.stringContaining('no user of organization acme matches "u00007"') },
    ]);
    expect(report.verified).toBe(false);
    expect(r.stderr).toMatch(/^error: 1 of 3 changes failed; the other changes were applied$/m);
    expect(parse(readFileSync(reportFile, 'utf8'))).toEqual([
      ['user', 'action', 'outcome', 'status', 'message'],
      ['user00008@example.com', 'add', 'added', '204', 'as member'],
      ['user00009@example.com', 'add', 'added', '204', 'as member'],
      ['u00007', 'add', 'failed', '400', expect.stringContaining('no user of organization acme matches')],
      ['user00002@example.com', 'none', 'unchanged', '', 'already a member (member)'],
    ]);
  });

  it('exits 1 when nothing could be applied', async () => {
    leavesOnFirstWrite('u00007');
    const r = await runCli(['members', 'add', 'u00007'], { env: s.env });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^error: nothing was changed: 1 of 1 changes failed/m);
    expect(Object.keys(team())).toHaveLength(4);
  });

  it('a user outside the organization is refused at plan time, dry runs too (exit 3, nothing sent); --skip-unknown leaves them out', async () => {
    const mark = s.sandbox.requests.length;
    for (const dry of [[], ['--dry-run']]) {
      const r = await runCli(['members', 'add', 'u00008', 'nobody@example.com', ...dry], { env: s.env });
      expect(r.code, r.stderr).toBe(3);
      expect(r.stderr).toContain('  ? nobody@example.com (not in the organization)');
      expect(r.stderr).toMatch(/^error: 1 user to add is not in organization acme: nobody@example\.com; nothing was sent$/m);
      expect(r.stderr).toMatch(/--invite invites them, and --skip-unknown leaves them out/);
    }
    expect(s.sandbox.requests.slice(mark).filter((q) => q.method !== 'GET')).toEqual([]);
    expect(Object.keys(team())).toHaveLength(4);
    const skipped = await runCli(['members', 'add', 'u00008', 'nobody@example.com', '--skip-unknown'], { env: s.env });
    expect(skipped.code, skipped.stderr).toBe(0);
    expect(skipped.stderr).toContain('warning: 1 user not in organization acme left out (--skip-unknown): nobody@example.com');
    expect(team()).toMatchObject({ u00008: 'member' });
    expect(Object.keys(team())).toHaveLength(5);
  });

  it('refuses invalid users before sending anything (exit 2), listing them all', async () => {
    const r = await runCli(['members', 'add', 'u00005', 'not an id', 'ada@'], { env: s.env });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('error: 2 problems in arguments; nothing was sent');
    expect(r.stderr).toContain('  arguments:2: invalid user id "not an id" (ids contain no spaces)');
    expect(r.stderr).toContain('  arguments:3: invalid e-mail address "ada@"');
    expect(s.sandbox.requests).toEqual([]);
  });
});

describe('members remove', () => {
  it('removes ids and e-mails in one bulk request; a non-member (with --missing-ok, one the organization lacks too) is reported "not a member", not sent', async () => {
    const reportFile = join(dir, 'remove-report.csv');
    const r = await runCli(['members', 'remove', 'u00002', 'USER00003@example.com', 'user00009@example.com', 'ghost@example.com', '--missing-ok', '--json', '--report', reportFile], { env: s.env });
    expect(r.code, r.stderr).toBe(0);
    expect(team()).toEqual({ u00001: 'owner', u00004: 'member' });
    expect(changes().map(shape)).toEqual(['PUT bulk {"remove":["u00002","u00003"]}']);
    const report = JSON.parse(r.stdout) as MembersReport;
    expect(report.removed).toEqual([
      { id: 'u00002', email: 'user00002@example.com' },
      { id: 'u00003', email: 'user00003@example.com' },
    ]);
    expect(report.notMember).toEqual([
      { id: null, email: 'user00009@example.com' },
      { id: null, email: 'ghost@example.com' },
    ]);
    expect(report.verified).toBe(true);
    expect(r.stderr).toContain('user00009@example.com: not a member');
    expect(parse(readFileSync(reportFile, 'utf8'))).toEqual([
      ['user', 'action', 'outcome', 'status', 'message'],
      ['user00002@example.com', 'remove', 'removed', '204', ''],
      ['user00003@example.com', 'remove', 'removed', '204', ''],
      ['user00009@example.com', 'remove', 'not-member', '', 'not a member'],
      ['ghost@example.com', 'remove', 'not-member', '', 'not a member'],
    ]);
  });

  it('removing only non-members succeeds with nothing sent', async () => {
    const r = await runCli(['members', 'remove', 'u00010'], { env: s.env });
    expect(r.code, r.stderr).toBe(0);
    expect(changes()).toEqual([]);
    expect(r.stderr).toContain('u00010: not a member');
  });

  it('has no --max-removals guard for users named one by one; --dry-run sends nothing', async () => {
    const dry = await runCli(['members', 'remove', 'u00002', 'u00003', 'u00004', '--dry-run', '--json'], { env: s.env });
    expect(dry.code).toBe(0);
    expect(changes()).toEqual([]);
    expect((JSON.parse(dry.stdout) as MembersReport).removed).toHaveLength(3);
    const r = await runCli(['members', 'remove', 'u00002', 'u00003', 'u00004'], { env: s.env });
    expect(r.code, r.stderr).toBe(0);
    expect(team()).toEqual({ u00001: 'owner' });
  }, 15_000);

  it('refuses to remove the last owner (exit 3, nothing sent) unless --force', async () => {
    const r = await runCli(['members', 'remove', 'u00001', 'u00002'], { env: s.env });
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('error: the plan would leave team t without an owner: it removes user00001@example.com (its only owner); nothing was sent');
    expect(changes()).toEqual([]);
    const forced = await runCli(['members', 'remove', 'u00001', '--force'], { env: s.env });
    expect(forced.code, forced.stderr).toBe(0);
    expect(team()).toEqual({ u00002: 'member', u00003: 'member', u00004: 'member' });
  }, 15_000);
});

describe('the read-back settles what the answers could not', () => {
  it('bulk changes applied but answered 503: reported added and removed, exit 0', async () => {
    s.sandbox.intercept((req) =>
      req.method === 'PUT' && /\/members$/.test(req.path) ? { kind: 'applyThen', status: 503, body: { error: { code: 503, message: 'busy' } }, headers: { 'retry-after': '0' } } : undefined,
    );
    const report = join(dir, 'applied-503.csv');
    const add = await runCli(['members', 'add', 'u00005', 'u00006', '--json', '--report', report], { env: s.env });
    expect(add.code).toBe(0);
    expect(team()).toMatchObject({ u00005: 'member', u00006: 'member' });
    const json = JSON.parse(add.stdout) as MembersReport;
    expect(json.added.map((u) => u.id).sort()).toEqual(['u00005', 'u00006']);
    expect(json.failed).toEqual([]);
    expect(json.verified).toBe(true);
    expect((parse(readFileSync(report, 'utf8'), { columns: true }) as { outcome: string }[]).map((r) => r.outcome)).toEqual(['added', 'added']);

    const remove = await runCli(['members', 'remove', 'u00005', '--json'], { env: s.env });
    expect(remove.code).toBe(0);
    expect(team().u00005).toBeUndefined();
    expect((JSON.parse(remove.stdout) as MembersReport).removed.map((u) => u.id)).toEqual(['u00005']);
  });

  it('a 503 that really applied nothing stays failed: exit 1, nothing claimed', async () => {
    s.sandbox.intercept((req) =>
      req.method === 'PUT' && /\/members$/.test(req.path) ? { kind: 'respond', status: 503, body: { error: { code: 503, message: 'busy' } }, headers: { 'retry-after': '0' } } : undefined,
    );
    const r = await runCli(['members', 'add', 'u00005', '--json'], { env: s.env });
    expect(r.code).toBe(1);
    expect(team().u00005).toBeUndefined();
    const json = JSON.parse(r.stdout) as MembersReport;
    expect(json.added).toEqual([]);
    expect(json.failed.map((f) => [f.action, f.status])).toEqual([['add', 503]]);
  });
});

describe('members set-role', () => {
  it("changes members' team role in bulk; a user not in the team is said, never added", async () => {
    const r = await runCli(['members', 'set-role', 'u00002', 'user00003@example.com', 'u00009', '--role', 'owner', '--json'], { env: s.env });
    expect(r.code, r.stderr).toBe(0);
    expect(team()).toEqual({ u00001: 'owner', u00002: 'owner', u00003: 'owner', u00004: 'member' });
    const report = JSON.parse(r.stdout) as MembersReport;
    expect(report.roleChanged.map((c) => c.user.id)).toEqual(['u00002', 'u00003']);
    expect(report.notMember).toEqual([{ id: 'u00009', email: null }]);
    expect(changes().map(shape)).toEqual(['PUT u00002 {"role":"owner"}', 'PUT u00003 {"role":"owner"}']);
  });

  it('demoting the last owner is refused (exit 3); an organization role is exit 2 naming users set-role', async () => {
    const last = await runCli(['members', 'set-role', 'u00001', '--role', 'member'], { env: s.env });
    expect(last.code).toBe(3);
    expect(last.stderr).toContain('without an owner');
    const org = await runCli(['members', 'set-role', 'u00002', '--role', 'admin'], { env: s.env });
    expect(org.code).toBe(2);
    expect(org.stderr).toContain('teamctl users set-role <user> --role admin');
    expect(changes()).toEqual([]);
  });
});

describe('members sync --add-file with a role column', () => {
  it('says the column is not read, and adds as member', async () => {
    const path = join(dir, 'add-with-roles.csv');
    writeFileSync(path, 'email,role\nuser00008@example.com,owner\n');
    const r = await runCli(['members', 'sync', '--add-file', path], { env: s.env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`warning: ${path} has a "role" column, which --add-file does not read`);
    expect(team()).toMatchObject({ u00008: 'member' });
  });
});
