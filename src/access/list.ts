// `access list` (README, "Access"): one row per grant, and one per resource for its general
// access, written so that `access sync` reads the file back as the same access: a resource, team
// or user by its title or e-mail when that names it alone, by its id otherwise.
import type { ResourceKind } from '../choices.js';
import type { ApiClient } from '../api/client.js';
import type { AccessResource } from '../api/access.js';
import { emailKey } from '../model/users.js';
import { levelName, type Grant } from '../model/access.js';
import { findResource, findTeam, readDirectory, resourceName, teamName, type Directory } from './directory.js';
import { readGrants } from './grants.js';
import { everyone } from '../files/access.js';
import { UsageError, NotFoundError } from '../errors.js';


/** One row of an access file, as `access list` writes it and `access sync` reads it. */
export interface AccessRow {
  /** `space:<title or id>`, `collection:…`, `site:…`. */
  resource: string;
  /** A team's title or id; `*` on a general-access row; empty on a user's row. */
  team: string;
  /** A user's e-mail or id; empty otherwise. */
  user: string;
  role: string;
  resourceId: string;
  /** The team's or user's id; empty on a general-access row. */
  subjectId: string;
}

export interface ListFilters {
  /** Resources named by kind, each by id or title; none: every resource. */
  named: { kind: ResourceKind; name: string }[];
  teams: string[];
  users: string[];
  concurrency: number;
}

/** The resources the filters name (each once, in the listing's order), or every one. */
function chosen(directory: Directory, named: ListFilters['named']): AccessResource[] {
  if (named.length === 0) return directory.resources;
  const ids = new Set<string>();
  for (const { kind, name } of named) {
    const found = findResource(directory, kind, name);
    if (!found.ok) throw found.unknown ? new NotFoundError(`${found.problem}; nothing was sent`, { status: 404 }) : new UsageError(`${found.problem}; nothing was sent`);
    ids.add(`${kind}:${found.value.id}`);
  }
  return directory.resources.filter((r) => ids.has(`${r.kind}:${r.id}`));
}

/** The rows of the grants on the resources chosen, each resource's general access first (unless filtered by team or user). */
export async function accessRows(client: ApiClient, org: string, filters: ListFilters): Promise<AccessRow[]> {
  const directory = await readDirectory(client, org, { teams: true });
  const resources = chosen(directory, filters.named);
  const teamIds = new Set<string>();
  for (const name of filters.teams) {
    const found = findTeam(directory, name);
    if (!found.ok) throw found.unknown ? new NotFoundError(`${found.problem}; nothing was sent`, { status: 404 }) : new UsageError(`${found.problem}; nothing was sent`);
    teamIds.add(found.value.id);
  }
  const userKeys = new Set(filters.users.map((u) => (u.includes('@') ? emailKey(u) : u)));
  const bySubject = filters.teams.length > 0 || filters.users.length > 0;
  const kinds = bySubject ? ([...(filters.teams.length > 0 ? ['team' as const] : []), ...(filters.users.length > 0 ? ['user' as const] : [])]) : undefined;
  const grants = await readGrants(client, org, resources, filters.concurrency, kinds);
  const wanted = (g: Grant): boolean =>
    !bySubject || (g.subject.kind === 'team' ? teamIds.has(g.subject.id) : userKeys.has(g.subject.id) || (g.subject.name.includes('@') && userKeys.has(emailKey(g.subject.name))));
  const byResource = new Map<AccessResource, Grant[]>();
  for (const g of grants) if (wanted(g)) byResource.set(g.resource, [...(byResource.get(g.resource) ?? []), g]);
  const rows: AccessRow[] = [];
  for (const resource of resources) {
    const name = `${resource.kind}:${resourceName(directory, resource)}`;
    if (!bySubject) rows.push({ resource: name, team: everyone, user: '', role: levelName(resource.defaultLevel), resourceId: resource.id, subjectId: '' });
    for (const g of byResource.get(resource) ?? []) {
      const team = g.subject.kind === 'team' ? teamName(directory, { id: g.subject.id, title: g.subject.name }) : '';
      const user = g.subject.kind === 'user' ? g.subject.name : '';
      rows.push({ resource: name, team, user, role: levelName(g.role), resourceId: resource.id, subjectId: g.subject.id });
    }
  }
  return rows;
}
