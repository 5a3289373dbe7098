// The retry policy (`teamctl help environment`, "Talking to the service") as a pure function: given what happened to one attempt, decide
// whether to try again and after how long. The clock and the random source are injected so tests
// need no real time.

/** Which rule a request falls under. */
export type RetryClass =
  /** GET, DELETE and the members PUTs: safe to repeat. */
  | 'idempotent'
  /** The glossary PUT: repeated only when it cannot have been processed (connection refused, 429). */
  | 'unprocessed-only';

/** What one attempt ended with. */
export type AttemptOutcome =
  | { kind: 'response'; status: number; retryAfter?: string | null }
  /** `code` is the Node/undici error code (ECONNRESET, UND_ERR_CONNECT_TIMEOUT …), 'TIMEOUT', or PROXY_<status>. */
  | { kind: 'error'; code: string };

export interface RetryPolicy {
  /** Retries after the first attempt. */
  retries: number;
  /** Backoff base and cap (ms): the n-th retry waits random() × min(cap, base × 2^n). */
  baseDelayMs: number;
  maxDelayMs: number;
  /** A Retry-After longer than this fails fast instead of waiting. */
  maxRetryAfterMs: number;
}

export const defaultRetryPolicy: RetryPolicy = {
  retries: 4,
  baseDelayMs: 250,
  maxDelayMs: 8_000,
  maxRetryAfterMs: 60_000,
};

export type RetryDecision =
  | { retry: true; delayMs: number }
  | { retry: false; why: 'success' | 'not-retryable' | 'exhausted' }
  | { retry: false; why: 'retry-after-too-long'; retryAfterMs: number };

/** Errors where the connection was never established: the request cannot have been processed. */
const neverSentCodes = new Set(['ECONNREFUSED', 'UND_ERR_CONNECT_TIMEOUT', 'ENOTFOUND', 'EAI_AGAIN']);
/** A name that does not resolve will not resolve on the next try either: failed at once. */
const permanentCodes = new Set(['ENOTFOUND']);
/** Connection-level failures and timeouts where the outcome is unknown (a permanent one is refused first). */
const transientCodes = new Set([
  ...neverSentCodes,
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'TIMEOUT',
]);
const retryableStatuses = new Set([429, 502, 503, 504]);

/** The status of a proxy that would not open the tunnel (code `PROXY_407` …): the service never saw the request. */
export function proxyAnswer(code: string): number | undefined {
  const m = /^PROXY_(\d{3})$/.exec(code);
  return m ? Number(m[1]) : undefined;
}

/**
 * True when the outcome proves the request was not processed (safe to repeat anything): no
 * connection was made (or the proxy would not open the tunnel), or a 429. Nothing else does,
 * a 503 included, whatever its body: an API behind a gateway wraps an upstream reset in its own
 * error JSON, and the upstream may already have written (`teamctl help environment`, "Talking to the service").
 */
export function cannotHaveBeenProcessed(outcome: AttemptOutcome): boolean {
  if (outcome.kind === 'error') return neverSentCodes.has(outcome.code) || proxyAnswer(outcome.code) !== undefined;
  return outcome.status === 429;
}

/** The wait a 429 or 503 asked for with Retry-After (ms), if it asked for one. */
export function askedWait(outcome: AttemptOutcome, nowMs: number): number | undefined {
  return outcome.kind === 'response' && (outcome.status === 429 || outcome.status === 503) ? parseRetryAfter(outcome.retryAfter, nowMs) : undefined;
}

function isRetryable(outcome: AttemptOutcome, retryClass: RetryClass): boolean {
  // A proxy's 502/503/504 to CONNECT may pass; its 407 or 403 will not.
  const proxyStatus = outcome.kind === 'error' ? proxyAnswer(outcome.code) : undefined;
  if (proxyStatus !== undefined) return retryableStatuses.has(proxyStatus);
  if (outcome.kind === 'error' && permanentCodes.has(outcome.code)) return false;
  if (retryClass === 'unprocessed-only') return cannotHaveBeenProcessed(outcome);
  return outcome.kind === 'error' ? transientCodes.has(outcome.code) : retryableStatuses.has(outcome.status);
}

/**
 * Parses a Retry-After value: delay-seconds or an HTTP-date. Returns milliseconds from `nowMs`
 * (never negative), or undefined when absent or unreadable.
 */
export function parseRetryAfter(value: string | null | undefined, nowMs: number): number | undefined {
  if (value == null) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  if (!/^[A-Za-z]{3},/.test(text)) return undefined; // an HTTP-date starts with the day name
  const date = Date.parse(text);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - nowMs);
}

/** Full jitter: uniformly random between 0 and the exponential ceiling. */
export function backoffDelay(retryIndex: number, policy: RetryPolicy, random: () => number): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** retryIndex);
  return Math.floor(random() * ceiling);
}

/**
 * Decides what to do after an attempt. `retriesSoFar` is 0 after the first attempt.
 * A Retry-After replaces the backoff (we wait exactly what the service asked); one longer than
 * the cap fails fast rather than hanging a CI job.
 */
export function decideRetry(
  outcome: AttemptOutcome,
  context: { retryClass: RetryClass; retriesSoFar: number; nowMs: number; random: () => number; policy?: RetryPolicy },
): RetryDecision {
  const policy = context.policy ?? defaultRetryPolicy;
  if (outcome.kind === 'response' && outcome.status < 400) return { retry: false, why: 'success' };
  if (!isRetryable(outcome, context.retryClass)) return { retry: false, why: 'not-retryable' };
  const retryAfterMs = askedWait(outcome, context.nowMs);
  if (retryAfterMs !== undefined && retryAfterMs > policy.maxRetryAfterMs) {
    return { retry: false, why: 'retry-after-too-long', retryAfterMs };
  }
  if (context.retriesSoFar >= policy.retries) return { retry: false, why: 'exhausted' };
  if (retryAfterMs !== undefined) return { retry: true, delayMs: retryAfterMs };
  return { retry: true, delayMs: backoffDelay(context.retriesSoFar, policy, context.random) };
}
