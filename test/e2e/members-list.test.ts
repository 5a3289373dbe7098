import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TeamMemberItem } from '../../src/api/types.js';
import { spawn } from 'node:child_process';
import { bin, listDirect, newConfigDir, runCli, sandboxWithEnv, type SandboxEnv } from './harness.js';

let s: SandboxEnv;
let reference: TeamMemberItem[];

beforeAll(async () => {
  s = await sandboxWithEnv();
  // A big team: 2,500 members, a tenth of them owners.
  s.sandbox.store.createTeam('acme', 'big');
  const users = s.sandbox.store.addUsers('acme', 2500);
  s.sandbox.store.setTeamMembers(
    'acme',
    'big',
    users.map((u, i) => ({ userId: u.id, role: i % 10 === 0 ? 'owner' : 'member' })),
  );
  reference = await listDirect<TeamMemberItem>(s.sandbox, '/orgs/acme/teams/big/members');
});
afterAll(async () => {
  await s.sandbox.close();
});

const row = (m: TeamMemberItem) => [m.organization.user.id, m.organization.user.email ?? '', m.organization.user.displayName, m.team.role, m.organization.role ?? ''];

describe('members list', () => {
  it('lists a team of 2,500 members exactly, in 3 requests', async () => {
    expect(reference).toHaveLength(2500);
    const before = s.sandbox.requests.length;
    const r = await runCli(['members', 'list', '--team', 'big', '--json'], { env: s.env });
    expect(r.code).toBe(0);
    const requests = s.sandbox.requests.slice(before);
    expect(requests.map((q) => [q.method, q.path, q.query.limit])).toEqual([
      ['GET', '/v1/orgs/acme/teams/big/members', '1000'],
      ['GET', '/v1/orgs/acme/teams/big/members', '1000'],
      ['GET', '/v1/orgs/acme/teams/big/members', '1000'],
    ]);
    // --json is the service's items, unchanged and complete.
    expect(JSON.parse(r.stdout)).toEqual(reference);
  });

  it('prints tsv by default when stdout is not a terminal', async () => {
    const r = await runCli(['members', 'list', '--team', 'big'], { env: s.env });
    expect(r.code).toBe(0);
    const expected = ['id\temail\tdisplayName\trole\torgRole', ...reference.map((m) => row(m).join('\t'))].join('\n') + '\n';
    expect(r.stdout).toBe(expected);
    expect(r.stdout).not.toContain('\u001b[');
  });

  it('prints ndjson, one unchanged item per line', async () => {
    const r = await runCli(['members', 'list', '--team', 'big', '-o', 'ndjson', '--page-size', '300'], { env: s.env });
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(2500);
    expect(lines.map((l) => JSON.parse(l) as unknown)).toEqual(reference);
  });

  it('prints csv with the contract columns', async () => {
    const r = await runCli(['-o', 'csv', 'members', 'list'], { env: s.env });
    expect(r.code).toBe(0);
    const team = await listDirect<TeamMemberItem>(s.sandbox, '/orgs/acme/teams/engineering/members');
    expect(r.stdout).toBe(['id,email,displayName,role,orgRole', ...team.map((m) => row(m).join(','))].join('\n') + '\n');
  });

  it('filters by --role owner', async () => {
    const r = await runCli(['members', 'list', '--team', 'big', '--role', 'owner', '--json'], { env: s.env });
    expect(r.code).toBe(0);
    const owners = JSON.parse(r.stdout) as TeamMemberItem[];
    expect(owners).toEqual(reference.filter((m) => m.team.role === 'owner'));
    expect(owners).toHaveLength(250);
  });

  it('uses --page-size for the requests', async () => {
    const before = s.sandbox.requests.length;
    const r = await runCli(['members', 'list', '--team', 'big', '--page-size', '1000', '-o', 'ndjson'], { env: s.env });
    expect(r.code).toBe(0);
    const r2 = await runCli(['members', 'list', '--page-size', '7', '-o', 'ndjson'], { env: s.env });
    expect(r2.code).toBe(0);
    const engineering = s.sandbox.requests.slice(before).filter((q) => q.path.endsWith('/engineering/members'));
    expect(engineering.every((q) => q.query.limit === '7')).toBe(true);
    expect(engineering.length).toBe(Math.ceil(r2.stdout.trimEnd().split('\n').length / 7));
  });

  it.each(['5000', '0', 'abc', '1.5'])('refuses --page-size %s with exit 2 and sends nothing', async (size) => {
    const before = s.sandbox.requests.length;
    const r = await runCli(['members', 'list', '--page-size', size], { env: s.env });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^error: --page-size must be a whole number from 1 to 1000/);
    expect(s.sandbox.requests.length).toBe(before);
  });

  it('answers a wrong token with exit 4 and a login hint, printing no data', async () => {
    const r = await runCli(['members', 'list'], { env: { ...s.env, TEAMCTL_TOKEN: 'wrong-token-0000' } });
    expect(r.code).toBe(4);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^error: authentication failed \(401\)/);
    expect(r.stderr).toContain('teamctl auth login');
  });

  it('answers an unknown team with exit 5', async () => {
    const r = await runCli(['members', 'list', '--team', 'no-such-team'], { env: s.env });
    expect(r.code).toBe(5);
    expect(r.stdout).toBe('');
  });

  it('never prints the token, even with --debug, on success or failure', async () => {
    const ok = await runCli(['--debug', 'members', 'list', '--team', 'big', '-o', 'ndjson'], { env: s.env });
    expect(ok.code).toBe(0);
    const debugLines = ok.stderr.split('\n').filter((l) => l.startsWith('debug: '));
    expect(debugLines).toHaveLength(3);
    expect(debugLines[0]).toMatch(/^debug: GET http:\/\/127\.0\.0\.1:\d+\/v1\/orgs\/acme\/teams\/big\/members\?limit=1000 200 \d+ms attempt 1$/);
    const bad = await runCli(['--debug', 'members', 'list'], { env: { ...s.env, TEAMCTL_TOKEN: s.sandbox.token + 'x' } });
    expect(bad.code).toBe(4);
    for (const out of [ok.stdout, ok.stderr, bad.stdout, bad.stderr]) {
      expect(out).not.toContain(s.sandbox.token);
    }
  });

  it('names the flag, the variable and the config key of a missing setting (exit 2)', async () => {
    const r = await runCli(['members', 'list'], { env: { ...s.env, TEAMCTL_TEAM: undefined } });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--team <id>');
    expect(r.stderr).toContain('TEAMCTL_TEAM');
    expect(r.stderr).toContain('config set team');
  });

  it('takes the settings from the profile config, and flags over environment', async () => {
    const { newConfigDir } = await import('./harness.js');
    const configDir = newConfigDir();
    const env = { TEAMCTL_TOKEN: s.sandbox.token };
    for (const args of [
      ['config', 'set', 'base-url', s.sandbox.url],
      ['config', 'set', 'org', 'acme'],
      ['config', 'set', 'team', 'big'],
    ]) {
      expect((await runCli(args, { env, configDir })).code).toBe(0);
    }
    const fromConfig = await runCli(['members', 'list', '-o', 'ndjson'], { env, configDir });
    expect(fromConfig.stdout.trimEnd().split('\n')).toHaveLength(2500);
    const envWins = await runCli(['members', 'list', '-o', 'ndjson'], { env: { ...env, TEAMCTL_TEAM: 'design' }, configDir });
    const flagWins = await runCli(['members', 'list', '-o', 'ndjson', '--team', 'engineering'], { env: { ...env, TEAMCTL_TEAM: 'design' }, configDir });
    const design = await listDirect<TeamMemberItem>(s.sandbox, '/orgs/acme/teams/design/members');
    const engineering = await listDirect<TeamMemberItem>(s.sandbox, '/orgs/acme/teams/engineering/members');
    expect(envWins.stdout.trimEnd().split('\n').map((l) => JSON.parse(l) as unknown)).toEqual(design);
    expect(flagWins.stdout.trimEnd().split('\n').map((l) => JSON.parse(l) as unknown)).toEqual(engineering);
  });

  it('stops fetching pages when the reader of stdout goes away (| head)', async () => {
    const before = s.sandbox.requests.length;
    const child = spawn(process.execPath, [bin, 'members', 'list', '--team', 'big', '--page-size', '50', '-o', 'ndjson'], {
      env: { PATH: process.env.PATH ?? '', HOME: newConfigDir(), TEAMCTL_CONFIG_DIR: newConfigDir(), ...s.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // Like `head -1`: read the first chunk, then close the pipe.
    child.stdout.once('data', () => child.stdout.destroy());
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code).toBe(0);
    const pages = s.sandbox.requests.slice(before).filter((q) => q.path.endsWith('/big/members')).length;
    expect(pages).toBeGreaterThanOrEqual(1);
    expect(pages).toBeLessThan(50); // 2,500 members at 50 a page would be 50 requests
  });
});
