// The service's team-member operations: list (keyset pages), bulk add/remove, put one member
// (with a role), delete one member.
import type { OrganizationMember, Page, TeamMemberItem, TeamMemberRole } from '../api/types.js';
import { teamMemberRoles } from '../api/types.js';
import { decodeCursor, encodeCursor } from './cursors.js';
import { HttpError, json, listForMessage, noContent, objectBody, parseLimit } from './http.js';
import type { Incoming, Reply } from './http.js';
import { requireTeam, tooMany } from './service-context.js';
import type { ServiceContext } from './service-context.js';
import type { SandboxUser } from './store.js';

/** The document's User. */
export function userResource(ctx: ServiceContext, user: SandboxUser): OrganizationMember['user'] {
  return {
    object: 'user',
    id: user.id,
    displayName: user.displayName,
    email: user.email,
    ...(user.photoURL === undefined ? {} : { photoURL: user.photoURL }),
    // The service's user resource path; the sandbox does not serve it (sandbox's choice).
    urls: { location: `${ctx.baseUrl()}/v1/users/${encodeURIComponent(user.id)}` },
  };
}

export function organizationMember(ctx: ServiceContext, orgId: string, user: SandboxUser): OrganizationMember {
  return {
    object: 'member',
    id: user.id,
    role: user.role,
    user: userResource(ctx, user),
    disabled: user.disabled,
    joinedAt: user.joinedAt,
    ...(user.lastSeenAt === undefined ? {} : { lastSeenAt: user.lastSeenAt }),
    sso: user.sso,
    spaces: user.spaces,
    teams: ctx.store.teamCount(orgId, user.id),
    sites: user.sites,
  };
}

function stringArray(body: Record<string, unknown>, field: string): string[] {
  const value = body[field];
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw new HttpError(400, `${field} must be an array of strings`);
  value.forEach((item, i) => {
    if (typeof item !== 'string') throw new HttpError(400, `${field}[${i}] must be a string (a user id or an e-mail)`);
  });
  return value as string[];
}

export function listTeamMembers(ctx: ServiceContext, orgId: string, teamId: string, inc: Incoming): Reply {
  requireTeam(ctx, orgId, teamId);
  const limit = parseLimit(inc.query.limit, ctx.defaultPageSize, ctx.maxPageSize);
  let after: string | undefined;
  if (inc.query.page !== undefined) {
    const cursor = decodeCursor(inc.query.page);
    if (cursor.l !== 'members') throw new HttpError(400, 'page: this page identifier belongs to another listing');
    after = cursor.a;
  }
  const page = ctx.store.listTeamMembers(orgId, teamId, after, limit);
  const items: TeamMemberItem[] = page.items.map((m) => ({
    organization: organizationMember(ctx, orgId, ctx.store.getUser(orgId, m.userId) as SandboxUser),
    team: { role: m.role },
    // Only `view` is shown by the service; an admin's token can view every member.
    permissions: { view: true },
  }));
  const body: Page<TeamMemberItem> = { items, count: page.count };
  // `next` is absent on the last page (sandbox's choice; the service does not say).
  if (page.nextAfter !== undefined) body.next = { page: encodeCursor({ l: 'members', a: page.nextAfter }) };
  return json(200, body);
}

export function updateTeamMembers(ctx: ServiceContext, orgId: string, teamId: string, inc: Incoming): Reply {
  requireTeam(ctx, orgId, teamId);
  const body = objectBody(inc, true, '{"add": [...], "remove": [...]}');
  const add = stringArray(body, 'add');
  const remove = stringArray(body, 'remove');
  // `memberships` appears in the service's example but its meaning is not shown: ignored.
  if (add.length + remove.length > ctx.maxBatch) throw tooMany(ctx, add.length + remove.length, 'add+remove entries');

  const addIds: string[] = [];
  const unknown: string[] = [];
  for (const entry of add) {
    const user = ctx.store.findUser(orgId, entry);
    if (user) addIds.push(user.id);
    else unknown.push(entry);
  }
  // An `add` entry naming no user of the organization fails the whole request, nothing applied
  // (sandbox's choice: the service does not say what it does with one).
  if (unknown.length > 0) {
    throw new HttpError(400, `add: no user of organization ${orgId} matches ${listForMessage(unknown)}; this request changed nothing`);
  }
  // `remove` entries that name nobody, or a non-member, are ignored.
  const removeIds = remove.flatMap((entry) => ctx.store.findUser(orgId, entry)?.id ?? []);
  ctx.store.updateTeamMembers(orgId, teamId, addIds, removeIds);
  return noContent(204);
}

export function putTeamMember(ctx: ServiceContext, orgId: string, teamId: string, userId: string, inc: Incoming): Reply {
  requireTeam(ctx, orgId, teamId);
  const body = objectBody(inc, false, '{"role": "owner" | "member"}');
  const role = body.role;
  if (role !== undefined && !teamMemberRoles.includes(role as TeamMemberRole)) {
    throw new HttpError(400, `role must be "owner" or "member", got ${JSON.stringify(role)}`);
  }
  // The path names a user id (not an e-mail), as in the published document.
  if (!ctx.store.getUser(orgId, userId)) throw new HttpError(404, `user ${userId} not found in organization ${orgId}`);
  ctx.store.putTeamMember(orgId, teamId, userId, role as TeamMemberRole | undefined);
  return noContent(204);
}

export function deleteTeamMember(ctx: ServiceContext, orgId: string, teamId: string, userId: string): Reply {
  requireTeam(ctx, orgId, teamId);
  // 205 when removed, 204 when the user was not a member (published document). A user id
  // unknown to the organization is "not a member" too (sandbox's choice).
  return noContent(ctx.store.removeTeamMember(orgId, teamId, userId) ? 205 : 204);
}
