// Loading a data file into an empty store (README, sandbox: "--data"): the shape checked at the
// top, then each organization through the store's own methods, so a loaded state obeys the same
// rules as one the service's handlers built. Kept apart from store.ts so the facade stays a facade.
import type { TeamMemberRole } from '../api/types.js';
import type { AccessStore } from './access-store.js';
import type { AuditLog } from './audit-log.js';
import type { StoredGlossaryEntry } from './glossary-store.js';
import type { MemberStore } from './member-store.js';
import { StoreError, type SandboxData } from './store-data.js';
import type { SamlStore } from './saml-store.js';
import type { TranslationStore } from './translation-store.js';
import type { SandboxUser } from './users.js';

type Sent = NonNullable<SandboxData['organizations'][number]['sent']>;

/** What loading needs of the store (store.ts's SandboxStore; named here so neither imports the other). */
export interface LoadTarget {
  token: string | undefined;
  batch<T>(fn: () => T): T;
  readonly members: Pick<MemberStore, 'addAccount' | 'invite' | 'requestRemoval'>;
  readonly access: Pick<AccessStore, 'load'>;
  readonly audit: Pick<AuditLog, 'record'>;
  readonly translations: Pick<TranslationStore, 'load'>;
  readonly saml: Pick<SamlStore, 'load'>;
  createOrganization(orgId: string): void;
  addUser(orgId: string, user: SandboxUser): unknown;
  createTeam(orgId: string, teamId: string, title?: string, createdAt?: string): void;
  setTeamMembers(orgId: string, teamId: string, members: { userId: string; role?: TeamMemberRole }[]): void;
  addGlossaryEntry(orgId: string, entry: StoredGlossaryEntry): unknown;
  loadSent(orgId: string, sent: Sent): void;
}

export function loadStore<S extends LoadTarget>(store: S, data: unknown): S {
  const d = data as Partial<SandboxData> | null;
  if (typeof d !== 'object' || d === null || d.version !== 1 || !Array.isArray(d.organizations)) {
    throw new StoreError('expected {"version":1,"organizations":[…]}');
  }
  store.batch(() => {
    if (typeof d.token === 'string') store.token = d.token;
    for (const a of d.directory ?? []) store.members.addAccount(a);
    for (const o of d.organizations ?? []) {
      store.createOrganization(o.id);
      for (const u of o.users) store.addUser(o.id, u);
      for (const t of o.teams) {
        if (t.title !== undefined && typeof t.title !== 'string') throw new StoreError(`team ${t.id}: title must be a string`);
        store.createTeam(o.id, t.id, t.title ?? t.id, typeof t.createdAt === 'string' ? t.createdAt : undefined);
        store.setTeamMembers(o.id, t.id, t.members);
      }
      for (const e of o.glossary) store.addGlossaryEntry(o.id, e);
      for (const i of o.invitations ?? []) store.members.invite(o.id, i);
      for (const r of o.removalRequests ?? []) store.members.requestRemoval(o.id, r.userId, r.requestedAt);
      if (o.access !== undefined || o.linkInvites !== undefined) store.access.load(o.id, o.access ?? [], o.linkInvites);
      if (o.translations !== undefined) store.translations.load(o.id, o.translations);
      if (o.saml !== undefined) store.saml.load(o.id, o.saml);
      if (o.sent !== undefined) store.loadSent(o.id, o.sent);
    }
    for (const e of d.audit ?? []) store.audit.record(e);
  });
  return store;
}
