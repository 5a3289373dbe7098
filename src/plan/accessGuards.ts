// The guards of an access plan (README, "Access"), checked before anything is sent:
// - the caller never loses its own admin path to a resource, by a revocation or a demotion: an
//   admin grant of its own or of a team it is in, on the resource or (through general access
//   `inherit`) its collection, or general access admin (the organization role is not counted:
//   the safe reading);
// - a resource that has an admin never is left without one;
// - --max-revocations: at most n, or p% of the grants the resources in scope hold (at least 1).
import { resourceKey, subjectKey, type AccessResource, type Grant } from '../model/access.js';
import { applyAccessPlan, type AccessChange } from './access.js';

/** Who runs the plan: its user id and the teams it is in. */
export interface Caller {
  id: string;
  teams: ReadonlySet<string>;
}

/** Grants by resource, for walking collections. */
function index(grants: readonly Grant[]): Map<string, Grant[]> {
  const by = new Map<string, Grant[]>();
  for (const g of grants) by.set(resourceKey(g.resource), [...(by.get(resourceKey(g.resource)) ?? []), g]);
  return by;
}

/**
 * Whether `who` (the caller, or anyone) has admin on `resource`: an admin grant, general access
 * admin, and through general access `inherit` the parent collection's; `inherit` at the top gives
 * the organization's admins admin, which counts for anyone but not as the caller's own path.
 */
function hasAdmin(resource: AccessResource, byId: Map<string, AccessResource>, grants: Map<string, Grant[]>, who: ((g: Grant) => boolean) | undefined): boolean {
  const seen = new Set<string>();
  for (let r: AccessResource | undefined = resource; r !== undefined && !seen.has(resourceKey(r)); ) {
    seen.add(resourceKey(r));
    if ((grants.get(resourceKey(r)) ?? []).some((g) => g.role === 'admin' && (who === undefined || who(g)))) return true;
    if (r.defaultLevel === 'admin') return true;
    if (r.defaultLevel !== 'inherit') return false;
    if (r.parent === undefined) return who === undefined;
    r = byId.get(resourceKey({ kind: 'collection', id: r.parent }));
  }
  return false;
}

/** The refusals of the admin guards: the caller's own path, and a resource left without an admin. */
export function adminRefusals(resources: readonly AccessResource[], grants: readonly Grant[], changes: readonly AccessChange[], caller: Caller | undefined): string[] {
  const touched = new Set(changes.filter((c) => c.action !== 'grant').map((c) => resourceKey(c.resource)));
  if (touched.size === 0) return [];
  const after = applyAccessPlan(grants, resources, changes);
  const before = { byId: new Map(resources.map((r) => [resourceKey(r), r])), grants: index(grants) };
  const then = { byId: new Map(after.resources.map((r) => [resourceKey(r), r])), grants: index(after.grants) };
  const mine = caller === undefined ? undefined : (g: Grant): boolean => subjectKey(g.subject) === `user:${caller.id}` || (g.subject.kind === 'team' && caller.teams.has(g.subject.id));
  // A collection's grants reach every space and collection in it: each resource is checked.
  const refusals: string[] = [];
  for (const resource of resources) {
    const key = resourceKey(resource);
    const reached = touched.has(key) || [...touched].some((t) => t.startsWith('collection:'));
    if (!reached) continue;
    const now = then.byId.get(key) ?? resource;
    const name = `${resource.kind} ${JSON.stringify(resource.title)} (${resource.id})`;
    if (mine !== undefined && hasAdmin(resource, before.byId, before.grants, mine) && !hasAdmin(now, then.byId, then.grants, mine)) refusals.push(`the plan takes your own admin access to ${name}`);
    else if (hasAdmin(resource, before.byId, before.grants, undefined) && !hasAdmin(now, then.byId, then.grants, undefined)) refusals.push(`the plan leaves ${name} without an admin`);
  }
  return refusals;
}

/** The grants the resources in scope hold (every resource's with `all`): what --max-revocations' percentage is of. */
export function grantsInScope(grants: readonly Grant[], named: readonly AccessResource[], all: boolean): number {
  if (all) return grants.length;
  const keys = new Set(named.map(resourceKey));
  return grants.filter((g) => keys.has(resourceKey(g.resource))).length;
}
