// Where a person's access to a resource comes from, as an access review names it (`teamctl help
// access`, "Review"): a team (by title), the person's own grant, or the general access — of the
// resource itself, or inherited from a collection, named as such. A space or collection's sources
// are read from its grants, its collections' and the teams' members; a site's from the origin the
// service gives. Pure.
import type { AccessResource, DefaultLevel, GrantRole } from '../api/access.js';
import type { SiteOrigin } from '../api/review.js';
import { higherRole } from './reviewRules.js';

/** A resource with the grants given on it, as the review looks them up. */
export interface ResourceNode {
  resource: AccessResource;
  /** How the review names it (`space:Onboarding`). */
  name: string;
  teams: readonly { id: string; title: string; role: GrantRole }[];
  users: ReadonlyMap<string, GrantRole>;
}

export interface Lookup {
  /** A collection by id (a resource's parent). */
  collection(id: string): ResourceNode | undefined;
  /** The ids of the teams a user is in. */
  teamsOf(userId: string): ReadonlySet<string>;
  /** A team's title by id (a site's origin names the team by id). */
  teamTitle(teamId: string): string;
}

/** One way a person reaches a resource. */
export interface Source {
  from: 'team' | 'grant' | 'general';
  label: string;
  role: GrantRole;
  /** The title of the collection the source is given on, when the resource inherits it. */
  inheritedFrom?: string;
}

const order = { team: 0, grant: 1, general: 2 } as const;

/** The general access a level gives a member of organization role `orgRole` (guests get none). */
function general(level: DefaultLevel, orgRole: GrantRole | undefined): Source[] {
  if (orgRole === null || orgRole === undefined || level === null || level === 'inherit') return [];
  return [{ from: 'general', label: 'general access', role: level }];
}

/** Every way `userId` reaches a space or collection: its grants, its general access, and what it inherits. */
export function contentSources(node: ResourceNode, userId: string, orgRole: GrantRole | undefined, lookup: Lookup, seen: ReadonlySet<string> = new Set()): Source[] {
  const sources: Source[] = [];
  const own = node.users.get(userId);
  if (own !== undefined) sources.push({ from: 'grant', label: 'direct grant', role: own });
  const teams = lookup.teamsOf(userId);
  for (const t of node.teams) if (teams.has(t.id)) sources.push({ from: 'team', label: `team ${t.title}`, role: t.role });
  const level = node.resource.defaultLevel;
  const parent = node.resource.parent === undefined ? undefined : lookup.collection(node.resource.parent);
  if (level === 'inherit' && parent !== undefined && !seen.has(parent.resource.id)) {
    for (const s of contentSources(parent, userId, orgRole, lookup, new Set([...seen, node.resource.id]))) sources.push(s.inheritedFrom === undefined ? { ...s, inheritedFrom: parent.resource.title } : s);
  } else if (level === 'inherit' && parent === undefined) {
    if (orgRole !== null && orgRole !== undefined) sources.push({ from: 'general', label: 'general access (organization role)', role: orgRole });
  } else {
    sources.push(...general(level, orgRole));
  }
  return sources;
}

/** The way a site's origin names: a team's or the user's own override, the site's default, the organization's role. */
export function siteSource(origin: SiteOrigin, role: GrantRole, lookup: Lookup): Source {
  switch (origin.type) {
    case 'organization':
      return { from: 'general', label: 'general access (organization role)', role };
    case 'space':
      return { from: 'general', label: `space ${origin.space}`, role };
    case 'site':
      if (origin.reason === 'team') return { from: 'team', label: `team ${lookup.teamTitle(origin.team)}`, role };
      return origin.reason === 'member' ? { from: 'grant', label: 'direct grant', role } : { from: 'general', label: 'general access', role };
  }
}

/** A source as a report reads it: `team Platform Engineering`, `general access, inherited from collection Handbook`. */
export const sourceText = (s: Source): string => (s.inheritedFrom === undefined ? s.label : `${s.label}, inherited from collection ${s.inheritedFrom}`);

/**
 * What gives `role`: the sources that give that very role (teams first, then the grant, then the
 * general access), or the highest when none does; `unexplained` when there are none.
 */
export function explain(sources: readonly Source[], role: GrantRole): string {
  if (sources.length === 0) return 'unexplained (no grant or general access gives it)';
  let giving = sources.filter((s) => s.role === role);
  if (giving.length === 0) {
    const best = sources.reduce<GrantRole>((r, s) => higherRole(r, s.role), null);
    giving = sources.filter((s) => s.role === best);
  }
  const sorted = [...giving].sort((a, b) => order[a.from] - order[b.from]);
  return [...new Set(sorted.map(sourceText))].join('; ');
}
