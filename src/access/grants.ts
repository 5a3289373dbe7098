// The grants given on each resource itself (README, "Access"): its teams' and its users' listings,
// read side by side within --concurrency. Inherited access (a space's from its collection) is not
// listed here: it is not a grant of the space.
import type { ApiClient } from '../api/client.js';
import type { AccessResource, SubjectKind } from '../api/access.js';
import type { Grant } from '../model/access.js';
import { runPool } from '../members/pool.js';

/** Every team and user grant of `resources`, in their order, teams before users. */
export async function readGrants(client: ApiClient, org: string, resources: readonly AccessResource[], concurrency: number, kinds: readonly SubjectKind[] = ['team', 'user']): Promise<Grant[]> {
  const { listTeamGrants, listUserGrants } = await import('../api/access.js');
  const jobs = resources.flatMap((resource) => kinds.map((kind) => ({ resource, kind })));
  const settled = await runPool(jobs, concurrency, async ({ resource, kind }) => {
    const grants: Grant[] = [];
    if (kind === 'team') {
      for await (const page of listTeamGrants(client, org, resource, 1000)) for (const g of page) grants.push({ resource, subject: { kind, id: g.team.id, name: g.team.title }, role: g.permission });
    } else {
      for await (const page of listUserGrants(client, org, resource, 1000)) for (const g of page) grants.push({ resource, subject: { kind, id: g.user.id, name: g.user.email ?? g.user.id }, role: g.permission });
    }
    return grants;
  });
  return settled.flatMap((s) => {
    if (!s.ok) throw s.error;
    return s.value;
  });
}
