// A roster folder's reports name the file of each team (`teamctl help rosters`, "A folder of team
// rosters"): `file` after `team` in the JSON, a last CSV column, the file beside a team's Markdown
// heading and after a `team` column; the rest of each report as it was.
import { describe, expect, it } from 'vitest';
import { lazyView, type ChangeDomain } from '../../src/engine/run.js';
import { docWithFiles, jsonWithFiles, withTeamFiles } from '../../src/engine/teamFiles.js';

const files: Record<string, string> = { t1: 'teams/Core.csv', t2: 'teams/t2.tsv' };
const fileOf = (team: string): string | undefined => files[team];

describe('jsonWithFiles', () => {
  it('puts `file` right after `team` in each entry of `teams` and `placed`, and leaves the rest alone', () => {
    const json = { dryRun: true, teams: [{ team: 't1', added: [] }, { team: 'nowhere', added: [] }], placed: [{ team: 't2', added: [1] }], kept: [{ team: 't1' }] };
    const named = jsonWithFiles(json, fileOf) as typeof json;
    expect(named).toEqual({ dryRun: true, teams: [{ team: 't1', file: 'teams/Core.csv', added: [] }, { team: 'nowhere', added: [] }], placed: [{ team: 't2', file: 'teams/t2.tsv', added: [1] }], kept: [{ team: 't1' }] });
    expect(Object.keys(named.teams[0] as object)).toEqual(['team', 'file', 'added']);
    expect(jsonWithFiles({ invited: [] }, fileOf)).toEqual({ invited: [] });
    expect(json.teams[0]).toEqual({ team: 't1', added: [] });
  });
});

describe('docWithFiles', () => {
  it("names the file beside a team's heading and in a column after `team`; other sections stay", () => {
    const doc = docWithFiles(
      {
        title: 'Plan for 2 teams',
        sections: [
          { heading: 't1: Added', team: 't1', columns: ['user'], rows: [['a@example.com']] },
          { heading: 'Teams without changes', columns: ['team'], rows: [['t2'], ['t3']] },
          { heading: 'Organization roles', columns: ['user', 'role'], rows: [['b@example.com', 'admin']] },
        ],
      },
      fileOf,
    );
    expect(doc).toEqual({
      title: 'Plan for 2 teams',
      sections: [
        { heading: 't1 (teams/Core.csv): Added', team: 't1', columns: ['user'], rows: [['a@example.com']] },
        { heading: 'Teams without changes', columns: ['team', 'file'], rows: [['t2', 'teams/t2.tsv'], ['t3', '']] },
        { heading: 'Organization roles', columns: ['user', 'role'], rows: [['b@example.com', 'admin']] },
      ],
    });
  });
});

describe('withTeamFiles', () => {
  it('adds a last CSV column `file`, and builds rows and Markdown only when asked, as the view it wraps', async () => {
    type Row = { team: string; user: string };
    let built = 0;
    const rows = (): Row[] => {
      built++;
      return [{ team: 't1', user: 'a' }, { team: '', user: 'b' }];
    };
    const view = () => lazyView(rows, (r) => ({ title: `${r.length}`, sections: [{ heading: 't1: Added', team: 't1', columns: ['user'], rows: [] }] }), { json: { teams: [{ team: 't1' }] } });
    const domain = {
      planned: view,
      nothingToDo: () => ({ ...view(), summary: () => 'nothing', tally: { total: 0, applied: 0, failed: 0, unknown: 0, unexplained: 0, unverifiable: false } }),
      csv: { header: ['team', 'user'], record: (r: Row) => [r.team, r.user] },
    } as unknown as ChangeDomain<Row>;
    const named = withTeamFiles(domain, fileOf);
    const planned = named.planned();
    expect(planned.json).toEqual({ teams: [{ team: 't1', file: 'teams/Core.csv' }] });
    expect(built).toBe(0);
    expect(planned.doc.sections[0]?.heading).toBe('t1 (teams/Core.csv): Added');
    expect(planned.rows).toEqual([{ team: 't1', user: 'a' }, { team: '', user: 'b' }]);
    expect(built).toBe(1);
    expect(named.csv.header).toEqual(['team', 'user', 'file']);
    expect(planned.rows.map((r) => named.csv.record(r))).toEqual([['t1', 'a', 'teams/Core.csv'], ['', 'b', '']]);
    expect(named.nothingToDo().summary(undefined)).toBe('nothing');
  });
});
