// A roster folder that is the whole organization (`teamctl help rosters`, "A folder of team
// rosters"): the teams with no file are said in one warning on every run, never removed, and on a
// dry run pending (the plan is not empty) and listed in the JSON report as `teamsWithoutFile`.
import { describe, expect, it } from 'vitest';
import type { Context } from '../../src/context.js';
import type { ChangeDomain } from '../../src/engine/run.js';
import { teamsWithoutFile, withTeamsWithoutFile } from '../../src/organization/unfiledTeams.js';

const eng = { id: 'eng', title: 'Engineering' };
const ops = { id: 'ops', title: 'ops' };
const des = { id: 'des', title: 'Design' };

/** A context that keeps its warnings, and a domain whose plan is empty and whose JSON is `json`. */
function setup(json: unknown) {
  const warnings: string[] = [];
  const ctx = { io: { warn: (m: string) => warnings.push(m) } } as unknown as Context;
  const domain = {
    isEmpty: () => true,
    planned: () => ({ json, text: 'the plan' }),
    nothingToDoLine: 'nothing to do',
  } as unknown as ChangeDomain<unknown>;
  return { ctx, domain, warnings };
}

describe('teamsWithoutFile', () => {
  it('keeps the teams whose id no file names, in the listing\'s order; a title is no id', () => {
    expect(teamsWithoutFile([eng, ops, des], new Set(['ops', 'Design']))).toEqual([eng, des]);
    expect(teamsWithoutFile([eng, ops], ['eng', 'ops'])).toEqual([]);
    expect(teamsWithoutFile([], ['eng'])).toEqual([]);
  });
});

describe('withTeamsWithoutFile', () => {
  it('with every team filed: the domain itself, nothing said', () => {
    const { ctx, domain, warnings } = setup({ teams: [] });
    expect(withTeamsWithoutFile(ctx, domain, [], true)).toBe(domain);
    expect(warnings).toEqual([]);
  });

  it('one team without a file: said in the singular; a run that sends keeps the domain as it is', () => {
    const { ctx, domain, warnings } = setup({ teams: [] });
    expect(withTeamsWithoutFile(ctx, domain, [eng], false)).toBe(domain);
    expect(warnings).toEqual([
      'the roster folder is the whole organization (--prune-organization), and 1 team of it has no file: "Engineering" (eng); it is left as it is (never removed): add a file per team (`members list --all-teams --write-folder`), or delete the team (`teams delete`)',
    ]);
  });

  it('several: said in the plural; on a dry run the plan is pending and its JSON lists them by id and title', () => {
    const { ctx, domain, warnings } = setup({ teams: [{ id: 'x' }] });
    const wrapped = withTeamsWithoutFile(ctx, domain, [eng, { ...ops, extra: 1 } as typeof ops], true);
    expect(warnings).toEqual([
      'the roster folder is the whole organization (--prune-organization), and 2 teams of it have no file: "Engineering" (eng), "ops"; they are left as they are (never removed): add a file per team (`members list --all-teams --write-folder`), or delete the team (`teams delete`)',
    ]);
    expect(wrapped).not.toBe(domain);
    expect(domain.isEmpty()).toBe(true);
    expect(wrapped.isEmpty()).toBe(false);
    expect(wrapped.nothingToDoLine).toBe('nothing to do');
    expect(wrapped.planned()).toEqual({ text: 'the plan', json: { teams: [{ id: 'x' }], teamsWithoutFile: [{ id: 'eng', title: 'Engineering' }, { id: 'ops', title: 'ops' }] } });
  });

  it('a JSON view that is not an object is left as it is', () => {
    for (const json of [null, 'text', 3]) {
      const { ctx, domain } = setup(json);
      expect(withTeamsWithoutFile(ctx, domain, [eng], true).planned()).toEqual({ text: 'the plan', json });
    }
  });
});
