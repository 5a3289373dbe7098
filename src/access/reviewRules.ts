// The findings of an access review (`teamctl help access`, "Review"), each a pure rule over what
// the review read: who a person is (disabled, guest, last seen), the role they have on a resource
// and where it comes from, a resource's own general access, an invite link's role.
import type { DefaultLevel, GrantRole } from '../api/access.js';

/** The kinds of finding, in the order reports list them. */
export const findingKinds = ['disabled-member', 'guest-above-read', 'stale-access', 'bypasses-teams', 'general-access-above-read', 'link-invite-above-read'] as const;
export type FindingKind = (typeof findingKinds)[number];

/**
 * How much a role allows: the service's description of MemberRole lists them from most to least
 * (admin, create, review, edit, comment, read).
 */
const rank: Record<string, number> = { read: 1, comment: 2, edit: 3, review: 4, create: 5, admin: 6 };

/** A role that allows more than reading (a guest's null and `inherit` are no role). */
export const aboveRead = (role: DefaultLevel | undefined): boolean => typeof role === 'string' && (rank[role] ?? 0) > rank.read!;

/** Edit or more: edit, review, create, admin. */
export const editOrMore = (role: GrantRole | undefined): boolean => typeof role === 'string' && (rank[role] ?? 0) >= rank.edit!;

/** The higher of two roles. */
export const higherRole = (a: GrantRole, b: GrantRole): GrantRole => ((b === null ? 0 : (rank[b] ?? 0)) > (a === null ? 0 : (rank[a] ?? 0)) ? b : a);

/** What the organization says of a person; undefined fields when the organization does not list them. */
export interface Person {
  /** The organization role; null for a guest; undefined when the person is not a listed member. */
  orgRole?: GrantRole;
  disabled?: boolean;
  lastSeenAt?: string;
  joinedAt?: string;
}

/** One person's access to one resource, as the review explains it. */
export interface Reaching {
  /** The role the service says the person has there. */
  role: GrantRole;
  /** The person holds a user grant on the resource itself. */
  direct: boolean;
  /** A team the person is in reaches the resource (its grant, or its collection's it inherits). */
  viaTeam: boolean;
}

const day = 86_400_000;

/** A guest: a null organization role, or a person the organization does not list as a member. */
export const isGuest = (person: Person): boolean => person.orgRole === null || person.orgRole === undefined;

/**
 * Not seen for `staleDays` whole days at `now`: last seen before then, or never seen and joined
 * before then. A person the organization gives neither date for is not judged.
 */
export function isStale(person: Person, now: number, staleDays: number): boolean {
  const seen = person.lastSeenAt ?? person.joinedAt;
  if (seen === undefined) return false;
  const at = Date.parse(seen);
  return !Number.isNaN(at) && now - at >= staleDays * day;
}

/** The findings of one person on one resource, in the order of `findingKinds`. */
export function personFindings(person: Person, reaching: Reaching, now: number, staleDays: number): FindingKind[] {
  if (reaching.role === null) return [];
  const found: FindingKind[] = [];
  if (person.disabled === true) found.push('disabled-member');
  if (isGuest(person) && aboveRead(reaching.role)) found.push('guest-above-read');
  if (editOrMore(reaching.role) && isStale(person, now, staleDays)) found.push('stale-access');
  if (reaching.direct && reaching.viaTeam) found.push('bypasses-teams');
  return found;
}

/** A resource's own general access above read (`inherit` is its collection's, not its own). */
export const generalAccessFindings = (level: DefaultLevel): FindingKind[] => (aboveRead(level) ? ['general-access-above-read'] : []);

/** An invite link that lets anyone who opens it join with more than read. */
export const linkInviteFindings = (role: GrantRole): FindingKind[] => (aboveRead(role) ? ['link-invite-above-read'] : []);
