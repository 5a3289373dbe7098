// SSO members from the roster, end to end (`teamctl help organization`, "SSO members"):
// `members sync --set-sso` makes exactly the members whose `sso` cell says so SSO members (POST
// …/members/{userId}/sso) as part of the one organization plan — dry run, --plan-out then apply,
// --report, --keep, the guard on a caller who is not an admin — and a second run sends nothing;
// `--invite --sso` invites new people as SSO members. The sandbox's members are the reference.
import { readFileSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { SandboxOptions } from '../../src/sandbox/server.js';
import { email, rosterFiles, startLab, uid, type Lab } from './lab.js';

let lab: Lab | undefined;
afterEach(async () => {
  await lab?.sandbox.close();
  lab = undefined;
});

const file = rosterFiles('org-sso');
const dir = mkdtempSync(join(tmpdir(), 'teamctl-org-sso-'));

/** Six users in `lab`, u1 admin; team eng of u1–u4; u4 an SSO member already. */
async function start(options: SandboxOptions = {}): Promise<Lab> {
  lab = await startLab(6, { eng: [1, 2, 3, 4] }, options);
  lab.sandbox.store.members.setSso('lab', uid(4));
  return lab;
}

/** The roster: u2 and u3 marked SSO, u4 (SSO already) too, u1 empty, u5 (a new team member) no. */
const roster = (): string =>
  file(['team,email,role,sso', `eng,${email(1)},owner,`, `eng,${email(2)},member,yes`, `eng,${email(3)},member,TRUE`, `eng,${email(4)},member,true`, `eng,${email(5)},member,no`]);

const ssoOf = (l: Lab): string[] => l.sandbox.store.users('lab').filter((u) => u.sso).map((u) => u.id);
const ssoPosts = (l: Lab, from = 0): string[] => l.writes(from).filter((w) => w.endsWith('/sso'));

describe('members sync --set-sso', () => {
  it('makes exactly the members the roster marks SSO members, with the team changes, in one plan; a second run sends nothing', async () => {
    const l = await start();
    const path = roster();
    const r = await l.run(['members', 'sync', '--roster', path, '--set-sso', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(ssoOf(l)).toEqual([uid(2), uid(3), uid(4)]);
    expect(l.writes()).toEqual([`POST /v1/orgs/lab/members/${uid(2)}/sso`, `POST /v1/orgs/lab/members/${uid(3)}/sso`, `PUT /v1/orgs/lab/teams/eng/members`]);
    expect(l.team('eng')[uid(5)]).toBe('member');
    const report = JSON.parse(r.stdout) as { ssoMemberSet: { id: string }[]; verified: boolean };
    expect(report.ssoMemberSet.map((u) => u.id)).toEqual([uid(2), uid(3)]);
    expect(report.verified).toBe(true);
    expect(l.sandbox.store.audit.query('lab', {}).filter((e) => e.action === 'member.sso_set').map((e) => e.target.id).sort()).toEqual([uid(2), uid(3)]);

    const mark = l.sandbox.requests.length;
    const again = await l.run(['members', 'sync', '--roster', path, '--set-sso', '--dry-run', '--exit-code']);
    expect(again.code, again.stdout).toBe(0);
    const applied = await l.run(['members', 'sync', '--roster', path, '--set-sso']);
    expect(applied.code).toBe(0);
    expect(l.writes(mark)).toEqual([]);
  });

  it('an answer of the wrong shape is an unknown outcome the members read back settle: applied when they show it, else unknown (exit 6: partial)', async () => {
    const l = await start();
    l.sandbox.intercept((req) => (req.path.endsWith(`/${uid(2)}/sso`) ? { kind: 'applyThenBody', body: { ok: true } } : req.path.endsWith(`/${uid(3)}/sso`) ? { kind: 'respond', status: 200, body: [] } : undefined));
    const r = await l.run(['members', 'sync', '--roster', roster(), '--set-sso', '--json']);
    expect(r.code).toBe(6);
    expect(ssoOf(l)).toEqual([uid(2), uid(4)]);
    const report = JSON.parse(r.stdout) as { ssoMemberSet: { id: string }[]; unknown: { user: { id: string }; action: string }[] };
    expect(report.ssoMemberSet.map((u) => u.id)).toEqual([uid(2)]);
    expect(report.unknown.map((u) => [u.user.id, u.action])).toEqual([[uid(3), 'sso-member']]);
    // Sent once each: a wrong shape is never sent again within the run.
    expect(ssoPosts(l)).toEqual([`POST /v1/orgs/lab/members/${uid(2)}/sso`, `POST /v1/orgs/lab/members/${uid(3)}/sso`]);
    l.sandbox.clearIntercepts();
    const again = await l.run(['members', 'sync', '--roster', roster(), '--set-sso']);
    expect(again.code, again.stderr).toBe(0);
    expect(ssoOf(l)).toEqual([uid(2), uid(3), uid(4)]);
  });

  it('without the flag the sso column changes nothing, whatever it holds', async () => {
    const l = await start();
    const path = file(['team,email,sso', `eng,${email(2)},yes`, `eng,${email(3)},whatever`]);
    const r = await l.run(['members', 'sync', '--roster', path]);
    expect(r.code, r.stderr).toBe(0);
    expect(ssoPosts(l)).toEqual([]);
    expect(ssoOf(l)).toEqual([uid(4)]);
  });

  it('a dry run shows each SSO member to be made and sends nothing; --exit-code says drift', async () => {
    const l = await start();
    const r = await l.run(['members', 'sync', '--roster', roster(), '--set-sso', '--dry-run', '--exit-code']);
    expect(r.code).toBe(8);
    // (The plan goes to stderr, the report to stdout.)
    expect(r.stderr).toContain('Organization lab: 0 organization role changes, 2 made SSO members, 0 out of the organization\n');
    expect(r.stderr).toContain(`  ~ ${email(2)}: made an SSO member\n  ~ ${email(3)}: made an SSO member\n`);
    expect(l.writes()).toEqual([]);
    expect(ssoOf(l)).toEqual([uid(4)]);
  });

  it('--plan-out keeps them in the plan; apply sends exactly them, with --report rows; a member made SSO since makes the plan stale', async () => {
    const l = await start();
    const plan = join(dir, 'plan.json');
    const out = await l.run(['members', 'sync', '--roster', roster(), '--set-sso', '--plan-out', plan]);
    expect(out.code, out.stderr).toBe(0);
    expect(l.writes()).toEqual([]);
    const saved = JSON.parse(readFileSync(plan, 'utf8')) as { kind: string; body: { plan: { changes: { action: string; user: { id: string } }[] } } };
    expect(saved.kind).toBe('organization');
    expect(saved.body.plan.changes).toEqual([
      { action: 'sso', user: { id: uid(2), email: email(2) } },
      { action: 'sso', user: { id: uid(3), email: email(3) } },
    ]);
    const shown = await l.run(['apply', '--show', plan]);
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toMatch(new RegExp(`sso-member.*${email(2)}.*made an SSO member`));
    const report = join(dir, 'report.csv');
    const applied = await l.run(['apply', plan, '--report', report]);
    expect(applied.code, applied.stderr).toBe(0);
    expect(ssoPosts(l)).toEqual([`POST /v1/orgs/lab/members/${uid(2)}/sso`, `POST /v1/orgs/lab/members/${uid(3)}/sso`]);
    expect(ssoOf(l)).toEqual([uid(2), uid(3), uid(4)]);
    expect(readFileSync(report, 'utf8')).toContain(`,,${email(2)},sso-member,applied,200,made an SSO member\n`);

    const stale = join(dir, 'stale.json');
    l.sandbox.store.members.setSso('lab', uid(5));
    const path = file(['team,email,sso', `eng,${email(5)},yes`, `eng,${email(6)},yes`]);
    expect((await l.run(['members', 'sync', '--roster', path, '--set-sso', '--plan-out', stale])).code).toBe(0);
    l.sandbox.store.members.setSso('lab', uid(6));
    const mark = l.sandbox.requests.length;
    const refused = await l.run(['apply', stale]);
    expect(refused.code).toBe(3);
    expect(refused.stderr).toContain(`${uid(6)}: read is now ${uid(6)}: read, sso`);
    expect(l.writes(mark)).toEqual([]);
  });

  it('--keep protects a break-glass account from it; a caller who is not an admin is refused, nothing sent', async () => {
    const l = await start();
    const r = await l.run(['members', 'sync', '--roster', roster(), '--set-sso', '--keep', email(3), '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(ssoPosts(l)).toEqual([`POST /v1/orgs/lab/members/${uid(2)}/sso`]);
    expect((JSON.parse(r.stdout) as { kept: { id: string }[] }).kept.map((u) => u.id)).toEqual([uid(3)]);
    await l.sandbox.close();

    const editor = await start({ callerRole: 'edit' });
    const refused = await editor.run(['members', 'sync', '--roster', roster(), '--set-sso', '--dry-run']);
    expect(refused.code).toBe(3);
    expect(refused.stderr).toContain("setting SSO members needs an admin, and the token's user is edit in the organization (2 SSO members planned)");
    expect(editor.writes()).toEqual([]);
  });

  it('needs a roster with an sso column, and refuses a bad cell naming its line: exit 2, nothing sent', async () => {
    const l = await start();
    const none = await l.run(['members', 'sync', '--roster', file(['team,email', `eng,${email(2)}`]), '--set-sso']);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/--set-sso reads the roster's "sso" column \(true or yes: an SSO member\), and .*roster\d+\.csv has none/);
    const bad = file(['team,email,sso', `eng,${email(2)},yes`, `eng,${email(3)},enabled`]);
    const badCell = await l.run(['members', 'sync', '--roster', bad, '--set-sso']);
    expect(badCell.code).toBe(2);
    expect(badCell.stderr).toContain(`${bad}:3: unknown sso value "enabled"`);
    expect((await l.run(['members', 'sync', '--add', email(5), '--team', 'eng', '--set-sso'])).code).toBe(2);
    expect(l.sandbox.requests.filter((q) => q.method !== 'GET')).toEqual([]);
  });
});

describe('members sync --group-map --set-sso', () => {
  it("makes SSO members those the group export marks SSO, in the directory sync's one plan; a second run sends nothing", async () => {
    const l = await start();
    const exported = file(['email,groups,sso', `${email(1)},eng-all;eng-leads,`, `${email(2)},eng-all,yes`, `${email(3)},eng-all,no`, `${email(4)},eng-all,yes`]);
    const map = file(['group,team,role', 'eng-all,eng,member', 'eng-leads,eng,owner']);
    const r = await l.run(['members', 'sync', '--roster', exported, '--group-map', map, '--set-sso', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(ssoPosts(l)).toEqual([`POST /v1/orgs/lab/members/${uid(2)}/sso`]);
    expect(ssoOf(l)).toEqual([uid(2), uid(4)]);
    const mark = l.sandbox.requests.length;
    expect((await l.run(['members', 'sync', '--roster', exported, '--group-map', map, '--set-sso'])).code).toBe(0);
    expect(ssoPosts(l, mark)).toEqual([]);
  });
});

describe('members sync --invite --sso', () => {
  it('invites the new people as SSO members: one who joins at once is one, one pending joins as one when they accept', async () => {
    const l = await start();
    l.sandbox.store.members.addAccount({ id: 'u-known', displayName: 'Known', email: 'known@example.com' });
    const path = file(['team,email', `eng,${email(1)}`, 'eng,known@example.com', 'eng,new.hire@example.com']);
    const r = await l.run(['members', 'sync', '--roster', path, '--invite', '--sso']);
    expect(r.code, r.stderr).toBe(0);
    const invite = l.sandbox.requests.find((q) => q.method === 'POST' && q.path === '/v1/orgs/lab/invites');
    expect(invite?.body).toMatchObject({ sso: true });
    expect(l.sandbox.store.getUser('lab', 'u-known')?.sso).toBe(true);
    expect(l.team('eng')['u-known']).toBe('member');
    expect(l.sandbox.store.members.invitations('lab').map((i) => [i.email, i.sso])).toEqual([['new.hire@example.com', true]]);
    const joined = l.sandbox.store.acceptInvitation('lab', 'new.hire@example.com');
    expect(joined.sso).toBe(true);
  });
});
