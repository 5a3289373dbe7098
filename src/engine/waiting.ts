// A wait before a run sends anything (`teamctl help interruptions`, "Interruptions"): settling the
// writes an earlier run left of unknown outcome waits for their hold-back time. SIGINT or SIGTERM
// ends it at once — the wait stops, no request starts, one in flight is cut off — and the run
// ends with exit 130 or 143, nothing of it sent; the journal keeps what is still unknown.
import type { Context } from '../context.js';
import { InterruptedError, TeamctlError } from '../errors.js';
import { watchInterrupts } from './interrupt.js';

/** Runs `wait` (`what` names it: "settling …") so that an interruption ends it and the run. */
export async function beforeChanges<T>(ctx: Context, what: string, wait: () => Promise<T>): Promise<T> {
  const interrupts = watchInterrupts(() => ctx.interruptRequests(0));
  const interrupted = (): InterruptedError | undefined => {
    const signal = interrupts.received;
    return signal === undefined ? undefined : new InterruptedError(`interrupted while ${what}; nothing was sent`, signal);
  };
  try {
    const result = await wait();
    const stop = interrupted();
    if (stop !== undefined) throw stop;
    return result;
  } catch (err) {
    // A request the interruption kept from starting, or cut off: the interruption is the news.
    if (!(err instanceof TeamctlError) || err instanceof InterruptedError) throw err;
    throw interrupted() ?? err;
  } finally {
    interrupts.dispose();
  }
}
