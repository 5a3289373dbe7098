// `teamctl sandbox --write-groups <folder>`: an identity provider's group export of the sandbox's
// first organization (`export.csv`, teamctl's own `email,groups`) and its group map
// (`groups.csv`), so a directory sync (`teamctl help directory`) is rehearsed without writing
// either by hand. Every team is a group `team-<id>`, its owners a group `lead-<id>` too; the map
// sends `team-*` and `lead-*` to their teams. The export differs from the first team by one
// joiner, one member made owner and one leaver (in no group: removed by --prune); everyone is
// in `all-staff`, which the map ignores, and the map's `contractors` row matches no group.
import { stringify } from 'csv-stringify/sync';
import type { SandboxStore } from './store.js';

export interface DemoGroups {
  teamId: string;
  exportCsv: string;
  mapCsv: string;
}

/** The export and the map as CSV text; undefined when the sandbox has no team. */
export function demoGroups(store: SandboxStore): DemoGroups | undefined {
  const orgId = store.organizationIds()[0];
  const teams = orgId === undefined ? [] : store.teamIds(orgId);
  const first = teams[0];
  if (orgId === undefined || first === undefined) return undefined;
  const groups = new Map<string, string[]>();
  const join = (userId: string, group: string): void => void groups.set(userId, [...(groups.get(userId) ?? []), group]);
  for (const team of teams) {
    for (const m of store.teamMembers(orgId, team)) {
      join(m.userId, `team-${team}`);
      if (m.role === 'owner') join(m.userId, `lead-${team}`);
    }
  }
  const plain = store.teamMembers(orgId, first).filter((m) => m.role === 'member');
  // The first plain member is made an owner; the last one in no other team leaves every group.
  const promoted = plain[0]?.userId;
  if (promoted !== undefined) join(promoted, `lead-${first}`);
  const leaver = plain.slice(1).reverse().find((m) => groups.get(m.userId)?.length === 1)?.userId;
  if (leaver !== undefined) groups.delete(leaver);
  const joiner = store.users(orgId).find((u) => !u.disabled && !groups.has(u.id) && u.id !== leaver);
  if (joiner !== undefined) join(joiner.id, `team-${first}`);
  const records = [['email', 'groups']];
  for (const [userId, names] of groups) {
    const user = store.getUser(orgId, userId);
    if (user) records.push([user.email, [...names, 'all-staff'].join(';')]);
  }
  const map = [['group', 'team', 'role'], ['team-*', '*', 'member'], ['lead-*', '*', 'owner'], ['contractors', first, 'member']];
  return { teamId: first, exportCsv: stringify(records), mapCsv: stringify(map) };
}
