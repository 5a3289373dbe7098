// The organization as a run reads it before planning: its members (every page) and the caller,
// the token's user, with their role (`teamctl help organization`, "Organization roles and leavers").
import type { ApiClient } from '../api/client.js';
import type { OrganizationMember } from '../api/types.js';
import type { OrganizationRole, OrgMember } from '../plan/organization.js';

/** The organization's members as the planner needs them (every page). */
export async function readOrgMembers(client: ApiClient, org: string): Promise<OrgMember[]> {
  const { listOrganizationMembers } = await import('../api/organization.js');
  const members: OrgMember[] = [];
  for await (const page of listOrganizationMembers(client, org, {}, 1000)) for (const m of page) members.push(orgMemberOf(m));
  return members;
}

export const orgMemberOf = (m: OrganizationMember): OrgMember => ({ id: m.user.id, email: m.user.email ?? null, role: m.role as OrganizationRole, disabled: m.disabled === true, sso: m.sso === true });

/** The token's user and their role in the organization (undefined when not listed as a member). */
export async function callerOf(client: ApiClient, members: readonly OrgMember[]): Promise<{ id: string; role?: OrganizationRole }> {
  const { getAuthenticatedUser } = await import('../api/users.js');
  const user = await getAuthenticatedUser(client);
  const member = members.find((m) => m.id === user.id);
  return member === undefined ? { id: user.id } : { id: user.id, role: member.role };
}
