// The members executor: sends a MembersPlan to the service and says, user by user, what the
// service accepted and what failed. It decides no exit code and prints nothing.
//
// Order of work, so a team is never left without its owners mid-run:
//   1. new members in bulk (PUT …/members `add`, batched; a 413 halves a batch);
//   2. the team is read again: that resolves the ids of users named by e-mail, and shows the
//      role the service gave them (its default for a bulk add is not documented), so any new
//      member whose role differs from the intended one gets the single-user PUT;
//   2b. new members that a not-member removal names the other way (see below) are removed
//      again, in bulk, right away;
//   3. promotions to owner (single-user PUTs, bounded concurrency), all finished before…
//   4. …demotions to member;
//   5. removals in bulk (PUT …/members `remove`, batched), last.
// Role changes are made in place with the single-user PUT, never by removing and re-adding.
//
// Choices where the service is silent:
// - A bulk `add` naming a user the service does not know is refused whole (400, nothing
//   applied). Rather than parse the message to find the culprit, a batch answered 400 is split
//   in two and each half sent again, like a 413, so an unknown user fails alone and everyone
//   else in its batch is added (about 2·log2(batch) extra requests per bad user).
// - An answer that proves nothing (a 500, a timeout after the client's retries) may hide a
//   change the service made; such failures are marked `mayHaveApplied` and the verification
//   step decides.
// - 401/403 stop the run: every later request would fail the same way. So does a 404 on the
//   bulk endpoint (the team is gone). A 404 on a single-user PUT concerns that user only.
// - If promotions failed so that the demotions and owner removals would leave no owner in a
//   team meant to keep some, those demotions and removals are not sent (reported as failed).
// - "A user in both add and remove ends up removed": the planner matches the two only when
//   both name the user the same way or the user is a member. A non-member named by e-mail on
//   one side and by id on the other cannot be matched before the run (the team listing does
//   not know them). Bulk adds carry adds only (a `remove` entry would count against the
//   request's size limit, and whether the service ignores removals of non-members is not
//   documented). Instead the re-read of step 2 shows, for each new member (not in the team
//   before the run), its id and e-mail: one that a not-member removal names (by id, or by
//   e-mail ignoring case) is removed again in step 2b and reported `overruled` (not a member,
//   "named in both add and remove (remove wins)"). The user is a member in between: from the
//   bulk add until that removal. (If that re-read fails, they cannot be recognised: the final
//   verification reports them still present.)
// - A planned add that the re-read matches to a member who was already in the team before
//   the run (the add named an address the first listing did not show) is not an addition:
//   that member keeps their role, unless a role was asked for explicitly (a roster `role`
//   column, `--role`); it is reported with the unchanged members (`alreadyMembers`).
// - A bulk add whose answer was lost (outcome unknown: a reset, a timeout, a 500) is settled
//   by the same re-read: users present count as added and get their role fixes, users absent
//   fail. A batch counts as applied when at least one of its users is present.
// - One non-member named twice (by e-mail and by id) lands as one member: reported once. With
//   two different roles the outcome would depend on timing, so no role is sent for them and
//   the user is reported failed (action role): "named twice with different roles".
import type { ApiClient } from '../api/client.js';
import { sendInBatches, type BatchResult } from '../api/batching.js';
import { putTeamMember, updateTeamMembers } from '../api/members.js';
import { AuthError, NotFoundError, ServiceError, TeamctlError } from '../errors.js';
import type { Progress } from '../output/progress.js';
import {
  applyPlan,
  type CurrentMember,
  type MembersPlan,
  type PlannedAdd,
  type PlannedRemoval,
} from '../plan/members.js';
import type { UserRef } from '../model/users.js';
import { runPool } from './pool.js';
import { settleAdds, type Settlement } from './settle.js';
import {
  acceptedStatus,
  failureOf,
  keyOf,
  overruledMessage,
  type ExecuteResult,
  type RoleWork,
} from './results.js';
import { readTeam } from './team.js';
import { UserMap } from '../plan/userMap.js';

export interface ExecuteOptions {
  client: ApiClient;
  org: string;
  team: string;
  /** Users per bulk request. */
  batchSize: number;
  /** Single-user requests in flight at once. */
  concurrency: number;
  progress?: Progress;
  /** True once the run must start no new request (Ctrl-C, SIGTERM): the rest is "not sent". */
  interrupted?: () => boolean;
}

/** What a change that an interruption kept from being sent fails with: nothing was processed. */
const notSentInterrupted = (): ServiceError => new ServiceError('not sent: the run was interrupted', { outcome: 'not-processed', detail: 'not sent: the run was interrupted' });

/**
 * sendInBatches (413 halves a batch), plus: a batch of several users answered 400 is halved and
 * retried the same way, down to single users, so one bad user does not sink the others.
 */
export async function sendIsolating<T>(
  items: readonly T[],
  size: number,
  send: (batch: T[]) => Promise<void>,
  onSent?: (batch: T[]) => void,
): Promise<BatchResult<T>> {
  const result = await sendInBatches(items, size, send, onSent);
  const out: BatchResult<T> = { sent: [...result.sent], failed: [] };
  for (const failure of result.failed) {
    if (failure.error.status === 400 && failure.items.length > 1) {
      const again = await sendIsolating(failure.items, Math.ceil(failure.items.length / 2), send, onSent);
      out.sent.push(...again.sent);
      out.failed.push(...again.failed);
    } else {
      out.failed.push(failure);
    }
  }
  return out;
}

/** Items back in the plan's order (isolating a bad user sends batches out of order). */
function inPlanOrder<T>(planned: readonly T[], items: T[]): T[] {
  const position = new Map(planned.map((item, i) => [item, i]));
  return items.sort((a, b) => (position.get(a) ?? 0) - (position.get(b) ?? 0));
}

/** One run of `executePlan`: what it sends from, what it has found, and how it sends. */
interface Execution {
  current: readonly CurrentMember[];
  plan: MembersPlan;
  options: ExecuteOptions;
  result: ExecuteResult;
  /** Sends one request; remembers an error that makes every later request pointless, and refuses to send after it. */
  guarded(bulk: boolean, request: () => Promise<void>): Promise<void>;
  /** One bulk request of adds or removals. */
  sendBulk(body: { add?: string[]; remove?: string[] }): Promise<void>;
}

/** The team as read during the run, by id or e-mail; undefined when it could not be read. */
type Lookup = ((user: UserRef) => CurrentMember | undefined) | undefined;

/** Sends `plan` (made from `current`) to the service. Never throws for a service failure. */
export async function executePlan(current: readonly CurrentMember[], plan: MembersPlan, options: ExecuteOptions): Promise<ExecuteResult> {
  const { client, org, team } = options;
  const result: ExecuteResult = { added: [], overruled: [], alreadyMembers: [], removed: [], roleChanged: [], failed: [], accepted: 0 };
  const guarded = async (bulk: boolean, request: () => Promise<void>): Promise<void> => {
    if (result.stoppedBy) throw result.stoppedBy;
    if (options.interrupted?.()) throw notSentInterrupted();
    try {
      await request();
      result.accepted++;
    } catch (err) {
      if (err instanceof AuthError || (bulk && err instanceof NotFoundError)) result.stoppedBy ??= err;
      throw err;
    }
  };
  const run: Execution = { current, plan, options, result, guarded, sendBulk: (body) => guarded(true, () => updateTeamMembers(client, org, team, body)) };

  // 1–2. New members in bulk, then the team read again.
  const { settlement, lastRead } = await addMembers(run);
  // 2c. Someone else may have removed a member since the plan was read; a role change for them
  //     would add them back (the single-user PUT also adds). The team as read now decides: a
  //     member no longer there gets no role request. (Reused from step 2 when there were adds.)
  const stillThere = lastRead ?? (await readBeforeRoleChanges(run));
  // 2b. New members a not-member removal names the other way: removed again at once.
  await overrule(run, settlement.overruling);
  // 3–4. Role changes in place: every promotion done before the first demotion.
  const isHeld = await changeRoles(run, settlement, stillThere);
  // 5. Removals, in bulk, last.
  await removeMembers(run, isHeld);
  return result;
}

/**
 * 1. New members, in bulk: adds only, `--batch-size` users per request. 2. The team read again:
 * ids of users named by e-mail, the role the service gave, and what became of the adds whose
 * answer was lost.
 */
async function addMembers({ current, plan, options, result, sendBulk }: Execution): Promise<{ settlement: Settlement; lastRead: Lookup }> {
  const { client, org, team, batchSize, progress } = options;
  if (plan.add.length === 0) return { settlement: { roleFixes: [], newOwners: [], overruling: [] }, lastRead: undefined };
  const sent = await sendIsolating(
    plan.add,
    batchSize,
    (batch) => sendBulk({ add: batch.map((a) => keyOf(a.user)) }),
    (batch) => progress?.increment(batch.length),
  );
  /** Adds of batches whose answer was lost: the re-read decides. */
  const uncertain = new Map<PlannedAdd, { batch: number; error: TeamctlError }>();
  sent.failed.forEach((f, batch) => {
    const failure = failureOf(f.error);
    for (const a of f.items) {
      if (failure.mayHaveApplied) uncertain.set(a, { batch, error: f.error });
      else result.failed.push({ action: 'add', user: a.user, role: a.role, ...failure });
    }
    progress?.increment(f.items.length);
  });
  const accepted: PlannedAdd[] = inPlanOrder(plan.add, sent.sent.flat());
  if (accepted.length === 0 && uncertain.size === 0) return { settlement: { roleFixes: [], newOwners: [], overruling: [] }, lastRead: undefined };

  let find: Lookup;
  let readProblem = '';
  try {
    if (result.stoppedBy) throw result.stoppedBy;
    if (options.interrupted?.()) throw notSentInterrupted();
    const index = UserMap.index(await readTeam(client, org, team, 'after adding members'));
    find = (user) => index.get(user);
  } catch (err) {
    if (!(err instanceof TeamctlError)) throw err;
    readProblem = err.message;
  }
  return { settlement: settleAdds(result, plan, current, accepted, uncertain, find, readProblem), lastRead: find };
}

/** The team read before role changes, when no add read it; undefined when there are none or it cannot be read. */
async function readBeforeRoleChanges({ plan, options, result }: Execution): Promise<Lookup> {
  if (plan.roleChanges.length === 0 || result.stoppedBy || options.interrupted?.()) return undefined;
  try {
    const index = UserMap.index(await readTeam(options.client, options.org, options.team, 'before changing roles'));
    return (user) => index.get(user);
  } catch (err) {
    if (!(err instanceof TeamctlError)) throw err;
    // Not known: the role changes go ahead as planned; the final read-back checks them.
    return undefined;
  }
}

/** 2b. New members a not-member removal names the other way: removed again at once (remove wins), in bulk like other removals. */
async function overrule({ options, result, sendBulk }: Execution, overruling: Settlement['overruling']): Promise<void> {
  if (overruling.length === 0) return;
  const sent = await sendIsolating(overruling, options.batchSize, (batch) => sendBulk({ remove: batch.map((o) => keyOf(o.user)) }));
  for (const o of inPlanOrder(overruling, sent.sent.flat())) result.overruled.push({ ...o, status: acceptedStatus, message: overruledMessage });
  for (const f of sent.failed) {
    const failure = failureOf(f.error);
    for (const o of f.items) {
      const message = `${overruledMessage}, but removing the user again failed: ${failure.message}`;
      result.failed.push({ action: 'remove', user: o.user, role: o.role, pruned: false, overrules: o.adds, ...failure, message });
    }
  }
}

/**
 * 3–4. Role changes in place: every promotion done before the first demotion. Returns which of
 * the users the plan demotes or removes are held back, because sending them would strip the last
 * owners after a promotion failed.
 */
async function changeRoles(run: Execution, { roleFixes, newOwners }: Settlement, stillThere: Lookup): Promise<((user: UserRef) => boolean) & { message: string }> {
  const { current, plan, options, result } = run;
  const { progress } = options;
  const promotions: RoleWork[] = [];
  const demotions: RoleWork[] = [];
  for (const change of plan.roleChanges) {
    if (stillThere !== undefined && stillThere(change.user) === undefined) {
      const message = 'not sent: no longer a member (removed by someone else during the run); a role change would add them back';
      result.failed.push({ action: 'role', user: change.user, from: change.from, to: change.to, newMember: false, status: null, message, mayHaveApplied: false });
      progress?.increment();
      continue;
    }
    (change.to === 'owner' ? promotions : demotions).push({ ...change, newMember: false });
  }
  for (const fix of roleFixes) (fix.to === 'owner' ? promotions : demotions).push(fix);
  const promoted = await sendRoles(run, promotions);

  // The owners left if every demotion and removal went through; none left while the plan
  // keeps owners means a promotion failed: hold back what would strip the last owners.
  const ownersAfterPromotions = new Set(current.filter((m) => m.role === 'owner').map((m) => m.id));
  for (const id of promoted) ownersAfterPromotions.add(id);
  for (const id of newOwners) ownersAfterPromotions.add(id);
  const losing = new Set([
    ...demotions.flatMap((d) => (d.user.id !== null && ownersAfterPromotions.has(d.user.id) ? [d.user.id] : [])),
    ...plan.remove.flatMap((r) => (r.user.id !== null && ownersAfterPromotions.has(r.user.id) ? [r.user.id] : [])),
  ]);
  const planKeepsOwners = applyPlan(current, plan).some((m) => m.role === 'owner');
  const holdBack = planKeepsOwners && losing.size > 0 && [...ownersAfterPromotions].every((id) => losing.has(id));
  // (Without a failed promotion: a role asked for a member the add named by an address the
  // first listing did not show, which the last-owner guard could not see.)
  const heldMessage =
    promoted.size < promotions.length
      ? 'not sent: it would leave the team without an owner, because making the new owners failed'
      : 'not sent: it would leave the team without an owner';
  const isHeld = Object.assign((user: UserRef): boolean => holdBack && user.id !== null && losing.has(user.id), { message: heldMessage });

  const demote = demotions.filter((d) => {
    if (!isHeld(d.user)) return true;
    result.failed.push({ action: 'role', user: d.user, from: d.from, to: d.to, newMember: d.newMember, status: null, message: heldMessage, mayHaveApplied: false });
    progress?.increment();
    return false;
  });
  await sendRoles(run, demote);
  return isHeld;
}

/** Role changes through the single-user PUT, `--concurrency` at once; returns the ids whose change was accepted. */
async function sendRoles({ options, result, guarded }: Execution, work: RoleWork[]): Promise<Set<string>> {
  const { client, org, team, concurrency, progress } = options;
  const done = new Set<string>();
  const settled = await runPool(work, concurrency, async (w) => {
    try {
      const id = w.user.id;
      if (id === null) throw new ServiceError('the member id is unknown; cannot change the role', { outcome: 'rejected' });
      await guarded(false, () => putTeamMember(client, org, team, id, w.to));
    } finally {
      progress?.increment();
    }
  });
  settled.forEach((s, i) => {
    const w = work[i] as RoleWork;
    if (s.ok) {
      if (w.user.id !== null) done.add(w.user.id);
      if (!w.newMember) result.roleChanged.push({ user: w.user, from: w.from, to: w.to, status: acceptedStatus });
      return;
    }
    if (!(s.error instanceof TeamctlError)) throw s.error;
    result.failed.push({ action: 'role', user: w.user, from: w.from, to: w.to, newMember: w.newMember, ...failureOf(s.error) });
  });
  return done;
}

/** 5. Removals, in bulk, last: those `isHeld` keeps back fail with its message, unsent. */
async function removeMembers({ plan, options, result, sendBulk }: Execution, isHeld: ((user: UserRef) => boolean) & { message: string }): Promise<void> {
  const { batchSize, progress } = options;
  const removals: PlannedRemoval[] = plan.remove.filter((r) => {
    if (!isHeld(r.user)) return true;
    result.failed.push({ action: 'remove', user: r.user, role: r.role, pruned: r.pruned, status: null, message: isHeld.message, mayHaveApplied: false });
    progress?.increment();
    return false;
  });
  if (removals.length === 0) return;
  const sent = await sendIsolating(
    removals,
    batchSize,
    (batch) => sendBulk({ remove: batch.map((r) => keyOf(r.user)) }),
    (batch) => progress?.increment(batch.length),
  );
  for (const r of inPlanOrder(removals, sent.sent.flat())) result.removed.push({ user: r.user, role: r.role, pruned: r.pruned, status: acceptedStatus });
  for (const f of sent.failed) {
    for (const r of f.items) result.failed.push({ action: 'remove', user: r.user, role: r.role, pruned: r.pruned, ...failureOf(f.error) });
    progress?.increment(f.items.length);
  }
}
