// The organization's commands in detail (`teamctl help organization`, "Organization roles and
// leavers", "Joiners"; README, "Review, then apply"): what `users set-role` refuses and warns before
// anything is sent, what the saved plans of set-role, offboarding and a roster hold, the team
// named in each report row, and when `apply` calls a saved organization plan stale. The sandbox's
// state and request log are the reference.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterEach, describe, expect, it } from 'vitest';
import { email, rosterFiles, startLab, uid, type Lab } from './lab.js';

let lab: Lab | undefined;
afterEach(async () => {
  await lab?.sandbox.close();
  lab = undefined;
});

/** Organization lab: u1 admin, u2–u8 read; team t: u1 owner, u2, u3; team v: u4 owner, u5. known@example.com can join. */
async function start(env: Record<string, string> = {}): Promise<Lab> {
  lab = await startLab(8, { t: [1, 2, 3], v: [4, 5] }, {}, env);
  lab.sandbox.store.members.addAccount({ id: 'known1', displayName: 'Known One', email: 'known@example.com' });
  return lab;
}
const file = rosterFiles('org-details');
const l = (): Lab => lab as Lab;
const roles = (): Record<string, string | null> => Object.fromEntries(l().sandbox.store.users('lab').map((u) => [u.id, u.role]));
const inOrg = (n: number): boolean => l().sandbox.store.getUser('lab', uid(n)) !== undefined;
const team = (t: string): string[] => Object.keys(l().team(t)).sort();
const readJson = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const csvRows = (path: string): string[][] => parse(readFileSync(path, 'utf8')) as string[][];
const baseUrl = (): string => `${l().sandbox.url}/v1`;

describe('users set-role, before anything is sent', () => {
  it('a member the config key keep protects is changed when named, with the warning --keep gives', async () => {
    const { run } = await start();
    expect((await run(['config', 'set', 'keep', `${email(3)},${uid(4)}`])).code).toBe(0);
    const r = await run(['users', 'set-role', email(3), uid(4), '--role', 'guest']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`warning: ${email(3)} is kept (protected), but named explicitly: changed anyway`);
    expect(r.stderr).toContain(`warning: ${email(4)} is kept (protected), but named explicitly: changed anyway`);
    expect(roles()).toMatchObject({ [uid(3)]: null, [uid(4)]: null, [uid(5)]: 'read' });
  });

  it('a bad -o and outputs that would overwrite each other are refused before anything is read', async () => {
    const { run, sandbox, configDir } = await start();
    const format = await run(['users', 'set-role', uid(3), '--role', 'edit', '-o', 'xml']);
    expect(format.code).toBe(2);
    const out = join(configDir, 'same.json');
    const same = await run(['users', 'set-role', uid(3), '--role', 'edit', '--report', out, '--plan-out', out]);
    expect(same.code).toBe(2);
    expect(same.stderr).toContain(`--plan-out ${out} is the same file as --report ${out}: writing it would overwrite that; nothing was sent`);
    expect(sandbox.requests).toEqual([]);
  });

  it('refuses users none of whom is a member (exit 5), one or several, with the hint', async () => {
    const { run } = await start();
    const one = await run(['users', 'set-role', 'nobody@example.com', '--role', 'edit']);
    expect(one.code).toBe(5);
    expect(one.stderr).toContain('error: nobody@example.com is not a member of organization lab; nothing was sent');
    expect(one.stderr).toContain('find them with `teamctl users list --search <name or e-mail>`');
    const two = await run(['users', 'set-role', 'nobody@example.com', 'u99999', '--role', 'edit', '--dry-run']);
    expect(two.code).toBe(5);
    expect(two.stderr).toContain('error: none of the 2 users named is a member of organization lab; nothing was sent');
    expect(l().writes()).toEqual([]);
  });

  it('warns of each user named who is not a member, by e-mail or by id, and changes the others', async () => {
    const { run } = await start();
    const r = await run(['users', 'set-role', 'nobody@example.com', email(3), 'u99999', '--role', 'guest']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('warning: nobody@example.com is not a member of organization lab: no role to give them guest');
    expect(r.stderr).toContain('warning: u99999 is not a member of organization lab: no role to give them guest');
    expect(roles()).toMatchObject({ [uid(3)]: null, [uid(4)]: 'read' });
    expect(l().writes()).toEqual([`PATCH /v1/orgs/lab/members/${uid(3)}`]);
  });

  it('--plan-out saves the command, the target and its options: the default --max-org-removals, no --force, --concurrency', async () => {
    const { run, configDir } = await start();
    const path = join(configDir, 'set-role.json');
    const r = await run(['users', 'set-role', uid(3), '--role', 'edit', '--concurrency', '3', '--plan-out', path]);
    expect(r.code, r.stderr).toBe(0);
    const plan = readJson(path);
    expect([plan.kind, plan.command, plan.baseUrl, plan.organization]).toEqual(['organization', 'users set-role', baseUrl(), 'lab']);
    expect(plan.body.options).toEqual({ force: false, maxOrgRemovals: '5%', concurrency: 3 });
    expect(plan.body.plan.changes).toEqual([{ action: 'role', user: { id: uid(3), email: email(3) }, from: 'read', to: 'edit' }]);
    expect(plan.body).not.toHaveProperty('teams');
  });
});

describe('members offboard --from-organization: its plan and its report', () => {
  const leaverRows = [
    ['team', 'teamTitle', 'user', 'action', 'outcome'],
    ['t', 't', email(3), 'remove', 'removed'],
    ['', '', email(3), 'remove-from-organization', 'applied'],
  ];

  it("a leaver in one team: that team's rows name it, the organization's name none", async () => {
    const { run, configDir } = await start();
    const report = join(configDir, 'leaver.csv');
    const r = await run(['members', 'offboard', uid(3), '--from-organization', '--yes', '--report', report]);
    expect(r.code, r.stderr).toBe(0);
    expect(csvRows(report).map((row) => row.slice(0, 5))).toEqual(leaverRows);
    expect([inOrg(3), team('t')]).toEqual([false, [uid(1), uid(2)]]);
  });

  it('--plan-out keeps the command, the target, the team changes and the options; apply reports as the run would', async () => {
    const { run, configDir } = await start();
    const path = join(configDir, 'leaver.json');
    const made = await run(['members', 'offboard', uid(3), '--from-organization', '--max-org-removals', '2', '--force', '--plan-out', path]);
    expect(made.code, made.stderr).toBe(0);
    const plan = readJson(path);
    expect([plan.kind, plan.command, plan.baseUrl, plan.organization]).toEqual(['organization', 'members offboard', baseUrl(), 'lab']);
    expect(plan.body.plan.changes).toEqual([{ action: 'remove', user: { id: uid(3), email: email(3) }, role: 'read', pruned: false }]);
    expect(plan.body.options).toEqual({ force: true, maxOrgRemovals: '2', concurrency: 8 });
    expect(plan.body.teams.teams.map((t: { team: string }) => t.team)).toEqual(['t']);
    expect(plan.body.state).toEqual([`${uid(3)}: read`, `admins: ${uid(1)}`, 'caller: u-sandbox-admin']);
    const report = join(configDir, 'applied.csv');
    const applied = await run(['apply', path, '--report', report]);
    expect(applied.code, applied.stderr).toBe(0);
    expect(csvRows(report).map((row) => row.slice(0, 5))).toEqual(leaverRows);
  });

  it('a leaver in no team: a plan without team changes', async () => {
    const { run, configDir } = await start();
    const path = join(configDir, 'no-team.json');
    expect((await run(['members', 'offboard', uid(6), '--from-organization', '--plan-out', path])).code).toBe(0);
    expect(readJson(path).body).not.toHaveProperty('teams');
    const applied = await run(['apply', path]);
    expect(applied.code, applied.stderr).toBe(0);
    expect(inOrg(6)).toBe(false);
  });
});

describe('a roster with organization changes: its plan and its report', () => {
  it('one team with --org-roles: role changes name no team, the team changes name theirs; a kept user is not demoted, an unchanged role not listed', async () => {
    const { run, configDir } = await start({ TEAMCTL_TEAM: 't' });
    const path = file(['email,role,orgRole', `${email(1)},owner,`, `${email(2)},,guest`, `${email(3)},,read`, `${email(6)},,edit`]);
    const report = join(configDir, 'roles.csv');
    const r = await run(['members', 'sync', '--roster', path, '--org-roles', '--keep', email(2), '--yes', '--report', report]);
    expect(r.code, r.stderr).toBe(0);
    expect(csvRows(report).map((row) => row.slice(0, 5))).toEqual([
      ['team', 'teamTitle', 'user', 'action', 'outcome'],
      ['', '', email(6), 'org-role', 'applied'],
      ['', '', email(2), 'none', 'kept'],
      ['t', 't', email(6), 'add', 'added'],
      ['t', 't', email(1), 'none', 'unchanged'],
      ['t', 't', email(2), 'none', 'unchanged'],
      ['t', 't', email(3), 'none', 'unchanged'],
    ]);
    expect(r.stderr).toContain(`= ${email(2)} kept (protected)`);
    expect(roles()).toMatchObject({ [uid(2)]: 'read', [uid(3)]: 'read', [uid(6)]: 'edit' });
  });

  it('one team with --invite: an organization plan that changes no member, with the team changes and the invitations; applied, its team rows name the team', async () => {
    const { run, configDir } = await start({ TEAMCTL_TEAM: 't' });
    const path = join(configDir, 'invite.json');
    const roster = file(['email', email(1), email(2), email(3), email(6), 'known@example.com']);
    const made = await run(['members', 'sync', '--roster', roster, '--invite', '--plan-out', path]);
    expect(made.code, made.stderr).toBe(0);
    const plan = readJson(path);
    expect([plan.kind, plan.command, plan.baseUrl, plan.organization]).toEqual(['organization', 'members sync', baseUrl(), 'lab']);
    expect(plan.body.plan).toEqual({ changes: [], unchanged: [], notMember: [], kept: [], keptNamed: [] });
    expect(plan.body.state).toEqual([]);
    expect(plan.body.options).toEqual({ force: false, maxOrgRemovals: '5%', concurrency: 8 });
    expect(plan.body.teams.teams.map((t: { team: string }) => t.team)).toEqual(['t']);
    expect(plan.body.invitations.invitees.map((i: { email: string }) => i.email)).toEqual(['known@example.com']);
    const report = join(configDir, 'invited.csv');
    const applied = await run(['apply', path, '--report', report]);
    expect(applied.code, applied.stderr).toBe(0);
    expect(csvRows(report).filter((row) => row[3] === 'add').map((row) => row.slice(0, 5))).toEqual([
      ['t', 't', email(6), 'add', 'added'],
      ['t', '', 'known@example.com', 'add', 'added'],
    ]);
    expect(team('t')).toEqual([uid(1), uid(2), uid(3), uid(6), 'known1'].sort());
  });

  it('--org-roles with --invite: the plan keeps the role changes, the team changes and the invitations; apply sends each once', async () => {
    const { run, configDir } = await start({ TEAMCTL_TEAM: 't' });
    const path = join(configDir, 'roles-invite.json');
    const roster = file(['email,orgRole', `${email(1)},`, `${email(2)},edit`, `${email(3)},`, 'known@example.com,comment']);
    const made = await run(['members', 'sync', '--roster', roster, '--org-roles', '--invite', '--plan-out', path]);
    expect(made.code, made.stderr).toBe(0);
    const plan = readJson(path);
    expect([plan.kind, plan.command, plan.organization]).toEqual(['organization', 'members sync', 'lab']);
    expect(plan.body.plan.changes).toEqual([{ action: 'role', user: { id: uid(2), email: email(2) }, from: 'read', to: 'edit' }]);
    expect(plan.body.teams.teams.map((t: { team: string }) => t.team)).toEqual(['t']);
    expect(plan.body.invitations.invitees).toEqual([{ email: 'known@example.com', role: 'comment', teams: [{ team: 't' }] }]);
    const applied = await run(['apply', path]);
    expect(applied.code, applied.stderr).toBe(0);
    expect(l().writes().filter((w) => !w.startsWith('PUT'))).toEqual([`PATCH /v1/orgs/lab/members/${uid(2)}`, 'POST /v1/orgs/lab/invites']);
    expect([roles()[uid(2)], roles().known1]).toEqual(['edit', 'comment']);
    expect(team('t')).toEqual([uid(1), uid(2), uid(3), 'known1'].sort());
  });

  it('--prune-organization alone changes no role, whatever the orgRole column says', async () => {
    const { run } = await start();
    const roster = file(['team,email,role,orgRole', `t,${email(1)},owner,admin`, `t,${email(2)},,edit`, `t,${email(3)},,`, `v,${email(4)},owner,`, `v,${email(5)},,`, `v,${email(6)},,`, `v,${email(7)},,`]);
    const r = await run(['members', 'sync', '--roster', roster, '--prune-organization', '--max-org-removals', '1', '--yes']);
    expect(r.code, r.stderr).toBe(0);
    expect(l().writes().filter((w) => !w.startsWith('PUT'))).toEqual([`DELETE /v1/orgs/lab/members/${uid(8)}`]);
    expect(roles()[uid(2)]).toBe('read');
  });
});

describe('apply of a saved organization plan: what makes it stale', () => {
  /** A set-role plan for u3 (read → edit), its file edited by `edit`. */
  async function edited(edit: (body: Record<string, any>) => void): Promise<string> { // eslint-disable-line @typescript-eslint/no-explicit-any
    const { run, configDir } = await start();
    const path = join(configDir, 'edited.json');
    expect((await run(['users', 'set-role', uid(3), '--role', 'edit', '--plan-out', path])).code).toBe(0);
    const plan = readJson(path);
    edit(plan.body);
    writeFileSync(path, JSON.stringify(plan));
    return path;
  }

  it('a state two lines longer than what it was made from: those lines are missing now', async () => {
    const path = await edited((body) => body.state.push(`${uid(4)}: read`, `${uid(5)}: edit`));
    const r = await l().run(['apply', path]);
    expect(r.code).toBe(3);
    expect(r.stderr).toContain(`error: the members of organization lab changed since the plan was made: ${uid(4)}: read is now missing; ${uid(5)}: edit is now missing; nothing was sent`);
    expect(r.stderr).toContain('make a new plan (--plan-out) and have it reviewed again');
    expect(roles()[uid(3)]).toBe('read');
  });

  it('a state cut short, or emptied while the plan still changes members, is refused too, naming what it lacks', async () => {
    for (const edit of [(body: Record<string, any>) => body.state.pop(), (body: Record<string, any>) => (body.state = [])]) { // eslint-disable-line @typescript-eslint/no-explicit-any
      const path = await edited(edit);
      const r = await l().run(['apply', path]);
      expect(r.code).toBe(3);
      expect(r.stderr).toMatch(/error: the members of organization lab changed since the plan was made: \S[^;]*: \S+ is not in the plan's state(; [^;]+)*; nothing was sent/);
      expect(l().writes()).toEqual([]);
      await l().sandbox.close();
    }
  });

  it('an invitee who joined meanwhile under an e-mail written in other letters', async () => {
    const { run, configDir } = await start({ TEAMCTL_TEAM: 't' });
    const path = join(configDir, 'later.json');
    expect((await run(['members', 'add', 'Later@Example.com', '--invite', '--plan-out', path])).code).toBe(0);
    l().sandbox.store.addUser('lab', { id: 'later1', displayName: 'Later', email: ' later@example.COM', role: 'read', disabled: false, joinedAt: new Date().toISOString(), sso: false, spaces: 0, sites: 0 });
    const stale = await run(['apply', path]);
    expect(stale.code).toBe(3);
    expect(stale.stderr).toContain('error: the members of organization lab changed since the plan was made: Later@Example.com joined the organization; nothing was sent');
    expect(l().writes()).toEqual([]);
  });

  it('a member the listing shows without an e-mail does not stop the check of who joined', async () => {
    const { run, configDir, sandbox } = await start({ TEAMCTL_TEAM: 't' });
    const path = join(configDir, 'later.json');
    expect((await run(['members', 'add', 'later@example.com', '--invite', '--plan-out', path])).code).toBe(0);
    const listed = await fetch(`${sandbox.url}/v1/orgs/lab/members?limit=1000`, { headers: { authorization: `Bearer ${sandbox.token}` } });
    const page = JSON.stringify(await listed.json()).replace(`"email":"${email(8)}",`, '');
    expect(page).not.toContain(email(8));
    sandbox.intercept((req) => (req.method === 'GET' && req.path === '/v1/orgs/lab/members' && req.query.search === undefined ? { kind: 'respond', status: 200, body: JSON.parse(page) } : undefined));
    const applied = await run(['apply', path]);
    expect(applied.code, applied.stderr).toBe(0);
    expect(sandbox.store.members.invitations('lab').map((i) => i.email)).toEqual(['later@example.com']);
  });
});
