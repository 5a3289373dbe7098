// What a failed glossary batch PUT means, for the executor (src/glossary/apply.ts, whose file
// comment says what it does with each class): too large, a failure every later request would
// share, rejected (and which operation the service blamed), refused unprocessed, or of unknown
// outcome (and whether the service may still be working on it).
import { backoffDelay, defaultRetryPolicy } from '../api/retry.js';
import { AuthError, NotFoundError, ServiceError, failureDetail, type TeamctlError } from '../errors.js';
import { JournalError } from '../journal/journal.js';
import { writeOutcome } from '../api/outcome.js';

/**
 * What a failed batch PUT means (see the file comment): too large (413), a failure every later
 * request would share (401/403/404), rejected, refused unprocessed, or of unknown outcome.
 */
export function failureClass(err: TeamctlError): 'too-large' | 'stops-all' | 'rejected' | 'not-processed' | 'unknown' {
  if (err.status === 413) return 'too-large';
  // The journal could not record the batch: it was not sent, and no later one can be.
  if (err instanceof AuthError || err instanceof NotFoundError || err instanceof JournalError) return 'stops-all';
  if (writeOutcome(err) === 'unknown') return 'unknown';
  return err instanceof ServiceError && err.outcome === 'not-processed' ? 'not-processed' : 'rejected';
}

/** The index a batch-validation message names ("operations[3]: …"), if any. */
export function namedOperationIndex(message: string): number | undefined {
  const m = /\boperations\[(\d+)\]/.exec(message);
  return m ? Number(m[1]) : undefined;
}

/**
 * Whether a failure with an unknown outcome may be a request the service is still working on:
 * our own per-request timeout, undici's header or body timeouts, a socket ETIMEDOUT, or a
 * gateway's 504.
 */
const timeoutCodes = new Set(['TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'ETIMEDOUT']);
export function mayStillBeProcessing(err: TeamctlError): boolean {
  if (err.status !== undefined) return err.status === 504;
  return err instanceof ServiceError && err.code !== undefined && timeoutCodes.has(err.code);
}

/**
 * How long to wait after an unknown outcome before listing the glossary: after a timeout
 * (mayStillBeProcessing) the request timeout plus the check delay; otherwise what Retry-After
 * asked for, else — from the second unknown outcome in a row (`inARow`, 1 for the first) — the
 * retry backoff; always at least the check delay. `tooLong`: Retry-After asked for more than the
 * client waits.
 */
export function waitBeforeCheck(
  err: TeamctlError,
  inARow: number,
  options: { requestTimeoutMs: number; checkDelayMs: number; random: () => number },
): { waitMs: number; late: boolean; asked: number | undefined; tooLong: boolean } {
  const late = mayStillBeProcessing(err);
  const asked = err instanceof ServiceError ? err.retryAfterMs : undefined;
  const tooLong = asked !== undefined && asked > defaultRetryPolicy.maxRetryAfterMs;
  const wait = asked !== undefined && !tooLong ? asked : inARow > 1 ? backoffDelay(inARow - 1, defaultRetryPolicy, options.random) : 0;
  return { waitMs: late ? options.requestTimeoutMs + options.checkDelayMs : Math.max(options.checkDelayMs, wait), late, asked, tooLong };
}

/** What happened to a request, for a person: the service's answer, or that there was none. */
export function whatHappened(err: TeamctlError): string {
  const detail = failureDetail(err);
  return err.status !== undefined ? `the service answered ${err.status} (${detail})` : `no answer (${detail})`;
}
