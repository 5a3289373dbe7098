// Team membership endpoints (`teamctl help environment`, "Talking to the service"): typed calls, no printing, no exit codes.
import type { ApiClient } from './client.js';
import { pathSegment } from './segment.js';
import { checkMemberItem, checkMembersOnce } from './shapes.js';
import type { TeamMemberItem, TeamMemberRole, UpdateTeamMembersBody } from './types.js';


export function teamMembersPath(org: string, team: string): string {
  return `/orgs/${pathSegment(org, 'organization')}/teams/${pathSegment(team, 'team')}/members`;
}

/** Pages of the team's members (GET …/members, following `next.page`). */
export function listTeamMembers(client: ApiClient, org: string, team: string, pageSize: number): AsyncGenerator<TeamMemberItem[], void, undefined> {
  return client.pages<TeamMemberItem>(teamMembersPath(org, team), pageSize, { item: checkMemberItem, items: checkMembersOnce, what: `the members of team ${team}` });
}

/** PUT …/members: add and/or remove several users (ids or e-mails); remove wins over add. */
export async function updateTeamMembers(client: ApiClient, org: string, team: string, body: UpdateTeamMembersBody): Promise<void> {
  await client.request('PUT', teamMembersPath(org, team), { body });
}

/** PUT …/members/{userId}: add the user, or change the role of a member. */
export async function putTeamMember(client: ApiClient, org: string, team: string, userId: string, role?: TeamMemberRole): Promise<void> {
  await client.request('PUT', `${teamMembersPath(org, team)}/${pathSegment(userId, 'user id')}`, { body: role === undefined ? {} : { role } });
}

/** DELETE …/members/{userId}: true when a member was removed (205), false when not a member (204). */
export async function deleteTeamMember(client: ApiClient, org: string, team: string, userId: string): Promise<boolean> {
  const { status } = await client.request('DELETE', `${teamMembersPath(org, team)}/${pathSegment(userId, 'user id')}`);
  return status === 205;
}
