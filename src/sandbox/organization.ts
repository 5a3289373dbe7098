// The organization's listings in scope (README, "Find your way"), as the published document gives
// them: GET /orgs/{org}/teams (`title` filter), GET /orgs/{org}/members (`search`, `role`, `sort`,
// `order`) and GET /orgs/{org}/members/{userId}/teams. Pages are offsets into one query, carried in
// an opaque cursor naming that query (sandbox's choice: these listings are small).
import type { OrganizationMember, Page } from '../api/types.js';
import { decodeCursor, encodeCursor } from './cursors.js';
import { HttpError, json, parseLimit } from './http.js';
import type { Incoming, Reply } from './http.js';
import { organizationMember } from './members.js';
import { requireOrganization } from './service-context.js';
import type { ServiceContext } from './service-context.js';
import { organizationTeam } from './teams.js';

/**
 * One page of `all`, from the cursor in `page` (which must belong to this very query); `render`
 * turns the page's items alone into what is sent (the access listings: access-resources.ts).
 */
export function pageOf<T, R = T>(all: readonly T[], query: string, inc: Incoming, ctx: ServiceContext, render?: (item: T) => R): Page<R> {
  const limit = parseLimit(inc.query.limit, ctx.defaultPageSize, ctx.maxPageSize);
  let from = 0;
  if (inc.query.page !== undefined) {
    const cursor = decodeCursor(inc.query.page);
    if (cursor.l !== 'offset' || cursor.q !== query) throw new HttpError(400, 'page: this page identifier belongs to another listing');
    from = cursor.n;
  }
  const slice = all.slice(from, from + limit);
  const items = render === undefined ? slice : slice.map(render);
  const next = from + limit < all.length ? { next: { page: encodeCursor({ l: 'offset', q: query, n: from + limit }) } } : {};
  return { items, count: all.length, ...next } as Page<R>;
}

const containsFold = (text: string, part: string): boolean => text.toLowerCase().includes(part.toLowerCase());

export function listTeams(ctx: ServiceContext, orgId: string, inc: Incoming): Reply {
  requireOrganization(ctx, orgId);
  const title = inc.query.title;
  // "Only teams whose name contains the given parameter", case-insensitively (published document).
  const teams = ctx.store.teamIds(orgId).filter((id) => title === undefined || containsFold(ctx.store.teamTitle(orgId, id), title));
  return json(200, pageOf(teams.map((id) => organizationTeam(ctx, orgId, id)), `teams:${orgId}:${title ?? ''}`, inc, ctx));
}

const sorts = ['joinedAt', 'lastSeenAt', 'name'] as const;
const roles = ['admin', 'create', 'edit', 'review', 'comment', 'read', 'guest'];

export function listOrganizationMembers(ctx: ServiceContext, orgId: string, inc: Incoming): Reply {
  requireOrganization(ctx, orgId);
  const { search, role, sort = 'joinedAt', order = 'desc' } = inc.query;
  if (!(sorts as readonly string[]).includes(sort)) throw new HttpError(400, `sort must be one of ${sorts.join(', ')}`);
  if (order !== 'asc' && order !== 'desc') throw new HttpError(400, 'order must be asc or desc');
  if (role !== undefined && !roles.includes(role)) throw new HttpError(400, `role must be one of ${roles.join(', ')}`);
  const key = (m: OrganizationMember): string => (sort === 'name' ? m.user.displayName.toLowerCase() : sort === 'lastSeenAt' ? (m.lastSeenAt ?? '') : m.joinedAt);
  const members = ctx.store
    .users(orgId)
    .filter((u) => search === undefined || containsFold(u.displayName, search) || containsFold(u.email, search))
    .filter((u) => role === undefined || (role === 'guest' ? u.role === null : u.role === role))
    .map((u) => organizationMember(ctx, orgId, u))
    .sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : a.id < b.id ? -1 : 1) * (order === 'asc' ? 1 : -1));
  return json(200, pageOf(members, `members:${orgId}:${search ?? ''}:${role ?? ''}:${sort}:${order}`, inc, ctx));
}

export function listMemberTeams(ctx: ServiceContext, orgId: string, userId: string, inc: Incoming): Reply {
  requireOrganization(ctx, orgId);
  if (ctx.store.getUser(orgId, userId) === undefined) throw new HttpError(404, `user ${userId} is not a member of organization ${orgId}`);
  const title = inc.query.title;
  const teams = ctx.store.teamIds(orgId).flatMap((teamId) => {
    const role = ctx.store.teamRole(orgId, teamId, userId);
    if (role === undefined || (title !== undefined && !containsFold(ctx.store.teamTitle(orgId, teamId), title))) return [];
    return [{ team: organizationTeam(ctx, orgId, teamId), member: { role } }];
  });
  return json(200, pageOf(teams, `member-teams:${orgId}:${userId}:${title ?? ''}`, inc, ctx));
}
