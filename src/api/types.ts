// The service's resources, in its own words (the service's API document; @gitbook/api spec/openapi.json).

import { teamMemberRoles } from '../choices.js';

export { teamMemberRoles };
export type TeamMemberRole = (typeof teamMemberRoles)[number];

export interface User {
  object: 'user';
  id: string;
  displayName: string;
  email?: string;
  photoURL?: string;
  urls: { location: string };
}

/** Organization-level member record. */
export interface OrganizationMember {
  object: 'member';
  id: string;
  role: string | null;
  user: User;
  disabled: boolean;
  joinedAt: string;
  lastSeenAt?: string;
  sso: boolean;
  spaces: number;
  teams: number;
  sites?: number;
}

/** One element of `items` in the team member list. */
export interface TeamMemberItem {
  organization: OrganizationMember;
  team: { role: TeamMemberRole };
  permissions: { view: boolean };
}

export type GlossaryTranslations = Record<string, string>;

export interface GlossaryEntry {
  object: 'glossary-entry';
  id: string;
  translations: GlossaryTranslations;
  createdAt: string;
  updatedAt: string;
  urls: { location: string };
}

export type GlossaryOperation =
  | { type: 'insert'; translations: GlossaryTranslations }
  | { type: 'update'; id: string; translations: GlossaryTranslations }
  | { type: 'delete'; id: string };

/** Page envelope of both list responses. */
export interface Page<T> {
  next?: { page?: string } | null;
  count?: number;
  items: T[];
}

/** Body of the members bulk PUT. */
export interface UpdateTeamMembersBody {
  add?: string[];
  remove?: string[];
}

/** The service's error body. */
export interface ErrorBody {
  error: { code: number; message: string };
}

/** An organization's team (OrganizationTeam in the published document). */
export interface OrganizationTeam {
  object: 'team';
  id: string;
  title: string;
  /** Count of members in this team. */
  members: number;
  spaces?: number;
  createdAt?: string;
}


/** An organization's SAML provider (OrganizationSAMLProvider in the published document), as teamctl reads it. */
export interface OrganizationSAMLProvider {
  object: 'saml-provider';
  id: string;
  /** 1 to 30 characters. */
  label: string;
  /** The team SSO sign-ins join; absent when none is set. */
  defaultTeam?: OrganizationTeam;
  /** The organization role SSO sign-ins get; null: a guest. */
  defaultRole: string | null;
  status: 'active' | 'pending';
}
