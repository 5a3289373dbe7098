// The shapes of access the data file, the seed and the store share (access-store.ts): the kinds of
// resource, the roles, general access levels, a resource and an invite link as the data file keeps them. A leaf:
// store-data.ts reads it without reading the store.

export const resourceKinds = ['space', 'collection', 'site'] as const;
export type ResourceKind = (typeof resourceKinds)[number];

/** MemberRole of the published document. */
export const contentRoles = ['admin', 'create', 'edit', 'review', 'comment', 'read'] as const;
export type ContentRole = (typeof contentRoles)[number];
/** A grant's role: a MemberRole, or null (MemberRoleOrGuest; kept on sites only, see access-grants.ts). */
export type GrantRole = ContentRole | null;
/** DefaultLevel: a MemberRoleOrGuest, or `inherit`. */
export type DefaultLevel = GrantRole | 'inherit';

/** A resource as the data file and the seed give it. */
export interface ResourceData {
  kind: ResourceKind;
  id: string;
  title: string;
  parent?: string;
  description?: string;
  defaultLevel: DefaultLevel;
  createdAt?: string;
  updatedAt?: string;
  visibility?: string;
  emoji?: string;
  published?: boolean;
  teams?: { teamId: string; role: GrantRole }[];
  users?: { userId: string; role: GrantRole }[];
}

/** An organization's invite link as the data file and the seed give it: the role anyone who opens it joins with. */
export interface LinkInviteData {
  id: string;
  role: GrantRole;
}
