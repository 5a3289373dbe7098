// `access review` against the sandbox (`teamctl help access`, "Review"): each finding present and
// absent as the sandbox's state makes it, the inherited general access named with its collection
// (and the collection's finding, not the space's), narrowing by team, user and space, unknown
// names, the Markdown an auditor files, --exit-code and the request log. The clock is injected.
import { afterEach, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../src/sandbox/server.js';
import type { SandboxUser } from '../../src/sandbox/store.js';
import { main } from '../../src/cli.js';
import { fakeStreams } from '../helpers/streams.js';
import { newConfigDir, runCli, sandboxWithEnv } from './harness.js';

const org = 'acme';
const day = 86_400_000;
/** Before every seeded last visit: nobody is stale unless a test makes them. */
const now = Date.parse('2025-06-01T00:00:00Z');

const open: Sandbox[] = [];
afterEach(async () => {
  for (const s of open.splice(0)) await s.close();
});

interface Row {
  resource: string;
  user: string;
  role: string;
  source: string;
  findings: string[];
}
interface Doc {
  organization: string;
  readAt: string;
  staleDays: number;
  summary: Record<string, number>;
  findings: { kind: string; resource: string; user: string; reason: string; fix: string }[];
  rows: Row[];
}

/** The empty seed (general access, no grants, no team members, no links), every member enabled. */
async function start(seed: 'empty' | 'demo' = 'empty') {
  const { sandbox, env } = await sandboxWithEnv({ callerRole: 'admin', seed });
  open.push(sandbox);
  for (const u of sandbox.store.users(org)) u.disabled = false;
  const user = (email: string): SandboxUser => sandbox.store.findUser(org, email)!;
  const resource = (kind: 'space' | 'collection' | 'site', id: string) => sandbox.store.access.get(kind, id)!;
  const cli = (args: string[]) => runCli(['access', 'review', ...args], { env, now: () => now });
  const review = async (args: string[] = []): Promise<Doc> => {
    const r = await cli([...args, '--json']);
    expect(r.stderr).toBe('');
    return JSON.parse(r.stdout) as Doc;
  };
  return { sandbox, user, resource, cli, review };
}

const kinds = (doc: Doc, user: string, resource?: string): string[] =>
  doc.findings.filter((f) => f.user.toLowerCase() === user.toLowerCase() && (resource === undefined || f.resource === resource)).map((f) => f.kind);

describe('each finding, present and absent', () => {
  it('nothing flagged: exit 0 with --exit-code, every kind counted at 0', async () => {
    const { cli } = await start();
    const r = await cli(['--json', '--exit-code']);
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.stdout) as Doc;
    expect(doc.findings).toEqual([]);
    expect(doc.summary).toEqual({ 'disabled-member': 0, 'guest-above-read': 0, 'stale-access': 0, 'bypasses-teams': 0, 'general-access-above-read': 0, 'link-invite-above-read': 0 });
    expect(doc.readAt).toBe(new Date(now).toISOString());
  });

  it('disabled-member: a disabled member who still reaches a space; gone once enabled', async () => {
    const { user, review, cli } = await start();
    const yara = user('yara.haddad@example.com');
    yara.disabled = true;
    const doc = await review();
    expect(kinds(doc, yara.email, 'space:Onboarding')).toEqual(['disabled-member']);
    expect(doc.findings.find((f) => f.kind === 'disabled-member')!.fix).toBe(`teamctl members offboard ${yara.email}`);
    expect((await cli(['--exit-code'])).code).toBe(8);
    yara.disabled = false;
    expect(kinds(await review(), yara.email)).toEqual([]);
  });

  it('guest-above-read: a guest granted comment; read is fine', async () => {
    const { user, resource, sandbox, review } = await start();
    const kenji = user('kenji.sato@example.com');
    kenji.role = null;
    sandbox.store.access.setGrant(resource('space', 'space-runbooks'), 'users', kenji.id, 'comment');
    const doc = await review();
    expect(kinds(doc, kenji.email)).toEqual(['guest-above-read']);
    expect(doc.rows.find((r) => r.user === kenji.email && r.resource === 'space:Runbooks')).toMatchObject({ role: 'comment', source: 'direct grant' });
    sandbox.store.access.setGrant(resource('space', 'space-runbooks'), 'users', kenji.id, 'read');
    expect(kinds(await review(), kenji.email)).toEqual([]);
  });

  it('stale-access: not seen for --stale-days with edit; a longer --stale-days or a reader is not', async () => {
    const { user, resource, sandbox, review } = await start();
    const hana = user('hana.kim@example.com');
    hana.lastSeenAt = new Date(now - 100 * day).toISOString();
    sandbox.store.access.setGrant(resource('space', 'space-runbooks'), 'users', hana.id, 'edit');
    expect(kinds(await review(), hana.email, 'space:Runbooks')).toEqual(['stale-access']);
    expect(kinds(await review(['--stale-days', '120']), hana.email)).toEqual([]);
    sandbox.store.access.setGrant(resource('space', 'space-runbooks'), 'users', hana.id, 'comment');
    const doc = await review();
    // Her organization role may give her more elsewhere (a space inheriting it): only Runbooks is checked here.
    expect(kinds(doc, hana.email, 'space:Runbooks')).toEqual([]);
  });

  it('--stale-days must be a whole number of at least 1: exit 2, nothing read', async () => {
    const { cli, sandbox } = await start();
    for (const bad of ['0', '-3', '1.5', 'soon']) {
      const before = sandbox.requests.length;
      const r = await cli(['--stale-days', bad]);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain('--stale-days must be a whole number');
      expect(sandbox.requests.length).toBe(before);
    }
  });

  it('bypasses-teams: a direct grant where the person\'s team is granted too; the grant alone is fine', async () => {
    const { user, resource, sandbox, review } = await start();
    const ivan = user('ivan.horvat@example.com');
    const runbooks = resource('space', 'space-runbooks');
    sandbox.store.setTeamMembers(org, 'engineering', [{ userId: ivan.id, role: 'member' }]);
    sandbox.store.access.setGrant(runbooks, 'teams', 'engineering', 'edit');
    sandbox.store.access.setGrant(runbooks, 'users', ivan.id, 'admin');
    const doc = await review();
    const found = doc.findings.find((f) => f.kind === 'bypasses-teams')!;
    expect(found).toMatchObject({ resource: 'space:Runbooks', user: ivan.email });
    expect(found.reason).toContain('(team Platform Engineering)');
    sandbox.store.access.revoke(runbooks, 'teams', 'engineering');
    expect(kinds(await review(), ivan.email)).toEqual([]);
  });

  it('general-access-above-read: a space\'s own comment; read is fine', async () => {
    const { resource, sandbox, review } = await start();
    sandbox.store.access.update(resource('space', 'space-onboarding'), { defaultLevel: 'comment' }, '2025-01-01T00:00:00Z');
    const doc = await review();
    expect(doc.findings.map((f) => [f.kind, f.resource, f.user])).toEqual([['general-access-above-read', 'space:Onboarding', '*']]);
    expect(doc.findings[0]!.fix).toBe('teamctl access sync access.csv  # row: space:Onboarding,*,,read');
    sandbox.store.access.update(resource('space', 'space-onboarding'), { defaultLevel: 'read' }, '2025-01-01T00:00:00Z');
    expect((await review()).findings).toEqual([]);
  });

  it('inherited general access: named with its collection on the space\'s rows, flagged on the collection alone', async () => {
    const { resource, sandbox, review } = await start();
    sandbox.store.access.update(resource('collection', 'col-handbook'), { defaultLevel: 'comment' }, '2025-01-01T00:00:00Z');
    const doc = await review();
    expect(doc.findings.map((f) => [f.kind, f.resource])).toEqual([['general-access-above-read', 'collection:Engineering Handbook']]);
    const api = doc.rows.filter((r) => r.resource === 'space:API Reference' && r.user !== '*');
    expect(api.length).toBe(sandbox.store.users(org).length);
    for (const r of api) expect(r).toMatchObject({ role: 'comment', source: 'general access, inherited from collection Engineering Handbook', findings: [] });
    expect(doc.rows.find((r) => r.resource === 'space:API Reference' && r.user === '*')).toMatchObject({ role: 'inherit', findings: [] });
  });

  it('link-invite-above-read: a link to join as edit; a link to read is fine', async () => {
    const { sandbox, review } = await start();
    sandbox.store.access.linkInvites.add(org, { id: 'open-door', role: 'edit' });
    sandbox.store.access.linkInvites.add(org, { id: 'readers', role: 'read' });
    const doc = await review();
    expect(doc.findings).toEqual([{ kind: 'link-invite-above-read', resource: 'link-invite:open-door', user: '*', reason: 'anyone who opens invite link open-door joins with edit', fix: '' }]);
    expect(doc.rows.filter((r) => r.source === 'invite link').map((r) => [r.resource, r.role])).toEqual([['link-invite:open-door', 'edit'], ['link-invite:readers', 'read']]);
    sandbox.store.access.linkInvites.remove(org, 'open-door');
    expect((await review()).findings).toEqual([]);
  });
});

describe('rows, narrowing and formats', () => {
  it('one row per person who reaches a resource, as its aggregate listing says, with the team by title', async () => {
    const { sandbox, review } = await start('demo');
    const doc = await review();
    const onboarding = doc.rows.filter((r) => r.resource === 'space:Onboarding' && r.user !== '*');
    const aggregate = sandbox.store.users(org).filter((u) => u.role !== null);
    expect(onboarding.length).toBe(aggregate.length);
    const alice = doc.rows.find((r) => r.resource === 'space:Runbooks' && r.user === 'Alice.Martin@Example.com')!;
    expect(alice).toMatchObject({ role: 'edit', source: 'team Platform Engineering' });
    expect(doc.rows.find((r) => r.resource === 'site:Developer Docs' && r.user === 'Alice.Martin@Example.com')).toMatchObject({ role: 'admin', source: 'team Platform Engineering' });
    // The demo's link to join as edit is a finding.
    expect(doc.findings.filter((f) => f.kind === 'link-invite-above-read').map((f) => f.resource)).toEqual(['link-invite:link-editors']);
  });

  it('--team, --user and --space narrow the rows; general access and links go with a person or a space', async () => {
    const { sandbox, review } = await start('demo');
    const engineers = new Set(sandbox.store.teamMembers(org, 'engineering').map((m) => sandbox.store.getUser(org, m.userId)!.email));
    const team = await review(['--team', 'Platform Engineering']);
    expect(team.rows.length).toBeGreaterThan(0);
    expect(new Set(team.rows.map((r) => r.user))).toEqual(engineers);
    const user = await review(['--user', 'ALICE.MARTIN@example.com']);
    expect(new Set(user.rows.map((r) => r.user))).toEqual(new Set(['Alice.Martin@Example.com']));
    const before = sandbox.requests.length;
    const space = await review(['--space', 'space-runbooks']);
    expect(new Set(space.rows.map((r) => r.resource))).toEqual(new Set(['space:Runbooks']));
    expect(space.rows[0]).toMatchObject({ user: '*', role: 'guest' });
    const read = sandbox.requests.slice(before).filter((r) => r.path.endsWith('/permissions/aggregate')).map((r) => r.path);
    expect(read).toEqual(['/v1/spaces/space-runbooks/permissions/aggregate']);
  });

  it('an unknown --team, --user or --space is exit 2 with the nearest names, before any access is read', async () => {
    const { sandbox, cli } = await start('demo');
    const cases: [string[], RegExp][] = [
      [['--space', 'Onbording'], /did you mean "Onboarding" \(space-onboarding\)/],
      [['--team', 'Platform Enginering'], /did you mean "Platform Engineering" \(engineering\)/],
      [['--user', 'alice.martn@example.com'], /did you mean "Alice.Martin@Example.com"/],
    ];
    for (const [args, hint] of cases) {
      const before = sandbox.requests.length;
      const r = await cli(args);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(hint);
      expect(sandbox.requests.slice(before).filter((q) => q.path.includes('/permissions/'))).toEqual([]);
    }
  });

  it('-o markdown: the organization and the time of the reading, every kind counted, every finding and every row', async () => {
    const { cli, review } = await start('demo');
    const doc = await review();
    const r = await cli(['-o', 'markdown', '--exit-code']);
    expect(r.code).toBe(8);
    const md = r.stdout;
    expect(md.startsWith('### Access review of acme\n\nRead at 2025-06-01T00:00:00.000Z.')).toBe(true);
    for (const [kind, count] of Object.entries(doc.summary)) expect(md).toContain(`| ${kind} | ${count} |`);
    const section = (name: string): string[] => {
      const from = md.indexOf(`#### ${name}`);
      const rest = md.slice(from).split('\n').slice(2);
      return rest.slice(2, rest.findIndex((l, i) => i > 1 && !l.startsWith('|')) === -1 ? undefined : rest.findIndex((l, i) => i > 1 && !l.startsWith('|')));
    };
    expect(section('Findings').length).toBe(doc.findings.length);
    const rows = section('Access');
    expect(rows.length).toBe(doc.rows.length);
    expect(rows).toContain('| link-invite:link-editors | `*` | edit | invite link | link-invite-above-read |');
    expect(md).not.toContain('<details>');
  });

  it('-o csv and ndjson: the same rows; --jq reads the JSON document; a table ends with the findings and their fixes', async () => {
    const { cli, review } = await start('demo');
    const doc = await review();
    const csv = (await cli(['-o', 'csv'])).stdout.trimEnd().split('\n');
    expect(csv[0]).toBe('resource,user,role,source,findings');
    expect(csv.length).toBe(doc.rows.length + 1);
    const ndjson = (await cli(['-o', 'ndjson'])).stdout.trimEnd().split('\n').map((l) => JSON.parse(l) as Row);
    expect(ndjson).toEqual(doc.rows.map((r) => expect.objectContaining({ resource: r.resource, user: r.user, findings: r.findings })));
    const jq = await cli(['--jq', '.summary["link-invite-above-read"]']);
    expect(jq.stdout.trim()).toBe(String(doc.summary['link-invite-above-read']));
    const table = (await cli(['-o', 'table'])).stdout;
    expect(table).toContain(`${doc.findings.length} findings:`);
    expect(table).toContain('fix: teamctl access sync access.csv --prune');
  });

  it('on a terminal, a bar counts the resources read; stdout holds the table alone', async () => {
    const { sandbox } = await start('demo');
    const streams = fakeStreams({ stderrIsTTY: true });
    const env = { TEAMCTL_BASE_URL: sandbox.url, TEAMCTL_TOKEN: sandbox.token, TEAMCTL_ORG: org, TEAMCTL_CONFIG_DIR: newConfigDir(), HOME: newConfigDir() };
    const code = await main(['access', 'review', '-o', 'table'], { streams, env, sleep: () => Promise.resolve(), now: () => now });
    expect(code, streams.err()).toBe(0);
    const resources = ['space', 'collection', 'site'].flatMap((k) => sandbox.store.access.list(org, k as 'space')).length;
    expect(streams.err()).toMatch(new RegExp(`access review \\[[^\\]]*\\] \\d+/${resources}`));
    expect(streams.out()).not.toContain('access review [');
  });
});
