// Who may do what on a space, collection or site, as the published document gives it (README,
// sandbox: "Access"): the team and user grants listed (GET …/permissions/teams and …/users), given
// (POST …/permissions: inviteToSpace, inviteToCollection, inviteToSite), changed (PATCH
// …/permissions/teams/{teamId} and …/users/{userId}) and removed (DELETE, 205 when removed, 204
// when there was none), and the effective access (GET …/permissions/aggregate,
// access-effective.ts).
//
// The sandbox's choices where the document is silent:
// - a space's or collection's grants list a MemberRole, never null: a null role there (POST or
//   PATCH, MemberRoleOrGuest) removes the grant; a site's grants are overrides whose permission
//   may be null, kept and listed as such, and a site's PATCH takes a MemberRole (null: 400);
// - a POST may name teams and users at once (the document's anyOf); a team or user that is not
//   the organization's fails the whole request with 404, nothing applied;
// - a PATCH of a team or user without a grant on the resource is a 404 (grant it with POST);
// - a DELETE of a grant that does not exist is 204, a team or user not of the organization too
//   (the document also lists a 400 "Team does not have access to space", never answered here);
// - every user of an accepted POST counts as one user grant sent (it may notify the user:
//   write-counts.ts), a repeat too;
// - grants are listed by team or user id; the aggregate listing of a space or collection by user id.
import { contentAccess, siteAccess } from './access-effective.js';
import { contentRoles, type GrantRole, type StoredResource, type Subject } from './access-store.js';
import { requireResourceAdmin } from './access-resources.js';
import { HttpError, json, listForMessage, noContent, objectBody } from './http.js';
import type { Incoming, Reply } from './http.js';
import { userResource } from './members.js';
import { pageOf } from './organization.js';
import { tooMany } from './service-context.js';
import type { ServiceContext } from './service-context.js';
import type { SandboxUser } from './store.js';
import { organizationTeam } from './teams.js';

const noun = (subject: Subject): string => (subject === 'teams' ? 'team' : 'user');

/** GET …/permissions/teams or …/users: `{ permission, team }` or `{ permission, user }`. */
export function listGrants(ctx: ServiceContext, resource: StoredResource, subject: Subject, inc: Incoming): Reply {
  const grants = ctx.store.access.grants(resource, subject);
  const query = `${subject}:${resource.kind}:${resource.id}`;
  return json(
    200,
    pageOf(grants, query, inc, ctx, ([id, permission]) =>
      subject === 'teams'
        ? { permission, team: organizationTeam(ctx, resource.orgId, id) }
        : { permission, user: userResource(ctx, ctx.store.getUser(resource.orgId, id) as SandboxUser) },
    ),
  );
}

/** A MemberRole; with `guest`, null too (MemberRoleOrGuest). */
function roleOf(value: unknown, field: string, guest: boolean): GrantRole {
  if ((guest && value === null) || (contentRoles as readonly unknown[]).includes(value)) return value as GrantRole;
  throw new HttpError(400, `${field} must be one of ${contentRoles.join(', ')}${guest ? ' or null' : ''}, got ${JSON.stringify(value)}`);
}

/** `teams` or `users` of an invitation: absent, or a non-empty array of ids (minItems 1). */
function idsOf(ctx: ServiceContext, body: Record<string, unknown>, subject: Subject): string[] {
  const value = body[subject];
  if (value === undefined) return [];
  if (!Array.isArray(value) || value.length === 0) throw new HttpError(400, `${subject} must be a non-empty array of ${noun(subject)} ids`);
  if (value.length > ctx.maxBatch) throw tooMany(ctx, value.length, subject);
  value.forEach((item, i) => {
    if (typeof item !== 'string') throw new HttpError(400, `${subject}[${i}] must be a string (a ${noun(subject)} id)`);
  });
  return [...new Set(value as string[])];
}

function exists(ctx: ServiceContext, resource: StoredResource, subject: Subject, id: string): boolean {
  return subject === 'teams' ? ctx.store.hasTeam(resource.orgId, id) : ctx.store.getUser(resource.orgId, id) !== undefined;
}

/** POST …/permissions: `role` for the teams and users named (InviteUsersAndTeams), 204. */
export function invite(ctx: ServiceContext, resource: StoredResource, inc: Incoming): Reply {
  const body = objectBody(inc, true, '{"role": "edit", "teams": ["<team id>"]} or {"role": "read", "users": ["<user id>"]}');
  if (!('role' in body)) throw new HttpError(400, 'role is required: one of ' + contentRoles.join(', ') + ' or null');
  const role = roleOf(body.role, 'role', true);
  const teams = idsOf(ctx, body, 'teams');
  const users = idsOf(ctx, body, 'users');
  if (teams.length === 0 && users.length === 0) throw new HttpError(400, 'teams or users is required: a non-empty array of ids');
  const unknown = [...teams.filter((id) => !exists(ctx, resource, 'teams', id)), ...users.filter((id) => !exists(ctx, resource, 'users', id))];
  if (unknown.length > 0) throw new HttpError(404, `no team or user of organization ${resource.orgId} with the id ${listForMessage(unknown)}; nothing was granted`);
  requireResourceAdmin(ctx, resource);
  ctx.store.batch(() => {
    for (const [subject, ids] of [['teams', teams], ['users', users]] as const) {
      for (const id of ids) {
        if (role === null && resource.kind !== 'site') ctx.store.access.revoke(resource, subject, id);
        else ctx.store.access.setGrant(resource, subject, id, role);
        if (subject === 'users') ctx.store.access.countUserGrant(resource, id);
      }
    }
  });
  return noContent(204);
}

/** PATCH …/permissions/teams/{teamId} or …/users/{userId}: the grant's new role, 204. */
export function updateGrant(ctx: ServiceContext, resource: StoredResource, subject: Subject, id: string, inc: Incoming): Reply {
  const body = objectBody(inc, true, '{"role": "edit"}');
  // The document's body makes `role` optional; without it there is nothing to update (sandbox's choice: 400).
  if (!('role' in body)) throw new HttpError(400, `role is required: one of ${contentRoles.join(', ')}${resource.kind === 'site' ? '' : ' or null'}`);
  const role = roleOf(body.role, 'role', resource.kind !== 'site');
  if (!exists(ctx, resource, subject, id)) throw new HttpError(404, `${noun(subject)} ${id} not found in organization ${resource.orgId}`);
  if (ctx.store.access.grantOf(resource, subject, id) === undefined) {
    throw new HttpError(404, `${noun(subject)} ${id} has no permission on ${resource.kind} ${resource.id} to update; grant one with POST …/permissions`);
  }
  requireResourceAdmin(ctx, resource);
  if (role === null) ctx.store.access.revoke(resource, subject, id);
  else ctx.store.access.setGrant(resource, subject, id, role);
  return noContent(204);
}

/** DELETE …/permissions/teams/{teamId} or …/users/{userId}: 205 removed, 204 none to remove. */
export function removeGrant(ctx: ServiceContext, resource: StoredResource, subject: Subject, id: string): Reply {
  requireResourceAdmin(ctx, resource);
  return noContent(ctx.store.access.revoke(resource, subject, id) ? 205 : 204);
}

const sorts = ['joinedAt', 'lastSeenAt', 'name'];
const containsFold = (text: string, part: string): boolean => text.toLowerCase().includes(part.toLowerCase());

/**
 * GET …/permissions/aggregate. A space or collection: UserContentPermission, `role` keeping those
 * with that role. A site: UserSitePermission (origin, disabled, lastSeenAt), with the document's
 * `role` (`guest` finds none: users without access are not listed), `search` (display name and
 * e-mail), `team` (members of that team), `sort` and `order` (as the organization's members).
 */
export function aggregate(ctx: ServiceContext, resource: StoredResource, inc: Incoming): Reply {
  const { role, search, team, sort = 'joinedAt', order = 'desc' } = inc.query;
  const user = (id: string): SandboxUser => ctx.store.getUser(resource.orgId, id) as SandboxUser;
  if (resource.kind !== 'site') {
    if (role !== undefined) roleOf(role, 'role', false);
    const items = [...contentAccess(ctx.store, resource)].filter(([, r]) => role === undefined || r === role).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return json(200, pageOf(items, `aggregate:${resource.kind}:${resource.id}:${role ?? ''}`, inc, ctx, ([id, permission]) => ({ permission, user: userResource(ctx, user(id)) })));
  }
  if (role !== undefined && role !== 'guest') roleOf(role, 'role', false);
  if (!sorts.includes(sort)) throw new HttpError(400, `sort must be one of ${sorts.join(', ')}`);
  if (order !== 'asc' && order !== 'desc') throw new HttpError(400, 'order must be asc or desc');
  const key = (u: SandboxUser): string => (sort === 'name' ? u.displayName.toLowerCase() : sort === 'lastSeenAt' ? (u.lastSeenAt ?? '') : u.joinedAt);
  const items = [...siteAccess(ctx.store, resource)]
    .map(([id, access]) => ({ u: user(id), ...access }))
    .filter(({ u, permission }) => (role === undefined || permission === role) && (search === undefined || containsFold(u.displayName, search) || containsFold(u.email, search)))
    .filter(({ u }) => team === undefined || ctx.store.hasTeam(resource.orgId, team) && ctx.store.teamRole(resource.orgId, team, u.id) !== undefined)
    .sort((a, b) => (key(a.u) < key(b.u) ? -1 : key(a.u) > key(b.u) ? 1 : a.u.id < b.u.id ? -1 : 1) * (order === 'asc' ? 1 : -1));
  const query = `aggregate:site:${resource.id}:${role ?? ''}:${search ?? ''}:${team ?? ''}:${sort}:${order}`;
  return json(
    200,
    pageOf(items, query, inc, ctx, ({ u, permission, origin }) => ({
      permission,
      user: userResource(ctx, u),
      origin,
      disabled: u.disabled,
      ...(u.lastSeenAt === undefined ? {} : { lastSeenAt: u.lastSeenAt }),
    })),
  );
}
