// --jq <filter> (`teamctl help formatting`, "Filtering JSON with --jq"): a real jq over every JSON
// output — listings, reports, whoami, auth status, config list, apply --show — strings raw, other
// values compact, one a line; a filter that does not compile is exit 2 with nothing sent.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TeamMemberItem } from '../../src/api/types.js';
import { listDirect, newConfigDir, runCli, sandboxWithEnv, type SandboxEnv } from './harness.js';

let s: SandboxEnv;
const unicodeNames = ['Zoë Ødegård', 'Ελένη 😀', 'أحمد الفارسي', '東京 太郎', 'Åsa\u0301 e\u0301'];

beforeAll(async () => {
  s = await sandboxWithEnv();
  const { store } = s.sandbox;
  // A team whose members' names are in several scripts, with emoji and combining marks.
  store.createTeam('acme', 'world', 'World');
  const users = unicodeNames.map((displayName, i) =>
    store.addUser('acme', { id: `u-world-${i}`, displayName, email: `world${i}@example.com`, role: 'read', disabled: false, joinedAt: '2025-01-01T00:00:00.000Z', sso: false, spaces: 0, sites: 0 }),
  );
  store.setTeamMembers('acme', 'world', users.map((u) => ({ userId: u.id, role: 'member' })));
  store.addGlossaryEntry('acme', { id: 'ge_unicode', translations: { en: 'naïve café', ja: '東京', ar: 'مرحبا', el: 'καλημέρα 😀' }, createdAt: '2025-01-01T00:00:00.000Z', updatedAt: '2025-01-01T00:00:00.000Z' });
});
afterAll(async () => {
  await s.sandbox.close();
});

/** Each line of `--jq .` read back as JSON: the documents the filter saw, one a line. */
const documents = (stdout: string): unknown[] => stdout.trimEnd().split('\n').map((l) => JSON.parse(l) as unknown);

describe('--jq on every JSON output', () => {
  // Each command's --json document, and what `--jq .` prints of it: the same values, compact.
  it.each([
    [['members', 'list']],
    [['members', 'list', '--team', 'engineering,world']],
    [['teams', 'list']],
    [['users', 'list']],
    [['users', 'teams', 'kenji.sato@example.com']],
    [['glossary', 'list']],
    [['glossary', 'get', 'ge_unicode']],
    [['whoami']],
    [['auth', 'status']],
    [['members', 'add', 'pedro.alves@example.com', '--dry-run']],
    [['members', 'sync', '--remove', 'thomas.muller@example.com', '--dry-run']],
    [['members', 'offboard', 'thomas.muller@example.com', '--dry-run']],
    [['users', 'set-role', 'kenji.sato@example.com', '--role', 'admin', '--dry-run']],
    [['teams', 'create', 'Data Platform', '--dry-run']],
    [['glossary', 'delete', 'ge_unicode', '--dry-run']],
  ])('teamctl %j: --jq . prints the --json document', async (argv) => {
    const json = await runCli([...argv, '--json'], { env: s.env });
    expect(json.code, json.stderr).toBe(0);
    const filtered = await runCli([...argv, '--jq', '.'], { env: s.env });
    expect(filtered.code, filtered.stderr).toBe(0);
    expect(filtered.stdout.trimEnd().split('\n')).toHaveLength(1);
    expect(documents(filtered.stdout)).toEqual([JSON.parse(json.stdout)]);
  });

  it('members list --jq prints the e-mails --json | jq -r would, one a line', async () => {
    const members = await listDirect<TeamMemberItem>(s.sandbox, '/orgs/acme/teams/engineering/members');
    const r = await runCli(['members', 'list', '--jq', '.[].organization.user.email'], { env: s.env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(members.map((m) => `${m.organization.user.email}\n`).join(''));
    expect(members.length).toBeGreaterThan(10);
  });

  it('prints Unicode strings raw and other values as compact JSON', async () => {
    const r = await runCli(['members', 'list', '--team', 'World', '--jq', '.[].organization.user | .displayName, {name: .displayName}'], { env: s.env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(unicodeNames.map((n) => `${n}\n${JSON.stringify({ name: n })}\n`).join(''));
    const entry = await runCli(['glossary', 'get', 'ge_unicode', '--jq', '.translations | .el, .ja, (keys | length), ([.ar] | tojson), "line\\nbreak"'], { env: s.env });
    expect(entry.code, entry.stderr).toBe(0);
    expect(entry.stdout).toBe('καλημέρα 😀\n東京\n4\n["مرحبا"]\nline\nbreak\n');
  });

  it('filters a listing kept in several blocks, characters on their boundaries, as the service holds it', async () => {
    const { store } = s.sandbox;
    store.createTeam('acme', 'big-world', 'Big World');
    // ~1 MB of JSON: kept in four blocks of 256 KiB, characters of 2 to 4 bytes throughout.
    const users = Array.from({ length: 2000 }, (_, i) =>
      store.addUser('acme', { id: `u-big-${i}`, displayName: `${unicodeNames[i % unicodeNames.length]} ${i}`, email: `big${i}@example.com`, role: 'read', disabled: false, joinedAt: '2025-01-01T00:00:00.000Z', sso: false, spaces: 0, sites: 0 }),
    );
    store.setTeamMembers('acme', 'big-world', users.map((u) => ({ userId: u.id, role: 'member' })));
    const members = await listDirect<TeamMemberItem>(s.sandbox, '/orgs/acme/teams/big-world/members');
    expect(members).toHaveLength(2000);
    const r = await runCli(['members', 'list', '--team', 'Big World', '--jq', '.[].organization.user.displayName, length'], { env: s.env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(members.map((m) => `${m.organization.user.displayName}\n`).join('') + '2000\n');
    expect(new Set(members.map((m) => m.organization.user.displayName))).toEqual(new Set(users.map((u) => u.displayName)));
  });

  it('with -o ndjson runs the filter on each item; a string filter and regular expressions work', async () => {
    const r = await runCli(['glossary', 'list', '-o', 'ndjson', '--jq', 'select(.translations.en // "" | test("^naï")) | .id'], { env: s.env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('ge_unicode\n');
  });

  it('reports of changes are filtered; the change is made as without --jq', async () => {
    const r = await runCli(['members', 'add', 'pedro.alves@example.com', '--jq', '.added[].email, .verified'], { env: s.env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.toLowerCase()).toBe('pedro.alves@example.com\ntrue\n');
    expect(r.stderr).toContain('Done: 1 added');
    const members = await listDirect<TeamMemberItem>(s.sandbox, '/orgs/acme/teams/engineering/members');
    expect(members.map((m) => (m.organization.user.email ?? '').toLowerCase())).toContain('pedro.alves@example.com');
  });

  it('config list and apply --show', async () => {
    const configDir = newConfigDir();
    expect((await runCli(['config', 'set', 'org', 'acme'], { configDir })).code).toBe(0);
    const config = await runCli(['config', 'list', '--jq', '.org'], { configDir });
    expect([config.code, config.stdout]).toEqual([0, 'acme\n']);
    const dir = mkdtempSync(join(tmpdir(), 'teamctl-jq-'));
    const planned = await runCli(['members', 'add', 'olivia.johnson@example.com', '--plan-out', 'plan.json'], { env: s.env, cwd: dir });
    expect(planned.code, planned.stderr).toBe(0);
    const show = await runCli(['apply', '--show', 'plan.json', '--jq', '.command, (.changes[] | [.action, .subject])'], { cwd: dir });
    expect(show.code, show.stderr).toBe(0);
    expect(show.stdout).toMatch(/^members add\n\["add","[^"]+"\]\n$/);
  });
});

describe('--jq refusals', () => {
  it('a filter that does not compile is exit 2 naming it, with jq\'s message, and nothing is sent', async () => {
    const before = s.sandbox.requests.length;
    const r = await runCli(['members', 'add', 'olivia.johnson@example.com', '--jq', '.added[] |'], { env: s.env });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^error: the --jq filter "\.added\[\] \|" does not compile: jq: error: syntax error/);
    expect(r.stderr).toContain('jq: 1 compile error');
    expect(s.sandbox.requests.length).toBe(before);
    const olivia = s.sandbox.store.findUser('acme', 'olivia.johnson@example.com');
    expect(olivia).toBeDefined();
    expect(s.sandbox.store.teamMembers('acme', 'engineering').map((m) => m.userId)).not.toContain(olivia?.id);
  });

  it('a filter that fails on the output prints jq\'s message: exit 1', async () => {
    const r = await runCli(['members', 'list', '--jq', '.[0].organization.user.email, .name'], { env: s.env });
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^[^\n]+@example\.com\n$/i);
    expect(r.stderr).toContain('error: the --jq filter ".[0].organization.user.email, .name" failed on the output: jq: error (at <stdin>');
    expect(r.stderr).toContain('Cannot index array with string ("name")');
  });

  it.each([
    [['members', 'list', '-o', 'csv', '--jq', '.'], '--jq filters JSON output, and -o csv is not JSON'],
    [['config', 'path', '--jq', '.'], '--jq filters JSON output, and teamctl config path prints none'],
    [['completion', 'bash', '--jq', '.'], 'teamctl completion prints none'],
    [['glossary', 'export', '-f', 'x.json', '--jq', '.'], '-f writes a file'],
    [['glossary', 'export', '--format', 'csv', '--jq', '.'], '--format csv and --jq (which filters JSON) disagree'],
    [['members', 'list', '--jq', ' '], '--jq is empty'],
  ])('%j is a usage error', async (argv, message) => {
    const before = s.sandbox.requests.length;
    const r = await runCli(argv, { env: s.env });
    expect([r.code, r.stdout]).toEqual([2, '']);
    expect(r.stderr).toContain(message);
    expect(s.sandbox.requests.length).toBe(before);
  });

  it('a filter that starts with "-" is a filter, not a jq flag', async () => {
    const r = await runCli(['teams', 'list', '--jq', '-(length)'], { env: s.env });
    expect(r.code, r.stderr).toBe(0);
    expect(Number(r.stdout)).toBeLessThan(0);
  });

  it('the token never reaches the filter or its output', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'teamctl-jq-'));
    writeFileSync(join(dir, 'x'), '');
    const r = await runCli(['auth', 'status', '--jq', '[.. | strings] | join(" ")'], { env: s.env, cwd: dir });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout + r.stderr).not.toContain(s.sandbox.token);
  });
});

describe('--jq on a 10,000-item listing', () => {
  it('prints every e-mail of a team of 10,000, in order', async () => {
    const { store } = s.sandbox;
    store.createTeam('acme', 'huge');
    const users = store.addUsers('acme', 10_000);
    store.setTeamMembers('acme', 'huge', users.map((u) => ({ userId: u.id, role: 'member' })));
    const r = await runCli(['members', 'list', '--team', 'huge', '--jq', '.[] | select(.team.role == "member") | .organization.user.email'], { env: s.env });
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(10_000);
    const members = await listDirect<TeamMemberItem>(s.sandbox, '/orgs/acme/teams/huge/members');
    expect(lines).toEqual(members.map((m) => m.organization.user.email));
  }, 60_000);
});

describe('what --jq ships', () => {
  it('jq-wasm is pinned to the jq 1.8.2 build, and the notices of jq and Oniguruma are in the package', async () => {
    const { readFileSync } = await import('node:fs');
    const root = new URL('../../', import.meta.url);
    const pkg = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as { devDependencies: Record<string, string>; files: string[] };
    expect(pkg.devDependencies['jq-wasm']).toBe('3.0.0-jq-1.8.2');
    // npm packs LICENSE whatever `files` says: the notices follow teamctl's own there.
    const license = readFileSync(new URL('LICENSE', root), 'utf8');
    expect(license).toMatch(/\n\njq is copyright \(C\) 2012 Stephen Dolan\n[\s\S]*decNumber/);
    expect(license).toMatch(/\n\nOniguruma LICENSE\n-+\n\nCopyright \(c\) 2002-2021 {2}K\.Kosako/);
    expect(license.indexOf('Stephen Dolan')).toBeGreaterThan(license.indexOf('Third-party notices'));
    const installed = JSON.parse(readFileSync(new URL('node_modules/jq-wasm/package.json', root), 'utf8')) as { version: string };
    expect(installed.version).toBe('3.0.0-jq-1.8.2');
  });
});

describe('--jq filters that exhaust jq', () => {
  /** Users of acme not in engineering, for changes the filters run after. */
  const outsiders = (): string[] => {
    const inTeam = new Set(s.sandbox.store.teamMembers('acme', 'engineering').map((m) => m.userId));
    return s.sandbox.store.users('acme').filter((u) => !inTeam.has(u.id) && !u.disabled).map((u) => u.id);
  };
  const teamIds = (): string[] => s.sandbox.store.teamMembers('acme', 'engineering').map((m) => m.userId).sort();
  const writes = (): number => s.sandbox.requests.filter((r) => r.method !== 'GET').length;

  it.each(['def f: [f]; f', '[range(1e9)]'])('%j exhausts jq on any input: exit 2 before anything is sent, one line, no stack', async (filter) => {
    const [user = ''] = outsiders();
    const before = [teamIds(), s.sandbox.requests.length];
    const r = await runCli(['members', 'add', user, '--jq', filter], { env: s.env });
    expect([r.code, r.stdout]).toEqual([2, '']);
    expect(r.stderr).toBe(
      `error: the --jq filter ${JSON.stringify(filter)} runs out of jq's memory (256 MB) or recursion depth, even on null; nothing was sent\n` +
        'hint: a filter that recurses without end, or builds a value that large, cannot run\n',
    );
    expect([teamIds(), s.sandbox.requests.length]).toEqual(before);
  });

  it('one that exhausts jq only on the output: one line after the command; a change stays applied, exit 1', async () => {
    const listed = await runCli(['members', 'list', '--jq', 'tojson * 1000000 | length'], { env: s.env });
    expect([listed.code, listed.stdout]).toEqual([1, '']);
    // jq itself refuses a string that long: its own message, one line.
    expect(listed.stderr).toMatch(/^error: the --jq filter "tojson \* 1000000 \| length" failed on the output: jq: error \(at <stdin>:\d+\): Repeat string result too long\n$/);
    const [user = ''] = outsiders();
    const before = writes();
    const filter = 'if type == "object" then [range(1e9)] else . end';
    const r = await runCli(['members', 'add', user, '--jq', filter], { env: s.env });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(`error: the --jq filter ${JSON.stringify(filter)} failed on the output: jq runs out of jq's memory (256 MB) or recursion depth\n`);
    expect(r.stderr).not.toMatch(/Aborted|RuntimeError|\n\s+at /);
    expect(writes()).toBe(before + 1);
    expect(teamIds()).toContain(user);
  });

  it('a filter failing after the command’s own exit 8 or 6 keeps that code', async () => {
    const [first = '', second = ''] = outsiders();
    const pending = await runCli(['members', 'sync', '--add', first, '--dry-run', '--exit-code', '--jq', 'error("no")'], { env: s.env });
    expect(pending.code, pending.stderr).toBe(8);
    expect(pending.stderr).toContain('error: the --jq filter "error(\\"no\\")" failed on the output: jq: error (at <stdin>');
    expect(teamIds()).not.toContain(first);
    // The second user's addition is refused by the service: a partial run, exit 6.
    s.sandbox.intercept((req) => (req.method !== 'GET' && JSON.stringify(req.body ?? '').includes(second) ? { kind: 'respond', status: 400, body: { error: { code: 400, message: 'no' } } } : undefined));
    try {
      const partial = await runCli(['members', 'add', first, second, '--jq', 'error("no")'], { env: s.env });
      expect(partial.code, partial.stderr).toBe(6);
      // The run's own error says it failed; the filter's failure adds nothing to it.
      expect(partial.stderr).toContain('error: 1 of 2 changes failed; the other changes were applied\n');
      expect(partial.stderr).not.toContain('--jq filter');
      expect(teamIds()).toContain(first);
      expect(teamIds()).not.toContain(second);
    } finally {
      s.sandbox.clearIntercepts();
    }
  });
});
