// members sync --roster org.csv --create-teams (`teamctl help rosters`, "Many teams from one roster"), end to end
// against the sandbox: its teams, titles, members and roles, and its request log, are the reference.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { TeamMemberRole } from '../../src/api/types.js';
import { writeFault } from '../../src/sandbox/write-faults.js';
import { newConfigDir, runCli, sandboxWithEnv, type SandboxEnv } from './harness.js';

let s: SandboxEnv | undefined;
afterEach(async () => {
  await s?.sandbox.close();
  s = undefined;
});

const uid = (n: number): string => `u${String(n).padStart(5, '0')}`;
const email = (n: number): string => `user${String(n).padStart(5, '0')}@example.com`;

/** An organization of 20 users and one team, "Platform" (id plat): u1 owner, u2 member. */
async function start(options: { creatorJoins?: boolean } = {}): Promise<SandboxEnv> {
  s = await sandboxWithEnv({ seed: 'empty', ...options });
  const store = s.sandbox.store;
  store.addUsers('acme', 20);
  store.createTeam('acme', 'plat', 'Platform');
  store.setTeamMembers('acme', 'plat', [
    { userId: uid(1), role: 'owner' },
    { userId: uid(2), role: 'member' },
  ]);
  return s;
}

const dir = mkdtempSync(join(tmpdir(), 'teamctl-create-teams-'));
let files = 0;
function file(text: string): string {
  const path = join(dir, `org${++files}.csv`);
  writeFileSync(path, text);
  return path;
}

const env = (): SandboxEnv => s as SandboxEnv;
const titled = (title: string): string[] => env().sandbox.store.teamIds('acme').filter((id) => env().sandbox.store.teamTitle('acme', id) === title);
const members = (team: string): Record<string, TeamMemberRole> => Object.fromEntries(env().sandbox.store.teamMembers('acme', team).map((m) => [m.userId, m.role]));
const writes = (mark: number): string[] => env().sandbox.requests.slice(mark).filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path}`);

// Platform (by title): u3 joins. Data Platform (new): u4 owner, u5 member, and ghost@example.com,
// whom the organization does not have.
const roster = [
  'team,email,role',
  `Platform,${email(1)},owner`,
  `Platform,${email(2)},member`,
  `Platform,${email(3)},member`,
  `Data Platform,${email(4)},owner`,
  `Data Platform,${email(5)},member`,
  'Data Platform,ghost@example.com,member',
].join('\n');

describe('members sync --create-teams', () => {
  it('creates a team the organization lacks once, with its members and owners, fills an existing team by title, and a second run sends nothing', async () => {
    await start();
    const path = file(roster);
    const mark = env().sandbox.requests.length;
    const r = await runCli(['members', 'sync', '--roster', path, '--create-teams', '--prune', '--yes', '--json', '--skip-unknown'], { env: env().env });
    // ghost@example.com is not in the organization: --skip-unknown leaves them out, with a warning.
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('warning: 1 user not in organization acme left out (--skip-unknown): ghost@example.com');
    const [created] = titled('Data Platform');
    expect(titled('Data Platform')).toHaveLength(1);
    expect(members(created as string)).toEqual({ [uid(4)]: 'owner', [uid(5)]: 'member' });
    expect(members('plat')).toEqual({ [uid(1)]: 'owner', [uid(2)]: 'member', [uid(3)]: 'member' });
    // One creation with the organization's members among the rows, the owner's role in place.
    const creations = env().sandbox.requests.slice(mark).filter((q) => q.method === 'PUT' && q.path === '/v1/orgs/acme/teams');
    expect(creations).toHaveLength(1);
    expect(creations[0]?.body).toEqual({ title: 'Data Platform', members: [uid(4), uid(5)] });
    expect(writes(mark)).toContain(`PUT /v1/orgs/acme/teams/${created}/members/${uid(4)}`);
    const report = JSON.parse(r.stdout) as { teams: { team: string; added: { id: string | null; email: string | null }[]; failed: { user: { email: string | null }; action: string }[] }[] };
    const newTeam = report.teams.find((t) => t.team === created);
    expect(newTeam?.added.map((u) => u.id).sort()).toEqual([uid(4), uid(5)]);
    // The contract's teamsCreated: the team made, by id and title.
    expect((JSON.parse(r.stdout) as { teamsCreated?: unknown }).teamsCreated).toEqual([{ id: created, title: 'Data Platform' }]);
    expect(newTeam?.failed).toEqual([]);

    // The same roster again (without the user the organization lacks): the teams are found, nothing is sent.
    const again = file(roster.replace(/\nData Platform,ghost@example.com,member/, ''));
    const mark2 = env().sandbox.requests.length;
    const second = await runCli(['members', 'sync', '--roster', again, '--create-teams', '--prune', '--yes'], { env: env().env });
    expect(second.code).toBe(0);
    expect(writes(mark2)).toEqual([]);
    expect(titled('Data Platform')).toHaveLength(1);
  });

  it('a dry run shows the creation and its adds and sends nothing; --plan-out with a team to create is exit 2', async () => {
    await start();
    const path = file(roster);
    const mark = env().sandbox.requests.length;
    const dry = await runCli(['members', 'sync', '--roster', path, '--create-teams', '--dry-run'], { env: env().env });
    // The user the organization lacks is named, and the run refused as the real one would be.
    expect(dry.code).toBe(3);
    expect(dry.stderr).toContain('  ? ghost@example.com (not in the organization)');
    expect(dry.stderr).toContain('+ create team "Data Platform" with 2 members');
    const planned = await runCli(['members', 'sync', '--roster', path, '--create-teams', '--dry-run', '--skip-unknown', '--json'], { env: env().env });
    expect((JSON.parse(planned.stdout) as { teamsCreated?: unknown }).teamsCreated).toEqual([{ id: null, title: 'Data Platform' }]);
    expect(dry.stderr).toContain(email(4));
    const planOut = await runCli(['members', 'sync', '--roster', path, '--create-teams', '--plan-out', join(dir, 'plan.json')], { env: env().env });
    expect(planOut.code).toBe(2);
    expect(planOut.stderr).toContain('--plan-out cannot save a plan that creates teams (1 team to create: "Data Platform"); nothing was sent');
    expect(planOut.stderr).toContain('hint: create it first (`teamctl teams create "Data Platform"`), then make the plan again');
    expect(planOut.stderr).toContain('teamctl teams create "Data Platform"');
    expect(writes(mark)).toEqual([]);
    expect(titled('Data Platform')).toEqual([]);
  });

  it('without --create-teams an unknown team is exit 2 on its lines, naming the flag; a shared title stays exit 2 with it', async () => {
    await start();
    const unknown = await runCli(['members', 'sync', '--roster', file(roster)], { env: env().env });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('team "Data Platform": no team of organization acme has the id or title "Data Platform"; --create-teams creates it (lines 5, 6, 7)');
    const store = env().sandbox.store;
    store.addTeam('acme', 'Support', [], new Date().toISOString());
    store.addTeam('acme', 'Support', [], new Date().toISOString());
    const mark = env().sandbox.requests.length;
    const shared = await runCli(['members', 'sync', '--roster', file(`team,email\nSupport,${email(7)}\n`), '--create-teams', '--yes'], { env: env().env });
    expect(shared.code).toBe(2);
    expect(shared.stderr).toContain('the title "Support" is shared by 2 teams');
    expect(writes(mark)).toEqual([]);
  });

  it('a team its creation fills wholly: the summary, the JSON and the CSV report count the same adds as the team holds', async () => {
    await start();
    const csv = join(dir, 'filled.csv');
    const r = await runCli(['members', 'sync', '--roster', file(`team,email,role\nData Platform,${email(4)},owner\nData Platform,${email(5)},member\n`), '--create-teams', '--yes', '--json', '--report', csv], { env: env().env });
    expect(r.code, r.stderr).toBe(0);
    const [created] = titled('Data Platform');
    const held = members(created as string);
    expect(held).toEqual({ [uid(4)]: 'owner', [uid(5)]: 'member' });
    const report = JSON.parse(r.stdout) as { teams: { team: string; added: { id: string }[]; roleChanged: unknown[]; unchanged: number }[] };
    const team = report.teams.find((t) => t.team === created);
    expect(team?.added.map((u) => u.id).sort()).toEqual(Object.keys(held).sort());
    expect(team?.unchanged).toBe(0);
    const done = /Done: (\d+) added, 0 removed, (\d+) roles? changed, (\d+) unchanged/.exec(r.stderr);
    expect(done?.slice(1).map(Number)).toEqual([team?.added.length, team?.roleChanged.length, team?.unchanged]);
    const rows = readFileSync(csv, 'utf8').trim().split('\n').slice(1).filter((line) => line.startsWith(`${created as string},`));
    expect(rows.filter((line) => line.includes(',add,added,'))).toHaveLength(Object.keys(held).length);
    expect(rows.filter((line) => line.includes(',unchanged,'))).toEqual([]);
  });

  it('creatorJoins: the member the service adds at creation is kept and reported, not pruned', async () => {
    await start({ creatorJoins: true });
    const r = await runCli(['members', 'sync', '--roster', file(`team,id,role\nData Platform,${uid(6)},owner\n`), '--create-teams', '--prune', '--yes', '--report', join(dir, 'creator.csv')], { env: env().env });
    expect(r.code).toBe(0);
    const [created] = titled('Data Platform');
    expect(members(created as string)).toEqual({ [uid(6)]: 'owner', 'u-sandbox-admin': 'owner' });
    expect(r.stderr).toContain('admin@sandbox.example.com a member when creating it; not in the roster, kept in this run');
    // Without --prune a member the roster leaves out is kept anyway: no warning.
    const kept = await runCli(['members', 'sync', '--roster', file(`team,id,role\nOps,${uid(7)},owner\n`), '--create-teams', '--yes'], { env: env().env });
    expect(kept.code, kept.stderr).toBe(0);
    expect(kept.stderr).not.toContain('when creating it');
    expect(members(titled('Ops')[0] as string)).toEqual({ [uid(7)]: 'owner', 'u-sandbox-admin': 'owner' });
    // The next run with --prune removes it, as for any member the roster leaves out.
    const next = await runCli(['members', 'sync', '--roster', file(`team,id,role\nData Platform,${uid(6)},owner\n`), '--create-teams', '--prune', '--yes'], { env: env().env });
    expect(next.code).toBe(0);
    expect(members(created as string)).toEqual({ [uid(6)]: 'owner' });
  });

  it('a creation answered by a dropped connection after the service made it: exactly one team, filled from the listing', async () => {
    await start();
    let puts = 0;
    env().sandbox.intercept((req) => {
      if (req.method !== 'PUT' || req.path !== '/v1/orgs/acme/teams') return undefined;
      puts++;
      return { kind: 'applyThenReset' };
    });
    const r = await runCli(['members', 'sync', '--roster', file(`team,email,role\nData Platform,${email(4)},owner\nData Platform,${email(5)},\n`), '--create-teams', '--yes'], { env: env().env });
    expect(puts).toBe(1);
    expect(titled('Data Platform')).toHaveLength(1);
    const [created] = titled('Data Platform');
    expect(members(created as string)).toEqual({ [uid(4)]: 'owner', [uid(5)]: 'member' });
    expect(r.code).toBe(0);
  });

  it('a creation the service cannot have processed (connection dropped before it) is left unknown with --no-settle: not sent again in that run', async () => {
    await start();
    let puts = 0;
    env().sandbox.intercept((req) => (req.method === 'PUT' && req.path === '/v1/orgs/acme/teams' ? (puts++, { kind: 'reset' }) : undefined));
    const mark = env().sandbox.requests.length;
    const r = await runCli(['members', 'sync', '--roster', file(`team,email\nData Platform,${email(4)}\n`), '--create-teams', '--yes', '--no-settle'], { env: env().env });
    // A reset may come after the service processed it: unknown (exit 6), never sent again on a guess.
    expect(r.code).toBe(6);
    expect(puts).toBe(1);
    expect(titled('Data Platform')).toEqual([]);
    expect(r.stderr).toContain('the listing shows no team of that title yet: outcome unknown, not sent again before the hold-back time has passed');
    expect(writes(mark)).toEqual(['PUT /v1/orgs/acme/teams']);
  });

  it('a creation answered 503 and applied late: a run again at once settles it first (waits out the hold-back, finds the title) and never creates it twice', async () => {
    await start();
    let land = (): void => {};
    const landed = new Promise<void>((resolve) => (land = resolve));
    env().sandbox.intercept(writeFault({ write: 'team-create', fault: { kind: 'late', until: landed } }));
    const configDir = newConfigDir();
    const path = file(`team,email,role\nData Platform,${email(4)},owner\nData Platform,${email(5)},\n`);
    const first = await runCli(['members', 'sync', '--roster', path, '--create-teams', '--yes', '--no-settle'], { env: env().env, configDir });
    expect(first.code, first.stderr).toBe(6); // unknown, never failed
    expect(first.stderr).toContain('unknown: the creation of team "Data Platform" has an unknown outcome: ');
    expect(first.stderr).toMatch(/^error: 3 of 3 changes of unknown outcome \(sent, the answer lost: the service may have applied them\) \(in 1 team: Data Platform\)$/m);
    expect(titled('Data Platform')).toEqual([]);
    env().sandbox.clearIntercepts();
    // The service applies the creation while the second run waits out the hold-back time.
    const waits: number[] = [];
    const sleep = async (ms: number): Promise<void> => {
      waits.push(ms);
      land();
      await env().sandbox.settled();
    };
    const mark = env().sandbox.requests.length;
    const second = await runCli(['members', 'sync', '--roster', path, '--create-teams', '--yes'], { env: env().env, configDir, sleep });
    land();
    await env().sandbox.settled();
    expect(second.stderr).toContain('1 team creation with an unknown outcome held back');
    expect(waits.some((ms) => ms > 50_000 && ms <= 60_000), String(waits)).toBe(true);
    expect(second.code, second.stderr).toBe(0);
    expect(env().sandbox.store.teamsCreated('acme', 'Data Platform')).toBe(1);
    expect(titled('Data Platform')).toHaveLength(1);
    expect(writes(mark).filter((w) => w === 'PUT /v1/orgs/acme/teams')).toEqual([]);
    const [created] = titled('Data Platform');
    expect(members(created as string)).toEqual({ [uid(4)]: 'owner', [uid(5)]: 'member' });
  });
});
