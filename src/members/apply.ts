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
import type { TeamMemberRole } from '../api/types.js';
import { AuthError, NotFoundError, ServiceError, TeamctlError, failureDetail } from '../errors.js';
import type { Progress } from '../output/progress.js';
import {
  applyPlan,
  type CurrentMember,
  type MembersPlan,
  type PlannedAdd,
  type PlannedRemoval,
  type UserRef,
} from '../plan/members.js';
import { runPool } from './pool.js';
import { readTeam } from './team.js';

/** The status the service documents for an accepted members PUT (the endpoint functions do not return it). */
export const acceptedStatus = 204;

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

export interface AppliedAdd {
  user: UserRef;
  role: TeamMemberRole;
  /** The bulk request's status; null when its answer was lost and the re-read found the user. */
  status: number | null;
}
export interface AppliedRemoval {
  user: UserRef;
  role: TeamMemberRole;
  pruned: boolean;
  status: number;
}
export interface AppliedRoleChange {
  user: UserRef;
  from: TeamMemberRole;
  to: TeamMemberRole;
  status: number;
}

interface FailureBase {
  user: UserRef;
  /** The HTTP status of the failed answer; null when no answer (network) or nothing was sent. */
  status: number | null;
  message: string;
  /** The service may have applied the change anyway (no conclusive answer). */
  mayHaveApplied: boolean;
}
/** A change that did not go through, with what was planned (so verification can settle it). */
export type FailedChange =
  | (FailureBase & { action: 'add'; role: TeamMemberRole })
  | (FailureBase & {
      action: 'remove';
      role: TeamMemberRole;
      pruned: boolean;
      /** The removal of a new member named in both add and remove: the planned adds it overrules. */
      overrules?: UserRef[];
    })
  | (FailureBase & {
      action: 'role';
      from: TeamMemberRole;
      to: TeamMemberRole;
      newMember: boolean;
      /** A new member named twice (e-mail and id) with different roles: no role was sent. */
      namedTwice?: boolean;
    });

/**
 * A new member whose add a not-member removal overruled (the two named the user differently):
 * added by the bulk add, then removed again (remove wins).
 */
export interface OverruledAdd {
  /** The member as read back after the add (id and e-mail). */
  user: UserRef;
  /** The planned adds that named them: the very objects of `plan.add` (as named). */
  adds: UserRef[];
  /** The role the service had given them. */
  role: TeamMemberRole;
  /** The status of the removal. */
  status: number | null;
  message: string;
}

/**
 * Planned adds that the re-read matched to a member already in the team before the run (an
 * address the first listing did not show): nothing was added.
 */
export interface AlreadyMember {
  /** The member as read back (id and e-mail). */
  user: UserRef;
  /** The planned adds that named them: the very objects of `plan.add` (as named). */
  adds: UserRef[];
  /** The member's role before the run. */
  role: TeamMemberRole;
  /** Set when a role was asked for explicitly and differs: the role change sent. */
  to?: TeamMemberRole;
}

export interface ExecuteResult {
  added: AppliedAdd[];
  /** New members removed again because a not-member removal named them (remove wins). */
  overruled: OverruledAdd[];
  /** Planned adds that turned out to name members already in the team before the run. */
  alreadyMembers: AlreadyMember[];
  removed: AppliedRemoval[];
  /** Role changes of members who were in the team before the run. */
  roleChanged: AppliedRoleChange[];
  failed: FailedChange[];
  /** Requests the service accepted: 0 means the team was not changed. */
  accepted: number;
  /** The error that stopped the run early (authentication, team gone), if any. */
  stoppedBy?: TeamctlError;
}

interface RoleWork {
  user: UserRef;
  from: TeamMemberRole;
  to: TeamMemberRole;
  /** A member added by this run whose role is fixed after the bulk add. */
  newMember: boolean;
}

const emailKey = (email: string): string => email.trim().toLowerCase();
const quote = (value: string): string => JSON.stringify(value);

export const overruledMessage = 'named in both add and remove (remove wins)';

/** What a change that an interruption kept from being sent fails with: nothing was processed. */
const notSentInterrupted = (): ServiceError => new ServiceError('not sent: the run was interrupted', { outcome: 'not-processed', detail: 'not sent: the run was interrupted' });

/** What the bulk PUT is sent for a user: the id when known, else the e-mail. */
function keyOf(user: UserRef): string {
  const key = user.id ?? user.email;
  if (key === null) throw new Error('a planned user has neither id nor e-mail');
  return key;
}

function failureOf(err: TeamctlError): Pick<FailureBase, 'status' | 'message' | 'mayHaveApplied'> {
  return {
    status: err.status ?? null,
    message: failureDetail(err),
    mayHaveApplied: err instanceof ServiceError && err.outcome === 'unknown',
  };
}

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

/** Finds members by id or by e-mail (case-insensitive). */
function indexMembers(members: readonly CurrentMember[]): (user: UserRef) => CurrentMember | undefined {
  const byId = new Map(members.map((m) => [m.id, m]));
  const byEmail = new Map<string, CurrentMember>();
  for (const m of members) if (m.email !== null && !byEmail.has(emailKey(m.email))) byEmail.set(emailKey(m.email), m);
  return (user) => (user.id !== null ? byId.get(user.id) : undefined) ?? (user.email !== null ? byEmail.get(emailKey(user.email)) : undefined);
}

/** A member the re-read found for planned adds, and every planned add that named them. */
interface Landed {
  member: CurrentMember;
  adds: PlannedAdd[];
  /** The request status; null when the answer was lost. */
  status: number | null;
}

/** A new member to remove again: a not-member removal named them (remove wins). */
interface Overruling {
  user: UserRef;
  adds: UserRef[];
  role: TeamMemberRole;
}

/** What step 2 leaves for the later steps. */
interface Settlement {
  roleFixes: RoleWork[];
  /** New members the service made owners (by default or because the user already was one). */
  newOwners: string[];
  /** Step 2b: new members named for removal the other way. */
  overruling: Overruling[];
}

/** Both roles, when a user was named twice with different roles. */
const namedTwiceList = (adds: readonly PlannedAdd[]): string => adds.map((a) => `${quote(keyOf(a.user))} as ${a.role}`).join(' and ');

/**
 * Step 2 of executePlan: with the team read again (`find`), decides for each accepted add and
 * each add of a batch whose answer was lost: added (with a role fix when the service chose
 * another role), already a member before the run, to be removed again (a not-member removal
 * names the new member: remove wins), or failed.
 */
function settleAdds(
  result: ExecuteResult,
  plan: MembersPlan,
  current: readonly CurrentMember[],
  accepted: readonly PlannedAdd[],
  uncertain: ReadonlyMap<PlannedAdd, { batch: number; error: TeamctlError }>,
  find: ((user: UserRef) => CurrentMember | undefined) | undefined,
  readProblem: string,
): Settlement {
  const settlement: Settlement = { roleFixes: [], newOwners: [], overruling: [] };
  if (!find) {
    // Not read: accepted adds count as added (the final verification checks them); those of
    // a lost answer stay failed, possibly applied, for the final verification to settle.
    for (const a of accepted) {
      result.added.push({ user: a.user, role: a.role, status: acceptedStatus });
      if (a.role === 'owner') {
        const message = `could not read the team after adding, so the role was not set: ${readProblem}`;
        result.failed.push({ action: 'role', user: a.user, from: 'member', to: a.role, newMember: true, status: null, message, mayHaveApplied: false });
      }
    }
    for (const [a, { error }] of uncertain) result.failed.push({ action: 'add', user: a.user, role: a.role, ...failureOf(error) });
    return settlement;
  }

  const acceptedSet = new Set(accepted);
  // A batch whose answer was lost was applied when any of its users is in the team now.
  const appliedBatches = new Set<number>();
  for (const [a, { batch }] of uncertain) if (find(a.user)) appliedBatches.add(batch);
  result.accepted += appliedBatches.size;

  const landed = new Map<string, Landed>();
  for (const a of plan.add) {
    const lost = uncertain.get(a);
    if (!acceptedSet.has(a) && !lost) continue;
    const status = lost ? null : acceptedStatus;
    const member = find(a.user);
    if (member) {
      const entry = landed.get(member.id);
      if (entry) entry.adds.push(a);
      else landed.set(member.id, { member, adds: [a], status });
    } else if (lost) {
      const message = `${failureDetail(lost.error)}; the user is not in the team when read again`;
      result.failed.push({ action: 'add', user: a.user, role: a.role, status: lost.error.status ?? null, message, mayHaveApplied: false });
    } else {
      const message = 'the service accepted the add, but the user is not in the team when read again';
      result.failed.push({ action: 'add', user: a.user, role: a.role, status: null, message, mayHaveApplied: false });
    }
  }

  const before = new Set(current.map((m) => m.id));
  // Not-member removals, by id and by e-mail: a new member they name is removed again.
  const removalIds = new Set(plan.notMember.flatMap((u) => (u.id !== null ? [u.id] : [])));
  const removalEmails = new Set(plan.notMember.flatMap((u) => (u.email !== null ? [emailKey(u.email)] : [])));
  const namedForRemoval = (m: CurrentMember): boolean => removalIds.has(m.id) || (m.email !== null && removalEmails.has(emailKey(m.email)));

  for (const { member, adds, status } of landed.values()) {
    const user = { id: member.id, email: member.email };
    if (before.has(member.id)) {
      // Already a member: not added, and no role is sent unless one was asked for explicitly.
      const entry: AlreadyMember = { user, adds: adds.map((a) => a.user), role: member.role };
      const asked = adds.filter((a) => a.roleAsked === true);
      const askedRoles = [...new Set(asked.map((a) => a.role))];
      const [to] = askedRoles;
      if (askedRoles.length > 1) {
        const message = `named twice with different roles (${namedTwiceList(asked)}); role left as it was (${member.role})`;
        const other = member.role === 'owner' ? 'member' : 'owner';
        result.failed.push({ action: 'role', user, from: member.role, to: other, newMember: false, namedTwice: true, status: null, message, mayHaveApplied: false });
      } else if (to !== undefined && to !== member.role) {
        entry.to = to;
        settlement.roleFixes.push({ user, from: member.role, to, newMember: false });
      }
      result.alreadyMembers.push(entry);
      continue;
    }
    if (namedForRemoval(member)) {
      settlement.overruling.push({ user, adds: adds.map((a) => a.user), role: member.role });
      continue;
    }
    const roles = [...new Set(adds.map((a) => a.role))];
    const [role] = roles;
    if (role === undefined) continue;
    if (member.role === 'owner') settlement.newOwners.push(member.id);
    if (roles.length > 1) {
      // Which role would win depends on timing: none is sent, the admin decides.
      const message = `named twice with different roles (${namedTwiceList(adds)}); role left as the service set it (${member.role})`;
      result.added.push({ user, role: member.role, status });
      const to = member.role === 'owner' ? 'member' : 'owner';
      result.failed.push({ action: 'role', user, from: member.role, to, newMember: true, namedTwice: true, status: null, message, mayHaveApplied: false });
      continue;
    }
    result.added.push({ user, role, status });
    if (member.role !== role) settlement.roleFixes.push({ user, from: member.role, to: role, newMember: true });
  }
  // The owner role of an accepted add whose user is absent cannot be set (no id); the add's
  // failure already says why.
  return settlement;
}

/** Sends `plan` (made from `current`) to the service. Never throws for a service failure. */
export async function executePlan(current: readonly CurrentMember[], plan: MembersPlan, options: ExecuteOptions): Promise<ExecuteResult> {
  const { client, org, team, batchSize, concurrency, progress } = options;
  const result: ExecuteResult = { added: [], overruled: [], alreadyMembers: [], removed: [], roleChanged: [], failed: [], accepted: 0 };

  /** Remembers an error that makes every later request pointless, and refuses to send after it. */
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
  const sendBulk = (body: { add?: string[]; remove?: string[] }) => guarded(true, () => updateTeamMembers(client, org, team, body));

  /** The team as last read during the run (step 2), by id or e-mail. */
  let lastRead: ((user: UserRef) => CurrentMember | undefined) | undefined;

  // 1. New members, in bulk: adds only, `--batch-size` users per request.
  let settlement: Settlement = { roleFixes: [], newOwners: [], overruling: [] };
  if (plan.add.length > 0) {
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

    // 2. Read the team again: ids of users named by e-mail, the role the service gave, and what
    //    became of the adds whose answer was lost.
    if (accepted.length > 0 || uncertain.size > 0) {
      let find: ((user: UserRef) => CurrentMember | undefined) | undefined;
      let readProblem = '';
      try {
        if (result.stoppedBy) throw result.stoppedBy;
        if (options.interrupted?.()) throw notSentInterrupted();
        find = indexMembers(await readTeam(client, org, team, 'after adding members'));
        lastRead = find;
      } catch (err) {
        if (!(err instanceof TeamctlError)) throw err;
        readProblem = err.message;
      }
      settlement = settleAdds(result, plan, current, accepted, uncertain, find, readProblem);
    }
  }

  // 2c. Someone else may have removed a member since the plan was read; a role change for them
  //     would add them back (the single-user PUT also adds). The team as read now decides: a
  //     member no longer there gets no role request. (Reused from step 2 when there were adds.)
  let stillThere: ((user: UserRef) => CurrentMember | undefined) | undefined = lastRead;
  if (plan.roleChanges.length > 0 && stillThere === undefined && !result.stoppedBy && !options.interrupted?.()) {
    try {
      stillThere = indexMembers(await readTeam(client, org, team, 'before changing roles'));
    } catch (err) {
      if (!(err instanceof TeamctlError)) throw err;
      // Not known: the role changes go ahead as planned; the final read-back checks them.
    }
  }

  // 2b. New members a not-member removal names the other way: removed again at once (remove
  //     wins), in bulk like other removals.
  const { roleFixes, newOwners, overruling } = settlement;
  if (overruling.length > 0) {
    const sent = await sendIsolating(overruling, batchSize, (batch) => sendBulk({ remove: batch.map((o) => keyOf(o.user)) }));
    for (const o of inPlanOrder(overruling, sent.sent.flat())) result.overruled.push({ ...o, status: acceptedStatus, message: overruledMessage });
    for (const f of sent.failed) {
      const failure = failureOf(f.error);
      for (const o of f.items) {
        const message = `${overruledMessage}, but removing the user again failed: ${failure.message}`;
        result.failed.push({ action: 'remove', user: o.user, role: o.role, pruned: false, overrules: o.adds, ...failure, message });
      }
    }
  }

  // 3–4. Role changes in place: every promotion done before the first demotion.
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

  const runRoles = async (work: RoleWork[]): Promise<Set<string>> => {
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
  };
  const promoted = await runRoles(promotions);

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
  const isHeld = (user: UserRef): boolean => holdBack && user.id !== null && losing.has(user.id);

  const demote = demotions.filter((d) => {
    if (!isHeld(d.user)) return true;
    result.failed.push({ action: 'role', user: d.user, from: d.from, to: d.to, newMember: d.newMember, status: null, message: heldMessage, mayHaveApplied: false });
    progress?.increment();
    return false;
  });
  await runRoles(demote);

  // 5. Removals, in bulk, last.
  const removals: PlannedRemoval[] = plan.remove.filter((r) => {
    if (!isHeld(r.user)) return true;
    result.failed.push({ action: 'remove', user: r.user, role: r.role, pruned: r.pruned, status: null, message: heldMessage, mayHaveApplied: false });
    progress?.increment();
    return false;
  });
  if (removals.length > 0) {
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
  return result;
}
