// The organization's listings (README, "Find your way"): its teams, its members, a member's teams
// — as the published document gives them. Typed calls, no printing, no exit codes.
import type { ApiClient } from './client.js';
import { checkIdentifier, pathSegment } from './segment.js';
import { NotFoundError, ServiceError } from '../errors.js';
import { emailKey } from '../model/users.js';
import { checkInviteAnswer, checkMemberTeam, checkOrganizationMember, checkSamlProvider, checkTeam } from './shapes.js';
import type { OrganizationMember, OrganizationSAMLProvider, OrganizationTeam } from './types.js';

const orgPath = (org: string): string => `/orgs/${pathSegment(org, 'organization')}`;

/** GET /orgs/{org}/teams, every page; `title` keeps the teams whose title contains it (any case). */
export function listTeams(client: ApiClient, org: string, title: string | undefined, pageSize: number): AsyncGenerator<OrganizationTeam[]> {
  return client.pages<OrganizationTeam>(`${orgPath(org)}/teams`, pageSize, { item: checkTeam, what: `the teams of ${org}` }, { title });
}

export interface MemberFilters {
  search?: string | undefined;
  role?: string | undefined;
  sort?: string | undefined;
  order?: string | undefined;
}

/** GET /orgs/{org}/members, every page, filtered and sorted by the service. */
export function listOrganizationMembers(client: ApiClient, org: string, filters: MemberFilters, pageSize: number): AsyncGenerator<OrganizationMember[]> {
  return client.pages<OrganizationMember>(`${orgPath(org)}/members`, pageSize, { item: checkOrganizationMember, what: `the members of ${org}` }, { ...filters });
}

/** GET /orgs/{org}/members/{userId}/teams, every page: the member's teams and role in each. */
export function listMemberTeams(client: ApiClient, org: string, userId: string, pageSize: number): AsyncGenerator<{ team: OrganizationTeam; member: { role: 'owner' | 'member' } }[]> {
  return client.pages(`${orgPath(org)}/members/${pathSegment(userId, 'user')}/teams`, pageSize, { item: checkMemberTeam, what: `the teams of ${userId}` });
}

/** GET /orgs/{org}/members/{userId}: the member, or undefined when the service knows no such member (404). */
export async function getOrganizationMember(client: ApiClient, org: string, userId: string): Promise<OrganizationMember | undefined> {
  try {
    const { data } = await client.request<unknown>('GET', `${orgPath(org)}/members/${pathSegment(userId, 'user')}`);
    return checkOrganizationMember(data, `member ${JSON.stringify(userId)} of ${org}`);
  } catch (err) {
    if (err instanceof NotFoundError) return undefined;
    throw err;
  }
}

/** The member of the organization whose e-mail is `email` (any case), found by the service's search; undefined when none. */
export async function findMemberByEmail(client: ApiClient, org: string, email: string): Promise<OrganizationMember | undefined> {
  for await (const page of listOrganizationMembers(client, org, { search: email.trim() }, 100)) {
    const found = page.find((m) => m.user.email !== undefined && emailKey(m.user.email) === emailKey(email));
    if (found) return found;
  }
  return undefined;
}

/** The organization member a user names: an id as it is; an e-mail found by the service's search (any case). */
export async function memberId(client: ApiClient, org: string, user: string): Promise<string> {
  const value = user.trim();
  if (!value.includes('@')) {
    checkIdentifier(value, 'user');
    return value;
  }
  const found = await findMemberByEmail(client, org, value);
  if (found) return found.user.id;
  throw new NotFoundError(`no member with the e-mail ${value} in organization ${org}`, { hint: 'find them with `teamctl users list --search <name or e-mail>`' });
}

/**
 * PUT /orgs/{org}/teams: a new team titled `title` (201 with the team), with `members` (organization
 * member ids) in it. Titles are not unique, so a second PUT makes a second team: it is sent again
 * only when it cannot have been processed (README, "Teams by id or title").
 */
export async function createTeam(client: ApiClient, org: string, title: string, members?: readonly string[]): Promise<OrganizationTeam> {
  // Without members, the key is left out of the JSON body (`undefined` is never written).
  const { data } = await client.request<unknown>('PUT', `${orgPath(org)}/teams`, { body: { title, members }, retryClass: 'unprocessed-only' });
  return unknownIfUnreadable(() => checkTeam(data, `the team created as ${JSON.stringify(title)}`), 'the team may have been created');
}

/** PATCH /orgs/{org}/teams/{team}: the team's new title (200 with the team). */
export async function renameTeam(client: ApiClient, org: string, team: string, title: string): Promise<OrganizationTeam> {
  const { data } = await client.request<unknown>('PATCH', `${orgPath(org)}/teams/${pathSegment(team, 'team id')}`, { body: { title } });
  return checkTeam(data, `team ${JSON.stringify(team)} renamed`);
}

/** DELETE /orgs/{org}/teams/{team}: 205 when it was deleted, 204 when it did not exist. */
export async function deleteTeam(client: ApiClient, org: string, team: string): Promise<'deleted' | 'absent'> {
  const { status } = await client.request('DELETE', `${orgPath(org)}/teams/${pathSegment(team, 'team id')}`);
  return status === 204 ? 'absent' : 'deleted';
}

/** PATCH /orgs/{org}/members/{userId}: the member's organization role; null makes them a guest (200 with the member). */
export async function setOrganizationRole(client: ApiClient, org: string, userId: string, role: string | null): Promise<void> {
  const { data } = await client.request<unknown>('PATCH', `${orgPath(org)}/members/${pathSegment(userId, 'user')}`, { body: { role } });
  checkOrganizationMember(data, `member ${JSON.stringify(userId)} of ${org} after its role change`);
}

/**
 * POST /orgs/{org}/members/{userId}/sso: the member made an SSO member (200 with the member). A
 * member already SSO stays one, so the request is safe to send again; an answer teamctl cannot
 * read is an unknown outcome, which the members read back settle.
 */
export async function setSsoMember(client: ApiClient, org: string, userId: string): Promise<OrganizationMember> {
  const { data } = await client.request<unknown>('POST', `${orgPath(org)}/members/${pathSegment(userId, 'user')}/sso`);
  return unknownIfUnreadable(() => checkOrganizationMember(data, `member ${JSON.stringify(userId)} of ${org} made an SSO member`), 'the member may have been made an SSO member');
}

/** GET /orgs/{org}/saml, every page: the organization's SAML providers. */
export function listSamlProviders(client: ApiClient, org: string, pageSize: number): AsyncGenerator<OrganizationSAMLProvider[]> {
  return client.pages<OrganizationSAMLProvider>(`${orgPath(org)}/saml`, pageSize, { item: checkSamlProvider, what: `the SAML providers of ${org}` });
}

/**
 * DELETE /orgs/{org}/members/{userId}: 205 removed, 204 not a member, 202 the removal was sent to
 * the organization's admins as a request. A 202 sends mail, so the removal is sent again only
 * when it cannot have been processed (`teamctl help organization`, "Organization roles and leavers").
 */
export async function removeOrganizationMember(client: ApiClient, org: string, userId: string): Promise<'removed' | 'not-member' | 'requested'> {
  const { status } = await client.request('DELETE', `${orgPath(org)}/members/${pathSegment(userId, 'user')}`, { retryClass: 'unprocessed-only' });
  return status === 202 ? 'requested' : status === 204 ? 'not-member' : 'removed';
}

/** The answer of POST /orgs/{org}/invites, as the published document gives it. */
export interface InviteAnswer {
  /** The ids of the users added to the organization (the others are invited, pending). */
  users: string[];
  invited: number;
  /** Invited, but not added as SSO users (members of another organization). */
  failedSSOEmails: string[];
}

/**
 * POST /orgs/{org}/invites: each e-mail with its organization role (null: a guest). An invitation
 * sends mail, so it is sent again only when it cannot have been processed (`teamctl help organization`, "Joiners").
 */
export async function inviteToOrganization(client: ApiClient, org: string, emails: readonly { email: string; role: string | null }[], sso: boolean): Promise<InviteAnswer> {
  const { data } = await client.request<unknown>('POST', `${orgPath(org)}/invites`, { body: { emails, ...(sso ? { sso: true } : {}) }, retryClass: 'unprocessed-only' });
  return unknownIfUnreadable(() => checkInviteAnswer(data, `the answer of the invitations to ${org}`), 'the invitations may have been sent');
}

/**
 * A 2xx answer teamctl cannot read, to a write the service cannot take twice, is an unknown
 * outcome, never a refusal (`teamctl help reliability`): the write may well have been made.
 */
function unknownIfUnreadable<T>(check: () => T, may: string): T {
  try {
    return check();
  } catch (err) {
    if (!(err instanceof ServiceError)) throw err;
    throw new ServiceError(`${err.message}; ${may}`, { outcome: 'unknown', cause: err });
  }
}
