// Many teams from one roster (`teamctl help rosters`, "Many teams from one roster"), end to end against the
// sandbox: its state and request log are the reference.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TeamMemberRole } from '../../src/api/types.js';
import type { SeveralTeamsReport } from '../../src/members/severalTeams.js';
import type { RequestLogEntry } from '../../src/sandbox/server.js';
import { runCli, sandboxWithEnv, type SandboxEnv } from './harness.js';

let s: SandboxEnv;
const uid = (n: number): string => `u${String(n).padStart(5, '0')}`;
beforeEach(async () => {
  // a: u1 owner, u2–u6 members. b: u7 owner, u8 owner, u9 member. c: u10 owner, u11, u15, u16 members (never in the roster).
  s = await sandboxWithEnv({ seed: 'empty' });
  const store = s.sandbox.store;
  store.addUsers('acme', 20);
  for (const t of ['a', 'b', 'c']) store.createTeam('acme', t);
  store.setTeamMembers('acme', 'a', [{ userId: uid(1), role: 'owner' }, ...[2, 3, 4, 5, 6].map((n) => ({ userId: uid(n), role: 'member' as const }))]);
  store.setTeamMembers('acme', 'b', [
    { userId: uid(7), role: 'owner' },
    { userId: uid(8), role: 'owner' },
    { userId: uid(9), role: 'member' },
  ]);
  store.setTeamMembers('acme', 'c', [{ userId: uid(10), role: 'owner' }, ...[11, 15, 16].map((n) => ({ userId: uid(n), role: 'member' as const }))]);
  s.env.TEAMCTL_TEAM = 'a';
});
afterEach(async () => {
  await s.sandbox.close();
});

const dir = mkdtempSync(join(tmpdir(), 'teamctl-org-'));
let files = 0;
function file(text: string): string {
  const path = join(dir, `org${++files}.csv`);
  writeFileSync(path, text);
  return path;
}
const team = (t: string): Record<string, TeamMemberRole> => Object.fromEntries(s.sandbox.store.teamMembers('acme', t).map((m) => [m.userId, m.role]));
const mutating = (from = 0): RequestLogEntry[] => s.sandbox.requests.slice(from).filter((r) => r.method !== 'GET');

// a: u6 leaves (pruned), u12 joins, u2 becomes owner. b: u8 demoted, u13 joins as owner. c: not named.
const roster = [
  'Team,email,role',
  ...[1].map((n) => `a,user${String(n).padStart(5, '0')}@example.com,owner`),
  'a,user00002@example.com,owner',
  ...[3, 4, 5].map((n) => `a,user${String(n).padStart(5, '0')}@example.com,`),
  'a,user00012@example.com,member',
  'b,user00007@example.com,owner',
  'b,user00008@example.com,member',
  'b,user00009@example.com,member',
  'b,user00013@example.com,owner',
].join('\n');

describe('members sync with an organization roster', () => {
  it('changes every team it names in one run — adds, removals, role changes — and never touches a team it does not name', async () => {
    const report = join(dir, 'org-report.csv');
    const r = await runCli(['members', 'sync', '--roster', file(roster), '--prune', '--yes', '--report', report, '--json'], { env: s.env });
    expect(r.code).toBe(0);
    expect(team('a')).toEqual({ u00001: 'owner', u00002: 'owner', u00003: 'member', u00004: 'member', u00005: 'member', u00012: 'member' });
    expect(team('b')).toEqual({ u00007: 'owner', u00008: 'member', u00009: 'member', u00013: 'owner' });
    expect(team('c')).toEqual({ u00010: 'owner', u00011: 'member', u00015: 'member', u00016: 'member' });
    expect(s.sandbox.requests.filter((q) => q.path.includes('/teams/c/'))).toEqual([]);
    expect(r.stderr).toContain('the team setting (a) is not used');
    const json = JSON.parse(r.stdout) as SeveralTeamsReport;
    expect(json.teams.map((t) => [t.team, t.added.length, t.removed.length, t.roleChanged.length, t.verified])).toEqual([
      ['a', 1, 1, 1, true],
      ['b', 1, 0, 1, true],
    ]);
    const rows = parse(readFileSync(report, 'utf8'), { columns: true }) as { team: string; action: string; outcome: string }[];
    expect(Object.keys(rows[0] ?? {})).toEqual(['team', 'teamTitle', 'user', 'action', 'outcome', 'status', 'message']);
    expect(rows.filter((row) => row.outcome === 'removed').map((row) => row.team)).toEqual(['a']);

    // The roster now matches: a second plan is empty in every team.
    const again = await runCli(['members', 'sync', '--roster', file(roster), '--prune', '--dry-run', '--exit-code'], { env: s.env });
    expect(again.code).toBe(0);
  });

  it('--max-removals refuses a plan when one team loses too much, whatever the organization-wide share: nothing sent; --force applies all', async () => {
    // c would lose 3 of 4 members (75%); a loses 1 of 6; over the organization that is 4 of 13 (31%).
    const text = [...roster.split('\n'), 'c,user00010@example.com,owner'].join('\n');
    const mark = s.sandbox.requests.length;
    const refused = await runCli(['members', 'sync', '--roster', file(text), '--prune', '--yes', '--max-removals', '50%'], { env: s.env });
    expect(refused.code).toBe(3);
    expect(refused.stderr).toMatch(/the plan removes 3 of 4 members of team c, more than --max-removals 50% allows \(2\)/);
    expect(refused.stderr).not.toContain('of team a');
    expect(mutating(mark)).toEqual([]);
    const forced = await runCli(['members', 'sync', '--roster', file(text), '--prune', '--yes', '--max-removals', '50%', '--force'], { env: s.env });
    expect(forced.code).toBe(0);
    expect(team('c')).toEqual({ u00010: 'owner' });
    expect(team('a').u00012).toBe('member');
  });

  it('two teams refused by --max-removals: each named, the hint said once', async () => {
    // a keeps only its owner (loses 5 of 6), c only its owner (loses 3 of 4).
    const text = ['team,email,role', 'a,user00001@example.com,owner', 'c,user00010@example.com,owner'].join('\n');
    const refused = await runCli(['members', 'sync', '--roster', file(text), '--prune', '--yes', '--max-removals', '50%'], { env: s.env });
    expect(refused.code).toBe(3);
    expect(refused.stderr).toMatch(/of team a, more than --max-removals 50%.*; and .*of team c, more than --max-removals 50%/);
    expect(refused.stderr).toContain('\nhint: check the roster; to apply it anyway, pass --force or a higher --max-removals\n');
    expect(refused.stderr.match(/to apply it anyway/g)).toHaveLength(1);
  });

  it('--min-owners 2 refuses a plan that leaves a team with fewer owners than that, naming the team and the owners it loses', async () => {
    const mark = s.sandbox.requests.length;
    // b had 2 owners and keeps 2 (u8 demoted, u13 new); a had 1 (fewer than 2: not guarded). So no refusal…
    const r = await runCli(['members', 'sync', '--roster', file(roster), '--prune', '--yes', '--min-owners', '2', '--dry-run'], { env: s.env });
    expect(r.code).toBe(0);
    expect(r.stderr).not.toContain('fewer than --min-owners');
    // …until b keeps only one:
    const fewer = roster.replace('b,user00013@example.com,owner', 'b,user00013@example.com,member');
    const refused = await runCli(['members', 'sync', '--roster', file(fewer), '--prune', '--yes', '--min-owners', '2'], { env: s.env });
    expect(refused.code).toBe(3);
    expect(refused.stderr).toMatch(/the plan would leave team b with 1 owner, fewer than --min-owners 2: it demotes user00008@example.com/);
    expect(mutating(mark)).toEqual([]);
  });

  it('a team the service does not know is exit 2 before anything is sent, naming the team and its lines', async () => {
    const mark = s.sandbox.requests.length;
    const r = await runCli(['members', 'sync', '--roster', file(`${roster}\nghost,user00014@example.com,\nghost,user00015@example.com,`)], { env: s.env });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/team "ghost": no team of organization acme has the id or title "ghost"; --create-teams creates it \(lines 12, 13\)/);
    expect(mutating(mark)).toEqual([]);
  });

  it('bootstrap: members list --team a,b -o csv is an organization roster; syncing it back plans nothing', async () => {
    const listed = await runCli(['members', 'list', '--team', 'a', '--team', 'b', '-o', 'csv'], { env: s.env });
    expect(listed.code).toBe(0);
    const rows = parse(listed.stdout, { columns: true }) as { team: string; id: string; role: string }[];
    expect(rows.map((row) => [row.team, row.id, row.role])).toEqual([
      ...Object.entries(team('a')).map(([id, role]) => ['a', id, role]),
      ...Object.entries(team('b')).map(([id, role]) => ['b', id, role]),
    ]);
    const json = await runCli(['members', 'list', '--team', 'a,b', '--json'], { env: s.env });
    expect((JSON.parse(json.stdout) as { teamId: string }[]).map((i) => i.teamId)).toEqual(rows.map((row) => row.team));
    const mark = s.sandbox.requests.length;
    const back = await runCli(['members', 'sync', '--roster', file(listed.stdout), '--prune', '--dry-run', '--exit-code'], { env: s.env });
    expect(back.code).toBe(0);
    expect(mutating(mark)).toEqual([]);
    // Other commands refuse several teams.
    expect((await runCli(['members', 'remove', 'u00014', '--team', 'a,b'], { env: s.env })).code).toBe(2);
  });

  it('a stale organization plan is refused when any team moved, nothing sent; a current one applies to every team', async () => {
    const plan = join(dir, 'org-plan.json');
    expect((await runCli(['members', 'sync', '--roster', file(roster), '--prune', '--plan-out', plan], { env: s.env })).code).toBe(0);
    s.sandbox.store.putTeamMember('acme', 'b', uid(14), 'member'); // someone else changes team b
    const mark = s.sandbox.requests.length;
    const stale = await runCli(['apply', plan], { env: s.env });
    expect(stale.code).toBe(3);
    expect(stale.stderr).toMatch(/team b changed since the plan was made: 1 member added; nothing was sent/);
    expect(mutating(mark)).toEqual([]);
    s.sandbox.store.removeTeamMember('acme', 'b', uid(14));
    const applied = await runCli(['apply', plan], { env: s.env });
    expect(applied.code).toBe(0);
    expect(team('a').u00012).toBe('member');
    expect(team('b').u00013).toBe('owner');
  });
});

describe('one concurrency budget across the teams of a roster', () => {
  // Proves the teams run at the same time (one after another, two requests are never held at
  // once: the gate would never open). That the budget caps them is proven deterministically by
  // the client's own test (test/api/client.test.ts, shareBudget); `most` here only agrees.
  it('works on the teams at the same time, within --concurrency', async () => {
    const store = s.sandbox.store;
    for (const t of ['d', 'e', 'f', 'g']) {
      store.createTeam('acme', t);
      store.setTeamMembers('acme', t, [{ userId: uid(1), role: 'owner' }, { userId: uid(2), role: 'member' }]);
    }
    // One role change per team: teams one after another would never have two requests in flight.
    const roster = file(['team,id,role', ...['d', 'e', 'f', 'g'].flatMap((t) => [`${t},${uid(1)},owner`, `${t},${uid(2)},owner`])].join('\n'));
    let pending = 0;
    let most = 0;
    const teamsHeld = new Set<string>();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    s.sandbox.intercept((req) => {
      if (req.method !== 'PUT') return undefined;
      pending++;
      most = Math.max(most, pending);
      teamsHeld.add(req.path.split('/')[5] ?? '');
      if (pending >= 2) release();
      return { kind: 'hold', until: gate.then(() => void pending--) };
    });
    const r = await runCli(['members', 'sync', '--roster', roster, '--concurrency', '2'], { env: s.env });
    expect(r.code, r.stderr).toBe(0);
    expect(most).toBe(2);
    expect(teamsHeld.size).toBeGreaterThanOrEqual(2);
    for (const t of ['d', 'e', 'f', 'g']) expect(store.teamRole('acme', t, uid(2))).toBe('owner');
  });
});
