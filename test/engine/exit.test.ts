// The one exit rule (src/engine/exit.ts) over every combination of applied / failed / unknown /
// unexplained / unverifiable / stopped.
import { describe, expect, it } from 'vitest';
import { settleExit, type Tally } from '../../src/engine/exit.js';
import { AuthError, ExitCode, NotFoundError, ServiceError, TeamctlError } from '../../src/errors.js';

const words = {
  nothingApplied: (t: Tally) => `none of ${t.total} applied`,
  partial: (t: Tally) => `${t.failed} failed; ${t.applied} applied`,
  hint: (report: string | undefined) => (report ? `see ${report}` : 'see above'),
};

function exitOf(t: Tally): { code: number; error?: TeamctlError } {
  try {
    return { code: settleExit(t, words, 'r.csv') };
  } catch (err) {
    if (!(err instanceof TeamctlError)) throw err;
    return { code: err.exitCode, error: err };
  }
}

const base: Tally = { total: 4, applied: 0, failed: 0, unknown: 0, unexplained: 0, unverifiable: false };

describe('the exit rule', () => {
  it('is 0 exactly when nothing failed and the result was verified', () => {
    expect(exitOf({ ...base, applied: 4 }).code).toBe(ExitCode.ok);
    expect(exitOf(base).code).toBe(ExitCode.ok);
  });

  // Written out, not computed: each row a situation and the exit code a user gets.
  const auth = new AuthError('401');
  const gone = new NotFoundError('404');
  const refused = new ServiceError('503', { outcome: 'not-processed' });
  it.each([
    // applied, failed, unknown, unexplained, unverifiable, stopped by → exit
    ['all applied, verified', 4, 0, 0, 0, false, undefined, 0],
    ['nothing to apply', 0, 0, 0, 0, false, undefined, 0],
    ['all applied, not verifiable', 4, 0, 0, 0, true, undefined, 6],
    ['all applied, a duplicate found', 4, 0, 0, 1, false, undefined, 6],
    ['some applied, some failed', 2, 2, 0, 0, false, undefined, 6],
    ['some applied, some unknown', 2, 2, 2, 0, false, undefined, 6],
    ['none applied, all failed', 0, 4, 0, 0, false, undefined, 1],
    ['none applied, one unknown', 0, 4, 1, 0, false, undefined, 6],
    ['none applied, a duplicate found', 0, 0, 0, 1, false, undefined, 6],
    ['none applied, not verifiable', 0, 4, 0, 0, true, undefined, 1],
    ['none applied, stopped by a 401', 0, 4, 0, 0, false, auth, 4],
    ['none applied, stopped by a 404', 0, 4, 0, 0, false, gone, 5],
    ['none applied, stopped by a 503', 0, 4, 0, 0, false, refused, 1],
    ['some applied, then a 401', 2, 2, 0, 0, false, auth, 6],
    ['some applied, then a 404', 2, 2, 0, 0, false, gone, 6],
    ['none applied, one unknown, then a 401', 0, 4, 1, 0, false, auth, 6],
  ] as [string, number, number, number, number, boolean, TeamctlError | undefined, number][])('%s', (_what, applied, failed, unknown, unexplained, unverifiable, stoppedBy, expected) => {
    const t: Tally = { ...base, applied, failed, unknown, unexplained, unverifiable, ...(stoppedBy ? { stoppedBy } : {}) };
    const { code, error } = exitOf(t);
    expect(code).toBe(expected);
    if (code === ExitCode.partial) expect(error?.message).toBe(`${failed} failed; ${applied} applied`);
    if (code === ExitCode.failed) {
      expect(error?.message).toBe('none of 4 applied');
      expect(error?.hint).toBe(stoppedBy?.hint ?? 'see r.csv');
    }
  });

  it('keeps the stopping error itself when every request would have met it', () => {
    const auth = new AuthError('permission denied (403)');
    expect(exitOf({ ...base, failed: 4, stoppedBy: auth }).error).toBe(auth);
  });
});
