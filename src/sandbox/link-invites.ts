// The organization's invite links (README, sandbox: "Access"): each with the role anyone who
// opens it joins with (MemberRoleOrGuest: null joins as a guest), listed by GET
// /orgs/{organizationId}/link-invites as the document's InviteLinkToOrganization. The sandbox
// models the organization's links alone (not a space's or a collection's), keeps them in the data
// file per organization (`linkInvites`), and serves no route that creates one (sandbox's choice:
// tests and seeds add them through the store).
import { contentRoles, type LinkInviteData } from './access-data.js';
import { StoreError } from './store-data.js';

export type { LinkInviteData } from './access-data.js';

export class LinkInvites {
  /** `orgId` → its links in creation order. */
  private readonly byOrganization = new Map<string, LinkInviteData[]>();

  constructor(
    private readonly exists: (orgId: string) => void,
    private readonly changed: () => void,
  ) {}

  /** Adds a link to an organization (seed, tests, the data file). */
  add(orgId: string, data: LinkInviteData): void {
    this.exists(orgId);
    if (typeof data.id !== 'string' || data.id === '') throw new StoreError(`organization ${orgId}: a link invite's id must be a string`);
    if (data.role !== null && !(contentRoles as readonly unknown[]).includes(data.role)) throw new StoreError(`link invite ${data.id}: role must be a role or null`);
    const links = this.byOrganization.get(orgId) ?? [];
    if (links.some((l) => l.id === data.id)) throw new StoreError(`link invite ${data.id} already exists`);
    links.push({ id: data.id, role: data.role });
    this.byOrganization.set(orgId, links);
    this.changed();
  }

  /** Removes a link; false when there was none. */
  remove(orgId: string, id: string): boolean {
    const links = this.byOrganization.get(orgId) ?? [];
    const at = links.findIndex((l) => l.id === id);
    if (at < 0) return false;
    links.splice(at, 1);
    this.changed();
    return true;
  }

  list(orgId: string): LinkInviteData[] {
    return [...(this.byOrganization.get(orgId) ?? [])];
  }

  /** Loads a data file's links of one organization. */
  load(orgId: string, data: unknown): void {
    if (!Array.isArray(data)) throw new StoreError(`organization ${orgId}: linkInvites must be an array`);
    for (const l of data as LinkInviteData[]) {
      if (typeof l !== 'object' || l === null) throw new StoreError(`organization ${orgId}: linkInvites holds an entry that is not an object`);
      this.add(orgId, l);
    }
  }
}
