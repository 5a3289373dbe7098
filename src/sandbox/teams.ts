// The service's team operations, as the published document gives them: create (PUT
// /orgs/{org}/teams → 201 with the OrganizationTeam), get, rename (PATCH, the title only) and
// delete (205 when deleted, 204 when there was no such team) of /orgs/{org}/teams/{teamId}. Also
// the OrganizationTeam the team listings render (organization.ts).
import type { TeamMemberRole } from '../api/types.js';
import { HttpError, json, lengthInCharacters, listForMessage, noContent, objectBody } from './http.js';
import type { Incoming, Reply } from './http.js';
import { requireOrganization, requireTeam, tooMany } from './service-context.js';
import type { ServiceContext } from './service-context.js';
import type { TeamMembership } from './store.js';
import { sandboxAdmin, sandboxAdminMember } from './admin.js';

/** The document's OrganizationTeam. */
export function organizationTeam(ctx: ServiceContext, orgId: string, teamId: string) {
  return {
    object: 'team' as const,
    id: teamId,
    title: ctx.store.teamTitle(orgId, teamId),
    members: ctx.store.teamMembers(orgId, teamId).length,
    // "Count of spaces this team has access to": those granting the team a role itself, not those
    // it reaches through a collection or general access (sandbox's choice).
    spaces: ctx.store.access.teamSpaces(orgId, teamId),
    // A team created through the service: when it was; a seeded one: when the store was made.
    createdAt: ctx.store.teamCreatedAt(orgId, teamId),
    // The sandbox's one token is its administrator's: it can manage and view every team.
    permissions: { admin: true, view: true },
  };
}

/** OrganizationTeamTitle: a string of 1 to 64 characters, required by both create and update. */
function titleOf(body: Record<string, unknown>): string {
  const title = body.title;
  if (title === undefined) throw new HttpError(400, 'title is required: a string of 1 to 64 characters');
  if (typeof title !== 'string') throw new HttpError(400, `title must be a string of 1 to 64 characters, got ${JSON.stringify(title)}`);
  const length = lengthInCharacters(title);
  // Taken as given, spaces included: the document sets the length alone (sandbox's choice not to trim).
  if (length < 1 || length > 64) throw new HttpError(400, `title must be 1 to 64 characters, got ${length}`);
  return title;
}

/**
 * `members` of a creation: "a list of organization member identifiers", so user ids, not e-mails
 * (unlike the bulk members PUT, which the document says takes either). A member id naming no user
 * of the organization fails the whole request, nothing created (sandbox's choice: the document
 * does not say); an id given twice is one member.
 */
function memberIdsOf(ctx: ServiceContext, orgId: string, body: Record<string, unknown>): string[] {
  const value = body.members;
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw new HttpError(400, 'members must be an array of organization member ids');
  if (value.length > ctx.maxBatch) throw tooMany(ctx, value.length, 'members');
  value.forEach((item, i) => {
    if (typeof item !== 'string') throw new HttpError(400, `members[${i}] must be a string (an organization member id)`);
  });
  const ids = [...new Set(value as string[])];
  const unknown = ids.filter((id) => ctx.store.getUser(orgId, id) === undefined);
  if (unknown.length > 0) {
    throw new HttpError(400, `members: ${listForMessage(unknown)} ${unknown.length === 1 ? 'is not a member id' : 'are not member ids'} of organization ${orgId}; no team was created`);
  }
  return ids;
}

export function createTeam(ctx: ServiceContext, orgId: string, inc: Incoming): Reply {
  requireOrganization(ctx, orgId);
  const body = objectBody(inc, true, '{"title": "…", "members": ["<user id>", …]}');
  const title = titleOf(body);
  // The document gives the members no role, and no default team role: they join as `member`, the
  // role the sandbox gives a member added without one by PUT …/teams/{teamId}/members/{userId}
  // and by the bulk add (sandbox's choice).
  const role: TeamMemberRole = 'member';
  const members: TeamMembership[] = memberIdsOf(ctx, orgId, body).map((userId) => ({ userId, role }));
  const now = new Date().toISOString();
  const teamId = ctx.store.batch(() => {
    // Whether the caller joins the team it creates is not said. By default it does not; with the
    // sandbox option `creatorJoins` its administrator (GET /user) joins as owner, first becoming a
    // member of the organization if it is not one (sandbox's choices), so clients can be tried
    // against both.
    if (ctx.creatorJoins) {
      if (ctx.store.getUser(orgId, sandboxAdmin.id) === undefined) ctx.store.addUser(orgId, sandboxAdminMember(now));
      const others = members.filter((m) => m.userId !== sandboxAdmin.id);
      return ctx.store.addTeam(orgId, title, [...others, { userId: sandboxAdmin.id, role: 'owner' }], now);
    }
    return ctx.store.addTeam(orgId, title, members, now);
  });
  ctx.store.countSent(orgId, { team: title });
  return json(201, organizationTeam(ctx, orgId, teamId));
}

export function getTeam(ctx: ServiceContext, orgId: string, teamId: string): Reply {
  requireTeam(ctx, orgId, teamId);
  return json(200, organizationTeam(ctx, orgId, teamId));
}

export function renameTeam(ctx: ServiceContext, orgId: string, teamId: string, inc: Incoming): Reply {
  requireTeam(ctx, orgId, teamId);
  // The document's update body has the title alone: other fields are ignored (sandbox's choice).
  const title = titleOf(objectBody(inc, true, '{"title": "…"}'));
  ctx.store.renameTeam(orgId, teamId, title);
  return json(200, organizationTeam(ctx, orgId, teamId));
}

export function deleteTeam(ctx: ServiceContext, orgId: string, teamId: string): Reply {
  requireOrganization(ctx, orgId);
  // 205 when deleted, 204 when the team did not exist in the organization (published document).
  return noContent(ctx.store.deleteTeam(orgId, teamId) ? 205 : 204);
}
