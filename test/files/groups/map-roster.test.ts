// A group export through the group map (`teamctl help directory`): the organization roster it
// stands for. Exports are built here as the readers return them (the pure step after reading):
// patterns, a person in several groups of one team (the higher role), one group feeding several
// teams, groups ignored and counted, rows that match nothing, teams left alone, --role-map.
import { describe, expect, it } from 'vitest';
import { parseGroupMap } from '../../../src/files/groups/map.js';
import { parseGroupExport } from '../../../src/files/groups/read.js';
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

  it("--role-map: an export's role is its group's, so the OWNER of one group is no owner of another group's team", () => {
    // Google's Member Role is a membership's: ada owns design, and is a MEMBER of eng-platform.
    const text = ['Group Email [Required],Member Email,Member Type,Member Role', 'eng-platform,ada@example.com,USER,MEMBER', 'design,ada@example.com,USER,OWNER', 'eng-leads,bo@example.com,USER,OWNER', 'eng-platform,bo@example.com,USER,MEMBER'].join('\n');
    const read = parseGroupExport(text, 'google.csv', { roleMap: parseRoleMap('OWNER=owner,MEMBER=member') });
    expect(rows(groupRoster(read, map, parseRoleMap('OWNER=owner,MEMBER=member')))).toEqual([
      'ada@example.com platform member',
      'ada@example.com Product owner',
      'ada@example.com Brand owner',
      // Two groups feed platform: the higher of their roles.
      'bo@example.com leads owner',
      'bo@example.com platform owner',
    ]);
  });

  it('a map of 10,000 names over 3,000 groups tries on each group only the rows naming it and the patterns (no groups × rows)', () => {
    const lines = ['group,team,role', ...Array.from({ length: 10_000 }, (_, i) => `Grp-${i},team-${i % 7},member`), 'other-*,*,owner'];
    const big = parseGroupMap(lines.join('\n'), 'big.csv');
    // Each row's expression counts the names it is tried on.
    let tried = 0;
    for (const row of big.rows) {
      const exec = row.pattern.exec.bind(row.pattern);
      row.pattern.exec = (name: string) => (tried++, exec(name));
    }
    const members = Array.from({ length: 3_000 }, (_, i) => person(`p${i}@example.com`, i + 2, [`grp-${i * 3}`, `other-${i % 5}`]));
    const r = groupRoster(exported(members), big);
    expect(r.roster.users).toHaveLength(6_000);
    expect(r.roster.users.slice(0, 2).map((u) => `${u.key} ${u.team} ${u.role}`)).toEqual(['p0@example.com team-0 member', 'p0@example.com 0 owner']);
    expect(r.unmatchedRows).toHaveLength(10_000 - 3_000);
    // 3,005 distinct groups: its own row (if any) and the one pattern each.
    expect(tried).toBe(3_000 * 2 + 5);
  });

  describe('rows and groups that meet on one team', () => {
    const meet = parseGroupMap(
      [
        'group,team,role',
        'eng-*,*,member', // 2
        'eng-leads,LEADS,owner', // 3
        '/^ops-(a|b)$/,Ops,member', // 4
        'ops-a,Ops,owner', // 5
        'qa,QA,owner', // 6
        'q*,QA,member', // 7
        'caf\u00e9,Cafe,member', // 8
      ].join('\n'),
      'meet.csv',
    );
    const sources = (r: ReturnType<typeof groupRoster>): Record<string, number[]> => Object.fromEntries([...r.roster.teamSources].map(([team, s]) => [team, s.map((x) => x.line)]));

    it("one group through two rows to one team: the higher role whichever row comes first, spelt as the map's first row, each line named once", () => {
      const r = groupRoster(exported([person('ana@example.com', 2, ['eng-leads']), person('bo@example.com', 3, ['qa']), person('cy@example.com', 4, ['ops-a', 'ops-b'])]), meet);
      expect(rows(r)).toEqual(['ana@example.com leads owner', 'bo@example.com QA owner', 'cy@example.com Ops owner']);
      // The name row (3) is tried in the map's order, after the pattern (2) above it.
      expect(sources(r)).toEqual({ leads: [2, 3], QA: [6, 7], Ops: [4, 5] });
    });

    it('one person in two groups that feed one team: the higher role, in either order of the groups', () => {
      const r = groupRoster(exported([person('ana@example.com', 2, ['ops-b', 'ops-a']), person('bo@example.com', 3, ['ops-a', 'ops-b']), person('cy@example.com', 4, ['ops-b'])]), meet);
      expect(rows(r)).toEqual(['ana@example.com Ops owner', 'bo@example.com Ops owner', 'cy@example.com Ops member']);
    });

    it("--role-map with each group's own role: the higher of the groups' roles in either order; a group without one leaves it to the map", () => {
      const roleMap = parseRoleMap('Manager=owner');
      const withRoles = (email: string, line: number, roles: [string, string][]): GroupMember => ({ ...person(email, line, roles.map(([g]) => g)), groupRoles: new Map(roles.filter(([, role]) => role !== '-')) });
      const members = [
        withRoles('ana@example.com', 2, [['ops-a', 'owner'], ['ops-b', 'member']]),
        withRoles('bo@example.com', 3, [['ops-b', 'member'], ['ops-a', 'owner']]),
        withRoles('cy@example.com', 4, [['ops-b', 'member']]),
        withRoles('di@example.com', 5, [['ops-a', '-']]),
        withRoles('ed@example.com', 6, [['ops-a', '']]),
        // The person's own role cell is not read when each group has its own.
        { ...withRoles('fay@example.com', 7, [['ops-b', 'member']]), role: 'Boss' },
      ];
      expect(rows(groupRoster(exported(members), meet, roleMap))).toEqual(['ana@example.com Ops owner', 'bo@example.com Ops owner', 'cy@example.com Ops member', 'di@example.com Ops owner', 'ed@example.com Ops owner', 'fay@example.com Ops member']);
      expect(groupRoster(exported(members), meet, roleMap).problems).toEqual([]);
    });

    it('groups that only full case folding makes one ("Straße", "STRASSE") are two, as the names compare', () => {
      const street = parseGroupMap('group,team\nstraße,Street\n', 'street.csv');
      const r = groupRoster(exported([person('ana@example.com', 2, ['Straße']), person('bo@example.com', 3, ['STRASSE'])]), street);
      expect(rows(r)).toEqual(['ana@example.com Street member']);
      expect(r.groupsMapped).toEqual(['Straße']);
      expect(r.groupsIgnored).toEqual(['STRASSE']);
    });

    it('tries each row once on a group, even a group named as a pattern is written', () => {
      let tried = 0;
      const row = meet.rows.find((r) => r.group === 'q*');
      if (row === undefined) throw new Error('the map has a "q*" row');
      const copy = { ...meet, rows: meet.rows.map((r) => (r === row ? { ...r, pattern: new RegExp(r.pattern.source, r.pattern.flags) } : r)) };
      const counted = copy.rows.find((r) => r.group === 'q*') as (typeof copy.rows)[number];
      const exec = counted.pattern.exec.bind(counted.pattern);
      counted.pattern.exec = (name: string) => (tried++, exec(name));
      expect(rows(groupRoster(exported([person('ana@example.com', 2, ['q*'])]), copy))).toEqual(['ana@example.com QA member']);
      expect(tried).toBe(1);
    });

    it('one group the export spells twice (any case, any Unicode form, spaces around) is one group, named as first met', () => {
      const r = groupRoster(exported([person('ana@example.com', 2, ['Eng-Leads', 'eng-leads'])], ['Sales', 'SALES']), meet);
      expect(r.groupsMapped).toEqual(['Eng-Leads']);
      expect(r.groupsIgnored).toEqual(['Sales']);
      expect(rows(r)).toEqual(['ana@example.com Leads owner']);
      // The name rows are found by the export's name in any form.
      const forms = groupRoster(exported([person('bo@example.com', 3, ['cafe\u0301']), person('cy@example.com', 4, [' QA '])]), meet);
      expect(rows(forms)).toEqual(['bo@example.com Cafe member', 'cy@example.com QA owner']);
      expect(forms.groupsMapped).toEqual(['cafe\u0301', ' QA ']);
    });
  });

  it('reads no role of a person in no mapped group (nothing of theirs is a problem); a blank role cell leaves the role to the map', () => {
    const roleMap = parseRoleMap('Manager=owner');
    const r = groupRoster(exported([person('ana@example.com', 2, ['sales'], 'Boss'), person('bo@example.com', 3, ['finance'], '  '), person('cy@example.com', 4, ['finance'], 'member')]), map, roleMap);
    expect(rows(r)).toEqual(['bo@example.com Finance owner', 'cy@example.com Finance member']);
    expect(r.problems).toEqual([]);
    // A person read from no file: the problem names none.
    const fileless: GroupMember = { entry: { key: 'di@example.com', kind: 'email', line: 7 }, groups: ['finance'], role: 'Boss' };
    expect(groupRoster(exported([fileless]), map, roleMap).problems).toEqual([{ file: '', line: 7, message: 'role "Boss" is no team role (owner, member): map it with --role-map, or leave the role to the group map' }]);
  });

  it("keeps a person's SSO mark; names the user column after the people's kind, \"user\" when the export has both", () => {
    const byId = (id: string, line: number, groups: string[]): GroupMember => ({ entry: { key: id, kind: 'id', line, file: 'okta.csv' }, groups, sso: true });
    const mixed = groupRoster(exported([person('ana@example.com', 2, ['finance']), byId('u-42', 3, ['finance'])]), map);
    expect(mixed.roster.users.map((u) => [u.key, u.sso])).toEqual([
      ['ana@example.com', undefined],
      ['u-42', true],
    ]);
    expect('sso' in (mixed.roster.users[0] ?? {})).toBe(false);
    expect(mixed.roster.header).toEqual({ userColumn: 'user', roleColumn: true, teamColumn: true, userHeading: 'user' });
    expect(groupRoster(exported([byId('u-42', 3, ['finance'])]), map).roster.header?.userColumn).toBe('id');
  });

  it('a match that leaves the team cell empty is a problem of the map line', () => {
    const empty = parseGroupMap('group,team,role\n/^eng(-.*)?$/,$1,member\n', 'g.csv');
    expect(groupRoster(exported([person('ana@example.com', 2, ['eng'])]), empty).problems).toEqual([
      { file: 'g.csv', line: 2, message: 'group "eng" matches "/^eng(-.*)?$/", and what it matched leaves the team cell "$1" empty' },
    ]);
  });
});
