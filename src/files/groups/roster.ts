// A group export through the group map (`teamctl help directory`): the organization roster it
// stands for, a row per person and mapped team with the role the map gives (the higher one when
// two groups feed one team: owner over member), so that `members sync` plans it as any roster
// with a `team` column. Pure: the export and the map are read before.
import type { TeamMemberRole } from '../../api/types.js';
import type { FileProblem } from '../../errors.js';
import { titleKey } from '../../model/titles.js';
import type { UserEntry } from '../../model/users.js';
import { quote } from '../../output/words.js';
import type { RoleMap } from '../role-map.js';
import { parseRole, type UserFile } from '../users.js';
import { teamOfGroup, type GroupMap, type GroupMapRow } from './map.js';
import type { GroupExport } from './types.js';

/** Where a team name came from: the map's lines that name it. */
export interface TeamSource {
  file: string;
  line: number;
}

/** What the map makes of an export. */
export interface GroupRoster {
  /** The organization roster: every row with its team and role; `teamSources` names the map's lines. */
  roster: UserFile & { teamSources: Map<string, TeamSource[]> };
  /** The export's groups some row maps. */
  groupsMapped: string[];
  /** The export's groups no row names: ignored. */
  groupsIgnored: string[];
  /** Rows that match no group of the export: a warning, exit 2 with --strict. */
  unmatchedRows: GroupMapRow[];
  /** Teams the map feeds whose groups have no active person: left alone, never emptied. */
  teamsLeftAlone: { team: string; lines: number[] }[];
  /** Problems of the map's rows or the export's role cells (exit 2, nothing sent). */
  problems: FileProblem[];
}

const rank: Record<TeamMemberRole, number> = { member: 0, owner: 1 };

/** The key two group names share when an identity provider takes them for one: any case. */
export const groupKey = (name: string): string => name.normalize('NFC').trim().toLocaleLowerCase('en-US');

/**
 * The roster of `exported` through `map`. `roleMap` (--role-map): the export's role column, as the
 * reader mapped it, decides a person's role in every team they are placed in; an empty cell leaves
 * it to the map.
 */
export function groupRoster(exported: GroupExport, map: GroupMap, roleMap?: RoleMap): GroupRoster {
  const problems: FileProblem[] = [];
  // Each distinct group (any case) and the teams it feeds, with the row's role.
  const groups = new Map<string, { name: string; teams: { key: string; role: TeamMemberRole }[] }>();
  const spelling = new Map<string, string>();
  const sources = new Map<string, TeamSource[]>();
  const matched = new Set<GroupMapRow>();
  for (const name of exported.groups) {
    const key = groupKey(name);
    if (groups.has(key)) continue;
    const teams: { key: string; role: TeamMemberRole }[] = [];
    for (const row of map.rows) {
      const team = teamOfGroup(row, name);
      if (team === undefined) continue;
      matched.add(row);
      if (team === '') {
        problems.push({ file: map.file, line: row.line, message: `group ${quote(name)} matches ${quote(row.group)}, and what it matched leaves the team cell ${quote(row.team)} empty` });
        continue;
      }
      const teamKey = titleKey(team);
      if (!spelling.has(teamKey)) spelling.set(teamKey, team);
      const lines = sources.get(teamKey) ?? [];
      if (!lines.some((s) => s.line === row.line)) lines.push({ file: map.file, line: row.line });
      sources.set(teamKey, lines);
      const same = teams.find((t) => t.key === teamKey);
      if (same === undefined) teams.push({ key: teamKey, role: row.role });
      else if (rank[row.role] > rank[same.role]) same.role = row.role;
    }
    groups.set(key, { name, teams });
  }
  const users: UserEntry[] = [];
  const filled = new Set<string>();
  for (const person of exported.members) {
    const roles = new Map<string, TeamMemberRole>();
    for (const group of person.groups) {
      for (const { key, role } of groups.get(groupKey(group))?.teams ?? []) {
        const earlier = roles.get(key);
        if (earlier === undefined || rank[role] > rank[earlier]) roles.set(key, role);
      }
    }
    if (roles.size === 0) continue;
    const own = exportRole(person.role, roleMap, person.entry, problems);
    for (const [key, role] of roles) {
      filled.add(key);
      users.push({ ...person.entry, team: spelling.get(key) as string, role: own ?? role, ...(person.sso === true ? { sso: true as const } : {}) });
    }
  }
  const all = [...groups.values()];
  const kinds = new Set(users.map((u) => u.kind));
  const userColumn = kinds.size === 1 ? ([...kinds][0] as 'email' | 'id') : 'user';
  return {
    roster: {
      file: exported.file,
      users,
      warnings: exported.warnings,
      header: { userColumn, roleColumn: true, teamColumn: true, userHeading: userColumn },
      teamSources: new Map([...sources].map(([key, lines]) => [spelling.get(key) as string, lines])),
    },
    groupsMapped: all.filter((g) => g.teams.length > 0).map((g) => g.name),
    groupsIgnored: all.filter((g) => g.teams.length === 0).map((g) => g.name),
    unmatchedRows: map.rows.filter((row) => !matched.has(row)),
    teamsLeftAlone: [...sources].filter(([key]) => !filled.has(key)).map(([key, lines]) => ({ team: spelling.get(key) as string, lines: lines.map((l) => l.line) })),
    problems,
  };
}

/**
 * A person's role from the export's own role column (--role-map: the reader has mapped it to owner
 * or member, or left it out for an empty cell), or undefined to leave it to the map.
 */
function exportRole(cell: string | undefined, roleMap: RoleMap | undefined, entry: UserEntry, problems: FileProblem[]): TeamMemberRole | undefined {
  if (cell === undefined || roleMap === undefined || cell.trim() === '') return undefined;
  const role = parseRole(cell);
  if (role === null) problems.push({ file: entry.file ?? '', line: entry.line, message: `role ${quote(cell)} is no team role (owner, member): map it with --role-map, or leave the role to the group map` });
  return role ?? undefined;
}
