// The access of an organization as one run reads it (README, "Access"): the directory (resources,
// teams, members) and every grant on every resource, each listing once. A user granted on a
// resource without being a member of the organization (a guest) is known by the grant's listing.
import type { ApiClient } from '../api/client.js';
import type { Grant } from '../model/access.js';
import { readDirectory, type Directory } from './directory.js';
import { readGrants } from './grants.js';

export interface AccessState {
  directory: Directory;
  grants: Grant[];
}

export async function readAccessState(client: ApiClient, org: string, concurrency: number): Promise<AccessState> {
  const directory = await readDirectory(client, org, { teams: true, users: true });
  const grants = await readGrants(client, org, directory.resources, concurrency);
  const known = new Set(directory.users.map((u) => u.id));
  for (const { subject } of grants) {
    if (subject.kind !== 'user' || known.has(subject.id)) continue;
    known.add(subject.id);
    directory.users.push({ id: subject.id, ...(subject.name.includes('@') ? { email: subject.name } : {}) });
  }
  return { directory, grants };
}
