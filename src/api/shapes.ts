// The service's answers, checked once where they are parsed (README, "Reliability"): a list item
// or an entry of the wrong shape stops the command with exit 1, naming the field — never a stack
// trace, never a silent partial result (a numeric cursor would end a listing after one page).
import { ServiceError } from '../errors.js';
import type { GlossaryEntry, Page, TeamMemberItem } from './types.js';

/** Where a value was found, for the message: "item 3 of page 2 of the team's members". */
export type Where = string;

function wrong(what: string, where: Where): ServiceError {
  return new ServiceError(`unexpected response from the service: ${what} (${where})`, {
    outcome: 'rejected',
    detail: `unexpected response: ${what}`,
  });
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const optionalString = (v: unknown): boolean => v === undefined || v === null || typeof v === 'string';

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
  const team = value.team;
  if (!isObject(team)) throw wrong('field "team" is missing or not an object', where);
  if (team.role !== 'owner' && team.role !== 'member') throw wrong(`field "team.role" is not owner or member (${JSON.stringify(team.role)})`, where);
  return value as unknown as TeamMemberItem;
}

/** One glossary entry: a string id and a map of string translations. */
export function checkEntry(value: unknown, where: Where): GlossaryEntry {
  if (!isObject(value)) throw wrong('a glossary entry that is not a JSON object', where);
  if (typeof value.id !== 'string' || value.id === '') throw wrong('field "id" is missing or not a string', where);
  const translations = value.translations;
  if (!isObject(translations)) throw wrong('field "translations" is missing or not an object', where);
  for (const [k, v] of Object.entries(translations)) {
    if (typeof v !== 'string') throw wrong(`field "translations.${k}" is not a string`, where);
  }
  return value as unknown as GlossaryEntry;
}
