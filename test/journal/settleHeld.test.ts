// The end-of-run settle (src/journal/settleHeld.ts): waits out the hold-back time of what is held
// back, settles it, again while the budget allows; never after a stop.
import { describe, expect, it } from 'vitest';
import { settleHeld, type HeldWrites } from '../../src/journal/settleHeld.js';

/** Writes held back: `rounds` settles each leave this many still held; the clock moves with the waits. */
function scripted(leftAfterRounds: number[], sentAt = 1000) {
  let now = sentAt + 10;
  let left = leftAfterRounds.length > 0 ? 1 : 0;
  let round = 0;
  const log: string[] = [];
  let stop = false;
  const held: HeldWrites = {
    resendable: () => (left > 0 ? { count: left, firstSentAt: sentAt + round * 100 } : undefined),
    settleDue: async () => {
      log.push(`settle at ${now}`);
      left = leftAfterRounds[round++] ?? 0;
    },
    stopped: () => stop,
  };
  const timing = {
    holdBackMs: 5000,
    now: () => now,
    wait: async (ms: number, count: number) => {
      log.push(`wait ${ms} for ${count}`);
      now += ms;
    },
    maxRounds: 3,
  };
  return { held, timing, log, stopNow: () => (stop = true), setNow: (t: number) => (now = t) };
}

describe('settleHeld', () => {
  it('nothing held back: no wait, no settle', async () => {
    const s = scripted([]);
    await settleHeld(s.held, s.timing);
    expect(s.log).toEqual([]);
  });

  it('waits until just past the hold-back time of the first sent, then settles; again while some are still held', async () => {
    const s = scripted([2, 0]);
    await settleHeld(s.held, s.timing);
    // Sent at 1000, now 1010: due at 1000 + 5000 + 1.
    expect(s.log).toEqual(['wait 4991 for 1', 'settle at 6001', 'wait 100 for 2', 'settle at 6101']);
  });

  it('no wait when the hold-back time has already passed', async () => {
    const s = scripted([0]);
    s.setNow(6001);
    await settleHeld(s.held, s.timing);
    expect(s.log).toEqual(['settle at 6001']);
  });

  it('at most maxRounds settles, however many stay held', async () => {
    const s = scripted([1, 1, 1, 1, 1, 1]);
    await settleHeld(s.held, s.timing);
    expect(s.log.filter((l) => l.startsWith('settle'))).toHaveLength(3);
  });

  it('a stop during the wait (an interruption): no settle after it', async () => {
    const s = scripted([0]);
    const wait = s.timing.wait;
    s.timing.wait = async (ms, count) => {
      await wait(ms, count);
      s.stopNow();
    };
    await settleHeld(s.held, s.timing);
    expect(s.log).toEqual(['wait 4991 for 1']);
  });

  it('stopped before it starts: nothing at all', async () => {
    const s = scripted([0]);
    s.stopNow();
    await settleHeld(s.held, s.timing);
    expect(s.log).toEqual([]);
  });
});
