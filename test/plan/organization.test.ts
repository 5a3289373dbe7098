// The organization's members planner and its guards (`teamctl help organization`, "Organization roles and leavers").
import { describe, expect, it } from 'vitest';
import {
  isDemotion,
  maxOrgRemovalsAllowed,
  organizationRefusals,
  organizationState,
  parseOrganizationRole,
  planOrganizationMembers,
  type OrgMember,
} from '../../src/plan/organization.js';

const m = (id: string, role: OrgMember['role'], disabled = false): OrgMember => ({ id, email: `${id}@x.io`, role, disabled });
const members = [m('a1', 'admin'), m('a2', 'admin', true), m('e1', 'edit'), m('r1', 'read'), m('g1', null), m('r2', 'read')];
const ref = (id: string) => ({ id, email: null });
const byEmail = (e: string) => ({ id: null, email: e });
const guards = { maxRemovals: '100%', force: false };
const refusals = (plan: ReturnType<typeof planOrganizationMembers>, g: Partial<Parameters<typeof organizationRefusals>[2]> = {}) =>
  organizationRefusals(members, plan, { ...guards, ...g }, () => undefined).map((r) => r.what);

describe('roles', () => {
  it('reads the role names, guest as null, in any case', () => {
    expect(['admin', 'READ', ' guest ', 'owner', ''].map(parseOrganizationRole)).toEqual(['admin', 'read', null, undefined, undefined]);
  });
  it('orders the roles admin > create > edit > review > comment > read > guest', () => {
    const order = ['admin', 'create', 'edit', 'review', 'comment', 'read', null] as const;
    for (let i = 0; i + 1 < order.length; i++) {
      expect(isDemotion(order[i] ?? null, order[i + 1] ?? null)).toBe(true);
      expect(isDemotion(order[i + 1] ?? null, order[i] ?? null)).toBe(false);
    }
    expect(isDemotion('edit', 'edit')).toBe(false);
  });
});

describe('planOrganizationMembers', () => {
  it('plans role changes promotions first, by id or e-mail in any case; unchanged and non-members said', () => {
    const plan = planOrganizationMembers(members, {
      roles: [
        { user: ref('a1'), role: 'read', explicit: true },
        { user: byEmail('R1@X.IO'), role: 'admin', explicit: true },
        { user: ref('e1'), role: 'edit', explicit: true },
        { user: ref('zz'), role: 'edit', explicit: true },
        { user: ref('r2'), role: 'comment', explicit: false },
        { user: ref('r2'), role: 'admin', explicit: false },
      ],
    });
    expect(plan.changes.map((c) => (c.action === 'role' ? `${c.user.id}:${c.from}>${c.to}` : ''))).toEqual(['r1:read>admin', 'r2:read>comment', 'a1:admin>read']);
    expect(plan.unchanged).toEqual([{ id: 'e1', email: 'e1@x.io' }]);
    expect(plan.notMember).toEqual([ref('zz')]);
  });

  it('prunes every member not named, guests only when asked; kept users stay, a kept user named explicitly is removed with a note', () => {
    const prune = planOrganizationMembers(members, { pruneAllBut: [ref('a1'), byEmail('e1@x.io')], keep: [ref('r2')] });
    expect(prune.changes.map((c) => c.user.id)).toEqual(['a2', 'r1']);
    expect(prune.changes.every((c) => c.action === 'remove' && c.pruned)).toBe(true);
    expect(prune.kept.map((u) => u.id)).toEqual(['r2']);
    const guests = planOrganizationMembers(members, { pruneAllBut: [ref('a1'), ref('a2'), ref('e1'), ref('r1'), ref('r2')], pruneGuests: true });
    expect(guests.changes.map((c) => c.user.id)).toEqual(['g1']);
    const named = planOrganizationMembers(members, { remove: [ref('r2'), ref('r2'), ref('nobody')], keep: [ref('r2')] });
    expect(named.changes).toEqual([{ action: 'remove', user: { id: 'r2', email: 'r2@x.io' }, role: 'read', pruned: false }]);
    expect(named.keptNamed.map((u) => u.id)).toEqual(['r2']);
    expect(named.notMember).toEqual([ref('nobody')]);
  });

  it('a kept user is not demoted by a roster, but may be promoted; a removed user gets no role change', () => {
    const plan = planOrganizationMembers(members, {
      roles: [
        { user: ref('e1'), role: 'read', explicit: false },
        { user: ref('r1'), role: 'edit', explicit: false },
        { user: ref('r2'), role: 'edit', explicit: true },
      ],
      remove: [ref('r2')],
      keep: [ref('e1'), ref('r1')],
    });
    expect(plan.changes.map((c) => `${c.action} ${c.user.id}`)).toEqual(['role r1', 'remove r2']);
    expect(plan.kept.map((u) => u.id)).toEqual(['e1']);
  });
});

describe('organizationRefusals', () => {
  it("refuses the caller's removal or demotion, never its promotion", () => {
    expect(refusals(planOrganizationMembers(members, { remove: [ref('e1')] }), { caller: { id: 'e1', role: 'edit' } })).toEqual([expect.stringContaining('would remove e1@x.io, the user of the token')]);
    expect(refusals(planOrganizationMembers(members, { roles: [{ user: ref('e1'), role: 'read', explicit: true }] }), { caller: { id: 'e1' } })).toEqual([expect.stringContaining('would demote e1@x.io')]);
    expect(refusals(planOrganizationMembers(members, { roles: [{ user: ref('e1'), role: 'admin', explicit: true }] }), { caller: { id: 'e1' } })).toEqual([]);
  });

  it('refuses leaving no admin that is not disabled, however the admins go; promoting another first is fine', () => {
    expect(refusals(planOrganizationMembers(members, { remove: [ref('a1')] }))).toEqual([expect.stringContaining('without an admin that is not disabled')]);
    expect(refusals(planOrganizationMembers(members, { roles: [{ user: ref('a1'), role: 'create', explicit: true }] }))).toHaveLength(1);
    expect(refusals(planOrganizationMembers(members, { remove: [ref('a1')], roles: [{ user: ref('r1'), role: 'admin', explicit: true }] }))).toEqual([]);
    // A disabled member made admin is no admin to keep.
    const disabled = [...members, m('d1', 'read', true)];
    const plan = planOrganizationMembers(disabled, { remove: [ref('a1')], roles: [{ user: ref('d1'), role: 'admin', explicit: true }] });
    expect(organizationRefusals(disabled, plan, guards, () => undefined)).toHaveLength(1);
    // An organization without an active admin now is not guarded.
    const none = [m('a2', 'admin', true), m('r1', 'read')];
    expect(organizationRefusals(none, planOrganizationMembers(none, { remove: [ref('r1')] }), guards, () => undefined)).toEqual([]);
  });

  it('refuses role changes by a caller who is not an admin; removals alone are fine (they become requests)', () => {
    expect(refusals(planOrganizationMembers(members, { roles: [{ user: ref('r1'), role: 'edit', explicit: true }] }), { caller: { id: 'x', role: 'edit' } })).toEqual([
      expect.stringContaining("the token's user is edit"),
    ]);
    expect(refusals(planOrganizationMembers(members, { remove: [ref('r1')] }), { caller: { id: 'x', role: null } })).toEqual([]);
    expect(refusals(planOrganizationMembers(members, { roles: [{ user: ref('r1'), role: 'edit', explicit: true }] }), { caller: { id: 'x' } })).toEqual([]);
  });

  it('--max-org-removals: n as is, p% floored and at least 1; --force lets it through with a warning', () => {
    expect([maxOrgRemovalsAllowed('0', 50), maxOrgRemovalsAllowed('3', 50), maxOrgRemovalsAllowed('5%', 10), maxOrgRemovalsAllowed('5%', 100), maxOrgRemovalsAllowed('0%', 100), maxOrgRemovalsAllowed('100%', 7)]).toEqual([0, 3, 1, 5, 0, 7]);
    expect(() => maxOrgRemovalsAllowed('101%', 10)).toThrow(RangeError);
    expect(() => maxOrgRemovalsAllowed('x', 10)).toThrow(/--max-org-removals/);
    const plan = planOrganizationMembers(members, { remove: [ref('r1'), ref('r2')] });
    expect(refusals(plan, { maxRemovals: '1' })).toEqual([expect.stringContaining('removes 2 of 6 members of the organization, more than --max-org-removals 1 allows (1)')]);
    expect(refusals(plan, { maxRemovals: '2' })).toEqual([]);
    const warned: string[] = [];
    expect(organizationRefusals(members, plan, { maxRemovals: '1', force: true }, (w) => warned.push(w))).toEqual([]);
    expect(warned).toEqual([expect.stringContaining('going ahead because of --force')]);
  });
});

describe('organizationState', () => {
  it('holds what the plan touches, the active admins and the caller, not the other members', () => {
    const plan = planOrganizationMembers(members, { remove: [ref('r1')] });
    const state = organizationState(members, plan, 'a1');
    expect(state).toEqual(['r1: read', 'admins: a1', 'caller: a1']);
    expect(organizationState([...members, m('new', 'read')], plan, 'a1')).toEqual(state);
    expect(organizationState(members.filter((x) => x.id !== 'r1'), plan, 'a1')[0]).toBe('r1: absent');
    expect(organizationState(members.map((x) => (x.id === 'e1' ? { ...x, role: 'admin' as const } : x)), plan, 'a1')[1]).toBe('admins: a1 e1');
  });
});

describe('who a list names, and which asks are said', () => {
  it('a user named with an e-mail is that e-mail, whatever id goes with it; one named by id alone is that id', () => {
    const keep = [{ id: 'r2', email: 'someone-else@x.io' }, ref('r1')];
    const prune = planOrganizationMembers(members, { pruneAllBut: [ref('a1'), ref('a2'), ref('e1')], keep });
    expect(prune.kept.map((u) => u.id)).toEqual(['r1']);
    expect(prune.changes.map((c) => c.user.id)).toEqual(['r2']);
  });

  it('a named removal of a user who is not kept is no kept user named', () => {
    const plan = planOrganizationMembers(members, { remove: [ref('r1'), ref('r2')], keep: [ref('r2')] });
    expect(plan.changes.map((c) => c.user.id)).toEqual(['r1', 'r2']);
    expect(plan.keptNamed).toEqual([{ id: 'r2', email: 'r2@x.io' }]);
  });

  it('a prune does not remove again a user removed by name, and says them once', () => {
    const plan = planOrganizationMembers(members, { remove: [ref('r1')], pruneAllBut: [ref('a1'), ref('a2'), ref('e1'), ref('r2')] });
    expect(plan.changes).toEqual([{ action: 'remove', user: { id: 'r1', email: 'r1@x.io' }, role: 'read', pruned: false }]);
  });

  it('a roster (not explicit) says nothing of its users who are not members or already have their role', () => {
    const plan = planOrganizationMembers(members, {
      roles: [
        { user: ref('zz'), role: 'edit', explicit: false },
        { user: ref('e1'), role: 'edit', explicit: false },
        { user: ref('r1'), role: 'edit', explicit: false },
      ],
    });
    expect(plan.notMember).toEqual([]);
    expect(plan.unchanged).toEqual([]);
    expect(plan.changes).toEqual([{ action: 'role', user: { id: 'r1', email: 'r1@x.io' }, from: 'read', to: 'edit' }]);
  });
});

describe('the refusals in full', () => {
  const full = (plan: ReturnType<typeof planOrganizationMembers>, g: Partial<Parameters<typeof organizationRefusals>[2]> = {}, list = members) =>
    organizationRefusals(list, plan, { ...guards, ...g }, () => undefined);

  it("the caller's removal, in its words and hint", () => {
    expect(full(planOrganizationMembers(members, { remove: [ref('r1')] }), { caller: { id: 'r1', role: 'read' } })).toEqual([
      { what: 'the plan would remove r1@x.io, the user of the token teamctl runs with', hint: 'another admin must do that; --force does not override this guard' },
    ]);
  });

  it('role changes by a caller who is not an admin: one change or several; an admin caller may make them', () => {
    const one = planOrganizationMembers(members, { roles: [{ user: ref('r1'), role: 'edit', explicit: true }] });
    const two = planOrganizationMembers(members, { roles: [{ user: ref('r1'), role: 'edit', explicit: true }, { user: ref('r2'), role: 'comment', explicit: true }] });
    const hint = 'run it with the token of an organization admin';
    expect(full(one, { caller: { id: 'x', role: 'edit' } })).toEqual([{ what: "changing organization roles needs an admin, and the token's user is edit in the organization (1 role change planned)", hint }]);
    expect(full(two, { caller: { id: 'x', role: null } })).toEqual([{ what: "changing organization roles needs an admin, and the token's user is guest in the organization (2 role changes planned)", hint }]);
    expect(full(two, { caller: { id: 'a1', role: 'admin' } })).toEqual([]);
  });

  it('the last admin: its only one by name, or all of them by number', () => {
    const hint = 'make someone else admin first (`teamctl users set-role <user> --role admin`); --force does not override this guard';
    expect(full(planOrganizationMembers(members, { remove: [ref('a1')] }))).toEqual([
      { what: 'the plan would leave the organization without an admin that is not disabled (it takes away its only one, a1@x.io)', hint },
    ]);
    const two = [...members, { id: 'a3', email: null, role: 'admin' as const, disabled: false }];
    expect(full(planOrganizationMembers(two, { remove: [ref('a1')] }), {}, two)).toEqual([]);
    expect(full(planOrganizationMembers(two, { remove: [ref('a1')], roles: [{ user: ref('a3'), role: 'edit', explicit: true }] }), {}, two)).toEqual([
      { what: 'the plan would leave the organization without an admin that is not disabled (it takes away all 2)', hint },
    ]);
    // An admin whose role is set to admin again stays one.
    const same = { changes: [{ action: 'role' as const, user: { id: 'a1', email: 'a1@x.io' }, from: 'admin' as const, to: 'admin' as const }], unchanged: [], notMember: [], kept: [], keptNamed: [] };
    expect(full(same)).toEqual([]);
  });

  it('--max-org-removals over its bound, in its words and hint', () => {
    const plan = planOrganizationMembers(members, { remove: [ref('r1'), ref('r2'), ref('g1')] });
    expect(full(plan, { maxRemovals: '20%' })).toEqual([
      {
        what: 'the plan removes 3 of 6 members of the organization, more than --max-org-removals 20% allows (1)',
        hint: 'check the list; to apply it anyway, pass --force or a higher --max-org-removals',
      },
    ]);
  });

  it('--max-org-removals is read trimmed, whole, and a percentage over 100 is refused in words', () => {
    expect(maxOrgRemovalsAllowed(' 5% ', 100)).toBe(5);
    expect(maxOrgRemovalsAllowed(' 7 ', 100)).toBe(7);
    for (const spec of ['x5', '5x', '5%%', '-5', '5.5']) expect(() => maxOrgRemovalsAllowed(spec, 100), spec).toThrow(`--max-org-removals takes a whole number or a percentage (5 or 5%), not ${JSON.stringify(spec)}`);
    expect(() => maxOrgRemovalsAllowed('101%', 100)).toThrow('--max-org-removals takes a percentage up to 100%, not "101%"');
  });
});

describe('organizationState in full', () => {
  it('says a touched member disabled, the admins sorted by id and an unknown caller', () => {
    const list = [m('z9', 'admin'), m('b2', 'admin'), m('d1', 'read', true), m('a5', 'admin')];
    const plan = planOrganizationMembers(list, { remove: [ref('d1')] });
    expect(organizationState(list, plan, undefined)).toEqual(['d1: read, disabled', 'admins: a5 b2 z9', 'caller: (unknown)']);
  });
});

describe('SSO members (--set-sso)', () => {
  const sso = (id: string, role: OrgMember['role'] = 'read', disabled = false): OrgMember => ({ ...m(id, role, disabled), sso: true });
  const people = [...members, sso('s1'), m('n1', 'read')];

  it('makes each member named who is not SSO yet one, once, by id or e-mail; SSO members, non-members and removed members not', () => {
    const plan = planOrganizationMembers(people, { sso: [ref('r1'), byEmail('N1@X.IO'), ref('s1'), byEmail('ghost@x.io'), byEmail('r1@x.io'), ref('e1')], remove: [ref('e1')] });
    expect(plan.changes).toEqual([
      { action: 'sso', user: { id: 'r1', email: 'r1@x.io' } },
      { action: 'sso', user: { id: 'n1', email: 'n1@x.io' } },
      { action: 'remove', user: { id: 'e1', email: 'e1@x.io' }, role: 'edit', pruned: false },
    ]);
    // Not in the organization: the roster's joiners, for --invite --sso; nothing said here.
    expect(plan.notMember).toEqual([]);
    expect(plan.unchanged).toEqual([]);
  });

  it('after the role changes, before the removals; a kept user (a break-glass account) is never made one, and listed as kept once', () => {
    const plan = planOrganizationMembers(people, { roles: [{ user: ref('r2'), role: 'admin', explicit: false }, { user: ref('r1'), role: null, explicit: false }], sso: [ref('r2'), ref('r1')], keep: [ref('r1')], pruneAllBut: [ref('a1'), ref('a2'), ref('e1'), ref('r1'), ref('r2'), ref('s1'), ref('n1')] });
    expect(plan.changes.map((c) => `${c.action} ${c.user.id}`)).toEqual(['role r2', 'sso r2']);
    expect(plan.kept).toEqual([{ id: 'r1', email: 'r1@x.io' }]);
  });

  it('counts for no guard on admins or the caller, but a caller who is not an admin cannot make SSO members', () => {
    const plan = planOrganizationMembers(people, { sso: [ref('a1'), ref('r1')] });
    expect(organizationRefusals(people, plan, { ...guards, caller: { id: 'a1', role: 'admin' } }, () => undefined)).toEqual([]);
    expect(organizationRefusals(people, plan, { ...guards, caller: { id: 'e1', role: 'edit' } }, () => undefined).map((r) => r.what)).toEqual([
      "setting SSO members needs an admin, and the token's user is edit in the organization (2 SSO members planned)",
    ]);
  });

  it('a saved plan depends on each member made SSO still not being one', () => {
    const plan = planOrganizationMembers(people, { sso: [ref('r1')] });
    const before = organizationState(people, plan, 'a1');
    expect(before[0]).toBe('r1: read');
    const after = organizationState(people.map((p) => (p.id === 'r1' ? { ...p, sso: true } : p)), plan, 'a1');
    expect(after[0]).toBe('r1: read, sso');
    expect(after.slice(1)).toEqual(before.slice(1));
  });
});
