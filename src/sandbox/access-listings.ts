// The organization-wide listings of access (README, sandbox: "Access"), as the published document
// gives them: GET /orgs/{organizationId}/members/{userId}/spaces (MemberContentPermission: each
// space the member can reach, with the role they have there) and GET
// /orgs/{organizationId}/link-invites (InviteLinkToOrganization). Pages are offsets into one
// query (organization.ts).
//
// The sandbox's choices where the document is silent:
// - a member's spaces are in the order they were created, newest first (`order`: desc, the
//   document's default) or oldest first (asc); a user not of the organization is a 404;
// - a link's `redundant` is true when the caller's organization role is at least the link's (a
//   link for a guest is redundant for every member), as "already has all necessary permissions"
//   reads.
import { roleOn } from './access-effective.js';
import { roleRank, type ContentRole, type GrantRole } from './access-store.js';
import { renderSpace } from './access-resources.js';
import { sandboxAdmin } from './admin.js';
import { HttpError, json } from './http.js';
import type { Incoming, Reply } from './http.js';
import { pageOf } from './organization.js';
import { callerIsAdmin, requireOrganization } from './service-context.js';
import type { ServiceContext } from './service-context.js';

/** GET /orgs/{org}/members/{userId}/spaces: `{ permission, space }` for each space the member reaches. */
export function listMemberSpaces(ctx: ServiceContext, orgId: string, userId: string, inc: Incoming): Reply {
  requireOrganization(ctx, orgId);
  if (ctx.store.getUser(orgId, userId) === undefined) throw new HttpError(404, `user ${userId} is not a member of organization ${orgId}`);
  const { order = 'desc' } = inc.query;
  if (order !== 'asc' && order !== 'desc') throw new HttpError(400, 'order must be asc or desc');
  const spaces = ctx.store.access.list(orgId, 'space').flatMap((space) => {
    const permission = roleOn(ctx.store, space, userId);
    return permission === undefined ? [] : [{ space, permission }];
  });
  if (order === 'desc') spaces.reverse();
  return json(200, pageOf(spaces, `member-spaces:${orgId}:${userId}:${order}`, inc, ctx, ({ space, permission }) => ({ permission, space: renderSpace(ctx, space) })));
}

/** The caller's organization role: admin for the sandbox's administrator unless `callerRole` says otherwise. */
function callerRole(ctx: ServiceContext, orgId: string): string | null | undefined {
  return callerIsAdmin(ctx) ? 'admin' : ctx.store.getUser(orgId, sandboxAdmin.id)?.role;
}

/** Whether a caller of `role` already has what a link of `linkRole` gives. */
export function redundantFor(role: string | null | undefined, linkRole: GrantRole): boolean {
  if (role === undefined || role === null) return false;
  if (linkRole === null) return true;
  return roleRank[role as ContentRole] >= roleRank[linkRole];
}

/** GET /orgs/{org}/link-invites: the organization's invite links, in creation order. */
export function listLinkInvites(ctx: ServiceContext, orgId: string, inc: Incoming): Reply {
  requireOrganization(ctx, orgId);
  const role = callerRole(ctx, orgId);
  const links = ctx.store.access.linkInvites.list(orgId);
  return json(200, pageOf(links, `link-invites:${orgId}`, inc, ctx, (l) => ({ object: 'invite' as const, id: l.id, role: l.role, redundant: redundantFor(role, l.role) })));
}
