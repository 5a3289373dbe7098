// The answers an access review reads, checked where they are parsed: an aggregate item of a space
// (a role) and of a site (a role or null, its origin, disabled, last seen), a member with what a
// review weighs, an invite link, a member's space. A wrong field stops the command, named.
import { describe, expect, it } from 'vitest';
import { checkLinkInvite, checkMemberSpace, checkOrigin, checkReviewMember, reachChecker } from '../../src/api/reviewShapes.js';

const user = { object: 'user', id: 'u1', displayName: 'U', email: 'u@example.com', urls: { location: 'x' } };
const where = 'item 1 of a page';

describe('the answers of a review', () => {
  it('an aggregate item: a space\'s takes a role; a site\'s also null, its origin, disabled and lastSeenAt', () => {
    expect(reachChecker('space')({ permission: 'edit', user }, where)).toEqual({ permission: 'edit', user: { id: 'u1', email: 'u@example.com', displayName: 'U' } });
    expect(() => reachChecker('space')({ permission: null, user }, where)).toThrow(/field "permission"/);
    const site = { permission: null, user, origin: { type: 'site', site: 's', reason: 'team', team: 't' }, disabled: true, lastSeenAt: '2025-01-01T00:00:00Z' };
    expect(reachChecker('site')(site, where)).toMatchObject({ permission: null, origin: { reason: 'team', team: 't' }, disabled: true, lastSeenAt: '2025-01-01T00:00:00Z' });
    expect(() => reachChecker('site')({ ...site, disabled: 'no' }, where)).toThrow(/field "disabled"/);
    expect(() => reachChecker('site')({ ...site, lastSeenAt: 'yesterday' }, where)).toThrow(/field "lastSeenAt"/);
    expect(() => reachChecker('site')({ ...site, origin: undefined }, where)).toThrow(/field "origin"/);
  });

  it('an origin: a site\'s (member, team with its team, default), the organization, a space', () => {
    expect(checkOrigin({ type: 'organization', organization: 'acme' }, where)).toEqual({ type: 'organization', organization: 'acme' });
    expect(checkOrigin({ type: 'space', space: 'sp' }, where)).toEqual({ type: 'space', space: 'sp' });
    expect(checkOrigin({ type: 'site', site: 's', reason: 'default' }, where)).toEqual({ type: 'site', site: 's', reason: 'default' });
    expect(() => checkOrigin({ type: 'site', site: 's', reason: 'team' }, where)).toThrow(/origin.team/);
    expect(() => checkOrigin({ type: 'site', site: 's', reason: 'why' }, where)).toThrow(/origin.reason/);
    expect(() => checkOrigin({ type: 'team' }, where)).toThrow(/origin.type/);
  });

  it('a member: role or null (a guest), disabled, joinedAt, lastSeenAt optional', () => {
    const member = { object: 'member', id: 'u1', role: null, user, disabled: false, joinedAt: '2024-01-01T00:00:00Z', sso: false, spaces: 0, teams: 0, sites: 0 };
    expect(checkReviewMember(member, where)).toEqual({ user: { id: 'u1', email: 'u@example.com', displayName: 'U' }, role: null, disabled: false, joinedAt: '2024-01-01T00:00:00Z' });
    expect(() => checkReviewMember({ ...member, role: 'owner' }, where)).toThrow(/field "role"/);
    expect(() => checkReviewMember({ ...member, disabled: undefined }, where)).toThrow(/field "disabled"/);
    expect(() => checkReviewMember({ ...member, joinedAt: undefined }, where)).toThrow(/field "joinedAt"/);
  });

  it('an invite link and a member\'s space', () => {
    expect(checkLinkInvite({ object: 'invite', id: 'l', role: 'edit', redundant: false }, where)).toEqual({ id: 'l', role: 'edit', redundant: false });
    expect(() => checkLinkInvite({ object: 'invite', id: 'l', redundant: false }, where)).toThrow(/field "role" is missing/);
    expect(() => checkLinkInvite({ object: 'link', id: 'l', role: 'read', redundant: false }, where)).toThrow(/field "object"/);
    expect(checkMemberSpace({ permission: 'read', space: { id: 's', title: 'S', defaultLevel: 'inherit' } }, where)).toEqual({ permission: 'read', space: { id: 's', title: 'S' } });
    expect(() => checkMemberSpace({ permission: 'read', space: { id: 's', title: 'S', defaultLevel: 'open' } }, where)).toThrow(/defaultLevel/);
  });
});
