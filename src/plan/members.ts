// The members planner: (current team, desired change) → plan. Pure: no I/O, no printing, so
// it is property-tested and `--dry-run` shows exactly what a real run would send.
//
// Rules where the contract is silent:
// - A user named by e-mail matches the member whose e-mail equals it ignoring case and
//   surrounding spaces; by id, the member with that id. A user matching no member is new.
// - Removal wins over everything (the service's add/remove rule): a user in `remove` is
//   removed even when also in `add` or the roster.
// - A member named by `add` is kept by `--prune` even if the roster lacks them: the end state
//   is roster ∪ add − remove.
// - A user's role comes from the roster; `add` without `role` keeps it (new users: member);
//   `add` with a `role` that contradicts the roster is an error, as are two roster entries
//   that turn out to be one member (by id and by e-mail) with different roles.
// - A roster entry without a role (the roster file has no `role` column) says nothing about
//   the role, like `add` without `--role`: a member keeps theirs, a new user is added as
//   `member`. Such a roster never plans a role change.
// - A user in `remove` who is not a member cannot be matched with a user in `add` or the
//   roster named the other way (e-mail vs id): the planner does not know a non-member's id.
//   The executor finds them after the bulk add (the team read again gives the new member's id
//   and e-mail) and removes them again, so remove wins; see src/members/apply.ts.
// - `ownersLost` (the last-owner guard, and --min-owners n): the owners a plan takes away from a
//   team that has at least n, when it leaves fewer.
// - Role changes are ordered promotions first, so a team never passes through "no owner"
//   when ownership moves from one member to another.
// - `unchanged` counts current members the plan leaves as they are, so
//   unchanged + remove + roleChanges = current team size.
// - `maxRemovalsAllowed`: `n` is taken as is (0 forbids removals); `p%` is floored, and at
//   least 1 when p > 0, so small teams can still lose one member.
import { oneLine } from '../output/terminal.js';
import type { TeamMemberRole } from '../api/types.js';
import { InputFileError, UsageError } from '../errors.js';
import type { UserEntry, UserRef } from '../model/users.js';
import { quote } from '../output/words.js';
import { emailKey } from '../model/users.js';
import { UserMap } from './userMap.js';

/** A current member of the team, as listed by the service. */
export interface CurrentMember {
  /** The user id (the `userId` of the single-member endpoints). */
  id: string;
  email: string | null;
  role: TeamMemberRole;
}

export interface MembersChange {
  /** Users that must be in the team (`members add`, `sync --add`, `--add-file`). */
  add?: readonly UserEntry[];
  /** Users that must not be in the team (`members remove`, `sync --remove`, `--remove-file`). */
  remove?: readonly UserEntry[];
  /** The desired membership with roles (`sync --roster`). */
  roster?: readonly UserEntry[];
  /** Remove members absent from the roster (and from `add`). Needs a roster. */
  prune?: boolean;
  /** The role `add` sets (`members add --role`); without it, members keep theirs. */
  role?: TeamMemberRole;
  /** Users a prune never removes (--keep, --keep-file, the config key `keep`). */
  keep?: readonly UserEntry[];
  /** `members set-role`: the users of `add` who are not members are `notMember`, never added. */
  membersOnly?: boolean;
}

export interface PlannedAdd {
  user: UserRef;
  role: TeamMemberRole;
  /**
   * True when the role was asked for (a roster `role` column, `--role`); absent when `role` is
   * only the default for a new member. The executor changes the role of a user who turns out
   * to be a member already only when it was asked for.
   */
  roleAsked?: true;
}
export interface PlannedRemoval {
  user: UserRef;
  /** The member's role before removal (removing an owner deserves a mention). */
  role: TeamMemberRole;
  /** True when removed by `--prune` (absent from the roster), false when named for removal. */
  pruned: boolean;
}
export interface PlannedRoleChange {
  user: UserRef;
  from: TeamMemberRole;
  to: TeamMemberRole;
}

export interface MembersPlan {
  /** Users not in the team, to be added with that role. */
  add: PlannedAdd[];
  /** Current members to remove. */
  remove: PlannedRemoval[];
  /** Current members whose role changes in place; promotions before demotions. */
  roleChanges: PlannedRoleChange[];
  /** Current members left as they are. */
  unchanged: number;
  /** Users named for removal who are not members. */
  notMember: UserRef[];
  /**
   * A roster sync without --prune: the members the roster leaves out, kept (README, "One team"); counted apart from `unchanged`, as glossary sync counts the entries
   * not in its file. Absent when no roster was given, and in plans saved before it existed.
   */
  notInRoster?: UserRef[];
  /** Members the prune would remove that --keep protects (`teamctl help organization`, "Organization roles and leavers"); absent when none. */
  kept?: UserRef[];
}

/** A member of the team as the plan expects it; a new member's id or e-mail may be unknown. */
export interface ExpectedMember {
  id: string | null;
  email: string | null;
  role: TeamMemberRole;
}

export interface ExpectedEndState {
  /** Every member the team should have after the plan, with its role. */
  members: ExpectedMember[];
  /** Users that must not be members (removed or named for removal). */
  absent: UserRef[];
}

/** One way the team differs from what the plan expected. */
export interface EndStateDifference {
  user: UserRef;
  expected: TeamMemberRole | 'absent';
  actual: TeamMemberRole | 'absent';
}

export const defaultMaxRemovals = '25%';


/** The user as data (report files): the e-mail when known, else the id. */
export function userCell(user: UserRef): string {
  return user.email ?? user.id ?? '';
}

/** How a person reads a user: the e-mail when known, else the id, on one line whatever it holds. */
export function describeUser(user: UserRef): string {
  return user.email === null && user.id === null ? '(unknown user)' : oneLine(userCell(user));
}

export function isEmptyPlan(plan: MembersPlan): boolean {
  return plan.add.length === 0 && plan.remove.length === 0 && plan.roleChanges.length === 0;
}

export const refOfEntry = (entry: UserEntry): UserRef =>
  entry.kind === 'email' ? { id: null, email: entry.key.trim() } : { id: entry.key.trim(), email: null };
const refOfMember = (m: CurrentMember): UserRef => ({ id: m.id, email: m.email });

/** Who an entry names: a current member, or a user outside the team. */
interface Target {
  /** Equal for entries naming the same user. */
  identity: string;
  member: CurrentMember | undefined;
  ref: UserRef;
}

interface Wanted {
  target: Target;
  /** null: keep the member's role (a new member gets `member`). */
  role: TeamMemberRole | null;
  entry: UserEntry;
}

/** Where the earlier of two entries is, as seen from the later one's message. */
function where(earlier: UserEntry, later: UserEntry): string {
  if (!earlier.file) return 'the command line';
  return earlier.file === later.file ? `line ${earlier.line}` : `${earlier.file}:${earlier.line}`;
}

function conflict(earlier: UserEntry, earlierRole: TeamMemberRole, later: UserEntry, laterRole: TeamMemberRole): Error {
  const message =
    `${quote(later.key)} (${laterRole}) and ${quote(earlier.key)} on ${where(earlier, later)} (${earlierRole}) ` +
    'are the same member with different roles';
  return later.file ? new InputFileError([{ file: later.file, line: later.line, message }]) : new UsageError(message);
}

/**
 * The member a row with an e-mail and an id names (`teamctl help rosters`, "The roster"): the id's member when its
 * e-mail is unknown; refused when the id is a member of the team under another e-mail, since the
 * row names two people. An id no member has (another system's, or a stale one) leaves the
 * e-mail to decide.
 */
function backedMember(entry: UserEntry, byEmail: CurrentMember | undefined, index: UserMap<CurrentMember>): CurrentMember | undefined {
  if (entry.idOnly && byEmail === undefined) {
    const message = `empty e-mail cell, and id ${quote(entry.key)} is no member of this team: an \`id\` column of another system (an employee number) is not a user id; fill in the e-mail`;
    throw entry.file ? new InputFileError([{ file: entry.file, line: entry.line, message }]) : new UsageError(message);
  }
  if (entry.id === undefined) return byEmail;
  const byId = index.get({ id: entry.id, email: null });
  if (byId === undefined || byId === byEmail) return byEmail;
  if (byId.email === null && byEmail === undefined) return byId;
  const message =
    `${quote(entry.key)} and id ${quote(entry.id)} are two different people: the id is ${byId.email === null ? 'a member without a known e-mail' : quote(byId.email)} in this team` +
    `${byEmail ? `, and ${quote(entry.key)} is member ${quote(byEmail.id)}` : ''}; correct the row's e-mail or its id`;
  throw entry.file ? new InputFileError([{ file: entry.file, line: entry.line, message }]) : new UsageError(message);
}

/** Plans the changes that take `current` to the state `change` asks for. */
export function planMembers(current: readonly CurrentMember[], change: MembersChange): MembersPlan {
  const { add = [], remove = [], roster, prune = false } = change;
  if (prune && !roster) throw new UsageError('--prune needs --roster');
  // Pruning against an empty roster would empty the team; the contract refuses it outright.
  if (roster && roster.length === 0) throw new UsageError('the roster has no users');

  const index = UserMap.index(current);
  const resolve = (entry: UserEntry): Target => {
    const ref = refOfEntry(entry);
    const member = backedMember(entry, index.get(ref), index);
    if (member) return { identity: `member:${member.id}`, member, ref: refOfMember(member) };
    const identity = ref.email !== null ? `email:${emailKey(ref.email)}` : `id:${ref.id ?? ''}`;
    return { identity, member: undefined, ref };
  };

  const removed = new Map<string, Target>();
  for (const entry of remove) {
    const target = resolve(entry);
    if (!removed.has(target.identity)) removed.set(target.identity, target);
  }

  // null: no role given (a roster without a role column, `add` without --role).
  const wanted = new Map<string, Wanted>();
  const want = (entry: UserEntry, role: TeamMemberRole | null): void => {
    const target = resolve(entry);
    const earlier = wanted.get(target.identity);
    if (!earlier) wanted.set(target.identity, { target, role, entry });
    else if (role !== null && earlier.role !== null && earlier.role !== role) {
      throw conflict(earlier.entry, earlier.role, entry, role);
    } else if (earlier.role === null) earlier.role = role;
  };
  for (const entry of roster ?? []) want(entry, entry.role ?? null);
  // An add row may carry its own team role (`members onboard --team a:owner`); --role wins.
  for (const entry of add) want(entry, change.role ?? entry.role ?? null);

  const plan: MembersPlan = { add: [], remove: [], roleChanges: [], unchanged: 0, notMember: [] };
  for (const target of removed.values()) {
    if (target.member) plan.remove.push({ user: target.ref, role: target.member.role, pruned: false });
    else plan.notMember.push(target.ref);
  }
  const promotions: PlannedRoleChange[] = [];
  const demotions: PlannedRoleChange[] = [];
  for (const [identity, { target, role }] of wanted) {
    if (removed.has(identity)) continue;
    if (!target.member) {
      if (change.membersOnly) plan.notMember.push(target.ref);
      else plan.add.push(role === null ? { user: target.ref, role: 'member' } : { user: target.ref, role, roleAsked: true });
    } else if (role !== null && role !== target.member.role) {
      (role === 'owner' ? promotions : demotions).push({ user: target.ref, from: target.member.role, to: role });
    }
  }
  plan.roleChanges = [...promotions, ...demotions];
  if (prune) {
    const kept = new Set((change.keep ?? []).map((e) => resolve(e).identity));
    for (const member of current) {
      const identity = `member:${member.id}`;
      if (wanted.has(identity) || removed.has(identity)) continue;
      if (kept.has(identity)) {
        (plan.kept ??= []).push(refOfMember(member));
        continue;
      }
      removed.set(identity, { identity, member, ref: refOfMember(member) });
      plan.remove.push({ user: refOfMember(member), role: member.role, pruned: true });
    }
  } else if (roster) {
    plan.notInRoster = current.filter((m) => !wanted.has(`member:${m.id}`) && !removed.has(`member:${m.id}`)).map(refOfMember);
  }
  plan.unchanged = current.length - plan.remove.length - plan.roleChanges.length - (plan.notInRoster?.length ?? 0) - (plan.kept?.length ?? 0);
  return plan;
}

/** The team after the plan, as the service should leave it: current order, new members last. */
export function applyPlan(current: readonly CurrentMember[], plan: MembersPlan): ExpectedMember[] {
  const removals = UserMap.index(plan.remove.map((r) => r.user));
  const roleChanges = UserMap.index(plan.roleChanges.map((c) => ({ ...c.user, to: c.to })));
  const members: ExpectedMember[] = [];
  for (const m of current) {
    const ref = refOfMember(m);
    if (removals.get(ref)) continue;
    members.push({ id: m.id, email: m.email, role: roleChanges.get(ref)?.to ?? m.role });
  }
  const after = UserMap.index(members);
  for (const { user, role } of plan.add) {
    const existing = after.get(user);
    // Adding an existing member updates the role (service §4.3); a plan never does this, but
    // the simulation stays faithful for hand-made plans.
    if (existing) existing.role = role;
    else members.push({ id: user.id, email: user.email, role });
  }
  return members;
}

/** What the team must look like after the plan ran, for verifying against a fresh listing. */
export function expectedEndState(current: readonly CurrentMember[], plan: MembersPlan): ExpectedEndState {
  return {
    members: applyPlan(current, plan),
    absent: [...plan.remove.map((r) => r.user), ...plan.notMember],
  };
}

/**
 * Differences between the expected end state and the team as listed again: expected members
 * missing or with another role, users still present that should be absent, and members the
 * plan did not expect at all (someone else changed the team meanwhile, or an added e-mail
 * belongs to a user known under another address).
 *
 * A member who is both expected (added by e-mail) and to be absent (named for removal by id:
 * the planner could not tell it was the same user) is a difference: removal wins.
 */
export function compareEndState(expected: ExpectedEndState, actual: readonly CurrentMember[]): EndStateDifference[] {
  const differences: EndStateDifference[] = [];
  const actualIndex = UserMap.index(actual);
  const accounted = new Set<CurrentMember>();
  const differing = new Set<CurrentMember>();
  for (const want of expected.members) {
    const found = actualIndex.get(want);
    if (found) accounted.add(found);
    const user = found ? refOfMember(found) : { id: want.id, email: want.email };
    if (!found) differences.push({ user, expected: want.role, actual: 'absent' });
    else if (found.role !== want.role && !differing.has(found)) {
      differing.add(found);
      differences.push({ user, expected: want.role, actual: found.role });
    }
  }
  for (const user of expected.absent) {
    const found = actualIndex.get(user);
    if (found && !differing.has(found)) {
      accounted.add(found);
      differing.add(found);
      differences.push({ user: refOfMember(found), expected: 'absent', actual: found.role });
    }
  }
  for (const member of actual) {
    if (!accounted.has(member)) differences.push({ user: refOfMember(member), expected: 'absent', actual: member.role });
  }
  return differences;
}

/**
 * The last-owner guard (n = 1) and --min-owners n: the current owners the plan demotes or removes
 * when the team has at least `n` owners now and would have fewer afterwards; empty when the plan
 * keeps `n` (or the team has fewer than `n` to begin with).
 */
export function ownersLost(current: readonly CurrentMember[], plan: MembersPlan, n = 1): CurrentMember[] {
  const before = current.filter((m) => m.role === 'owner');
  if (before.length < n) return [];
  const owners = applyPlan(current, plan).filter((m) => m.role === 'owner');
  if (owners.length >= n) return [];
  const after = new Set(owners.map((m) => m.id));
  return before.filter((m) => !after.has(m.id));
}

/**
 * The most members a plan may remove without `--force`: `n`, or `p%` of the current members
 * (floored, at least 1 when p > 0). An invalid spec is a usage error.
 */
export function maxRemovalsAllowed(spec: string = defaultMaxRemovals, currentCount: number, flag = '--max-removals', things = 'members'): number {
  const text = spec.trim();
  const count = /^\d+$/.exec(text);
  if (count) {
    const n = Number(text);
    if (Number.isSafeInteger(n)) return n;
  }
  const percent = /^(\d+(?:\.\d+)?)%$/.exec(text);
  if (percent?.[1] !== undefined) {
    const p = Number(percent[1]);
    if (p <= 100) {
      if (p === 0) return 0;
      return Math.max(1, Math.floor((p * currentCount) / 100));
    }
  }
  throw new UsageError(
    `invalid ${flag} ${quote(spec)}: expected a number of ${things} (5) or a percentage of 0-100% (25%)`,
  );
}
