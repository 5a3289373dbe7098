// Step 2 of the members executor (src/members/apply.ts): after the bulk adds, the team read again
// decides each add — added (with a role fix when the service chose another role), already a
// member before the run, to be removed again (a not-member removal names the new member: remove
// wins), or failed. Pure: the executor sends what this decides.
import type { TeamMemberRole } from '../api/types.js';
import type { TeamctlError} from '../errors.js';
import { failureDetail } from '../errors.js';
import type { UserRef } from '../model/users.js';
import type { CurrentMember, MembersPlan, PlannedAdd } from '../plan/members.js';
import { quote } from '../output/words.js';
import { emailKey } from '../model/users.js';
import { acceptedStatus, failureOf, keyOf, type AlreadyMember, type ExecuteResult, type RoleWork } from './results.js';

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
export interface Settlement {
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
export function settleAdds(
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
