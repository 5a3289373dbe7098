// The answers an access review reads, checked where they are parsed: an aggregate item of a space
// (a role) and of a site (a role or null, its origin, disabled, last seen), a member with what a
// review weighs, an invite link, a member's space. A wrong field stops the command, named; then
// each field of each shape wrong in type, missing or hostile, refused in exact words.
import { describe, expect, it } from 'vitest';
import { checkLinkInvite, checkMemberSpace, checkOrigin, checkReviewMember, reachChecker } from '../../src/api/reviewShapes.js';
import { ServiceError } from '../../src/errors.js';

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

const refusal = (what: string): string => `unexpected response from the service: ${what} (${where})`;
const grantUser = { id: 'u1', email: 'u@example.com', displayName: 'U' };
const roles = 'admin, create, edit, review, comment, read';
/** A date-time of `n` characters that `Date.parse` reads (a long fraction). */
const longTime = (n: number): string => `2025-01-01T00:00:00.${'0'.repeat(n - 21)}Z`;
const long = (n: number): string => 'x'.repeat(n);
const without = (value: Record<string, unknown>, field: string): Record<string, unknown> => Object.fromEntries(Object.entries(value).filter(([k]) => k !== field));

/** Each case refused with a ServiceError whose message is exactly `what` at `where`. */
function refuses(check: (value: unknown, where: string) => unknown, value: unknown, what: string): void {
  let thrown: unknown;
  try {
    check(value, where);
  } catch (err) {
    thrown = err;
  }
  expect(thrown).toBeInstanceOf(ServiceError);
  expect((thrown as Error).message).toBe(refusal(what));
}

describe('an aggregate item of a space (UserContentPermission)', () => {
  const item = { permission: 'edit', user };
  it('keeps the user\'s id, e-mail and name, and the role; an e-mail or name that is null is left out', () => {
    for (const permission of ['admin', 'create', 'edit', 'review', 'comment', 'read']) {
      expect(reachChecker('space')({ ...item, permission }, where)).toEqual({ user: grantUser, permission });
    }
    expect(reachChecker('collection')({ permission: 'read', user: { id: 'u2', email: null, displayName: null }, disabled: 'ignored' }, where)).toEqual({ user: { id: 'u2' }, permission: 'read' });
  });

  it.each<[string, unknown, string]>([
    ['null', null, 'a permission that is not a JSON object'],
    ['a list', [item], 'a permission that is not a JSON object'],
    ['no user', without(item, 'user'), 'field "user" is missing or not an object'],
    ['a user without an id', { ...item, user: { email: 'u@example.com' } }, 'field "user.id" is missing or not a string'],
    ['a user whose e-mail is a number', { ...item, user: { id: 'u1', email: 1 } }, 'field "user.email" is not a string'],
    ['a user whose id is too long', { ...item, user: { id: long(256) } }, 'field "user.id" is 256 characters long (at most 255)'],
    ['no permission', without(item, 'permission'), `field "permission" is not one of ${roles} (undefined)`],
    ['a permission null', { ...item, permission: null }, `field "permission" is not one of ${roles} (null)`],
    ['a team role', { ...item, permission: 'owner' }, `field "permission" is not one of ${roles} ("owner")`],
    ['a role in another case', { ...item, permission: 'Edit' }, `field "permission" is not one of ${roles} ("Edit")`],
    ['a role that is a list', { ...item, permission: ['edit'] }, `field "permission" is not one of ${roles} (["edit"])`],
  ])('refuses %s', (_, value, what) => refuses(reachChecker('space'), value, what));
});

describe('an aggregate item of a site (UserSitePermission)', () => {
  const item = { permission: 'read', user, origin: { type: 'organization', organization: 'acme' }, disabled: false, lastSeenAt: '2025-01-01T00:00:00Z' };
  it('keeps the role or null, the origin, disabled and lastSeenAt, which may be absent or as long as 64 characters', () => {
    expect(reachChecker('site')({ ...item, extra: 1 }, where)).toEqual({ ...item, user: grantUser });
    expect(reachChecker('site')({ ...item, permission: null, disabled: true, lastSeenAt: undefined }, where)).toEqual({ user: grantUser, permission: null, origin: item.origin, disabled: true });
    expect(Object.keys(reachChecker('site')(without(item, 'lastSeenAt'), where))).toEqual(['user', 'permission', 'origin', 'disabled']);
    expect(reachChecker('site')({ ...item, lastSeenAt: longTime(64) }, where).lastSeenAt).toBe(longTime(64));
  });

  it.each<[string, unknown, string]>([
    ['a team role', { ...item, permission: 'member' }, `field "permission" is not one of ${roles} or null ("member")`],
    ['no permission', without(item, 'permission'), `field "permission" is not one of ${roles} or null (undefined)`],
    ['no disabled', without(item, 'disabled'), 'field "disabled" is missing or not a boolean'],
    ['disabled as a string', { ...item, disabled: 'false' }, 'field "disabled" is missing or not a boolean'],
    ['disabled as null', { ...item, disabled: null }, 'field "disabled" is missing or not a boolean'],
    ['lastSeenAt null', { ...item, lastSeenAt: null }, 'field "lastSeenAt" is not a date-time (null)'],
    ['lastSeenAt a number', { ...item, lastSeenAt: 1735689600000 }, 'field "lastSeenAt" is not a date-time (1735689600000)'],
    ['lastSeenAt in words', { ...item, lastSeenAt: 'yesterday' }, 'field "lastSeenAt" is not a date-time ("yesterday")'],
    ['lastSeenAt of 65 characters', { ...item, lastSeenAt: longTime(65) }, `field "lastSeenAt" is not a date-time ("${longTime(65)}")`],
    ['no origin', without(item, 'origin'), 'field "origin" is missing or not an object'],
    ['an origin that is a string', { ...item, origin: 'organization' }, 'field "origin" is missing or not an object'],
  ])('refuses %s', (_, value, what) => refuses(reachChecker('site'), value, what));
});

describe('checkOrigin (UserSitePermissionOrigin)', () => {
  it('keeps each form\'s own fields only', () => {
    expect(checkOrigin({ type: 'organization', organization: 'acme', site: 's' }, where)).toEqual({ type: 'organization', organization: 'acme' });
    expect(checkOrigin({ type: 'space', space: 'sp', reason: 'team' }, where)).toEqual({ type: 'space', space: 'sp' });
    expect(checkOrigin({ type: 'site', site: 's', reason: 'member', team: 't' }, where)).toEqual({ type: 'site', site: 's', reason: 'member' });
    expect(checkOrigin({ type: 'site', site: 's', reason: 'default' }, where)).toEqual({ type: 'site', site: 's', reason: 'default' });
    expect(checkOrigin({ type: 'site', site: 's', reason: 'team', team: 't' }, where)).toEqual({ type: 'site', site: 's', reason: 'team', team: 't' });
  });

  it.each<[string, unknown, string]>([
    ['null', null, 'field "origin" is missing or not an object'],
    ['a list', [{ type: 'space', space: 'sp' }], 'field "origin" is missing or not an object'],
    ['no type', { organization: 'acme' }, 'field "origin.type" is not site, space or organization (undefined)'],
    ['a team', { type: 'team', team: 't' }, 'field "origin.type" is not site, space or organization ("team")'],
    ['an organization without its id', { type: 'organization' }, 'field "origin.organization" is missing or not a string'],
    ['an organization of an empty id', { type: 'organization', organization: '' }, 'field "origin.organization" is missing or not a string'],
    ['an organization id too long', { type: 'organization', organization: long(256) }, 'field "origin.organization" is 256 characters long (at most 255)'],
    ['a space without its id', { type: 'space', space: 3 }, 'field "origin.space" is missing or not a string'],
    ['a site without its id', { type: 'site', reason: 'member' }, 'field "origin.site" is missing or not a string'],
    ['a site without a reason', { type: 'site', site: 's' }, 'field "origin.reason" is not member, team or default (undefined)'],
    ['a site of another reason', { type: 'site', site: 's', reason: 'space' }, 'field "origin.reason" is not member, team or default ("space")'],
    ['a site through a team without the team', { type: 'site', site: 's', reason: 'team' }, 'field "origin.team" is missing or not a string'],
    ['a site through a team whose id is too long', { type: 'site', site: 's', reason: 'team', team: long(256) }, 'field "origin.team" is 256 characters long (at most 255)'],
  ])('refuses %s', (_, value, what) => refuses(checkOrigin, value, what));
});

describe('checkReviewMember', () => {
  const member = { object: 'member', id: 'u1', role: 'edit', user, disabled: false, joinedAt: '2024-01-01T00:00:00Z', lastSeenAt: '2025-01-01T00:00:00Z' };
  it('keeps the user, the role or null, disabled, joinedAt and lastSeenAt when given', () => {
    expect(checkReviewMember(member, where)).toEqual({ user: grantUser, role: 'edit', disabled: false, joinedAt: member.joinedAt, lastSeenAt: member.lastSeenAt });
    expect(checkReviewMember({ ...without(member, 'lastSeenAt'), role: null, disabled: true }, where)).toEqual({ user: grantUser, role: null, disabled: true, joinedAt: member.joinedAt });
    expect(Object.keys(checkReviewMember(without(member, 'lastSeenAt'), where))).not.toContain('lastSeenAt');
  });

  it.each<[string, unknown, string]>([
    ['null', null, 'a member that is not a JSON object'],
    ['no user', without(member, 'user'), 'field "user" is missing or not an object'],
    ['no disabled', without(member, 'disabled'), 'field "disabled" is missing or not a boolean'],
    ['disabled as 0', { ...member, disabled: 0 }, 'field "disabled" is missing or not a boolean'],
    ['lastSeenAt null', { ...member, lastSeenAt: null }, 'field "lastSeenAt" is not a date-time (null)'],
    ['lastSeenAt in words', { ...member, lastSeenAt: 'never' }, 'field "lastSeenAt" is not a date-time ("never")'],
    ['no joinedAt', without(member, 'joinedAt'), 'field "joinedAt" is not a date-time (undefined)'],
    ['joinedAt in words', { ...member, joinedAt: 'long ago' }, 'field "joinedAt" is not a date-time ("long ago")'],
    ['joinedAt of 65 characters', { ...member, joinedAt: longTime(65) }, `field "joinedAt" is not a date-time ("${longTime(65)}")`],
    ['a team role', { ...member, role: 'owner' }, `field "role" is not one of ${roles} or null ("owner")`],
    ['a role that is a number', { ...member, role: 1 }, 'field "role" is not a string or null'],
    ['no role', without(member, 'role'), `field "role" is not one of ${roles} or null (undefined)`],
  ])('refuses %s', (_, value, what) => refuses(checkReviewMember, value, what));
});

describe('checkLinkInvite (InviteLinkToOrganization)', () => {
  const link = { object: 'invite', id: 'l1', role: 'edit', redundant: false };
  it('keeps the id, the role or null (a guest) and redundant', () => {
    expect(checkLinkInvite({ ...link, extra: 1 }, where)).toEqual({ id: 'l1', role: 'edit', redundant: false });
    expect(checkLinkInvite({ ...link, role: null, redundant: true }, where)).toEqual({ id: 'l1', role: null, redundant: true });
  });

  it.each<[string, unknown, string]>([
    ['null', null, 'an invite link that is not a JSON object'],
    ['a list', [link], 'an invite link that is not a JSON object'],
    ['no object', without(link, 'object'), 'field "object" is not "invite" (undefined)'],
    ['another object', { ...link, object: 'member' }, 'field "object" is not "invite" ("member")'],
    ['no redundant', without(link, 'redundant'), 'field "redundant" is missing or not a boolean'],
    ['redundant as a string', { ...link, redundant: 'no' }, 'field "redundant" is missing or not a boolean'],
    ['no role', without(link, 'role'), 'field "role" is missing'],
    ['a role undefined', { ...link, role: undefined }, `field "role" is not one of ${roles} or null (undefined)`],
    ['a team role', { ...link, role: 'owner' }, `field "role" is not one of ${roles} or null ("owner")`],
    ['no id', without(link, 'id'), 'field "id" is missing or not a string'],
    ['an empty id', { ...link, id: '' }, 'field "id" is missing or not a string'],
    ['an id too long', { ...link, id: long(256) }, 'field "id" is 256 characters long (at most 255)'],
  ])('refuses %s', (_, value, what) => refuses(checkLinkInvite, value, what));
});

describe('checkMemberSpace (MemberContentPermission)', () => {
  const item = { permission: 'read', space: { id: 's', title: 'S', defaultLevel: 'inherit', extra: 1 } };
  it('keeps the role and the space\'s id and title; a default level of a role or null is taken', () => {
    expect(checkMemberSpace(item, where)).toEqual({ permission: 'read', space: { id: 's', title: 'S' } });
    for (const defaultLevel of [null, 'edit']) expect(checkMemberSpace({ ...item, space: { ...item.space, defaultLevel } }, where).space).toEqual({ id: 's', title: 'S' });
    expect(checkMemberSpace({ ...item, space: { ...item.space, title: '' } }, where).space.title).toBe('');
  });

  it.each<[string, unknown, string]>([
    ['null', null, 'a space permission that is not a JSON object'],
    ['a list', [item], 'a space permission that is not a JSON object'],
    ['no space', without(item, 'space'), 'field "space" is missing or not an object'],
    ['a space that is its id', { ...item, space: 's' }, 'field "space" is missing or not an object'],
    ['a space without a title', { ...item, space: without(item.space, 'title') }, 'field "space.title" is missing or not a string'],
    ['a title that is a number', { ...item, space: { ...item.space, title: 5 } }, 'field "space.title" is missing or not a string'],
    ['a default level that is none', { ...item, space: { ...item.space, defaultLevel: 'open' } }, 'field "defaultLevel" is not a role, null or "inherit" ("open")'],
    ['a space without an id', { ...item, space: without(item.space, 'id') }, 'field "space.id" is missing or not a string'],
    ['a space id too long', { ...item, space: { ...item.space, id: long(256) } }, 'field "space.id" is 256 characters long (at most 255)'],
    ['no permission', without(item, 'permission'), `field "permission" is not one of ${roles} (undefined)`],
    ['a permission null', { ...item, permission: null }, `field "permission" is not one of ${roles} (null)`],
  ])('refuses %s', (_, value, what) => refuses(checkMemberSpace, value, what));
});
