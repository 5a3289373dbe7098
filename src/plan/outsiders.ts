// Users outside the organization (`teamctl help organization`, "Who is in the organization"): a user the plan would
// add to a team must be a member of the organization, or the service refuses the add. Pure: which
// of the users to add the organization's members do not cover, and the change without them.
// - A user named by e-mail is matched trimmed and in any case; by id, exactly.
// - Only users the plan adds are checked: a current member of a team is a member of the
//   organization.
import { emailKey, type UserEntry, type UserRef } from '../model/users.js';
import type { MembersChange } from './members.js';

/** A member of the organization as the check needs it. */
export interface KnownMember {
  id: string;
  email: string | null;
}

/** The key two refs naming the same user share (as far as the ref tells). */
export function userKey(user: UserRef): string {
  return user.email !== null ? `e:${emailKey(user.email)}` : `i:${user.id ?? ''}`;
}

/** The users among `users` (once each, in order) that no member in `members` is. */
export function outsidersAmong(users: readonly UserRef[], members: Iterable<KnownMember>): UserRef[] {
  const known = new Set<string>();
  for (const m of members) {
    known.add(`i:${m.id}`);
    if (m.email !== null) known.add(`e:${emailKey(m.email)}`);
  }
  return distinctUsers(users).filter((u) => !known.has(userKey(u)));
}

/** Each user once, in the order first named. */
export function distinctUsers(users: readonly UserRef[]): UserRef[] {
  const seen = new Set<string>();
  return users.filter((u) => {
    const key = userKey(u);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

const refOf = (entry: UserEntry): UserRef => (entry.kind === 'email' ? { id: null, email: entry.key } : { id: entry.key, email: null });

/** Whether an entry names one of `users`. */
export function namesOneOf(users: readonly UserRef[]): (entry: UserEntry) => boolean {
  const keys = new Set(users.map(userKey));
  return (entry) => keys.has(userKey(refOf(entry)));
}

/** The change with the entries naming `outsiders` left out of its adds and its roster (removals stay). */
export function withoutOutsiders(change: MembersChange, outsiders: readonly UserRef[]): MembersChange {
  const outside = namesOneOf(outsiders);
  return {
    ...change,
    ...(change.add !== undefined ? { add: change.add.filter((e) => !outside(e)) } : {}),
    ...(change.roster !== undefined ? { roster: change.roster.filter((e) => !outside(e)) } : {}),
  };
}
