// A joiner's day (`teamctl help organization`, "A joiner's day"), end to end against the sandbox:
// `members onboard` invites a new e-mail once (recorded in the journal), places nobody while the
// invitation is pending, and — once `teamctl sandbox accept` has played the person signing in —
// places them in every team named with its role, exactly once; a member is placed in several
// teams with every other member left alone; --plan-out then apply; `members add --team a,b`.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { email, startLab, uid, type Lab } from './lab.js';

let lab: Lab;
beforeEach(async () => {
  // u1–u6 (u1 admin); team eng ("Engineering"): u1 owner, u2, u3; team des ("Product Design"): u4 owner, u5.
  lab = await startLab(6, {});
  const store = lab.sandbox.store;
  store.createTeam('lab', 'eng', 'Engineering');
  store.createTeam('lab', 'des', 'Product Design');
  store.setTeamMembers('lab', 'eng', [{ userId: uid(1), role: 'owner' }, { userId: uid(2) }, { userId: uid(3) }]);
  store.setTeamMembers('lab', 'des', [{ userId: uid(4), role: 'owner' }, { userId: uid(5) }]);
});
afterEach(async () => {
  await lab.sandbox.close();
});

const hire = 'new.hire@example.com';
const invites = (from = 0) => lab.sandbox.requests.slice(from).filter((q) => q.method === 'POST' && q.path === '/v1/orgs/lab/invites');
const journal = (): { kind: string; email: string; outcome: string }[] => {
  const dir = join(lab.configDir, 'journal');
  const [file] = readdirSync(dir).filter((n) => n.endsWith('.json'));
  return (JSON.parse(readFileSync(join(dir, file as string), 'utf8')) as { writes: { kind: string; email: string; outcome: string }[] }).writes;
};

describe('members onboard', () => {
  it('a new e-mail: invited once, placed nowhere while pending; accepted in the sandbox, a re-run places them in both teams with their roles; a third run sends nothing', async () => {
    const argv = ['members', 'onboard', hire, '--team', 'Engineering,des:owner', '--invite', '--org-role', 'edit'];
    const first = await lab.run(argv);
    expect(first.code, first.stderr).toBe(0);
    expect(invites().map((q) => q.body)).toEqual([{ emails: [{ email: hire, role: 'edit' }] }]);
    expect(journal().map((w) => [w.kind, w.email, w.outcome])).toEqual([['invitation', hire, 'invited']]);
    expect(lab.sandbox.store.members.invitations('lab').map((i) => i.email)).toEqual([hire]);
    expect(lab.team('eng')).toEqual({ [uid(1)]: 'owner', [uid(2)]: 'member', [uid(3)]: 'member' });
    expect(lab.team('des')).toEqual({ [uid(4)]: 'owner', [uid(5)]: 'member' });

    // Still pending: the plan says so, and nothing is sent.
    const mark = lab.sandbox.requests.length;
    const pending = await lab.run([...argv, '--dry-run']);
    expect(pending.code, pending.stderr).toBe(0);
    expect(pending.stderr).toContain(`${hire} invited`);
    expect(pending.stderr).toContain('pending: placed in teams by a run after they accept');
    expect(lab.writes(mark)).toEqual([]);

    // The person signs in: the sandbox's control makes them a member, with the invitation's role.
    const accepted = await lab.run(['sandbox', 'accept', hire]);
    expect(accepted.code, accepted.stderr).toBe(0);
    expect(accepted.stderr).toContain(`${hire} accepted the invitation: a member of lab now`);
    const joined = lab.sandbox.store.findUser('lab', hire);
    expect(joined?.role).toBe('edit');
    const id = joined?.id as string;

    const mark2 = lab.sandbox.requests.length;
    const placed = await lab.run(argv);
    expect(placed.code, placed.stderr).toBe(0);
    expect(invites(mark2)).toEqual([]);
    expect(lab.team('eng')).toEqual({ [uid(1)]: 'owner', [uid(2)]: 'member', [uid(3)]: 'member', [id]: 'member' });
    expect(lab.team('des')).toEqual({ [uid(4)]: 'owner', [uid(5)]: 'member', [id]: 'owner' });
    expect(journal()).toHaveLength(1);

    const mark3 = lab.sandbox.requests.length;
    const third = await lab.run(argv);
    expect(third.code, third.stderr).toBe(0);
    expect(lab.writes(mark3)).toEqual([]);
  });

  it('a member into two teams: placed with the roles named, the organization role set, every other member left alone', async () => {
    const r = await lab.run(['members', 'onboard', email(6), '--team', 'eng:owner,Product Design', '--org-role', 'review', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(lab.team('eng')).toEqual({ [uid(1)]: 'owner', [uid(2)]: 'member', [uid(3)]: 'member', [uid(6)]: 'owner' });
    expect(lab.team('des')).toEqual({ [uid(4)]: 'owner', [uid(5)]: 'member', [uid(6)]: 'member' });
    expect(lab.sandbox.store.getUser('lab', uid(6))?.role).toBe('review');
    expect(invites()).toEqual([]);
    // Only the person's own changes were sent: no other member is named in a write.
    const bodies = lab.sandbox.requests.filter((q) => q.method !== 'GET').map((q) => JSON.stringify(q.body ?? ''));
    for (const other of [1, 2, 3, 4, 5]) for (const body of bodies) expect(body).not.toContain(uid(other));
  });

  it('a member and a new e-mail in one run: the member is placed now, the invitee is invited and pending', async () => {
    const r = await lab.run(['members', 'onboard', email(6), hire, '--team', 'eng,des', '--invite', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(lab.team('eng')[uid(6)]).toBe('member');
    expect(lab.team('des')[uid(6)]).toBe('member');
    expect(invites().map((q) => q.body)).toEqual([{ emails: [{ email: hire, role: 'read' }] }]);
    expect((JSON.parse(r.stdout) as { pending: { email: string }[] }).pending.map((u) => u.email)).toEqual([hire]);
  });

  it('a member already in a team keeps their role there unless a role is named; the plan lists no other member', async () => {
    const r = await lab.run(['members', 'onboard', email(1), '--team', 'eng,des']);
    expect(r.code, r.stderr).toBe(0);
    for (const other of [2, 3, 4, 5]) expect(r.stderr).not.toContain(email(other));
    expect(r.stderr).not.toContain('not in the roster');
    expect(lab.team('eng')[uid(1)]).toBe('owner');
    expect(lab.team('des')[uid(1)]).toBe('member');
  });

  it('--plan-out, then apply: the plan is reviewed offline, applied once', async () => {
    const plan = join(lab.configDir, 'joiner.json');
    const made = await lab.run(['members', 'onboard', email(6), '--team', 'eng,des:owner', '--plan-out', plan]);
    expect(made.code, made.stderr).toBe(0);
    expect(lab.writes()).toEqual([]);
    const applied = await lab.run(['apply', plan]);
    expect(applied.code, applied.stderr).toBe(0);
    expect(lab.team('eng')[uid(6)]).toBe('member');
    expect(lab.team('des')[uid(6)]).toBe('owner');
    const again = await lab.run(['apply', plan]);
    expect(again.code).toBe(3);
  });

  it('a drift check exits 8 while a placement is pending, 0 once placed; a new e-mail without --invite is refused (exit 3), nothing sent', async () => {
    expect((await lab.run(['members', 'onboard', email(6), '--team', 'eng', '--dry-run', '--exit-code'])).code).toBe(8);
    expect((await lab.run(['members', 'onboard', email(6), '--team', 'eng'])).code).toBe(0);
    expect((await lab.run(['members', 'onboard', email(6), '--team', 'eng', '--dry-run', '--exit-code'])).code).toBe(0);
    const mark = lab.sandbox.requests.length;
    const refused = await lab.run(['members', 'onboard', hire, '--team', 'eng']);
    expect(refused.code).toBe(3);
    expect(refused.stderr).toContain('--invite');
    expect(lab.writes(mark)).toEqual([]);
  });

  it('without --org-role the organization is left out: its members and the caller are not read, no organization part, a saved plan of teams only', async () => {
    const plan = join(lab.configDir, 'teams-only.json');
    const r = await lab.run(['members', 'onboard', email(6), '--team', 'eng,des:owner', '--json', '--plan-out', plan]);
    expect(r.code, r.stderr).toBe(0);
    expect(lab.sandbox.requests.filter((q) => q.path === '/v1/user')).toEqual([]);
    expect(lab.sandbox.requests.filter((q) => q.path === '/v1/orgs/lab/members')).toHaveLength(1);
    expect(JSON.parse(r.stdout)).not.toHaveProperty('orgRoleChanged');
    expect((JSON.parse(readFileSync(plan, 'utf8')) as { kind: string }).kind).toBe('members');
    // With --org-role, the organization is part of the plan.
    const withRole = join(lab.configDir, 'with-role.json');
    expect((await lab.run(['members', 'onboard', email(6), '--team', 'eng', '--org-role', 'edit', '--plan-out', withRole])).code).toBe(0);
    expect((JSON.parse(readFileSync(withRole, 'utf8')) as { kind: string }).kind).toBe('organization');
  });

  it('a team named twice, by id and by title: one team with one role; with two roles exit 2 naming both, nothing sent', async () => {
    const once = await lab.run(['members', 'onboard', email(6), '--team', 'des:owner,Product Design:owner']);
    expect(once.code, once.stderr).toBe(0);
    expect(lab.team('des')).toEqual({ [uid(4)]: 'owner', [uid(5)]: 'member', [uid(6)]: 'owner' });
    const mark = lab.sandbox.requests.length;
    const twice = await lab.run(['members', 'onboard', email(6), '--team', 'eng,Engineering:owner']);
    expect(twice.code).toBe(2);
    expect(twice.stderr).toContain('--team names team eng twice ("eng" and "Engineering") with two roles: name it once; nothing was sent');
    expect(lab.writes(mark)).toEqual([]);
  });

  it('usage: an unknown team is exit 5 with the closest, a team role for --org-role exit 2, no users exit 2; nothing sent', async () => {
    const unknown = await lab.run(['members', 'onboard', email(6), '--team', 'eng,Enginering']);
    expect(unknown.code).toBe(5);
    expect(unknown.stderr).toContain('did you mean "Engineering" (eng)?');
    const role = await lab.run(['members', 'onboard', email(6), '--team', 'eng', '--org-role', 'owner']);
    expect(role.code).toBe(2);
    expect(role.stderr).toContain('--team <team>:owner');
    expect((await lab.run(['members', 'onboard', '--team', 'eng'])).code).toBe(2);
    expect(lab.writes()).toEqual([]);
  });
});

describe('members add --team a,b', () => {
  it('the same adds in each team, with --role, one plan; the report has a row per team', async () => {
    const report = join(lab.configDir, 'add.csv');
    const r = await lab.run(['members', 'add', email(6), email(5), '--team', 'eng,Product Design', '--role', 'owner', '--report', report]);
    expect(r.code, r.stderr).toBe(0);
    expect(lab.team('eng')).toEqual({ [uid(1)]: 'owner', [uid(2)]: 'member', [uid(3)]: 'member', [uid(5)]: 'owner', [uid(6)]: 'owner' });
    expect(lab.team('des')).toEqual({ [uid(4)]: 'owner', [uid(5)]: 'owner', [uid(6)]: 'owner' });
    const rows = readFileSync(report, 'utf8').trim().split('\n').slice(1);
    expect(rows.filter((row) => row.startsWith('eng,'))).toHaveLength(2);
    expect(rows.filter((row) => row.startsWith('des,'))).toHaveLength(2);
    const mark = lab.sandbox.requests.length;
    expect((await lab.run(['members', 'add', email(6), email(5), '--team', 'eng,des', '--role', 'owner'])).code).toBe(0);
    expect(lab.writes(mark)).toEqual([]);
  });

  it('a title that holds a comma, given whole, is one team; an unknown team among several is exit 5, nothing sent', async () => {
    lab.sandbox.store.createTeam('lab', 'rd', 'R,D');
    const r = await lab.run(['members', 'add', email(6), '--team', 'R,D']);
    expect(r.code, r.stderr).toBe(0);
    expect(lab.team('rd')).toEqual({ [uid(6)]: 'member' });
    const mark = lab.sandbox.requests.length;
    const unknown = await lab.run(['members', 'add', email(6), '--team', 'eng,ghost']);
    expect(unknown.code).toBe(5);
    expect(lab.writes(mark)).toEqual([]);
  });
});
