// The organization's planner: who is in the organization, and what changes in it. Pure: no I/O, so
// `--dry-run` shows what a run sends and the guards are unit-tested.
//
// Organization roles and leavers (`teamctl help organization`): (the members, the
// caller, what is asked) → organization role changes and removals, and the guards that refuse
// them. Pure: no I/O, so `--dry-run` shows what a run sends and the guards are unit-tested.
// - A user is matched by id, or by e-mail trimmed and in any case. A user who is not a member is
//   `notMember`: nothing to change for them.
// - A role asked for that the member already has is `unchanged`.
// - Guards that --force never overrides: the caller (the token's user) is never removed or
//   demoted, and the last admin that is not disabled is never removed or demoted.
// - --max-org-removals (n or p% of the members, at least 1): removals beyond it are refused unless --force.
// - Kept users (--keep, --keep-file, the config key `keep`) are never removed or demoted by a prune
//   or a roster; naming one explicitly is allowed, and said (`keptNamed`).
// - SSO members (--set-sso): each member a roster marks SSO who is not one yet is made one; a kept
//   user (a break-glass account) never is, and a member removed by the plan is not.

// Users outside the organization (`teamctl help organization`, "Who is in the organization"): a user the plan would
// add to a team must be a member of the organization, or the service refuses the add. Pure: which
// of the users to add the organization's members do not cover, and the change without them.
// - A user named by e-mail is matched trimmed and in any case; by id, exactly.
// - Only users the plan adds are checked: a current member of a team is a member of the
//   organization.

import { organizationRoles } from '../choices.js';
import { emailKey, type UserEntry, type UserRef } from '../model/users.js';
import { refOfEntry, type MembersChange } from './members.js';

export { organizationRoles };
export type OrganizationRole = (typeof organizationRoles)[number] | null;

/** A role as people read and write it: null is `guest`. */
export const roleName = (role: OrganizationRole): string => role ?? 'guest';

/** A role from its name (`guest` is null); undefined when it is none. */
export function parseOrganizationRole(name: string): OrganizationRole | undefined {
  const n = name.trim().toLowerCase();
  if (n === 'guest') return null;
  return (organizationRoles as readonly string[]).includes(n) ? (n as OrganizationRole) : undefined;
}

const rank = (role: OrganizationRole): number => (role === null ? 0 : organizationRoles.length - organizationRoles.indexOf(role));

/** Whether going from `from` to `to` gives fewer rights. */
export const isDemotion = (from: OrganizationRole, to: OrganizationRole): boolean => rank(to) < rank(from);

/** A member of the organization, as the planner needs it. */
export interface OrgMember {
  id: string;
  email: string | null;
  role: OrganizationRole;
  disabled: boolean;
  /** Whether they are an SSO member (absent: not known, taken as not). */
  sso?: boolean;
}

export type OrgChange =
  | { action: 'role'; user: { id: string; email: string | null }; from: OrganizationRole; to: OrganizationRole }
  | { action: 'remove'; user: { id: string; email: string | null }; role: OrganizationRole; pruned: boolean }
  | { action: 'sso'; user: { id: string; email: string | null } };

export interface OrgPlan {
  changes: OrgChange[];
  /** Users named whose role already is the one asked for. */
  unchanged: UserRef[];
  /** Users named who are not members of the organization. */
  notMember: UserRef[];
  /** Kept users a prune or a roster would have changed, left as they are. */
  kept: UserRef[];
  /** Kept users named explicitly: changed, with a warning. */
  keptNamed: UserRef[];
}

/** What the members are looked up by. */
export class OrgIndex {
  private readonly byId = new Map<string, OrgMember>();
  private readonly byEmail = new Map<string, OrgMember>();
  constructor(readonly members: readonly OrgMember[]) {
    for (const m of members) {
      this.byId.set(m.id, m);
      if (m.email !== null) this.byEmail.set(emailKey(m.email), m);
    }
  }
  get(user: UserRef): OrgMember | undefined {
    return user.email !== null ? this.byEmail.get(emailKey(user.email)) : user.id !== null ? this.byId.get(user.id) : undefined;
  }
  /** Whether one of `users` names this member. */
  named(users: readonly UserRef[]): (m: OrgMember) => boolean {
    // A user is named by e-mail when the ref has one (as `get` looks them up), else by id.
    const ids = new Set<string | null>();
    const emails = new Set<string>();
    for (const u of users) {
      if (u.email !== null) emails.add(emailKey(u.email));
      else ids.add(u.id);
    }
    return (m) => ids.has(m.id) || (m.email !== null && emails.has(emailKey(m.email)));
  }
}

const refOf = (m: OrgMember): { id: string; email: string | null } => ({ id: m.id, email: m.email });

/** What is asked of the organization's members. */
export interface OrgAsk {
  /** Role changes: each user and the role they end with. */
  roles?: readonly { user: UserRef; role: OrganizationRole; explicit: boolean }[];
  /** Users to remove from the organization, named explicitly. */
  remove?: readonly UserRef[];
  /** Prune: every member that none of these names is removed (guests only with `pruneGuests`). */
  pruneAllBut?: readonly UserRef[];
  pruneGuests?: boolean;
  /** Protected users. */
  keep?: readonly UserRef[];
  /** Users to make SSO members (--set-sso: the roster's rows marked `sso`). */
  sso?: readonly UserRef[];
}

export function planOrganizationMembers(members: readonly OrgMember[], ask: OrgAsk): OrgPlan {
  const index = new OrgIndex(members);
  const isKept = index.named(ask.keep ?? []);
  const plan: OrgPlan = { changes: [], unchanged: [], notMember: [], kept: [], keptNamed: [] };
  const removed = new Set<string>();
  // Its callers skip a member already removed.
  const remove = (m: OrgMember, pruned: boolean): void => {
    removed.add(m.id);
    plan.changes.push({ action: 'remove', user: refOf(m), role: m.role, pruned });
  };
  for (const user of ask.remove ?? []) {
    const m = index.get(user);
    if (m === undefined) plan.notMember.push(user);
    else if (!removed.has(m.id)) {
      if (isKept(m)) plan.keptNamed.push(refOf(m));
      remove(m, false);
    }
  }
  if (ask.pruneAllBut !== undefined) {
    const wanted = index.named(ask.pruneAllBut);
    for (const m of members) {
      if (wanted(m) || removed.has(m.id) || (m.role === null && ask.pruneGuests !== true)) continue;
      if (isKept(m)) plan.kept.push(refOf(m));
      else remove(m, true);
    }
  }
  const roleChanges: OrgChange[] = [];
  const seen = new Set<string>();
  for (const { user, role, explicit } of ask.roles ?? []) {
    const m = index.get(user);
    if (m === undefined) {
      if (explicit) plan.notMember.push(user);
      continue;
    }
    if (removed.has(m.id) || seen.has(m.id)) continue;
    seen.add(m.id);
    if (m.role === role) {
      if (explicit) plan.unchanged.push(refOf(m));
      continue;
    }
    if (isKept(m) && isDemotion(m.role, role)) {
      if (!explicit) {
        plan.kept.push(refOf(m));
        continue;
      }
      plan.keptNamed.push(refOf(m));
    }
    roleChanges.push({ action: 'role', user: refOf(m), from: m.role, to: role });
  }
  // Promotions first: the organization never passes through "no admin" when the role moves.
  roleChanges.sort((a, b) => (a.action === 'role' && b.action === 'role' ? rank(b.to) - rank(a.to) : 0));
  plan.changes = [...roleChanges, ...ssoChanges(index, ask.sso ?? [], removed, isKept, plan.kept), ...plan.changes];
  return plan;
}

/** The members among `users` to make SSO members: once each, not SSO yet, not removed; kept ones are listed in `kept`. */
function ssoChanges(index: OrgIndex, users: readonly UserRef[], removed: ReadonlySet<string>, isKept: (m: OrgMember) => boolean, kept: UserRef[]): OrgChange[] {
  const changes: OrgChange[] = [];
  const seen = new Set<string>();
  for (const user of users) {
    const m = index.get(user);
    if (m === undefined || m.sso === true || removed.has(m.id) || seen.has(m.id)) continue;
    seen.add(m.id);
    if (!isKept(m)) changes.push({ action: 'sso', user: refOf(m) });
    else if (!kept.some((k) => k.id === m.id)) kept.push(refOf(m));
  }
  return changes;
}

/** A guard's refusal (the engine's Refusal). */
export interface OrgRefusal {
  what: string;
  hint: string;
}

export interface OrgGuards {
  /** The token's user, when known; `role` undefined when the user is not listed as a member. */
  caller?: { id: string; role?: OrganizationRole | undefined } | undefined;
  /** --max-org-removals: n or p% of the members. */
  maxRemovals: string;
  force: boolean;
}

/** The most removals a spec allows among `count` members: `n` as is, `p%` floored and at least 1. */
export function maxOrgRemovalsAllowed(spec: string, count: number): number {
  const m = /^(\d{1,9})(%?)$/.exec(spec.trim());
  if (!m) throw new RangeError(`--max-org-removals takes a whole number or a percentage (5 or 5%), not ${JSON.stringify(spec)}`);
  const n = Number(m[1]);
  if (m[2] !== '%') return n;
  if (n > 100) throw new RangeError(`--max-org-removals takes a percentage up to 100%, not ${JSON.stringify(spec)}`);
  return n === 0 ? 0 : Math.max(1, Math.floor((count * n) / 100));
}

export const defaultMaxOrgRemovals = '5%';

/**
 * The refusals of a plan: the caller's own removal or demotion, the last admin's, and removals
 * over --max-org-removals (which --force lets through, with `warn`).
 */
export function organizationRefusals(members: readonly OrgMember[], plan: OrgPlan, guards: OrgGuards, warn: (message: string) => void): OrgRefusal[] {
  const refusals: OrgRefusal[] = [];
  const who = (u: { id: string; email: string | null }): string => u.email ?? u.id;
  const callerChange = plan.changes.find((c) => c.user.id === guards.caller?.id && (c.action === 'remove' || (c.action === 'role' && isDemotion(c.from, c.to))));
  if (callerChange) {
    refusals.push({
      what: `the plan would ${callerChange.action === 'remove' ? 'remove' : 'demote'} ${who(callerChange.user)}, the user of the token teamctl runs with`,
      hint: 'another admin must do that; --force does not override this guard',
    });
  }
  const roleChanges = plan.changes.filter((c) => c.action === 'role').length;
  if (guards.caller?.role !== undefined && guards.caller.role !== 'admin' && roleChanges > 0) {
    refusals.push({
      what: `changing organization roles needs an admin, and the token's user is ${roleName(guards.caller.role)} in the organization (${roleChanges} role change${roleChanges === 1 ? '' : 's'} planned)`,
      hint: 'run it with the token of an organization admin',
    });
  }
  const ssoChanges = plan.changes.filter((c) => c.action === 'sso').length;
  if (guards.caller?.role !== undefined && guards.caller.role !== 'admin' && ssoChanges > 0) {
    refusals.push({
      what: `setting SSO members needs an admin, and the token's user is ${roleName(guards.caller.role)} in the organization (${ssoChanges} SSO member${ssoChanges === 1 ? '' : 's'} planned)`,
      hint: 'run it with the token of an organization admin',
    });
  }
  const activeAdmins = members.filter((m) => m.role === 'admin' && !m.disabled);
  // The active admins once the plan is through: a member made admin counts when not disabled.
  const after = new Set(activeAdmins.map((m) => m.id));
  for (const c of plan.changes) {
    if (c.action === 'sso') continue;
    if (c.action === 'role' && c.to === 'admin' && members.find((m) => m.id === c.user.id)?.disabled === false) after.add(c.user.id);
    else after.delete(c.user.id);
  }
  if (activeAdmins.length > 0 && after.size === 0) {
    refusals.push({
      what: `the plan would leave the organization without an admin that is not disabled (it ${activeAdmins.length === 1 ? `takes away its only one, ${who(refOf(activeAdmins[0] as OrgMember))}` : `takes away all ${activeAdmins.length}`})`,
      hint: 'make someone else admin first (`teamctl users set-role <user> --role admin`); --force does not override this guard',
    });
  }
  const removals = plan.changes.filter((c) => c.action === 'remove').length;
  const allowed = maxOrgRemovalsAllowed(guards.maxRemovals, members.length);
  if (removals > allowed) {
    const what = `the plan removes ${removals} of ${members.length} members of the organization, more than --max-org-removals ${guards.maxRemovals} allows (${allowed})`;
    if (guards.force) warn(`${what}; going ahead because of --force`);
    else refusals.push({ what, hint: 'check the list; to apply it anyway, pass --force or a higher --max-org-removals' });
  }
  return refusals;
}

/**
 * What a saved plan depends on (README, "Review, then apply"): each member it touches (role and
 * whether disabled, or absent), the active admins and the caller. A plan is stale only when one
 * of these moved, so a big organization's plan survives a review.
 */
export function organizationState(members: readonly OrgMember[], plan: OrgPlan, caller: string | undefined): string[] {
  const byId = new Map(members.map((m) => [m.id, m]));
  const touched = plan.changes.map((c) => {
    const m = byId.get(c.user.id);
    // An SSO change depends on the member not being one yet too.
    return m === undefined ? `${c.user.id}: absent` : `${c.user.id}: ${roleName(m.role)}${m.disabled ? ', disabled' : ''}${c.action === 'sso' && m.sso === true ? ', sso' : ''}`;
  });
  const admins = members.filter((m) => m.role === 'admin' && !m.disabled).map((m) => m.id).sort();
  return [...touched, `admins: ${admins.join(' ')}`, `caller: ${caller ?? '(unknown)'}`];
}

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

/** Whether an entry names one of `users`. */
export function namesOneOf(users: readonly UserRef[]): (entry: UserEntry) => boolean {
  const keys = new Set(users.map(userKey));
  return (entry) => keys.has(userKey(refOfEntry(entry)));
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
