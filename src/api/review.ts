// What an access review reads (README, "Access"): who reaches each space, collection and site
// (GET …/permissions/aggregate), a member's spaces (GET /orgs/{org}/members/{userId}/spaces),
// the organization's invite links (GET /orgs/{org}/link-invites) and its members with their
// role, disabled state and last visit. Typed calls, no printing, no exit codes.
import type { ApiClient } from './client.js';
import { resourcePath, type ResourceRef } from './access.js';
import { pathSegment } from './segment.js';
import { checkLinkInvite, checkMemberSpace, checkReviewMember, reachChecker, type LinkInvite, type Reach, type ReviewMember } from './reviewShapes.js';

export type { LinkInvite, Reach, ReviewMember, SiteOrigin } from './reviewShapes.js';

const orgPath = (org: string): string => `/orgs/${pathSegment(org, 'organization')}`;

/** GET …/permissions/aggregate, every page: each user who can reach the resource, with the role they have there. */
export function listReach(client: ApiClient, org: string, resource: ResourceRef, pageSize: number): AsyncGenerator<Reach[]> {
  return client.pages<Reach>(`${resourcePath(org, resource)}/permissions/aggregate`, pageSize, { item: reachChecker(resource.kind), what: `who reaches ${resource.kind} ${resource.id}` });
}

/** GET /orgs/{org}/members, every page, each member with what a review weighs. */
export function listReviewMembers(client: ApiClient, org: string, pageSize: number): AsyncGenerator<ReviewMember[]> {
  return client.pages<ReviewMember>(`${orgPath(org)}/members`, pageSize, { item: checkReviewMember, what: `the members of ${org}` });
}

/** GET /orgs/{org}/members/{userId}/spaces, every page: the spaces the member reaches and the role in each. */
export function listMemberSpaces(client: ApiClient, org: string, userId: string, pageSize: number): AsyncGenerator<{ permission: string; space: { id: string; title: string } }[]> {
  return client.pages(`${orgPath(org)}/members/${pathSegment(userId, 'user')}/spaces`, pageSize, { item: checkMemberSpace, what: `the spaces of ${userId}` });
}

/** GET /orgs/{org}/link-invites, every page: the organization's invite links. */
export function listLinkInvites(client: ApiClient, org: string, pageSize: number): AsyncGenerator<LinkInvite[]> {
  return client.pages<LinkInvite>(`${orgPath(org)}/link-invites`, pageSize, { item: checkLinkInvite, what: `the invite links of ${org}` });
}
