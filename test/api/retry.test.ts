import { describe, expect, it } from 'vitest';
import { askedWait, backoffDelay, cannotHaveBeenProcessed, decideRetry, defaultRetryPolicy, parseRetryAfter, proxyAnswer, type AttemptOutcome, type RetryClass } from '../../src/api/retry.js';

const now = Date.parse('2026-11-21T12:00:00Z');
const decide = (outcome: AttemptOutcome, retryClass: RetryClass = 'idempotent', retriesSoFar = 0, random = () => 0.5) =>
  decideRetry(outcome, { retryClass, retriesSoFar, nowMs: now, random });

describe('which outcomes are retried', () => {
  it.each([429, 502, 503, 504])('retries HTTP %i for idempotent requests', (status) => {
    expect(decide({ kind: 'response', status }).retry).toBe(true);
  });
  it.each([400, 401, 403, 404, 409, 413, 500, 501])('does not retry HTTP %i', (status) => {
    expect(decide({ kind: 'response', status })).toEqual({ retry: false, why: 'not-retryable' });
  });
  it.each([200, 204, 205])('treats %i as success', (status) => {
    expect(decide({ kind: 'response', status })).toEqual({ retry: false, why: 'success' });
  });
  it.each(['ECONNRESET', 'ECONNREFUSED', 'ETIMEDOUT', 'UND_ERR_SOCKET', 'UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'TIMEOUT', 'EPIPE'])(
    'retries connection error %s for idempotent requests',
    (code) => {
      expect(decide({ kind: 'error', code }).retry).toBe(true);
    },
  );
  it('does not retry unknown errors', () => {
    expect(decide({ kind: 'error', code: 'ERR_SOMETHING_ELSE' }).retry).toBe(false);
  });
  it('retries the non-idempotent glossary PUT only when it cannot have been processed: a refused connection or a 429', () => {
    for (const ok of [{ kind: 'error', code: 'ECONNREFUSED' }, { kind: 'response', status: 429 }] as AttemptOutcome[]) {
      expect(decide(ok, 'unprocessed-only').retry).toBe(true);
    }
    for (const unsure of [
      { kind: 'error', code: 'ECONNRESET' },
      { kind: 'error', code: 'TIMEOUT' },
      { kind: 'error', code: 'UND_ERR_SOCKET' },
      { kind: 'response', status: 502 },
      // A 503 proves nothing, whatever its body (the outcome carries none): an API behind a
      // gateway wraps an upstream reset in its own error JSON, and the upstream may have written.
      { kind: 'response', status: 503 },
      { kind: 'response', status: 503, retryAfter: '1' },
      { kind: 'response', status: 504 },
      { kind: 'response', status: 500 },
    ] as AttemptOutcome[]) {
      expect(decide(unsure, 'unprocessed-only')).toEqual({ retry: false, why: 'not-retryable' });
    }
  });
  it('a proxy that would not open the tunnel: nothing reached the service; only its 429/502/503/504 are retried, for any request', () => {
    for (const retryClass of ['idempotent', 'unprocessed-only'] as RetryClass[]) {
      for (const status of [429, 502, 503, 504]) expect(decide({ kind: 'error', code: `PROXY_${status}` }, retryClass).retry).toBe(true);
      for (const status of [400, 403, 407, 500]) expect(decide({ kind: 'error', code: `PROXY_${status}` }, retryClass)).toEqual({ retry: false, why: 'not-retryable' });
    }
    expect(cannotHaveBeenProcessed({ kind: 'error', code: 'PROXY_407' })).toBe(true);
  });
  it('stops after the configured number of retries (4 by default)', () => {
    expect(decide({ kind: 'response', status: 503 }, 'idempotent', 3).retry).toBe(true);
    expect(decide({ kind: 'response', status: 503 }, 'idempotent', 4)).toEqual({ retry: false, why: 'exhausted' });
  });
});

describe('exponential backoff with full jitter', () => {
  it('stays within [0, min(cap, base·2^n)) for any random value', () => {
    for (let n = 0; n < 10; n++) {
      const ceiling = Math.min(defaultRetryPolicy.maxDelayMs, defaultRetryPolicy.baseDelayMs * 2 ** n);
      expect(backoffDelay(n, defaultRetryPolicy, () => 0)).toBe(0);
      expect(backoffDelay(n, defaultRetryPolicy, () => 0.999999)).toBe(ceiling - 1);
      expect(backoffDelay(n, defaultRetryPolicy, () => 0.5)).toBe(Math.floor(ceiling / 2));
    }
  });
  it('grows with the retry index and is capped', () => {
    const r = () => 0.999999;
    const delays = [0, 1, 2, 3, 4, 5, 6].map((n) => backoffDelay(n, defaultRetryPolicy, r));
    expect(delays).toEqual([249, 499, 999, 1999, 3999, 7999, 7999]);
  });
  it('draws its jitter from the injected random source', () => {
    const d = decide({ kind: 'response', status: 502 }, 'idempotent', 2, () => 0.25);
    expect(d).toEqual({ retry: true, delayMs: 250 });
  });
});

describe('Retry-After', () => {
  it('parses delay-seconds and HTTP dates', () => {
    expect(parseRetryAfter('7', now)).toBe(7000);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
    expect(parseRetryAfter('Sat, 21 Nov 2026 12:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Sat, 21 Nov 2026 11:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
    expect(parseRetryAfter('-3', now)).toBeUndefined();
  });
  it('waits exactly what the service asked, instead of the backoff', () => {
    expect(decide({ kind: 'response', status: 429, retryAfter: '12' })).toEqual({ retry: true, delayMs: 12_000 });
    expect(decide({ kind: 'response', status: 503, retryAfter: 'Sat, 21 Nov 2026 12:00:05 GMT' })).toMatchObject({ retry: true, delayMs: 5000 });
  });
  it('accepts up to 60 s and fails fast beyond', () => {
    expect(decide({ kind: 'response', status: 429, retryAfter: '60' })).toMatchObject({ retry: true, delayMs: 60_000 });
    expect(decide({ kind: 'response', status: 429, retryAfter: '61' })).toEqual({ retry: false, why: 'retry-after-too-long', retryAfterMs: 61_000 });
    expect(decide({ kind: 'response', status: 429, retryAfter: 'Sat, 21 Nov 2026 12:05:00 GMT' }, 'unprocessed-only')).toMatchObject({
      retry: false,
      why: 'retry-after-too-long',
    });
    // A 503 is not repeated for the glossary PUT at all, however long it asks to wait.
    expect(decide({ kind: 'response', status: 503, retryAfter: 'Sat, 21 Nov 2026 12:05:00 GMT' }, 'unprocessed-only')).toEqual({ retry: false, why: 'not-retryable' });
  });
  it('ignores an unreadable Retry-After and backs off instead', () => {
    expect(decide({ kind: 'response', status: 429, retryAfter: 'later' }, 'idempotent', 0, () => 0.5)).toEqual({ retry: true, delayMs: 125 });
  });
});

describe('the edges of each rule', () => {
  it('a name that does not resolve is failed at once; a lookup to try again is retried; neither reached the service', () => {
    for (const rule of ['idempotent', 'unprocessed-only'] as const) {
      expect(decide({ kind: 'error', code: 'ENOTFOUND' }, rule)).toEqual({ retry: false, why: 'not-retryable' });
      expect(decide({ kind: 'error', code: 'EAI_AGAIN' }, rule).retry).toBe(true);
    }
    for (const code of ['ECONNREFUSED', 'UND_ERR_CONNECT_TIMEOUT', 'ENOTFOUND', 'EAI_AGAIN']) expect(cannotHaveBeenProcessed({ kind: 'error', code })).toBe(true);
    for (const code of ['ECONNRESET', 'ETIMEDOUT', 'TIMEOUT', 'PROXY_']) expect(cannotHaveBeenProcessed({ kind: 'error', code })).toBe(false);
    for (const status of [200, 408, 503]) expect(cannotHaveBeenProcessed({ kind: 'response', status })).toBe(false);
  });

  it('every connection failure of unknown outcome is retried for a request safe to repeat', () => {
    for (const code of ['ENETUNREACH', 'EHOSTUNREACH', 'UND_ERR_CLOSED', 'UND_ERR_BODY_TIMEOUT']) expect(decide({ kind: 'error', code }).retry).toBe(true);
  });

  it("reads a proxy's status only from PROXY_ and three digits", () => {
    expect(proxyAnswer('PROXY_407')).toBe(407);
    for (const code of ['PROXY_4070', 'XPROXY_407', 'PROXY_40', 'PROXY_abc', 'proxy_407']) expect(proxyAnswer(code)).toBeUndefined();
  });

  it('takes a Retry-After from a 429 or a 503 only', () => {
    expect(askedWait({ kind: 'response', status: 429, retryAfter: '3' }, now)).toBe(3000);
    expect(askedWait({ kind: 'response', status: 503, retryAfter: '3' }, now)).toBe(3000);
    for (const status of [502, 504, 500, 200]) expect(askedWait({ kind: 'response', status, retryAfter: '3' }, now)).toBeUndefined();
    expect(askedWait({ kind: 'error', code: 'ECONNRESET' }, now)).toBeUndefined();
    // A 502 that asks to wait is backed off as any other.
    expect(decide({ kind: 'response', status: 502, retryAfter: '30' }, 'idempotent', 0, () => 0.5)).toEqual({ retry: true, delayMs: 125 });
  });

  it('reads delay-seconds whole and an HTTP-date only when it starts with a day name', () => {
    expect(parseRetryAfter(null, now)).toBeUndefined();
    expect(parseRetryAfter('', now)).toBeUndefined();
    for (const text of ['7s', 's7', '1.5', '7 7']) expect(parseRetryAfter(text, now)).toBeUndefined();
    expect(parseRetryAfter(' Sat, 21 Nov 2026 12:00:10 GMT ', now)).toBe(10_000);
    // Date.parse reads these, but they are no HTTP-date.
    expect(parseRetryAfter('21 Nov 2026 12:00:10 GMT', now)).toBeUndefined();
    expect(parseRetryAfter('x Sat, 21 Nov 2026 12:00:10 GMT', now)).toBeUndefined();
    expect(parseRetryAfter('Sat, the day after', now)).toBeUndefined();
  });

  it('a Retry-After of exactly the cap is waited, and one past it after the last retry is still said too long', () => {
    const policy = { ...defaultRetryPolicy, retries: 1 };
    const ctx = (retriesSoFar: number) => ({ retryClass: 'idempotent' as const, retriesSoFar, nowMs: now, random: () => 0.5, policy });
    expect(decideRetry({ kind: 'response', status: 429, retryAfter: '61' }, ctx(1))).toEqual({ retry: false, why: 'retry-after-too-long', retryAfterMs: 61_000 });
    expect(decideRetry({ kind: 'response', status: 429, retryAfter: '60' }, ctx(1))).toEqual({ retry: false, why: 'exhausted' });
    expect(decideRetry({ kind: 'response', status: 429, retryAfter: '60' }, ctx(0))).toEqual({ retry: true, delayMs: 60_000 });
    expect(decideRetry({ kind: 'response', status: 503 }, ctx(0))).toEqual({ retry: true, delayMs: 125 });
  });

  it('a response below 400 is a success whatever the class; 399 too, 400 not', () => {
    expect(decide({ kind: 'response', status: 399 }, 'unprocessed-only')).toEqual({ retry: false, why: 'success' });
    expect(decide({ kind: 'response', status: 400 }, 'unprocessed-only')).toEqual({ retry: false, why: 'not-retryable' });
  });
});
