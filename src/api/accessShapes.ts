// The answers of the access listings, checked once where they are parsed (`teamctl help
// reliability`, "Reliability"): a space, collection or site, a team's or a user's grant on one.
// A field of the wrong shape stops the command with exit 1, naming it.
import { organizationRoles, type ResourceKind } from '../choices.js';
import { answerLimits, checkLength, checkOrganizationMember, checkTeam, isObject, optionalString, wrong, type Where } from './shapes.js';
import type { OrganizationTeam } from './types.js';

/** A content role (MemberRole in the service's document). */
export type ContentRole = (typeof organizationRoles)[number];
/** MemberRoleOrGuest: a role, or null for a guest. */
export type GrantRole = ContentRole | null;
/** DefaultLevel: a resource's general access; `inherit` takes its parent's. */
export type DefaultLevel = GrantRole | 'inherit';

/** A space, collection or site as access needs it. */
export interface AccessResource {
  kind: ResourceKind;
  id: string;
  title: string;
  /** The collection a space or collection is in. */
  parent?: string;
  defaultLevel: DefaultLevel;
}

export interface TeamGrant {
  team: OrganizationTeam;
  permission: GrantRole;
}

export interface GrantUser {
  id: string;
  displayName?: string;
  email?: string;
}

export interface UserGrant {
  user: GrantUser;
  permission: GrantRole;
}

const isRole = (v: unknown): v is ContentRole => typeof v === 'string' && (organizationRoles as readonly string[]).includes(v);

/** A grant's permission: a role, or null where the document says MemberRoleOrGuest. */
function checkPermission(value: unknown, guest: boolean, where: Where): GrantRole {
  if (isRole(value) || (guest && value === null)) return value;
  throw wrong(`field "permission" is not one of ${organizationRoles.join(', ')}${guest ? ' or null' : ''} (${JSON.stringify(value)})`, where);
}

/** DefaultLevel: a role, null or "inherit". */
export function checkDefaultLevel(value: unknown, where: Where): DefaultLevel {
  if (isRole(value) || value === null || value === 'inherit') return value;
  throw wrong(`field "defaultLevel" is not a role, null or "inherit" (${JSON.stringify(value)})`, where);
}

/** One space, collection or site of a listing (Space, Collection, Site): id, title, parent, defaultLevel. */
export function resourceChecker(kind: ResourceKind): (value: unknown, where: Where) => AccessResource {
  return (value, where) => {
    if (!isObject(value)) throw wrong(`a ${kind} that is not a JSON object`, where);
    const { id, title, parent } = value;
    if (typeof id !== 'string' || id === '') throw wrong('field "id" is missing or not a string', where);
    if (typeof title !== 'string') throw wrong('field "title" is missing or not a string', where);
    if (!optionalString(parent)) throw wrong('field "parent" is not a string', where);
    checkLength(id, answerLimits.id, 'id', where);
    checkLength(title, answerLimits.displayName, 'title', where);
    checkLength(parent, answerLimits.id, 'parent', where);
    const defaultLevel = checkDefaultLevel(value.defaultLevel, where);
    return { kind, id, title, ...(typeof parent === 'string' && parent !== '' ? { parent } : {}), defaultLevel };
  };
}

/** A team's grant: `permission` and an OrganizationTeam (a site's may be null: TeamSitePermissionOverride). */
export function teamGrantChecker(kind: ResourceKind): (value: unknown, where: Where) => TeamGrant {
  return (value, where) => {
    if (!isObject(value)) throw wrong('a team grant that is not a JSON object', where);
    const team = checkTeam(value.team, where);
    return { team, permission: checkPermission(value.permission, kind === 'site', where) };
  };
}

/** A user's grant: `permission` and a User (a site's may be null: UserSitePermissionOverride). */
export function userGrantChecker(kind: ResourceKind): (value: unknown, where: Where) => UserGrant {
  return (value, where) => {
    if (!isObject(value)) throw wrong('a user grant that is not a JSON object', where);
    // The user's fields are checked as an organization member's are: the same User.
    const { user } = checkOrganizationMember({ user: value.user }, where);
    const out: GrantUser = { id: user.id };
    if (typeof user.email === 'string') out.email = user.email;
    if (typeof user.displayName === 'string') out.displayName = user.displayName;
    return { user: out, permission: checkPermission(value.permission, kind === 'site', where) };
  };
}

/** A listing names each team or user once: the same id twice is the wrong shape. */
export function checkGrantsOnce(id: (grant: TeamGrant | UserGrant) => string): (items: readonly (TeamGrant | UserGrant)[], where: Where) => void {
  return (items, where) => {
    const seen = new Map<string, number>();
    items.forEach((item, i) => {
      const first = seen.get(id(item));
      if (first !== undefined) throw wrong(`${JSON.stringify(id(item))} is listed twice (items ${first + 1} and ${i + 1})`, where);
      seen.set(id(item), i);
    });
  };
}
