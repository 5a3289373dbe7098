// The shapes of the sandbox's state: one organization's in memory, and the data file's (persistence.ts);
// and the store's own error. Kept apart from store.ts so the facade stays a facade.
import type { TeamMemberRole } from '../api/types.js';
import type { LinkInviteData, ResourceData } from './access-data.js';
import type { StoredAuditEvent } from './audit-data.js';
import type { GlossaryEntries, StoredGlossaryEntry } from './glossary-store.js';
import type { Account, MemberRequests, StoredInvitation, StoredRemovalRequest } from './member-requests.js';
import type { Team } from './team-store.js';
import type { StoredSamlProvider } from './saml-data.js';
import type { StoredTranslation } from './translation-data.js';
import type { SandboxUser } from './users.js';
import type { WriteCounts, WriteCountsData } from './write-counts.js';

export interface TeamMembership {
  userId: string;
  role: TeamMemberRole;
}

/**
 * The data file's content. `directory`, `invitations` and `removalRequests` are absent from a file
 * written before the sandbox modelled the organization's members (and whenever they are empty): an
 * old file loads as a sandbox with none.
 */
export interface SandboxData {
  version: 1;
  token?: string;
  /** Accounts the sandbox knows besides its organizations' members (member-requests.ts). */
  directory?: Account[];
  /** Every organization's audit events, in the order recorded (audit-log.ts); absent when none. */
  audit?: StoredAuditEvent[];
  organizations: {
    id: string;
    users: SandboxUser[];
    /** `title` absent (a file written before teams had titles): the team is titled by its id. */
    teams: { id: string; title?: string; createdAt?: string; members: TeamMembership[] }[];
    glossary: StoredGlossaryEntry[];
    invitations?: StoredInvitation[];
    removalRequests?: StoredRemovalRequest[];
    /** What the service was sent of the writes counted (write-counts.ts); absent when none. */
    sent?: WriteCountsData;
    /** Spaces, collections and sites with their grants (access-store.ts); absent when none. */
    access?: ResourceData[];
    /** The organization's invite links (link-invites.ts); absent when none. */
    linkInvites?: LinkInviteData[];
    /** Translations and their runs (translation-store.ts); absent when none. */
    translations?: StoredTranslation[];
    /** The SAML providers (saml-store.ts); absent when none. */
    saml?: StoredSamlProvider[];
  }[];
}

/** Misuse of the store by a caller (tests, seed): unknown organization, duplicate id, … */
export class StoreError extends Error {
  override name = 'StoreError';
}

/** One organization's state in memory (store.ts, member-store.ts). */
export interface OrganizationState {
  id: string;
  users: Map<string, SandboxUser>;
  /** Lower-cased, trimmed e-mail → user id. */
  emails: Map<string, string>;
  teams: Map<string, Team>;
  glossary: GlossaryEntries;
  /** Pending invitations and removal requests. */
  requests: MemberRequests;
  /** Invitations, team creations and removal requests the service was sent (write-counts.ts). */
  sent: WriteCounts;
}

/** `{ [key]: values }` when there are values, else nothing (the data file leaves empty lists out). */
export function nonEmpty<K extends string, T>(key: K, values: T[]): Partial<Record<K, T[]>> {
  return values.length > 0 ? ({ [key]: values } as Record<K, T[]>) : {};
}
