// A SAML provider as the sandbox keeps it (saml-store.ts) and its data file writes it
// (store-data.ts): kept apart so the two need not import each other.

/** SAMLProviderStatus of the published document. */
export const samlStatuses = ['active', 'pending'] as const;

export interface StoredSamlProvider {
  id: string;
  /** SAMLProviderLabel: 1 to 30 characters. */
  label: string;
  entityID: string;
  ssoURL: string;
  certificate: string;
  /** The id of the team SSO sign-ins join; absent: none. */
  defaultTeam?: string;
  /** MemberRoleOrGuest: the organization role SSO sign-ins get (null: a guest). */
  defaultRole: string | null;
  status: (typeof samlStatuses)[number];
  createdAt: string;
}
