// GET /user (getAuthenticatedUser in the published document): the user the request's token
// belongs to. The sandbox has one token, and it belongs to its own administrator — a user of the
// sandbox's choosing (README, "sandbox"), in the document's User shape.
import { json, type Reply } from './http.js';
import type { ServiceContext } from './service-context.js';
import type { SandboxUser } from './users.js';

export const sandboxAdmin = { id: 'u-sandbox-admin', displayName: 'Sandbox Admin', email: 'admin@sandbox.example.com' } as const;

export function getAuthenticatedUser(ctx: ServiceContext): Reply {
  return json(200, {
    object: 'user',
    id: sandboxAdmin.id,
    displayName: sandboxAdmin.displayName,
    email: sandboxAdmin.email,
    urls: { location: `${ctx.baseUrl()}/v1/users/${sandboxAdmin.id}` },
  });
}

/**
 * The administrator as a member of an organization (role `admin`), for a sandbox whose creator
 * joins the teams it creates (`creatorJoins`): the team's member records need one.
 */
export function sandboxAdminMember(joinedAt: string): SandboxUser {
  return { ...sandboxAdmin, role: 'admin', disabled: false, joinedAt, sso: false, spaces: 0, sites: 0 };
}
