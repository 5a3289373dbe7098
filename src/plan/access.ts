// The access planner (README, "Access"): the grants listed and the access a file asks for in, the
// changes out — grants, role changes, revocations and general access. Pure.
// - A resource's general access changes only when the file has its row (`*` in `team`).
// - A listed grant the file does not name is revoked only with `prune`, and only on the resources
//   the file names (or on every resource with `allResources`); otherwise it is kept, and counted.
// - Inherited access is not drift: a grant a resource has anyway from its collection (its general
//   access is `inherit`, and the nearest collection up that way grants the same team or user the
//   same role) is neither planned nor revoked.
// - A site's grant cannot be changed to guest (its PATCH takes a role): that is a problem of the
//   plan, not a revocation and a second grant, since a user grant may notify the user.
import { grantKey, levelName, resourceKey, type AccessResource, type DefaultLevel, type Grant, type GrantRole, type Subject } from '../model/access.js';

export type AccessChange =
  | { action: 'grant'; resource: AccessResource; subject: Subject; role: GrantRole }
  | { action: 'change-role'; resource: AccessResource; subject: Subject; from: GrantRole; role: GrantRole }
  | { action: 'revoke'; resource: AccessResource; subject: Subject; from: GrantRole }
  | { action: 'general-access'; resource: AccessResource; from: DefaultLevel; level: DefaultLevel };

export interface AccessPlan {
  /** Grants first, then role changes, general access, revocations: a new path is open before an old one closes. */
  changes: AccessChange[];
  unchanged: number;
  /** Asked-for grants a resource has from its collection already, and listed ones that repeat it. */
  inherited: number;
  /** Listed grants the file does not name, kept (no --prune, or a resource the file does not name). */
  kept: Grant[];
  /** Why the plan cannot be sent as asked (nothing is sent while there is one). */
  problems: string[];
}

export interface PlanInput {
  /** Every resource listed (their parents included: inheritance walks them). */
  resources: readonly AccessResource[];
  /** The grants listed on them. */
  grants: readonly Grant[];
  desired: {
    grants: readonly Grant[];
    general: readonly { resource: AccessResource; level: DefaultLevel }[];
    resources: readonly AccessResource[];
  };
  prune: boolean;
  allResources: boolean;
}

const order: Record<AccessChange['action'], number> = { grant: 0, 'change-role': 1, 'general-access': 2, revoke: 3 };

export function planAccess(input: PlanInput): AccessPlan {
  const byId = new Map(input.resources.map((r) => [resourceKey(r), r]));
  const listed = new Map(input.grants.map((g) => [grantKey(g), g]));
  const wanted = new Map(input.desired.grants.map((g) => [grantKey(g), g]));
  const named = new Set(input.desired.resources.map(resourceKey));
  const inScope = (resource: AccessResource): boolean => input.prune && (input.allResources || named.has(resourceKey(resource)));
  const memo = new Map<string, GrantRole | undefined>();
  // The role `subject` will have on `resource` itself once the plan is applied (undefined: none):
  // what the file asks for, else the listed grant unless it is revoked.
  const directAfter = (resource: AccessResource, subject: Subject): GrantRole | undefined => {
    const key = grantKey({ resource, subject });
    if (memo.has(key)) return memo.get(key);
    memo.set(key, undefined);
    const have = listed.get(key);
    const after = wanted.has(key) ? wanted.get(key)?.role : have === undefined || (inScope(resource) && inheritedAfter(resource, subject) !== have.role) ? undefined : have.role;
    memo.set(key, after);
    return after;
  };
  // A resource's general access once the plan is applied: the file's row, else as listed.
  const levels = new Map(input.desired.general.map((g) => [resourceKey(g.resource), g.level]));
  const levelAfter = (resource: AccessResource): DefaultLevel => (levels.has(resourceKey(resource)) ? (levels.get(resourceKey(resource)) as DefaultLevel) : resource.defaultLevel);
  // What `subject` will have on `resource` from its collections: only through general access
  // `inherit`, the nearest collection's own grant (undefined: none).
  const inheritedAfter = (resource: AccessResource, subject: Subject): GrantRole | undefined => {
    const seen = new Set<string>();
    for (let r = resource; levelAfter(r) === 'inherit' && r.parent !== undefined && !seen.has(r.parent); ) {
      seen.add(r.parent);
      const collection = byId.get(resourceKey({ kind: 'collection', id: r.parent }));
      if (collection === undefined) return undefined;
      const role = directAfter(collection, subject);
      if (role !== undefined) return role;
      r = collection;
    }
    return undefined;
  };
  const changes: AccessChange[] = [];
  const problems: string[] = [];
  const plan: AccessPlan = { changes, unchanged: 0, inherited: 0, kept: [], problems };
  for (const want of wanted.values()) {
    const resource = byId.get(resourceKey(want.resource)) ?? want.resource;
    const have = listed.get(grantKey(want));
    if (have === undefined) {
      if (inheritedAfter(resource, want.subject) === want.role) plan.inherited++;
      else changes.push({ action: 'grant', resource, subject: want.subject, role: want.role });
    } else if (have.role === want.role) {
      plan.unchanged++;
    } else if (want.role === null && resource.kind === 'site') {
      problems.push(`${want.subject.kind} ${want.subject.name} on site ${resource.title} (${resource.id}): a site's grant cannot be changed to guest (${levelName(have.role)} now); revoke it first`);
    } else {
      changes.push({ action: 'change-role', resource, subject: want.subject, from: have.role, role: want.role });
    }
  }
  for (const have of listed.values()) {
    if (wanted.has(grantKey(have))) continue;
    const resource = byId.get(resourceKey(have.resource)) ?? have.resource;
    if (inheritedAfter(resource, have.subject) === have.role) plan.inherited++;
    else if (inScope(resource)) changes.push({ action: 'revoke', resource, subject: have.subject, from: have.role });
    else plan.kept.push(have);
  }
  for (const { resource: r, level } of input.desired.general) {
    const resource = byId.get(resourceKey(r)) ?? r;
    if (resource.defaultLevel === level) plan.unchanged++;
    else changes.push({ action: 'general-access', resource, from: resource.defaultLevel, level });
  }
  changes.sort((a, b) => order[a.action] - order[b.action]);
  return plan;
}

/** The grants and resources once `changes` are applied as the service applies them. */
export function applyAccessPlan(grants: readonly Grant[], resources: readonly AccessResource[], changes: readonly AccessChange[]): { grants: Grant[]; resources: AccessResource[] } {
  const state = new Map(grants.map((g) => [grantKey(g), g]));
  const byId = new Map(resources.map((r) => [resourceKey(r), r]));
  for (const c of changes) {
    if (c.action === 'general-access') {
      const r = byId.get(resourceKey(c.resource)) ?? c.resource;
      byId.set(resourceKey(r), { ...r, defaultLevel: c.level });
    } else if (c.action === 'revoke') state.delete(grantKey(c));
    else state.set(grantKey(c), { resource: c.resource, subject: c.subject, role: c.role });
  }
  return { grants: [...state.values()], resources: [...byId.values()] };
}
