// What the glossary executor (src/glossary/apply.ts) is given: the service as two functions, so
// tests can script any failure without a network, and the options of a run.
import type { GlossaryOperation } from '../api/types.js';
import type { GlossaryEntryLike } from '../plan/glossary.js';

/** What the executor needs of the service. */
export interface GlossaryWriteApi {
  /** PUT one batch of operations (updateGlossaryEntries: retried only when surely unprocessed). */
  update(operations: GlossaryOperation[]): Promise<void>;
  /** The glossary as listed now, page by page (listGlossaryEntries). */
  list(): AsyncIterable<readonly GlossaryEntryLike[]>;
  /**
   * Held-back operations whose hold-back time has passed are about to be sent again: the journal
   * settles against `glossary`, as listed now, so it forgets them (Journal.settle).
   */
  released?(glossary: readonly GlossaryEntryLike[]): Promise<void>;
}

export interface ApplyOptions {
  /** Operations per request. */
  batchSize: number;
  /** Wait before listing the glossary after an unknown outcome, and between two check listings (default 500 ms). */
  checkDelayMs?: number;
  /** The per-request timeout (--timeout, default 30 s): after a timeout, the wait before the first check listing is at least this. */
  requestTimeoutMs?: number;
  /** Listings per check at most while they keep disagreeing (default 4; at least 2). */
  maxListings?: number;
  /** How long operations sent with an unknown outcome are held back: the journal's window (--hold-back, default 60 s). */
  holdBackMs?: number;
  /** Wait at the end of the run for what is still held back, settle it and send what is missing (default true; false with --no-settle). */
  settle?: boolean;
  /** How the end of the run waits `ms` for `count` held-back operations (default: a notice, then `sleep`). */
  holdBackWait?: (ms: number, count: number) => Promise<void>;
  /** List the glossary after the run and compare (default true). */
  verify?: boolean;
  sleep?: (ms: number) => Promise<void>;
  /** The clock of the hold-back time (ms since the epoch; default Date.now). */
  now?: () => number;
  /** The random source of the backoff's jitter (default Math.random). */
  random?: () => number;
  /** Called with the number of operations just settled (applied or failed), for a progress bar. */
  onSettled?: (count: number) => void;
  /** True once the run must start no new request (Ctrl-C, SIGTERM): later batches are "not sent", and there is no final listing. */
  interrupted?: () => boolean;
  /** Lines for a person: an unknown outcome, what the check found, what the verification found. */
  onNotice?: (message: string) => void;
}
