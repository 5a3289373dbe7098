// Spaces, collections and sites, and who may do what on each (README, sandbox: "Access"): each
// resource with its title, its parent collection, its general access (`defaultLevel`) and its team
// and user grants, as the published document's space-, collection- and site-permissions give them.
// Reached as `store.access`, part of the store's one facade; the data file keeps it per
// organization (`access`), and the user grants the service was sent are counted (write-counts.ts).
//
// Spaces and collections are addressed by their id alone (/spaces/{spaceId}): ids are unique across
// the sandbox's organizations, as the paths need. A grant of a team deleted since, or of a user no
// longer a member of the organization, is gone: it is neither listed nor counted, nor written to
// the data file (sandbox's choice: the document does not say what becomes of them).
import { compareStrings } from './sorted-list.js';
import { StoreError } from './store-data.js';
import type { OrganizationState } from './store-data.js';
import { contentRoles, resourceKinds } from './access-data.js';
import type { ContentRole, DefaultLevel, GrantRole, ResourceData, ResourceKind } from './access-data.js';
import { LinkInvites, type LinkInviteData } from './link-invites.js';

export { contentRoles, resourceKinds } from './access-data.js';
export type { ContentRole, DefaultLevel, GrantRole, ResourceData, ResourceKind } from './access-data.js';

export type Subject = 'teams' | 'users';

/**
 * How much a role allows, for the effective access (access-effective.ts). The document's MemberRole
 * description lists the roles from most to least: admin, create, review, edit, comment, read
 * (sandbox's choice to read that order as their rank; its enum lists edit before review).
 */
export const roleRank: Record<ContentRole, number> = { read: 1, comment: 2, edit: 3, review: 4, create: 5, admin: 6 };

export interface StoredResource {
  kind: ResourceKind;
  id: string;
  orgId: string;
  title: string;
  /** The parent collection's id (a space or a collection in a collection). */
  parent?: string;
  /** A collection's description. */
  description?: string;
  defaultLevel: DefaultLevel;
  createdAt: string;
  updatedAt: string;
  /** A space's ContentVisibility or a site's SiteVisibility. */
  visibility?: string;
  /** A space's emoji (the document requires one; '' when none). */
  emoji?: string;
  /** A site's published state. */
  published?: boolean;
  teams: Map<string, GrantRole>;
  users: Map<string, GrantRole>;
}

const key = (kind: ResourceKind, id: string): string => `${kind}:${id}`;

function isDefaultLevel(value: unknown): value is DefaultLevel {
  return value === null || value === 'inherit' || (contentRoles as readonly unknown[]).includes(value);
}

export class AccessStore {
  /** Every resource by `kind:id`, in creation order. */
  private readonly resources = new Map<string, StoredResource>();
  /** `orgId kind` → its resources in creation order (resources are never deleted: append-only). */
  private readonly byOrganization = new Map<string, StoredResource[]>();

  /** The organization's invite links (link-invites.ts). */
  readonly linkInvites: LinkInvites;

  constructor(
    private readonly org: (orgId: string) => OrganizationState,
    private readonly changed: () => void,
  ) {
    this.linkInvites = new LinkInvites((orgId) => void org(orgId), changed);
  }

  /** Adds a resource (seed, tests, the data file); its parent, if any, must be a collection of the organization. */
  add(orgId: string, data: ResourceData, now = new Date().toISOString()): StoredResource {
    const org = this.org(orgId);
    if (!(resourceKinds as readonly string[]).includes(data.kind)) throw new StoreError(`unknown resource kind ${String(data.kind)}`);
    if (typeof data.id !== 'string' || data.id === '' || typeof data.title !== 'string') throw new StoreError(`${data.kind}: id and title must be strings`);
    if (this.resources.has(key(data.kind, data.id))) throw new StoreError(`${data.kind} ${data.id} already exists`);
    if (!isDefaultLevel(data.defaultLevel)) throw new StoreError(`${data.kind} ${data.id}: defaultLevel must be a role, null or "inherit"`);
    if (data.parent !== undefined) {
      const parent = this.resources.get(key('collection', data.parent));
      if (data.kind === 'site' || parent?.orgId !== orgId) throw new StoreError(`${data.kind} ${data.id}: parent ${data.parent} is not a collection of organization ${orgId}`);
    }
    const resource: StoredResource = {
      kind: data.kind,
      id: data.id,
      orgId,
      title: data.title,
      defaultLevel: data.defaultLevel,
      createdAt: data.createdAt ?? now,
      updatedAt: data.updatedAt ?? data.createdAt ?? now,
      teams: new Map(),
      users: new Map(),
    };
    for (const field of ['parent', 'description', 'visibility', 'emoji', 'published'] as const) {
      if (data[field] !== undefined) (resource as unknown as Record<string, unknown>)[field] = data[field];
    }
    this.resources.set(key(data.kind, data.id), resource);
    const listed = this.byOrganization.get(`${orgId} ${data.kind}`);
    if (listed) listed.push(resource);
    else this.byOrganization.set(`${orgId} ${data.kind}`, [resource]);
    for (const t of data.teams ?? []) this.grant(resource, 'teams', t.teamId, t.role, org);
    for (const u of data.users ?? []) this.grant(resource, 'users', u.userId, u.role, org);
    this.changed();
    return resource;
  }

  get(kind: ResourceKind, id: string): StoredResource | undefined {
    return this.resources.get(key(kind, id));
  }

  /** The organization's resources of one kind, in creation order. */
  list(orgId: string, kind: ResourceKind): StoredResource[] {
    return [...(this.byOrganization.get(`${orgId} ${kind}`) ?? [])];
  }

  /** Spaces of the organization a team is granted a role on (OrganizationTeam's `spaces`). */
  teamSpaces(orgId: string, teamId: string): number {
    if (!this.org(orgId).teams.has(teamId)) return 0;
    return (this.byOrganization.get(`${orgId} space`) ?? []).filter((r) => r.teams.has(teamId)).length;
  }

  /** The grants of a resource that still name a team or a member of its organization, by id. */
  grants(resource: StoredResource, subject: Subject): [string, GrantRole][] {
    const org = this.org(resource.orgId);
    const exists = subject === 'teams' ? (id: string) => org.teams.has(id) : (id: string) => org.users.has(id);
    return [...resource[subject]].filter(([id]) => exists(id)).sort(([a], [b]) => compareStrings(a, b));
  }

  /** The role granted to one team or user, if any (undefined: none). */
  grantOf(resource: StoredResource, subject: Subject, id: string): GrantRole | undefined {
    const org = this.org(resource.orgId);
    const exists = subject === 'teams' ? org.teams.has(id) : org.users.has(id);
    return exists ? resource[subject].get(id) : undefined;
  }

  /** Grants (or changes) a role; the team or user must be the organization's. */
  setGrant(resource: StoredResource, subject: Subject, id: string, role: GrantRole): void {
    this.grant(resource, subject, id, role, this.org(resource.orgId));
    this.changed();
  }

  private grant(resource: StoredResource, subject: Subject, id: string, role: GrantRole, org: OrganizationState): void {
    const exists = subject === 'teams' ? org.teams.has(id) : org.users.has(id);
    if (!exists) throw new StoreError(`unknown ${subject === 'teams' ? 'team' : 'user'} ${id} in organization ${org.id}`);
    if (role !== null && !(contentRoles as readonly string[]).includes(role)) throw new StoreError(`${resource.kind} ${resource.id}: ${String(role)} is not a role`);
    resource[subject].set(id, role);
  }

  /** Removes a grant; false when there was none. */
  revoke(resource: StoredResource, subject: Subject, id: string): boolean {
    const listed = this.grantOf(resource, subject, id) !== undefined;
    if (resource[subject].delete(id)) this.changed();
    return listed;
  }

  /** Changes a resource's own fields (title, description, defaultLevel, visibility, emoji) at `now`. */
  update(resource: StoredResource, changes: Partial<Pick<StoredResource, 'title' | 'description' | 'defaultLevel' | 'visibility' | 'emoji'>>, now: string): void {
    Object.assign(resource, changes);
    resource.updatedAt = now;
    this.changed();
  }

  /** Counts a user grant the service processed (it may notify the user): write-counts.ts. */
  countUserGrant(resource: StoredResource, userId: string): void {
    this.org(resource.orgId).sent.userGranted(`${resource.kind}:${resource.id}`, userId);
    this.changed();
  }

  /** User grants of this user on this resource the service processed, every repeat included. */
  userGrantsSent(orgId: string, kind: ResourceKind, id: string, userId: string): number {
    return this.org(orgId).sent.userGrantsSent(`${kind}:${id}`, userId);
  }

  /** The data file's form of the organization's resources and invite links; {} when it has none. */
  toJSON(orgId: string): { access?: ResourceData[]; linkInvites?: LinkInviteData[] } {
    const resources = [...this.resources.values()].filter((r) => r.orgId === orgId);
    const links = this.linkInvites.list(orgId);
    return { ...(resources.length === 0 ? {} : this.resourcesJSON(resources)), ...(links.length === 0 ? {} : { linkInvites: links }) };
  }

  private resourcesJSON(resources: StoredResource[]): { access: ResourceData[] } {
    return {
      access: resources.map((r) => {
        const { orgId: _org, teams: _teams, users: _users, ...fields } = r;
        return {
          ...fields,
          teams: this.grants(r, 'teams').map(([teamId, role]) => ({ teamId, role })),
          users: this.grants(r, 'users').map(([userId, role]) => ({ userId, role })),
        };
      }),
    };
  }

  /** Loads a data file's resources of one organization (parents before their children), and its invite links. */
  load(orgId: string, data: unknown, links?: unknown): void {
    if (links !== undefined) this.linkInvites.load(orgId, links);
    if (!Array.isArray(data)) throw new StoreError(`organization ${orgId}: access must be an array of resources`);
    for (const r of data as ResourceData[]) {
      if (typeof r !== 'object' || r === null) throw new StoreError(`organization ${orgId}: access holds a resource that is not an object`);
      this.add(orgId, r);
    }
  }
}
