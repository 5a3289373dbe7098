// `teamctl sandbox --write-access <file>`: an access file (`resource,team,user,role`, one grant a
// row; README, sandbox: "Access") for the first organization's spaces, collections and sites that
// differs from their grants by a few changes of each kind, as `--write-roster` does for a team: one
// team grant added, one user grant's role raised, one user grant left out (revoked with --prune)
// and one space's general access raised. A resource is named `<kind>:<title>` (its id when two of
// its kind share the title), a team by its title (its id likewise), a user by e-mail; a resource's
// general access is a row with `*` in `team` (as the access file's reader spells it) whose role is its
// level: a role, `guest` (none) or `inherit`.
import { stringify } from 'csv-stringify/sync';
import { resourceKinds, roleRank, type ContentRole, type DefaultLevel, type GrantRole, type StoredResource } from './access-store.js';
import type { SandboxStore } from './store.js';

const byRank = Object.fromEntries(Object.entries(roleRank).map(([role, rank]) => [rank, role])) as Record<number, ContentRole>;
/** The next role up (admin stays admin). */
const raised = (role: ContentRole): ContentRole => byRank[Math.min(roleRank[role] + 1, roleRank.admin)] as ContentRole;
const level = (value: DefaultLevel): string => value ?? 'guest';
/** The `team` of a general access row. */
const generalAccess = '*';

interface Row {
  resource: StoredResource;
  team?: string;
  user?: string;
  role: GrantRole | DefaultLevel;
}

/** What the file changes, for the message that says so. */
export interface DemoAccessChanges {
  added: number;
  roleChanges: number;
  leftOut: number;
  generalAccess: number;
}

/** The file as CSV text; undefined when the sandbox has no space. */
export function demoAccess(store: SandboxStore): { csv: string; changes: DemoAccessChanges } | undefined {
  const orgId = store.organizationIds()[0];
  if (orgId === undefined) return undefined;
  const resources = resourceKinds.flatMap((kind) => store.access.list(orgId, kind));
  const spaces = resources.filter((r) => r.kind === 'space');
  if (spaces.length === 0) return undefined;
  const rows: Row[] = [];
  for (const resource of resources) {
    rows.push({ resource, role: resource.defaultLevel });
    for (const [team, role] of store.access.grants(resource, 'teams')) rows.push({ resource, team, role });
    for (const [user, role] of store.access.grants(resource, 'users')) rows.push({ resource, user, role });
  }
  const changes: DemoAccessChanges = { added: 0, roleChanges: 0, leftOut: 0, generalAccess: 0 };
  // Admins are neither changed nor left out: the file never takes a resource's last admin away.
  const userGrants = rows.filter((r) => r.resource.kind === 'space' && r.user !== undefined && r.role !== null && r.role !== 'admin');
  const changed = userGrants[0];
  if (changed) {
    changed.role = raised(changed.role as ContentRole);
    changes.roleChanges++;
  }
  const left = userGrants.length > 1 ? userGrants[userGrants.length - 1] : undefined;
  if (left) {
    rows.splice(rows.indexOf(left), 1);
    changes.leftOut++;
  }
  const first = spaces[0] as StoredResource;
  const granted = new Set(store.access.grants(first, 'teams').map(([team]) => team));
  const newTeam = store.teamIds(orgId).filter((team) => !granted.has(team)).pop();
  if (newTeam !== undefined) {
    const at = rows.findIndex((r) => r.resource === first) + 1;
    rows.splice(at, 0, { resource: first, team: newTeam, role: 'read' });
    changes.added++;
  }
  const general = rows.find((r) => r.resource.kind === 'space' && r.resource.parent === undefined && r.team === undefined && r.user === undefined && r.role !== null && r.role !== 'inherit');
  if (general) {
    general.role = raised(general.role as ContentRole);
    changes.generalAccess++;
  }
  return { csv: stringify([['resource', 'team', 'user', 'role'], ...rows.map((row) => record(store, orgId, row, resources))]), changes };
}

function record(store: SandboxStore, orgId: string, row: Row, resources: StoredResource[]): string[] {
  const { resource } = row;
  const sameTitle = resources.filter((r) => r.kind === resource.kind && r.title === resource.title).length > 1;
  const teamTitle = row.team === undefined ? '' : store.teamTitle(orgId, row.team);
  const user = row.user === undefined ? '' : (store.getUser(orgId, row.user)?.email ?? row.user);
  const team = row.team === undefined ? (row.user === undefined ? generalAccess : '') : store.teamsTitled(orgId, teamTitle) > 1 ? row.team : teamTitle;
  return [`${resource.kind}:${sameTitle ? resource.id : resource.title}`, team, user, level(row.role as DefaultLevel)];
}
