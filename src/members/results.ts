// What the members executor reports (src/members/apply.ts), change by change, and the small
// rules it shares with the settling of bulk adds (src/members/settle.ts).
import type { TeamctlError} from '../errors.js';
import { failureDetail } from '../errors.js';
import type { TeamMemberRole } from '../api/types.js';
import type { UserRef } from '../model/users.js';
import { writeOutcome } from '../api/outcome.js';

/** The status the service documents for an accepted members PUT (the endpoint functions do not return it). */
export const acceptedStatus = 204;


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

export interface FailureBase {
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

export interface RoleWork {
  user: UserRef;
  from: TeamMemberRole;
  to: TeamMemberRole;
  /** A member added by this run whose role is fixed after the bulk add. */
  newMember: boolean;
}


export const overruledMessage = 'named in both add and remove (remove wins)';

/** What the bulk PUT is sent for a user: the id when known, else the e-mail. */
export function keyOf(user: UserRef): string {
  const key = user.id ?? user.email;
  if (key === null) throw new Error('a planned user has neither id nor e-mail');
  return key;
}

export function failureOf(err: TeamctlError): Pick<FailureBase, 'status' | 'message' | 'mayHaveApplied'> {
  return {
    status: err.status ?? null,
    message: failureDetail(err),
    mayHaveApplied: writeOutcome(err) === 'unknown',
  };
}
