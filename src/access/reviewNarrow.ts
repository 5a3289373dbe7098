// What `access review --team/--user/--space` narrows a review to (`teamctl help access`,
// "Review"): the people of those teams, those people, those spaces. A name that names nothing is
// exit 2 with the nearest names the organization has, before any access is read.
import type { AccessResource } from '../api/access.js';
import { UsageError } from '../errors.js';
import { closestTeams } from '../plan/teams.js';
import { findResource, findTeam, findUser, type Directory, type Found } from './directory.js';

export interface Narrowing {
  /** The resources whose access is read, in the directory's order. */
  resources: AccessResource[];
  /** General access rows are shown (no --team, no --user). */
  resourceRows: boolean;
  /** Invite links are shown (and no --space). */
  links: boolean;
  /** Whether a person's rows are shown. */
  person(userId: string, teamsOf: ReadonlyMap<string, ReadonlySet<string>>): boolean;
}

/** The value `found` names, or exit 2 naming the nearest of `near`. */
function named<T>(flag: string, name: string, found: Found<T>, near: readonly { id: string; title: string }[]): T {
  if (found.ok) return found.value;
  const close = closestTeams(name, near);
  const hint = close.length > 0 ? `did you mean ${close.map((c) => (c.title === c.id ? JSON.stringify(c.id) : `${JSON.stringify(c.title)} (${c.id})`)).join(' or ')}?` : undefined;
  throw new UsageError(`${flag}: ${found.problem}; nothing was read`, hint === undefined ? {} : { hint });
}

export function narrowing(directory: Directory, options: { teams: readonly string[]; users: readonly string[]; spaces: readonly string[] }): Narrowing {
  const spaces = directory.resources.filter((r) => r.kind === 'space');
  const spaceIds = new Set(options.spaces.map((name) => named('--space', name, findResource(directory, 'space', name), spaces).id));
  const teamIds = new Set(options.teams.map((name) => named('--team', name, findTeam(directory, name), directory.teams).id));
  const people = directory.users.map((u) => ({ id: u.id, title: u.email ?? u.id }));
  const userIds = new Set(options.users.map((name) => named('--user', name, findUser(directory, name), people).id));
  return {
    resources: spaceIds.size === 0 ? directory.resources : directory.resources.filter((r) => r.kind === 'space' && spaceIds.has(r.id)),
    resourceRows: teamIds.size === 0 && userIds.size === 0,
    links: spaceIds.size === 0,
    person: (userId, teamsOf) => (userIds.size === 0 || userIds.has(userId)) && (teamIds.size === 0 || [...(teamsOf.get(userId) ?? [])].some((t) => teamIds.has(t))),
  };
}
