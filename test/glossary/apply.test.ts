import fc from 'fast-check';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { ApiClient } from '../../src/api/client.js';
import type { GlossaryOperation, GlossaryTranslations } from '../../src/api/types.js';
import { AuthError, ServiceError, type TeamctlError } from '../../src/errors.js';
import { applyGlossaryPlan, type ApplyOptions } from '../../src/glossary/apply.js';
import { mayStillBeProcessing, namedOperationIndex } from '../../src/glossary/failures.js';
import { verifyGlossary } from '../../src/glossary/verify.js';
import { sameTranslations } from '../../src/model/entries.js';
import { applyOperations, type GlossaryEntryLike, type PlannedOperation } from '../../src/plan/glossary.js';

// A scripted fake of the service: each PUT takes the next behaviour (default 'ok'), validates the
// whole batch like the sandbox (unknown id or a "BAD" term → 400 naming the index, more than
// `maxBatch` → 413), and applies it or not as the behaviour says. Time is virtual: the executor
// waits through `fake.sleep`, which only moves the fake's clock, so nothing really waits; a batch
// the service processes late is applied once the clock reaches its time.
type Behaviour =
  | 'ok'
  /** Applied, then the answer is lost (reset). */
  | 'applyThenLose'
  /** 502 from a proxy: nothing applied. */
  | 'lose'
  /** The first n operations applied, then the answer is lost. */
  | { partial: number }
  /**
   * Our request times out (or, with `answer`, a gateway answers 502 or 504, or the service's own
   * 503 JSON); the service applies the first `applied` operations at once (default none) and the
   * rest `late` ms after it was sent.
   */
  | { late: number; applied?: number; answer?: 502 | 503 | 504 }
  /** A 503 in the service's own error JSON, Retry-After 3 s: nothing applied (which the client cannot know). */
  | 'unavailable'
  /** 429 after the client's retries: provably nothing applied. */
  | 'notProcessed'
  | 'unauthorized';

const url = 'http://sandbox.test/v1/orgs/acme/translations-glossary';
// Errors shaped as the client throws them (message with the request line, detail without).
const lostAnswer = () => new ServiceError(`PUT ${url} failed (UND_ERR_SOCKET)`, { outcome: 'unknown', detail: 'failed (UND_ERR_SOCKET)' });
const badGateway = () => new ServiceError(`PUT ${url} failed with 502: HTTP 502: Bad Gateway`, { status: 502, outcome: 'unknown', detail: 'HTTP 502: Bad Gateway' });
const timedOut = () => new ServiceError(`PUT ${url} timed out after 2s`, { outcome: 'unknown', detail: 'timed out after 2s', code: 'TIMEOUT' });
// As the client throws it: no retry, outcome unknown, with the wait the answer asked for.
const unavailable = () => new ServiceError(`PUT ${url} failed with 503: overloaded`, { status: 503, outcome: 'unknown', detail: 'overloaded', retryAfterMs: 3000 });
const gatewayTimeout = () => new ServiceError(`PUT ${url} failed with 504: upstream timed out`, { status: 504, outcome: 'unknown', detail: 'upstream timed out' });
const rejected = (status: number, text: string) => new ServiceError(`PUT ${url} failed with ${status}: ${text}`, { status, outcome: 'rejected', detail: text });

/** The request timeout the executor is told in these tests (the fake's timeouts say "2s"). */
const requestTimeoutMs = 2000;

/**
 * A listing in pages of `size` entries (at least one page, as the service answers), from a read of
 * the whole glossary when the listing starts: small pages put every check and the verification
 * across page boundaries.
 */
async function* inPages(read: () => Promise<GlossaryEntryLike[]>, size: number): AsyncGenerator<GlossaryEntryLike[]> {
  const all = await read();
  for (let i = 0; i === 0 || i < all.length; i += size) yield all.slice(i, i + size);
}

class FakeService {
  entries = new Map<string, GlossaryTranslations>();
  puts: GlossaryOperation[][] = [];
  reads = 0;
  script: Behaviour[] = [];
  /** Behaviour once the script is used up. */
  then: Behaviour = 'ok';
  maxBatch = Infinity;
  /** 400 messages without the operation's index. */
  anonymousRejections = false;
  readFails = false;
  /** Entries per page of a listing. */
  pageSize = 2;
  /** The virtual clock (ms), and every wait the executor made. */
  now = 0;
  waits: number[] = [];
  /** Batches the service is still working on: applied when the clock reaches `at`. */
  private processing: { at: number; ops: GlossaryOperation[] }[] = [];
  private nextId = 0;

  constructor(initial: GlossaryEntryLike[] = []) {
    for (const e of initial) this.entries.set(e.id, { ...e.translations });
  }

  glossary(): GlossaryEntryLike[] {
    return [...this.entries].map(([id, translations]) => ({ id, translations: { ...translations } }));
  }

  private applyOne(op: GlossaryOperation): void {
    if (op.type === 'insert') this.entries.set(`e${++this.nextId}`, { ...op.translations });
    else if (op.type === 'update') this.entries.set(op.id, { ...op.translations });
    else this.entries.delete(op.id);
  }

  /** Applies the late batches whose time has come, in time order. */
  private catchUp(): void {
    this.processing.sort((a, b) => a.at - b.at);
    while (this.processing[0] && this.processing[0].at <= this.now) (this.processing.shift() as { ops: GlossaryOperation[] }).ops.forEach((op) => this.applyOne(op));
  }

  /** Lets the service finish everything it is still working on. */
  finishAll(): void {
    this.now = Infinity;
    this.catchUp();
  }

  sleep = async (ms: number): Promise<void> => {
    this.waits.push(ms);
    this.now += ms;
    this.catchUp();
  };

  api = {
    update: async (ops: GlossaryOperation[]): Promise<void> => {
      this.catchUp();
      this.puts.push(ops);
      const behaviour = this.script.shift() ?? this.then;
      if (behaviour === 'notProcessed') {
        throw new ServiceError(`PUT ${url} failed with 429 (after 5 attempts): slow down`, { status: 429, outcome: 'not-processed', detail: 'slow down (after 5 attempts)' });
      }
      if (behaviour === 'unavailable') throw unavailable();
      if (behaviour === 'unauthorized') throw new AuthError('authentication failed (401): token expired', { status: 401, detail: 'token expired' });
      if (ops.length > this.maxBatch) throw rejected(413, `${ops.length} operations in one request; at most ${this.maxBatch}`);
      ops.forEach((op, i) => {
        const where = this.anonymousRejections ? 'an operation' : `operations[${i}]`;
        if (op.type !== 'insert' && !this.entries.has(op.id)) throw rejected(400, `${where}: no glossary entry with id "${op.id}"`);
        if (op.type !== 'delete' && Object.values(op.translations).some((t) => t.includes('BAD'))) {
          throw rejected(400, `${where}: translations must be 1-255 characters`);
        }
      });
      if (behaviour === 'lose') throw badGateway();
      if (typeof behaviour === 'object' && 'late' in behaviour) {
        const now = behaviour.applied ?? 0;
        ops.slice(0, now).forEach((op) => this.applyOne(op));
        this.processing.push({ at: this.now + behaviour.late, ops: ops.slice(now) });
        this.catchUp();
        throw behaviour.answer === 502 ? badGateway() : behaviour.answer === 503 ? unavailable() : behaviour.answer === 504 ? gatewayTimeout() : timedOut();
      }
      if (typeof behaviour === 'object') {
        ops.slice(0, behaviour.partial).forEach((op) => this.applyOne(op));
        throw lostAnswer();
      }
      ops.forEach((op) => this.applyOne(op));
      if (behaviour === 'applyThenLose') throw lostAnswer();
    },
    read: async (): Promise<GlossaryEntryLike[]> => {
      this.catchUp();
      this.reads++;
      if (this.readFails) throw new ServiceError(`GET ${url} failed (ECONNRESET) after 5 attempts`, { outcome: 'unknown', detail: 'failed (ECONNRESET) after 5 attempts' });
      return this.glossary();
    },
    list: (): AsyncIterable<GlossaryEntryLike[]> => inPages(() => this.api.read(), this.pageSize),
  };
}

const insert = (line: number, en: string, fr?: string): PlannedOperation => ({
  line,
  operation: { type: 'insert', translations: fr === undefined ? { en } : { en, fr } },
});
const update = (line: number, id: string, translations: GlossaryTranslations): PlannedOperation => ({
  line,
  operation: { type: 'update', id, translations },
});
const inserts = (n: number, from = 2) => Array.from({ length: n }, (_, i) => insert(from + i, `term ${i}`, `terme ${i}`));

const run = (fake: FakeService, ops: PlannedOperation[], opts: Partial<ApplyOptions> = {}) =>
  applyGlossaryPlan(fake.api, fake.glossary(), ops, { batchSize: 100, requestTimeoutMs, sleep: fake.sleep, now: () => fake.now, random: () => 0, ...opts });

/** Entries per translation signature: more than one of an inserted term is a duplicate. */
function countOf(fake: FakeService, translations: GlossaryTranslations): number {
  return fake.glossary().filter((e) => sameTranslations(e.translations, translations)).length;
}
/** How many entries hold each translation map. */
function counts(es: GlossaryEntryLike[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const e of es) {
    const k = JSON.stringify(Object.entries(e.translations).sort());
    out.set(k, (out.get(k) ?? 0) + 1);
  }
  return out;
}
/** A glossary as a sorted list of comparable translation maps. */
const sig = (es: GlossaryEntryLike[]) => es.map((e) => JSON.stringify(Object.entries(e.translations).sort())).sort();

describe('applyGlossaryPlan', () => {
  it('sends batches of at most batchSize, in order, applies everything, and verifies with one listing', async () => {
    const fake = new FakeService();
    const ops = inserts(250);
    const r = await run(fake, ops);
    expect(fake.puts.map((b) => b.length)).toEqual([100, 100, 50]);
    expect(fake.puts.flat()).toEqual(ops.map((o) => o.operation));
    expect(r.applied).toEqual(ops);
    expect(r.failed).toEqual([]);
    expect(fake.entries.size).toBe(250);
    expect(r.checks).toBe(0);
    expect(fake.reads).toBe(1); // the final verification
    expect(r).toMatchObject({ verified: true, discrepancies: [], landedLate: [] });
    expect(fake.waits).toEqual([]);
  });

  it('a service that confirms and applies nothing: the final listing moves every operation from applied to failed', async () => {
    const fake = new FakeService([{ id: 'a', translations: { en: 'bank' } }, { id: 'b', translations: { en: 'door' } }]);
    const ops: PlannedOperation[] = [insert(2, 'wall', 'mur'), update(3, 'a', { en: 'bank', fr: 'banque' }), { line: 4, operation: { type: 'delete', id: 'b' } }];
    const api = { update: async () => {}, list: fake.api.list };
    const r = await applyGlossaryPlan(api, fake.glossary(), ops, { batchSize: 100, requestTimeoutMs, sleep: fake.sleep });
    expect(r.applied).toEqual([]);
    expect(r.failed.map((f) => [f.line, f.status, f.missing, f.planned])).toEqual(ops.map((p) => [p.line, null, true, p]));
    expect(r.discrepancies).toEqual([]);
    expect(r.verified).toBe(true);
  });

  it('verify: false lists nothing; an empty run lists nothing either', async () => {
    const fake = new FakeService();
    await run(fake, inserts(3), { verify: false });
    expect(fake.reads).toBe(0);
    const r = await run(fake, []);
    expect(fake.reads).toBe(0);
    expect(r.verified).toBe(true);
  });

  it('an answer lost after the batch was applied: nothing is sent again, no duplicate', async () => {
    const fake = new FakeService();
    fake.script = ['applyThenLose'];
    const notices: string[] = [];
    const ops = inserts(250);
    const r = await run(fake, ops, { onNotice: (m) => notices.push(m) });
    expect(fake.puts.map((b) => b.length)).toEqual([100, 100, 50]);
    expect(r.checks).toBe(1); // everything had landed: one listing settles it
    expect(fake.reads).toBe(2);
    expect(r.applied).toHaveLength(250);
    expect(r.failed).toEqual([]);
    expect(fake.entries.size).toBe(250);
    for (const op of ops) expect(countOf(fake, op.operation.type === 'insert' ? op.operation.translations : {})).toBe(1);
    expect(notices.join('\n')).toContain('100 of 100 had landed');
    expect(notices[0]).toBe('100 operations sent, outcome unknown: no answer (failed (UND_ERR_SOCKET)); listing the glossary to see what landed');
  });

  it('a 502 that applied nothing: two listings agree it did not land; it is held back, not sent again, and the later batches go on', async () => {
    const fake = new FakeService();
    fake.script = ['ok', 'lose'];
    const notices: string[] = [];
    const ops = inserts(30);
    const r = await run(fake, ops, { settle: false, batchSize: 10, onNotice: (m) => notices.push(m) });
    expect(fake.puts.map((b) => b.length)).toEqual([10, 10, 10]);
    expect(fake.puts[2]).toEqual(ops.slice(20).map((o) => o.operation));
    expect(r.checks).toBe(2);
    expect(fake.waits).toEqual([500, 500]); // not a timeout: the short check delay, twice
    expect(r.applied).toEqual([...ops.slice(0, 10), ...ops.slice(20)]);
    expect(r.failed.map((f) => [f.line, f.status])).toEqual(ops.slice(10, 20).map((o) => [o.line, 502]));
    expect(r.failed[0]?.message).toBe(
      'outcome unknown: the service answered 502 (HTTP 502: Bad Gateway); the service may still apply it, so it was not re-sent ' +
        '(that could duplicate it) — held back until 1970-01-01T00:01:00.000Z: a run after that sends it if it is still missing (a re-run skips what landed)',
    );
    expect(r.failed.every((f) => f.outcomeUnknown)).toBe(true);
    expect(r.stoppedBy).toBeUndefined();
    expect(fake.entries.size).toBe(20);
    // The service did answer: the notice says what it answered.
    expect(notices[0]).toBe('10 operations sent, outcome unknown: the service answered 502 (HTTP 502: Bad Gateway); listing the glossary to see what landed');
    expect(notices[1]).toBe('0 of 10 had landed; 10 had not (yet), and are held back until 1970-01-01T00:01:00.000Z: not sent again before then (the service may still apply them)');
  });

  it('a batch that landed in part: what landed counts as applied, the rest fails as unknown and is not sent again', async () => {
    const fake = new FakeService([{ id: 'x1', translations: { en: 'bank', fr: 'rive' } }]);
    fake.script = [{ partial: 3 }];
    const ops = [...inserts(4), update(9, 'x1', { en: 'bank', fr: 'banque' })];
    const r = await run(fake, ops, { settle: false });
    expect(fake.puts).toHaveLength(1);
    expect(r.applied).toEqual(ops.slice(0, 3));
    expect(r.failed.map((f) => f.line)).toEqual([5, 9]);
    expect(r.failed[0]?.message).toMatch(/^outcome unknown: no answer \(failed \(UND_ERR_SOCKET\)\); the service may still apply it, so it was not re-sent/);
    expect(fake.entries.size).toBe(4);
    expect(fake.entries.get('x1')).toEqual({ en: 'bank', fr: 'rive' });
  });

  it('an update whose answer was lost counts as landed when the entry has its translations', async () => {
    const fake = new FakeService([{ id: 'x1', translations: { en: 'bank', fr: 'rive' } }]);
    fake.script = ['applyThenLose'];
    const r = await run(fake, [update(2, 'x1', { en: 'bank', fr: 'banque' })]);
    expect(fake.puts).toHaveLength(1);
    expect(r.applied).toHaveLength(1);
  });

  it('checks after earlier batches were applied without listing (placeholders for their inserts)', async () => {
    const fake = new FakeService();
    fake.script = ['ok', 'ok', { partial: 1 }];
    const ops = [...inserts(20), insert(40, 'term 0', 'autre')]; // same en term as line 2, other fr
    const r = await run(fake, ops, { settle: false, batchSize: 8 });
    // The third batch's first operation landed: found although 16 entries were never listed before.
    expect(r.applied.map((o) => o.line)).toEqual(ops.slice(0, 17).map((o) => o.line));
    expect(r.failed).toHaveLength(4);
    expect(fake.entries.size).toBe(17);
    expect(fake.puts.map((b) => b.length)).toEqual([8, 8, 5]);
  });

  it('within the hold-back time nothing is sent again: a gateway that keeps failing gets one PUT per batch, and the run stops after 5 in a row', async () => {
    const fake = new FakeService();
    fake.then = 'lose';
    const ops = inserts(80);
    const r = await run(fake, ops, { batchSize: 10, random: () => 1, settle: false });
    expect(fake.puts.map((b) => b[0])).toEqual([0, 1, 2, 3, 4].map((i) => ops[i * 10]?.operation));
    expect(r.checks).toBe(10); // two agreeing listings per batch
    expect(fake.reads).toBe(11); // and the final verification
    // The backoff between unknown outcomes in a row (the random source at its top): 250 ms × 2ⁿ, at least the check delay.
    expect(fake.waits).toEqual([500, 500, 500, 500, 1000, 500, 2000, 500, 4000, 500]);
    expect(r.applied).toEqual([]);
    expect(r.failed.map((f) => [f.line, f.status])).toEqual(ops.map((o, i) => [o.line, i < 50 ? 502 : null]));
    expect(r.failed[50]?.message).toBe('not sent: 5 earlier requests in a row had an unknown outcome');
    expect(r.stopReason).toMatch(/^5 batches in a row had an unknown outcome \(the last: the service answered 502 \(HTTP 502: Bad Gateway\)\)/);
    expect(r).toMatchObject({ verified: true, discrepancies: [], landedLate: [] });
    expect(fake.entries.size).toBe(0);
  });


  it('after 5 unknown outcomes in a row the end of the run still settles what is held back: a gateway that recovers gets each missing batch once more, nothing twice', async () => {
    const fake = new FakeService();
    fake.script = ['lose', 'lose', 'lose', 'lose', 'lose'];
    const ops = inserts(80);
    const r = await run(fake, ops, { batchSize: 10, random: () => 1 });
    // The 50 held back are sent again once their hold-back time has passed; the 30 after the stop are not sent.
    expect(fake.puts).toHaveLength(10);
    expect(fake.puts.slice(5).flat()).toEqual(ops.slice(0, 50).map((o) => o.operation));
    expect(r.applied.map((o) => o.line)).toEqual(ops.slice(0, 50).map((o) => o.line));
    expect(r.failed.map((f) => f.message)).toEqual(Array.from({ length: 30 }, () => 'not sent: 5 earlier requests in a row had an unknown outcome'));
    expect(fake.entries.size).toBe(50);
    expect(fake.now).toBeGreaterThan(60_000); // the hold-back time was waited for
  });

  it('answers lost after the batch was applied are not unknown outcomes in a row: each check finds its batch, and the run goes on to the end', async () => {
    const fake = new FakeService();
    fake.then = 'applyThenLose';
    const ops = inserts(80);
    const r = await run(fake, ops, { batchSize: 10 });
    expect(fake.puts).toHaveLength(8);
    expect(r.applied).toHaveLength(80);
    expect(r.failed).toEqual([]);
    expect(r.stopReason).toBeUndefined();
    expect(fake.entries.size).toBe(80);
  });

  it('the check delay is configurable', async () => {
    const fake = new FakeService();
    fake.then = 'lose';
    const r = await run(fake, inserts(2), { settle: false, checkDelayMs: 100 });
    expect(fake.puts).toHaveLength(1);
    expect(fake.waits).toEqual([100, 100]);
    expect(r.failed).toHaveLength(2);
  });

  it('answers lost every time but applied: still exactly one of each', async () => {
    const fake = new FakeService();
    fake.then = 'applyThenLose';
    const r = await run(fake, inserts(25), { batchSize: 10 });
    expect(fake.puts).toHaveLength(3);
    expect(r.applied).toHaveLength(25);
    expect(fake.entries.size).toBe(25);
  });

  it('a 400 naming an operation: that operation fails with the service text, the others land', async () => {
    const fake = new FakeService([{ id: 'x1', translations: { en: 'bank' } }]);
    const ops = [insert(2, 'a'), insert(3, 'b'), update(4, 'gone', { en: 'door' }), insert(5, 'c'), update(6, 'x1', { en: 'bank', fr: 'banque' })];
    const r = await run(fake, ops);
    // The whole batch, the named operation alone (confirmed), the others together.
    expect(fake.puts.map((b) => b.length)).toEqual([5, 1, 4]);
    expect(r.failed).toEqual([{ line: 4, status: 400, message: 'no glossary entry with id "gone"', planned: ops[2] }]);
    expect(r.applied.map((o) => o.line)).toEqual([2, 3, 5, 6]);
    expect(fake.entries.size).toBe(4);
  });

  it('a 400 without an index: the batch is halved until the bad operations are alone', async () => {
    const fake = new FakeService();
    fake.anonymousRejections = true;
    const ops = inserts(8);
    ops[5] = insert(7, 'BAD term');
    const r = await run(fake, ops);
    expect(r.failed.map((f) => f.line)).toEqual([7]);
    expect(r.failed[0]?.message).toBe('an operation: translations must be 1-255 characters');
    expect(r.applied).toHaveLength(7);
    expect(fake.puts.map((b) => b.length)).toEqual([8, 4, 4, 2, 1, 1, 2]);
  });

  it('several bad operations in one batch each fail alone', async () => {
    const fake = new FakeService();
    const ops = inserts(10);
    ops[1] = insert(3, 'BAD 1');
    ops[8] = insert(10, 'BAD 2');
    const r = await run(fake, ops);
    expect(r.failed.map((f) => f.line)).toEqual([3, 10]);
    expect(r.applied).toHaveLength(8);
  });

  it('everything rejected: nothing applied, nothing uncertain, no verification listing needed', async () => {
    const fake = new FakeService();
    const r = await run(fake, [insert(2, 'BAD 1'), insert(3, 'BAD 2')]);
    expect(r.applied).toEqual([]);
    expect(r.failed.map((f) => f.status)).toEqual([400, 400]);
    expect(r.stoppedBy).toBeUndefined();
    expect(fake.reads).toBe(0);
    expect(r.verified).toBe(true);
  });

  it('a 413 halves the batch, down to what the service takes', async () => {
    const fake = new FakeService();
    fake.maxBatch = 3;
    const ops = inserts(10);
    const r = await run(fake, ops, { batchSize: 10 });
    expect(fake.puts.map((b) => b.length)).toEqual([10, 5, 3, 2, 5, 3, 2]);
    expect(r.applied).toEqual(ops);
    expect(fake.entries.size).toBe(10);
  });

  it('a single operation still too large fails with the service text', async () => {
    const fake = new FakeService();
    fake.maxBatch = 0;
    const r = await run(fake, inserts(2));
    expect(r.failed.map((f) => [f.line, f.status])).toEqual([
      [2, 413],
      [3, 413],
    ]);
    expect(r.failed[0]?.message).toMatch(/too large: 1 operations in one request/);
  });

  it('not processed (429 after retries): that batch fails and later batches are not sent', async () => {
    const fake = new FakeService();
    fake.script = ['ok', 'notProcessed'];
    const r = await run(fake, inserts(30), { batchSize: 10 });
    expect(fake.puts).toHaveLength(2);
    expect(r.applied).toHaveLength(10);
    expect(r.failed).toHaveLength(20);
    expect(r.failed[0]).toMatchObject({ line: 12, status: 429 });
    expect(r.failed[0]?.message).toMatch(/^not applied: /);
    expect(r.failed[19]).toMatchObject({ line: 31, status: null });
    expect(r.failed[19]?.message).toMatch(/^not sent: an earlier request was refused without being processed/);
    expect(r.checks).toBe(0);
    expect(fake.reads).toBe(1); // the final verification only
  });

  it('an unknown outcome that cannot be checked: not sent again, nothing after it, and not verified', async () => {
    const fake = new FakeService();
    fake.script = ['applyThenLose'];
    fake.readFails = true;
    const r = await run(fake, inserts(20), { batchSize: 10 });
    expect(fake.puts).toHaveLength(1);
    expect(r.applied).toEqual([]);
    expect(r.failed).toHaveLength(20);
    expect(r.failed[0]?.message).toMatch(/^outcome unknown: no answer \(failed \(UND_ERR_SOCKET\)\); listing the glossary to check failed \(.*\); not sent again, to avoid a duplicate/);
    expect(r.failed[10]?.message).toMatch(/^not sent: the glossary could not be listed/);
    expect(r.verified).toBe(false);
    expect(r.verifyError?.message).toMatch(/ECONNRESET/);
  });

  it('401 stops the run: the batch fails, later ones are not sent', async () => {
    const fake = new FakeService();
    fake.script = ['unauthorized'];
    const r = await run(fake, inserts(20), { batchSize: 10 });
    expect(fake.puts).toHaveLength(1);
    expect(r.failed.map((f) => f.status)).toEqual([...Array(10).fill(401), ...Array(10).fill(null)]);
  });

  it('reports progress for every operation once', async () => {
    const fake = new FakeService();
    fake.script = [{ partial: 4 }];
    const ops = inserts(12);
    ops[9] = insert(11, 'BAD');
    let settled = 0;
    await run(fake, ops, { batchSize: 6, onSettled: (n) => (settled += n) });
    expect(settled).toBe(12);
  });

  it('lets bugs propagate', async () => {
    const api = { update: async () => Promise.reject(new TypeError('bug')), list: () => inPages(async () => [], 2) };
    await expect(applyGlossaryPlan(api, [], inserts(1), { batchSize: 1 })).rejects.toThrow(TypeError);
  });
});

describe('applyGlossaryPlan: requests the service processes late (timeouts)', () => {
  it('a timed-out batch the service applies after 1.5 s: the check waits out the request timeout, sees it, sends nothing again', async () => {
    const fake = new FakeService();
    fake.script = [{ late: 1500 }];
    const notices: string[] = [];
    const ops = inserts(20);
    const r = await run(fake, ops, { batchSize: 10, onNotice: (m) => notices.push(m) });
    fake.finishAll();
    // No duplicate, ever: each term once, and the timed-out batch was not sent again.
    expect(fake.puts.map((b) => b.length)).toEqual([10, 10]);
    for (const op of ops) expect(countOf(fake, op.operation.type === 'insert' ? op.operation.translations : {})).toBe(1);
    expect(r.applied).toEqual(ops);
    expect(r.failed).toEqual([]);
    // The first wait is the request timeout plus the check delay: longer than the lateness.
    expect(fake.waits[0]).toBe(requestTimeoutMs + 500);
    expect(notices[0]).toBe(
      '10 operations sent, outcome unknown: no answer (timed out after 2s); the service may still be working on it: waiting 3s before listing the glossary to see what landed',
    );
    expect(r.discrepancies).toEqual([]);
  });

  it('a batch that lands between the two check listings: the listings disagree, a third settles it, nothing is re-sent', async () => {
    const fake = new FakeService();
    fake.script = [{ late: requestTimeoutMs + 700 }];
    const r = await run(fake, inserts(5), { checkDelayMs: 500 });
    fake.finishAll();
    expect(fake.puts).toHaveLength(1);
    expect(r.checks).toBe(2); // 2.5 s: nothing yet; 3 s: all there → settled
    expect(fake.entries.size).toBe(5);
    expect(r.applied).toHaveLength(5);
  });

  it('a timed-out batch that landed in part: the landed operations are applied, the others are held back, the next batch goes on', async () => {
    const fake = new FakeService();
    // Lines 2-3 land at once; lines 4-6 only after 10 s, long after the checks (2.5 s, 3 s).
    fake.script = [{ late: 10_000, applied: 2 }];
    const notices: string[] = [];
    const ops = inserts(8);
    const r = await run(fake, ops, { settle: false, batchSize: 5, onNotice: (m) => notices.push(m) });
    // Never sent again; the second batch (lines 7-9) is sent after the check.
    expect(fake.puts.map((b) => b.length)).toEqual([5, 3]);
    expect(fake.waits).toEqual([requestTimeoutMs + 500, 500]); // the checks; no wait before the verification
    expect(r.checks).toBe(2);
    expect(fake.reads).toBe(3); // two check listings and the final verification
    expect(r.applied.map((o) => o.line)).toEqual([2, 3, 7, 8, 9]);
    expect(r.failed.map((f) => [f.line, f.status])).toEqual([
      [4, null],
      [5, null],
      [6, null],
    ]);
    expect(r.failed[0]?.message).toBe(
      'outcome unknown: no answer (timed out after 2s); the service may still apply it, so it was not re-sent ' +
        '(that could duplicate it) — held back until 1970-01-01T00:01:00.000Z: a run after that sends it if it is still missing (a re-run skips what landed)',
    );
    expect(r.stoppedBy).toBeUndefined();
    expect(r).toMatchObject({ verified: true, discrepancies: [], landedLate: [] });
    expect(notices).toContain('2 of 5 had landed; 3 had not (yet), and are held back until 1970-01-01T00:01:00.000Z: not sent again before then (the service may still apply them)');
    // The service finishes the batch later: every term once, no duplicate.
    fake.finishAll();
    expect(fake.entries.size).toBe(8);
    for (const op of ops) expect(countOf(fake, op.operation.type === 'insert' ? op.operation.translations : {})).toBe(1);
  });

  it("a 503 in the service's own error JSON proves nothing: waited out as Retry-After asks, held back, never re-sent while it may land — and it lands once", async () => {
    const fake = new FakeService();
    // The first batch is answered 503 at once and applied 4 s later (an API behind a gateway
    // whose upstream reset after writing); the second is answered 503 and truly dropped.
    fake.script = [{ late: 4000, answer: 503 }, 'unavailable'];
    const notices: string[] = [];
    const ops = inserts(6);
    const r = await run(fake, ops, { settle: false, batchSize: 2, holdBackMs: 5000, onNotice: (m) => notices.push(m) });
    // 0 s: batch 1, 503 → wait the 3 s asked, two listings (3 s, 3.5 s): not there, held back
    // until 5 s. 3.5 s: batch 2, 503 → listing at 6.5 s: batch 1 has landed (it counts as applied,
    // no longer held), batch 2 has not: held back until 8.5 s. 7 s: batch 3, not yet due, so nothing re-sent.
    expect(fake.puts).toEqual([ops.slice(0, 2), ops.slice(2, 4), ops.slice(4)].map((b) => b.map((o) => o.operation)));
    expect(fake.waits).toEqual([3000, 500, 3000, 500]);
    expect(notices[0]).toBe('2 operations sent, outcome unknown: the service answered 503 (overloaded); listing the glossary to see what landed (after the 3s the service asked to wait)');
    expect(r.applied.map((o) => o.line)).toEqual([2, 3, 6, 7]);
    expect(r.failed.map((f) => [f.line, f.status, f.outcomeUnknown])).toEqual([
      [4, 503, true],
      [5, 503, true],
    ]);
    expect(r.failed[0]?.message).toMatch(/^outcome unknown: the service answered 503 \(overloaded\); the service may still apply it, so it was not re-sent \(that could duplicate it\) — held back until 1970-01-01T00:00:08\.500Z/);
    expect(r.stoppedBy).toBeUndefined();
    fake.finishAll();
    for (const op of ops.slice(0, 2).concat(ops.slice(4))) expect(countOf(fake, op.operation.type === 'insert' ? op.operation.translations : {})).toBe(1);
    expect(fake.entries.size).toBe(4);
  });

  it('a 503 that truly applied nothing: held back, and once the hold-back time has passed in the same run, listed again and re-sent once', async () => {
    const fake = new FakeService();
    fake.script = ['unavailable'];
    const released: number[] = [];
    const api = { ...fake.api, released: async (glossary: readonly GlossaryEntryLike[]) => void released.push(glossary.length) };
    const notices: string[] = [];
    const ops = inserts(6);
    const r = await applyGlossaryPlan(api, [], ops, { batchSize: 2, requestTimeoutMs, sleep: fake.sleep, now: () => fake.now, random: () => 0, holdBackMs: 3000, onNotice: (m) => notices.push(m) });
    // 0 s: batch 1, 503 → 3 s and 3.5 s: not there, held back until 3 s. 3.5 s: before batch 2 the
    // hold-back time has passed: two listings agree they are still missing, the journal forgets
    // them, they are sent again first, then batches 2 and 3.
    const sent = fake.puts.map((b) => b.map((op) => (op.type === 'insert' ? op.translations.en : '')));
    expect(sent).toEqual([['term 0', 'term 1'], ['term 0', 'term 1'], ['term 2', 'term 3'], ['term 4', 'term 5']]);
    expect(r.checks).toBe(4);
    expect(released).toEqual([0]);
    expect(notices).toContain('2 operations held back since 1970-01-01T00:00:00.000Z still not in the glossary once the hold-back time has passed: sent again');
    expect(r.applied).toEqual(ops);
    expect(r.failed).toEqual([]);
    expect(r).toMatchObject({ verified: true, discrepancies: [], landedLate: [] });
    fake.finishAll();
    expect(fake.entries.size).toBe(6);
    for (const op of ops) expect(countOf(fake, op.operation.type === 'insert' ? op.operation.translations : {})).toBe(1);
  });

  it('a gateway timeout (504) is a timeout too: what had not landed is not sent again', async () => {
    const fake = new FakeService();
    fake.script = [{ late: 60_000, answer: 504 }];
    const r = await run(fake, inserts(3), { settle: false });
    expect(fake.puts).toHaveLength(1);
    expect(fake.waits[0]).toBe(requestTimeoutMs + 500);
    expect(r.applied).toEqual([]);
    expect(r.failed.map((f) => f.status)).toEqual([504, 504, 504]);
    expect(r.failed[0]?.message).toMatch(/^outcome unknown: the service answered 504 \(upstream timed out\); the service may still apply it, so it was not re-sent/);
    fake.finishAll();
    expect(fake.entries.size).toBe(3);
  });

  it('a batch that lands in part while the listings keep changing: nothing re-sent, the rest is held back, the next batch goes on', async () => {
    const fake = new FakeService();
    // Two partial landings of the same batch, as a slow service might: lines 2-3 at 2.7 s, the rest never.
    fake.script = [{ late: 10_000_000 }];
    const ops = inserts(4);
    const api = {
      update: fake.api.update,
      list: () => inPages(async () => {
        if (fake.now >= 2700 && fake.entries.size === 0) ops.slice(0, 2).forEach((op) => fake.entries.set(`x-${op.line}`, { ...(op.operation as { translations: GlossaryTranslations }).translations }));
        return fake.api.read();
      }, 2),
    };
    const r = await applyGlossaryPlan(api, [], [...ops, ...inserts(2, 20)], { batchSize: 4, requestTimeoutMs, sleep: fake.sleep, verify: false });
    // 2.5 s: nothing; 3 s: two → changed; 3.5 s: two again → agree: the other two fail, unsent.
    expect(r.checks).toBe(3);
    expect(fake.puts.map((b) => b.length)).toEqual([4, 2]);
    expect(r.applied.map((o) => o.line)).toEqual([2, 3, 20, 21]);
    expect(r.failed.map((f) => f.line)).toEqual([4, 5]);
    expect(r.failed[0]?.message).toMatch(/^outcome unknown: no answer \(timed out after 2s\); the service may still apply it, so it was not re-sent/);
  });

  it('listings that never settle: nothing sent again, the batch fails as unknown, the next batch goes on', async () => {
    const fake = new FakeService();
    fake.script = [{ late: 10_000_000 }];
    const ops = inserts(6);
    let landed = 0;
    const api = {
      update: fake.api.update,
      // One more operation appears at each listing.
      list: () => inPages(async () => {
        const op = ops[landed++];
        if (op) fake.entries.set(`x-${op.line}`, { ...(op.operation as { translations: GlossaryTranslations }).translations });
        return fake.api.read();
      }, 2),
    };
    const r = await applyGlossaryPlan(api, [], [...ops, ...inserts(3, 50)], { batchSize: 6, requestTimeoutMs, sleep: fake.sleep, verify: false });
    expect(fake.puts.map((b) => b.length)).toEqual([6, 3]);
    expect(r.checks).toBe(4);
    expect(r.applied.map((o) => o.line)).toEqual([2, 3, 4, 5, 50, 51, 52]);
    expect(r.failed.map((f) => f.line)).toEqual([6, 7]);
    expect(r.failed[0]?.message).toMatch(
      /^outcome unknown: no answer \(timed out after 2s\); the glossary was still changing over 4 listings; the service may still apply it, so it was not re-sent/,
    );
  });

  it('the reviewer\'s case: a proxy holds the first PUT 10 s with --timeout 2; no re-send, so no duplicate even after the run', async () => {
    const fake = new FakeService();
    fake.script = [{ late: 10_000 }];
    const ops = inserts(50);
    const r = await run(fake, ops, { settle: false, batchSize: 25 });
    expect(fake.puts).toHaveLength(2);
    expect(r.applied).toEqual(ops.slice(25));
    expect(r.failed.map((f) => f.planned)).toEqual(ops.slice(0, 25));
    fake.finishAll();
    expect(fake.entries.size).toBe(50);
    for (const op of ops) expect(countOf(fake, op.operation.type === 'insert' ? op.operation.translations : {})).toBe(1);
  });

  it('the end of the run settles: the reviewer\'s late batch lands within the hold-back time, so it is applied, never re-sent', async () => {
    const fake = new FakeService();
    fake.script = [{ late: 10_000 }];
    const ops = inserts(50);
    const r = await run(fake, ops, { batchSize: 25 });
    expect(fake.puts).toHaveLength(2);
    expect(r.applied).toEqual(ops);
    expect(r.failed).toEqual([]);
    expect(fake.entries.size).toBe(50);
    for (const op of ops) expect(countOf(fake, op.operation.type === 'insert' ? op.operation.translations : {})).toBe(1);
  });

  it('the end of the run settles: a re-send that meets another 502 is held back again and re-sent again, within the budget', async () => {
    const fake = new FakeService();
    fake.script = ['lose', 'lose', 'lose'];
    const waits: number[] = [];
    const ops = inserts(2);
    const r = await run(fake, ops, { holdBackMs: 60_000, holdBackWait: async (ms) => (waits.push(ms), fake.sleep(ms)) });
    expect(fake.puts).toHaveLength(4);
    expect(waits).toHaveLength(3);
    for (const w of waits) expect(w).toBeGreaterThan(50_000);
    expect(r.applied).toEqual(ops);
    expect(r.failed).toEqual([]);
    expect(fake.entries.size).toBe(2);
  });

  it('the end of the run settles until the retry budget is spent: 5 sends, then it fails as unknown', async () => {
    const fake = new FakeService();
    fake.then = 'lose';
    const notices: string[] = [];
    const ops = inserts(1);
    const r = await run(fake, ops, { onNotice: (m) => notices.push(m) });
    expect(fake.puts).toHaveLength(5);
    expect(notices.filter((m) => /^1 operation held back: waiting \d+s for the hold-back time to pass/.test(m))).toHaveLength(4);
    expect(r.applied).toEqual([]);
    expect(r.failed).toMatchObject([{ line: 2, status: 502, outcomeUnknown: true }]);
    expect(fake.entries.size).toBe(0);
  });

  it('settle: false (--no-settle) does not wait at the end: what is held back fails as unknown at once', async () => {
    const fake = new FakeService();
    fake.script = ['lose'];
    const r = await run(fake, inserts(2), { settle: false, holdBackWait: async () => expect.unreachable('no wait with settle: false') });
    expect(fake.puts).toHaveLength(1);
    expect(r.failed).toHaveLength(2);
    expect(Math.max(...fake.waits)).toBeLessThan(60_000);
  });

  it('a 502 whose batch the service processes after the check listings: not re-sent, so it lands once, found by the final listing', async () => {
    const fake = new FakeService();
    // Not a timeout: the short check delay. 0.5 s and 1 s: not there; the original lands at 1.5 s;
    // the verification listing answers at 2 s.
    fake.script = [{ late: 1500, answer: 502 }];
    const slowFinalRead = { update: fake.api.update, list: () => inPages(async () => (fake.reads === 2 ? (await fake.sleep(1000), fake.api.read()) : fake.api.read()), 2) };
    const ops = [insert(2, 'bank', 'banque'), insert(3, 'door', 'porte')];
    const r = await applyGlossaryPlan(slowFinalRead, [], ops, { settle: false, batchSize: 100, requestTimeoutMs, sleep: fake.sleep });
    expect(fake.puts).toHaveLength(1);
    expect(fake.waits).toEqual([500, 500, 1000]);
    expect(fake.entries.size).toBe(2);
    expect(r.applied).toEqual(ops);
    expect(r.landedLate).toEqual(ops);
    expect(r.failed).toEqual([]);
    expect(r.discrepancies).toEqual([]);
  });

  it('a batch failed as unknown that lands before the final listing: moved to applied, not reported as failed', async () => {
    const fake = new FakeService();
    fake.script = [{ late: 5000 }];
    const ops = inserts(3);
    // One attempt only, so the batch fails after its check (2.5 s, 3 s); it lands at 5 s, before
    // the verification listing (which takes until 8 s here).
    const slowRead = { update: fake.api.update, list: () => inPages(async () => (fake.reads === 2 ? (await fake.sleep(5000), fake.api.read()) : fake.api.read()), 2) };
    const r = await applyGlossaryPlan(slowRead, [], ops, { batchSize: 10, requestTimeoutMs, sleep: fake.sleep });
    expect(fake.puts).toHaveLength(1);
    expect(r.failed).toEqual([]);
    expect(r.applied).toEqual(ops);
    expect(r.landedLate).toEqual(ops);
    expect(r.discrepancies).toEqual([]);
  });

  it('the real client\'s timeout counts as "may still be processing", like a 504; a 502 or a reset does not', async () => {
    const server = createServer(() => {
      /* never answers */
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const client = new ApiClient({ baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, token: 't', userAgent: 'test', timeoutMs: 50 });
    try {
      const err = (await client.request('PUT', '/g', { body: {}, retryClass: 'unprocessed-only' }).catch((e: unknown) => e)) as TeamctlError;
      expect(err).toBeInstanceOf(ServiceError);
      expect(mayStillBeProcessing(err)).toBe(true);
    } finally {
      await client.close();
      server.closeAllConnections();
      server.close();
    }
    expect(mayStillBeProcessing(new ServiceError('x', { status: 504, outcome: 'unknown', detail: 'HTTP 504' }))).toBe(true);
    expect(mayStillBeProcessing(badGateway())).toBe(false);
    expect(mayStillBeProcessing(lostAnswer())).toBe(false);
    expect(mayStillBeProcessing(new ServiceError('x', { outcome: 'unknown', detail: 'failed (UND_ERR_HEADERS_TIMEOUT)', code: 'UND_ERR_HEADERS_TIMEOUT' }))).toBe(true);
    expect(mayStillBeProcessing(new ServiceError('x', { outcome: 'unknown', detail: 'failed (ECONNRESET)', code: 'ECONNRESET' }))).toBe(false);
  });
});

describe('verifyGlossary', () => {
  const e = (id: string, en: string, fr?: string): GlossaryEntryLike => ({ id, translations: fr === undefined ? { en } : { en, fr } });
  /** The listing cut into pages of `size` entries (the verification counts them page by page). */
  const pages = (entries: GlossaryEntryLike[], size: number): GlossaryEntryLike[][] => Array.from({ length: Math.max(1, Math.ceil(entries.length / size)) }, (_, i) => entries.slice(i * size, i * size + size));
  const sizes = [1, 2, 100];

  it.each(sizes)('nothing to report when the glossary is what the run expects (pages of %i)', async (size) => {
    const initial = [e('a', 'bank')];
    const applied = [insert(2, 'door', 'porte'), update(3, 'a', { en: 'bank', fr: 'banque' })];
    const final = [e('a', 'bank', 'banque'), e('n1', 'door', 'porte')];
    expect(await verifyGlossary(initial, applied, [], pages(final, size))).toEqual({ landedLate: [], discrepancies: [] });
  });

  it.each(sizes)('a confirmed insert or update that is missing is reported on its line (pages of %i)', async (size) => {
    const initial = [e('a', 'bank')];
    const applied = [insert(2, 'door', 'porte'), update(3, 'a', { en: 'bank', fr: 'banque' })];
    const { discrepancies } = await verifyGlossary(initial, applied, [], pages([e('z', 'wall'), e('a', 'bank', 'rive')], size));
    expect(discrepancies.map((d) => [d.line, d.ids])).toEqual([
      [2, []],
      [3, ['a']],
    ]);
    expect(discrepancies.map((d) => d.missing)).toEqual([true, true]);
    expect(discrepancies[0]?.message).toMatch(/^the insert was confirmed but is not in the glossary listed after the run/);
    expect(discrepancies[1]?.message).toMatch(/^the update of entry a was confirmed but is not in the glossary listed after the run \(the entry has other translations\)/);
  });

  it.each(sizes)('exactly one confirmed operation missing is reported: the only insert, one of two identical inserts, the only update (pages of %i)', async (size) => {
    const only = await verifyGlossary([], [insert(2, 'door', 'porte')], [], pages([], size));
    expect(only.discrepancies.map((d) => [d.line, d.ids, d.missing])).toEqual([[2, [], true]]);
    // Two identical inserts confirmed, one entry listed: the later line is the one missing.
    const twin = await verifyGlossary([], [insert(2, 'x'), insert(5, 'x')], [], pages([e('n1', 'x')], size));
    expect(twin.discrepancies.map((d) => [d.line, d.ids, d.missing])).toEqual([[5, [], true]]);
    const oneUpdate = await verifyGlossary([e('a', 'bank')], [update(3, 'a', { en: 'bank', fr: 'banque' })], [], pages([e('a', 'bank')], size));
    expect(oneUpdate.discrepancies.map((d) => [d.line, d.ids, d.missing])).toEqual([[3, ['a'], true]]);
  });

  it.each(sizes)('identical inserts are counted: two confirmed, three present → one duplicate; an uncertain one absorbs it first (pages of %i)', async (size) => {
    const applied = [insert(2, 'x'), insert(5, 'x')];
    const final = [e('n1', 'x'), e('n2', 'x'), e('n3', 'x')];
    const dup = await verifyGlossary([], applied, [], pages(final, size));
    expect(dup.discrepancies.map((d) => [d.line, d.ids])).toEqual([[2, ['n3']]]);
    expect(dup.discrepancies[0]?.message).toMatch(/^duplicate entry n3 appeared .*; the same translations are in n1, n2: delete it: teamctl glossary delete n3$/);
    const late = await verifyGlossary([], applied, [insert(9, 'x')], pages(final, size));
    expect(late).toEqual({ landedLate: [insert(9, 'x')], discrepancies: [] });
  });

  it.each(sizes)('entries that were there before the run are never taken for duplicates (pages of %i)', async (size) => {
    const { discrepancies } = await verifyGlossary([e('old', 'x')], [insert(2, 'x')], [], pages([e('n1', 'x'), e('old', 'x'), e('n2', 'x')], size));
    expect(discrepancies.map((d) => d.ids)).toEqual([['n2']]);
  });

  it.each(sizes)('a confirmed delete whose entry is still listed, on any page, is missing; a gone entry of an unknown delete landed late (pages of %i)', async (size) => {
    const initial = [e('a', 'bank'), e('b', 'door'), e('c', 'wall')];
    const del = (line: number, id: string): PlannedOperation => ({ line, operation: { type: 'delete', id } });
    const r = await verifyGlossary(initial, [del(2, 'c')], [del(3, 'b')], pages([e('a', 'bank'), e('x', 'roof'), e('c', 'wall')], size));
    expect(r.landedLate).toEqual([del(3, 'b')]);
    expect(r.discrepancies.map((d) => [d.line, d.ids, d.missing, d.message])).toEqual([[2, ['c'], true, 'the delete of entry c was confirmed but the entry is still there']]);
  });

  it('a listing that fails part-way fails the verification (the caller reports it unverified)', async () => {
    async function* failing(): AsyncGenerator<GlossaryEntryLike[]> {
      yield [e('n1', 'x')];
      throw new ServiceError('GET failed (ECONNRESET)', { outcome: 'unknown' });
    }
    await expect(verifyGlossary([], [insert(2, 'x')], [], failing())).rejects.toThrow(/ECONNRESET/);
  });

  it('the verdict does not depend on how the listing is paged', async () => {
    // Small pools of terms and ids, so inserts repeat, updates and deletes meet inserts' sets, and
    // entries go missing or appear twice.
    const tr = fc.integer({ min: 0, max: 3 }).map((t) => ({ en: `t${t}` }));
    const op = fc.oneof(
      tr.map((translations): GlossaryOperation => ({ type: 'insert', translations })),
      fc.tuple(fc.integer({ min: 0, max: 4 }), tr).map(([i, translations]): GlossaryOperation => ({ type: 'update', id: `i${i}`, translations })),
      fc.integer({ min: 0, max: 4 }).map((i): GlossaryOperation => ({ type: 'delete', id: `i${i}` })),
    );
    const planned = fc.array(op, { maxLength: 8 }).map((ops) => ops.map((operation, i) => ({ line: i + 2, operation })));
    const entries = (prefix: string) => fc.array(tr, { maxLength: 6 }).map((ts) => ts.map((translations, i) => ({ id: `${prefix}${i}`, translations })));
    await fc.assert(
      fc.asyncProperty(entries('i'), planned, fc.array(fc.boolean(), { maxLength: 8 }), entries('n'), fc.integer({ min: 1, max: 4 }), async (initial, ops, unknown, added, size) => {
        const applied = ops.filter((_, i) => unknown[i] !== true);
        const uncertain = ops.filter((_, i) => unknown[i] === true);
        // The glossary after the run: what was first read, some of it gone, and new entries.
        const final = [...initial.filter((_, i) => i % 3 !== 1), ...added];
        const whole = await verifyGlossary(initial, applied, uncertain, [final]);
        expect(await verifyGlossary(initial, applied, uncertain, pages(final, size))).toEqual(whole);
      }),
      { numRuns: 300 },
    );
  });
});

describe('applyGlossaryPlan: properties', () => {
  // Terms from a small pool, so identical inserts occur in one batch and across batches: the
  // executor must count them (landedOperations) against the glossary as it knows it: the last
  // listing and the batches confirmed since (knownGlossary) — without either, an insert that did
  // not land is taken for an earlier identical one that did.
  const term = fc.integer({ min: 0, max: 3 });
  const behaviour = fc.oneof(
    fc.constantFrom<Behaviour>('ok', 'ok', 'applyThenLose', 'lose'),
    fc.integer({ min: 0, max: 6 }).map((n): Behaviour => ({ partial: n })),
  );
  const setup = (existingCount: number, terms: number[]) => {
    const initial = Array.from({ length: existingCount }, (_, i) => ({ id: `x${i}`, translations: { en: `old ${i}` } }));
    const ops = [
      ...terms.map((t, i) => insert(100 + i, `term ${t}`, `terme ${t}`)),
      ...initial.filter((_, i) => i % 2 === 0).map((e, i) => update(200 + i, e.id, { en: e.translations.en, fr: `neu ${i}` })),
    ];
    return { initial, ops };
  };

  it('under any mix of faults, every operation is applied once or failed, never doubled, and the verification agrees', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 6 }), // existing entries
        fc.array(term, { maxLength: 25 }), // inserts, identical ones included
        fc.array(behaviour, { maxLength: 30 }),
        fc.integer({ min: 1, max: 8 }), // batch size
        fc.integer({ min: 1, max: 10 }), // the service's batch limit (413 above)
        async (existingCount, terms, script, batchSize, maxBatch) => {
          const { initial, ops } = setup(existingCount, terms);
          const fake = new FakeService(initial);
          fake.script = [...script]; // (a copy: the fake consumes it, and fast-check may run it again)
          fake.then = 'ok';
          fake.maxBatch = maxBatch;
          const r = await run(fake, ops, { batchSize });
          // Every operation ends in exactly one of the two lists.
          expect([...r.applied, ...r.failed.map((f) => f.planned)].sort((a, b) => a.line - b.line)).toEqual(ops);
          // The service holds exactly the initial glossary with the applied operations: nothing
          // doubled, nothing lost, nothing failed that in fact landed.
          const expected = applyOperations(initial, r.applied.map((o) => o.operation));
          expect(sig(fake.glossary())).toEqual(sig(expected));
          // And the final listing finds nothing wrong.
          expect(r.discrepancies).toEqual([]);
          expect(r.landedLate).toEqual([]);
          // Progress: a run that meets no fault applies everything, whatever the batch limit (413s
          // are split) — an executor that fails everything fails here.
          if (script.every((b) => b === 'ok')) expect(r.applied).toHaveLength(ops.length);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('with requests the service processes late, whenever it does: nothing is ever sent again after an unknown outcome, so no duplicate, even after the run', async () => {
    const withLate = fc.oneof(
      behaviour,
      fc.record({ late: fc.integer({ min: 0, max: 3 * requestTimeoutMs }), applied: fc.integer({ min: 0, max: 3 }) }).map((b): Behaviour => b),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(term, { minLength: 1, maxLength: 15 }),
        fc.array(withLate, { maxLength: 20 }),
        fc.integer({ min: 1, max: 5 }),
        async (terms, script, batchSize) => {
          const { initial, ops } = setup(3, terms);
          const fake = new FakeService(initial);
          fake.script = [...script]; // (a copy: the fake consumes it, and fast-check may run it again)
          const r = await run(fake, ops, { batchSize });
          expect([...r.applied, ...r.failed.map((f) => f.planned)].sort((a, b) => a.line - b.line)).toEqual(ops);
          expect(r.discrepancies).toEqual([]);
          // What the service held at the final listing is exactly the expected glossary.
          expect(sig(fake.glossary())).toEqual(sig(applyOperations(initial, r.applied.map((o) => o.operation))));
          // And once it has finished everything it was still working on: at most the operations
          // reported "outcome unknown … not re-sent" come on top, each at most once — never a duplicate.
          fake.finishAll();
          const stillLanding = r.failed.filter((f) => f.message.startsWith('outcome unknown')).map((f) => f.planned.operation);
          const least = counts(applyOperations(initial, r.applied.map((o) => o.operation)));
          const most = counts(applyOperations(initial, [...r.applied.map((o) => o.operation), ...stillLanding]));
          for (const [key, n] of counts(fake.glossary())) {
            expect(n).toBeGreaterThanOrEqual(Math.min(least.get(key) ?? 0, most.get(key) ?? 0));
            expect(n).toBeLessThanOrEqual(Math.max(least.get(key) ?? 0, most.get(key) ?? 0));
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('helpers', () => {
  it('namedOperationIndex finds operations[i]', () => {
    expect(namedOperationIndex('operations[12]: id is required')).toBe(12);
    expect(namedOperationIndex('bad request')).toBeUndefined();
  });
});
