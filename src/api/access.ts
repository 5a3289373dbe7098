// Spaces, collections and sites and who may do what on each (README, "Access"): the listings and
// writes of the service's document (tags space-permissions, collection-permissions,
// site-permissions), typed calls, no printing, no exit codes.
import type { ResourceKind } from '../choices.js';
import { UsageError } from '../errors.js';
import type { ApiClient } from './client.js';
import { pathSegment } from './segment.js';
import {
  checkGrantsOnce,
  resourceChecker,
  teamGrantChecker,
  userGrantChecker,
  type AccessResource,
  type DefaultLevel,
  type GrantRole,
  type TeamGrant,
  type UserGrant,
} from './accessShapes.js';

export type { AccessResource, ContentRole, DefaultLevel, GrantRole, GrantUser, TeamGrant, UserGrant } from './accessShapes.js';

/** Who a grant is for: a team or a user. */
export type SubjectKind = 'team' | 'user';

/** A resource as a path needs it. */
export interface ResourceRef {
  kind: ResourceKind;
  id: string;
}

const orgPath = (org: string): string => `/orgs/${pathSegment(org, 'organization')}`;
const plural = { space: 'spaces', collection: 'collections', site: 'sites' } as const;

/** GET /orgs/{org}/spaces, …/collections (nested ones included), …/sites: every page. */
export function listResources(client: ApiClient, org: string, kind: ResourceKind, pageSize: number): AsyncGenerator<AccessResource[]> {
  return client.pages(`${orgPath(org)}/${plural[kind]}`, pageSize, { item: resourceChecker(kind), what: `the ${plural[kind]} of ${org}` });
}

/** A resource's own path: /spaces/{id}, /collections/{id}, /orgs/{org}/sites/{id}. */
export function resourcePath(org: string, resource: ResourceRef): string {
  const id = pathSegment(resource.id, resource.kind);
  return resource.kind === 'site' ? `${orgPath(org)}/sites/${id}` : `/${plural[resource.kind]}/${id}`;
}

const subjectPath = (org: string, resource: ResourceRef, subject: SubjectKind, id?: string): string =>
  `${resourcePath(org, resource)}/permissions/${subject}s${id === undefined ? '' : `/${pathSegment(id, `${subject} id`)}`}`;

/** GET …/permissions/teams, every page: the teams granted on the resource and their roles. */
export function listTeamGrants(client: ApiClient, org: string, resource: ResourceRef, pageSize: number): AsyncGenerator<TeamGrant[]> {
  return client.pages<TeamGrant>(subjectPath(org, resource, 'team'), pageSize, {
    item: teamGrantChecker(resource.kind),
    items: checkGrantsOnce((g) => ('team' in g ? g.team.id : '')),
    what: `the teams of ${resource.kind} ${resource.id}`,
  });
}

/** GET …/permissions/users, every page: the users granted on the resource directly and their roles. */
export function listUserGrants(client: ApiClient, org: string, resource: ResourceRef, pageSize: number): AsyncGenerator<UserGrant[]> {
  return client.pages<UserGrant>(subjectPath(org, resource, 'user'), pageSize, {
    item: userGrantChecker(resource.kind),
    items: checkGrantsOnce((g) => ('user' in g ? g.user.id : '')),
    what: `the users of ${resource.kind} ${resource.id}`,
  });
}

/**
 * POST …/permissions (inviteToSpace, inviteToCollection, inviteToSite): `role` for the teams or
 * the users given. A user grant may notify the user, so it is sent again only when it cannot have
 * been processed (README, "Access"); a team grant sets the same role when sent twice.
 */
export async function grant(client: ApiClient, org: string, resource: ResourceRef, subject: SubjectKind, ids: readonly string[], role: GrantRole): Promise<void> {
  if (ids.length === 0) return;
  for (const id of ids) pathSegment(id, `${subject} id`);
  const body = subject === 'team' ? { role, teams: [...ids] } : { role, users: [...ids] };
  await client.request('POST', `${resourcePath(org, resource)}/permissions`, { body, ...(subject === 'user' ? { retryClass: 'unprocessed-only' as const } : {}) });
}

/**
 * PATCH …/permissions/{teams|users}/{id}: the grant's new role. A site's takes no null (MemberRole,
 * not MemberRoleOrGuest), so a guest role there is refused before anything is sent.
 */
export async function changeRole(client: ApiClient, org: string, resource: ResourceRef, subject: SubjectKind, id: string, role: GrantRole): Promise<void> {
  if (role === null && resource.kind === 'site') throw new UsageError(`a grant on site ${resource.id} cannot be changed to guest: the service's PATCH takes a role; nothing was sent`);
  await client.request('PATCH', subjectPath(org, resource, subject, id), { body: { role } });
}

/** DELETE …/permissions/{teams|users}/{id}: true when a grant was removed (205), false when there was none (204). */
export async function revoke(client: ApiClient, org: string, resource: ResourceRef, subject: SubjectKind, id: string): Promise<boolean> {
  const { status } = await client.request('DELETE', subjectPath(org, resource, subject, id));
  return status === 205;
}

/** PATCH /spaces/{id}, /collections/{id} or /orgs/{org}/sites/{id} with `defaultLevel`: the resource's general access. */
export async function setDefaultLevel(client: ApiClient, org: string, resource: ResourceRef, defaultLevel: DefaultLevel): Promise<AccessResource> {
  const { data } = await client.request<unknown>('PATCH', resourcePath(org, resource), { body: { defaultLevel } });
  return resourceChecker(resource.kind)(data, `${resource.kind} ${JSON.stringify(resource.id)} updated`);
}
