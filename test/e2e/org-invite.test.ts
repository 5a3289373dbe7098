// Joiners (`teamctl help organization`, "Joiners"), end to end against the sandbox: --invite invites the users outside
// the organization, places those who join in their teams in the same run, records the pending ones
// and does not invite them again before --reinvite-after. The sandbox's state and request log are
// the reference: an e-mail of an account the sandbox knows joins at once, any other stays pending.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { email, rosterFiles, startLab, uid, type Lab } from './lab.js';

let lab: Lab;
beforeEach(async () => {
  // Organization lab: u1–u6; team t: u1 owner, u2, u3. known@example.com is an account the sandbox knows.
  lab = await startLab(6, { t: [1, 2, 3] }, {}, { TEAMCTL_TEAM: 't' });
  lab.sandbox.store.members.addAccount({ id: 'known1', displayName: 'Known One', email: 'known@example.com' });
});
afterEach(async () => {
  await lab.sandbox.close();
});

const file = rosterFiles('invite');
const run = (args: string[]) => lab.run(args);
const team = (): Record<string, string> => lab.team('t');
const invites = (from = 0) => lab.sandbox.requests.slice(from).filter((q) => q.method === 'POST' && q.path === '/v1/orgs/lab/invites');
const writes = (from = 0) => lab.writes(from);
const roster = ['email,role,orgRole', `${email(1)},owner,`, email(2) + ',,', email(3) + ',,', 'new.hire@example.com,,', 'known@example.com,owner,edit'];

describe('members sync --invite', () => {
  it('an invitation-only run: the plan says the invitee is added to the team once joined, as the result then says', async () => {
    const invited = await run(['members', 'sync', '--roster', file(['email', email(1), email(2), email(3), 'known@example.com']), '--invite']);
    expect(invited.code, invited.stderr).toBe(0);
    expect(invited.stderr).toContain('Invitations to organization lab: 1 to invite, 0 pending; who joins is then added to their teams (1 to add)');
    expect(invited.stderr).toMatch(/Done: 1 added/);
    expect(team()).toMatchObject({ known1: 'member' });
  });

  it('invites the joiners, places those who joined in the team at once, records the pending ones', async () => {
    const r = await run(['members', 'sync', '--roster', file(roster), '--invite', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(invites().map((q) => q.body)).toEqual([{ emails: [{ email: 'new.hire@example.com', role: 'read' }, { email: 'known@example.com', role: 'edit' }] }]);
    // known@example.com joined as edit, and is in the team as owner; new.hire is invited, pending.
    expect(lab.sandbox.store.getUser('lab', 'known1')?.role).toBe('edit');
    expect(team()).toEqual({ [uid(1)]: 'owner', [uid(2)]: 'member', [uid(3)]: 'member', known1: 'owner' });
    expect(lab.sandbox.store.members.invitations('lab').map((i) => i.email)).toEqual(['new.hire@example.com']);
    const json = JSON.parse(r.stdout) as { invited: { email: string }[]; pending: { email: string }[] };
    expect(json.invited.map((u) => u.email).sort()).toEqual(['known@example.com', 'new.hire@example.com']);
    expect(json.pending.map((u) => u.email)).toEqual(['new.hire@example.com']);
    // Both are recorded in the journal, teamctl's own file: private.
    const journals = readdirSync(join(lab.configDir, 'journal')).filter((n) => n.endsWith('.json'));
    expect(journals).toHaveLength(1);
    const path = join(lab.configDir, 'journal', journals[0] as string);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    const recorded = (JSON.parse(readFileSync(path, 'utf8')) as { writes: { kind: string; email: string; outcome: string }[] }).writes;
    expect(recorded.map((w) => [w.kind, w.email, w.outcome])).toEqual([
      ['invitation', 'new.hire@example.com', 'invited'],
      ['invitation', 'known@example.com', 'invited'],
    ]);
  });

  it('an invitee who joined is found by their e-mail in any capitals: the service lists them in other ones than the roster, and they are placed that run, not pending', async () => {
    lab.sandbox.store.members.addAccount({ id: 'mixed1', displayName: 'Mixed Case', email: 'Mixed.Case@Example.com' });
    const r = await run(['members', 'sync', '--roster', file(['email,role', `${email(1)},owner`, email(2) + ',', email(3) + ',', 'mixed.CASE@example.COM,owner']), '--invite', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(invites()).toHaveLength(1);
    // The service lists the member as the account is spelled, not as the roster spells it.
    expect(lab.sandbox.store.getUser('lab', 'mixed1')?.email).toBe('Mixed.Case@Example.com');
    expect(team()).toEqual({ [uid(1)]: 'owner', [uid(2)]: 'member', [uid(3)]: 'member', mixed1: 'owner' });
    const json = JSON.parse(r.stdout) as { pending: unknown[]; placed: { team: string; added: { id: string }[] }[] };
    expect(json.pending).toEqual([]);
    expect(r.stderr).not.toContain('pending: placed in their teams by a run after they join');
    // Nothing is left for a second run to do.
    const mark = lab.sandbox.requests.length;
    expect((await run(['members', 'sync', '--roster', file(['email,role', `${email(1)},owner`, email(2) + ',', email(3) + ',', 'mixed.CASE@example.COM,owner']), '--invite'])).code).toBe(0);
    expect(writes(mark)).toEqual([]);
  });

  it('a second run sends nothing while the invitee is pending, yet a drift check counts them (exit 8); once they join, they are placed', async () => {
    const path = file(roster);
    expect((await run(['members', 'sync', '--roster', path, '--invite'])).code).toBe(0);
    const mark = lab.sandbox.requests.length;
    const again = await run(['members', 'sync', '--roster', path, '--invite']);
    expect(again.code, again.stderr).toBe(0);
    expect(writes(mark)).toEqual([]);
    expect(again.stderr).toContain('new.hire@example.com invited');
    const drift = await run(['members', 'sync', '--roster', path, '--invite', '--dry-run', '--exit-code']);
    expect(drift.code).toBe(8);
    // The invitee accepts: a member now, added to the team by the next run without an invitation.
    const hire = lab.sandbox.store.acceptInvitation('lab', 'new.hire@example.com');
    const placed = await run(['members', 'sync', '--roster', path, '--invite']);
    expect(placed.code, placed.stderr).toBe(0);
    expect(invites(mark)).toEqual([]);
    expect(team()).toMatchObject({ [hire.id]: 'member' });
    const mark2 = lab.sandbox.requests.length;
    expect((await run(['members', 'sync', '--roster', path, '--invite'])).code).toBe(0);
    expect(writes(mark2)).toEqual([]);
  });

  it('--reinvite-after 0 invites a pending invitee again', async () => {
    const path = file(['email', email(1), 'new.hire@example.com']);
    expect((await run(['members', 'sync', '--roster', path, '--invite'])).code).toBe(0);
    expect((await run(['members', 'sync', '--roster', path, '--invite', '--reinvite-after', '0'])).code).toBe(0);
    expect(invites()).toHaveLength(2);
  });

  it('an invitation whose answer is lost is recorded and settled by the listing, never sent again', async () => {
    lab.sandbox.intercept((req) => (req.method === 'POST' ? { kind: 'applyThenReset' } : undefined));
    const path = file(['email', email(1), 'new.hire@example.com']);
    const r = await run(['members', 'sync', '--roster', path, '--invite']);
    // It may have gone out: unknown (exit 6), never reported failed, never sent again on a guess.
    expect(r.code).toBe(6);
    expect(r.stderr).toContain('recorded as sent, not invited again before --reinvite-after');
    expect(invites()).toHaveLength(1);
    lab.sandbox.intercept(() => undefined);
    const again = await run(['members', 'sync', '--roster', path, '--invite']);
    expect(again.code, again.stderr).toBe(0);
    expect(invites()).toHaveLength(1);
  });

  it('members add --invite --invite-role, and the refusals: an id, --skip-unknown, a team role', async () => {
    const r = await run(['members', 'add', 'known@example.com', '--invite', '--invite-role', 'comment', '--role', 'owner']);
    expect(r.code, r.stderr).toBe(0);
    expect(invites().map((q) => q.body)).toEqual([{ emails: [{ email: 'known@example.com', role: 'comment' }] }]);
    expect(team()).toMatchObject({ known1: 'owner' });
    const byId = await run(['members', 'add', 'u99999', '--invite']);
    expect(byId.code).toBe(2);
    expect(byId.stderr).toContain('an invitation goes to an e-mail');
    const both = await run(['members', 'add', 'x@example.com', '--invite', '--skip-unknown']);
    expect(both.code).toBe(2);
    const role = await run(['members', 'add', 'x@example.com', '--invite', '--invite-role', 'owner']);
    expect(role.code).toBe(2);
    expect(invites()).toHaveLength(1);
  });

  it('--plan-out, then apply: the invitations and the team changes exactly once; stale when an invitee joined meanwhile', async () => {
    const plan = join(lab.configDir, 'invite-plan.json');
    const made = await run(['members', 'sync', '--roster', file(roster), '--invite', '--plan-out', plan]);
    expect(made.code, made.stderr).toBe(0);
    expect(writes()).toEqual([]);
    const show = await run(['apply', '--show', plan, '-o', 'csv']);
    expect(show.stdout).toContain('organization,invite,new.hire@example.com,read; then t');
    const applied = await run(['apply', plan]);
    expect(applied.code, applied.stderr).toBe(0);
    expect(invites()).toHaveLength(1);
    expect(team()).toMatchObject({ known1: 'owner' });
    expect((await run(['apply', plan])).code).toBe(3);
    expect(invites()).toHaveLength(1);

    const second = join(lab.configDir, 'invite-plan2.json');
    expect((await run(['members', 'add', 'later@example.com', '--invite', '--plan-out', second])).code).toBe(0);
    // Invited by someone else meanwhile, and joined: in the organization, not (yet) in the team.
    lab.sandbox.store.addUser('lab', { id: 'later1', displayName: 'Later', email: 'later@example.com', role: 'read', disabled: false, joinedAt: new Date().toISOString(), sso: false, spaces: 0, sites: 0 });
    const stale = await run(['apply', second]);
    expect(stale.code).toBe(3);
    expect(stale.stderr).toContain('later@example.com joined the organization');
  });
});
