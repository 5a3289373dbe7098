// A saved organization plan's body (src/organization/savedPlan.ts; README, "Review, then apply"): a
// plan file comes from outside, so every field is checked and a wrong one is named by its path —
// each row below breaks one field of a valid body and expects exactly that path in the message.
import { describe, expect, it } from 'vitest';
import { ShapeError } from '../../src/engine/shape.js';
import { orgPlanBody } from '../../src/organization/savedPlan.js';

const teams = () => ({
  teams: [
    {
      team: 't',
      state: { digest: 'sha256:y', members: [['u1', 'a@b.co', 'owner']] },
      plan: { add: [], remove: [{ user: { id: 'u2', email: null }, role: 'member', pruned: false }], roleChanges: [], unchanged: 1, notMember: [] },
      unchanged: [{ id: 'u1', email: 'a@b.co' }],
    },
  ],
  options: { force: false, batchSize: 100, concurrency: 8, maxRemovals: null },
});

const invitations = () => ({
  invitees: [
    { email: 'new@b.co', role: 'edit', teams: [{ team: 't', role: 'owner' }, { team: 'v' }] },
    { email: 'guest@b.co', role: null, teams: [] },
  ],
  pending: [{ email: 'old@b.co', invitedAt: '2026-11-20T10:00:00.000Z' }],
  sso: false,
  reinviteAfterDays: 7,
  batchSize: 100,
  concurrency: 8,
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const body = (): Record<string, any> => ({
  plan: {
    changes: [
      { action: 'role', user: { id: 'u3', email: 'c@b.co' }, from: 'read', to: 'edit' },
      { action: 'role', user: { id: 'u4', email: null }, from: null, to: 'admin' },
      { action: 'remove', user: { id: 'u5', email: 'e@b.co' }, role: 'review', pruned: true },
      { action: 'remove', user: { id: 'u6', email: null }, role: null, pruned: false },
    ],
    unchanged: [{ id: 'u7', email: null }],
    notMember: [{ id: null, email: 'x@b.co' }],
    kept: [{ id: 'u8', email: 'h@b.co' }],
    keptNamed: [{ id: 'u9', email: null }],
  },
  state: ['u3: read', 'u4: guest', 'admins: u1', 'caller: u1'],
  options: { force: true, maxOrgRemovals: '5%', concurrency: 8 },
});

type Edit = (b: Record<string, any>) => void; // eslint-disable-line @typescript-eslint/no-explicit-any
const refused = (make: () => object, edit: Edit): string => {
  const b = make() as Record<string, unknown>;
  edit(b);
  try {
    orgPlanBody(b);
  } catch (err) {
    expect(err).toBeInstanceOf(ShapeError);
    return (err as Error).message;
  }
  throw new Error('accepted');
};
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const full = (): Record<string, any> => ({ ...body(), teams: teams(), invitations: invitations() });

describe('saved organization plans', () => {
  it('reads a valid body as it was written: role changes and removals, guests as null, no teams or invitations', () => {
    const read = orgPlanBody(body());
    expect(read).toEqual(body());
    expect(read).not.toHaveProperty('teams');
    expect(read).not.toHaveProperty('invitations');
  });

  it('reads the team changes and invitations that go with it; a team without a role keeps none', () => {
    const read = orgPlanBody(full());
    expect(read.teams).toEqual(teams());
    expect(read.invitations).toEqual(invitations());
    expect(read.invitations?.invitees[0]?.teams).toEqual([{ team: 't', role: 'owner' }, { team: 'v', role: undefined }]);
    expect(read.invitations?.invitees[1]?.role).toBeNull();
  });

  it('takes the smallest numbers each field allows', () => {
    const b = full();
    b.invitations = { ...b.invitations, reinviteAfterDays: 0.5, batchSize: 1, concurrency: 1 };
    b.options = { ...b.options, concurrency: 1 };
    const read = orgPlanBody(b);
    expect([read.invitations?.reinviteAfterDays, read.invitations?.batchSize, read.invitations?.concurrency, read.options.concurrency]).toEqual([0.5, 1, 1, 1]);
  });

  it('names the body itself when it is not an object', () => {
    expect(() => orgPlanBody(null)).toThrow(new ShapeError('body is not an object'));
  });

  it('refuses a change named twice; one user may have a role change and a removal', () => {
    const b = body();
    b.plan.changes.push({ action: 'role', user: { id: 'u3', email: null }, from: 'edit', to: 'read' });
    expect(() => orgPlanBody(b)).toThrow(new ShapeError('body.plan.changes names one change twice'));
    const both = body();
    both.plan.changes.push({ action: 'remove', user: { id: 'u3', email: 'c@b.co' }, role: 'read', pruned: false });
    expect(orgPlanBody(both).plan.changes).toHaveLength(5);
  });

  it('checks the team changes as a members plan', () => {
    // Each path is the field's own, from the plan's body (`body.teams.teams[0]…`).
    expect(refused(full, (b) => (b.teams.teams[0].plan.remove[0].role = 'admin'))).toBe('body.teams.teams[0].plan.remove[0].role is not one of owner, member');
    expect(refused(full, (b) => (b.teams = null))).toBe('body.teams is not an object');
    expect(refused(full, (b) => (b.teams.teams = []))).toBe('body.teams.teams is empty');
    expect(refused(full, (b) => delete b.teams.options.force)).toMatch(/^body\.teams\.options\.force /);
    expect(refused(full, (b) => (b.teams.teams = [b.teams.teams[0], b.teams.teams[0]]))).toMatch(/^body\.teams\.teams\[1\] names team "t" again \(as body\.teams\.teams\[0\] does\)$/);
  });

  it.each([
    ['a space', 'new hire@b.co'],
    ['no @', 'new.b.co'],
    ['two @', 'new@b@co'],
    ['nothing before the @', '@b.co'],
    ['nothing after the @', 'new@'],
    ['a line break after it', 'new@b.co\n'],
    ['a space before it', ' new@b.co'],
  ])('refuses an invitee whose e-mail has %s', (_, address) => {
    const b = full();
    b.invitations.invitees[0].email = address;
    expect(() => orgPlanBody(b)).toThrow(new ShapeError('body.invitations.invitees[0].email: not an e-mail'));
    const p = full();
    p.invitations.pending[0] = { email: address, invitedAt: 'x' };
    expect(() => orgPlanBody(p)).toThrow(new ShapeError('body.invitations.pending[0].email: not an e-mail'));
  });

  it.each([
    ['body.plan', 'is not an object', (b) => (b.plan = [])],
    ['body.options', 'is not an object', (b) => delete b.options],
    ['body.plan.changes', 'is not a list', (b) => (b.plan.changes = {})],
    ['body.plan.changes[0]', 'is not an object', (b) => (b.plan.changes[0] = 'u3')],
    ['body.plan.changes[0].action', 'is not one of role, remove, sso', (b) => (b.plan.changes[0].action = 'add')],
    ['body.plan.changes[0].user', 'is not an object', (b) => (b.plan.changes[0].user = 'u3')],
    ['body.plan.changes[0].user.id', 'is not a string', (b) => (b.plan.changes[0].user.id = null)],
    ['body.plan.changes[0].user.email', 'is not a string', (b) => (b.plan.changes[0].user.email = 3)],
    ['body.plan.changes[0].from', 'is not one of admin, create, edit, review, comment, read', (b) => (b.plan.changes[0].from = 'owner')],
    ['body.plan.changes[0].to', 'is not one of admin, create, edit, review, comment, read', (b) => delete b.plan.changes[0].to],
    ['body.plan.changes[2].user', 'is not an object', (b) => delete b.plan.changes[2].user],
    ['body.plan.changes[2].user.id', 'is not a string', (b) => (b.plan.changes[2].user.id = 5)],
    ['body.plan.changes[2].role', 'is not one of admin, create, edit, review, comment, read', (b) => (b.plan.changes[2].role = 'guest')],
    ['body.plan.changes[2].pruned', 'is not true or false', (b) => (b.plan.changes[2].pruned = 'yes')],
    ['body.plan.unchanged', 'is not a list', (b) => (b.plan.unchanged = null)],
    ['body.plan.unchanged[0]', 'has neither id nor email', (b) => (b.plan.unchanged[0] = { id: null, email: null })],
    ['body.plan.notMember', 'is not a list', (b) => delete b.plan.notMember],
    ['body.plan.notMember[0].email', 'is not a string', (b) => (b.plan.notMember[0].email = 1)],
    ['body.plan.kept', 'is not a list', (b) => (b.plan.kept = 'u8')],
    ['body.plan.kept[0]', 'is not an object', (b) => (b.plan.kept[0] = 'u8')],
    ['body.plan.keptNamed', 'is not a list', (b) => delete b.plan.keptNamed],
    ['body.plan.keptNamed[0].id', 'is not a string', (b) => (b.plan.keptNamed[0].id = 9)],
    ['body.state', 'is not a list', (b) => (b.state = 'admins: u1')],
    ['body.state[1]', 'is not a string', (b) => (b.state[1] = null)],
    ['body.options.force', 'is not true or false', (b) => (b.options.force = 'no')],
    ['body.options.maxOrgRemovals', 'is not a string', (b) => (b.options.maxOrgRemovals = 5)],
    ['body.options.concurrency', 'is not a whole number of at least 1', (b) => (b.options.concurrency = 0)],
    ['body.invitations', 'is not an object', (b) => (b.invitations = [])],
    ['body.invitations.invitees', 'is not a list', (b) => delete b.invitations.invitees],
    ['body.invitations.invitees[1]', 'is not an object', (b) => (b.invitations.invitees[1] = 'guest@b.co')],
    ['body.invitations.invitees[0].email', 'is not a string', (b) => (b.invitations.invitees[0].email = null)],
    ['body.invitations.invitees[0].role', 'is not one of admin, create, edit, review, comment, read', (b) => (b.invitations.invitees[0].role = 'owner')],
    ['body.invitations.invitees[0].teams', 'is not a list', (b) => (b.invitations.invitees[0].teams = 't')],
    ['body.invitations.invitees[0].teams[1]', 'is not an object', (b) => (b.invitations.invitees[0].teams[1] = 'v')],
    ['body.invitations.invitees[0].teams[1].team', 'is not a string', (b) => (b.invitations.invitees[0].teams[1].team = 2)],
    ['body.invitations.invitees[0].teams[0].role', 'is not one of owner, member', (b) => (b.invitations.invitees[0].teams[0].role = null)],
    ['body.invitations.pending', 'is not a list', (b) => (b.invitations.pending = {})],
    ['body.invitations.pending[0]', 'is not an object', (b) => (b.invitations.pending[0] = 'old@b.co')],
    ['body.invitations.pending[0].email', 'is not a string', (b) => delete b.invitations.pending[0].email],
    ['body.invitations.pending[0].invitedAt', 'is not a string', (b) => (b.invitations.pending[0].invitedAt = 0)],
    ['body.invitations.sso', 'is not true or false', (b) => (b.invitations.sso = null)],
    ['body.invitations.reinviteAfterDays', 'is not a number of days from 0 to 3650', (b) => (b.invitations.reinviteAfterDays = -1)],
    ['body.invitations.reinviteAfterDays', 'is not a number of days from 0 to 3650', (b) => (b.invitations.reinviteAfterDays = 3650.5)],
    ['body.invitations.batchSize', 'is not a whole number of at least 1', (b) => (b.invitations.batchSize = 0)],
    ['body.invitations.concurrency', 'is not a whole number of at least 1', (b) => (b.invitations.concurrency = 0)],
  ] as [string, string, Edit][])('names %s when it is wrong', (path, words, edit) => {
    expect(refused(full, edit)).toBe(`${path} ${words}`);
  });
});
