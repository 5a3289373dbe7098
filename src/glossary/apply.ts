// The glossary import executor: sends a plan's operations in batches and ends with every
// operation either applied or listed as failed — never sent twice to land twice (`teamctl help environment`, "Talking to the service").
// The API comes in as two functions (src/glossary/applyOptions.ts), so tests can script any failure without a network; waiting
// goes through `sleep`, so tests run on a fake clock.
//
// What each failure of a batch PUT means here:
// - 413: the batch is halved and each half sent again (down to one operation; then it fails).
// - rejected (400/422): the service acted on nothing. To let the good operations land, the
//   operation the service names (`operations[i]` in its message) is sent alone and the rest
//   together; without such a name the batch is halved. A single rejected operation fails with the
//   service's message. Other 4xx fail the whole batch.
// - not processed (a connection refused before the request was sent, a 429 — already retried by
//   the client): nothing landed; the batch fails and later batches are "not sent" (the service is
//   refusing work). Nothing else proves that nothing was processed, not a 503 whatever its body:
//   an API behind a gateway wraps an upstream reset in its own error JSON, and the upstream may
//   already have written.
// - unknown (any other answer or failure: a timeout, a reset, a 500/502/503/504, an unreadable
//   2xx): the batch may have landed, wholly or in part, or land later (a proxy or a queue may hold
//   a request for minutes). The executor waits (waitBeforeCheck), then lists the glossary until two
//   listings agree on what is missing (checkLanded); what landed counts as applied. What is missing
//   is HELD BACK, not sent again: no wait can tell a request the service dropped from one it will
//   still process, and a re-send of one processed later is a duplicate (`teamctl help reliability`, "Reliability").
//   The journal keeps it, and the run goes on with the next batch; src/glossary/heldBack.ts says
//   when it is listed again and sent again, within the run or by a later one. The run stops
//   after an unknown outcome only when the glossary cannot be listed, when Retry-After asks for
//   more than the client waits, or after 5 unknown outcomes in a row (a batch found landed whole
//   is no unknown outcome) — and then what is held back is still settled at the end of the run.
// - The run stops (later batches fail as "not sent: …") after 401/403/404 (every later request
//   would fail the same way), and after "not processed".
//
// Final verification (src/glossary/verify.ts): after the run the glossary is listed once more and
// compared with what the run expects. Processing later than that last listing cannot be seen —
// which is why nothing is re-sent after an unknown outcome before the hold-back time has passed.
import { defaultHoldBackMs } from '../journal/holdBack.js';
import { settleHeld, type HeldWrites } from '../journal/settleHeld.js';
import { HeldOperations, maxSends, noticeThenSleep, stillHeldMessage } from './heldBack.js';
import { batches } from '../api/batching.js';
import { defaultRetryPolicy } from '../api/retry.js';
import { ServiceError, TeamctlError, failureDetail } from '../errors.js';
import { failureClass, namedOperationIndex, waitBeforeCheck, whatHappened } from './failures.js';
import type { GlossaryEntryLike, PlannedOperation } from '../plan/glossary.js';
import { plural } from '../output/words.js';
import { settleByListing, verifyGlossary } from './verify.js';
import { checkLanded, knownGlossary, type Check } from './landed.js';
import type { ApplyResult } from './outcomes.js';
import type { ApplyOptions, GlossaryWriteApi } from './applyOptions.js';

export type { ApplyOptions, GlossaryWriteApi } from './applyOptions.js';

const byLine = (a: { line: number }, b: { line: number }) => a.line - b.line;

/** Unknown outcomes in a row after which the run stops: the service is failing, not hiccupping. */
const maxUnknownInARow = defaultRetryPolicy.retries + 1;

/**
 * Sends `operations` in batches against a glossary that was `initial` when the plan was made.
 * Errors that are not TeamctlErrors (bugs) propagate; every other failure ends in `failed`.
 */
export async function applyGlossaryPlan(
  api: GlossaryWriteApi,
  initial: readonly GlossaryEntryLike[],
  operations: readonly PlannedOperation[],
  options: ApplyOptions,
): Promise<ApplyResult> {
  return new GlossaryExecutor(api, initial, operations, options).run();
}

/**
 * One run of the executor: the queue of batches, what is known of the glossary, and the result.
 * Each class of failure (see the file comment) has its method; `run` classifies and calls it.
 */
class GlossaryExecutor {
  readonly checkDelayMs: number;
  readonly requestTimeoutMs: number;
  private readonly maxListings: number;
  private readonly holdBackMs: number;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly now: () => number;
  readonly random: () => number;
  private readonly settled: (count: number) => void;
  private readonly notice: (message: string) => void;

  private readonly result: ApplyResult = { applied: [], failed: [], requests: 0, checks: 0, landedLate: [], discrepancies: [], verified: true };
  /** Applied operations in the order confirmed (result.applied is sorted by line at the end). */
  private readonly confirmed: PlannedOperation[] = [];
  /** Failed operations that may have landed all the same (their last outcome was unknown). */
  private readonly uncertain = new Set<PlannedOperation>();
  /**
   * The glossary as last listed (first: as read for the plan) and how many of `confirmed` came
   * after that listing: with them, the glossary before the next batch (knownGlossary).
   */
  private listed: readonly GlossaryEntryLike[];
  private confirmedSinceListed = 0;
  /** Set when later batches must not be sent; they fail with this reason. */
  private stopped: string | undefined;
  /**
   * Set after too many unknown outcomes in a row: the plan's later batches fail with this reason,
   * but what is held back is still settled at the end of the run, within its retry budget.
   */
  private paused: string | undefined;
  private readonly queue: PlannedOperation[][];
  /** Operations held back after an unknown outcome, in the order sent (see the file comment). */
  private readonly held: HeldOperations;
  /** Batches in a row whose outcome was unknown (a confirmed batch starts again at 0). */
  private unknownInARow = 0;

  constructor(
    private readonly api: GlossaryWriteApi,
    private readonly initial: readonly GlossaryEntryLike[],
    operations: readonly PlannedOperation[],
    private readonly options: ApplyOptions,
  ) {
    this.checkDelayMs = options.checkDelayMs ?? 500;
    this.requestTimeoutMs = options.requestTimeoutMs ?? 30_000;
    this.maxListings = Math.max(2, options.maxListings ?? 4);
    this.holdBackMs = options.holdBackMs ?? defaultHoldBackMs;
    this.held = new HeldOperations(this.holdBackMs);
    this.sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
    this.now = options.now ?? Date.now;
    this.random = options.random ?? Math.random;
    this.settled = options.onSettled ?? (() => {});
    this.notice = options.onNotice ?? (() => {});
    this.listed = initial;
    this.queue = batches(operations, options.batchSize);
  }

  private interrupted(): boolean {
    return this.options.interrupted?.() === true;
  }

  private applied(ops: readonly PlannedOperation[]): void {
    this.result.applied.push(...ops);
    this.confirmed.push(...ops);
    this.confirmedSinceListed += ops.length;
    if (ops.length > 0) this.settled(ops.length);
  }

  private fail(ops: readonly PlannedOperation[], status: number | null, message: string, mayHaveLanded = false): void {
    for (const planned of ops) {
      this.result.failed.push({ line: planned.line, status, message, planned, ...(mayHaveLanded ? { outcomeUnknown: true as const } : {}) });
      if (mayHaveLanded) this.uncertain.add(planned);
    }
    if (ops.length > 0) this.settled(ops.length);
  }

  /** Later batches are not sent (they fail "not sent: {notSent}"); `reason` is for the summary. */
  private stop(by: TeamctlError, reason: string, notSent: string): void {
    this.stopped = notSent;
    this.result.stoppedBy = by;
    this.result.stopReason = reason;
  }

  /** Sends the two halves of a batch in its place. */
  private split(ops: PlannedOperation[]): void {
    const half = Math.ceil(ops.length / 2);
    this.queue.unshift(ops.slice(0, half), ops.slice(half));
  }

  async run(): Promise<ApplyResult> {
    await this.drain();
    if (this.options.settle ?? true) {
      const wait = this.options.holdBackWait ?? noticeThenSleep(this.notice, this.sleep);
      const held: HeldWrites = {
        resendable: () => this.held.resendable(),
        settleDue: async () => {
          const again = await this.releaseDue();
          // Still changing when listed: one more look after the check delay, within the budget.
          if (again.length === 0 && !this.held.empty && this.stopped === undefined) await this.sleep(this.checkDelayMs);
          this.queue.push(...again);
          await this.drain(true);
        },
        stopped: () => this.stopped !== undefined || this.interrupted(),
      };
      await settleHeld(held, { holdBackMs: this.holdBackMs, now: this.now, wait, maxRounds: maxSends * this.maxListings });
    }
    this.failHeld();
    await this.verify();
    this.result.applied.sort(byLine);
    this.result.failed.sort(byLine);
    return this.result;
  }

  /** Sends the queue's batches (`settling`: held-back ones sent again), releasing held-back operations whose hold-back time has passed. */
  private async drain(settling = false): Promise<void> {
    while (this.queue.length > 0) {
      const ops = this.queue.shift() as PlannedOperation[];
      if (this.stopped === undefined && this.interrupted()) this.stopped = 'the run was interrupted';
      const notSent = this.stopped ?? (settling ? undefined : this.paused);
      if (notSent !== undefined) {
        this.fail(ops, null, `not sent: ${notSent}`);
        continue;
      }
      // Released operations go first, in their own batches; a stop fails this one as not sent.
      const again = await this.releaseDue();
      if (again.length > 0 || this.stopped !== undefined) this.queue.unshift(...again, ops);
      else await this.send(ops);
    }
  }

  /** One batch PUT; a failure is classified, then acted on by its class (see the file comment). */
  private async send(ops: PlannedOperation[]): Promise<void> {
    const sentAt = this.now();
    this.held.sending(ops);
    try {
      this.result.requests++;
      await this.api.update(ops.map((p) => p.operation));
      this.unknownInARow = 0;
      this.applied(ops);
    } catch (err) {
      if (!(err instanceof TeamctlError)) throw err;
      const status = err.status ?? null;
      // No new request, no listing, no wait after an interruption (`teamctl help interruptions`, "Interruptions"):
      // what may have landed stays unknown, in the journal and the report.
      if (this.interrupted()) return this.interruptedFailure(ops, err, status);
      switch (failureClass(err)) {
        case 'too-large':
          return this.tooLarge(ops, err, status);
        case 'stops-all':
          this.stop(err, err.message, `an earlier request failed: ${err.message}`);
          return this.fail(ops, status, err.message);
        case 'rejected':
          return this.rejected(ops, err, status);
        case 'not-processed':
          this.stop(err, `the service refused the request without processing it: ${err.message}`, `an earlier request was refused without being processed: ${err.message}`);
          return this.fail(ops, status, `not applied: ${err.message}`);
        case 'unknown':
          return this.unknownOutcome(ops, err, status, sentAt);
      }
    }
  }

  /** 413: halved, down to one operation; then it fails. */
  private tooLarge(ops: PlannedOperation[], err: TeamctlError, status: number | null): void {
    if (ops.length > 1) this.split(ops);
    else this.fail(ops, status, `the service refuses even this one operation as too large: ${failureDetail(err)}`);
  }

  /** 400/422 and other rejections: the service acted on nothing of this batch. */
  private async rejected(ops: PlannedOperation[], err: TeamctlError, status: number | null): Promise<void> {
    if ((status === 400 || status === 422) && ops.length > 1) {
      // The named operation alone (confirming the blame), the others together; else halves.
      const named = namedOperationIndex(failureDetail(err));
      if (named !== undefined && named < ops.length) this.queue.unshift([ops[named] as PlannedOperation], ops.filter((_, i) => i !== named));
      else this.split(ops);
      return;
    }
    const only = ops.length === 1 ? ops[0] : undefined;
    // A 404 never gets here: it stops the run (`teamctl help glossary-files`, "Glossary file layouts", "Applying");
    // a batch the service refuses is a 400.
    if (only?.operation.type === 'delete' && status === 400 && (await this.alreadyGone(only.operation.id))) {
      // Someone else deleted it first: the end state is the planned one, not a failure.
      this.notice(`entry ${only.operation.id} was already deleted`);
      this.applied(ops);
      return;
    }
    const text = failureDetail(err);
    this.fail(ops, status, ops.length === 1 ? text.replace(/^operations\[0\]:\s*/, '') : text);
  }

  /** Whether an entry a rejected delete named is gone from the glossary listed now. */
  private async alreadyGone(id: string): Promise<boolean> {
    try {
      this.result.checks++;
      for await (const page of this.api.list()) if (page.some((e) => e.id === id)) return false;
      return true;
    } catch (readErr) {
      if (!(readErr instanceof TeamctlError)) throw readErr;
      return false;
    }
  }

  /** A batch that failed once the run was interrupted: not checked, not split, not sent again. */
  private interruptedFailure(ops: PlannedOperation[], err: TeamctlError, status: number | null): void {
    this.stopped ??= 'the run was interrupted';
    if (failureClass(err) === 'unknown') {
      this.fail(ops, status, `outcome unknown: ${whatHappened(err)}; the run was interrupted, so it was not checked nor re-sent — run the import again later (a re-run settles it first)`, true);
    } else this.fail(ops, status, err instanceof ServiceError && err.code === 'INTERRUPTED' ? 'not sent: the run was interrupted' : failureDetail(err));
  }

  /**
   * Lists the glossary until two listings agree (checkLanded) on which of `ops` are missing — and
   * which held-back operations: the listing the run goes on from must account for all of them,
   * or one that landed meanwhile would look missing when it is released.
   */
  private async check(ops: readonly PlannedOperation[], firstWaitMs: number): Promise<Check> {
    const known = knownGlossary(this.listed, this.confirmed.slice(this.confirmed.length - this.confirmedSinceListed));
    const { checkDelayMs: gapMs, maxListings, sleep } = this;
    return checkLanded(() => this.api.list(), [...ops, ...this.held.operations()], known, { firstWaitMs, gapMs, maxListings, sleep, onListing: () => void this.result.checks++ });
  }

  /**
   * A check listed the glossary as `found.after`: what landed is applied (held-back operations
   * among it are no longer held), and that listing is the new base of what is known. Returns the
   * operations of `ops` that are missing.
   */
  private relisted(found: { landed: PlannedOperation[]; pending: PlannedOperation[]; after: GlossaryEntryLike[] }, ops: readonly PlannedOperation[]): PlannedOperation[] {
    const landed = new Set(found.landed);
    this.held.landed(landed);
    this.applied(found.landed);
    this.listed = found.after;
    this.confirmedSinceListed = 0;
    const mine = new Set(ops);
    return found.pending.filter((p) => mine.has(p));
  }

  /** The outcome is unknown: wait, list the glossary, count what landed, hold back the rest. */
  private async unknownOutcome(ops: PlannedOperation[], err: TeamctlError, status: number | null, sentAt: number): Promise<void> {
    const { waitMs: firstWaitMs, late, asked, tooLong } = waitBeforeCheck(err, ++this.unknownInARow, this);
    const sent = `${plural(ops.length, 'operation')} sent, outcome unknown: ${whatHappened(err)}`;
    this.notice(
      late
        ? `${sent}; the service may still be working on it: waiting ${Math.ceil(firstWaitMs / 1000)}s before listing the glossary to see what landed`
        : `${sent}; listing the glossary to see what landed${asked !== undefined && !tooLong ? ` (after the ${Math.ceil(asked / 1000)}s the service asked to wait)` : ''}`,
    );
    const found = await this.check(ops, firstWaitMs);
    // Interrupted while it waited to check: not checked, kept unknown (the journal keeps it).
    if (this.interrupted()) return this.interruptedFailure(ops, err, status);
    if (found.kind === 'unlisted') {
      const readErr = found.error;
      const pending = found.previous ? this.relisted(found.previous, ops) : ops;
      this.stop(
        readErr,
        `a request's outcome was unknown (${whatHappened(err)}) and the glossary could not be listed to check it: ${readErr.message}`,
        `the glossary could not be listed: ${readErr.message}`,
      );
      this.fail(
        pending,
        status,
        `outcome unknown: ${whatHappened(err)}; listing the glossary to check failed (${readErr.message}); ` +
          'not sent again, to avoid a duplicate — run the import again to finish',
        true,
      );
      return;
    }

    // Whatever happened (a timeout, a reset, a 500/502/503, an unreadable answer), the service may
    // still apply what is missing, at any later time: sent again now, it could land twice, with
    // nothing left to notice. So it is held back (see the file comment), and the run goes on.
    const pending = this.relisted(found, ops);
    const until = new Date(sentAt + this.holdBackMs).toISOString();
    this.notice(
      `${ops.length - pending.length} of ${ops.length} had landed` +
        (pending.length === 0 ? '' : `; ${pending.length} had not (yet), and are held back until ${until}: not sent again before then (the service may still apply them)`),
    );
    const changing = found.kind === 'unsettled' ? `; the glossary was still changing over ${found.listings} listings` : '';
    if (pending.length > 0) this.held.hold({ ops: pending, sentAt, err, changing });
    else if (found.kind === 'settled') this.unknownInARow = 0; // all of it landed: its outcome is known
    if (tooLong) {
      const seconds = Math.ceil((asked ?? 0) / 1000);
      this.stop(err, `the service asked to wait ${seconds}s, longer than the ${defaultRetryPolicy.maxRetryAfterMs / 1000}s teamctl waits`, `the service asked to wait ${seconds}s before the next request`);
    } else if (this.unknownInARow >= maxUnknownInARow) {
      this.result.stoppedBy = err;
      this.result.stopReason = `${this.unknownInARow} batches in a row had an unknown outcome (the last: ${whatHappened(err)}); run the import again later (a re-run skips what landed)`;
      this.paused = `${this.unknownInARow} earlier requests in a row had an unknown outcome`;
    }
  }

  /**
   * Before the next batch: once the hold-back time of held-back operations has passed, the
   * glossary is listed again (see the file comment); what landed is applied, what is still missing
   * is returned in batches, to be sent first, once the journal has forgotten it.
   */
  private async releaseDue(): Promise<PlannedOperation[][]> {
    if (!this.held.anyDue(this.now())) return [];
    const found = await this.check([], 0);
    if (found.kind === 'unlisted') {
      if (found.previous) this.relisted(found.previous, []);
      const why = found.error.message;
      this.stop(found.error, `the glossary could not be listed to settle the operations held back: ${why}`, `the glossary could not be listed: ${why}`);
      return [];
    }
    this.relisted(found, []);
    // Still changing: something is landing as we look; they stay held until the next look.
    if (found.kind === 'unsettled') return [];
    if (!this.held.anyDue(this.now())) return [];
    try {
      await this.api.released?.(found.after);
    } catch (journalErr) {
      if (!(journalErr instanceof TeamctlError)) throw journalErr;
      this.stop(journalErr, journalErr.message, `an earlier request failed: ${journalErr.message}`);
      return [];
    }
    const released = this.held.release(this.now());
    if (released === undefined) return [];
    const { again, since } = released;
    this.notice(`${plural(again.length, 'operation')} held back since ${new Date(since).toISOString()} still not in the glossary once the hold-back time has passed: sent again`);
    return batches(again, this.options.batchSize);
  }

  /** The run ends: what is still held back fails with an unknown outcome; the journal keeps it for a later run. */
  private failHeld(): void {
    for (const h of this.held.takeAll()) this.fail(h.ops, h.err.status ?? null, stillHeldMessage(h, this.holdBackMs), true);
  }

  /** Final verification (see the file comment): needed when something may have changed. */
  private async verify(): Promise<void> {
    const { result } = this;
    if (this.interrupted()) {
      // No new request after an interruption: what was sent with an unknown outcome stays unknown.
      if (this.uncertain.size > 0) result.verified = false;
      return;
    }
    if (!(this.options.verify ?? true) || (this.confirmed.length === 0 && this.uncertain.size === 0)) return;
    let verdict: Awaited<ReturnType<typeof verifyGlossary>>;
    try {
      verdict = await verifyGlossary(this.initial, this.confirmed, [...this.uncertain], this.api.list());
    } catch (readErr) {
      if (!(readErr instanceof TeamctlError)) throw readErr;
      result.verified = false;
      result.verifyError = readErr;
      return;
    }
    settleByListing(result, verdict, this.notice);
  }
}
