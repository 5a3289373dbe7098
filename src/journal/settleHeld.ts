// The end-of-run settle (`teamctl help reliability`, "The hold-back time"): writes whose outcome
// is unknown are held back, not sent again, until their hold-back time has passed; when the run
// has nothing else to send and some are still held back, it waits for that time, settles them by
// a listing and sends again what is proven missing — as often as the retry budget allows. The
// rule is the same for every kind of such write (glossary batches, team creations); the kind
// says what is held back and how it is settled.
//
// It runs whenever writes are held back and the budget allows, however the run got there (many
// unknown outcomes in a row included); it ends with --no-settle, once the budget is spent, when
// nothing more may be sent (an interruption, a listing that failed), or when what is held back
// no longer changes.

/** What one kind of write gives the end-of-run settle. */
export interface HeldWrites {
  /** Held-back writes the retry budget still lets be sent again: how many, and when the first was sent (ms). */
  resendable(): { count: number; firstSentAt: number } | undefined;
  /** Lists, applies what landed, sends again what is proven missing (and what follows from it). */
  settleDue(): Promise<void>;
  /** True once no request may start: an interruption, or a failure that stops the run. */
  stopped(): boolean;
}

export interface SettleTiming {
  holdBackMs: number;
  now: () => number;
  /** Waits `ms` for `count` held-back writes (a line; a countdown on a terminal); ends early on an interruption. */
  wait: (ms: number, count: number) => Promise<void>;
  /** Rounds at most: each sends every write it releases once more, and a round that finds the listing still changing counts too. */
  maxRounds: number;
}

/** Waits out the hold-back time of what is still held back, settles it, sends what is missing; again while the budget allows. */
export async function settleHeld(held: HeldWrites, timing: SettleTiming): Promise<void> {
  for (let round = 0; round < timing.maxRounds && !held.stopped(); round++) {
    const waiting = held.resendable();
    if (waiting === undefined) return;
    const waitMs = waiting.firstSentAt + timing.holdBackMs + 1 - timing.now();
    if (waitMs > 0) await timing.wait(waitMs, waiting.count);
    if (held.stopped()) return;
    await held.settleDue();
  }
}
