// The glossary import executor: sends a plan's operations in batches and ends with every
// operation either applied or listed as failed — never sent twice to land twice (README, "Talking to the service").
// The API comes in as two functions, so tests can script any failure without a network; waiting
// goes through `sleep`, so tests run on a fake clock.
//
// What each failure of a batch PUT means here:
// - 413: the batch is halved and each half sent again (down to one operation; then it fails).
// - rejected (400/422): the service acted on nothing. To let the good operations land, the
//   operation the service names (`operations[i]` in its message) is sent alone and the rest
//   together; without such a name the batch is halved. A single rejected operation fails with the
//   service's message. Other 4xx fail the whole batch.
// - not processed (connection refused, 429, 503 — already retried by the client): nothing landed;
//   the batch fails and later batches are not sent (the service is refusing work; each would wait
//   out the same retries). They are listed as failed, "not sent".
// - unknown (timeout, reset, 500/502/504, an unreadable 2xx): the batch may or may not have
//   landed, wholly or in part — and the service may still be working on it, or apply it later
//   (a proxy or a queue may hold a request for minutes, also after answering 502 or dropping the
//   connection). So the executor first waits: after a timeout (ours, undici's header/body
//   timeouts, a socket ETIMEDOUT, or a gateway's 504: mayStillBeProcessing) at least the request
//   timeout (`requestTimeoutMs`) plus the check delay, otherwise the check delay. Then it lists the
//   glossary, and landedOperations() tells which operations are in it; those count as applied. Two
//   listings taken `checkDelayMs` apart must agree on which ones are missing; while the listings
//   keep changing (the batch is landing as we look) it lists again, up to `maxListings`.
//   What is missing is NEVER sent again: it fails as "outcome unknown … not re-sent" and the run
//   stops. No wait can tell a request the service dropped from one it will still process, and a
//   re-send of a request that is processed later is a duplicate no listing of ours can see in
//   time (README, "Reliability"). A re-run of the import later finishes the job safely: what
//   landed meanwhile is then skipped as present.
//   If the glossary cannot be listed, nothing is re-sent either.
// - The run stops (later batches fail as "not sent: …") after 401/403/404 (every later request
//   would fail the same way), after "not processed", and after an unknown outcome whose
//   operations had not all landed.
//
// Final verification: after the run the glossary is listed once more, page by page, and compared
// with what the run expects (src/glossary/verify.ts): the glossary as first read plus the
// operations confirmed. A failed operation whose outcome was unknown and that is in the glossary
// after all moves to `applied` ("landed late"). A confirmed insert/update/delete the listing does
// not show moves the other way, from `applied` to `failed` (`missing`): the counts say what the
// glossary holds, not what the service answered. A
// translation set present more often than expected (a duplicate: someone else inserted the same
// translations meanwhile) is reported in `discrepancies`, naming the line and the entry ids.
// Processing later than that last listing cannot be seen — which is why nothing is ever re-sent
// after an unknown outcome.
import type { GlossaryOperation } from '../api/types.js';
import { batches } from '../api/batching.js';
import { ServiceError, TeamctlError, failureDetail } from '../errors.js';
import { failureClass, mayStillBeProcessing, namedOperationIndex, whatHappened } from './failures.js';
import { landedOperations, type GlossaryEntryLike, type PlannedOperation } from '../plan/glossary.js';
import { plural } from '../output/words.js';
import { verifyGlossary } from './verify.js';
import type { ApplyResult } from './outcomes.js';

/** What the executor needs of the service. */
export interface GlossaryWriteApi {
  /** PUT one batch of operations (updateGlossaryEntries: retried only when surely unprocessed). */
  update(operations: GlossaryOperation[]): Promise<void>;
  /** The glossary as listed now, page by page (listGlossaryEntries). */
  list(): AsyncIterable<readonly GlossaryEntryLike[]>;
}

/** A whole listing, for the checks of what landed (each entry's id and translations only). */
async function readAll(api: GlossaryWriteApi): Promise<GlossaryEntryLike[]> {
  const entries: GlossaryEntryLike[] = [];
  for await (const page of api.list()) for (const { id, translations } of page) entries.push({ id, translations });
  return entries;
}

export interface ApplyOptions {
  /** Operations per request. */
  batchSize: number;
  /** Wait before listing the glossary after an unknown outcome, and between two check listings (default 500 ms). */
  checkDelayMs?: number;
  /** The per-request timeout (--timeout, default 30 s): after a timeout, the wait before the first check listing is at least this. */
  requestTimeoutMs?: number;
  /** Listings per check at most while they keep disagreeing (default 4; at least 2). */
  maxListings?: number;
  /** List the glossary after the run and compare (default true). */
  verify?: boolean;
  sleep?: (ms: number) => Promise<void>;
  /** Called with the number of operations just settled (applied or failed), for a progress bar. */
  onSettled?: (count: number) => void;
  /** True once the run must start no new request (Ctrl-C, SIGTERM): later batches are "not sent", and there is no final listing. */
  interrupted?: () => boolean;
  /** Lines for a person: an unknown outcome, what the check found, what the verification found. */
  onNotice?: (message: string) => void;
}

/**
 * The glossary after the batches the service confirmed since it was `listed`, as far as we can
 * tell without listing it again: inserts get placeholder ids no service id can equal
 * (landedOperations only needs ids to tell old entries from new ones, and counts translations),
 * updates replace the map, deletes remove the entry. Built only when a check needs it (after an
 * unknown outcome), so a run of 100k inserts does not keep a second copy of them (README,
 * "Performance"); once per check, so a run stays linear.
 */
function knownGlossary(listed: readonly GlossaryEntryLike[], since: readonly PlannedOperation[]): GlossaryEntryLike[] {
  const known = new Map(listed.map((e) => [e.id, e]));
  let placeholders = 0;
  for (const { operation: op } of since) {
    if (op.type === 'insert') {
      const id = `\u0000teamctl-inserted-${placeholders++}`;
      known.set(id, { id, translations: op.translations }); // shared, never changed
    } else if (op.type === 'update') known.set(op.id, { id: op.id, translations: op.translations });
    else known.delete(op.id);
  }
  return [...known.values()];
}

const byLine = (a: { line: number }, b: { line: number }) => a.line - b.line;

type Check =
  | { kind: 'settled' | 'unsettled'; landed: PlannedOperation[]; pending: PlannedOperation[]; after: GlossaryEntryLike[]; listings: number }
  | { kind: 'unlisted'; error: TeamctlError; previous?: { landed: PlannedOperation[]; pending: PlannedOperation[]; after: GlossaryEntryLike[] } };

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
  private readonly checkDelayMs: number;
  private readonly requestTimeoutMs: number;
  private readonly maxListings: number;
  private readonly sleep: (ms: number) => Promise<void>;
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
  private readonly queue: PlannedOperation[][];

  constructor(
    private readonly api: GlossaryWriteApi,
    private readonly initial: readonly GlossaryEntryLike[],
    operations: readonly PlannedOperation[],
    private readonly options: ApplyOptions,
  ) {
    this.checkDelayMs = options.checkDelayMs ?? 500;
    this.requestTimeoutMs = options.requestTimeoutMs ?? 30_000;
    this.maxListings = Math.max(2, options.maxListings ?? 4);
    this.sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
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
    while (this.queue.length > 0) {
      const ops = this.queue.shift() as PlannedOperation[];
      if (this.stopped === undefined && this.interrupted()) this.stopped = 'the run was interrupted';
      if (this.stopped !== undefined) {
        this.fail(ops, null, `not sent: ${this.stopped}`);
        continue;
      }
      await this.send(ops);
    }
    await this.verify();
    this.result.applied.sort(byLine);
    this.result.failed.sort(byLine);
    return this.result;
  }

  /** One batch PUT; a failure is classified, then acted on by its class (see the file comment). */
  private async send(ops: PlannedOperation[]): Promise<void> {
    try {
      this.result.requests++;
      await this.api.update(ops.map((p) => p.operation));
      this.applied(ops);
    } catch (err) {
      if (!(err instanceof TeamctlError)) throw err;
      const status = err.status ?? null;
      // No new request, no listing, no wait after an interruption (README, "Interruptions"):
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
          return this.unknownOutcome(ops, err, status);
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
    // A 404 never gets here: it stops the run (README, "Glossary file layouts", "Applying");
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

  /** Lists the glossary until two listings agree on which of `ops` are missing (see the file comment). */
  private async check(ops: PlannedOperation[], firstWaitMs: number, gapMs: number): Promise<Check> {
    await this.sleep(firstWaitMs);
    let previous: { landed: PlannedOperation[]; pending: PlannedOperation[]; after: GlossaryEntryLike[] } | undefined;
    const known = knownGlossary(this.listed, this.confirmed.slice(this.confirmed.length - this.confirmedSinceListed));
    for (let listing = 1; listing <= this.maxListings; listing++) {
      if (listing > 1) await this.sleep(gapMs);
      let after: GlossaryEntryLike[];
      try {
        this.result.checks++;
        after = await readAll(this.api);
      } catch (readErr) {
        if (!(readErr instanceof TeamctlError)) throw readErr;
        return previous ? { kind: 'unlisted', error: readErr, previous } : { kind: 'unlisted', error: readErr };
      }
      const found = { ...landedOperations(ops, known, after), after };
      const agrees = previous !== undefined && found.pending.length === previous.pending.length && found.pending.every((p) => previous?.pending.includes(p));
      if (found.pending.length === 0 || agrees) return { kind: 'settled', ...found, listings: listing };
      previous = found;
    }
    return { kind: 'unsettled', ...(previous as NonNullable<typeof previous>), listings: this.maxListings };
  }

  /** The outcome is unknown: wait, list the glossary, count what landed, never re-send the rest. */
  private async unknownOutcome(ops: PlannedOperation[], err: TeamctlError, status: number | null): Promise<void> {
    const late = mayStillBeProcessing(err);
    const gapMs = this.checkDelayMs;
    const firstWaitMs = late ? this.requestTimeoutMs + gapMs : gapMs;
    const sent = `${plural(ops.length, 'operation')} sent, outcome unknown: ${whatHappened(err)}`;
    this.notice(
      late
        ? `${sent}; the service may still be working on it: waiting ${Math.ceil(firstWaitMs / 1000)}s before listing the glossary to see what landed`
        : `${sent}; listing the glossary to see what landed`,
    );
    const found = await this.check(ops, firstWaitMs, gapMs);

    if (found.kind === 'unlisted') {
      const readErr = found.error;
      if (found.previous) this.relisted(found.previous.after, found.previous.landed);
      this.stop(
        readErr,
        `a request's outcome was unknown (${whatHappened(err)}) and the glossary could not be listed to check it: ${readErr.message}`,
        `the glossary could not be listed: ${readErr.message}`,
      );
      this.fail(
        found.previous?.pending ?? ops,
        status,
        `outcome unknown: ${whatHappened(err)}; listing the glossary to check failed (${readErr.message}); ` +
          'not sent again, to avoid a duplicate — run the import again to finish',
        true,
      );
      return;
    }

    const { landed, pending, after } = found;
    this.relisted(after, landed);
    this.notice(`${landed.length} of ${ops.length} had landed${pending.length === 0 ? '' : `; ${pending.length} had not (yet), and are not sent again`}`);
    if (pending.length === 0) return;

    // Whatever happened (a timeout, a reset, a 500/502, an unreadable answer), the service may
    // still apply what is missing, at any later time: sent again, it could land twice, with
    // nothing left to notice. So it is not, and the run stops here (see the file comment).
    const changing = found.kind === 'unsettled' ? `; the glossary was still changing over ${found.listings} listings` : '';
    this.stop(
      err,
      `a batch's outcome was unknown (${whatHappened(err)}) and the service may still apply it, ` +
        'so it was not re-sent (that could duplicate it); run the import again later (a re-run skips what landed)',
      "an earlier request's outcome is unknown and the service may still apply it",
    );
    this.fail(
      pending,
      status,
      `outcome unknown: ${whatHappened(err)}${changing}; the service may still apply it, so it was not re-sent ` +
        '(that could duplicate it) — run the import again later (a re-run skips what landed)',
      true,
    );
  }

  /** A check listed the glossary as `after`, with `landed` in it: the new base of what is known. */
  private relisted(after: readonly GlossaryEntryLike[], landed: readonly PlannedOperation[]): void {
    this.applied(landed);
    this.listed = after;
    this.confirmedSinceListed = 0;
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
    const { landedLate, discrepancies } = verdict;
    if (landedLate.length > 0) {
      const late = new Set(landedLate);
      result.failed = result.failed.filter((f) => !late.has(f.planned));
      result.applied.push(...landedLate);
      result.landedLate = landedLate;
      this.notice(`${plural(landedLate.length, 'operation')} reported failed above landed after all (line ${landedLate.map((p) => p.line).join(', ')})`);
    }
    // A confirmed operation the glossary does not show was not applied, whatever the service said.
    const missing = new Map(discrepancies.filter((d) => d.missing).map((d) => [d.planned, d]));
    if (missing.size > 0) {
      result.applied = result.applied.filter((p) => !missing.has(p));
      for (const d of missing.values()) result.failed.push({ line: d.line, status: null, message: d.message, planned: d.planned, missing: true });
    }
    result.discrepancies = discrepancies.filter((d) => !d.missing);
  }
}
