// The one rule that classes a write that did not succeed (`teamctl help reliability`).
import { describe, expect, it } from 'vitest';
import { writeOutcome } from '../../src/api/outcome.js';
import { AuthError, NotFoundError, ServiceError, TeamctlError, UsageError } from '../../src/errors.js';

describe('writeOutcome', () => {
  it('a lost answer is unknown: a reset, a 500 or 503 after applying, a 2xx teamctl cannot read, anything unexpected', () => {
    expect(writeOutcome(new ServiceError('DELETE … failed (ECONNRESET)', { code: 'ECONNRESET' }))).toBe('unknown');
    expect(writeOutcome(new ServiceError('failed with 500', { status: 500, outcome: 'unknown' }))).toBe('unknown');
    expect(writeOutcome(new ServiceError('failed with 503', { status: 503, outcome: 'unknown' }))).toBe('unknown');
    expect(writeOutcome(new ServiceError('unexpected response; the invitations may have been sent', { status: 200, outcome: 'unknown' }))).toBe('unknown');
    expect(writeOutcome(new Error('socket hang up'))).toBe('unknown');
    expect(writeOutcome('a string thrown')).toBe('unknown');
    expect(writeOutcome(new TeamctlError('anything else'))).toBe('unknown');
  });

  it('a refusal, or a request that never left, failed', () => {
    expect(writeOutcome(new ServiceError('failed with 400', { status: 400, outcome: 'rejected' }))).toBe('failed');
    expect(writeOutcome(new ServiceError('refused', { code: 'ECONNREFUSED', outcome: 'not-processed' }))).toBe('failed');
    expect(writeOutcome(new ServiceError('429', { status: 429, outcome: 'not-processed' }))).toBe('failed');
    expect(writeOutcome(new AuthError('permission denied (403)', { status: 403 }))).toBe('failed');
    expect(writeOutcome(new NotFoundError('not found (404)', { status: 404 }))).toBe('failed');
    expect(writeOutcome(new UsageError('invalid'))).toBe('failed');
  });
});
