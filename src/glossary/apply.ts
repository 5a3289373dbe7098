// The glossary import executor: sends a plan's operations in batches and ends with every
// operation either applied or listed as failed — never sent twice to land twice (contract §6).
// The API comes in as two functions, so tests can script any failure without a network.
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
// - unknown (timeout, reset, 500/502/504, an unreadable 2xx): the answer was lost, the batch may
//   or may not have landed, wholly or in part. The glossary is listed again, landedOperations()
//   tells which operations are in it, and only the others are sent again — at most `maxAttempts`
//   sends per operation in all. What is still not in the glossary after the last check fails.
//   If the glossary cannot be listed, nothing is re-sent (a blind resend could duplicate) and
//   later batches are not sent.
// - 401/403/404 (AuthError, NotFoundError): every later request would fail the same way; the
//   batch fails and later batches are not sent.
// Before checking, the executor waits a little (growing with each attempt): a request that timed
// out on our side may still be finishing on the service's.
import type { GlossaryOperation } from '../api/types.js';
import { batches } from '../api/batching.js';
import { AuthError, NotFoundError, ServiceError, TeamctlError, failureDetail } from '../errors.js';
import { landedOperations, type GlossaryEntryLike, type PlannedOperation } from '../plan/glossary.js';

/** What the executor needs of the service. */
export interface GlossaryWriteApi {
  /** PUT one batch of operations (updateGlossaryEntries: retried only when surely unprocessed). */
  update(operations: GlossaryOperation[]): Promise<void>;
  /** The whole glossary as listed now (readGlossary). */
  read(): Promise<GlossaryEntryLike[]>;
}

export interface ApplyOptions {
  /** Operations per request. */
  batchSize: number;
  /** Sends per operation when answers are lost, the first included (default 4). */
  maxAttempts?: number;
  /** Wait before listing the glossary after a lost answer: this × the attempt number (default 500 ms). */
  checkDelayMs?: number;
  sleep?: (ms: number) => Promise<void>;
  /** Called with the number of operations just settled (applied or failed), for a progress bar. */
  onSettled?: (count: number) => void;
  /** Lines for a person: a lost answer and what the check found. */
  onNotice?: (message: string) => void;
}

export interface FailedOperation {
  line: number;
  /** The HTTP status of the failure; null when there was none (network, not sent). */
  status: number | null;
  message: string;
  planned: PlannedOperation;
}

export interface ApplyResult {
  /** Operations known to be in the glossary, in line order. */
  applied: PlannedOperation[];
  /** The others, in line order. */
  failed: FailedOperation[];
  /** Batch PUTs sent, and glossary listings made to check a lost answer. */
  requests: number;
  checks: number;
  /** The error that stopped the run early (later batches were not sent), if one did. */
  stoppedBy?: TeamctlError;
}

interface Unit {
  ops: PlannedOperation[];
  /** Sends of these operations whose answer was lost so far. */
  lost: number;
}

/** The index a batch-validation message names ("operations[3]: …"), if any. */
export function namedOperationIndex(message: string): number | undefined {
  const m = /\boperations\[(\d+)\]/.exec(message);
  return m ? Number(m[1]) : undefined;
}

/**
 * The glossary after a batch the service confirmed, as far as we can tell without listing it:
 * inserts get placeholder ids no service id can equal (landedOperations only needs ids to tell
 * old entries from new ones, and counts translations), updates replace the map.
 */
function advance(known: GlossaryEntryLike[], ops: readonly PlannedOperation[], nextPlaceholder: () => string): GlossaryEntryLike[] {
  const byId = new Map(known.map((e) => [e.id, e]));
  const inserted: GlossaryEntryLike[] = [];
  for (const { operation: op } of ops) {
    if (op.type === 'insert') inserted.push({ id: nextPlaceholder(), translations: { ...op.translations } });
    else if (op.type === 'update') byId.set(op.id, { id: op.id, translations: { ...op.translations } });
    else byId.delete(op.id);
  }
  return [...byId.values(), ...inserted];
}

const byLine = (a: { line: number }, b: { line: number }) => a.line - b.line;

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
  const maxAttempts = options.maxAttempts ?? 4;
  const checkDelayMs = options.checkDelayMs ?? 500;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const settled = options.onSettled ?? (() => {});
  const notice = options.onNotice ?? (() => {});

  const result: ApplyResult = { applied: [], failed: [], requests: 0, checks: 0 };
  const applied = (ops: readonly PlannedOperation[]) => {
    result.applied.push(...ops);
    if (ops.length > 0) settled(ops.length);
  };
  const fail = (ops: readonly PlannedOperation[], status: number | null, message: string) => {
    for (const planned of ops) result.failed.push({ line: planned.line, status, message, planned });
    if (ops.length > 0) settled(ops.length);
  };

  let placeholders = 0;
  const nextPlaceholder = () => `\u0000teamctl-inserted-${placeholders++}`;
  // The glossary as it stands before the next batch: `before` for landedOperations.
  let known: GlossaryEntryLike[] = initial.map((e) => ({ id: e.id, translations: e.translations }));
  // Set when later batches must not be sent; they fail with this reason.
  let stopped: string | undefined;

  const queue: Unit[] = batches(operations, options.batchSize).map((ops) => ({ ops, lost: 0 }));
  while (queue.length > 0) {
    const unit = queue.shift() as Unit;
    const { ops } = unit;
    if (stopped !== undefined) {
      fail(ops, null, `not sent: ${stopped}`);
      continue;
    }
    try {
      result.requests++;
      await api.update(ops.map((p) => p.operation));
      known = advance(known, ops, nextPlaceholder);
      applied(ops);
      continue;
    } catch (err) {
      if (!(err instanceof TeamctlError)) throw err;
      const status = err.status ?? null;

      if (status === 413) {
        if (ops.length > 1) {
          const half = Math.ceil(ops.length / 2);
          queue.unshift({ ops: ops.slice(0, half), lost: unit.lost }, { ops: ops.slice(half), lost: unit.lost });
        } else {
          fail(ops, status, `the service refuses even this one operation as too large: ${failureDetail(err)}`);
        }
        continue;
      }

      if (err instanceof AuthError || err instanceof NotFoundError) {
        stopped = `an earlier request failed: ${err.message}`;
        result.stoppedBy = err;
        fail(ops, status, err.message);
        continue;
      }

      const outcome = err instanceof ServiceError ? err.outcome : 'unknown';
      if (outcome === 'rejected') {
        if ((status === 400 || status === 422) && ops.length > 1) {
          const named = namedOperationIndex(failureDetail(err));
          if (named !== undefined && named < ops.length) {
            // The named operation alone (confirming the blame), the others together.
            const rest = ops.filter((_, i) => i !== named);
            queue.unshift({ ops: [ops[named] as PlannedOperation], lost: unit.lost }, { ops: rest, lost: unit.lost });
          } else {
            const half = Math.ceil(ops.length / 2);
            queue.unshift({ ops: ops.slice(0, half), lost: unit.lost }, { ops: ops.slice(half), lost: unit.lost });
          }
          continue;
        }
        const text = failureDetail(err);
        fail(ops, status, ops.length === 1 ? text.replace(/^operations\[0\]:\s*/, '') : text);
        continue;
      }

      if (outcome === 'not-processed') {
        stopped = `an earlier request was refused without being processed: ${err.message}`;
        result.stoppedBy = err;
        fail(ops, status, `not applied: ${err.message}`);
        continue;
      }

      // The answer was lost: list the glossary and see what landed.
      const lost = unit.lost + 1;
      notice(`${ops.length} operation${ops.length === 1 ? '' : 's'} sent, answer lost (${err.message}); listing the glossary to see what landed`);
      await sleep(checkDelayMs * lost);
      let after: GlossaryEntryLike[];
      try {
        result.checks++;
        after = await api.read();
      } catch (readErr) {
        if (!(readErr instanceof TeamctlError)) throw readErr;
        stopped = `the glossary could not be listed: ${readErr.message}`;
        result.stoppedBy = readErr;
        fail(
          ops,
          status,
          `outcome unknown: ${err.message}; listing the glossary to check failed too (${readErr.message}); ` +
            'not sent again, to avoid a duplicate — run the import again to finish',
        );
        continue;
      }
      const { landed, pending } = landedOperations(ops, known, after);
      known = after.map((e) => ({ id: e.id, translations: e.translations }));
      applied(landed);
      notice(`${landed.length} of ${ops.length} had landed${pending.length > 0 ? `; ${pending.length} still to apply` : ''}`);
      if (pending.length === 0) continue;
      if (lost >= maxAttempts) {
        fail(
          pending,
          status,
          `not applied: ${lost} attempts ended without an answer (last: ${err.message}); ` +
            'the glossary was listed after each and this operation is not in it',
        );
        continue;
      }
      queue.unshift({ ops: pending, lost });
    }
  }

  result.applied.sort(byLine);
  result.failed.sort(byLine);
  return result;
}
