// The organization's SAML providers (README, sandbox): what GET /orgs/{org}/saml lists (saml.ts),
// each as the published document's OrganizationSAMLProvider gives it, its default team kept by id.
// Reached as `store.saml`, part of the store's one facade; the data file keeps them per
// organization (`saml`). The sandbox creates none through the service: the seed gives the demo
// organization one, and tests and the sandbox's control (controls.ts) set them.
import { samlStatuses, type StoredSamlProvider } from './saml-data.js';
import { StoreError } from './store-data.js';

export { samlStatuses, type StoredSamlProvider } from './saml-data.js';

export class SamlStore {
  private readonly byOrg = new Map<string, StoredSamlProvider[]>();

  constructor(
    private readonly requireOrg: (orgId: string) => unknown,
    private readonly changed: () => void,
  ) {}

  /** The organization's providers, in the order they were set. */
  list(orgId: string): StoredSamlProvider[] {
    this.requireOrg(orgId);
    return [...(this.byOrg.get(orgId) ?? [])];
  }

  /** Replaces the organization's providers (the seed, the data file, tests, the control); [] leaves it none. */
  set(orgId: string, providers: readonly StoredSamlProvider[]): void {
    this.requireOrg(orgId);
    const ids = new Set(providers.map((p) => p.id));
    if (ids.size !== providers.length) throw new StoreError(`organization ${orgId}: two SAML providers with one id`);
    this.byOrg.set(orgId, providers.map((p) => ({ ...p })));
    this.changed();
  }

  toJSON(orgId: string): { saml?: StoredSamlProvider[] } {
    const list = this.byOrg.get(orgId) ?? [];
    return list.length > 0 ? { saml: list.map((p) => ({ ...p })) } : {};
  }

  /** Loads the data file's providers of one organization, checked. */
  load(orgId: string, data: unknown): void {
    if (!Array.isArray(data)) throw new StoreError(`organization ${orgId}: saml must be a list`);
    for (const p of data as Partial<StoredSamlProvider>[]) {
      const strings = [p?.id, p?.label, p?.entityID, p?.ssoURL, p?.certificate, p?.createdAt].every((v) => typeof v === 'string');
      const ok = strings && (p.defaultTeam === undefined || typeof p.defaultTeam === 'string') && (p.defaultRole === null || typeof p.defaultRole === 'string') && samlStatuses.includes(p.status as never);
      if (!ok) throw new StoreError(`organization ${orgId}: a SAML provider is not one the sandbox wrote`);
    }
    this.set(orgId, data as StoredSamlProvider[]);
  }
}
