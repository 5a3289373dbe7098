// The glossary operations a run holds back (`teamctl help reliability`, "The hold-back time"):
// sent with an unknown outcome and missing when checked (src/glossary/apply.ts), they are not sent
// again before their hold-back time (`holdBackMs`) has passed since they were sent. Once it has,
// if the run is still going, the glossary is listed again before the next batch: what landed is
// applied, what is still missing is sent again (the journal forgets it first: `api.released`; the
// re-send is recorded again before it leaves). When the queue is empty and operations are still
// held back, the end-of-run settle (src/journal/settleHeld.ts) waits for their hold-back time,
// settles them the same way and sends what is proven missing, while the retry budget allows (each
// operation sent at most `defaultRetryPolicy.retries` + 1 times). With --no-settle, or once the
// budget is spent, what is still held back fails as "outcome unknown … held back"; the journal
// keeps it, and a later run settles it.
import { defaultRetryPolicy } from '../api/retry.js';
import type { TeamctlError } from '../errors.js';
import type { PlannedOperation } from '../plan/glossary.js';
import type { HeldWrites } from '../journal/settleHeld.js';
import { plural } from '../output/words.js';
import { whatHappened } from './failures.js';

/** Operations of a batch whose outcome was unknown, missing from the glossary when it was checked. */
export interface Held {
  ops: PlannedOperation[];
  /** When the batch was sent (the run's clock), its failure, and whether the check listings kept changing. */
  sentAt: number;
  err: TeamctlError;
  changing: string;
}

/** The retry budget of a write whose outcome is unknown: sent at most this many times in a run. */
export const maxSends = defaultRetryPolicy.retries + 1;

/** The held-back operations of one run, in the order sent, and how many times each was sent. */
export class HeldOperations {
  private held: Held[] = [];
  private readonly sends = new Map<PlannedOperation, number>();

  constructor(private readonly holdBackMs: number) {}

  /** `ops` are about to be sent (once more). */
  sending(ops: readonly PlannedOperation[]): void {
    for (const p of ops) this.sends.set(p, (this.sends.get(p) ?? 0) + 1);
  }

  /** Whether an operation may be sent again: the retry budget is not spent. */
  private mayResend(p: PlannedOperation): boolean {
    return (this.sends.get(p) ?? 0) < maxSends;
  }

  hold(held: Held): void {
    this.held.push(held);
  }

  /** Every operation held back. */
  operations(): PlannedOperation[] {
    return this.held.flatMap((h) => h.ops);
  }

  get empty(): boolean {
    return this.held.length === 0;
  }

  /** Operations a listing found: no longer held. */
  landed(landed: ReadonlySet<PlannedOperation>): void {
    this.held = this.held.map((h) => ({ ...h, ops: h.ops.filter((p) => !landed.has(p)) })).filter((h) => h.ops.length > 0);
  }

  private isDue(h: Held, now: number): boolean {
    return now - h.sentAt > this.holdBackMs && h.ops.some((p) => this.mayResend(p));
  }

  /** Whether some held-back operation may be sent again at `now`. */
  anyDue(now: number): boolean {
    return this.held.some((h) => this.isDue(h, now));
  }

  /**
   * The operations due at `now` that may be sent again, no longer held, and when the first of them
   * was sent; what has spent its budget stays held back (it fails as unknown at the end).
   */
  release(now: number): { again: PlannedOperation[]; since: number } | undefined {
    const due = this.held.filter((h) => this.isDue(h, now));
    if (due.length === 0) return undefined;
    const spent = due.map((h) => ({ ...h, ops: h.ops.filter((p) => !this.mayResend(p)) })).filter((h) => h.ops.length > 0);
    this.held = [...this.held.filter((h) => !due.includes(h)), ...spent];
    return { again: due.flatMap((h) => h.ops.filter((p) => this.mayResend(p))), since: Math.min(...due.map((h) => h.sentAt)) };
  }

  /** What the end-of-run settle waits for: the held-back operations the budget lets be sent again. */
  resendable(): ReturnType<HeldWrites['resendable']> {
    const resendable = this.held.filter((h) => h.ops.some((p) => this.mayResend(p)));
    if (resendable.length === 0) return undefined;
    return { count: resendable.reduce((n, h) => n + h.ops.length, 0), firstSentAt: Math.min(...resendable.map((h) => h.sentAt)) };
  }

  /** The run ends: everything still held back, no longer held here (the journal keeps it). */
  takeAll(): Held[] {
    const all = this.held;
    this.held = [];
    return all;
  }
}

/** Why an operation still held back when the run ends failed: its outcome is unknown. */
export function stillHeldMessage(h: Held, holdBackMs: number): string {
  const until = new Date(h.sentAt + holdBackMs).toISOString();
  return (
    `outcome unknown: ${whatHappened(h.err)}${h.changing}; the service may still apply it, so it was not re-sent ` +
    `(that could duplicate it) — held back until ${until}: a run after that sends it if it is still missing (a re-run skips what landed)`
  );
}

/** How the end of the run waits for held-back operations when the caller gives no way: a notice, then `sleep`. */
export function noticeThenSleep(notice: (message: string) => void, sleep: (ms: number) => Promise<void>): (ms: number, count: number) => Promise<void> {
  return async (ms, count) => {
    notice(`${plural(count, 'operation')} held back: waiting ${Math.ceil(ms / 1000)}s for the hold-back time to pass, then listing the glossary to settle them`);
    await sleep(ms);
  };
}
