// One member of the organization, as the published document gives it: GET, PATCH (the role) and
// DELETE /orgs/{org}/members/{userId}, and POST …/members/{userId}/sso (made an SSO member). The organization's listing (organization.ts) and its teams
// (members.ts) read the same records, so a role changed here shows there, and a removed member
// leaves every team of the organization.
import { HttpError, json, noContent, objectBody } from './http.js';
import type { Incoming, Reply } from './http.js';
import { organizationMember } from './members.js';
import { callerIsAdmin, requireOrganization } from './service-context.js';
import type { ServiceContext } from './service-context.js';
import type { SandboxUser } from './store.js';

/** MemberRole of the published document; null (MemberRoleOrGuest) is a guest. */
export const memberRoles = ['admin', 'create', 'edit', 'review', 'comment', 'read'] as const;

/** A MemberRoleOrGuest value: one of `memberRoles`, or null. */
export function memberRoleOrGuest(value: unknown, field: string): string | null {
  if (value === null || (typeof value === 'string' && (memberRoles as readonly string[]).includes(value))) return value;
  throw new HttpError(400, `${field} must be one of ${memberRoles.join(', ')} or null (a guest), got ${JSON.stringify(value)}`);
}

/**
 * The member, or 404. The document shows only the 200 answer; a user who is not a member gets the
 * service's error body with 404 (sandbox's choice, as for a team that does not exist).
 */
function requireMember(ctx: ServiceContext, orgId: string, userId: string): SandboxUser {
  requireOrganization(ctx, orgId);
  const user = ctx.store.getUser(orgId, userId);
  if (!user) throw new HttpError(404, `user ${userId} is not a member of organization ${orgId}`);
  return user;
}

export function getMember(ctx: ServiceContext, orgId: string, userId: string): Reply {
  return json(200, organizationMember(ctx, orgId, requireMember(ctx, orgId, userId)));
}

export function updateMember(ctx: ServiceContext, orgId: string, userId: string, inc: Incoming): Reply {
  const user = requireMember(ctx, orgId, userId);
  // The body is required, its `role` is not: `{}` changes nothing and answers the member as it is.
  // Fields other than `role` are ignored (sandbox's choice: the document's body has `role` alone).
  const body = objectBody(inc, true, '{"role": "admin" | "create" | "edit" | "review" | "comment" | "read" | null}');
  const role = body.role === undefined ? undefined : memberRoleOrGuest(body.role, 'role');
  if (!callerIsAdmin(ctx)) throw new HttpError(403, `only an admin of organization ${orgId} can change a member's role`);
  // "The member has been updated": 200 with the OrganizationMember (published document).
  if (role !== undefined && role !== user.role) ctx.store.members.setRole(orgId, userId, role);
  return json(200, organizationMember(ctx, orgId, user));
}

/**
 * 205 "The member was deleted from the organization", 204 "Member did not exist in the
 * organization", 202 "The removal request was sent to the organization administrators" (published
 * document). When the service answers 202 it does not say; the sandbox answers 202 for every
 * member when started with `removalNeedsApproval` or a `callerRole` other than admin, and then
 * removes nobody: it records the request (one per member however often asked), which the store
 * keeps and no endpoint lists, and `store.removalRequestsSent` counts every one (sandbox's
 * choices). Without the option it removes at once, and the member leaves every team of the
 * organization.
 */
export function removeMember(ctx: ServiceContext, orgId: string, userId: string): Reply {
  requireOrganization(ctx, orgId);
  if (ctx.store.getUser(orgId, userId) === undefined) return noContent(204);
  if (ctx.removalNeedsApproval || !callerIsAdmin(ctx)) {
    ctx.store.members.requestRemoval(orgId, userId, new Date().toISOString());
    // Each request mails the admins, and is counted (write-counts.ts), the same member's again too.
    ctx.store.countSent(orgId, { removalRequest: userId });
    return noContent(202);
  }
  ctx.store.members.remove(orgId, userId);
  return noContent(205);
}

/**
 * POST /orgs/{org}/members/{userId}/sso: "The user has been added as an SSO member of the
 * organization", 200 with the OrganizationMember (published document). A member already SSO is
 * answered the same, unchanged; a non-member 404, and a caller other than an admin 403, as a role
 * change (sandbox's choices: the document shows only the 200 answer).
 */
export function setSsoMember(ctx: ServiceContext, orgId: string, userId: string): Reply {
  const user = requireMember(ctx, orgId, userId);
  if (!callerIsAdmin(ctx)) throw new HttpError(403, `only an admin of organization ${orgId} can set a member as an SSO member`);
  ctx.store.members.setSso(orgId, userId);
  return json(200, organizationMember(ctx, orgId, user));
}
