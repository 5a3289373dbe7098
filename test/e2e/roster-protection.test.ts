// Who a roster and the keep lists protect, end to end against the sandbox (`teamctl help
// organization`, "Organization roles and leavers"; `teamctl help rosters`, "Many teams from one
// roster"): a keep file whatever its status column says and wherever it stands among the other
// files, e-mails as the service spells them, the users of a team the run creates, and a team named
// by its id on some rows and by its title on others. The sandbox's state is the reference.
import { afterEach, describe, expect, it } from 'vitest';
import { email, rosterFiles, startLab, uid, type Lab } from './lab.js';

let lab: Lab | undefined;
afterEach(async () => {
  await lab?.sandbox.close();
  lab = undefined;
});

const file = rosterFiles('protection');
const inOrg = (l: Lab, id: string): boolean => l.sandbox.store.getUser('lab', id) !== undefined;
const members = (l: Lab, team: string): string[] => Object.keys(l.team(team)).sort();

describe('--keep-file', () => {
  it('protects a user its status column marks suspended: --prune-organization leaves them in the organization', async () => {
    // u1 admin; team t: u1, u2, u3; u4 is in no team and named only by the keep file, as suspended.
    lab = await startLab(4, { t: [1, 2, 3] });
    const roster = file(['team,email', `t,${email(1)}`, `t,${email(2)}`, `t,${email(3)}`]);
    const keep = file(['email,status', `${email(4)},Suspended`]);
    const r = await lab.run(['members', 'sync', '--roster', roster, '--keep-file', keep, '--prune-organization', '--max-org-removals', '4', '--yes']);
    expect(r.code, r.stderr).toBe(0);
    expect(inOrg(lab, uid(4))).toBe(true);
    expect(lab.writes().filter((w) => w.startsWith('DELETE'))).toEqual([]);
  });

  it('beside --add-file and --remove-file, each file is read as what it was given as: the kept user stays, the removed one leaves', async () => {
    // Team t: u1 owner, u2, u3, u4. The roster names u1 and u2; the add file u5; the remove file u4;
    // the keep file u3, whom --prune would otherwise remove.
    lab = await startLab(5, { t: [1, 2, 3, 4] });
    const roster = file(['email', email(1), email(2)]);
    const add = file(['email', email(5)]);
    const remove = file(['email', email(4)]);
    const keep = file(['email', email(3)]);
    const r = await lab.run(['members', 'sync', '--team', 't', '--roster', roster, '--add-file', add, '--remove-file', remove, '--keep-file', keep, '--prune', '--force', '--yes']);
    expect(r.code, r.stderr).toBe(0);
    expect(members(lab, 't')).toEqual([uid(1), uid(2), uid(3), uid(5)]);
    expect(r.stderr).not.toContain('is kept (protected), but named');
  });
});

describe('e-mails as the service spells them', () => {
  it('a roster and --keep that write an e-mail in capitals, as the service does, name that member: --prune-organization removes neither', async () => {
    lab = await startLab(2, { t: [1, 2] });
    const joined = '2026-01-01T00:00:00.000Z';
    const person = (id: string, address: string, role: string) => ({ id, displayName: id, email: address, role, disabled: false, joinedAt: joined, sso: false, spaces: 0, sites: 0 });
    lab.sandbox.store.addUser('lab', person('alice', 'Alice.Martin@Example.com', 'admin'));
    lab.sandbox.store.addUser('lab', person('dalia', 'Dalia.Nasser@Example.com', 'read'));
    const roster = file(['team,email', `t,${email(1)}`, `t,${email(2)}`, 't,Alice.Martin@Example.com']);
    const r = await lab.run(['members', 'sync', '--roster', roster, '--keep', 'Dalia.Nasser@Example.com', '--prune-organization', '--max-org-removals', '4', '--yes']);
    expect(r.code, r.stderr).toBe(0);
    expect([inOrg(lab, 'alice'), inOrg(lab, 'dalia')]).toEqual([true, true]);
    expect(members(lab, 't')).toEqual(['alice', uid(1), uid(2)]);
    expect(lab.writes().filter((w) => w.startsWith('DELETE'))).toEqual([]);
  });
});

describe('an organization roster', () => {
  it('--create-teams --prune-organization: a user named only in a team the run creates stays in the organization, and joins it', async () => {
    // Team t: u1, u2. u3 is named only in "Newcomers", which the run creates; u4 is named nowhere.
    lab = await startLab(4, { t: [1, 2] });
    const roster = file(['team,email', `t,${email(1)}`, `t,${email(2)}`, `Newcomers,${email(3)}`]);
    const dry = await lab.run(['members', 'sync', '--roster', roster, '--create-teams', '--prune-organization', '--max-org-removals', '4', '--dry-run', '--json']);
    expect(dry.code, dry.stderr).toBe(0);
    const planned = JSON.parse(dry.stdout) as { removedFromOrganization: { id: string }[] };
    expect(planned.removedFromOrganization.map((u) => u.id)).toEqual([uid(4)]);
    const r = await lab.run(['members', 'sync', '--roster', roster, '--create-teams', '--prune-organization', '--max-org-removals', '4', '--yes']);
    expect(r.code, r.stderr).toBe(0);
    expect([1, 2, 3, 4].map((n) => inOrg(lab as Lab, uid(n)))).toEqual([true, true, true, false]);
    const created = lab.sandbox.store.teamIds('lab').filter((id) => lab?.sandbox.store.teamTitle('lab', id) === 'Newcomers');
    expect(created).toHaveLength(1);
    expect(members(lab, created[0] as string)).toEqual([uid(3)]);
  });

  it('rows naming one team by its id and others by its title are that team\'s rows together: --prune removes none of them', async () => {
    lab = await startLab(5, {});
    lab.sandbox.store.createTeam('lab', 't', 'Translators');
    lab.sandbox.store.setTeamMembers('lab', 't', [1, 2, 3, 4, 5].map((n) => ({ userId: uid(n), role: n === 1 ? ('owner' as const) : ('member' as const) })));
    // By id first (u2, u3), then by title (u1, u4); u5 is named on no row.
    const roster = file(['team,email', `t,${email(2)}`, `t,${email(3)}`, `Translators,${email(1)}`, `Translators,${email(4)}`]);
    const r = await lab.run(['members', 'sync', '--roster', roster, '--prune', '--force', '--yes']);
    expect(r.code, r.stderr).toBe(0);
    expect(members(lab, 't')).toEqual([uid(1), uid(2), uid(3), uid(4)]);
  });
});
