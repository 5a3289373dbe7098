// An organization roster with organization roles and leavers (`teamctl help organization`, "Organization roles and
// leavers"): --org-roles, --prune-organization, --prune-guests and --keep, end to end against the
// sandbox, in one plan applied once. The sandbox's state and request log are the reference.
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { email, rosterFiles, startLab, uid, type Lab } from './lab.js';

let lab: Lab;
beforeEach(async () => {
  // Organization lab: u1 admin, u2–u7 read, u8 guest. Team t: u1 owner, u2, u3, u4; team v: u5 owner, u6.
  lab = await startLab(8, { t: [1, 2, 3, 4], v: [5, 6] });
  lab.sandbox.store.members.setRole('lab', uid(8), null);
});
afterEach(async () => {
  await lab.sandbox.close();
});

const file = rosterFiles('lifecycle');
const run = (args: string[]) => lab.run(args);
const roles = (): Record<string, string | null> => Object.fromEntries(lab.sandbox.store.users('lab').map((u) => [u.id, u.role]));
const inOrg = (n: number): boolean => lab.sandbox.store.getUser('lab', uid(n)) !== undefined;
const team = (t: string): string[] => Object.keys(lab.team(t)).sort();
const writes = (from = 0) => lab.writes(from);

// u2 becomes edit, u5 review; u3's cell is empty (no change); u7 joins team v. u6 and u8 are not named.
const roster = ['team,email,role,orgRole', `t,${email(1)},owner,admin`, `t,${email(2)},,edit`, `t,${email(3)},,`, `t,${email(4)},,read`, `v,${email(5)},owner,review`, `v,${email(7)},,`];

describe('--org-roles', () => {
  it('plans the orgRole column only when asked: a roster bootstrapped from `members list -o csv` never changes roles by itself', async () => {
    const path = file(roster);
    const plain = await run(['members', 'sync', '--roster', path, '--yes']);
    expect(plain.code, plain.stderr).toBe(0);
    expect(writes().filter((w) => w.startsWith('PATCH'))).toEqual([]);
    expect(team('v')).toEqual([uid(5), uid(6), uid(7)]);
    const mark = lab.sandbox.requests.length;
    const r = await run(['members', 'sync', '--roster', path, '--org-roles', '--yes', '--json']);
    expect(r.code, r.stderr).toBe(0);
    // Promotions in order of the rights they give: edit before review.
    expect(writes(mark)).toEqual([`PATCH /v1/orgs/lab/members/${uid(2)}`, `PATCH /v1/orgs/lab/members/${uid(5)}`]);
    expect(roles()).toMatchObject({ [uid(2)]: 'edit', [uid(3)]: 'read', [uid(5)]: 'review', [uid(1)]: 'admin' });
    const json = JSON.parse(r.stdout) as { orgRoleChanged: { user: { id: string }; from: string; to: string }[] };
    expect(json.orgRoleChanged.map((c) => `${c.user.id} ${c.from}>${c.to}`)).toEqual([`${uid(2)} read>edit`, `${uid(5)} read>review`]);
    const again = lab.sandbox.requests.length;
    expect((await run(['members', 'sync', '--roster', path, '--org-roles', '--yes'])).code).toBe(0);
    expect(writes(again)).toEqual([]);
  });

  it('two rows giving one user two organization roles are exit 2 naming both lines; a roster without the column is refused with --org-roles', async () => {
    const twice = await run(['members', 'sync', '--roster', file([...roster, `v,${email(2)},,admin`]), '--org-roles', '--dry-run']);
    expect(twice.code).toBe(2);
    expect(twice.stderr).toContain(`"${email(2)}" has the organization role edit on line 3 and admin on line 8`);
    const none = await run(['members', 'sync', '--roster', file(['team,email', `t,${email(1)}`]), '--org-roles', '--dry-run']);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('has none');
    expect(writes()).toEqual([]);
  });
});

describe('--prune-organization', () => {
  it('removes the members the roster does not name after the team changes, guests only with --prune-guests, within --max-org-removals', async () => {
    const path = file(roster);
    // 5% of 8 members is floored to 0, and at least 1: u6 alone may go, not the guest u8 with him.
    const over = await run(['members', 'sync', '--roster', path, '--prune-organization', '--prune-guests', '--yes']);
    expect(over.code).toBe(3);
    expect(over.stderr).toContain('removes 2 of 8 members of the organization, more than --max-org-removals 5% allows (1)');
    expect(writes()).toEqual([]);
    const one = await run(['members', 'sync', '--roster', path, '--prune-organization', '--yes']);
    expect(one.code, one.stderr).toBe(0);
    expect([inOrg(6), inOrg(8)]).toEqual([false, true]);
    expect(writes().filter((w) => w.startsWith('DELETE'))).toEqual([`DELETE /v1/orgs/lab/members/${uid(6)}`]);
    // The team changes went first: u7 joined v before u6 left the organization.
    expect(writes().indexOf('PUT /v1/orgs/lab/teams/v/members')).toBeLessThan(writes().indexOf(`DELETE /v1/orgs/lab/members/${uid(6)}`));
  });

  it('in one plan: roles, teams, then the organization; a second run sends nothing', async () => {
    const path = file(roster);
    const r = await run(['members', 'sync', '--roster', path, '--prune', '--org-roles', '--prune-organization', '--prune-guests', '--max-org-removals', '2', '--yes', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const sent = writes();
    expect(sent.slice(0, 2)).toEqual([`PATCH /v1/orgs/lab/members/${uid(2)}`, `PATCH /v1/orgs/lab/members/${uid(5)}`]);
    expect(sent.slice(-2).sort()).toEqual([`DELETE /v1/orgs/lab/members/${uid(6)}`, `DELETE /v1/orgs/lab/members/${uid(8)}`]);
    expect([inOrg(6), inOrg(8), inOrg(7)]).toEqual([false, false, true]);
    expect(team('v')).toEqual([uid(5), uid(7)]);
    const json = JSON.parse(r.stdout) as { removedFromOrganization: { id: string }[]; teams: unknown[] };
    expect(json.removedFromOrganization.map((u) => u.id).sort()).toEqual([uid(6), uid(8)]);
    const mark = lab.sandbox.requests.length;
    const again = await run(['members', 'sync', '--roster', path, '--prune', '--org-roles', '--prune-organization', '--prune-guests', '--yes']);
    expect(again.code, again.stderr).toBe(0);
    expect(writes(mark)).toEqual([]);
  });

  it('--keep protects from the organization prune and the team prune, listed as kept; the config key keep too', async () => {
    const path = file(roster);
    const r = await run(['members', 'sync', '--roster', path, '--prune', '--prune-organization', '--keep', email(6), '--yes', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(inOrg(6)).toBe(true);
    expect(team('v')).toEqual([uid(5), uid(6), uid(7)]);
    expect(r.stderr).toContain(`= ${email(6)} kept (protected)`);
    const json = JSON.parse(r.stdout) as { kept: { id: string }[]; teams: { team: string; kept?: { id: string }[] }[] };
    expect(json.kept.map((u) => u.id)).toEqual([uid(6)]);
    expect(json.teams.find((t) => t.team === 'v')?.kept?.map((u) => u.id)).toEqual([uid(6)]);
    expect((await run(['config', 'set', 'keep', `${email(6)}, ${uid(3)}`])).code).toBe(0);
    const viaConfig = await run(['members', 'sync', '--roster', file(roster.filter((l) => !l.includes(email(3)))), '--prune', '--prune-organization', '--yes']);
    expect(viaConfig.code, viaConfig.stderr).toBe(0);
    expect([inOrg(3), inOrg(6)]).toEqual([true, true]);
    expect(team('t')).toContain(uid(3));
  });

  it('needs an organization roster, and confirmation', async () => {
    const single = await run(['members', 'sync', '--roster', file(['email', email(1)]), '--team', 't', '--prune-organization', '--dry-run']);
    expect(single.code).toBe(2);
    expect(single.stderr).toContain('--prune-organization needs an organization roster');
    const unconfirmed = await run(['members', 'sync', '--roster', file(roster), '--prune-organization', '--max-org-removals', '1']);
    expect(unconfirmed.code).toBe(3);
    expect(unconfirmed.stderr).toContain('needs confirmation');
    expect(writes()).toEqual([]);
  });

  it('--plan-out, then apply: roles, teams and the organization exactly once', async () => {
    const plan = join(lab.configDir, 'lifecycle.json');
    const made = await run(['members', 'sync', '--roster', file(roster), '--prune', '--org-roles', '--prune-organization', '--plan-out', plan]);
    expect(made.code, made.stderr).toBe(0);
    expect(writes()).toEqual([]);
    const applied = await run(['apply', plan, '--json']);
    expect(applied.code, applied.stderr).toBe(0);
    expect([inOrg(6), inOrg(8), roles()[uid(2)], team('v')]).toEqual([false, true, 'edit', [uid(5), uid(7)]]);
    expect((await run(['apply', plan])).code).toBe(3);
  });

  it('a kept user named explicitly is removed, with a warning: members remove, members offboard --from-organization', async () => {
    expect((await run(['config', 'set', 'keep', `${email(3)},${uid(6)}`])).code).toBe(0);
    const removed = await run(['members', 'remove', email(3), '--team', 't']);
    expect(removed.code, removed.stderr).toBe(0);
    expect(removed.stderr).toContain(`warning: ${email(3)} is kept (protected), but named for removal: removed anyway`);
    expect(team('t')).not.toContain(uid(3));
    // Offboarded from the teams only: the same warning, once, and the member leaves team v.
    const teamsOnly = await run(['members', 'offboard', uid(6), '--yes']);
    expect(teamsOnly.code, teamsOnly.stderr).toBe(0);
    expect(teamsOnly.stderr.split('is kept (protected), but named').length - 1).toBe(1);
    expect(team('v')).toEqual([uid(5)]);
    expect(inOrg(6)).toBe(true);
    // From the organization too: its own part says the warning, once.
    const left = await run(['members', 'offboard', uid(6), '--from-organization', '--yes']);
    expect(left.code, left.stderr).toBe(0);
    expect(left.stderr).toContain('is kept (protected), but named explicitly: changed anyway');
    expect(left.stderr.split('is kept (protected), but named').length - 1).toBe(1);
    expect(inOrg(6)).toBe(false);
  });

  it('joiners, movers and leavers from one roster: --invite --org-roles --prune-organization applies once, a second run sends nothing', async () => {
    lab.sandbox.store.members.addAccount({ id: 'known1', displayName: 'Known One', email: 'known@example.com' });
    const path = file([...roster, 'v,known@example.com,,comment', 't,new.hire@example.com,,']);
    const dry = await run(['members', 'sync', '--roster', path, '--prune', '--org-roles', '--invite', '--prune-organization', '--prune-guests', '--max-org-removals', '2', '--dry-run']);
    expect(dry.code, dry.stderr).toBe(0);
    for (const line of ['~ user00002@example.com: read → edit (organization role)', '✉ known@example.com (comment)', '✉ new.hire@example.com (read)', '- user00006@example.com (read) out of the organization']) expect(dry.stderr).toContain(line);
    expect(writes()).toEqual([]);
    const r = await run(['members', 'sync', '--roster', path, '--prune', '--org-roles', '--invite', '--prune-organization', '--prune-guests', '--max-org-removals', '2', '--yes']);
    expect(r.code, r.stderr).toBe(0);
    expect([roles()[uid(2)], roles()['known1'], inOrg(6), inOrg(8)]).toEqual(['edit', 'comment', false, false]);
    expect(team('v')).toEqual(['known1', uid(5), uid(7)].sort());
    expect(lab.sandbox.store.members.invitations('lab').map((i) => i.email)).toEqual(['new.hire@example.com']);
    const mark = lab.sandbox.requests.length;
    const again = await run(['members', 'sync', '--roster', path, '--prune', '--org-roles', '--invite', '--prune-organization', '--prune-guests', '--max-org-removals', '2', '--yes']);
    expect(again.code, again.stderr).toBe(0);
    expect(writes(mark)).toEqual([]);
  });
});
