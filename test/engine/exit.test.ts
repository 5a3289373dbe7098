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
const stops = [undefined, new AuthError('401'), new NotFoundError('404'), new ServiceError('503', { outcome: 'not-processed' })];

describe('the exit rule', () => {
  it('is 0 exactly when nothing failed and the result was verified', () => {
    expect(exitOf({ ...base, applied: 4 }).code).toBe(ExitCode.ok);
    expect(exitOf(base).code).toBe(ExitCode.ok);
  });

  it('checks every combination', () => {
    for (const applied of [0, 2])
      for (const failed of [0, 2])
        for (const unknown of [0, 1])
          for (const unexplained of [0, 1])
            for (const unverifiable of [false, true])
              for (const stoppedBy of stops) {
                if (unknown > failed) continue;
                const t: Tally = { ...base, applied, failed, unknown, unexplained, unverifiable, stoppedBy };
                const { code, error } = exitOf(t);
                const allWell = failed === 0 && unexplained === 0 && !unverifiable;
                const nothingApplied = applied === 0 && unknown === 0 && unexplained === 0;
                const expected = allWell
                  ? ExitCode.ok
                  : nothingApplied
                    ? stoppedBy instanceof AuthError || stoppedBy instanceof NotFoundError
                      ? stoppedBy.exitCode
                      : ExitCode.failed
                    : ExitCode.partial;
                expect({ t, code }).toEqual({ t, code: expected });
                if (code === ExitCode.partial) expect(error?.message).toBe(`${failed} failed; ${applied} applied`);
                if (code === ExitCode.failed) {
                  expect(error?.message).toBe('none of 4 applied');
                  expect(error?.hint).toBe(stoppedBy?.hint ?? 'see r.csv');
                }
              }
  });

  it('keeps the stopping error itself when every request would have met it', () => {
    const auth = new AuthError('permission denied (403)');
    expect(exitOf({ ...base, failed: 4, stoppedBy: auth }).error).toBe(auth);
  });
});
