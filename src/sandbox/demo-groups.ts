// `teamctl sandbox --write-groups <file> [--write-group-map <file>]`: an identity provider's group
// export for the sandbox's organization, as Okta's Group Membership report writes it, and a group
// map that turns its groups into the sandbox's teams (`teamctl help directory`). The export differs
// from the teams by a few changes of each kind, so a directory sync rehearses a real plan: a
// newcomer in each team, someone new to the organization (invited with --invite), a member made
// owner by a second group, a suspended member (removed with --prune), and a group no map row names.
import { stringify } from 'csv-stringify/sync';
import type { SandboxStore } from './store.js';

/** What the demo export changes, for the sandbox's message. */
export interface DemoGroupChanges {
  added: number;
  invited: number;
  promoted: number;
  suspended: number;
}

export interface DemoGroups {
  /** The export, with Okta's Group Membership report's columns. */
  exportCsv: string;
  /** The map (`group,team,role`): the first team's group by name, the others by patterns (`lead-*` owners). */
  mapCsv: string;
  changes: DemoGroupChanges;
}

/** The new hire the export names who is no member of the organization yet. */
export const demoNewHire = 'new.hire@example.com';

const header = ['Group name', 'Group source', 'Group membership type', 'Okta username', 'User fullname', 'Okta user status'];

/** The demo export and map; undefined when the sandbox has fewer than two teams. */
export function demoGroups(store: SandboxStore): DemoGroups | undefined {
  const orgId = store.organizationIds()[0];
  const [first, second] = orgId === undefined ? [] : store.teamIds(orgId);
  if (orgId === undefined || first === undefined || second === undefined) return undefined;
  const firstTitle = store.teamTitle(orgId, first);
  const secondTitle = store.teamTitle(orgId, second);
  const groupOf = { members: `${firstTitle} (all)`, leads: `lead-${firstTitle}`, second: `team-${secondTitle}`, secondLeads: `lead-${secondTitle}`, everyone: 'Everyone' };
  const rows: string[][] = [header];
  const user = (userId: string): { email: string; name: string } | undefined => {
    const u = store.getUser(orgId, userId);
    return u === undefined ? undefined : { email: u.email, name: u.displayName };
  };
  const row = (group: string, email: string, name: string, status = 'ACTIVE', type = 'Direct'): void => void rows.push([group, 'Okta', type, email, name, status]);
  const taken = new Set([...store.teamMembers(orgId, first), ...store.teamMembers(orgId, second)].map((m) => m.userId));
  const newcomers = store.users(orgId).filter((u) => !taken.has(u.id) && !u.disabled);
  const changes: DemoGroupChanges = { added: 0, invited: 0, promoted: 0, suspended: 0 };

  // The first team: its members in one group, its owners (and one member more) in the leads group;
  // its last plain member suspended; a newcomer and the new hire added.
  const firstMembers = store.teamMembers(orgId, first);
  const plain = firstMembers.filter((m) => m.role === 'member');
  const suspended = plain.length > 1 ? plain[plain.length - 1]?.userId : undefined;
  const promoted = plain[0]?.userId;
  for (const m of firstMembers) {
    const u = user(m.userId);
    if (u === undefined) continue;
    row(groupOf.members, u.email, u.name, m.userId === suspended ? 'SUSPENDED' : 'ACTIVE', 'By rule');
    if (m.role === 'owner' || m.userId === promoted) row(groupOf.leads, u.email, u.name);
  }
  if (suspended !== undefined) changes.suspended++;
  if (promoted !== undefined) changes.promoted++;
  const newcomer = newcomers[0];
  if (newcomer !== undefined) {
    row(groupOf.members, newcomer.email, newcomer.displayName);
    changes.added++;
  }
  row(groupOf.members, demoNewHire, 'New Hire');
  changes.invited++;

  // The second team as it is (its owners in its leads group too), and one newcomer more.
  for (const m of store.teamMembers(orgId, second)) {
    const u = user(m.userId);
    if (u === undefined) continue;
    row(groupOf.second, u.email, u.name);
    if (m.role === 'owner') row(groupOf.secondLeads, u.email, u.name);
  }
  const other = newcomers[1];
  if (other !== undefined) {
    row(groupOf.second, other.email, other.displayName);
    changes.added++;
  }
  // A group the map does not name: ignored, and counted.
  for (const u of store.users(orgId).filter((x) => !x.disabled).slice(0, 5)) row(groupOf.everyone, u.email, u.displayName);

  const map = [
    ['group', 'team', 'role'],
    [groupOf.members, firstTitle, 'member'],
    ['lead-*', '*', 'owner'],
    ['team-*', '*', 'member'],
  ];
  return { exportCsv: stringify(rows), mapCsv: stringify(map), changes };
}
