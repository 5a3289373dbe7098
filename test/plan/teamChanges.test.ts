// `teams create|rename|delete` planned from the teams as listed (src/plan/teamChanges.ts), and a
// saved teams plan read back and compared (src/teams/savedPlan.ts): each problem in its words.
import { describe, expect, it } from 'vitest';
import { ShapeError } from '../../src/engine/shape.js';
import { maxTitleLength, planCreate, planDelete, planRename, teamsState, titleProblem, type ListedTeam } from '../../src/plan/teamChanges.js';
import { teamsMoved, teamsPlanBody } from '../../src/teams/savedPlan.js';

const teams: ListedTeam[] = [
  { id: 'eng', title: 'Engineering', members: 3 },
  { id: 'T2', title: 'Sales', members: 0 },
  { id: 'T3', title: 'Sales', members: 1 },
  { id: 'T4', title: 'Straße', members: 2 },
];

describe('titleProblem', () => {
  it('a title holds 1 to 64 characters (not UTF-16 units), none of them a control character', () => {
    expect(maxTitleLength).toBe(64);
    expect(titleProblem('')).toBe('a title cannot be empty');
    expect(titleProblem(' \t ')).toBe('a title cannot be empty');
    expect(titleProblem('x'.repeat(64))).toBeUndefined();
    expect(titleProblem('😀'.repeat(64))).toBeUndefined();
    expect(titleProblem('x'.repeat(65))).toBe('a title has at most 64 characters, this one 65');
    expect(titleProblem('😀'.repeat(65))).toBe('a title has at most 64 characters, this one 65');
    for (const c of ['\u0000', '\u001f', '\u007f', '\u009f', '\n']) {
      const code = (c.codePointAt(0) as number).toString(16).toUpperCase().padStart(4, '0');
      expect(titleProblem(`a${c}b`), JSON.stringify(c)).toBe(`a title cannot hold an invisible, direction or control character (U+${code})`);
    }
    for (const c of [' ', '~', '\u00a0', 'é', '&', '.']) expect(titleProblem(`a${c}b`), JSON.stringify(c)).toBeUndefined();
    for (const c of ['/', '\\', '?', '#']) expect(titleProblem(`a${c}b`), c).toBe(`a title --team could not name: it contains "${c}"`);
    expect(titleProblem('..')).toBe('a title --team could not name: ".." would change the path');
  });
});

describe('planCreate', () => {
  it('creates each title once, trimmed, in the order given; a title some team has in any case is a problem, said once', () => {
    const plan = planCreate([' Design ', 'design', 'Ops', 'engineering', 'ENGINEERING', 'STRASSE', 'straße'], teams);
    expect(plan.changes).toEqual([
      { action: 'create', title: 'Design' },
      { action: 'create', title: 'Ops' },
      { action: 'create', title: 'STRASSE' },
    ]);
    expect(plan.problems).toEqual([
      { kind: 'usage', message: 'a team titled "Engineering" exists already (eng)' },
      { kind: 'usage', message: 'a team titled "Straße" exists already (T4)' },
    ]);
  });

  it('a title that cannot be one is a problem quoting it as given, each time', () => {
    expect(planCreate(['  ', 'a\u0007', '  '], [])).toEqual({
      changes: [],
      problems: [
        { kind: 'usage', message: '"  ": a title cannot be empty' },
        { kind: 'usage', message: '"a\\u0007": a title cannot hold an invisible, direction or control character (U+0007)' },
        { kind: 'usage', message: '"  ": a title cannot be empty' },
      ],
    });
  });
});

describe('planRename', () => {
  it('renames the team named by id or title to the title trimmed', () => {
    expect(planRename('eng', ' Platform ', teams)).toEqual({ changes: [{ action: 'rename', team: 'eng', from: 'Engineering', title: 'Platform' }], problems: [] });
    expect(planRename('straße', 'Street', teams)).toEqual({ changes: [{ action: 'rename', team: 'T4', from: 'Straße', title: 'Street' }], problems: [] });
  });

  it('nothing to do when the team has that title; its own title in another case is a rename', () => {
    expect(planRename('eng', ' Engineering ', teams)).toEqual({ changes: [], problems: [] });
    expect(planRename('eng', 'ENGINEERING', teams)).toEqual({ changes: [{ action: 'rename', team: 'eng', from: 'Engineering', title: 'ENGINEERING' }], problems: [] });
  });

  it('refuses an unknown team, a shared title, a bad title and a title another team has in any case', () => {
    expect(planRename('nope', 'X', teams)).toEqual({ changes: [], problems: [{ kind: 'unknown', message: 'no team has the id or title "nope"' }] });
    expect(planRename('Sales', 'X', teams)).toEqual({ changes: [], problems: [{ kind: 'usage', message: 'the title "Sales" is shared by 2 teams (T2, T3): name one by its id' }] });
    expect(planRename('eng', 'x'.repeat(65), teams)).toEqual({ changes: [], problems: [{ kind: 'usage', message: `"${'x'.repeat(65)}": a title has at most 64 characters, this one 65` }] });
    expect(planRename('eng', 'sales', teams)).toEqual({ changes: [], problems: [{ kind: 'usage', message: 'a team titled "Sales" exists already (T2)' }] });
  });
});

describe('planDelete', () => {
  it('deletes each team once, named by id or title trimmed, with its member count; unknown and shared names are problems', () => {
    const plan = planDelete([' eng ', 'Engineering', 'T2', 'straße', 'nope', 'Sales'], teams);
    expect(plan.changes).toEqual([
      { action: 'delete', team: 'eng', title: 'Engineering', members: 3 },
      { action: 'delete', team: 'T2', title: 'Sales', members: 0 },
      { action: 'delete', team: 'T4', title: 'Straße', members: 2 },
    ]);
    expect(plan.problems).toEqual([
      { kind: 'unknown', message: 'no team has the id or title "nope"' },
      { kind: 'usage', message: 'the title "Sales" is shared by 2 teams (T2, T3): name one by its id' },
    ]);
  });
});

describe('teamsState and a saved plan', () => {
  // Made in each test, not when the file is collected (Stryker would take planning as run by no test).
  const made = () => {
    const changes = [...planCreate(['Ops'], teams).changes, ...planRename('eng', 'Platform', teams).changes, ...planDelete(['T3'], teams).changes];
    return { changes, state: teamsState(changes, teams) };
  };

  it("holds each touched team's title and member count, and that no team has a title to create", () => {
    const { changes, state } = made();
    expect(state).toEqual(['absent ops', 'team eng "Engineering" 3', 'team T3 "Sales" 1']);
    expect(teamsState(planCreate(['STRASSE'], teams).changes, [...teams, { id: 'T9', title: 'strasse', members: 0 }])).toEqual(['absent strasse (taken)']);
    expect(teamsState(changes, teams.filter((t) => t.id !== 'T3'))[2]).toBe('team T3 (gone)');
  });

  it('reads a body back field by field', () => {
    const { changes, state } = made();
    const body = { changes, state, force: true };
    expect(teamsPlanBody(JSON.parse(JSON.stringify(body)))).toEqual(body);
  });

  it.each([
    [[], 'body is not an object'],
    [{ changes: {}, state: [], force: false }, 'body.changes'],
    [{ changes: [], state: [1], force: false }, 'body.state[0]'],
    [{ changes: [], state: 'team eng "Engineering" 3', force: false }, 'body.state is not a list'],
    [{ changes: [], state: [], force: 'yes' }, 'body.force'],
    [{ changes: [{ action: 'move', title: 'x' }], state: [], force: false }, 'body.changes[0].action is not one of create, rename, delete'],
    [{ changes: [{ action: 'create', title: '' }], state: [], force: false }, 'body.changes[0].title: a title cannot be empty'],
    [{ changes: [{ action: 'create', title: 3 }], state: [], force: false }, 'body.changes[0].title'],
    [{ changes: [{ action: 'rename', team: 'eng', from: 'A', title: 'x'.repeat(65) }], state: [], force: false }, 'body.changes[0].title: a title has at most 64 characters'],
    [{ changes: [{ action: 'rename', team: 1, from: 'A', title: 'B' }], state: [], force: false }, 'body.changes[0].team'],
    [{ changes: [{ action: 'rename', team: 'eng', title: 'B' }], state: [], force: false }, 'body.changes[0].from'],
    [{ changes: [{ action: 'delete', team: 'eng', title: 'E', members: -1 }], state: [], force: false }, 'body.changes[0].members'],
    [{ changes: [{ action: 'delete', title: 'E', members: 1 }], state: [], force: false }, 'body.changes[0].team'],
    [{ changes: [{ action: 'delete', team: 'eng', members: 1 }], state: [], force: false }, 'body.changes[0].title'],
    [{ changes: [{ action: 'create', title: 'ok' }, { action: 'create' }], state: [], force: false }, 'body.changes[1].title'],
  ])('refuses %j, naming %s', (body, words) => {
    expect(() => teamsPlanBody(body)).toThrow(ShapeError);
    expect(() => teamsPlanBody(body)).toThrow(words);
  });

  it("a deleted team's title is read as it is, even one no longer valid", () => {
    const body = { changes: [{ action: 'delete', team: 'x', title: '', members: 0 }], state: ['team x "" 0'], force: false };
    expect(teamsPlanBody(body).changes).toEqual(body.changes);
  });

  it('says what moved since the plan was made, and nothing when nothing it touches did', () => {
    const { changes, state } = made();
    const body = { changes, state, force: false };
    expect(teamsMoved(body, [...teams, { id: 'new', title: 'New', members: 9 }])).toBeUndefined();
    const moved = teams.map((t) => (t.id === 'eng' ? { ...t, members: 4 } : t.id === 'T3' ? { ...t, title: 'Old Sales' } : t)).concat([{ id: 'T9', title: 'OPS', members: 0 }]);
    expect(teamsMoved(body, moved)).toBe('absent ops is now absent ops (taken); team eng "Engineering" 3 is now team eng "Engineering" 4; team T3 "Sales" 1 is now team T3 "Old Sales" 1');
    expect(teamsMoved({ ...body, state: [...state, 'extra'] }, teams)).toBe('extra is now missing');
  });
});
