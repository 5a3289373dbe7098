// The one rule that classes a write that did not succeed (`teamctl help reliability`, "Reliability:
// requests whose outcome is unknown"): `failed` when the service provably did not act (it
// answered with a refusal, or the request never left), `unknown` when it may have acted (the
// answer was lost: a reset, a timeout, a 500, 502, 503 or 504, a 2xx answer teamctl cannot read).
// Removal requests, invitations, team creations, team membership batches and glossary batches
// all go through it, so a lost answer is `unknown` (exit 6) in every report, never `failed`.
import { AuthError, NotFoundError, ServiceError, UsageError } from '../errors.js';

/** What a write that did not succeed means for its row: not applied, or perhaps applied. */
export type WriteOutcome = 'failed' | 'unknown';

/**
 * `failed` for an answer that refused the write (4xx: 401/403 and 404 included), a request that
 * cannot have been processed (a refused connection, 429) or one never sent (invalid input);
 * `unknown` for every other failure, whatever threw it: a write whose fate teamctl cannot prove
 * is never called failed.
 */
export function writeOutcome(err: unknown): WriteOutcome {
  if (err instanceof ServiceError) return err.outcome === 'unknown' ? 'unknown' : 'failed';
  return err instanceof AuthError || err instanceof NotFoundError || err instanceof UsageError ? 'failed' : 'unknown';
}
