// `teamctl sandbox --write-roster <file>`: a roster for the sandbox's first team that differs
// from it by a few changes of each kind (README, Quick start), so a newcomer sees a real sync
// plan without writing a roster by hand: three users added, one member made owner, and one
// member left out (removed with --prune).
import { stringify } from 'csv-stringify/sync';
import type { SandboxStore } from './store.js';

/** The roster as CSV text (`email,role,name`); undefined when the sandbox has no team. */
export function demoRoster(store: SandboxStore): { teamId: string; csv: string } | undefined {
  const orgId = store.organizationIds()[0];
  const teamId = orgId === undefined ? undefined : store.teamIds(orgId)[0];
  if (orgId === undefined || teamId === undefined) return undefined;
  const members = store.teamMembers(orgId, teamId);
  const plainMembers = members.filter((m) => m.role === 'member');
  // The first plain member becomes an owner, the last one is left out of the roster.
  const promoted = plainMembers[0]?.userId;
  const left = plainMembers.length > 1 ? plainMembers[plainMembers.length - 1]?.userId : undefined;
  const rows: { userId: string; role: string }[] = [];
  for (const m of members) {
    if (m.userId === left) continue;
    rows.push({ userId: m.userId, role: m.userId === promoted ? 'owner' : m.role });
  }
  const inTeam = new Set(members.map((m) => m.userId));
  const newcomers = store.users(orgId).filter((u) => !inTeam.has(u.id) && !u.disabled).slice(0, 3);
  for (const u of newcomers) rows.push({ userId: u.id, role: 'member' });
  const records = [['email', 'role', 'name']];
  for (const row of rows) {
    const user = store.getUser(orgId, row.userId);
    if (user) records.push([user.email, row.role, user.displayName]);
  }
  return { teamId, csv: stringify(records) };
}
