// The service's answers, checked once where they are parsed (`teamctl help reliability`, "Reliability"): a list item
// or an entry of the wrong shape stops the command with exit 1, naming the field — never a stack
// trace, never a silent partial result (a numeric cursor would end a listing after one page).
import { ServiceError } from '../errors.js';
import { organizationRoles } from '../choices.js';
import type { User, GlossaryEntry, OrganizationMember, OrganizationSAMLProvider, OrganizationTeam, Page, TeamMemberItem } from './types.js';

/** Where a value was found, for the message: "item 3 of page 2 of the team's members". */
export type Where = string;

export function wrong(what: string, where: Where): ServiceError {
  return new ServiceError(`unexpected response from the service: ${what} (${where})`, {
    outcome: 'rejected',
    detail: `unexpected response: ${what}`,
  });
}

/**
 * The longest values the service holds (`teamctl help reliability`, "Bounded answers"): an e-mail 254 characters
 * (RFC 5321's path), an id 255, a translation 255 (the published schema's maxLength). A display
 * name has no published limit: 1,024 is ten times the longest name fields allow, and keeps a page
 * of 1,000 members a few megabytes.
 */
export const answerLimits = { email: 254, id: 255, displayName: 1024, translation: 255 } as const;

/** Length in code points, as the service's schema counts it; cheap for the usual short value. */
const codePoints = (value: string, max: number): number => (value.length <= max ? value.length : [...value].length);

/** A string field over its limit is the wrong shape: named, with its length. */
export function checkLength(value: unknown, max: number, field: string, where: Where): void {
  if (typeof value !== 'string') return;
  const length = codePoints(value, max);
  if (length > max) throw wrong(`field "${field}" is ${length.toLocaleString('en-US')} characters long (at most ${max})`, where);
}

export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
export const optionalString = (v: unknown): boolean => v === undefined || v === null || typeof v === 'string';

/** A page envelope: `items` an array; `next` absent, null or an object whose `page` is absent, null or a string. */
export function checkPage(value: unknown, where: Where): Page<unknown> {
  if (!isObject(value)) throw wrong('a list page that is not a JSON object', where);
  if (!Array.isArray(value.items)) throw wrong('a list page without an "items" array', where);
  const next = value.next;
  if (next !== undefined && next !== null) {
    if (!isObject(next)) throw wrong('field "next" is not an object', where);
    if (!optionalString(next.page)) throw wrong(`field "next.page" is not a string (${JSON.stringify(next.page)})`, where);
  }
  return value as unknown as Page<unknown>;
}

/** One team member list item: an organization member with a user id, and a team role. */
export function checkMemberItem(value: unknown, where: Where): TeamMemberItem {
  if (!isObject(value)) throw wrong('a member that is not a JSON object', where);
  const org = value.organization;
  if (!isObject(org)) throw wrong('field "organization" is missing or not an object', where);
  const user = org.user;
  if (!isObject(user)) throw wrong('field "organization.user" is missing or not an object', where);
  if (typeof user.id !== 'string' || user.id === '') throw wrong('field "organization.user.id" is missing or not a string', where);
  if (!optionalString(user.email)) throw wrong('field "organization.user.email" is not a string', where);
  if (!optionalString(user.displayName)) throw wrong('field "organization.user.displayName" is not a string', where);
  checkLength(org.id, answerLimits.id, 'organization.id', where);
  checkLength(user.id, answerLimits.id, 'organization.user.id', where);
  checkLength(user.email, answerLimits.email, 'organization.user.email', where);
  checkLength(user.displayName, answerLimits.displayName, 'organization.user.displayName', where);
  const team = value.team;
  if (!isObject(team)) throw wrong('field "team" is missing or not an object', where);
  if (team.role !== 'owner' && team.role !== 'member') throw wrong(`field "team.role" is not owner or member (${JSON.stringify(team.role)})`, where);
  return value as unknown as TeamMemberItem;
}

/** A page of team members lists each user once: the same user id twice is the wrong shape. */
export function checkMembersOnce(items: readonly TeamMemberItem[], where: Where): void {
  const seen = new Map<string, number>();
  items.forEach((item, i) => {
    const id = item.organization.user.id;
    const first = seen.get(id);
    if (first !== undefined) throw wrong(`the user ${JSON.stringify(id)} is listed twice (items ${first + 1} and ${i + 1})`, where);
    seen.set(id, i);
  });
}

/** One glossary entry: a string id and a map of string translations. */
export function checkEntry(value: unknown, where: Where): GlossaryEntry {
  if (!isObject(value)) throw wrong('a glossary entry that is not a JSON object', where);
  if (typeof value.id !== 'string' || value.id === '') throw wrong('field "id" is missing or not a string', where);
  checkLength(value.id, answerLimits.id, 'id', where);
  const translations = value.translations;
  if (!isObject(translations)) throw wrong('field "translations" is missing or not an object', where);
  for (const [k, v] of Object.entries(translations)) {
    if (typeof v !== 'string') throw wrong(`field "translations.${k}" is not a string`, where);
    checkLength(v, answerLimits.translation, `translations.${k}`, where);
  }
  return value as unknown as GlossaryEntry;
}

/** The token's user (GET /user): an object with string id and displayName, within the service's limits. */
export function checkAuthenticatedUser(value: unknown, where: Where): User {
  if (!isObject(value)) throw wrong('a user that is not a JSON object', where);
  if (typeof value.id !== 'string' || value.id === '') throw wrong('field "id" is missing or not a string', where);
  if (typeof value.displayName !== 'string') throw wrong('field "displayName" is missing or not a string', where);
  if (!optionalString(value.email)) throw wrong('field "email" is not a string', where);
  checkLength(value.id, answerLimits.id, 'id', where);
  checkLength(value.email, answerLimits.email, 'email', where);
  checkLength(value.displayName, answerLimits.displayName, 'displayName', where);
  return value as unknown as User;
}

/** An organization's team (OrganizationTeam): string id and title, a member count. */
export function checkTeam(value: unknown, where: Where): OrganizationTeam {
  if (!isObject(value)) throw wrong('a team that is not a JSON object', where);
  if (typeof value.id !== 'string' || value.id === '') throw wrong('field "id" is missing or not a string', where);
  if (typeof value.title !== 'string') throw wrong('field "title" is missing or not a string', where);
  if (typeof value.members !== 'number') throw wrong('field "members" is missing or not a number', where);
  checkLength(value.id, answerLimits.id, 'id', where);
  return value as unknown as OrganizationTeam;
}

/** An organization's member (OrganizationMember): its user, its role (null for a guest), disabled. */
export function checkOrganizationMember(value: unknown, where: Where): OrganizationMember {
  if (!isObject(value)) throw wrong('a member that is not a JSON object', where);
  const user = value.user;
  if (!isObject(user)) throw wrong('field "user" is missing or not an object', where);
  if (typeof user.id !== 'string' || user.id === '') throw wrong('field "user.id" is missing or not a string', where);
  if (!optionalString(user.email)) throw wrong('field "user.email" is not a string', where);
  if (!optionalString(user.displayName)) throw wrong('field "user.displayName" is not a string', where);
  if (!optionalString(value.role)) throw wrong('field "role" is not a string or null', where);
  if (value.sso !== undefined && typeof value.sso !== 'boolean') throw wrong(`field "sso" is not true or false (${JSON.stringify(value.sso)})`, where);
  checkLength(user.id, answerLimits.id, 'user.id', where);
  checkLength(user.email, answerLimits.email, 'user.email', where);
  checkLength(user.displayName, answerLimits.displayName, 'user.displayName', where);
  return value as unknown as OrganizationMember;
}

/** One of a member's teams: the team and the member's role in it. */
export function checkMemberTeam(value: unknown, where: Where): { team: OrganizationTeam; member: { role: 'owner' | 'member' } } {
  if (!isObject(value)) throw wrong('an item that is not a JSON object', where);
  checkTeam(value.team, where);
  const member = value.member;
  if (!isObject(member) || (member.role !== 'owner' && member.role !== 'member')) throw wrong('field "member.role" is not owner or member', where);
  return value as unknown as { team: OrganizationTeam; member: { role: 'owner' | 'member' } };
}


/** The answer of POST …/invites: `users` (ids), `invited` (a count), `failedSSOEmails` (optional). */
export function checkInviteAnswer(value: unknown, where: Where): { users: string[]; invited: number; failedSSOEmails: string[] } {
  if (!isObject(value)) throw wrong('an answer that is not a JSON object', where);
  const { users, invited, failedSSOEmails } = value;
  if (!Array.isArray(users) || users.some((u) => typeof u !== 'string' || u === '')) throw wrong('field "users" is missing or not a list of ids', where);
  if (typeof invited !== 'number' || !Number.isInteger(invited) || invited < 0) throw wrong('field "invited" is missing or not a count', where);
  if (failedSSOEmails !== undefined && (!Array.isArray(failedSSOEmails) || failedSSOEmails.some((e) => typeof e !== 'string'))) throw wrong('field "failedSSOEmails" is not a list of e-mails', where);
  for (const u of users as string[]) checkLength(u, answerLimits.id, 'users[]', where);
  for (const e of (failedSSOEmails ?? []) as string[]) checkLength(e, answerLimits.email, 'failedSSOEmails[]', where);
  return { users: users as string[], invited, failedSSOEmails: (failedSSOEmails ?? []) as string[] };
}

/**
 * One SAML provider (GET …/saml): a string id and label (at most 30 characters, the published
 * schema's maxLength), `status` active or pending, `defaultRole` an organization role or null (a
 * guest), and `defaultTeam` absent or a team.
 */
export function checkSamlProvider(value: unknown, where: Where): OrganizationSAMLProvider {
  if (!isObject(value)) throw wrong('a SAML provider that is not a JSON object', where);
  if (typeof value.id !== 'string' || value.id === '') throw wrong('field "id" is missing or not a string', where);
  if (typeof value.label !== 'string') throw wrong('field "label" is missing or not a string', where);
  checkLength(value.id, answerLimits.id, 'id', where);
  checkLength(value.label, 30, 'label', where);
  if (value.status !== 'active' && value.status !== 'pending') throw wrong(`field "status" is not active or pending (${JSON.stringify(value.status)})`, where);
  if (value.defaultRole !== null && !(organizationRoles as readonly unknown[]).includes(value.defaultRole)) throw wrong(`field "defaultRole" is not an organization role or null (${JSON.stringify(value.defaultRole)})`, where);
  if (value.defaultTeam !== undefined && value.defaultTeam !== null) checkTeam(value.defaultTeam, `the default team of ${where}`);
  return value as unknown as OrganizationSAMLProvider;
}
