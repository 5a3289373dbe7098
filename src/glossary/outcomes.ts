// What a glossary run comes to (`teamctl help reliability`, "Reliability: requests whose outcome is unknown"): each
// operation applied or failed, and what the final listing found wrong. Written by the executor
// (apply.ts) and the verification (verify.ts), read by the reports (importView.ts).
import type { TeamctlError } from '../errors.js';
import type { PlannedOperation } from '../plan/glossary.js';

export interface FailedOperation {
  line: number;
  /** The HTTP status of the failure; null when there was none (network, not sent). */
  status: number | null;
  message: string;
  planned: PlannedOperation;
  /** Sent, and its outcome is unknown: the service may still apply it (it was not re-sent). */
  outcomeUnknown?: true;
  /** Confirmed by the service, but the final listing does not show it. */
  missing?: true;
}

/** Something the final listing found wrong, on the line of the operation it concerns. */
export interface Discrepancy {
  line: number;
  message: string;
  planned: PlannedOperation;
  /** The entries concerned (the duplicates to delete, or the entry updated). */
  ids: string[];
  /** A confirmed operation the listing does not show (the executor reports it failed, not applied). */
  missing?: true;
}

export interface ApplyResult {
  /** Operations known to be in the glossary, in line order. */
  applied: PlannedOperation[];
  /** The others, in line order. */
  failed: FailedOperation[];
  /** Batch PUTs sent, and glossary listings made to check unknown outcomes (not the verification). */
  requests: number;
  checks: number;
  /** The error that stopped the run early (later batches were not sent), if one did. */
  stoppedBy?: TeamctlError;
  /** Why the run stopped, for a person (set with stoppedBy). */
  stopReason?: string;
  /** Failed operations the final listing found in the glossary after all (now in `applied` too). */
  landedLate: PlannedOperation[];
  /** What the final listing found wrong that is no failure of an operation: duplicates. */
  discrepancies: Discrepancy[];
  /**
   * True when the final listing was made and compared, or was not needed (nothing can have
   * changed); false when the glossary could not be listed (`verifyError`).
   */
  verified: boolean;
  verifyError?: TeamctlError;
}
