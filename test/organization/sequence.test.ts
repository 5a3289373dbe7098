// One plan made of parts (`teamctl help organization`, "Organization roles and leavers"): the parts' JSON reports
// merged, the plan text, refusals, confirmation, work, reports and results of the parts seen as
// one domain, the parts run one after another, and the words of a failed or partial run.
import { describe, expect, it } from 'vitest';
import type { Context } from '../../src/context.js';
import type { Tally } from '../../src/engine/exit.js';
import type { PlanFile } from '../../src/engine/planFile.js';
import type { AppliedView, ChangeDomain } from '../../src/engine/run.js';
import { mergeReports, sequenceDomain, stepOfTeamRow, type Part, type StepRow } from '../../src/organization/sequence.js';
import type { Progress } from '../../src/output/progress.js';

const tally = (t: Partial<Tally>): Tally => ({ total: 0, applied: 0, failed: 0, unknown: 0, unexplained: 0, unverifiable: false, ...t });

interface Row {
  who: string;
}

/** A scripted part: `name` marks what it returns, `log` what was asked of it, in order. */
function part(name: string, log: string[], o: { empty?: boolean; text?: string; refusals?: string[]; units?: number; requests?: number; tally?: Partial<Tally> } = {}): Part<Row> {
  const view = (kind: string): AppliedView<Row> => ({
    rows: [{ who: `${name}-${kind}` }],
    json: { [`${name}Only`]: kind, list: [name], verified: kind !== 'planned' },
    doc: { title: `${name} ${kind}`, sections: [{ heading: name, columns: ['c'], rows: [[kind]] }] },
    summary: (report) => `${name} ${kind} summary${report === undefined ? '' : ` ${report}`}`,
    tally: tally(o.tally ?? {}),
  });
  const domain: ChangeDomain<Row> = {
    planText: async (color) => o.text ?? `${name} plan${color ? ' (color)' : ''}`,
    isEmpty: () => o.empty === true,
    refusals: () => (o.refusals ?? []).map((what) => ({ what, hint: `${name} hint` })),
    confirm: async () => void log.push(`confirm ${name}`),
    planned: () => view('planned'),
    nothingToDo: () => view('nothing'),
    work: () => ({ label: `${name} label`, units: o.units ?? 1, requests: o.requests ?? 1 }),
    execute: async (_progress, interrupted) => {
      log.push(`execute ${name}${interrupted() ? ' interrupted' : ''}`);
      return view('applied');
    },
    planFile: () => ({ kind: name }) as unknown as PlanFile,
    csv: { header: [], record: () => [] },
    words: { nothingApplied: () => '', partial: () => '', hint: () => '' },
    nothingToDoLine: '',
  };
  return { domain, row: (r) => ({ team: name, user: { id: r.who, email: null }, action: 'a', outcome: 'o', status: null, message: '' }) };
}

const progress: Progress = { increment() {}, stop() {} };
const ctx = {} as Context;

describe('mergeReports', () => {
  it('joins lists of one name, keeps verified only when every part is, and lets the last part say any other field', () => {
    expect(
      mergeReports(
        [
          { dryRun: true, failed: [1], verified: true, org: 'a', only: 'first' },
          { failed: [2, 3], verified: true, org: 'b', extra: [9] },
          { dryRun: true, failed: 'not a list', verified: false },
        ],
        false,
      ),
    ).toEqual({ dryRun: false, failed: 'not a list', verified: false, org: 'b', only: 'first', extra: [9] });
    expect(mergeReports([{ failed: [1] }, { failed: [2] }], true)).toEqual({ dryRun: true, failed: [1, 2] });
  });

  it('verified: false from any part stays false, true only when every part says true', () => {
    expect(mergeReports([{ verified: false }, { verified: true }], false).verified).toBe(false);
    expect(mergeReports([{ verified: true }, { verified: true }], false).verified).toBe(true);
    expect(mergeReports([{ verified: true }, { verified: 'yes' }], false).verified).toBe(false);
    // The first part to say it is taken as it is.
    expect(mergeReports([{ verified: 'yes' }], false).verified).toBe('yes');
  });
});

describe('sequenceDomain', () => {
  const files = (fs: PlanFile[]) => ({ parts: fs }) as unknown as PlanFile;

  it('plans as one: the texts of the parts that say something, refusals of every part, empty only when every part is', async () => {
    const log: string[] = [];
    const d = sequenceDomain([part('a', log, { text: '' }), part('b', log, { refusals: ['no b'] }), part('c', log, { empty: true, refusals: ['no c'] })], files);
    expect(await d.planText(true)).toBe('b plan (color)\nc plan (color)');
    expect(d.refusals()).toEqual([
      { what: 'no b', hint: 'b hint' },
      { what: 'no c', hint: 'c hint' },
    ]);
    expect(d.isEmpty()).toBe(false);
    expect(sequenceDomain([part('a', log, { empty: true }), part('b', log, { empty: true })], files).isEmpty()).toBe(true);
    expect(d.nothingToDoLine).toBe('Nothing to change.');
    expect((d.planFile() as unknown as { parts: unknown[] }).parts).toEqual([{ kind: 'a' }, { kind: 'b' }, { kind: 'c' }]);
  });

  it('asks each part that changes something to confirm, in order, and counts their work under the first one’s label', async () => {
    const log: string[] = [];
    const d = sequenceDomain([part('a', log, { empty: true, units: 100, requests: 100 }), part('b', log, { units: 3, requests: 2 }), part('c', log, { units: 4, requests: 5 })], files);
    await d.confirm(ctx);
    expect(log).toEqual(['confirm b', 'confirm c']);
    expect(d.work()).toEqual({ label: 'b label', units: 7, requests: 7 });
    expect(sequenceDomain([part('a', log, { empty: true })], files).work()).toEqual({ label: 'changes', units: 0, requests: 0 });
  });

  it('a dry run’s report: every part’s rows as steps, the titles of the parts that change something once, every section', () => {
    const log: string[] = [];
    const d = sequenceDomain([part('a', log, { empty: true }), part('b', log), part('c', log)], files);
    const view = d.planned();
    expect(view.rows.map((r) => `${r.team} ${r.user.id ?? ''}`)).toEqual(['a a-planned', 'b b-planned', 'c c-planned']);
    expect(view.json).toEqual({ dryRun: true, aOnly: 'planned', bOnly: 'planned', cOnly: 'planned', list: ['a', 'b', 'c'], verified: false });
    expect(view.doc.title).toBe('b planned; c planned');
    expect(view.doc.sections.map((s) => s.heading)).toEqual(['a', 'b', 'c']);
    // With nothing changing, the first part's title; two parts of one title, once.
    expect(sequenceDomain([part('a', log, { empty: true }), part('b', log, { empty: true })], files).planned().doc.title).toBe('a planned');
    const twins = sequenceDomain([part('x', log), part('x', log)], files).planned().doc.title;
    expect(twins).toBe('x planned');
  });

  it('nothing to do: every part’s view, their summaries and tallies summed', () => {
    const log: string[] = [];
    const d = sequenceDomain([part('a', log, { empty: true, tally: { total: 1, failed: 1, firstFailure: 'a broke' } }), part('b', log, { empty: true, tally: { total: 2, applied: 2 } })], files);
    const view = d.nothingToDo();
    expect(view.json).toEqual({ dryRun: false, aOnly: 'nothing', bOnly: 'nothing', list: ['a', 'b'], verified: true });
    expect(view.summary('r.csv')).toBe('a nothing summary r.csv\nb nothing summary r.csv');
    expect(view.tally).toEqual({ ...tally({ total: 3, applied: 2, failed: 1, firstFailure: 'a broke' }), stoppedBy: undefined });
    expect(view.rows.map((r) => r.user.id)).toEqual(['a-nothing', 'b-nothing']);
  });

  it('runs the parts one after another, an empty one as nothing to do; the summary of those that ran, the tally of all', async () => {
    const log: string[] = [];
    const d = sequenceDomain([part('a', log, { tally: { total: 2, applied: 2 } }), part('b', log, { empty: true, tally: { total: 5, unverifiable: true } }), part('c', log, { tally: { total: 1, failed: 1 } })], files);
    const view = await d.execute(progress, () => true);
    expect(log).toEqual(['execute a interrupted', 'execute c interrupted']);
    expect(view.rows.map((r) => r.user.id)).toEqual(['a-applied', 'b-nothing', 'c-applied']);
    expect(view.json).toEqual({ dryRun: false, aOnly: 'applied', bOnly: 'nothing', cOnly: 'applied', list: ['a', 'b', 'c'], verified: true });
    expect(view.doc.title).toBe('a applied; c applied');
    expect(view.summary(undefined)).toBe('a applied summary\nc applied summary');
    expect(view.tally).toEqual({ ...tally({ total: 8, applied: 2, failed: 1, unverifiable: true }), stoppedBy: undefined });
  });

  it('writes a CSV row per step, an empty status as an empty cell', () => {
    const d = sequenceDomain([], files);
    expect(d.csv.header).toEqual(['team', 'teamTitle', 'user', 'action', 'outcome', 'status', 'message']);
    const row: StepRow = { team: 't', teamTitle: 'Team T', user: { id: 'u1', email: 'a@example.com' }, action: 'add', outcome: 'applied', status: 200, message: 'ok' };
    expect(d.csv.record(row)).toEqual(['t', 'Team T', 'a@example.com', 'add', 'applied', '200', 'ok']);
    expect(d.csv.record({ team: 't', user: { id: 'u1', email: null }, action: 'add', outcome: 'applied', status: null, message: 'ok' })).toEqual(['t', '', 'u1', 'add', 'applied', '', 'ok']);
  });

  it('words a run that changed nothing, a partial one and the hint', () => {
    const { words } = sequenceDomain([], files);
    expect(words.nothingApplied(tally({ total: 3, failed: 3, firstFailure: 'boom' }))).toBe('nothing was changed: 3 of 3 changes failed (first: boom)');
    expect(words.nothingApplied(tally({ total: 2, failed: 2 }))).toBe('nothing was changed: 2 of 2 changes failed');
    expect(words.partial(tally({ total: 5, failed: 2 }))).toBe('2 of 5 changes failed or are requests waiting for an admin of the organization; the other changes were applied');
    expect(words.partial(tally({ total: 5, unverifiable: true }))).toBe('some results could not be verified; the other changes were applied');
    expect(words.partial(tally({ total: 5, unexplained: 1 }))).toBe('the members read back differ from the plan for 1 user; the other changes were applied');
    expect(words.partial(tally({ total: 5, failed: 1, unverifiable: true, unexplained: 2 }))).toBe(
      '1 of 5 changes failed or are requests waiting for an admin of the organization; some results could not be verified; the members read back differ from the plan for 2 users; the other changes were applied',
    );
    // A lost answer is unknown, never failed; and nothing else is said applied when every change is one of them.
    expect(words.partial(tally({ total: 1, failed: 1, unknown: 1 }))).toBe('1 of 1 changes of unknown outcome (sent, the answer lost: the service may have applied it)');
    expect(words.partial(tally({ total: 4, failed: 3, unknown: 2 }))).toBe(
      '1 of 4 changes failed or are requests waiting for an admin of the organization; 2 of 4 changes of unknown outcome (sent, the answer lost: the service may have applied them); the other changes were applied',
    );
    expect(words.hint(undefined)).toBe('the summary above lists each change; --report <file.csv> keeps it');
    expect(words.hint('out.csv')).toBe("each change's outcome is in out.csv");
  });
});

describe('stepOfTeamRow', () => {
  const r = { user: { id: 'u1', email: null }, action: 'add', outcome: 'applied', status: 201, message: 'm' };
  it('names the row’s own team, else the run’s, else none', () => {
    expect(stepOfTeamRow({ ...r, team: 'own' }, 'run')).toEqual({ team: 'own', ...r });
    expect(stepOfTeamRow(r, 'run')).toEqual({ team: 'run', ...r });
    expect(stepOfTeamRow(r, undefined)).toEqual({ team: '', ...r });
  });
});
