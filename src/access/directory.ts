// What access names, looked up once per run (README, "Access"): the organization's spaces,
// collections and sites (ids, titles, parents, general access), its teams and its members. A
// resource or a team is named by its id or its title, as teams are (README, "Teams by id or
// title"): an id wins, then the title, then the title in another case; a title two of them share
// names none and is refused, naming their ids. A user is named by id or e-mail (any case).
import { resourceKinds, type ResourceKind } from '../choices.js';
import type { ApiClient } from '../api/client.js';
import type { AccessResource } from '../api/access.js';
import { emailKey } from '../model/users.js';
import { matchTeam, type NamedTeam } from '../plan/teams.js';
import type { Subject } from '../model/access.js';

export interface Directory {
  resources: AccessResource[];
  teams: NamedTeam[];
  users: { id: string; email?: string }[];
}

/** What a run needs looked up. */
export interface Needs {
  kinds?: readonly ResourceKind[];
  teams?: boolean;
  users?: boolean;
}

async function all<T>(pages: AsyncIterable<T[]>): Promise<T[]> {
  const items: T[] = [];
  for await (const page of pages) items.push(...page);
  return items;
}

/** Every resource of the kinds asked, and the teams and members when asked: each listing once, side by side. */
export async function readDirectory(client: ApiClient, org: string, needs: Needs): Promise<Directory> {
  const [{ listResources }, { listTeams, listOrganizationMembers }] = await Promise.all([import('../api/access.js'), import('../api/organization.js')]);
  const kinds = needs.kinds ?? resourceKinds;
  const [resources, teams, users] = await Promise.all([
    Promise.all(kinds.map((kind) => all(listResources(client, org, kind, 1000)))).then((lists) => lists.flat()),
    needs.teams === true ? all(listTeams(client, org, undefined, 1000)) : Promise.resolve([]),
    needs.users === true ? all(listOrganizationMembers(client, org, {}, 1000)) : Promise.resolve([]),
  ]);
  return {
    resources,
    teams: teams.map((t) => ({ id: t.id, title: t.title })),
    users: users.map((m) => ({ id: m.user.id, ...(m.user.email === undefined ? {} : { email: m.user.email }) })),
  };
}

/** A name looked up: what it names, or why it names nothing (unknown, or a title shared by several). */
export type Found<T> = { ok: true; value: T } | { ok: false; problem: string; unknown: boolean };

/** The resource of `kind` that `name` (an id or a title) names. */
export function findResource(directory: Directory, kind: ResourceKind, name: string): Found<AccessResource> {
  const ofKind = directory.resources.filter((r) => r.kind === kind);
  const match = matchTeam(name, ofKind);
  if (match.kind === 'found') return { ok: true, value: match.team as AccessResource };
  if (match.kind === 'shared') {
    return { ok: false, unknown: false, problem: `the title ${JSON.stringify(name)} is shared by ${match.teams.length} ${kind}s (${match.teams.map((t) => t.id).join(', ')}): name one by its id` };
  }
  return { ok: false, unknown: true, problem: `no ${kind} has the id or title ${JSON.stringify(name)} (\`teamctl access list\` lists them)` };
}

/** The team `name` (an id or a title) names. */
export function findTeam(directory: Directory, name: string): Found<Subject> {
  const match = matchTeam(name, directory.teams);
  if (match.kind === 'found') return { ok: true, value: { kind: 'team', id: match.team.id, name: match.team.title } };
  if (match.kind === 'shared') {
    return { ok: false, unknown: false, problem: `the title ${JSON.stringify(name)} is shared by ${match.teams.length} teams (${match.teams.map((t) => t.id).join(', ')}): name one by its id` };
  }
  return { ok: false, unknown: true, problem: `no team has the id or title ${JSON.stringify(name)} (\`teamctl teams list\` lists them; \`teamctl teams create\` makes one)` };
}

/** The member `name` (an id, or an e-mail in any case) names. */
export function findUser(directory: Directory, name: string): Found<Subject> {
  const found = name.includes('@') ? directory.users.find((u) => u.email !== undefined && emailKey(u.email) === emailKey(name)) : directory.users.find((u) => u.id === name);
  if (found) return { ok: true, value: { kind: 'user', id: found.id, name: found.email ?? found.id } };
  return { ok: false, unknown: true, problem: `no member of the organization has the ${name.includes('@') ? 'e-mail' : 'id'} ${JSON.stringify(name)} (\`teamctl users list\` lists them)` };
}

/**
 * How a file names a resource so that findResource gives it back: its title when the title names
 * it alone, its id otherwise (a title shared, or the id of another).
 */
export function resourceName(directory: Directory, resource: AccessResource): string {
  const byTitle = findResource(directory, resource.kind, resource.title);
  return byTitle.ok && byTitle.value.id === resource.id && resource.title.trim() === resource.title && resource.title !== '' ? resource.title : resource.id;
}

/** How a file names a team so that findTeam gives it back: its title when that names it alone, its id otherwise. */
export function teamName(directory: Directory, team: { id: string; title: string }): string {
  const byTitle = findTeam(directory, team.title);
  return byTitle.ok && byTitle.value.id === team.id && team.title.trim() === team.title && team.title !== '' ? team.title : team.id;
}

/** How a file names a user so that findUser gives it back: the e-mail when the service gives one, the id otherwise. */
export function userName(directory: Directory, user: { id: string; email?: string }): string {
  if (user.email === undefined) return user.id;
  const byEmail = findUser(directory, user.email);
  return byEmail.ok && byEmail.value.id === user.id ? user.email : user.id;
}
