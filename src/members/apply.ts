// The members executor: sends a MembersPlan to the service and says, user by user, what the
// service accepted and what failed. It decides no exit code and prints nothing.
//
// Order of work, so a team is never left without its owners mid-run:
//   1. new members in bulk (PUT …/members `add`, batched; a 413 halves a batch);
//   2. the team is read again: that resolves the ids of users named by e-mail, and shows the
//      role the service gave them (its default for a bulk add is not documented), so any new
//      member whose role differs from the intended one gets the single-user PUT;
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
}

export interface AppliedAdd {
  user: UserRef;
  role: TeamMemberRole;
  status: number;
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
  | (FailureBase & { action: 'remove'; role: TeamMemberRole; pruned: boolean })
  | (FailureBase & { action: 'role'; from: TeamMemberRole; to: TeamMemberRole; newMember: boolean });

export interface ExecuteResult {
  added: AppliedAdd[];
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

/** Sends `plan` (made from `current`) to the service. Never throws for a service failure. */
export async function executePlan(current: readonly CurrentMember[], plan: MembersPlan, options: ExecuteOptions): Promise<ExecuteResult> {
  const { client, org, team, batchSize, concurrency, progress } = options;
  const result: ExecuteResult = { added: [], removed: [], roleChanged: [], failed: [], accepted: 0 };

  /** Remembers an error that makes every later request pointless, and refuses to send after it. */
  const guarded = async (bulk: boolean, request: () => Promise<void>): Promise<void> => {
    if (result.stoppedBy) throw result.stoppedBy;
    try {
      await request();
      result.accepted++;
    } catch (err) {
      if (err instanceof AuthError || (bulk && err instanceof NotFoundError)) result.stoppedBy ??= err;
      throw err;
    }
  };
  const sendBulk = (body: { add?: string[]; remove?: string[] }) => guarded(true, () => updateTeamMembers(client, org, team, body));

  // 1. New members, in bulk.
  const roleFixes: RoleWork[] = [];
  /** New members the service made owners (by default or because the user already was one). */
  const newOwners: string[] = [];
  if (plan.add.length > 0) {
    const sent = await sendIsolating(
      plan.add,
      batchSize,
      (batch) => sendBulk({ add: batch.map((a) => keyOf(a.user)) }),
      (batch) => progress?.increment(batch.length),
    );
    for (const f of sent.failed) {
      for (const a of f.items) result.failed.push({ action: 'add', user: a.user, role: a.role, ...failureOf(f.error) });
      progress?.increment(f.items.length);
    }
    const accepted: PlannedAdd[] = inPlanOrder(plan.add, sent.sent.flat());

    // 2. Read the team again: ids of users named by e-mail, and the role the service gave.
    if (accepted.length > 0) {
      let find: ((user: UserRef) => CurrentMember | undefined) | undefined;
      let readProblem = '';
      try {
        if (result.stoppedBy) throw result.stoppedBy;
        find = indexMembers(await readTeam(client, org, team, 'after adding members'));
      } catch (err) {
        if (!(err instanceof TeamctlError)) throw err;
        readProblem = err.message;
      }
      for (const a of accepted) {
        const member = find?.(a.user);
        const user = member ? { id: member.id, email: member.email } : a.user;
        result.added.push({ user, role: a.role, status: acceptedStatus });
        if (member) {
          if (member.role === 'owner') newOwners.push(member.id);
          if (member.role !== a.role) roleFixes.push({ user, from: member.role, to: a.role, newMember: true });
        } else if (a.role === 'owner') {
          // Without the member's id, the single-user PUT cannot be sent.
          const message = find
            ? 'the service accepted the add, but the user is not in the team when read again; role not set'
            : `could not read the team after adding, so the role was not set: ${readProblem}`;
          result.failed.push({ action: 'role', user, from: 'member', to: a.role, newMember: true, status: null, message, mayHaveApplied: false });
        }
      }
    }
  }

  // 3–4. Role changes in place: every promotion done before the first demotion.
  const promotions: RoleWork[] = [];
  const demotions: RoleWork[] = [];
  for (const change of plan.roleChanges) (change.to === 'owner' ? promotions : demotions).push({ ...change, newMember: false });
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
  const heldMessage = 'not sent: it would leave the team without an owner, because making the new owners failed';
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
