// Who can reach a space, collection or site, and with which role (README, sandbox: "Access"): the
// effective access the aggregate listings show and the caller's own permissions are read from.
// The document gives the shapes, not the rules; the sandbox's rules are these:
// - a space or collection: the highest of a user's direct grant, the grants of the teams the user
//   is in, and the general access (`defaultLevel`): a role gives every member of the organization
//   (guests excepted) that role; `inherit` gives what the parent collection gives, or, without a
//   parent, each member their organization role; null gives nothing;
// - a site: its grants are overrides (UserSitePermissionOverride), one origin each, so the first
//   of the user's own override, the highest override of the user's teams, and the general access
//   (`inherit`: the organization role, origin the organization) decides, even when lower; a null
//   override takes the access away.
// Users without access are not listed.
import type { ContentRole, GrantRole, StoredResource } from './access-store.js';
import { roleRank } from './access-store.js';
import type { SandboxStore } from './store.js';

const higher = (a: ContentRole | undefined, b: ContentRole): boolean => a === undefined || roleRank[b] > roleRank[a];

/** Every user who can reach a space or collection, with the role they have there. */
export function contentAccess(store: SandboxStore, resource: StoredResource): Map<string, ContentRole> {
  const access = new Map<string, ContentRole>();
  const take = (userId: string, role: GrantRole): void => {
    if (role !== null && higher(access.get(userId), role)) access.set(userId, role);
  };
  for (const [userId, role] of store.access.grants(resource, 'users')) take(userId, role);
  for (const [teamId, role] of store.access.grants(resource, 'teams')) {
    for (const m of store.teamMembers(resource.orgId, teamId)) take(m.userId, role);
  }
  const level = resource.defaultLevel;
  const parent = resource.parent === undefined ? undefined : store.access.get('collection', resource.parent);
  if (level === 'inherit' && parent !== undefined) {
    for (const [userId, role] of contentAccess(store, parent)) take(userId, role);
  } else if (level !== null) {
    for (const user of store.users(resource.orgId)) if (user.role !== null) take(user.id, level === 'inherit' ? (user.role as ContentRole) : level);
  }
  return access;
}

/** UserSitePermissionOrigin. */
export type SiteOrigin =
  | { type: 'site'; site: string; reason: 'member' | 'default' }
  | { type: 'site'; site: string; reason: 'team'; team: string }
  | { type: 'organization'; organization: string };

/** Every user who can reach a site, with the role and where it comes from. */
export function siteAccess(store: SandboxStore, site: StoredResource): Map<string, { permission: ContentRole; origin: SiteOrigin }> {
  const byTeam = new Map<string, { role: GrantRole; team: string }>();
  for (const [teamId, role] of store.access.grants(site, 'teams')) {
    for (const m of store.teamMembers(site.orgId, teamId)) {
      const best = byTeam.get(m.userId);
      // A null override ranks below every role: a team granting a role wins over one granting none.
      if (best === undefined || (role !== null && (best.role === null || roleRank[role] > roleRank[best.role]))) byTeam.set(m.userId, { role, team: teamId });
    }
  }
  const access = new Map<string, { permission: ContentRole; origin: SiteOrigin }>();
  for (const user of store.users(site.orgId)) {
    const own = store.access.grantOf(site, 'users', user.id);
    const team = byTeam.get(user.id);
    let decided: { permission: GrantRole; origin: SiteOrigin } | undefined;
    if (own !== undefined) decided = { permission: own, origin: { type: 'site', site: site.id, reason: 'member' } };
    else if (team !== undefined) decided = { permission: team.role, origin: { type: 'site', site: site.id, reason: 'team', team: team.team } };
    else if (site.defaultLevel === 'inherit') decided = { permission: user.role as GrantRole, origin: { type: 'organization', organization: site.orgId } };
    else if (site.defaultLevel !== null && user.role !== null) decided = { permission: site.defaultLevel, origin: { type: 'site', site: site.id, reason: 'default' } };
    if (decided?.permission) access.set(user.id, { permission: decided.permission, origin: decided.origin });
  }
  return access;
}

/** The role one user has on a resource (undefined: no access). */
export function roleOn(store: SandboxStore, resource: StoredResource, userId: string): ContentRole | undefined {
  return resource.kind === 'site' ? siteAccess(store, resource).get(userId)?.permission : contentAccess(store, resource).get(userId);
}
