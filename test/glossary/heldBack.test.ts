// The operations a glossary run holds back (src/glossary/heldBack.ts): when they are due, what
// the retry budget lets be sent again, what stays held, and what the end of the run says of them.
import { describe, expect, it } from 'vitest';
import { ServiceError } from '../../src/errors.js';
import { HeldOperations, maxSends, noticeThenSleep, stillHeldMessage, type Held } from '../../src/glossary/heldBack.js';
import type { PlannedOperation } from '../../src/plan/glossary.js';

const op = (line: number): PlannedOperation => ({ line, operation: { type: 'insert', translations: { en: `t${line}` } } }) as PlannedOperation;
const err = new ServiceError('PUT … failed with 503: busy', { status: 503, outcome: 'unknown', detail: 'busy' });
const held = (ops: PlannedOperation[], sentAt: number): Held => ({ ops, sentAt, err, changing: '' });
const lines = (ops: readonly PlannedOperation[] | undefined): number[] => (ops ?? []).map((p) => p.line);

describe('HeldOperations', () => {
  it('due only once more than the hold-back time has passed since the batch was sent', () => {
    const h = new HeldOperations(1000);
    const [a, b] = [op(2), op(3)];
    h.sending([a!, b!]);
    h.hold(held([a!, b!], 5000));
    expect(h.anyDue(6000)).toBe(false);
    expect(h.release(6000)).toBeUndefined();
    expect(h.anyDue(6001)).toBe(true);
    const released = h.release(6001);
    expect(lines(released?.again)).toEqual([2, 3]);
    expect(released?.since).toBe(5000);
    expect(h.empty).toBe(true);
  });

  it('the first sent of several batches due, and the batches not due stay held', () => {
    const h = new HeldOperations(100);
    const ops = [op(2), op(3), op(4)];
    h.sending(ops);
    h.hold(held([ops[0]!], 300));
    h.hold(held([ops[1]!], 200));
    h.hold(held([ops[2]!], 900));
    const released = h.release(450);
    expect(lines(released?.again)).toEqual([2, 3]);
    expect(released?.since).toBe(200);
    expect(lines(h.operations())).toEqual([4]);
    expect(h.empty).toBe(false);
  });

  it('what landed is held no more; a batch all landed is gone', () => {
    const h = new HeldOperations(100);
    const ops = [op(2), op(3), op(4)];
    h.hold(held([ops[0]!, ops[1]!], 0));
    h.hold(held([ops[2]!], 0));
    h.landed(new Set([ops[1]!, ops[2]!]));
    expect(lines(h.operations())).toEqual([2]);
    expect(h.resendable()).toEqual({ count: 1, firstSentAt: 0 });
    h.landed(new Set([ops[0]!]));
    expect(h.empty).toBe(true);
    expect(h.takeAll()).toEqual([]);
  });

  it(`the retry budget: an operation sent ${maxSends} times is not released again, it stays held to fail as unknown`, () => {
    const h = new HeldOperations(0);
    const [spent, fresh] = [op(2), op(3)];
    for (let i = 0; i < maxSends; i++) h.sending([spent!]);
    h.sending([fresh!]);
    h.hold(held([spent!, fresh!], 0));
    expect(h.resendable()).toEqual({ count: 2, firstSentAt: 0 });
    const released = h.release(1);
    expect(lines(released?.again)).toEqual([3]);
    expect(lines(h.operations())).toEqual([2]);
    // Only a spent operation left: nothing due, nothing to wait for.
    expect(h.anyDue(10_000)).toBe(false);
    expect(h.release(10_000)).toBeUndefined();
    expect(h.resendable()).toBeUndefined();
    expect(lines(h.takeAll()[0]?.ops)).toEqual([2]);
    expect(h.empty).toBe(true);
  });

  it(`sent ${maxSends - 1} times: once more is allowed`, () => {
    const h = new HeldOperations(0);
    const p = op(2);
    for (let i = 0; i < maxSends - 1; i++) h.sending([p]);
    h.hold(held([p], 0));
    expect(lines(h.release(1)?.again)).toEqual([2]);
  });

  it('resendable counts every operation of the batches that may be sent again, and the earliest sent', () => {
    const h = new HeldOperations(0);
    const ops = [op(2), op(3), op(4)];
    h.sending(ops);
    h.hold(held([ops[0]!, ops[1]!], 70));
    h.hold(held([ops[2]!], 40));
    expect(h.resendable()).toEqual({ count: 3, firstSentAt: 40 });
  });

  it('what the end of the run says of an operation still held back', () => {
    expect(stillHeldMessage({ ...held([op(2)], Date.parse('2026-03-01T10:00:00Z')), changing: '; the glossary was still changing over 4 listings' }, 60_000)).toBe(
      'outcome unknown: the service answered 503 (busy); the glossary was still changing over 4 listings; the service may still apply it, so it was not re-sent ' +
        '(that could duplicate it) — held back until 2026-03-01T10:01:00.000Z: a run after that sends it if it is still missing (a re-run skips what landed)',
    );
  });

  it('the budget is 5 sends in a run (the client\'s 4 retries and the first)', () => {
    expect(maxSends).toBe(5);
  });
});

describe('noticeThenSleep', () => {
  it('a line in whole seconds, then the whole wait', async () => {
    const said: string[] = [];
    const slept: number[] = [];
    await noticeThenSleep((m) => said.push(m), async (ms) => void slept.push(ms))(59_001, 3);
    expect(said).toEqual(['3 operations held back: waiting 60s for the hold-back time to pass, then listing the glossary to settle them']);
    expect(slept).toEqual([59_001]);
  });
});
