// Reading the whole team (every page) into the planner's shape. A plan made from part of a team
// would add members who are there and, with --prune, remove members it never saw, so any page
// failing (after the client's retries) aborts the run.
import { listTeamMembers } from '../api/members.js';
import type { ApiClient } from '../api/client.js';
import type { TeamMemberItem } from '../api/types.js';
import { ServiceError } from '../errors.js';
import type { CurrentMember } from '../plan/members.js';

/** The service's maximum page size: fewest requests. */
const pageSize = 1000;

function currentMemberOf(item: TeamMemberItem): CurrentMember {
  const user = item.organization.user;
  return { id: user?.id ?? item.organization.id, email: user?.email ?? null, role: item.team.role };
}

/**
 * Every member of the team. `purpose` says in errors what the read was for. Authentication and
 * not-found errors keep their class (exit 4, 5); anything else becomes a ServiceError that says
 * the listing was incomplete.
 */
export async function readTeam(client: ApiClient, org: string, team: string, purpose: string): Promise<CurrentMember[]> {
  const byId = new Map<string, CurrentMember>();
  try {
    for await (const items of listTeamMembers(client, org, team, pageSize)) {
      // The same member twice (a listing racing a change) counts once.
      for (const item of items) {
        const member = currentMemberOf(item);
        if (!byId.has(member.id)) byId.set(member.id, member);
      }
    }
  } catch (err) {
    if (err instanceof ServiceError) {
      throw new ServiceError(`could not read the whole team ${team} ${purpose}: ${err.message}`, {
        cause: err,
        status: err.status,
        outcome: err.outcome,
        hint: err.hint,
      });
    }
    throw err;
  }
  return [...byId.values()];
}
