// Sending many items in bulk requests: fixed-size batches, and a batch the service refuses as too
// large (413) is halved and each half sent again, down to single items (`teamctl help environment`, "Talking to the service").
import { TeamctlError } from '../errors.js';

/** Splits items into consecutive batches of at most `size`. */
export function batches<T>(items: readonly T[], size: number): T[][] {
  if (!Number.isInteger(size) || size < 1) throw new RangeError(`batch size must be a positive integer, not ${size}`);
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export interface BatchFailure<T> {
  items: T[];
  error: TeamctlError;
}

export interface BatchResult<T> {
  /** Batches the service accepted, in the order sent. */
  sent: T[][];
  /** Batches that failed for a reason other than size (already retried by the client). */
  failed: BatchFailure<T>[];
}

const isTooLarge = (err: unknown): boolean => err instanceof TeamctlError && err.status === 413;

/**
 * Sends `items` in batches of at most `size`, one request at a time, in order. A 413 splits that
 * batch in two and sends each half; any other failure is recorded and the remaining batches are
 * still sent, so the caller can report exactly what applied and what did not. Errors that are not
 * TeamctlErrors (bugs) propagate.
 */
export async function sendInBatches<T>(
  items: readonly T[],
  size: number,
  send: (batch: T[]) => Promise<void>,
  onSent?: (batch: T[]) => void,
): Promise<BatchResult<T>> {
  const result: BatchResult<T> = { sent: [], failed: [] };
  const queue = batches(items, size);
  while (queue.length > 0) {
    const batch = queue.shift() as T[];
    try {
      await send(batch);
      result.sent.push(batch);
      onSent?.(batch);
    } catch (err) {
      if (isTooLarge(err) && batch.length > 1) {
        const half = Math.ceil(batch.length / 2);
        queue.unshift(batch.slice(0, half), batch.slice(half));
        continue;
      }
      if (!(err instanceof TeamctlError)) throw err;
      result.failed.push({ items: batch, error: err });
    }
  }
  return result;
}
