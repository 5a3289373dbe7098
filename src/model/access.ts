// The keys access readers and planners share (README, "Access"): who a grant is for, one grant's
// key, and how a role and a general access level are spelled in files and reports.
import { organizationRoles } from '../choices.js';
import type { AccessResource, ContentRole, DefaultLevel, GrantRole, SubjectKind } from '../api/access.js';

export type { AccessResource, ContentRole, DefaultLevel, GrantRole, SubjectKind };

/** A team or a user a grant is for: its id, and how people read it (a title, an e-mail). */
export interface Subject {
  kind: SubjectKind;
  id: string;
  name: string;
}

/** One grant: a role on a resource for a team or a user. */
export interface Grant {
  resource: AccessResource;
  subject: Subject;
  role: GrantRole;
}

/** `space:<id>`: a resource's key, the same in files, plans and reports. */
export const resourceKey = (resource: { kind: string; id: string }): string => `${resource.kind}:${resource.id}`;

/** `team:<id>` or `user:<id>`. */
export const subjectKey = (subject: { kind: SubjectKind; id: string }): string => `${subject.kind}:${subject.id}`;

/** One grant's key: its resource and its team or user. */
export const grantKey = (grant: { resource: { kind: string; id: string }; subject: { kind: SubjectKind; id: string } }): string =>
  `${resourceKey(grant.resource)} ${subjectKey(grant.subject)}`;

/** The word for the service's null role: `guest` (MemberRoleOrGuest). */
export const guest = 'guest';

/** A role or a general access level as files and reports spell it. */
export const levelName = (level: DefaultLevel): string => level ?? guest;

/** The role a word names (`guest` is null), or undefined. */
export function parseRole(word: string): GrantRole | undefined {
  if (word === guest) return null;
  return (organizationRoles as readonly string[]).includes(word) ? (word as ContentRole) : undefined;
}

/** The general access level a word names (a role, `guest`, `inherit`), or undefined. */
export function parseLevel(word: string): DefaultLevel | undefined {
  return word === 'inherit' ? 'inherit' : parseRole(word);
}
