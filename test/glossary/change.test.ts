// The glossary domain of the change engine, unit by unit (README, "The glossary", "The glossary"; `teamctl help reliability`, "Reliability"): the --max-deletions guard at its limit, the words of the confirmation and
// of a failed or partial run, operations an earlier run may still apply, how long an unknown
// outcome is waited for, and what settling the journal says. The service is a scripted fake: each
// PUT either applies its operations to an in-memory glossary or fails as the test says.
import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../../src/api/client.js';
import type { GlossaryEntry, GlossaryOperation } from '../../src/api/types.js';
import { Context } from '../../src/context.js';
import { ServiceError, type TeamctlError } from '../../src/errors.js';
import type { Tally } from '../../src/engine/exit.js';
import { stateDigest } from '../../src/engine/planFile.js';
import { describeFailures, glossaryDomain, glossaryState, readGlossaryAndSettle, type GlossaryRunInput } from '../../src/glossary/change.js';
import type { ImportReport } from '../../src/glossary/importView.js';
import type { Journal, Settled } from '../../src/journal/journal.js';
import type { GlossaryPlan, PlannedOperation } from '../../src/plan/glossary.js';
import { fakeStreams } from '../helpers/streams.js';

/** A service whose n-th PUT (from 1) fails with `failures[n]`; the others apply their operations. */
function fakeService(entries: GlossaryEntry[], failures: Record<number, () => TeamctlError> = {}) {
  const glossary = [...entries];
  const puts: GlossaryOperation[][] = [];
  let nextId = 1000;
  const client = {
    async request(method: string, _path: string, options: { body: { operations: GlossaryOperation[] } }) {
      expect(method).toBe('PUT');
      const ops = options.body.operations;
      puts.push(ops);
      const fail = failures[puts.length];
      if (fail) throw fail();
      for (const op of ops) {
        if (op.type === 'insert') glossary.push(listed(`e${nextId++}`, op.translations));
        else if (op.type === 'update') Object.assign(glossary.find((e) => e.id === op.id) as GlossaryEntry, { translations: op.translations });
        else glossary.splice(glossary.findIndex((e) => e.id === op.id), 1);
      }
      return { status: 204, data: undefined };
    },
    async *pages() {
      yield glossary.map((e) => ({ ...e }));
    },
  } as unknown as ApiClient;
  return { client, glossary, puts };
}

const withStatus = (err: TeamctlError, status: number): TeamctlError => Object.assign(err, { status });
const answered = (status: number, outcome: 'rejected' | 'not-processed' | 'unknown') => () => withStatus(new ServiceError(`HTTP ${status}: no`, { outcome }), status);

const listed = (id: string, translations: GlossaryEntry['translations']): GlossaryEntry => ({
  object: 'glossary-entry',
  id,
  translations,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  urls: { location: `https://example.test/glossary/${id}` },
});
const entry = (id: string, en: string): GlossaryEntry => listed(id, { en, fr: `${en} (fr)` });
const insert = (line: number, en: string): PlannedOperation => ({ line, operation: { type: 'insert', translations: { en, fr: `${en} (fr)` } } });
const del = (line: number, id: string): PlannedOperation => ({ line, operation: { type: 'delete', id } });
const planOf = (operations: PlannedOperation[]): GlossaryPlan => ({ operations, present: [], conflicts: [], unknownIds: [] });

function domain(existing: GlossaryEntry[], operations: PlannedOperation[], extra: Partial<GlossaryRunInput> = {}, service = fakeService(existing)) {
  const warnings: string[] = [];
  const sleeps: number[] = [];
  const d = glossaryDomain({
    client: service.client,
    baseUrl: 'https://api.example.test/v1',
    org: 'acme',
    command: 'glossary sync',
    file: 'terms.csv',
    key: 'en',
    rowCount: operations.length,
    existing,
    plan: planOf(operations),
    terms: new Map(),
    settings: { batchSize: 1, onConflict: 'skip', requestTimeoutMs: 30_000 },
    warn: (m) => warnings.push(m),
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    entryTerms: new Map(existing.map((e) => [e.id, String(e.translations.en)])),
    ...extra,
  });
  return { d, warnings, sleeps, service };
}

const progress = () => {
  let done = 0;
  return { increment: (n = 1) => void (done += n), stop() {}, done: () => done };
};
const tally = (t: Partial<Tally>): Tally => ({ total: 0, applied: 0, failed: 0, unknown: 0, unexplained: 0, unverifiable: false, ...t });
const eight = Array.from({ length: 8 }, (_, i) => entry(`g${i + 1}`, `term ${i + 1}`));
const deleting = (n: number) => eight.slice(0, n).map((e, i) => del(i + 2, e.id));

describe('--max-deletions', () => {
  const hint = 'check the file; to apply it anyway, pass --force or a higher --max-deletions';
  const rules = (maxDeletions: string | undefined, force = false) => ({ deletions: { ...(maxDeletions ? { maxDeletions } : {}), force, confirm: true, confirmed: false } });

  it('passes at its limit and refuses one more (a count and a percentage of the entries)', () => {
    expect(domain(eight, deleting(3), rules('3')).d.refusals()).toEqual([]);
    expect(domain(eight, deleting(4), rules('3')).d.refusals()).toEqual([{ what: 'the plan deletes 4 of 8 glossary entries, more than --max-deletions 3 allows (3)', hint }]);
    expect(domain(eight, deleting(2), rules('25%')).d.refusals()).toEqual([]);
    expect(domain(eight, deleting(3), rules('25%')).d.refusals()).toEqual([{ what: 'the plan deletes 3 of 8 glossary entries, more than --max-deletions 25% allows (2)', hint }]);
  });

  it('names the flag in a refused spelling', () => {
    expect(() => domain(eight, deleting(1), rules('many')).d.refusals()).toThrow(
      'invalid --max-deletions "many": expected a number of entries (5) or a percentage of 0-100% (25%)',
    );
  });

  it('--force warns instead; no guard without the flag or without deletions', () => {
    const forced = domain(eight, deleting(4), rules('3', true));
    expect(forced.d.refusals()).toEqual([]);
    expect(forced.warnings).toEqual(['the plan deletes 4 of 8 glossary entries, more than --max-deletions 3 allows (3); going ahead because of --force']);
    expect(domain(eight, deleting(8), rules(undefined)).d.refusals()).toEqual([]);
    expect(domain(eight, [insert(2, 'new')], rules('0')).d.refusals()).toEqual([]);
  });
});

describe('the --prune confirmation', () => {
  const ctx = () => new Context({ streams: fakeStreams(), env: {} }, {});
  const rules = (confirmed = false) => ({ deletions: { maxDeletions: '100%', force: false, confirm: true, confirmed } });

  it('says how many entries are not in the file', async () => {
    await expect(domain(eight, deleting(1), rules()).d.confirm(ctx())).rejects.toThrow('--prune would delete 1 glossary entry not in terms.csv, which needs confirmation; nothing was sent');
    await expect(domain(eight, deleting(2), rules()).d.confirm(ctx())).rejects.toThrow('--prune would delete 2 glossary entries not in terms.csv, which needs confirmation');
  });

  it('is not asked for a saved plan, without deletions, or for a command that needs none', async () => {
    await expect(domain(eight, deleting(2), rules(true)).d.confirm(ctx())).resolves.toBeUndefined();
    await expect(domain(eight, [insert(2, 'new')], rules()).d.confirm(ctx())).resolves.toBeUndefined();
    await expect(domain(eight, deleting(2), { deletions: { force: false, confirm: false, confirmed: false } }).d.confirm(ctx())).resolves.toBeUndefined();
  });
});

describe('the work counted and the summary named', () => {
  it('one unit per operation, one request per batch', () => {
    const ops = [insert(2, 'a'), insert(3, 'b'), insert(4, 'c'), insert(5, 'd'), insert(6, 'e')];
    const settings = (batchSize: number) => ({ settings: { batchSize, onConflict: 'skip' as const, requestTimeoutMs: 30_000 } });
    expect(domain([], ops, settings(2)).d.work()).toEqual({ label: 'glossary sync', units: 5, requests: 3 });
    expect(domain([], ops, settings(5)).d.work()).toEqual({ label: 'glossary sync', units: 5, requests: 1 });
  });

  it('the summary line names the command given, glossary import by default', () => {
    expect(domain(eight, [], { summaryName: 'glossary sync' }).d.nothingToDoLine).toBe('glossary sync: 0 inserted, 0 updated, 0 unchanged, 0 conflicts, 0 failed');
    expect(domain(eight, []).d.nothingToDoLine).toBe('glossary import: 0 inserted, 0 updated, 0 unchanged, 0 conflicts, 0 failed');
  });

  it('nothing to do: a tally with nothing unknown and nothing unverifiable', () => {
    const { d } = domain(eight, []);
    expect(d.isEmpty()).toBe(true);
    expect(d.nothingToDo().tally).toEqual({ total: 0, applied: 0, failed: 0, unknown: 0, unexplained: 0, unverifiable: false, stoppedBy: undefined, firstFailure: undefined });
  });

  it("a saved plan keeps each entry's id with a 16-digit digest of its translations, whatever their order", () => {
    const state = glossaryState([listed('g1', { en: 'bank', fr: 'banque' }), listed('g2', { fr: 'porte', en: 'door' })]);
    expect(state.entries).toEqual({
      g1: stateDigest([['en', 'bank'], ['fr', 'banque']]).slice(7, 23),
      g2: stateDigest([['en', 'door'], ['fr', 'porte']]).slice(7, 23),
    });
    expect(state.entries.g1).toMatch(/^[0-9a-f]{16}$/);
    expect(state.digest).toBe(stateDigest([['g1', state.entries.g1 as string], ['g2', state.entries.g2 as string]]));
  });
});

describe('operations an earlier run may still apply (held back)', () => {
  const held = [
    { planned: del(5, 'g1'), sentAt: '2026-11-25T10:00:00.000Z' },
    { planned: insert(2, 'late'), sentAt: '2026-11-25T10:00:01.000Z' },
  ];

  it('are not sent, appear in line order as unknown rows (never failed), and count as failed with an unknown outcome', async () => {
    const { d, service } = domain(eight, [insert(3, 'sent'), insert(9, 'also sent')], { held });
    expect(d.isEmpty()).toBe(false);
    const planned = d.planned().rows;
    expect(planned.map((r) => [r.line, r.key, r.action, r.outcome, r.entryId])).toEqual([
      [2, 'late', 'insert', 'unknown', ''],
      [3, 'sent', 'insert', 'planned', ''],
      [5, 'term 1', 'delete', 'unknown', 'g1'],
      [9, 'also sent', 'insert', 'planned', ''],
    ]);
    expect(planned[0]?.message).toBe("not sent: an earlier run's request (sent 2026-11-25T10:00:01.000Z) may still apply it — run again later");
    const view = await d.execute(progress(), () => false);
    expect(service.puts.map((ops) => ops.map((o) => (o.type === 'insert' ? o.translations.en : o.type)))).toEqual([['sent'], ['also sent']]);
    expect((view.json as ImportReport).failed).toEqual([]);
    expect((view.json as ImportReport).unknown.map((f) => [f.line, f.status])).toEqual([[2, null], [5, null]]);
    expect(view.rows.map((r) => [r.line, r.outcome])).toEqual([[2, 'unknown'], [3, 'inserted'], [5, 'unknown'], [9, 'inserted']]);
    expect(view.tally).toMatchObject({ total: 4, applied: 2, failed: 2, unknown: 2, unverifiable: false });
  });

  it('a held deletion of an entry no longer listed has no key term', () => {
    const { d } = domain(eight, [], { held: [{ planned: del(4, 'gone'), sentAt: '2026-11-25T10:00:00.000Z' }] });
    expect(d.planned().rows.map((r) => [r.line, r.key, r.entryId])).toEqual([[4, '', 'gone']]);
  });

  it('a run with only held operations is not empty, and its tally says they are unknown', () => {
    const { d } = domain(eight, [], { held: held.slice(0, 1) });
    expect(d.isEmpty()).toBe(false);
    expect(d.nothingToDo().tally).toMatchObject({ total: 1, failed: 1, unknown: 1 });
  });
});

describe('sending', () => {
  it('counts each settled operation in the progress bar', async () => {
    const bar = progress();
    const { d } = domain([], [insert(2, 'a'), insert(3, 'b'), insert(4, 'c')]);
    await d.execute(bar, () => false);
    expect(bar.done()).toBe(3);
  });

  it('waits a tenth of the request timeout before listing after an unknown outcome, half a second at most', async () => {
    const at = async (requestTimeoutMs: number) => {
      const run = domain([], [insert(2, 'a')], { settings: { batchSize: 1, onConflict: 'skip', requestTimeoutMs } }, fakeService([], { 1: answered(502, 'unknown') }));
      await run.d.execute(progress(), () => false);
      return run.sleeps;
    };
    expect((await at(2_000))[0]).toBe(200);
    expect((await at(2_001))[0]).toBe(201);
    expect((await at(30_000))[0]).toBe(500);
  });
});

describe('the words of a run that did not go through', () => {
  const ops = [insert(2, 'a'), insert(3, 'b'), insert(4, 'c')];
  const failing = async (failures: Record<number, () => TeamctlError>) => {
    const { d } = domain([], ops, {}, fakeService([], failures));
    const view = await d.execute(progress(), () => false);
    return { d, view };
  };

  it('nothing applied: the failures counted by kind, or why the run stopped', async () => {
    expect((await failing({ 1: answered(400, 'rejected'), 2: answered(499, 'rejected'), 3: answered(400, 'rejected') })).d.words.nothingApplied(tally({}))).toBe(
      'none of the 3 operations was applied: 2 rejected (400), 1 rejected (499) — see the lines above',
    );
    expect((await failing({ 1: answered(429, 'not-processed') })).d.words.nothingApplied(tally({}))).toBe(
      'none of the 3 operations was applied: the service refused the request without processing it: HTTP 429: no',
    );
    // An unknown outcome no longer stops the run (the two other batches were sent meanwhile): the
    // held-back operation is counted by its status.
    expect((await failing({ 1: answered(500, 'unknown') })).d.words.nothingApplied(tally({}))).toBe(
      'none of the 3 operations was applied: 1 failed (500) — see the lines above',
    );
  });

  it('the failures counted by kind, in the order first seen', () => {
    const f = (status: number | null, message = 'x', missing?: true) => ({ status, message, ...(missing ? { missing } : {}) });
    expect(
      describeFailures([
        f(500),
        f(499),
        f(null, 'not sent: an earlier request failed'),
        f(null, 'outcome unknown: no answer'),
        f(204, 'confirmed', true),
        f(500),
        f(null, 'was not sent'),
        f(400),
      ]),
    ).toBe('2 failed (500), 1 rejected (499), 1 not sent, 2 failed (no answer), 1 confirmed but missing from the glossary, 1 rejected (400) — see the lines above');
  });

  it('partial: each problem named with its count, then how many were applied', () => {
    const { d } = domain([], ops);
    expect(d.words.partial(tally({ total: 5, failed: 2, applied: 3 }))).toBe('2 of 5 operations failed; 3 applied');
    expect(d.words.partial(tally({ total: 5, failed: 2, unknown: 2, applied: 3 }))).toBe('2 of 5 operations of unknown outcome (sent, the answer lost: the service may have applied them); 3 applied');
    expect(d.words.partial(tally({ total: 5, failed: 3, unknown: 1, applied: 2 }))).toBe('2 of 5 operations failed; 1 of 5 operations of unknown outcome (sent, the answer lost: the service may have applied it); 2 applied');
    expect(d.words.partial(tally({ total: 5, applied: 5, unexplained: 1 }))).toBe('1 duplicate found when the glossary was listed again; 5 applied');
    expect(d.words.partial(tally({ total: 5, applied: 5, unexplained: 2 }))).toBe('2 duplicates found when the glossary was listed again; 5 applied');
    expect(d.words.partial(tally({ total: 5, applied: 5, unverifiable: true }))).toBe('the result could not be verified; 5 applied');
    expect(d.words.partial(tally({ total: 5, failed: 1, applied: 4, unexplained: 1, unverifiable: true }))).toBe(
      '1 of 5 operations failed; 1 duplicate found when the glossary was listed again; the result could not be verified; 4 applied',
    );
    expect(d.words.hint(undefined)).toBe('fix what the messages name and run the same import again: what landed is skipped as present');
  });
});

describe('settling what earlier runs left unknown', () => {
  const journal = (settled: Settled, windows: number[]) =>
    ({
      settle: async (_existing: unknown, _now: Date, windowMs: number) => {
        windows.push(windowMs);
        return settled;
      },
    }) as unknown as Journal;
  const heldOne = { operation: { type: 'insert' as const, translations: { en: 'x' } }, sentAt: '2026-11-25T10:00:00.000Z' };
  const settle = async (settled: Settled, holdBackMs = 60_000) => {
    const warnings: string[] = [];
    const windows: number[] = [];
    const result = await readGlossaryAndSettle(fakeService(eight).client, 'acme', journal(settled, windows), holdBackMs, (m) => warnings.push(m));
    return { warnings, windows, result };
  };

  it('holds an unknown batch back for the hold-back time it is given (--hold-back)', async () => {
    expect((await settle({ landed: 0, lost: 0, held: [] })).windows).toEqual([60_000]);
    expect((await settle({ landed: 0, lost: 0, held: [] }, 0)).windows).toEqual([0]);
    expect((await settle({ landed: 0, lost: 0, held: [] }, 120_000)).windows).toEqual([120_000]);
  });

  it('says what landed since, what is taken as lost and what is held, each only when there is some', async () => {
    const prefix = 'an earlier run left glossary requests with an unknown outcome: ';
    expect((await settle({ landed: 0, lost: 0, held: [] })).warnings).toEqual([]);
    expect((await settle({ landed: 1, lost: 0, held: [] })).warnings).toEqual([`${prefix}1 operation landed since`]);
    expect((await settle({ landed: 0, lost: 2, held: [] })).warnings).toEqual([`${prefix}2 operations never landed (taken as lost)`]);
    expect((await settle({ landed: 0, lost: 0, held: [heldOne] })).warnings).toEqual([`${prefix}1 operation may still land, and is held back in this run`]);
    const all = await settle({ landed: 2, lost: 1, held: [heldOne, heldOne] });
    expect(all.warnings).toEqual([`${prefix}2 operations landed since; 1 operation never landed (taken as lost); 2 operations may still land, and are held back in this run`]);
    expect(all.result.existing).toEqual(eight);
    expect(all.result.held).toHaveLength(2);
  });
});
