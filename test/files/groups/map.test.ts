// The group map (`teamctl help directory`, "The group map"): its header in any case, its roles,
// its patterns (`eng-*` with `*` in the team cell, `/^eng-(.+)$/` with `$1`), group names
// compared in any case, and every problem of the file named by its line, all at once.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputFileError } from '../../../src/errors.js';
import { maxGroupMapBytes, parseGroupMap, readGroupMap, repeatedRepeat, teamOfGroup, type GroupMap } from '../../../src/files/groups/map.js';

/** The problems `text` is refused with, as `line: message` (fails the test when it is read). */
function problems(text: string): string[] {
  try {
    parseGroupMap(text, 'groups.csv');
  } catch (err) {
    expect(err).toBeInstanceOf(InputFileError);
    return (err as InputFileError).problems.map((p) => `${p.line}: ${p.message}`);
  }
  throw new Error('expected the map to be refused');
}

/** The team each row maps `group` to (undefined: no match). */
const teams = (map: GroupMap, group: string): (string | undefined)[] => map.rows.map((r) => teamOfGroup(r, group));

describe('parseGroupMap', () => {
  it('reads the header in any case and in any order; an empty role cell and a map without a role column are member', () => {
    const map = parseGroupMap('Team,GROUP,Role\r\nPlatform,eng-platform,OWNER\nDesign,design-all,\n', 'groups.csv');
    expect(map.rows.map(({ line, group, kind, team, role }) => ({ line, group, kind, team, role }))).toEqual([
      { line: 2, group: 'eng-platform', kind: 'name', team: 'Platform', role: 'owner' },
      { line: 3, group: 'design-all', kind: 'name', team: 'Design', role: 'member' },
    ]);
    expect(parseGroupMap('group,team\nops,Operations\n', 'g.csv').rows[0]?.role).toBe('member');
  });

  it('compares group names in any case, whole, trimmed', () => {
    const map = parseGroupMap('group,team,role\nEng-Platform,plat,member\n', 'g.csv');
    expect(teams(map, 'eng-platform')).toEqual(['plat']);
    expect(teams(map, ' ENG-PLATFORM ')).toEqual(['plat']);
    expect(teams(map, 'eng-platform-admins')).toEqual([undefined]);
    expect(teams(map, 'x-eng-platform')).toEqual([undefined]);
  });

  it('a * pattern: the team cell takes what the * matched, as the export writes it; at least one character', () => {
    const map = parseGroupMap('group,team,role\neng-*,*,member\n*-admins,Admins of *,owner\nteam.*,Literal,member\n', 'g.csv');
    expect(map.rows.map((r) => r.kind)).toEqual(['glob', 'glob', 'glob']);
    expect(teams(map, 'eng-platform')).toEqual(['platform', undefined, undefined]);
    expect(teams(map, 'ENG-Data Platform')).toEqual(['Data Platform', undefined, undefined]);
    expect(teams(map, 'eng-')).toEqual([undefined, undefined, undefined]);
    expect(teams(map, 'eng-ops-admins')).toEqual(['ops-admins', 'Admins of eng-ops', undefined]);
    // What the * matched is taken as written: "$$", "$&" and "$'" are no replacement patterns.
    expect(teams(map, "eng-R$$D $& $'x")).toEqual(["R$$D $& $'x", undefined, undefined]);
    // The pattern's other characters are themselves: "." is a dot.
    expect(teams(map, 'team.x')).toEqual([undefined, undefined, 'Literal']);
    expect(teams(map, 'teamXx')).toEqual([undefined, undefined, undefined]);
  });

  it('a regular expression between slashes matches the whole name in any case; $1… fill the team cell', () => {
    const map = parseGroupMap('group,team,role\n/eng-(.+)-(lead|member)s/,$1 ($2),member\n"/^(sales|support)$/",Customers,member\n', 'g.csv');
    expect(map.rows.map((r) => r.kind)).toEqual(['expression', 'expression']);
    expect(teams(map, 'ENG-Platform-Leads')).toEqual(['Platform (Lead)', undefined]);
    expect(teams(map, 'x-eng-platform-leads')).toEqual([undefined, undefined]);
    expect(teams(map, 'Support')).toEqual([undefined, 'Customers']);
    expect(teams(map, 'supporters')).toEqual([undefined, undefined]);
  });

  it('refuses every bad row at once, each on its line: role, empty cells, patterns, duplicates', () => {
    expect(
      problems(
        [
          'group,team,role',
          'eng,Platform,admin',
          ',Platform,member',
          'eng,,member',
          '/eng-(/,x,member',
          '/eng-(.+)/,$2,member',
          '/eng/,$1,member',
          '/eng-(.+)/,*,member',
          'a*b*,x,member',
          '*,x,member',
          'eng,*,member',
          'ops,Operations,member',
          'OPS,operations,owner',
          'eng,Platform,member,extra',
        ].join('\n'),
      ),
    ).toEqual([
      '2: role "admin" is neither owner nor member (an empty cell is member)',
      '3: the group cell is empty: name a group, a pattern (eng-*) or an expression (/^eng-(.+)$/)',
      '4: the team cell is empty: name the team (its id or title) this group feeds',
      expect.stringMatching(/^5: "\/eng-\(\/" is not a valid regular expression: /),
      '6: the team cell uses $2, and "/eng-(.+)/" has only $1',
      '7: the team cell uses $1, and "/eng/" has no group in parentheses',
      '8: the team cell\'s * takes what a * pattern matched, and "/eng-(.+)/" is a regular expression: use $1',
      '9: "a*b*" has 2 *: a pattern has one (eng-*), or write a regular expression between slashes (/^eng-(.+)-(.+)$/)',
      '10: the group cell * alone would map every group: name a prefix or a suffix (eng-*)',
      '11: the team cell has a *, which takes what the group\'s * matched, and "eng" has none',
      '13: group "OPS" → team "operations" is already mapped on line 12: one row per group and team',
      '14: 4 cells, and the header has 3',
    ]);
  });

  it('reads cells and header names trimmed; empty cells past the header are no cells; a cell with text past it is refused', () => {
    expect(problems([' Group , TEAM ,role ', ' eng-* , * , owner ', 'ops,Operations,member,', 'sec,Security,member, ', 'qa,QA,member,,x'].join('\n'))).toEqual(['5: 5 cells, and the header has 3']);
    const read = parseGroupMap([' Group , TEAM ,role ', ' eng-* , * , owner ', 'ops,Operations,member,', 'sec,Security,member, '].join('\n'), 'groups.csv');
    expect(read.rows.map((r) => [r.group, r.team, r.role])).toEqual([
      ['eng-*', '*', 'owner'],
      ['ops', 'Operations', 'member'],
      ['sec', 'Security', 'member'],
    ]);
    expect(teams(read, 'eng-data')).toEqual(['data', undefined, undefined]);
    // A map of two columns: rows of two cells are whole rows.
    expect(parseGroupMap('group,team\nops,Operations\n', 'groups.csv').rows.map((r) => r.role)).toEqual(['member']);
    expect(problems('group,team, x \nops,Operations,\n')).toEqual(['1: "x" is no column of a group map: a group map starts with the header line "group,team,role"']);
  });

  it("refuses a * pattern whose team cell uses an expression's $1 (it would name a team \"$1\", created by --create-teams)", () => {
    expect(problems('group,team,role\neng-*,$1,member\nteam-*,Team $2 *,member\n')).toEqual([
      '2: the team cell\'s $1 takes a group of a regular expression, and "eng-*" is a * pattern: use * (what its * matched)',
      '3: the team cell\'s $2 takes a group of a regular expression, and "team-*" is a * pattern: use * (what its * matched)',
    ]);
  });

  it('refuses a file without a map header, an empty file and a header without rows', () => {
    expect(problems('email,group\na@example.com,eng\n')).toEqual([
      '1: the header needs the columns "group" and "team" ("role" too, or everyone is a member); "email" is no column of a group map: a group map starts with the header line "group,team,role"',
    ]);
    expect(problems('eng,Platform,owner\n')[0]).toMatch(/^1: the header needs the columns "group" and "team"/);
    expect(problems('group,team,team\n')).toEqual(['1: the column "team" is there twice: a group map starts with the header line "group,team,role"']);
    expect(problems('')).toEqual(['0: the group map is empty: it needs a header line "group,team,role" and a row per group (or pattern)']);
    expect(problems('group,team,role\n')).toEqual(['1: the group map maps no group: add a row per group (or pattern) under its header']);
  });

  it('a group cell of one or two slashes, or a slash at one end only, is a name; so is a name of characters an expression gives a meaning to', () => {
    const map = parseGroupMap('group,team\n/,Slash\n//,Slashes\n/eng,Lead\neng/,Trail\na.b.c,Dots\n"c++ (dev)|ops$",Odd\n', 'g.csv');
    expect(map.rows.map((r) => r.kind)).toEqual(['name', 'name', 'name', 'name', 'name', 'name']);
    expect(teams(map, '/')).toEqual(['Slash', undefined, undefined, undefined, undefined, undefined]);
    expect(teams(map, '//')).toEqual([undefined, 'Slashes', undefined, undefined, undefined, undefined]);
    expect(teams(map, '')).toEqual([undefined, undefined, undefined, undefined, undefined, undefined]);
    expect(teams(map, '/ENG')).toEqual([undefined, undefined, 'Lead', undefined, undefined, undefined]);
    expect(teams(map, 'Eng/')).toEqual([undefined, undefined, undefined, 'Trail', undefined, undefined]);
    // Every "." is a dot, not only the first; parentheses, "+", "|" and "$" are themselves.
    expect(teams(map, 'A.B.C')).toEqual([undefined, undefined, undefined, undefined, 'Dots', undefined]);
    expect(teams(map, 'a.bxc')).toEqual([undefined, undefined, undefined, undefined, undefined, undefined]);
    expect(teams(map, 'C++ (DEV)|ops$')).toEqual([undefined, undefined, undefined, undefined, undefined, 'Odd']);
    expect(teams(map, 'c++ (dev)')).toEqual([undefined, undefined, undefined, undefined, undefined, undefined]);
  });

  it('compares group names in one Unicode form (NFC): a name written decomposed matches it composed, both ways, and so does a pattern', () => {
    const composed = 'caf\u00e9';
    const decomposed = 'cafe\u0301';
    const map = parseGroupMap(`group,team\n${decomposed},Cafe\n${decomposed}-*,*\n/${decomposed}-x-(.+)/,$1\n`, 'g.csv');
    expect(map.rows[0]?.group).toBe(composed);
    expect(teams(map, composed)).toEqual(['Cafe', undefined, undefined]);
    expect(teams(map, decomposed)).toEqual(['Cafe', undefined, undefined]);
    expect(teams(map, `${decomposed}-bar`)).toEqual([undefined, 'bar', undefined]);
    expect(teams(map, `${composed}-x-y`)).toEqual([undefined, 'x-y', 'y']);
    const written = parseGroupMap(`group,team\n${composed},Cafe\n`, 'g.csv');
    expect(teams(written, decomposed)).toEqual(['Cafe']);
  });

  it('a row with an empty group or team cell says only that (no further problem of the row); a row short of cells has them empty', () => {
    expect(problems('group,team,role\n,*,member\neng,,member\neng,,owner\nops\n')).toEqual([
      '2: the group cell is empty: name a group, a pattern (eng-*) or an expression (/^eng-(.+)$/)',
      '3: the team cell is empty: name the team (its id or title) this group feeds',
      '4: the team cell is empty: name the team (its id or title) this group feeds',
      '5: the team cell is empty: name the team (its id or title) this group feeds',
    ]);
  });

  it('two names only full case folding makes one ("straße", "STRASSE") are two groups, as the names compare', () => {
    const map = parseGroupMap('group,team\nstraße,Street\nSTRASSE,Street\n', 'g.csv');
    expect(teams(map, 'Straße')).toEqual(['Street', undefined]);
    expect(teams(map, 'strasse')).toEqual([undefined, 'Street']);
  });

  it('a name row takes its team cell as written: only an expression fills in "$1"', () => {
    const map = parseGroupMap('group,team\nfinance,Budget $1\n', 'g.csv');
    expect(teams(map, 'Finance')).toEqual(['Budget $1']);
  });

  it("refuses $0 (the whole name is no group of the expression's) and names every group an expression has", () => {
    expect(problems('group,team,role\n/eng-(.+)/,$0,member\n/(a)-(b)/,$1 $3,member\n/(a)-(b)/,$2 $1,member\n')).toEqual([
      '2: the team cell uses $0, and "/eng-(.+)/" has only $1',
      '3: the team cell uses $3, and "/(a)-(b)/" has only $1…$2',
    ]);
  });

  it("names an invalid expression's problem in the engine's words, without its \"Invalid regular expression\"", () => {
    const [problem] = problems('group,team\n/eng-(/,x\n');
    expect(problem).toMatch(/^2: "\/eng-\(\/" is not a valid regular expression: \/\^\(\?:eng-\(\)\$\/\w*: Unterminated group$/);
  });

  it('one group may feed several teams, and one team take several groups', () => {
    const map = parseGroupMap('group,team,role\neng,Platform,member\neng,Data,member\nops,Platform,owner\n', 'g.csv');
    expect(teams(map, 'eng')).toEqual(['Platform', 'Data', undefined]);
    expect(teams(map, 'ops')).toEqual([undefined, undefined, 'Platform']);
  });
});

describe('an expression that repeats a repetition', () => {
  it('is found, whatever group kind or quantifier; a bounded or single repetition, an escaped or bracketed parenthesis are not it', () => {
    const cases: [string, string | undefined][] = [
      ['(a+)+', '(a+)+'],
      ['(\\w*,?)*', '(\\w*,?)*'],
      ['((ab)*c)+', '((ab)*c)+'],
      ['(x+){2,}', '(x+){2,}'],
      ['(?:a*)*', '(?:a*)*'],
      ['^eng-(.+)$', undefined],
      ['(a|b)+', undefined],
      ['([a-z]+)-(\\d+)', undefined],
      ['(x+){2}', undefined],
      ['[(]+)+', undefined],
      ['\\(a+\\)+', undefined],
      // A class's "(" is no group, even past the class's first character.
      ['[a(]+)+', undefined],
      // A repetition only the group's own: after its ")", or inside a group not itself repeated.
      ['(a+)b+', undefined],
      ['((ab)c)+', undefined],
      ['(a\\+)+', undefined],
      // "{n,}" and "{n,m}" of any number of digits repeat, inside or after the group; "{n}" after it does not, even before a later "{n,}".
      ['(a{10,})+', '(a{10,})+'],
      ['(a{2,3})+', '(a{2,3})+'],
      ['(a+){10,25}', '(a+){10,25}'],
      ['(a{2})+b{3,}', undefined],
      // A class ends at its "]": a group after it counts; a repetition inside a group makes the group around it repeat.
      ['[ab](c+)+', '(c+)+'],
      ['((a+))+', '((a+))+'],
      ['(x(?:(a+)))*', '(x(?:(a+)))*'],
    ];
    for (const [source, found] of cases) expect(repeatedRepeat(source), source).toBe(found);
  });

  it('is refused on its line (exit 2); an expression without it is read', () => {
    const map = (group: string): (() => GroupMap) => () => parseGroupMap(`group,team\n${group},t\n`, 'groups.csv');
    expect(map('/^(a+)+$/')).toThrow(InputFileError);
    try {
      map('/^(a+)+$/')();
    } catch (err) {
      expect((err as InputFileError).problems).toEqual([{ file: 'groups.csv', line: 2, message: '"/^(a+)+$/" repeats "(a+)+", which repeats itself: such an expression can take minutes on one long name; write it without the outer repetition' }]);
    }
    expect(map('/^eng-(.+)$/')().rows).toHaveLength(1);
  });
});

describe('readGroupMap', () => {
  const dir = mkdtempSync(join(tmpdir(), 'teamctl-group-map-'));

  it('reads a file, and refuses one larger than the bound before parsing it, naming the file', async () => {
    writeFileSync(join(dir, 'groups.csv'), 'group,team,role\neng-*,*,member\n');
    expect((await readGroupMap('groups.csv', dir)).rows).toHaveLength(1);
    writeFileSync(join(dir, 'big.csv'), `group,team,role\n${'x,y,member\n'.repeat(maxGroupMapBytes / 10)}`);
    await expect(readGroupMap('big.csv', dir)).rejects.toThrow('big.csv: the group map is larger than 1 MB; nothing was sent');
    await expect(readGroupMap('missing.csv', dir)).rejects.toThrow('missing.csv: cannot read file: no such file');
    // A device is refused before it is read (a FIFO would otherwise wait for a writer).
    await expect(readGroupMap('/dev/null', dir)).rejects.toThrow('/dev/null: cannot read file: not a regular file (a device, a pipe or a socket)');
  });
});
