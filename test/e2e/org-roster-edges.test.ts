// An organization roster's teams in detail (`teamctl help rosters`, "Many teams from one roster";
// README, "Teams by id or title"): names tried as ids, then as titles, the lines a refusal names,
// teams to create (--create-teams) and what they cannot be combined with, and `--team a,b` where
// one team is needed. The sandbox's state and request log are the reference.
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { email, rosterFiles, startLab, uid, type Lab } from './lab.js';

let lab: Lab | undefined;
afterEach(async () => {
  await lab?.sandbox.close();
  lab = undefined;
});

/** Organization lab, 12 users: team plat titled "Platform" (u1 owner, u2), team v (u4 owner, u5). */
async function start(env: Record<string, string> = {}): Promise<Lab> {
  lab = await startLab(12, { v: [4, 5] }, {}, env);
  lab.sandbox.store.createTeam('lab', 'plat', 'Platform');
  lab.sandbox.store.setTeamMembers('lab', 'plat', [{ userId: uid(1), role: 'owner' }, { userId: uid(2), role: 'member' }]);
  return lab;
}
const file = rosterFiles('roster-edges');
const l = (): Lab => lab as Lab;
const titled = (title: string): string[] => l().sandbox.store.teamIds('lab').filter((id) => l().sandbox.store.teamTitle('lab', id) === title);
const team = (t: string): Record<string, string> => l().team(t);
const reads = (): string[] => l().sandbox.requests.filter((q) => q.method === 'GET').map((q) => q.path);

describe('the teams of an organization roster', () => {
  it('a team named by its id and by its title is one team: its rows together, read once before planning', async () => {
    const { run } = await start();
    const r = await run(['members', 'sync', '--roster', file(['team,email,role', `plat,${email(1)},owner`, `Platform,${email(3)},`, `v,${email(4)},owner`]), '--yes']);
    expect(r.code, r.stderr).toBe(0);
    expect(team('plat')).toEqual({ [uid(1)]: 'owner', [uid(2)]: 'member', [uid(3)]: 'member' });
    // One listing matches every name (Platform by its title), each team found is read, then the organization check.
    const planning = reads().slice(0, reads().indexOf('/v1/orgs/lab/members'));
    expect(planning).toEqual(['/v1/orgs/lab/teams', '/v1/orgs/lab/teams/plat/members', '/v1/orgs/lab/teams/v/members']);
    expect(l().writes()).toEqual(['PUT /v1/orgs/lab/teams/plat/members']);
  });

  it('a name that cannot be an id cannot name a team by its title either: refused on its line before any request; the id works', async () => {
    const { run, sandbox } = await start();
    sandbox.store.createTeam('lab', 'web', 'Web #1');
    sandbox.store.setTeamMembers('lab', 'web', [{ userId: uid(8), role: 'owner' }]);
    const before = sandbox.requests.length;
    const r = await run(['members', 'sync', '--roster', file(['team,email', `Web #1,${email(8)}`, `Web #1,${email(9)}`]), '--dry-run']);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toContain(':2: invalid team "Web #1": it contains "#"');
    expect(sandbox.requests.length).toBe(before);
    const byId = await run(['members', 'sync', '--roster', file(['team,email', `web,${email(8)}`, `web,${email(9)}`]), '--dry-run']);
    expect(byId.code, byId.stderr).toBe(0);
    expect(byId.stderr).toContain(`+ ${email(9)}`);
  });

  it('a team that cannot be read for another reason than not being there stops the run with that error', async () => {
    const { run, sandbox } = await start();
    sandbox.intercept((req) => (req.path === '/v1/orgs/lab/teams/v/members' ? { kind: 'respond', status: 401, body: { error: { code: 401, message: 'token expired' } } } : undefined));
    const r = await run(['members', 'sync', '--roster', file(['team,email', `plat,${email(1)}`, `v,${email(4)}`]), '--yes']);
    expect(r.code).toBe(4);
    expect(r.stderr).toContain('token expired');
    expect(l().writes()).toEqual([]);
  });

  it('a team whose read fails (500) stops the run, saying what it was read for', async () => {
    const { run, sandbox } = await start();
    let failed = false;
    sandbox.intercept((req) => {
      if (req.path !== '/v1/orgs/lab/teams/v/members' || failed) return undefined;
      failed = true;
      return { kind: 'respond', status: 500, body: { error: { code: 500, message: 'v is down' } } };
    });
    const r = await run(['members', 'sync', '--roster', file(['team,email', `plat,${email(1)}`, `v,${email(4)}`, `v,${email(6)}`]), '--yes']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/error: could not read the whole team v before planning; nothing was sent: .*v is down/);
    expect(l().writes()).toEqual([]);
  });

  it('one listing resolves every name: names that are no team are refused after it alone, not one request per name', async () => {
    const { run } = await start();
    const names = Array.from({ length: 20 }, (_, i) => `nope${i}`);
    const r = await run(['members', 'sync', '--roster', file(['team,email', `plat,${email(1)}`, `v,${email(4)}`, ...names.map((n) => `${n},${email(5)}`)]), '--dry-run']);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toContain('team "nope0": no team of organization lab has the id or title "nope0"');
    expect(reads()).toEqual(['/v1/orgs/lab/teams']);
    const ids = await run(['members', 'sync', '--roster', file(['team,email', `plat,${email(1)}`, `v,${email(4)}`]), '--dry-run']);
    expect(ids.code, ids.stderr).toBe(0);
    expect(reads().slice(1, 4)).toEqual(['/v1/orgs/lab/teams', '/v1/orgs/lab/teams/plat/members', '/v1/orgs/lab/teams/v/members']);
  });

  it('a team found by its title that cannot be read stops the run with that error', async () => {
    const { run, sandbox } = await start();
    sandbox.intercept((req) => (req.path === '/v1/orgs/lab/teams/plat/members' ? { kind: 'respond', status: 401, body: { error: { code: 401, message: 'token expired' } } } : undefined));
    const r = await run(['members', 'sync', '--roster', file(['team,email', `Platform,${email(1)}`, `v,${email(4)}`]), '--yes']);
    expect(r.code).toBe(4);
    expect(r.stderr).toContain('token expired');
    expect(l().writes()).toEqual([]);
  });

  it('an unknown team names its line, or its first ten lines and an ellipsis', async () => {
    const { run } = await start();
    const ghost = file(['team,email', `plat,${email(1)}`, `Ghost,${email(3)}`]);
    const one = await run(['members', 'sync', '--roster', ghost, '--dry-run']);
    expect(one.code).toBe(2);
    expect(one.stderr).toContain(`${ghost}:3: team "Ghost": no team of organization lab has the id or title "Ghost"; --create-teams creates it (line 3)`);
    const many = await run(['members', 'sync', '--roster', file(['team,email', ...Array.from({ length: 11 }, (_, i) => `Ghost,${email(i + 1)}`)]), '--dry-run']);
    expect(many.code).toBe(2);
    expect(many.stderr).toContain('--create-teams creates it (lines 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, …)');
    const ten = await run(['members', 'sync', '--roster', file(['team,email', ...Array.from({ length: 10 }, (_, i) => `Ghost,${email(i + 1)}`)]), '--dry-run']);
    expect(ten.stderr).toContain('--create-teams creates it (lines 2, 3, 4, 5, 6, 7, 8, 9, 10, 11)');
    expect(l().writes()).toEqual([]);
  });

  it('--create-teams: a title too long to create is refused on its line, saying why', async () => {
    const { run } = await start();
    const long = 'T'.repeat(65);
    const path = file(['team,email', `${long},${email(3)}`]);
    const r = await run(['members', 'sync', '--roster', path, '--create-teams', '--yes']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${path}:2: team "${long}": no team of organization lab has the id or title "${long}", and it cannot be created: a title has at most 64 characters, this one 65 (line 2)`);
    // Without --create-teams too: the flag is not offered for a title it could not create.
    const plain = await run(['members', 'sync', '--roster', path, '--dry-run']);
    expect(plain.code).toBe(2);
    expect(plain.stderr).toContain(`"${long}", and it cannot be created: a title has at most 64 characters, this one 65 (line 2)`);
    expect(plain.stderr).not.toContain('--create-teams creates it');
    expect(l().writes()).toEqual([]);
  });

  it('--create-teams: names that differ only in case are one team to create, titled as the roster first writes it', async () => {
    const { run } = await start();
    const r = await run(['members', 'sync', '--roster', file(['team,email,role', `Data,${email(6)},owner`, `DATA,${email(7)},`, `plat,${email(1)},owner`]), '--create-teams', '--yes']);
    expect(r.code, r.stderr).toBe(0);
    const [created] = titled('Data');
    expect(titled('Data')).toHaveLength(1);
    expect(titled('DATA')).toEqual([]);
    expect(team(created as string)).toEqual({ [uid(6)]: 'owner', [uid(7)]: 'member' });
  });

  it('--create-teams --plan-out names every team to create, and how to create them', async () => {
    const { run, configDir } = await start();
    const r = await run(['members', 'sync', '--roster', file(['team,email', `Data,${email(6)}`, `Ops,${email(7)}`]), '--create-teams', '--plan-out', join(configDir, 'plan.json')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--plan-out cannot save a plan that creates teams (2 teams to create: "Data" "Ops"); nothing was sent');
    expect(r.stderr).toContain('create them first (`teamctl teams create "Data" "Ops"`), then make the plan again');
    expect(l().writes()).toEqual([]);
  });

  it('--create-teams --invite: a user outside the organization cannot be placed in a team the run creates; in a team that exists, they can', async () => {
    const { run } = await start();
    const r = await run(['members', 'sync', '--roster', file(['team,email', `Data,${email(6)}`, 'Data,new.hire@example.com']), '--create-teams', '--invite', '--yes']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--invite cannot place a user in a team the run creates (--create-teams): create the teams first, then invite; nothing was sent');
    expect(l().writes()).toEqual([]);
    const fine = await run(['members', 'sync', '--roster', file(['team,email', `Data,${email(6)}`, `plat,${email(1)}`, 'plat,new.hire@example.com']), '--create-teams', '--invite', '--yes']);
    expect(fine.code, fine.stderr).toBe(0);
    expect(titled('Data')).toHaveLength(1);
    expect(l().sandbox.store.members.invitations('lab').map((i) => i.email)).toEqual(['new.hire@example.com']);
  });
});

describe('one team where a command needs one', () => {
  it('--team a,b that names no team is refused as several teams; an unknown single team stays not found', async () => {
    const { run } = await start();
    const several = await run(['members', 'remove', email(3), '--team', 'plat,v']);
    expect(several.code).toBe(2);
    expect(several.stderr).toContain('several teams (plat,v) work only with `members list`, `add`, `onboard` and a roster with a "team" column; name one team');
    const unknown = await run(['members', 'add', email(3), '--team', 'ghost']);
    expect(unknown.code).toBe(5);
    expect(unknown.stderr).not.toContain('several teams');
    expect(l().writes()).toEqual([]);
  });
});

describe('members sync, before anything is read', () => {
  const rosters = {
    'one team': () => file(['email', email(1), email(2)]),
    'an organization roster': () => file(['team,email', `plat,${email(1)}`, `v,${email(4)}`]),
  };
  it.each(Object.entries(rosters))('%s: a bad -o, a bad --max-removals and a report over the roster are refused with nothing read', async (_, roster) => {
    const { run, sandbox } = await start({ TEAMCTL_TEAM: 'plat' });
    const path = roster();
    const format = await run(['members', 'sync', '--roster', path, '-o', 'xml']);
    expect(format.code).toBe(2);
    const max = await run(['members', 'sync', '--roster', path, '--prune', '--max-removals', '5x']);
    expect(max.code).toBe(2);
    expect(max.stderr).toContain('invalid --max-removals "5x": expected a number of members (5) or a percentage of 0-100% (25%)');
    const over = await run(['members', 'sync', '--roster', path, '--report', path]);
    expect(over.code).toBe(2);
    expect(over.stderr).toContain(`--report ${path} is the same file as the roster (${path}): writing it would overwrite that; nothing was sent`);
    expect(sandbox.requests).toEqual([]);
  });
});

describe('--skip-unknown', () => {
  it('a team whose rows are all outside the organization is neither pruned nor created', async () => {
    const { run } = await start();
    const roster = file(['team,email,role', `plat,${email(1)},owner`, `plat,${email(3)},`, 'v,ghost@example.com,', 'Data,new.hire@example.com,owner']);
    const r = await run(['members', 'sync', '--roster', roster, '--create-teams', '--prune', '--skip-unknown', '--yes']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('warning: 2 users not in organization lab left out (--skip-unknown): ghost@example.com, new.hire@example.com');
    expect(team('plat')).toEqual({ [uid(1)]: 'owner', [uid(3)]: 'member' });
    expect(team('v')).toEqual({ [uid(4)]: 'owner', [uid(5)]: 'member' });
    expect(titled('Data')).toEqual([]);
    expect(l().writes()).toEqual(['PUT /v1/orgs/lab/teams/plat/members', 'PUT /v1/orgs/lab/teams/plat/members']);
  });

  it('one team: a roster left with nobody plans no removal, and is refused', async () => {
    const { run } = await start({ TEAMCTL_TEAM: 'plat' });
    const r = await run(['members', 'sync', '--roster', file(['email', 'ghost@example.com', 'new.hire@example.com']), '--prune', '--skip-unknown', '--dry-run']);
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('is a member of the organization or of its teams, yet the plan would remove members');
    expect(r.stderr).not.toContain(`- ${email(2)}`);
    expect(l().writes()).toEqual([]);
  });
});
