// Fault injection for the sandbox, so admins and tests can rehearse a flaky service:
// latency, 429 rate limiting, 503 failures, connections reset before processing, the
// "lost answer" case (the change is applied, then the connection drops without an answer) and
// the "late apply" case (an error answered at once, the change applied a little later: a gateway's
// 502 or 503 page, or a 503 in the service's own error JSON, as an API behind a gateway answers
// when its upstream reset after receiving the request).
// None of this is described by the service documents; it is all the sandbox's own behaviour.

export interface FaultOptions {
  /** Fixed delay added before every request is processed (ms). */
  latencyMs?: number;
  /** Share of requests answered 503 without being processed (0..1). */
  failRate?: number;
  /** Requests per second accepted; more are answered 429 with Retry-After (seconds). */
  rateLimit?: number;
  /** Share of requests whose connection is destroyed before processing (0..1). */
  resetRate?: number;
  /** Share of requests processed and applied, then left without an answer (0..1). */
  ambiguousRate?: number;
  /**
   * Share of requests answered at once — a gateway's 502 or 503 page, or a 503 in the service's own
   * error JSON, a third each — and applied 50–300 ms later (0..1).
   */
  lateRate?: number;
  /** Seed of the pseudo-random generator; the same seed gives the same faults in the same order. */
  faultSeed?: number;
}

/** What to do with one request, decided after the latency has been waited. */
export type FaultDecision =
  | { kind: 'none' }
  | { kind: 'rate-limit'; retryAfterSeconds: number }
  | { kind: 'fail' }
  | { kind: 'reset' }
  | { kind: 'ambiguous' }
  | { kind: 'late'; delayMs: number; status: 502 | 503; body: 'gateway' | 'service' };

/** A late request is applied this long after its answer, at least (ms)… */
export const lateMinMs = 50;
/** …and at most. */
export const lateMaxMs = 300;

/** Default seed when faults are asked for without --fault-seed (sandbox's choice: reproducible runs). */
export const defaultFaultSeed = 1;

/** mulberry32: a small, fast, seeded PRNG returning floats in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Throws a RangeError naming the option when a fault setting is out of range. */
export function validateFaultOptions(options: FaultOptions): void {
  const rate = (name: keyof FaultOptions, value: number | undefined) => {
    if (value === undefined) return;
    if (!Number.isFinite(value) || value < 0 || value > 1) {
      throw new RangeError(`${name} must be a number between 0 and 1, got ${value}`);
    }
  };
  rate('failRate', options.failRate);
  rate('resetRate', options.resetRate);
  rate('ambiguousRate', options.ambiguousRate);
  rate('lateRate', options.lateRate);
  if (options.latencyMs !== undefined && (!Number.isFinite(options.latencyMs) || options.latencyMs < 0)) {
    throw new RangeError(`latencyMs must be a number >= 0, got ${options.latencyMs}`);
  }
  if (options.rateLimit !== undefined && (!Number.isFinite(options.rateLimit) || options.rateLimit <= 0)) {
    throw new RangeError(`rateLimit must be a number of requests per second > 0, got ${options.rateLimit}`);
  }
  if (options.faultSeed !== undefined && !Number.isInteger(options.faultSeed)) {
    throw new RangeError(`faultSeed must be an integer, got ${options.faultSeed}`);
  }
}

/** True when any fault is switched on. */
export function hasFaults(options: FaultOptions): boolean {
  return (
    (options.latencyMs ?? 0) > 0 ||
    (options.failRate ?? 0) > 0 ||
    options.rateLimit !== undefined ||
    (options.resetRate ?? 0) > 0 ||
    (options.ambiguousRate ?? 0) > 0 ||
    (options.lateRate ?? 0) > 0
  );
}

/**
 * Token bucket: holds up to `rate` tokens (one second's worth of burst) and refills at `rate`
 * tokens per second. A request takes one token; without one it is rate limited.
 */
export class TokenBucket {
  private tokens: number;
  private last: number;
  constructor(
    private readonly rate: number,
    private readonly now: () => number = Date.now,
  ) {
    this.tokens = Math.max(1, rate);
    this.last = now();
  }

  /** Takes a token; returns 0 when one was available, else the seconds to wait (at least 1). */
  take(): number {
    const now = this.now();
    const capacity = Math.max(1, this.rate);
    this.tokens = Math.min(capacity, this.tokens + ((now - this.last) / 1000) * this.rate);
    this.last = now;
    if (this.tokens >= 1) {
      this.tokens -= 1;
      return 0;
    }
    return Math.max(1, Math.ceil((1 - this.tokens) / this.rate));
  }
}

export class FaultInjector {
  private readonly random: () => number;
  /** A generator of its own, so --late-rate leaves the other faults' sequence of a seed as it was. */
  private readonly lateRandom: () => number;
  private readonly bucket: TokenBucket | undefined;
  readonly latencyMs: number;

  constructor(
    private readonly options: FaultOptions,
    now: () => number = Date.now,
  ) {
    validateFaultOptions(options);
    this.random = mulberry32(options.faultSeed ?? defaultFaultSeed);
    this.lateRandom = mulberry32((options.faultSeed ?? defaultFaultSeed) ^ 0x5bd1e995);
    this.bucket = options.rateLimit === undefined ? undefined : new TokenBucket(options.rateLimit, now);
    this.latencyMs = options.latencyMs ?? 0;
  }

  /**
   * Decides the fate of the next request. Exactly three numbers (and three for the late fault) are
   * drawn per request, whatever the outcome, so the n-th request's fail/reset/ambiguous/late fate
   * and late delay depend only on the seed and n (the rate limit depends on the clock and is
   * checked first).
   */
  decide(): FaultDecision {
    const failDraw = this.random();
    const resetDraw = this.random();
    const ambiguousDraw = this.random();
    const lateDraw = this.lateRandom();
    const delayMs = lateMinMs + Math.floor(this.lateRandom() * (lateMaxMs - lateMinMs + 1));
    const answerDraw = this.lateRandom();
    const status = answerDraw < 1 / 3 ? 502 : 503;
    const body = answerDraw < 2 / 3 ? 'gateway' : 'service';
    if (this.bucket) {
      const wait = this.bucket.take();
      if (wait > 0) return { kind: 'rate-limit', retryAfterSeconds: wait };
    }
    if (failDraw < (this.options.failRate ?? 0)) return { kind: 'fail' };
    if (resetDraw < (this.options.resetRate ?? 0)) return { kind: 'reset' };
    if (ambiguousDraw < (this.options.ambiguousRate ?? 0)) return { kind: 'ambiguous' };
    if (lateDraw < (this.options.lateRate ?? 0)) return { kind: 'late', delayMs, status, body };
    return { kind: 'none' };
  }
}
