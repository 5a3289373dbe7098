// The access planner (README, "Access"): grants, role changes, revocations and general access
// from the listed grants and the file's; inherited access is not drift; --prune only on the
// resources the file names unless --all-resources. Property: applying the plan gives the access
// asked for, and a second plan is empty.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { planAccess, type AccessChange, type PlanInput } from '../../src/plan/access.js';
import { grantKey, resourceKey, type AccessResource, type DefaultLevel, type Grant, type GrantRole, type Subject } from '../../src/model/access.js';

const roles: GrantRole[] = ['admin', 'edit', 'read', null];
const levels: DefaultLevel[] = ['inherit', 'read', 'edit', null];
const subjects: Subject[] = [
  { kind: 'team', id: 't1', name: 'Design' },
  { kind: 'team', id: 't2', name: 'Ops' },
  { kind: 'user', id: 'u1', name: 'ann@example.com' },
];
const c1: AccessResource = { kind: 'collection', id: 'c1', title: 'Guides', defaultLevel: 'read' };
const c2: AccessResource = { kind: 'collection', id: 'c2', title: 'Inner', parent: 'c1', defaultLevel: 'inherit' };
const s1: AccessResource = { kind: 'space', id: 's1', title: 'Handbook', parent: 'c2', defaultLevel: 'inherit' };
const s2: AccessResource = { kind: 'space', id: 's2', title: 'Notes', defaultLevel: null };
const w1: AccessResource = { kind: 'site', id: 'w1', title: 'Docs', defaultLevel: 'read' };
const resources = [c1, c2, s1, s2, w1];
const [design, ops, ann] = subjects as [Subject, Subject, Subject];
const g = (resource: AccessResource, subject: Subject, role: GrantRole): Grant => ({ resource, subject, role });
const input = (over: Partial<Omit<PlanInput, 'desired'>> & { desired?: Partial<PlanInput['desired']> }): PlanInput => ({
  resources,
  grants: [],
  prune: false,
  allResources: false,
  ...over,
  desired: { grants: [], general: [], resources: [], ...over.desired },
});
const show = (c: AccessChange): string => (c.action === 'general-access' ? `${c.action} ${c.resource.id} ${c.level}` : `${c.action} ${c.resource.id} ${c.subject.id}${c.action === 'revoke' ? '' : ` ${c.role}`}`);

describe('planAccess', () => {
  it('grants, changes roles, sets general access; grants before revocations', () => {
    const plan = planAccess(
      input({
        grants: [g(s2, design, 'read'), g(s2, ops, 'edit'), g(w1, ann, 'read')],
        prune: true,
        desired: { grants: [g(s2, design, 'admin'), g(w1, ann, 'read'), g(w1, ops, null)], general: [{ resource: s2, level: 'read' }], resources: [s2, w1] },
      }),
    );
    expect(plan.changes.map(show)).toEqual(['grant w1 t2 null', 'change-role s2 t1 admin', 'general-access s2 read', 'revoke s2 t2']);
    expect(plan.unchanged).toBe(1);
  });

  it('without --prune a grant the file leaves out is kept; with it, only on the resources the file names, unless --all-resources', () => {
    const grants = [g(s2, ops, 'edit'), g(w1, ops, 'read')];
    const desired = { grants: [g(s2, design, 'read')], resources: [s2] };
    expect(planAccess(input({ grants, desired })).kept).toHaveLength(2);
    expect(planAccess(input({ grants, desired, prune: true })).changes.map(show)).toEqual(['grant s2 t1 read', 'revoke s2 t2']);
    expect(planAccess(input({ grants, desired, prune: true, allResources: true })).changes.map(show)).toEqual(['grant s2 t1 read', 'revoke s2 t2', 'revoke w1 t2']);
  });

  it('a resource without a general-access row keeps its general access, --prune or not', () => {
    expect(planAccess(input({ prune: true, allResources: true, desired: { grants: [g(s2, design, 'read')], resources: [s2] } })).changes.map(show)).toEqual(['grant s2 t1 read']);
  });

  it('inherited access is not drift: a grant the space has from its collections is neither granted nor revoked', () => {
    const grants = [g(c1, design, 'edit'), g(s1, design, 'edit')];
    const asked = planAccess(input({ grants: [g(c1, design, 'edit')], desired: { grants: [g(s1, design, 'edit')], resources: [s1] } }));
    expect(asked.changes).toEqual([]);
    expect(asked.inherited).toBe(1);
    const listed = planAccess(input({ grants, prune: true, desired: { grants: [g(c1, design, 'edit')], resources: [c1, s1] } }));
    expect(listed.changes).toEqual([]);
    // Once the collection's grant goes, the space's own is no longer inherited: it goes too.
    expect(planAccess(input({ grants, prune: true, desired: { resources: [c1, s1] } })).changes.map(show)).toEqual(['revoke c1 t1', 'revoke s1 t1']);
  });

  it('only general access `inherit` brings a collection\'s grants down: a space with its own general access is granted', () => {
    const grants = [g(c1, design, 'edit')];
    const own = { ...s1, parent: 'c1', defaultLevel: 'read' as const };
    expect(planAccess(input({ resources: [c1, c2, own, s2, w1], grants, desired: { grants: [g(own, design, 'edit')], resources: [own] } })).changes.map(show)).toEqual(['grant s1 t1 edit']);
    // The file's general-access row counts as it will be: set to inherit, the grant comes from c1.
    expect(planAccess(input({ resources: [c1, c2, own, s2, w1], grants, desired: { grants: [g(own, design, 'edit')], general: [{ resource: own, level: 'inherit' }], resources: [own] } })).changes.map(show)).toEqual(['general-access s1 inherit']);
  });

  it('a site\'s grant is never changed to guest: a problem, not a revocation and a second grant', () => {
    const plan = planAccess(input({ grants: [g(w1, ann, 'read')], desired: { grants: [g(w1, ann, null)], resources: [w1] } }));
    expect(plan.changes).toEqual([]);
    expect(plan.problems).toEqual(["user ann@example.com on site Docs (w1): a site's grant cannot be changed to guest (read now); revoke it first"]);
  });

  it('only a site refuses a change to guest: a space changes to guest, a site changes between roles', () => {
    const plan = planAccess(input({ grants: [g(s2, ann, 'read'), g(w1, ann, 'read')], desired: { grants: [g(s2, ann, null), g(w1, ann, 'edit')], resources: [s2, w1] } }));
    expect(plan.problems).toEqual([]);
    expect(plan.changes.map(show)).toEqual(['change-role s2 u1 null', 'change-role w1 u1 edit']);
  });

  it('counts: a listed grant the file leaves out that the space inherits anyway, and general access already as asked', () => {
    const plan = planAccess(input({ grants: [g(c1, design, 'edit'), g(s1, design, 'edit')], prune: true, desired: { grants: [g(c1, design, 'edit')], general: [{ resource: w1, level: 'read' }], resources: [c1, s1, w1] } }));
    expect(plan.changes).toEqual([]);
    expect(plan.inherited).toBe(1);
    expect(plan.unchanged).toBe(2); // c1's grant and w1's general access
  });

  it('collections that name each other as parent (a hostile listing) end the walk: no endless recursion', () => {
    const a: AccessResource = { kind: 'collection', id: 'ca', title: 'A', parent: 'cb', defaultLevel: 'inherit' };
    const b: AccessResource = { kind: 'collection', id: 'cb', title: 'B', parent: 'ca', defaultLevel: 'inherit' };
    const plan = planAccess(input({ resources: [a, b], grants: [g(a, design, 'read'), g(b, design, 'read')], prune: true, allResources: true }));
    expect(plan.changes.map(show).sort()).toEqual(['revoke ca t1', 'revoke cb t1']);
  });
});

/** The state after a plan is applied as the service would. */
function apply(grants: readonly Grant[], all: readonly AccessResource[], changes: readonly AccessChange[]): { grants: Grant[]; resources: AccessResource[] } {
  const state = new Map(grants.map((x) => [grantKey(x), x]));
  const byId = new Map(all.map((r) => [resourceKey(r), { ...r }]));
  for (const c of changes) {
    if (c.action === 'general-access') (byId.get(resourceKey(c.resource)) as AccessResource).defaultLevel = c.level;
    else if (c.action === 'revoke') state.delete(grantKey(c));
    else state.set(grantKey(c), g(c.resource, c.subject, c.role));
  }
  return { grants: [...state.values()], resources: [...byId.values()] };
}

/** What `subject` may do on `resource`: its own grant, else (through general access `inherit`) its nearest collection's. */
function effective(resource: AccessResource, subject: Subject, grants: readonly Grant[], all: readonly AccessResource[]): GrantRole | undefined {
  for (let r = all.find((x) => resourceKey(x) === resourceKey(resource)); r !== undefined; r = r.defaultLevel === 'inherit' ? all.find((x) => x.kind === 'collection' && x.id === r?.parent) : undefined) {
    const own = grants.find((x) => grantKey(x) === grantKey({ resource: r as AccessResource, subject }));
    if (own) return own.role;
  }
  return undefined;
}

describe('planAccess, property', () => {
  const grantArb = fc.tuple(fc.constantFrom(...resources), fc.constantFrom(...subjects), fc.constantFrom(...roles)).map(([r, s, role]) => g(r, s, role));
  const unique = (list: Grant[]): Grant[] => [...new Map(list.map((x) => [grantKey(x), x])).values()];
  it('applying the plan gives the access asked for, revokes only with --prune and in scope, and a second plan is empty', () => {
    fc.assert(
      fc.property(
        fc.array(grantArb, { maxLength: 12 }).map(unique),
        fc.array(grantArb, { maxLength: 12 }).map(unique),
        fc.array(fc.tuple(fc.constantFrom(...resources), fc.constantFrom(...levels)), { maxLength: 3 }),
        fc.subarray(resources),
        fc.boolean(),
        fc.boolean(),
        (listed, wanted, generalRows, named, prune, allResources) => {
          const general = [...new Map(generalRows.map(([resource, level]) => [resourceKey(resource), { resource, level }])).values()];
          const names = [...new Map([...named, ...wanted.map((x) => x.resource), ...general.map((x) => x.resource)].map((r) => [resourceKey(r), r])).values()];
          const desired = { grants: wanted, general, resources: names };
          const first = planAccess({ resources, grants: listed, desired, prune, allResources });
          fc.pre(first.problems.length === 0);
          const after = apply(listed, resources, first.changes);
          for (const want of wanted) expect(effective(want.resource, want.subject, after.grants, after.resources)).toBe(want.role);
          for (const { resource, level } of general) expect(after.resources.find((r) => resourceKey(r) === resourceKey(resource))?.defaultLevel).toBe(level);
          if (!prune) expect(first.changes.filter((c) => c.action === 'revoke')).toEqual([]);
          for (const c of first.changes) if (c.action === 'revoke') expect(allResources || names.some((r) => resourceKey(r) === resourceKey(c.resource))).toBe(true);
          const second = planAccess({ resources: after.resources, grants: after.grants, desired, prune, allResources });
          expect(second.changes).toEqual([]);
        },
      ),
      { numRuns: 500 },
    );
  });
});
