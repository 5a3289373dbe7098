// The answers an access review reads, checked once where they are parsed (`teamctl help
// reliability`, "Reliability"): who reaches a space, collection or site (UserContentPermission,
// UserSitePermission with its origin), a member's spaces (MemberContentPermission), the
// organization's invite links (InviteLinkToOrganization) and its members with what a review
// weighs (role or guest, disabled, last seen). A field of the wrong shape stops the command with
// exit 1, naming it.
import { organizationRoles, type ResourceKind } from '../choices.js';
import type { ContentRole, GrantRole, GrantUser } from './accessShapes.js';
import { checkDefaultLevel } from './accessShapes.js';
import { answerLimits, checkLength, checkOrganizationMember, isObject, wrong, type Where } from './shapes.js';

/** UserSitePermissionOrigin: a team's or the user's own override, the site's default, the organization, or a space. */
export type SiteOrigin =
  | { type: 'site'; site: string; reason: 'member' | 'default' }
  | { type: 'site'; site: string; reason: 'team'; team: string }
  | { type: 'organization'; organization: string }
  | { type: 'space'; space: string };

/** One user who reaches a resource: the role, and on a site where it comes from, disabled and last seen. */
export interface Reach {
  user: GrantUser;
  permission: GrantRole;
  origin?: SiteOrigin;
  disabled?: boolean;
  lastSeenAt?: string;
}

/** A member as a review weighs them. */
export interface ReviewMember {
  user: GrantUser;
  /** The organization role; null for a guest. */
  role: GrantRole;
  disabled: boolean;
  lastSeenAt?: string;
  joinedAt: string;
}

/** InviteLinkToOrganization: anyone who opens it joins with `role` (null: as a guest). */
export interface LinkInvite {
  id: string;
  role: GrantRole;
  redundant: boolean;
}

const isRole = (v: unknown): v is ContentRole => typeof v === 'string' && (organizationRoles as readonly string[]).includes(v);

function role(value: unknown, field: string, guest: boolean, where: Where): GrantRole {
  if (isRole(value) || (guest && value === null)) return value;
  throw wrong(`field "${field}" is not one of ${organizationRoles.join(', ')}${guest ? ' or null' : ''} (${JSON.stringify(value)})`, where);
}

/** A Timestamp: an ISO 8601 date-time the clock can read. */
function timestamp(value: unknown, field: string, where: Where, optional: boolean): string | undefined {
  if (value === undefined && optional) return undefined;
  if (typeof value !== 'string' || value.length > 64 || Number.isNaN(Date.parse(value))) throw wrong(`field "${field}" is not a date-time (${JSON.stringify(value)})`, where);
  return value;
}

function user(value: unknown, where: Where): GrantUser {
  const { user: u } = checkOrganizationMember({ user: value }, where);
  return { id: u.id, ...(typeof u.email === 'string' ? { email: u.email } : {}), ...(typeof u.displayName === 'string' ? { displayName: u.displayName } : {}) };
}

function id(value: unknown, field: string, where: Where): string {
  if (typeof value !== 'string' || value === '') throw wrong(`field "${field}" is missing or not a string`, where);
  checkLength(value, answerLimits.id, field, where);
  return value;
}

/** UserSitePermissionOrigin, one of its three forms. */
export function checkOrigin(value: unknown, where: Where): SiteOrigin {
  if (!isObject(value)) throw wrong('field "origin" is missing or not an object', where);
  if (value.type === 'organization') return { type: 'organization', organization: id(value.organization, 'origin.organization', where) };
  if (value.type === 'space') return { type: 'space', space: id(value.space, 'origin.space', where) };
  if (value.type !== 'site') throw wrong(`field "origin.type" is not site, space or organization (${JSON.stringify(value.type)})`, where);
  const site = id(value.site, 'origin.site', where);
  if (value.reason === 'team') return { type: 'site', site, reason: 'team', team: id(value.team, 'origin.team', where) };
  if (value.reason === 'member' || value.reason === 'default') return { type: 'site', site, reason: value.reason };
  throw wrong(`field "origin.reason" is not member, team or default (${JSON.stringify(value.reason)})`, where);
}

/** An item of …/permissions/aggregate: UserContentPermission (a MemberRole) or, on a site, UserSitePermission. */
export function reachChecker(kind: ResourceKind): (value: unknown, where: Where) => Reach {
  return (value, where) => {
    if (!isObject(value)) throw wrong('a permission that is not a JSON object', where);
    const out: Reach = { user: user(value.user, where), permission: role(value.permission, 'permission', kind === 'site', where) };
    if (kind !== 'site') return out;
    if (typeof value.disabled !== 'boolean') throw wrong('field "disabled" is missing or not a boolean', where);
    const lastSeenAt = timestamp(value.lastSeenAt, 'lastSeenAt', where, true);
    return { ...out, origin: checkOrigin(value.origin, where), disabled: value.disabled, ...(lastSeenAt === undefined ? {} : { lastSeenAt }) };
  };
}

/** An OrganizationMember with its role (MemberRoleOrGuest), `disabled`, `joinedAt` and `lastSeenAt` checked. */
export function checkReviewMember(value: unknown, where: Where): ReviewMember {
  const member = checkOrganizationMember(value, where);
  if (typeof member.disabled !== 'boolean') throw wrong('field "disabled" is missing or not a boolean', where);
  const lastSeenAt = timestamp(member.lastSeenAt, 'lastSeenAt', where, true);
  const joinedAt = timestamp(member.joinedAt, 'joinedAt', where, false) as string;
  return { user: user(member.user, where), role: role(member.role, 'role', true, where), disabled: member.disabled, joinedAt, ...(lastSeenAt === undefined ? {} : { lastSeenAt }) };
}

/** InviteLinkToOrganization. */
export function checkLinkInvite(value: unknown, where: Where): LinkInvite {
  if (!isObject(value)) throw wrong('an invite link that is not a JSON object', where);
  if (value.object !== 'invite') throw wrong(`field "object" is not "invite" (${JSON.stringify(value.object)})`, where);
  if (typeof value.redundant !== 'boolean') throw wrong('field "redundant" is missing or not a boolean', where);
  if (!('role' in value)) throw wrong('field "role" is missing', where);
  return { id: id(value.id, 'id', where), role: role(value.role, 'role', true, where), redundant: value.redundant };
}

/** MemberContentPermission: a space and the member's role there. */
export function checkMemberSpace(value: unknown, where: Where): { permission: ContentRole; space: { id: string; title: string } } {
  if (!isObject(value)) throw wrong('a space permission that is not a JSON object', where);
  const space = value.space;
  if (!isObject(space)) throw wrong('field "space" is missing or not an object', where);
  if (typeof space.title !== 'string') throw wrong('field "space.title" is missing or not a string', where);
  checkDefaultLevel(space.defaultLevel, where);
  return { permission: role(value.permission, 'permission', false, where) as ContentRole, space: { id: id(space.id, 'space.id', where), title: space.title } };
}
