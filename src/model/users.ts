// Who a user named in a file or on the command line is (README, "Development"): below the readers
// and the planners, so neither imports the other.
import type { TeamMemberRole } from '../api/types.js';

/** An e-mail as users are matched by it: trimmed, any case. */
export const emailKey = (email: string): string => email.trim().toLowerCase();

export type UserKind = 'email' | 'id';

/** One user named in a file or on the command line. */
export interface UserEntry {
  /** The user as written, trimmed. */
  key: string;
  kind: UserKind;
  /**
   * Only when roles are read (the roster) and the file has a `role` column; an empty cell is
   * `member`. Undefined means "no role given": the member keeps theirs (new users: member).
   */
  role?: TeamMemberRole;
  /**
   * The row's organization role (an `orgRole` column): a role name, or null for `guest`; undefined
   * when the file has no such column or the cell is empty ("no change").
   */
  orgRole?: string | null;
  /**
   * The person signs in through the identity provider: a roster's `sso` cell true or yes (read with
   * --set-sso), or a group export that says so. Absent: not said (false, no or empty).
   */
  sso?: true;
  /** The team the row is for, in a roster with a `team` column (an organization roster). */
  team?: string;
  /** The row's `id` beside its e-mail (an export with both columns): the same user, or the row is refused. */
  id?: string;
  /** Read from the `id` column of a row with an empty e-mail: it must name a member of the team. */
  idOnly?: true;
  /** 1-based line in the file; 0 for a command-line argument. */
  line: number;
  /** The file the user came from; absent for a command-line argument. */
  file?: string;
}

/** A user as reports name them: both fields when the user matched a member, else the one given. */
export interface UserRef {
  id: string | null;
  email: string | null;
}
