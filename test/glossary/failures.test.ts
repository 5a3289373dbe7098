// What a failed glossary batch means (src/glossary/failures.ts), class by class: the executor's
// every decision rests on it.
import { describe, expect, it } from 'vitest';
import { AuthError, NotFoundError, ServiceError, TeamctlError, UsageError } from '../../src/errors.js';
import { failureClass, mayStillBeProcessing, namedOperationIndex, whatHappened } from '../../src/glossary/failures.js';
import { JournalError } from '../../src/journal/journal.js';

describe('failureClass', () => {
  it.each([
    ['413 (too large)', new ServiceError('x', { status: 413, outcome: 'rejected' }), 'too-large'],
    ['401', new AuthError('x', { status: 401 }), 'stops-all'],
    ['403', new AuthError('x', { status: 403 }), 'stops-all'],
    ['404', new NotFoundError('x', { status: 404 }), 'stops-all'],
    ['a journal that cannot be written', new JournalError('x'), 'stops-all'],
    ['400 rejected', new ServiceError('x', { status: 400, outcome: 'rejected' }), 'rejected'],
    ['429 not processed', new ServiceError('x', { status: 429, outcome: 'not-processed' }), 'not-processed'],
    ['refused connection', new ServiceError('x', { code: 'ECONNREFUSED', outcome: 'not-processed' }), 'not-processed'],
    ['502 unknown', new ServiceError('x', { status: 502, outcome: 'unknown' }), 'unknown'],
    ['a reset', new ServiceError('x', { code: 'ECONNRESET', outcome: 'unknown' }), 'unknown'],
    ['any other error', new TeamctlError('x'), 'unknown'],
    ['a usage error (nothing sent)', new UsageError('x'), 'rejected'],
  ] as [string, TeamctlError, string][])('%s → %s', (_what, err, expected) => {
    expect(failureClass(err)).toBe(expected);
  });
});

describe('mayStillBeProcessing', () => {
  it.each([
    ['TIMEOUT', true],
    ['UND_ERR_HEADERS_TIMEOUT', true],
    ['UND_ERR_BODY_TIMEOUT', true],
    ['ETIMEDOUT', true],
    ['ECONNRESET', false],
    ['UND_ERR_SOCKET', false],
  ])('a failure without an answer, code %s → %s', (code, expected) => {
    expect(mayStillBeProcessing(new ServiceError('x', { code }))).toBe(expected);
  });
  it('a gateway timeout (504) may still be processing; other statuses are not', () => {
    expect(mayStillBeProcessing(new ServiceError('x', { status: 504 }))).toBe(true);
    for (const status of [500, 502, 503]) expect(mayStillBeProcessing(new ServiceError('x', { status }))).toBe(false);
    // A status wins over a code: an answer arrived.
    expect(mayStillBeProcessing(new ServiceError('x', { status: 502, code: 'TIMEOUT' }))).toBe(false);
    expect(mayStillBeProcessing(new TeamctlError('x'))).toBe(false);
  });
});

describe('namedOperationIndex and whatHappened', () => {
  it('finds the operation a 400 names, and says whether an answer came', () => {
    expect(namedOperationIndex('operations[12]: translations is empty')).toBe(12);
    expect(namedOperationIndex('bad request')).toBeUndefined();
    expect(whatHappened(new ServiceError('PUT … failed with 502', { status: 502, detail: 'bad gateway' }))).toBe('the service answered 502 (bad gateway)');
    expect(whatHappened(new ServiceError('PUT … failed (ECONNRESET)', { detail: 'failed (ECONNRESET)' }))).toBe('no answer (failed (ECONNRESET))');
  });
});
