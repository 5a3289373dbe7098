// Spaces, collections and sites as the published document gives them (README, sandbox: "Access"):
// the organization's listings (GET /orgs/{org}/spaces, …/collections, …/sites), and one resource
// read and updated (GET and PATCH /spaces/{spaceId}, /collections/{collectionId},
// /orgs/{org}/sites/{siteId}): its title and its general access (`defaultLevel`). The fields the
// document requires and the sandbox does not model (revisions, comments, change requests, site
// features) are rendered with fixed values. The sandbox serves no application: `urls.app` and a
// site's `urls.preview` are addresses under its base URL that it does not answer (sandbox's choice).
import { roleOn } from './access-effective.js';
import { contentRoles, type ContentRole, type DefaultLevel, type ResourceKind, type StoredResource, roleRank } from './access-store.js';
import { sandboxAdmin } from './admin.js';
import { HttpError, json, lengthInCharacters, objectBody } from './http.js';
import type { Incoming, Reply } from './http.js';
import { pageOf } from './organization.js';
import { callerIsAdmin, requireOrganization } from './service-context.js';
import type { ServiceContext } from './service-context.js';

const plural: Record<ResourceKind, string> = { space: 'spaces', collection: 'collections', site: 'sites' };

/** A space or collection by its id, or 404 (the organization it belongs to made reachable). */
export function requireContent(ctx: ServiceContext, kind: 'space' | 'collection', id: string): StoredResource {
  const resource = ctx.store.access.get(kind, id);
  if (!resource) throw new HttpError(404, `${kind} ${id} not found`);
  requireOrganization(ctx, resource.orgId);
  return resource;
}

/** A site of the organization, or 404 (a site of another organization too). */
export function requireSite(ctx: ServiceContext, orgId: string, id: string): StoredResource {
  requireOrganization(ctx, orgId);
  const site = ctx.store.access.get('site', id);
  if (!site || site.orgId !== orgId) throw new HttpError(404, `site ${id} not found in organization ${orgId}`);
  return site;
}

/**
 * The token's user's role on a resource: `admin` for an admin of the organization (the sandbox's
 * administrator, unless `callerRole` says otherwise), else what its grants and general access give.
 */
export function callerRoleOn(ctx: ServiceContext, resource: StoredResource): ContentRole | undefined {
  return callerIsAdmin(ctx) ? 'admin' : roleOn(ctx.store, resource, sandboxAdmin.id);
}

/**
 * Only an admin of the organization, or an admin of the resource (the document's `permissions.admin`:
 * "manage the space"), changes a resource's access or its fields; others get 403 with nothing
 * changed (sandbox's choice: the document shows no 403 for these operations).
 */
export function requireResourceAdmin(ctx: ServiceContext, resource: StoredResource): void {
  if (callerRoleOn(ctx, resource) !== 'admin') {
    throw new HttpError(403, `only an admin of organization ${resource.orgId} or of ${resource.kind} ${resource.id} can change its access`);
  }
}

const atLeast = (role: ContentRole | undefined, least: ContentRole): boolean => role !== undefined && roleRank[role] >= roleRank[least];

function urls(ctx: ServiceContext, r: StoredResource): { location: string; app: string } {
  const location = r.kind === 'site' ? `/v1/orgs/${encodeURIComponent(r.orgId)}/sites/${encodeURIComponent(r.id)}` : `/v1/${plural[r.kind]}/${encodeURIComponent(r.id)}`;
  return { location: ctx.baseUrl() + location, app: `${ctx.baseUrl()}/app/${plural[r.kind]}/${encodeURIComponent(r.id)}` };
}

const optional = <K extends string, V>(k: K, v: V | undefined): Partial<Record<K, V>> => (v === undefined ? {} : ({ [k]: v } as Record<K, V>));

/** The document's Space. */
export function renderSpace(ctx: ServiceContext, r: StoredResource) {
  const role = callerRoleOn(ctx, r);
  return {
    object: 'space' as const,
    id: r.id,
    title: r.title,
    emoji: r.emoji ?? '',
    organization: r.orgId,
    ...optional('parent', r.parent),
    visibility: r.visibility ?? (r.parent === undefined ? 'private' : 'in-collection'),
    // The sandbox keeps no content: one fixed revision, nothing to comment or review.
    revision: `rev-${r.id}`,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
    comments: 0,
    changeRequests: 0,
    changeRequestsOpen: 0,
    changeRequestsDraft: 0,
    mergeRules: { type: 'inherit' },
    urls: urls(ctx, r),
    defaultLevel: r.defaultLevel,
    permissions: {
      view: atLeast(role, 'read'),
      access: atLeast(role, 'read'),
      admin: role === 'admin',
      viewInviteLinks: role === 'admin',
      edit: atLeast(role, 'edit'),
      triggerGitSync: atLeast(role, 'edit'),
      comment: atLeast(role, 'comment'),
      merge: atLeast(role, 'review'),
      review: atLeast(role, 'review'),
      installIntegration: role === 'admin',
    },
  };
}

/** The document's Collection. */
export function renderCollection(ctx: ServiceContext, r: StoredResource) {
  const role = callerRoleOn(ctx, r);
  return {
    object: 'collection' as const,
    id: r.id,
    title: r.title,
    ...optional('description', r.description),
    organization: r.orgId,
    ...optional('parent', r.parent),
    defaultLevel: r.defaultLevel,
    urls: urls(ctx, r),
    permissions: { view: atLeast(role, 'read'), admin: role === 'admin', viewInviteLinks: role === 'admin', create: atLeast(role, 'create') },
  };
}

/** The document's Site: a `basic` site without site spaces or premium features. */
export function renderSite(ctx: ServiceContext, r: StoredResource) {
  const role = callerRoleOn(ctx, r);
  const { location, app } = urls(ctx, r);
  return {
    object: 'site' as const,
    id: r.id,
    type: 'basic',
    appliedType: 'basic',
    title: r.title,
    visibility: r.visibility ?? 'public',
    defaultLevel: r.defaultLevel,
    permissions: {
      view: atLeast(role, 'read'),
      access: atLeast(role, 'read'),
      edit: atLeast(role, 'edit'),
      create: atLeast(role, 'create'),
      admin: role === 'admin',
      installIntegration: role === 'admin',
      viewAdaptiveSchema: atLeast(role, 'edit'),
      editAdaptiveSchema: role === 'admin',
    },
    published: r.published ?? false,
    createdAt: r.createdAt,
    siteSpaces: 0,
    features: [],
    urls: { location, app, preview: `${app}/preview` },
  };
}

const render = { space: renderSpace, collection: renderCollection, site: renderSite };

export function renderResource(ctx: ServiceContext, r: StoredResource) {
  return render[r.kind](ctx, r);
}

const containsFold = (text: string, part: string): boolean => text.toLowerCase().includes(part.toLowerCase());

/**
 * GET /orgs/{org}/spaces, …/collections (`nested`, default true: false lists the top-level ones
 * alone) and …/sites (`title`: those whose title contains it, any case; `published`). In creation
 * order; pages are offsets into one query (organization.ts). The sites' `space` filter finds none
 * (the sandbox's sites have no site spaces) and `type` is not read (every site is `basic`).
 */
export function listResources(ctx: ServiceContext, orgId: string, kind: ResourceKind, inc: Incoming): Reply {
  requireOrganization(ctx, orgId);
  let all = ctx.store.access.list(orgId, kind);
  const { nested, title, published, space } = inc.query;
  if (kind === 'collection' && nested !== undefined) {
    if (nested !== 'true' && nested !== 'false') throw new HttpError(400, `nested must be true or false, got ${JSON.stringify(nested)}`);
    if (nested === 'false') all = all.filter((r) => r.parent === undefined);
  }
  if (kind === 'site') {
    if (published !== undefined && published !== 'true' && published !== 'false') throw new HttpError(400, `published must be true or false, got ${JSON.stringify(published)}`);
    all = all.filter((r) => (title === undefined || containsFold(r.title, title)) && (published === undefined || (r.published ?? false) === (published === 'true')) && space === undefined);
  }
  const query = `${kind}s:${orgId}:${nested ?? ''}:${title ?? ''}:${published ?? ''}:${space ?? ''}`;
  return json(200, pageOf(all, query, inc, ctx, (r) => renderResource(ctx, r)));
}

export function getResource(ctx: ServiceContext, resource: StoredResource): Reply {
  return json(200, renderResource(ctx, resource));
}

/** DefaultLevel: a MemberRole, null or `inherit`. */
export function defaultLevelOf(value: unknown): DefaultLevel {
  if (value === null || value === 'inherit' || (contentRoles as readonly unknown[]).includes(value)) return value as DefaultLevel;
  throw new HttpError(400, `defaultLevel must be one of ${contentRoles.join(', ')}, null or "inherit", got ${JSON.stringify(value)}`);
}

function stringOf(body: Record<string, unknown>, field: string, min: number, max: number): string | undefined {
  const value = body[field];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || lengthInCharacters(value) < min || lengthInCharacters(value) > max) {
    throw new HttpError(400, `${field} must be a string of ${min} to ${max} characters, got ${JSON.stringify(value)}`);
  }
  return value;
}

function enumOf(body: Record<string, unknown>, field: string, values: readonly string[]): string | undefined {
  const value = body[field];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !values.includes(value)) throw new HttpError(400, `${field} must be one of ${values.join(', ')}, got ${JSON.stringify(value)}`);
  return value;
}

const siteVisibilities = ['public', 'unlisted', 'share-link', 'visitor-auth'];

/**
 * PATCH of a resource: the fields the sandbox models (a space's title and emoji, a collection's
 * title and description, a site's title and visibility; a space's `editMode` is checked only) and
 * `defaultLevel`; other fields of the document's body are accepted and ignored (sandbox's choice).
 * `inherit` is accepted everywhere DefaultLevel is: without a parent collection, the organization's
 * roles (access-effective.ts). Answers 200 with the resource, as the document does.
 */
export function updateResource(ctx: ServiceContext, resource: StoredResource, inc: Incoming): Reply {
  const body = objectBody(inc, true, '{"defaultLevel": "read" | … | null | "inherit", "title": "…"}');
  const changes: Parameters<ServiceContext['store']['access']['update']>[1] = {};
  // SpaceTitle and CollectionTitle: at most 50 characters; SiteTitle: 2 to 128.
  const title = resource.kind === 'site' ? stringOf(body, 'title', 2, 128) : stringOf(body, 'title', 0, 50);
  if (title !== undefined) changes.title = title;
  if (body.defaultLevel !== undefined) changes.defaultLevel = defaultLevelOf(body.defaultLevel);
  if (resource.kind === 'collection') {
    const description = stringOf(body, 'description', 0, 100);
    if (description !== undefined) changes.description = description;
  }
  if (resource.kind === 'site') {
    const visibility = enumOf(body, 'visibility', siteVisibilities);
    if (visibility !== undefined) changes.visibility = visibility;
  }
  if (resource.kind === 'space') {
    enumOf(body, 'editMode', ['live', 'locked']);
    if (body.emoji !== undefined) changes.emoji = body.emoji === null ? '' : (stringOf(body, 'emoji', 0, 50) as string);
  }
  requireResourceAdmin(ctx, resource);
  if (Object.keys(changes).length > 0) ctx.store.access.update(resource, changes, new Date().toISOString());
  return json(200, renderResource(ctx, resource));
}
