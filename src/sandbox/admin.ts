// The sandbox's administrator (README, "sandbox"): the user its one token belongs to, and that
// user as a member of an organization. Below the handlers, which all may need it.
import type { SandboxUser } from './users.js';

export const sandboxAdmin = { id: 'u-sandbox-admin', displayName: 'Sandbox Admin', email: 'admin@sandbox.example.com' } as const;

/**
 * The administrator as a member of an organization (role `admin`), for a sandbox whose creator
 * joins the teams it creates (`creatorJoins`): the team's member records need one.
 */
export function sandboxAdminMember(joinedAt: string): SandboxUser {
  return { ...sandboxAdmin, role: 'admin', disabled: false, joinedAt, sso: false, spaces: 0, sites: 0 };
}
