// The leavers' direct access (README, "Access"; `teamctl help organization`, "Organization roles
// and leavers"): `members offboard` reads the user grants on every collection and site and on the
// spaces the leavers reach, within --concurrency, keeps those of the leavers, and revokes them in its plan before the
// leavers leave the organization (DELETE …/permissions/users/{userId}). A team's grants go with
// the team's membership and are not touched. A saved plan is stale when a grant it revokes moved.
import type { AccessResource } from '../api/access.js';
import type { ApiClient } from '../api/client.js';
import type { Context } from '../context.js';
import { remakePlan } from '../engine/planFile.js';
import { GuardError, NotFoundError } from '../errors.js';
import { resourceKey, type Grant } from '../model/access.js';
import type { AccessChange } from '../plan/access.js';
import type { AccessPlanBody, AccessRow } from '../access/change.js';
import type { Part, StepRow } from './sequence.js';

/** The leavers' user grants; undefined when the organization offers no access operations (404, said once). */
export async function readLeaverGrants(ctx: Context, client: ApiClient, org: string, userIds: readonly string[], concurrency: number): Promise<Grant[] | undefined> {
  const [{ readDirectory }, { readGrants }] = await Promise.all([import('../access/directory.js'), import('../access/grants.js')]);
  let resources;
  try {
    ({ resources } = await readDirectory(client, org, {}));
  } catch (err) {
    if (!(err instanceof NotFoundError)) throw err;
    ctx.io.warn(`organization ${org} lists no spaces, collections or sites (${err.message}): the leavers' direct access is not read`);
    return undefined;
  }
  const leaving = new Set(userIds);
  const read = await spacesTheyReach(client, org, userIds, resources, concurrency);
  return (await readGrants(client, org, read, concurrency, ['user'])).filter((g) => leaving.has(g.subject.id));
}

/**
 * The resources whose user grants are read: a user grant on a space is access to it, so of the
 * spaces only those a leaver reaches (GET …/members/{userId}/spaces) are read, when the leavers are
 * fewer than the spaces (a listing each costs less than a read a space). Collections and sites are
 * all read. A listing the service does not offer (404) falls back to every space.
 */
async function spacesTheyReach(client: ApiClient, org: string, userIds: readonly string[], resources: readonly AccessResource[], concurrency: number): Promise<readonly AccessResource[]> {
  const spaces = resources.filter((r) => r.kind === 'space');
  if (userIds.length === 0 || userIds.length >= spaces.length) return resources;
  const [{ listMemberSpaces }, { runPool }] = await Promise.all([import('../api/review.js'), import('../members/pool.js')]);
  const reached = new Set<string>();
  const listed = await runPool([...userIds], concurrency, async (userId) => {
    for await (const page of listMemberSpaces(client, org, userId, 1000)) for (const p of page) reached.add(p.space.id);
  });
  for (const l of listed) {
    if (l.ok) continue;
    if (l.error instanceof NotFoundError) return resources;
    throw l.error;
  }
  return resources.filter((r) => r.kind !== 'space' || reached.has(r.id));
}

export const revocationsOf = (grants: readonly Grant[]): AccessChange[] => grants.map((g) => ({ action: 'revoke', resource: g.resource, subject: g.subject, from: g.role }));

/** A revocation's row as a step of the offboarding's report. */
function stepOf(r: AccessRow): StepRow {
  const id = r.subject.slice(r.subject.indexOf(':') + 1);
  return { team: '', user: { id, email: r.name.includes('@') ? r.name : null }, action: `revoke ${r.resource}`, outcome: r.outcome, status: r.status, message: r.message };
}

export interface LeaverAccessInput {
  client: ApiClient;
  baseUrl: string;
  org: string;
  command: string;
  changes: AccessChange[];
  /** The grants as listed when planned (a saved plan's: as listed when applied). */
  grants: Grant[];
  concurrency: number;
}

/**
 * The revocations as a part of the offboarding. They are confirmed with the rest of the plan, and
 * the guards of `access sync` (its own admin access, an admin left) are not theirs: a leaver's
 * direct access goes whatever else holds the resource.
 */
export async function leaverAccessPart(ctx: Context, input: LeaverAccessInput): Promise<Part<AccessRow>> {
  const { accessDomain } = await import('../access/change.js');
  const domain = accessDomain({
    ...input,
    resources: [],
    plan: { changes: input.changes, unchanged: 0, inherited: 0, kept: [], problems: [] },
    scope: { named: [], all: true },
    caller: undefined,
    maxRevocations: '100%',
    force: true,
    warn: (m) => ctx.io.warn(m),
    confirmed: true,
    purpose: 'offboard',
  });
  return { domain, row: stepOf };
}

/** A saved plan's revocations: refused with nothing sent when a grant they revoke moved since. */
export async function savedLeaverAccess(ctx: Context, input: Omit<LeaverAccessInput, 'changes' | 'grants'>, body: AccessPlanBody): Promise<Part<AccessRow>> {
  const [{ readGrants }, { accessState }] = await Promise.all([import('../access/grants.js'), import('../access/change.js')]);
  const touched = [...new Map(body.changes.map((c) => [resourceKey(c.resource), c.resource])).values()];
  const grants = await readGrants(input.client, input.org, touched, Math.min(body.concurrency, 64), ['user']);
  const now = accessState(body.changes, grants, []);
  const moved = body.state.flatMap((was, i) => (now[i] === was ? [] : [`${was} is now ${now[i]?.split(' ').pop() ?? 'missing'}`]));
  if (moved.length > 0) throw new GuardError(`the access in ${input.org} changed since the plan was made: ${moved.join('; ')}; nothing was sent`, { hint: remakePlan });
  return leaverAccessPart(ctx, { ...input, changes: body.changes, grants, concurrency: body.concurrency });
}
