// A group export through the group map (`teamctl help directory`): the organization roster it
// stands for. Exports are built here as the readers return them (the pure step after reading):
// patterns, a person in several groups of one team (the higher role), one group feeding several
// teams, groups ignored and counted, rows that match nothing, teams left alone, --role-map.
import { describe, expect, it } from 'vitest';
import { parseGroupMap } from '../../../src/files/groups/map.js';
import { groupRoster } from '../../../src/files/groups/roster.js';
import type { GroupExport, GroupMember } from '../../../src/files/groups/types.js';
import { parseRoleMap } from '../../../src/files/role-map.js';

function person(email: string, line: number, groups: string[], role?: string): GroupMember {
  return { entry: { key: email, kind: 'email', line, file: 'okta.csv' }, groups, ...(role !== undefined ? { role } : {}) };
}

function exported(members: GroupMember[], extraGroups: string[] = []): GroupExport {
  const groups = [...new Set([...members.flatMap((m) => m.groups), ...extraGroups])];
  return { file: 'okta.csv', format: 'teamctl', members, groups, notPeople: 0, inactive: 0, warnings: [] };
}

const map = parseGroupMap(
  [
    'group,team,role',
    'eng-*,*,member', // 2
    'eng-leads,platform,owner', // 3
    '/^(design|research)$/,Product,member', // 4
    'design,Brand,member', // 5
    'finance,Finance,owner', // 6
  ].join('\n'),
  'groups.csv',
);

/** The roster's rows as `email team role`. */
const rows = (r: ReturnType<typeof groupRoster>): string[] => r.roster.users.map((u) => `${u.key} ${u.team} ${u.role}`);

describe('groupRoster', () => {
  it('places each person in every team their groups feed, the higher role when two groups feed one team', () => {
    const r = groupRoster(
      exported([
        person('ana@example.com', 2, ['eng-platform', 'ENG-LEADS']),
        person('bo@example.com', 3, ['Eng-Platform', 'design']),
        person('cy@example.com', 4, ['research', 'sales']),
        person('di@example.com', 5, ['sales']),
      ]),
      map,
    );
    expect(rows(r)).toEqual([
      // ENG-LEADS → platform (owner) and, through eng-*, LEADS (member, as the export spells it); eng-platform → platform (member).
      'ana@example.com platform owner',
      'ana@example.com LEADS member',
      'bo@example.com platform member',
      'bo@example.com Product member',
      'bo@example.com Brand member',
      'cy@example.com Product member',
    ]);
    expect(r.roster.users[0]).toMatchObject({ file: 'okta.csv', line: 2, kind: 'email' });
    expect(r.roster.header).toEqual({ userColumn: 'email', roleColumn: true, teamColumn: true, userHeading: 'email' });
    // sales is in no row: ignored and counted; finance is in no export: its row matches nothing.
    expect(r.groupsIgnored).toEqual(['sales']);
    expect(r.groupsMapped).toEqual(['eng-platform', 'ENG-LEADS', 'design', 'research']);
    expect(r.unmatchedRows.map((row) => row.line)).toEqual([6]);
    expect(r.teamsLeftAlone).toEqual([]);
    expect(r.problems).toEqual([]);
    // Each team names the map's lines that feed it, for the messages of a team the organization lacks.
    expect(Object.fromEntries([...r.roster.teamSources].map(([team, s]) => [team, s.map((x) => `${x.file}:${x.line}`)]))).toEqual({
      platform: ['groups.csv:2', 'groups.csv:3'],
      LEADS: ['groups.csv:2'],
      Product: ['groups.csv:4'],
      Brand: ['groups.csv:5'],
    });
  });

  it('team names that differ only in case are one team, spelt as first met', () => {
    const r = groupRoster(exported([person('ana@example.com', 2, ['eng-Platform']), person('bo@example.com', 3, ['eng-platform-x', 'eng-PLATFORM'])]), map);
    expect(rows(r)).toEqual(['ana@example.com Platform member', 'bo@example.com platform-x member', 'bo@example.com Platform member']);
  });

  it('a team whose groups have no active person is left alone (never emptied), with the lines that feed it', () => {
    const r = groupRoster(exported([person('ana@example.com', 2, ['eng-platform'])], ['finance']), map);
    expect(r.teamsLeftAlone).toEqual([{ team: 'Finance', lines: [6] }]);
    expect(r.roster.users.map((u) => u.team)).toEqual(['platform']);
    expect(r.unmatchedRows.map((row) => row.line)).toEqual([3, 4, 5]);
  });

  it('the export role is ignored, unless --role-map: then it decides (as the reader mapped it), an empty cell leaving it to the map', () => {
    // The reader reads the role column only with --role-map, and maps its values to owner or member.
    const members = [person('ana@example.com', 2, ['eng-platform'], 'owner'), person('bo@example.com', 3, ['finance'], ''), person('cy@example.com', 4, ['finance'], 'member'), person('di@example.com', 5, ['finance'])];
    const roleMap = parseRoleMap('Manager=owner');
    expect(rows(groupRoster(exported(members), map))).toEqual(['ana@example.com platform member', 'bo@example.com Finance owner', 'cy@example.com Finance owner', 'di@example.com Finance owner']);
    expect(rows(groupRoster(exported(members), map, roleMap))).toEqual(['ana@example.com platform owner', 'bo@example.com Finance owner', 'cy@example.com Finance member', 'di@example.com Finance owner']);
    expect(groupRoster(exported([person('ed@example.com', 6, ['finance'], 'Boss')]), map, roleMap).problems).toEqual([
      { file: 'okta.csv', line: 6, message: 'role "Boss" is no team role (owner, member): map it with --role-map, or leave the role to the group map' },
    ]);
  });

  it('a match that leaves the team cell empty is a problem of the map line', () => {
    const empty = parseGroupMap('group,team,role\n/^eng(-.*)?$/,$1,member\n', 'g.csv');
    expect(groupRoster(exported([person('ana@example.com', 2, ['eng'])]), empty).problems).toEqual([
      { file: 'g.csv', line: 2, message: 'group "eng" matches "/^eng(-.*)?$/", and what it matched leaves the team cell "$1" empty' },
    ]);
  });
});
