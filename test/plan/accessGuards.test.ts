// The admin guards of an access plan (README, "Access"): the caller's own admin path (its own
// grant, its team's, a collection's through general access `inherit`) and a resource's last admin;
// what --max-revocations counts.
import { describe, expect, it } from 'vitest';
import { adminRefusals, grantsInScope } from '../../src/plan/accessGuards.js';
import type { AccessChange } from '../../src/plan/access.js';
import type { AccessResource, Grant, GrantRole, Subject } from '../../src/model/access.js';

const c1: AccessResource = { kind: 'collection', id: 'c1', title: 'Guides', defaultLevel: null };
const s1: AccessResource = { kind: 'space', id: 's1', title: 'Handbook', parent: 'c1', defaultLevel: 'inherit' };
const s2: AccessResource = { kind: 'space', id: 's2', title: 'Notes', parent: 'c1', defaultLevel: null };
const me: Subject = { kind: 'user', id: 'me', name: 'me@example.com' };
const mine: Subject = { kind: 'team', id: 't-mine', name: 'Mine' };
const other: Subject = { kind: 'user', id: 'ann', name: 'ann@example.com' };
const g = (resource: AccessResource, subject: Subject, role: GrantRole): Grant => ({ resource, subject, role });
const caller = { id: 'me', teams: new Set(['t-mine']) };
const revoke = (x: Grant): AccessChange => ({ action: 'revoke', resource: x.resource, subject: x.subject, from: x.role });
const resources = [c1, s1, s2];

describe('adminRefusals', () => {
  it('refuses taking the caller\'s own admin, its team\'s, or a demotion of it; another admin path left is enough', () => {
    const own = g(s2, me, 'admin');
    expect(adminRefusals(resources, [own, g(s2, other, 'admin')], [revoke(own)], caller)).toEqual(['the plan takes your own admin access to space "Notes" (s2)']);
    const team = g(s2, mine, 'admin');
    expect(adminRefusals(resources, [team], [{ action: 'change-role', resource: s2, subject: mine, from: 'admin', role: 'edit' }], caller)).toEqual(['the plan takes your own admin access to space "Notes" (s2)']);
    expect(adminRefusals(resources, [own, team], [revoke(own)], caller)).toEqual([]);
  });

  it('a collection\'s admin reaches a space through inherit only: revoking it there takes the space\'s too', () => {
    const top = g(c1, mine, 'admin');
    expect(adminRefusals(resources, [top], [revoke(top)], caller)).toEqual(['the plan takes your own admin access to collection "Guides" (c1)', 'the plan takes your own admin access to space "Handbook" (s1)']);
  });

  it('refuses leaving a resource that has an admin without one; general access admin counts', () => {
    const ann = g(s2, other, 'admin');
    expect(adminRefusals(resources, [ann], [revoke(ann)], undefined)).toEqual(['the plan leaves space "Notes" (s2) without an admin']);
    expect(adminRefusals(resources, [ann], [revoke(ann), { action: 'general-access', resource: s2, from: null, level: 'admin' }], undefined)).toEqual([]);
    expect(adminRefusals(resources, [ann], [{ action: 'grant', resource: s2, subject: me, role: 'read' }], caller)).toEqual([]);
  });
});

describe('adminRefusals, where the walk up ends', () => {
  const top: AccessResource = { kind: 'space', id: 's9', title: 'Top', defaultLevel: 'inherit' };
  const lost: AccessResource = { kind: 'space', id: 's8', title: 'Lost', parent: 'c-gone', defaultLevel: 'inherit' };

  it('general access inherit at the top gives the organization\'s admins admin: a resource keeps an admin, but not as the caller\'s own path', () => {
    const ann = g(top, other, 'admin');
    expect(adminRefusals([top], [ann], [revoke(ann)], undefined)).toEqual([]);
    const own = g(top, me, 'admin');
    expect(adminRefusals([top], [own], [revoke(own)], caller)).toEqual(['the plan takes your own admin access to space "Top" (s9)']);
  });

  it('a parent collection not listed ends the walk with no admin', () => {
    const own = g(lost, me, 'admin');
    expect(adminRefusals([lost], [own], [revoke(own)], caller)).toEqual(['the plan takes your own admin access to space "Lost" (s8)']);
  });

  it('a user whose id is the id of one of the caller\'s teams is not the caller\'s path', () => {
    const own = g(s2, me, 'admin');
    const namesake = g(s2, { kind: 'user', id: 't-mine', name: 'tee@example.com' }, 'admin');
    expect(adminRefusals(resources, [own, namesake], [revoke(own)], caller)).toEqual(['the plan takes your own admin access to space "Notes" (s2)']);
  });
});

describe('grantsInScope', () => {
  it('counts the grants of the resources the file names, or every grant', () => {
    const grants = [g(s1, me, 'read'), g(s2, me, 'read'), g(s2, other, 'edit')];
    expect(grantsInScope(grants, [s2], false)).toBe(2);
    expect(grantsInScope(grants, [s2], true)).toBe(3);
  });
});
