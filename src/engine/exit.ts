// The one rule that turns a run that reached the service into an exit code (`teamctl help exit-codes`, "Exit
// codes"), for every command that changes the service:
//   0  every change applied and verified (also: nothing to do);
//   1  nothing was applied: the service or the network failed — or the error that stopped the
//      run, with its own code when every request would have met it (401/403 → 4, 404 → 5);
//   6  partial: some changes applied, and some failed, have an unknown outcome, or could not be
//      verified.
import { AuthError, NotFoundError, PartialError, ServiceError, type TeamctlError } from '../errors.js';

export interface Tally {
  /** Changes planned (sent or not). */
  total: number;
  /** Changes the service accepted, or that the read-back proved applied. */
  applied: number;
  /** Changes that failed, were not sent, or whose outcome is unknown. */
  failed: number;
  /** Of `failed`: changes that may still have been applied (no conclusive answer, not settled). */
  unknown: number;
  /** The read-back found differences that no failure explains. */
  unexplained: number;
  /** The result could not be read back. */
  unverifiable: boolean;
  /** The first failure's message, for the one-line error. */
  firstFailure?: string | undefined;
  /** The error that stopped the run early, if any. */
  stoppedBy?: TeamctlError | undefined;
}

/** The tally of a run made of parts (teams, the organization's parts): counts added, the first failure and stop kept. */
export function sumTallies(tallies: readonly Tally[]): Tally {
  const sum = (f: (t: Tally) => number): number => tallies.reduce((n, t) => n + f(t), 0);
  return {
    total: sum((t) => t.total),
    applied: sum((t) => t.applied),
    failed: sum((t) => t.failed),
    unknown: sum((t) => t.unknown),
    unexplained: sum((t) => t.unexplained),
    unverifiable: tallies.some((t) => t.unverifiable),
    firstFailure: tallies.find((t) => t.firstFailure !== undefined)?.firstFailure,
    stoppedBy: tallies.find((t) => t.stoppedBy !== undefined)?.stoppedBy,
  };
}

/**
 * What a tally failed and left unknown, in the words of an exit line: `2 of 9 changes failed`,
 * `1 of 9 changes of unknown outcome (…)`. A write whose answer was lost is never said failed.
 */
export function failedWords(t: Tally, changes: string): string[] {
  const failed = t.failed - t.unknown;
  return [
    ...(failed > 0 ? [`${failed} of ${t.total} ${changes} failed`] : []),
    ...(t.unknown > 0 ? [`${t.unknown} of ${t.total} ${changes} of unknown outcome (sent, the answer lost: the service may have applied ${t.unknown === 1 ? 'it' : 'them'})`] : []),
  ];
}

export interface ExitWords {
  /** The error when nothing was applied (exit 1), e.g. "none of the 250 operations was applied: …". */
  nothingApplied: (t: Tally) => string;
  /** The error of a partial run (exit 6): what failed, what was applied. */
  partial: (t: Tally) => string;
  /** What to do next; `report` is the --report file, when there is one. */
  hint: (report: string | undefined) => string;
}

/** 0 when all is well; otherwise throws the error whose exit code the run ends with. */
export function settleExit(t: Tally, words: ExitWords, report?: string): 0 {
  if (t.failed === 0 && t.unexplained === 0 && !t.unverifiable) return 0;
  const nothingApplied = t.applied === 0 && t.unknown === 0 && t.unexplained === 0;
  if (nothingApplied) {
    const stop = t.stoppedBy;
    if (stop instanceof AuthError || stop instanceof NotFoundError) throw stop;
    throw new ServiceError(words.nothingApplied(t), { status: stop?.status, outcome: 'rejected', hint: stop?.hint ?? words.hint(report) });
  }
  throw new PartialError(words.partial(t), { hint: words.hint(report), cause: t.stoppedBy });
}
