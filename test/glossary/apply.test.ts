import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { GlossaryOperation, GlossaryTranslations } from '../../src/api/types.js';
import { AuthError, ServiceError } from '../../src/errors.js';
import { applyGlossaryPlan, namedOperationIndex, type ApplyOptions } from '../../src/glossary/apply.js';
import { applyOperations, sameTranslations, type GlossaryEntryLike, type PlannedOperation } from '../../src/plan/glossary.js';

// A scripted fake of the service: each PUT takes the next behaviour (default 'ok'), validates the
// whole batch like the sandbox (unknown id or a "BAD" term → 400 naming the index, more than
// `maxBatch` → 413), and applies it or not as the behaviour says.
type Behaviour =
  | 'ok'
  /** Applied, then the answer is lost (reset). */
  | 'applyThenLose'
  /** 502 from a proxy: nothing applied. */
  | 'lose'
  /** The first n operations applied, then the answer is lost. */
  | { partial: number }
  /** 503 after the client's retries: nothing applied. */
  | 'notProcessed'
  | 'unauthorized';

const url = 'http://sandbox.test/v1/orgs/acme/translations-glossary';
// Errors shaped as the client throws them (message with the request line, detail without).
const lostAnswer = () => new ServiceError(`PUT ${url} failed (UND_ERR_SOCKET)`, { outcome: 'unknown', detail: 'failed (UND_ERR_SOCKET)' });
const badGateway = () => new ServiceError(`PUT ${url} failed with 502: HTTP 502: Bad Gateway`, { status: 502, outcome: 'unknown', detail: 'HTTP 502: Bad Gateway' });
const rejected = (status: number, text: string) => new ServiceError(`PUT ${url} failed with ${status}: ${text}`, { status, outcome: 'rejected', detail: text });

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

  api = {
    update: async (ops: GlossaryOperation[]): Promise<void> => {
      this.puts.push(ops);
      const behaviour = this.script.shift() ?? this.then;
      if (behaviour === 'notProcessed') {
        throw new ServiceError(`PUT ${url} failed with 503 (after 5 attempts): unavailable`, { status: 503, outcome: 'not-processed', detail: 'unavailable (after 5 attempts)' });
      }
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
      if (typeof behaviour === 'object') {
        ops.slice(0, behaviour.partial).forEach((op) => this.applyOne(op));
        throw lostAnswer();
      }
      ops.forEach((op) => this.applyOne(op));
      if (behaviour === 'applyThenLose') throw lostAnswer();
    },
    read: async (): Promise<GlossaryEntryLike[]> => {
      this.reads++;
      if (this.readFails) throw new ServiceError(`GET ${url} failed (ECONNRESET) after 5 attempts`, { outcome: 'unknown', detail: 'failed (ECONNRESET) after 5 attempts' });
      return this.glossary();
    },
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

const noWait: Partial<ApplyOptions> = { sleep: async () => {} };
const run = (fake: FakeService, ops: PlannedOperation[], opts: Partial<ApplyOptions> = {}) =>
  applyGlossaryPlan(fake.api, fake.glossary(), ops, { batchSize: 100, ...noWait, ...opts });

/** Entries per translation signature: more than one of an inserted term is a duplicate. */
function countOf(fake: FakeService, translations: GlossaryTranslations): number {
  return fake.glossary().filter((e) => sameTranslations(e.translations, translations)).length;
}

describe('applyGlossaryPlan', () => {
  it('sends batches of at most batchSize, in order, and applies everything', async () => {
    const fake = new FakeService();
    const ops = inserts(250);
    const r = await run(fake, ops);
    expect(fake.puts.map((b) => b.length)).toEqual([100, 100, 50]);
    expect(fake.puts.flat()).toEqual(ops.map((o) => o.operation));
    expect(r.applied).toEqual(ops);
    expect(r.failed).toEqual([]);
    expect(fake.entries.size).toBe(250);
    expect(fake.reads).toBe(0);
  });

  it('an answer lost after the batch was applied: nothing is sent again, no duplicate', async () => {
    const fake = new FakeService();
    fake.script = ['applyThenLose'];
    const notices: string[] = [];
    const ops = inserts(250);
    const r = await run(fake, ops, { onNotice: (m) => notices.push(m) });
    expect(fake.puts.map((b) => b.length)).toEqual([100, 100, 50]);
    expect(fake.reads).toBe(1);
    expect(r.checks).toBe(1);
    expect(r.applied).toHaveLength(250);
    expect(r.failed).toEqual([]);
    expect(fake.entries.size).toBe(250);
    for (const op of ops) expect(countOf(fake, op.operation.type === 'insert' ? op.operation.translations : {})).toBe(1);
    expect(notices.join('\n')).toContain('100 of 100 had landed');
  });

  it('a 502 that applied nothing: the batch is sent once more', async () => {
    const fake = new FakeService();
    fake.script = ['ok', 'lose'];
    const ops = inserts(30);
    const r = await run(fake, ops, { batchSize: 10 });
    expect(fake.puts.map((b) => b.length)).toEqual([10, 10, 10, 10]);
    expect(fake.puts[2]).toEqual(fake.puts[1]);
    expect(r.applied).toHaveLength(30);
    expect(fake.entries.size).toBe(30);
    expect(r.failed[0]).toBeUndefined();
  });

  it('a batch that landed in part: only the missing operations are sent again', async () => {
    const fake = new FakeService([{ id: 'x1', translations: { en: 'bank', fr: 'rive' } }]);
    fake.script = [{ partial: 3 }];
    const ops = [...inserts(4), update(9, 'x1', { en: 'bank', fr: 'banque' })];
    const r = await run(fake, ops);
    expect(fake.puts).toHaveLength(2);
    expect(fake.puts[1]).toEqual([ops[3]?.operation, ops[4]?.operation]);
    expect(r.applied).toEqual(ops);
    expect(fake.entries.size).toBe(5);
    expect(fake.entries.get('x1')).toEqual({ en: 'bank', fr: 'banque' });
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
    const r = await run(fake, ops, { batchSize: 8 });
    expect(r.applied).toHaveLength(21);
    expect(fake.entries.size).toBe(21);
    expect(fake.puts.map((b) => b.length)).toEqual([8, 8, 5, 4]);
  });

  it('bounds the attempts: after 4 lost answers the rest is listed as failed, never sent a 5th time', async () => {
    const fake = new FakeService();
    fake.then = 'lose';
    const ops = inserts(5);
    const r = await run(fake, ops);
    expect(fake.puts).toHaveLength(4);
    expect(fake.reads).toBe(4);
    expect(r.applied).toEqual([]);
    expect(r.failed.map((f) => [f.line, f.status])).toEqual(ops.map((o) => [o.line, 502]));
    expect(r.failed[0]?.message).toMatch(/^not applied: 4 attempts ended without an answer \(last: .*502.*\); the glossary was listed after each/);
    expect(fake.entries.size).toBe(0);
  });

  it('maxAttempts and the check delay are configurable; the delay grows with each attempt', async () => {
    const fake = new FakeService();
    fake.then = 'lose';
    const waits: number[] = [];
    const r = await run(fake, inserts(2), { maxAttempts: 2, checkDelayMs: 100, sleep: async (ms) => void waits.push(ms) });
    expect(fake.puts).toHaveLength(2);
    expect(waits).toEqual([100, 200]);
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

  it('not processed (503 after retries): that batch fails and later batches are not sent', async () => {
    const fake = new FakeService();
    fake.script = ['ok', 'notProcessed'];
    const r = await run(fake, inserts(30), { batchSize: 10 });
    expect(fake.puts).toHaveLength(2);
    expect(r.applied).toHaveLength(10);
    expect(r.failed).toHaveLength(20);
    expect(r.failed[0]).toMatchObject({ line: 12, status: 503 });
    expect(r.failed[0]?.message).toMatch(/^not applied: /);
    expect(r.failed[19]).toMatchObject({ line: 31, status: null });
    expect(r.failed[19]?.message).toMatch(/^not sent: an earlier request was refused without being processed/);
    expect(fake.reads).toBe(0);
  });

  it('a lost answer that cannot be checked: not sent again, and nothing after it', async () => {
    const fake = new FakeService();
    fake.script = ['applyThenLose'];
    fake.readFails = true;
    const r = await run(fake, inserts(20), { batchSize: 10 });
    expect(fake.puts).toHaveLength(1);
    expect(r.applied).toEqual([]);
    expect(r.failed).toHaveLength(20);
    expect(r.failed[0]?.message).toMatch(/^outcome unknown: .*listing the glossary to check failed too .*not sent again, to avoid a duplicate/);
    expect(r.failed[10]?.message).toMatch(/^not sent: the glossary could not be listed/);
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
    const api = { update: async () => Promise.reject(new TypeError('bug')), read: async () => [] };
    await expect(applyGlossaryPlan(api, [], inserts(1), { batchSize: 1 })).rejects.toThrow(TypeError);
  });

  it('property: under any mix of faults, every operation is applied once or failed, never doubled', async () => {
    const behaviour = fc.oneof(
      fc.constantFrom<Behaviour>('ok', 'ok', 'applyThenLose', 'lose'),
      fc.integer({ min: 0, max: 6 }).map((n): Behaviour => ({ partial: n })),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 6 }), // existing entries
        fc.integer({ min: 0, max: 25 }), // inserts
        fc.array(behaviour, { maxLength: 30 }),
        fc.integer({ min: 1, max: 8 }), // batch size
        fc.integer({ min: 1, max: 10 }), // the service's batch limit (413 above)
        async (existingCount, insertCount, script, batchSize, maxBatch) => {
          const initial = Array.from({ length: existingCount }, (_, i) => ({ id: `x${i}`, translations: { en: `old ${i}` } }));
          const fake = new FakeService(initial);
          fake.script = script;
          fake.then = 'ok';
          fake.maxBatch = maxBatch;
          const ops = [
            ...inserts(insertCount, 100),
            ...initial.filter((_, i) => i % 2 === 0).map((e, i) => update(200 + i, e.id, { en: e.translations.en, fr: `neu ${i}` })),
          ];
          const r = await run(fake, ops, { batchSize });
          // Every operation ends in exactly one of the two lists.
          expect([...r.applied, ...r.failed.map((f) => f.planned)].sort((a, b) => a.line - b.line)).toEqual(ops);
          // The service holds exactly the initial glossary with the applied operations: nothing
          // doubled, nothing lost, nothing failed that in fact landed.
          const expected = applyOperations(initial, r.applied.map((o) => o.operation));
          const sig = (es: GlossaryEntryLike[]) => es.map((e) => JSON.stringify(Object.entries(e.translations).sort())).sort();
          expect(sig(fake.glossary())).toEqual(sig(expected));
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
