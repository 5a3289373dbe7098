// The glossary executor at its edges (`teamctl help interruptions`, "Interruptions"; `teamctl help environment`, "Talking to the service"): what an
// interruption leaves of each batch, a rejected delete of an entry someone else deleted first,
// the order and counts of the result, and what the notices say. The service is a script: each PUT
// answers as the test says, each listing returns the glossary as it is then.
import { describe, expect, it } from 'vitest';
import type { GlossaryOperation } from '../../src/api/types.js';
import { NotFoundError, ServiceError, TeamctlError } from '../../src/errors.js';
import { applyGlossaryPlan, type ApplyOptions } from '../../src/glossary/apply.js';
import type { GlossaryEntryLike, PlannedOperation } from '../../src/plan/glossary.js';

const url = 'http://sandbox.test/v1/orgs/acme/translations-glossary';
const rejected = (status: number, text: string) => new ServiceError(`PUT ${url} failed with ${status}: ${text}`, { status, outcome: 'rejected', detail: text });
const reset = () => new ServiceError(`PUT ${url} failed (UND_ERR_SOCKET)`, { outcome: 'unknown', detail: 'failed (UND_ERR_SOCKET)' });
const insert = (line: number, en: string): PlannedOperation => ({ line, operation: { type: 'insert', translations: { en } } });
const del = (line: number, id: string): PlannedOperation => ({ line, operation: { type: 'delete', id } });

/** A service answering each PUT with `answers[n]` (an error to throw, or undefined: applied). */
function service(glossary: GlossaryEntryLike[], answers: ((ops: GlossaryOperation[]) => Error | undefined)[] = [], listing: () => Error | undefined = () => undefined) {
  const puts: GlossaryOperation[][] = [];
  let lists = 0;
  let next = 1;
  return {
    puts,
    lists: () => lists,
    glossary,
    api: {
      async update(ops: GlossaryOperation[]) {
        puts.push(ops);
        const err = answers[puts.length - 1]?.(ops);
        if (err) throw err;
        for (const op of ops) {
          if (op.type === 'insert') glossary.push({ id: `n${next++}`, translations: op.translations });
          else if (op.type === 'delete') glossary.splice(glossary.findIndex((e) => e.id === op.id), 1);
        }
      },
      async *list() {
        lists++;
        const err = listing();
        if (err) throw err;
        yield glossary.map((e) => ({ ...e }));
      },
    },
  };
}

const options = (extra: Partial<ApplyOptions> = {}): ApplyOptions => ({ batchSize: 2, requestTimeoutMs: 1000, checkDelayMs: 10, sleep: async () => {}, ...extra });

describe('an interruption', () => {
  it('before the first batch: nothing sent, nothing listed, each operation "not sent"', async () => {
    const s = service([]);
    const r = await applyGlossaryPlan(s.api, [], [insert(2, 'a'), insert(3, 'b'), insert(4, 'c')], options({ interrupted: () => true }));
    expect(s.puts).toEqual([]);
    expect(s.lists()).toBe(0);
    expect(r.failed.map((f) => [f.line, f.status, f.message, f.outcomeUnknown])).toEqual([
      [2, null, 'not sent: the run was interrupted', undefined],
      [3, null, 'not sent: the run was interrupted', undefined],
      [4, null, 'not sent: the run was interrupted', undefined],
    ]);
    expect(r.verified).toBe(true);
  });

  it('while a batch is in flight and its answer is lost: unknown, not checked, not verified; later batches not sent', async () => {
    let stop = false;
    const s = service([], [
      () => undefined,
      () => {
        stop = true;
        return reset();
      },
    ]);
    const settled: number[] = [];
    const r = await applyGlossaryPlan(s.api, [], [insert(2, 'a'), insert(3, 'b'), insert(4, 'c'), insert(5, 'd'), insert(6, 'e')], options({ interrupted: () => stop, onSettled: (n) => settled.push(n) }));
    expect(s.puts).toHaveLength(2);
    expect(s.lists()).toBe(0);
    expect(r.applied.map((p) => p.line)).toEqual([2, 3]);
    expect(r.failed.map((f) => [f.line, f.outcomeUnknown])).toEqual([[4, true], [5, true], [6, undefined]]);
    expect(r.failed[0]?.message).toBe(
      'outcome unknown: no answer (failed (UND_ERR_SOCKET)); the run was interrupted, so it was not checked nor re-sent — run the import again later (a re-run settles it first)',
    );
    expect(r.failed[2]?.message).toBe('not sent: the run was interrupted');
    expect(r.verified).toBe(false);
    expect(settled).toEqual([2, 2, 1]);
  });

  it('while a batch waits to be sent, or when the service rejects it: failed as such, and verified as nothing uncertain', async () => {
    let stop = false;
    const interruptedBeforeSending = () => {
      stop = true;
      return new ServiceError(`PUT ${url} not sent: the run was interrupted`, { outcome: 'not-processed', code: 'INTERRUPTED' });
    };
    const notSent = service([], [interruptedBeforeSending]);
    const r = await applyGlossaryPlan(notSent.api, [], [insert(2, 'a')], options({ interrupted: () => stop }));
    expect(r.failed.map((f) => [f.message, f.outcomeUnknown])).toEqual([['not sent: the run was interrupted', undefined]]);
    expect(r.verified).toBe(true);
    stop = false;
    const refused = service([], [
      () => {
        stop = true;
        return rejected(400, 'operations[0]: "translations" is empty');
      },
    ]);
    const r2 = await applyGlossaryPlan(refused.api, [], [insert(2, 'a')], options({ interrupted: () => stop }));
    expect(r2.failed.map((f) => [f.status, f.message])).toEqual([[400, 'operations[0]: "translations" is empty']]);
    expect(refused.lists()).toBe(0);
  });
});

describe('a rejected delete', () => {
  const listed = () => [{ id: 'e1', translations: { en: 'bank' } }, { id: 'e2', translations: { en: 'door' } }];

  it('of an entry someone else deleted first counts as applied, after one listing, with a notice', async () => {
    const glossary = listed();
    const notices: string[] = [];
    const s = service(glossary, [
      () => {
        glossary.splice(0, 1); // e1 deleted by someone else, then the service refuses ours
        return rejected(400, 'operations[0]: no glossary entry with id "e1"');
      },
    ]);
    const r = await applyGlossaryPlan(s.api, listed(), [del(2, 'e1')], options({ onNotice: (m) => notices.push(m) }));
    expect(r.applied.map((p) => p.line)).toEqual([2]);
    expect(r.failed).toEqual([]);
    expect(r.checks).toBe(1);
    expect(notices).toEqual(['entry e1 was already deleted']);
  });

  it('of an entry still there fails with the service text (its "operations[0]:" dropped)', async () => {
    const s = service(listed(), [() => rejected(400, 'operations[0]: no such entry')]);
    const r = await applyGlossaryPlan(s.api, listed(), [del(2, 'e1')], options());
    expect(r.failed.map((f) => [f.line, f.status, f.message])).toEqual([[2, 400, 'no such entry']]);
    expect(r.checks).toBe(1);
  });

  it('refused with another status (422, 409) is not checked: it fails', async () => {
    for (const status of [422, 409]) {
      const glossary = listed();
      const s = service(glossary, [
        () => {
          glossary.splice(0, 1);
          return rejected(status, 'nope');
        },
      ]);
      const r = await applyGlossaryPlan(s.api, listed(), [del(2, 'e1')], options());
      expect(r.failed.map((f) => [f.status, f.message]), String(status)).toEqual([[status, 'nope']]);
      expect(r.checks).toBe(0);
    }
  });

  it('when the check cannot list the glossary: it fails; a bug in the listing propagates', async () => {
    const s = service(listed(), [() => rejected(400, 'no such entry')], () => new ServiceError('GET failed with 500', { status: 500, outcome: 'unknown' }));
    const r = await applyGlossaryPlan(s.api, listed(), [del(2, 'e1')], options());
    expect(r.failed.map((f) => f.message)).toEqual(['no such entry']);
    const buggy = service(listed(), [() => rejected(400, 'no such entry')], () => new TypeError('bug'));
    await expect(applyGlossaryPlan(buggy.api, listed(), [del(2, 'e1')], options())).rejects.toThrow(TypeError);
  });
});

describe('rejections of a batch', () => {
  it('a 422 naming an operation is sent alone and the rest together, as a 400 is; another status fails the whole batch', async () => {
    const s = service([], [(ops) => rejected(422, `operations[1]: bad ${JSON.stringify(ops[1])}`), () => rejected(422, 'operations[0]: bad')]);
    const r = await applyGlossaryPlan(s.api, [], [insert(2, 'a'), insert(3, 'b'), insert(4, 'c')], options({ batchSize: 3 }));
    expect(s.puts.map((b) => b.map((o) => (o.type === 'insert' ? o.translations.en : '')))).toEqual([['a', 'b', 'c'], ['b'], ['a', 'c']]);
    expect(r.failed.map((f) => [f.line, f.status, f.message])).toEqual([[3, 422, 'bad']]);
    expect(r.applied.map((p) => p.line)).toEqual([2, 4]);
    const conflict = service([], [() => rejected(409, 'operations[1]: conflict')]);
    const r2 = await applyGlossaryPlan(conflict.api, [], [insert(2, 'a'), insert(3, 'b')], options());
    expect(conflict.puts).toHaveLength(1);
    expect(r2.failed.map((f) => [f.status, f.message])).toEqual([[409, 'operations[1]: conflict'], [409, 'operations[1]: conflict']]);
  });

  it('an index past the end of the batch halves it instead', async () => {
    const s = service([], [() => rejected(400, 'operations[2]: bad'), () => rejected(400, 'operations[0]: bad')]);
    const r = await applyGlossaryPlan(s.api, [], [insert(2, 'a'), insert(3, 'b')], options());
    expect(s.puts.map((b) => b.length)).toEqual([2, 1, 1]);
    expect(r.failed.map((f) => f.line)).toEqual([2]);
  });
});

describe('the result', () => {
  it('counts every request, lists applied and failed in line order whatever order they settled in', async () => {
    // Lines out of order in the plan (a sync plans deletes after the rows): the result is by line.
    const ops = [insert(5, 'a'), insert(2, 'b'), insert(9, 'BAD'), insert(3, 'e')];
    const refuseBad = (batch: GlossaryOperation[]) => {
      const i = batch.findIndex((o) => o.type === 'insert' && ['e', 'BAD'].includes(o.translations.en as string));
      return i < 0 ? undefined : rejected(400, `operations[${i}]: bad`);
    };
    const s = service([], Array.from({ length: 10 }, () => refuseBad));
    const r = await applyGlossaryPlan(s.api, [], ops, options());
    expect(r.requests).toBe(s.puts.length);
    expect(r.applied.map((p) => p.line)).toEqual([2, 5]);
    expect(r.failed.map((f) => f.line)).toEqual([3, 9]);
  });

  it('an unknown outcome: the notice says how many landed and how many are held back, and until when', async () => {
    const notices: string[] = [];
    const s = service([], [
      (ops) => {
        s.glossary.push({ id: 'x', translations: (ops[0] as { translations: Record<string, string> }).translations });
        return reset();
      },
    ]);
    const r = await applyGlossaryPlan(s.api, [], [insert(2, 'a'), insert(3, 'b'), insert(4, 'c')], options({ batchSize: 3, now: () => 60_000, holdBackMs: 600_000, onNotice: (m) => notices.push(m) }));
    expect(notices).toContain('1 of 3 had landed; 2 had not (yet), and are held back until 1970-01-01T00:11:00.000Z: not sent again before then (the service may still apply them)');
    expect(r.applied.map((p) => p.line)).toEqual([2]);
    expect(r.failed.map((f) => f.line)).toEqual([3, 4]);
  });

  it('a failed operation found in the final listing moves to applied, with a notice naming its line', async () => {
    const notices: string[] = [];
    let late: GlossaryOperation[] = [];
    const s = service([], [
      (ops) => {
        late = ops;
        return reset();
      },
    ]);
    // The batch lands between the check listings and the final one: after two checks that agree.
    let listings = 0;
    const api = {
      update: s.api.update,
      async *list() {
        if (++listings === 3) for (const op of late) if (op.type === 'insert') s.glossary.push({ id: `late-${op.translations.en}`, translations: op.translations });
        yield* s.api.list();
      },
    };
    const r = await applyGlossaryPlan(api, [], [insert(2, 'a'), insert(3, 'b'), insert(4, 'c')], options({ batchSize: 2, onNotice: (m) => notices.push(m) }));
    expect(r.landedLate.map((p) => p.line)).toEqual([2, 3]);
    // The held-back batch did not stop the next one.
    expect(r.applied.map((p) => p.line)).toEqual([2, 3, 4]);
    expect(r.failed).toEqual([]);
    expect(notices).toContain('2 operations reported failed above landed after all (line 2, 3)');
  });

  it('a check that finds nothing landed settles no operation twice: progress counts each one once', async () => {
    const settled: number[] = [];
    const s = service([], [() => reset()]);
    const r = await applyGlossaryPlan(s.api, [], [insert(2, 'a'), insert(3, 'b'), insert(4, 'c')], options({ onSettled: (n) => settled.push(n) }));
    // Lines 2-3 are held back (settled as failed when the run ends); line 4 is sent meanwhile.
    expect(r.failed.map((f) => f.line)).toEqual([2, 3]);
    expect(r.applied.map((p) => p.line)).toEqual([4]);
    expect(settled).toEqual([1, 2]);
  });

  it('a listing that fails the check of an unknown outcome stops the run, saying so', async () => {
    const s = service([], [() => reset()], () => new NotFoundError('not found (404): no such organization', { status: 404 }));
    const r = await applyGlossaryPlan(s.api, [], [insert(2, 'a'), insert(3, 'b')], options({ batchSize: 1 }));
    expect(r.stopReason).toBe(
      "a request's outcome was unknown (no answer (failed (UND_ERR_SOCKET))) and the glossary could not be listed to check it: not found (404): no such organization",
    );
    expect(r.stoppedBy).toBeInstanceOf(TeamctlError);
    expect(r.failed.map((f) => f.message)).toEqual([expect.stringMatching(/^outcome unknown: /), 'not sent: the glossary could not be listed: not found (404): no such organization']);
  });
});
