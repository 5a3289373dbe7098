// The routes of access (README, sandbox: "Access"): for each kind of resource — a space
// (/spaces/{spaceId}), a collection (/collections/{collectionId}) and a site
// (/orgs/{organizationId}/sites/{siteId}) — the resource itself (GET, PATCH), its invitation (POST
// …/permissions), its team and user grants (GET …/permissions/teams and …/users; PATCH and DELETE
// …/teams/{teamId} and …/users/{userId}) and its aggregate listing; the organization's listings
// of each kind, a member's spaces and the invite links. Handlers in access-resources.ts,
// access-grants.ts and access-listings.ts.
import { aggregate, invite, listGrants, removeGrant, updateGrant } from './access-grants.js';
import { listLinkInvites, listMemberSpaces } from './access-listings.js';
import { getResource, listResources, requireContent, requireSite, updateResource } from './access-resources.js';
import type { ResourceKind, StoredResource, Subject } from './access-store.js';
import type { Route } from './route.js';
import type { ServiceContext } from './service-context.js';

/** A resource's path: its leading segments, and how its parameters name the resource. */
interface Base {
  pattern: string[];
  /** The resource, and the parameters after it. */
  locate(ctx: ServiceContext, params: string[]): { resource: StoredResource; rest: string[] };
}

const content = (kind: 'space' | 'collection'): Base => ({
  pattern: [`${kind}s`, ':'],
  locate: (ctx, [id, ...rest]) => ({ resource: requireContent(ctx, kind, id!), rest }),
});

const site: Base = {
  pattern: ['orgs', ':', 'sites', ':'],
  locate: (ctx, [org, id, ...rest]) => ({ resource: requireSite(ctx, org!, id!), rest }),
};

function resourceRoutes({ pattern, locate }: Base): Route[] {
  const on = (ctx: ServiceContext, params: string[]) => locate(ctx, params).resource;
  const subjectRoutes = (subject: Subject): Route[] => [
    { pattern: [...pattern, 'permissions', subject], methods: { GET: (ctx, p, inc) => listGrants(ctx, on(ctx, p), subject, inc) } },
    {
      pattern: [...pattern, 'permissions', subject, ':'],
      methods: {
        PATCH: (ctx, p, inc) => {
          const { resource, rest } = locate(ctx, p);
          return updateGrant(ctx, resource, subject, rest[0]!, inc);
        },
        DELETE: (ctx, p) => {
          const { resource, rest } = locate(ctx, p);
          return removeGrant(ctx, resource, subject, rest[0]!);
        },
      },
    },
  ];
  return [
    { pattern, methods: { GET: (ctx, p) => getResource(ctx, on(ctx, p)), PATCH: (ctx, p, inc) => updateResource(ctx, on(ctx, p), inc) } },
    { pattern: [...pattern, 'permissions'], methods: { POST: (ctx, p, inc) => invite(ctx, on(ctx, p), inc) } },
    { pattern: [...pattern, 'permissions', 'aggregate'], methods: { GET: (ctx, p, inc) => aggregate(ctx, on(ctx, p), inc) } },
    ...subjectRoutes('teams'),
    ...subjectRoutes('users'),
  ];
}

const listing = (kind: ResourceKind): Route => ({
  pattern: ['orgs', ':', `${kind}s`],
  methods: { GET: (ctx, [org], inc) => listResources(ctx, org!, kind, inc) },
});

export const accessRoutes: Route[] = [
  listing('space'),
  listing('collection'),
  listing('site'),
  ...resourceRoutes(content('space')),
  ...resourceRoutes(content('collection')),
  ...resourceRoutes(site),
  { pattern: ['orgs', ':', 'members', ':', 'spaces'], methods: { GET: (ctx, [org, user], inc) => listMemberSpaces(ctx, org!, user!, inc) } },
  { pattern: ['orgs', ':', 'link-invites'], methods: { GET: (ctx, [org], inc) => listLinkInvites(ctx, org!, inc) } },
];
