// What an access review reads before it reads who reaches each resource (`teamctl help access`,
// "Review"): the directory (resources, teams), the organization's members with their role,
// disabled state and last visit, its invite links, each team's members, and the grants given on
// the resources the review explains (and on the collections they inherit from). Each listing once;
// the per-team and per-resource ones within --concurrency.
import type { ApiClient } from '../api/client.js';
import type { AccessResource } from '../api/access.js';
import type { LinkInvite, ReviewMember } from '../api/review.js';
import { runPool } from '../members/pool.js';
import { resourceKey, type Grant } from '../model/access.js';
import { readDirectory, type Directory } from './directory.js';
import { readGrants } from './grants.js';

export interface ReviewBasis {
  directory: Directory;
  members: Map<string, ReviewMember>;
  links: LinkInvite[];
}

async function all<T>(pages: AsyncIterable<T[]>): Promise<T[]> {
  const items: T[] = [];
  for await (const page of pages) items.push(...page);
  return items;
}

/** The directory, the members (also the directory's users, for --user) and the invite links, side by side. */
export async function readBasis(client: ApiClient, org: string): Promise<ReviewBasis> {
  const { listLinkInvites, listReviewMembers } = await import('../api/review.js');
  const [directory, members, links] = await Promise.all([readDirectory(client, org, { teams: true }), all(listReviewMembers(client, org, 1000)), all(listLinkInvites(client, org, 1000))]);
  directory.users = members.map((m) => ({ id: m.user.id, ...(m.user.email === undefined ? {} : { email: m.user.email }) }));
  return { directory, members: new Map(members.map((m) => [m.user.id, m])), links };
}

/** User id → the ids of the teams they are in. */
export async function readTeamMembership(client: ApiClient, org: string, teamIds: readonly string[], concurrency: number): Promise<Map<string, Set<string>>> {
  const { listTeamMembers } = await import('../api/members.js');
  const settled = await runPool(teamIds, concurrency, async (team) => {
    const ids: string[] = [];
    for await (const page of listTeamMembers(client, org, team, 1000)) for (const m of page) ids.push(m.organization.user.id);
    return ids;
  });
  const teamsOf = new Map<string, Set<string>>();
  settled.forEach((s, i) => {
    if (!s.ok) throw s.error;
    for (const user of s.value) {
      const teams = teamsOf.get(user) ?? new Set<string>();
      teams.add(teamIds[i] as string);
      teamsOf.set(user, teams);
    }
  });
  return teamsOf;
}

/** `resources` and the collections above them (a space's `inherit` reads its collection's grants). */
export function withCollections(directory: Directory, resources: readonly AccessResource[]): AccessResource[] {
  const collections = new Map(directory.resources.filter((r) => r.kind === 'collection').map((r) => [r.id, r]));
  const out = new Map(resources.map((r) => [resourceKey(r), r]));
  for (const r of resources) {
    for (let parent = r.parent === undefined ? undefined : collections.get(r.parent); parent !== undefined && !out.has(resourceKey(parent)); parent = parent.parent === undefined ? undefined : collections.get(parent.parent)) {
      out.set(resourceKey(parent), parent);
    }
  }
  return [...out.values()];
}

/** The grants on `resources` and on the collections they inherit from. */
export async function readReviewGrants(client: ApiClient, org: string, directory: Directory, resources: readonly AccessResource[], concurrency: number): Promise<Grant[]> {
  return readGrants(client, org, withCollections(directory, resources), concurrency);
}
