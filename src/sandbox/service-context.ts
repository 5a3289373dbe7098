// What the service's handlers share: the state, the limits in force, the base URL resources are
// rendered with, and the 404s and 413 every handler answers the same way.
import { HttpError } from './http.js';
import type { SandboxStore } from './store.js';
import { sandboxAdmin, sandboxAdminMember } from './admin.js';

export interface ServiceContext {
  store: SandboxStore;
  /** Page size when `limit` is absent. */
  defaultPageSize: number;
  /** Most items in one page, whatever `limit` asks. */
  maxPageSize: number;
  /** Most add+remove entries or glossary operations in one request. */
  maxBatch: number;
  /** Whether the token's user joins, as owner, each team it creates (sandbox option, teams.ts). */
  creatorJoins: boolean;
  /** Whether removing a member is sent to the admins as a request, answered 202 (sandbox option, org-members.ts). */
  removalNeedsApproval: boolean;
  /**
   * The organization role of the token's user (the sandbox's administrator) in every organization,
   * which it then is a member of (null: a guest); undefined: not a member of any (sandbox option).
   */
  callerRole?: string | null | undefined;
  /** Share of invitations of accounts the sandbox knows that stay pending anyway (sandbox option, invites.ts). */
  invitePendingRate?: number;
  /** Whether the organizations' plan includes audit logs (false with the sandbox's `--plan free`). */
  auditLogs: boolean;
  /** Base URL without `/v1` (known once the server listens). */
  baseUrl(): string;
}

export function requireOrganization(ctx: ServiceContext, orgId: string): void {
  if (!ctx.store.hasOrganization(orgId)) throw new HttpError(404, `organization ${orgId} not found`);
  // With callerRole, the administrator has always been a member: made one the first time the organization is reached.
  if (ctx.callerRole !== undefined && ctx.store.getUser(orgId, sandboxAdmin.id) === undefined) {
    ctx.store.addUser(orgId, { ...sandboxAdminMember(new Date().toISOString()), role: ctx.callerRole });
  }
}

/** Whether the token's user may change organization roles and remove members at once (not with a callerRole other than admin). */
export const callerIsAdmin = (ctx: ServiceContext): boolean => ctx.callerRole === undefined || ctx.callerRole === 'admin';

export function requireTeam(ctx: ServiceContext, orgId: string, teamId: string): void {
  requireOrganization(ctx, orgId);
  if (!ctx.store.hasTeam(orgId, teamId)) throw new HttpError(404, `team ${teamId} not found in organization ${orgId}`);
}

export function tooMany(ctx: ServiceContext, count: number, what: string): HttpError {
  // The service's size limits are not shown; the sandbox's is maxBatch (sandbox's choice).
  return new HttpError(413, `${count} ${what} in one request; the sandbox accepts at most ${ctx.maxBatch}`);
}
