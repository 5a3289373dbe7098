// Directory sync (`teamctl help directory`), end to end against the sandbox: a group export and a
// group map become every mapped team, in one plan. The sandbox's teams, roles and request log are
// the reference: patterns and a person in several groups, a missing team with and without
// --create-teams, a second run that sends nothing, a leaver removed from every mapped team only
// with --prune, --strict, and `--plan-out` then `apply` with invitations as SSO users.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { email, startLab, uid, type Lab } from './lab.js';

let lab: Lab;
beforeEach(async () => {
  // lab: u1–u10. Platform (plat): u1 owner, u2, u9. data: u3 owner, u9. "Design brand" (design): u5.
  lab = await startLab(10, { plat: [1, 2, 9], data: [3, 9], design: [5] });
  const store = lab.sandbox.store;
  store.renameTeam('lab', 'plat', 'Platform');
  store.renameTeam('lab', 'design', 'Design brand');
  store.setTeamMembers('lab', 'design', [{ userId: uid(5), role: 'member' }]);
  store.members.addAccount({ id: 'known1', displayName: 'Known One', email: 'known@example.com' });
});
afterEach(async () => {
  await lab.sandbox.close();
});

const dir = mkdtempSync(join(tmpdir(), 'teamctl-directory-'));
let files = 0;
function file(lines: readonly string[], name = `f${++files}.csv`): string {
  const path = join(dir, name);
  writeFileSync(path, `${lines.join('\n')}\n`);
  return path;
}

// eng-* feeds the team its * names (platform is Platform's title, data an id); platform-leads owns
// Platform, data-leads owns data; design-* feeds "Design <name>"; finance is in no export.
const map = ['group,team,role', 'eng-*,*,member', 'platform-leads,Platform,owner', 'data-leads,data,owner', '/^design-(.+)$/,Design $1,member', 'finance,Finance,owner'];
// u9 left every group; u1 is in three groups (two feed Platform), u3 in two teams.
const people = [
  'email,groups',
  `${email(1)},eng-platform;Platform-Leads;all-staff`,
  `${email(2)},eng-platform`,
  `${email(3)},eng-data;platform-leads`,
  `${email(4)},eng-data;data-leads`,
  `${email(5)},design-brand;all-staff`,
];
const expected = {
  plat: { [uid(1)]: 'owner', [uid(2)]: 'member', [uid(3)]: 'owner' },
  data: { [uid(3)]: 'member', [uid(4)]: 'owner' },
  design: { [uid(5)]: 'member' },
};
const teams = () => ({ plat: lab.team('plat'), data: lab.team('data'), design: lab.team('design') });

describe('members sync --group-map', () => {
  it('places each person in every team their groups feed, through patterns, the higher role winning; ignores and counts the other groups; a second run sends nothing', async () => {
    const groups = file(map);
    const exported = file(people);
    const r = await lab.run(['members', 'sync', '--roster', exported, '--group-map', groups, '--prune', '--yes', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(teams()).toEqual(expected);
    // The leaver u9 left both teams; nothing else was written than the teams' members.
    expect(lab.writes().every((w) => /^(PUT|DELETE|PATCH|POST) \/v1\/orgs\/lab\/teams\/(plat|data|design)\/members/.test(w))).toBe(true);
    expect(r.stderr).toContain(`warning: ${groups}:6: "finance" matches no group of ${exported}`);
    // Platform-Leads and platform-leads are one group: names compare in any case.
    expect(r.stderr).toContain(`${exported}: 5 people in 6 groups; ${groups} maps 5, 1 not in the map is ignored: "all-staff".`);
    expect(r.stderr).toContain(`Groups: 5 mapped by ${groups}, 1 not in the map ignored.`);
    expect((JSON.parse(r.stdout) as { directory: unknown }).directory).toEqual({ groupMap: groups, groupsMapped: 5, groupsIgnored: ['all-staff'] });

    const mark = lab.sandbox.requests.length;
    const again = await lab.run(['members', 'sync', '--roster', exported, '--group-map', groups, '--prune', '--yes']);
    expect(again.code, again.stderr).toBe(0);
    expect(lab.writes(mark)).toEqual([]);
    const drift = await lab.run(['members', 'sync', '--roster', exported, '--group-map', groups, '--prune', '--dry-run', '--exit-code']);
    expect(drift.code, drift.stderr).toBe(0);
  });

  it('a leaver who left every group leaves every mapped team only with --prune; the nightly drift check is exit 8 until then', async () => {
    const groups = file(map);
    const exported = file(people);
    const gained = await lab.run(['members', 'sync', '--roster', exported, '--group-map', groups, '--yes']);
    expect(gained.code, gained.stderr).toBe(0);
    expect(teams()).toEqual({ plat: { ...expected.plat, [uid(9)]: 'member' }, data: { ...expected.data, [uid(9)]: 'member' }, design: expected.design });
    const mark = lab.sandbox.requests.length;
    const drift = await lab.run(['members', 'sync', '--roster', exported, '--group-map', groups, '--prune', '--dry-run', '--exit-code']);
    expect(drift.code, drift.stderr).toBe(8);
    expect(lab.writes(mark)).toEqual([]);
    const pruned = await lab.run(['members', 'sync', '--roster', exported, '--group-map', groups, '--prune', '--yes']);
    expect(pruned.code, pruned.stderr).toBe(0);
    expect(teams()).toEqual(expected);
    expect(lab.writes(mark).sort()).toEqual(['PUT /v1/orgs/lab/teams/data/members', 'PUT /v1/orgs/lab/teams/plat/members']);
  });

  it('--keep protects a break-glass account in no group from every mapped team\'s prune', async () => {
    const r = await lab.run(['members', 'sync', '--roster', file(people), '--group-map', file(map), '--prune', '--keep', email(9), '--yes']);
    expect(r.code, r.stderr).toBe(0);
    expect(teams()).toEqual({ plat: { ...expected.plat, [uid(9)]: 'member' }, data: { ...expected.data, [uid(9)]: 'member' }, design: expected.design });
  });

  it('a mapped team that does not exist is exit 2 naming the map line, nothing sent; --create-teams creates and fills it', async () => {
    const groups = file(map);
    const exported = file([...people, `${email(6)},eng-mobile`, `${email(7)},eng-mobile`]);
    const mark = lab.sandbox.requests.length;
    const refused = await lab.run(['members', 'sync', '--roster', exported, '--group-map', groups, '--prune', '--yes']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`${groups}:2: team "mobile": no team of organization lab has the id or title "mobile"; --create-teams creates it (group map line 2)`);
    expect(lab.writes(mark)).toEqual([]);
    const created = await lab.run(['members', 'sync', '--roster', exported, '--group-map', groups, '--prune', '--yes', '--create-teams']);
    expect(created.code, created.stderr).toBe(0);
    const mobile = lab.sandbox.store.teamIds('lab').filter((id) => lab.sandbox.store.teamTitle('lab', id) === 'mobile');
    expect(mobile).toHaveLength(1);
    expect(lab.team(mobile[0] as string)).toEqual({ [uid(6)]: 'member', [uid(7)]: 'member' });
    expect(teams()).toEqual(expected);
  });

  it('--strict: a map row that matches no group is exit 2 on its line, nothing sent', async () => {
    const groups = file(map);
    const exported = file(people);
    const r = await lab.run(['members', 'sync', '--roster', exported, '--group-map', groups, '--prune', '--yes', '--strict']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${groups}:6: "finance" matches no group of ${exported} (--strict); nothing was sent`);
    expect(lab.writes()).toEqual([]);
  });

  it('a team whose groups have nobody active is left alone, never emptied; a row matching no group leaves its team alone too', async () => {
    // u5, the one person of design-brand, is suspended; contractors (→ data) is in no export.
    const exported = file(['email,groups,status', `${email(1)},platform-leads,ACTIVE`, `${email(2)},eng-platform,ACTIVE`, `${email(5)},design-brand,SUSPENDED`]);
    const groups = file(['group,team,role', 'platform-leads,Platform,owner', 'eng-platform,Platform,member', '/^design-(.+)$/,Design $1,member', 'contractors,data,member']);
    const r = await lab.run(['members', 'sync', '--roster', exported, '--group-map', groups, '--prune', '--yes']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`warning: ${groups}:4: team "Design brand": no active person of ${exported} is in the groups mapped to it; the team is left as it is`);
    expect(r.stderr).toContain(`warning: ${groups}:5: "contractors" matches no group of ${exported}`);
    // The export's warning of the inactive row, said once.
    expect(r.stderr.split('\n').filter((l) => l.startsWith(`warning: ${exported}`) && l.includes('inactive'))).toHaveLength(1);
    expect(lab.team('design')).toEqual({ [uid(5)]: 'member' });
    expect(lab.team('data')).toEqual({ [uid(3)]: 'owner', [uid(9)]: 'member' });
    expect(lab.team('plat')).toEqual({ [uid(1)]: 'owner', [uid(2)]: 'member' });
    expect(lab.writes()).toEqual(['PUT /v1/orgs/lab/teams/plat/members']);
  });

  it('a team the map names by its id and by its title is one team: each person once, the higher role', async () => {
    const groups = file(['group,team,role', 'eng-platform,plat,member', 'platform-leads,PLATFORM,owner']);
    const exported = file(['email,groups', `${email(1)},eng-platform;platform-leads`, `${email(2)},eng-platform`, `${email(3)},platform-leads`]);
    const r = await lab.run(['members', 'sync', '--roster', exported, '--group-map', groups, '--prune', '--yes']);
    expect(r.code, r.stderr).toBe(0);
    expect(lab.team('plat')).toEqual({ [uid(1)]: 'owner', [uid(2)]: 'member', [uid(3)]: 'owner' });
  });

  it('a real export (Entra, Get-MgGroupMember | Export-Csv): the rows of no person and the inactive are counted, left out', async () => {
    const real = fileURLToPath(new URL('../fixtures/real/groups/entra-get-mggroupmember-export-csv.csv', import.meta.url));
    const r = await lab.run(['members', 'sync', '--roster', real, '--group-map', file(['group,team,role', 'engineering,data,member', 'Design,design,member']), '--skip-unknown', '--dry-run']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`${real}: 2 people in 2 groups (2 rows of no person skipped, 1 inactive left out);`);
    expect(lab.writes()).toEqual([]);
  });

  it('the map is checked before anything is read from the service: every problem on its line, exit 2', async () => {
    const groups = file(['Group,Team,Role', 'eng-*,*,admin', ',Platform,owner', 'a*b*,x,member']);
    const r = await lab.run(['members', 'sync', '--roster', file(people), '--group-map', groups]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${groups}:2: role "admin" is neither owner nor member (an empty cell is member)`);
    expect(r.stderr).toContain(`${groups}:3: the group cell is empty`);
    expect(r.stderr).toContain(`${groups}:4: "a*b*" has 2 *`);
    expect(lab.sandbox.requests).toEqual([]);
  });

  it.each([
    [['--group-map', 'g.csv'], '--group-map needs --roster'],
    [['--roster', 'x.csv', '--strict'], '--strict only works with --group-map'],
    [['--roster', 'x.csv', '--format', 'okta'], '--format only works with --group-map'],
    [['--roster', 'x.csv', '--group-map', 'g.csv', '--add', 'a@example.com'], '--group-map: the group export says who is in each team'],
    [['--roster', 'x.csv', '--group-map', 'g.csv', '--org-roles'], '--org-roles reads a roster\'s "orgRole" column, and a group export has none'],
  ])('refuses %j: exit 2, nothing read or sent', async (args, message) => {
    const r = await lab.run(['members', 'sync', ...args]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(message);
    expect(lab.sandbox.requests).toEqual([]);
  });

  it('a folder of one-group exports: each file its group', async () => {
    const folder = join(dir, `folder${++files}`);
    mkdirSync(folder);
    writeFileSync(join(folder, 'eng-platform.csv'), `email\n${email(1)}\n${email(2)}\n`);
    writeFileSync(join(folder, 'platform-leads.csv'), `email\n${email(1)}\n`);
    const r = await lab.run(['members', 'sync', '--roster', folder, '--group-map', file(['group,team,role', 'eng-*,*,member', 'platform-leads,Platform,owner']), '--prune', '--yes']);
    expect(r.code, r.stderr).toBe(0);
    expect(lab.team('plat')).toEqual({ [uid(1)]: 'owner', [uid(2)]: 'member' });
    expect(lab.team('data')).toEqual({ [uid(3)]: 'owner', [uid(9)]: 'member' });
    const mark = lab.sandbox.requests.length;
    const named = await lab.run(['members', 'sync', '--roster', folder, '--group', 'eng-data', '--group-map', file(['group,team', 'eng-*,*'])]);
    expect(named.code).toBe(2);
    expect(named.stderr).toContain(`--group names the group of one export, and ${folder} is a folder, each file's group named by its file name`);
    expect(lab.writes(mark)).toEqual([]);
  });

  it('--group names the group of a one-group export, --format its provider, --role-map reads its role column', async () => {
    const one = file(['email,role', `${email(3)},Lead`, `${email(4)},`], 'members.csv');
    const groups = file(['group,team,role', 'eng-*,*,member']);
    const r = await lab.run(['members', 'sync', '--roster', one, '--group', 'eng-data', '--format', 'TEAMCTL', '--group-map', groups, '--role-map', 'Lead=owner', '--prune', '--yes']);
    expect(r.code, r.stderr).toBe(0);
    expect(lab.team('data')).toEqual({ [uid(3)]: 'owner', [uid(4)]: 'member' });
    const bad = await lab.run(['members', 'sync', '--roster', one, '--format', 'okra', '--group-map', groups]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--format: "okra" is no group export teamctl reads');
  });
});

describe('the directory sync of the issue: --invite --sso --plan-out, then apply', () => {
  it('one saved plan invites the joiner as an SSO user, fills every mapped team and removes the leaver; apply makes every team match; a second run sends nothing', async () => {
    const groups = file(map);
    // Okta's Group Membership report: one row a membership (the people above, and a joiner).
    const memberships = [...people.slice(1), 'known@example.com,eng-platform'].flatMap((row) => {
      const [user = '', cell = ''] = row.split(',');
      return cell.split(';').map((group) => `${group},OKTA_GROUP,Direct,${user},Someone,ACTIVE`);
    });
    const exported = file(['Group name,Group source,Group membership type,Okta username,User fullname,Okta user status', ...memberships], `okta-groups${++files}.csv`);
    const plan = join(dir, `plan${++files}.json`);
    const made = await lab.run(['members', 'sync', '--roster', exported, '--group-map', groups, '--prune', '--invite', '--sso', '--plan-out', plan]);
    expect(made.code, made.stderr).toBe(0);
    expect(made.stderr).toContain(`${exported}: 6 people in 6 groups; ${groups} maps 5, 1 not in the map is ignored: "all-staff".`);
    expect(lab.writes()).toEqual([]);
    const applied = await lab.run(['apply', plan, '--yes']);
    expect(applied.code, applied.stderr).toBe(0);
    const invites = lab.sandbox.requests.filter((q) => q.method === 'POST' && q.path === '/v1/orgs/lab/invites');
    expect(invites.map((q) => (q.body as { sso?: boolean }).sso)).toEqual([true]);
    expect(JSON.stringify(invites[0]?.body)).toContain('known@example.com');
    expect(teams()).toEqual({ ...expected, plat: { ...expected.plat, known1: 'member' } });
    const mark = lab.sandbox.requests.length;
    const again = await lab.run(['members', 'sync', '--roster', exported, '--group-map', groups, '--prune', '--invite', '--sso', '--yes']);
    expect(again.code, again.stderr).toBe(0);
    expect(lab.writes(mark)).toEqual([]);
  });
});
