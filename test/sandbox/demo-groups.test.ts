// The demo group export and map (--write-groups, --write-group-map): Okta's Group Membership report
// of the demo's two teams, differing from them by a newcomer each, a new hire, a member made owner
// by a leads group and a suspended member, and a group the map does not name.
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { demoGroups, demoNewHire } from '../../src/sandbox/demo-groups.js';
import { seededStore } from '../../src/sandbox/seed.js';
import { SandboxStore } from '../../src/sandbox/store.js';

describe('demoGroups', () => {
  const store = seededStore('demo');
  const groups = demoGroups(store)!;
  const [header, ...rows] = parse(groups.exportCsv) as string[][];
  const active = rows.filter((r) => r[5] === 'ACTIVE');
  const idsIn = (group: string, people = active): Set<string> =>
    new Set(people.filter((r) => r[0] === group && r[3] !== demoNewHire).map((r) => store.findUser('acme', r[3]!)!.id));

  it("has the columns of Okta's Group Membership report", () => {
    expect(header).toEqual(['Group name', 'Group source', 'Group membership type', 'Okta username', 'User fullname', 'Okta user status']);
    expect(new Set(rows.map((r) => r[0]))).toEqual(new Set(['Platform Engineering (all)', 'lead-Platform Engineering', 'team-Product Design', 'lead-Product Design', 'Everyone']));
  });

  it('the first team: one newcomer and the new hire added, one member made owner, one suspended', () => {
    const team = new Map(store.teamMembers('acme', 'engineering').map((m) => [m.userId, m.role]));
    const members = idsIn('Platform Engineering (all)');
    const leads = idsIn('lead-Platform Engineering');
    expect([...members].filter((id) => !team.has(id))).toHaveLength(1);
    expect(rows.filter((r) => r[3] === demoNewHire).map((r) => r[0])).toEqual(['Platform Engineering (all)']);
    expect(store.findUser('acme', demoNewHire)).toBeUndefined();
    const suspended = rows.filter((r) => r[5] === 'SUSPENDED');
    expect(suspended).toHaveLength(1);
    expect(team.get(store.findUser('acme', suspended[0]![3]!)!.id)).toBe('member');
    // Owners stay owners through the leads group; one plain member more is in it.
    for (const [id, role] of team) if (role === 'owner') expect(leads.has(id)).toBe(true);
    expect([...leads].filter((id) => team.get(id) === 'member')).toHaveLength(1);
    expect(groups.changes).toEqual({ added: 2, invited: 1, promoted: 1, suspended: 1 });
  });

  it('the second team as it is, its owners in its leads group, and one newcomer', () => {
    const members = store.teamMembers('acme', 'design');
    const team = new Set(members.map((m) => m.userId));
    const group = idsIn('team-Product Design');
    expect([...team].every((id) => group.has(id))).toBe(true);
    expect([...group].filter((id) => !team.has(id))).toHaveLength(1);
    const owners = members.filter((m) => m.role === 'owner').map((m) => m.userId);
    expect(owners.length).toBeGreaterThan(0);
    expect(idsIn('lead-Product Design')).toEqual(new Set(owners));
  });

  it('the map: the first team by name, leads as owners and the second team through patterns', () => {
    expect(parse(groups.mapCsv)).toEqual([
      ['group', 'team', 'role'],
      ['Platform Engineering (all)', 'Platform Engineering', 'member'],
      ['lead-*', '*', 'owner'],
      ['team-*', '*', 'member'],
    ]);
  });

  it('is undefined with fewer than two teams', () => {
    const one = new SandboxStore();
    one.createOrganization('o');
    one.createTeam('o', 't', 'T');
    expect(demoGroups(one)).toBeUndefined();
  });
});
