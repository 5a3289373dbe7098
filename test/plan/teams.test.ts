// Which team a name means (src/plan/teams.ts): an id first, then an exact title, then a title in
// another case when only one team has it; a shared title names no team.
import { describe, expect, it } from 'vitest';
import { closestTeams, describeTeam, matchTeam } from '../../src/plan/teams.js';

const teams = [
  { id: 'engineering', title: 'Platform Engineering' },
  { id: 'design', title: 'Product Design' },
  { id: 'T1', title: 'design' }, // a title that is another team's id
  { id: 'T2', title: 'Sales' },
  { id: 'T3', title: 'Sales' },
  { id: 'T4', title: 'Support' },
  { id: 'T5', title: 'SUPPORT' },
  { id: 'T6', title: 'Straße' },
];

describe('matchTeam', () => {
  it('takes an id before any title, even one another team has as its title', () => {
    expect(matchTeam('design', teams)).toEqual({ kind: 'found', team: teams[1], by: 'id' });
    expect(matchTeam('T4', teams)).toEqual({ kind: 'found', team: teams[5], by: 'id' });
  });

  it('then an exact title, then a title in another case when one team alone has it', () => {
    expect(matchTeam('Platform Engineering', teams)).toEqual({ kind: 'found', team: teams[0], by: 'title' });
    expect(matchTeam('platform engineering', teams)).toEqual({ kind: 'found', team: teams[0], by: 'title in another case' });
    expect(matchTeam('PRODUCT DESIGN', teams)).toEqual({ kind: 'found', team: teams[1], by: 'title in another case' });
    // An exact match wins over the same title in another case of another team.
    expect(matchTeam('Support', teams)).toEqual({ kind: 'found', team: teams[5], by: 'title' });
    expect(matchTeam('SUPPORT', teams)).toEqual({ kind: 'found', team: teams[6], by: 'title' });
    expect(matchTeam('straße', teams)).toEqual({ kind: 'found', team: teams[7], by: 'title in another case' });
  });

  it('names no team for a title two teams share, exactly or only in another case', () => {
    expect(matchTeam('Sales', teams)).toEqual({ kind: 'shared', teams: [teams[3], teams[4]] });
    expect(matchTeam('support', teams)).toEqual({ kind: 'shared', teams: [teams[5], teams[6]] });
  });

  it('knows no team by part of a title, or by an id in another case', () => {
    expect(matchTeam('Platform', teams)).toEqual({ kind: 'unknown' });
    expect(matchTeam('ENGINEERING', teams)).toEqual({ kind: 'unknown' });
    expect(matchTeam('t1', teams)).toEqual({ kind: 'unknown' });
    // Titles are folded to lower case: ß is no SS.
    expect(matchTeam('STRASSE', teams)).toEqual({ kind: 'unknown' });
    expect(matchTeam('x', [])).toEqual({ kind: 'unknown' });
  });
});

describe('closestTeams', () => {
  it('suggests what a mistyped name most likely meant, closest first, at most three', () => {
    expect(closestTeams('enginering', teams).map((t) => t.id)).toEqual(['engineering']);
    expect(closestTeams('Product Desing', teams).map((t) => t.id)).toEqual(['design']);
    expect(closestTeams('sales', teams).map((t) => t.id)).toEqual(['T2', 'T3']);
    expect(closestTeams('platform', teams).map((t) => t.id)).toEqual(['engineering']);
    expect(closestTeams('Su', teams).map((t) => t.id)).toEqual([]);
    expect(closestTeams('marketing', teams)).toEqual([]);
    expect(closestTeams('s', teams.concat([{ id: 'a', title: 'b' }, { id: 'c', title: 'd' }, { id: 'e', title: 'f' }])).length).toBe(3);
    // Four as close as each other: the first three by title, the fourth left out.
    const four = [
      { id: 'k4', title: 'Opsd' },
      { id: 'k2', title: 'Opsb' },
      { id: 'k1', title: 'Opsa' },
      { id: 'k3', title: 'Opsc' },
    ];
    expect(closestTeams('Ops', four).map((t) => t.id)).toEqual(['k1', 'k2', 'k3']);
  });

  it('closest first, then by title; a mistake in the first or last character counts once', () => {
    const near = [
      { id: 'x2', title: 'Designer' },
      { id: 'xz', title: 'Designz' },
      { id: 'xa', title: 'Designa' },
      { id: 'x1', title: 'Desk' },
    ];
    expect(closestTeams('Design', near).map((t) => t.id)).toEqual(['xa', 'xz', 'x2']);
    expect(closestTeams('xales', teams).map((t) => t.id)).toEqual(['T2', 'T3']);
    expect(closestTeams('Salez', teams).map((t) => t.id)).toEqual(['T2', 'T3']);
    // Three characters are enough to be found inside a title.
    expect(closestTeams('Pla', teams).map((t) => t.id)).toEqual(['engineering']);
  });

  it('says a team as people read it: its title and, when they differ, its id', () => {
    expect(describeTeam(teams[0] as never)).toBe('"Platform Engineering" (engineering)');
    expect(describeTeam({ id: 'a', title: 'a' })).toBe('"a"');
  });
});
