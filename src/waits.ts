// Waits that a stop ends at once (`teamctl help interruptions`, "Interruptions"): the hold-back
// time, a Retry-After, the journal's lock, the wait before a check listing. SIGINT or SIGTERM
// while a run waits ends the wait within the CI runner's grace period, not when it would have
// elapsed; the run then sends nothing more, writes its report and exits 130 or 143.
import type { StopSignal } from './engine/interrupt.js';

/**
 * A sleep that resolves early once `stop` is aborted. Without `sleep` it is a real timer, cleared
 * on the stop so that nothing keeps the process alive; an injected `sleep` (a test's clock) is
 * raced against the stop.
 */
export function stoppableSleep(stop: AbortSignal, sleep?: (ms: number) => Promise<void>): (ms: number) => Promise<void> {
  return (ms) => {
    if (stop.aborted) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      let timer: NodeJS.Timeout | undefined;
      const done = (): void => {
        clearTimeout(timer);
        stop.removeEventListener('abort', done);
        resolve();
      };
      stop.addEventListener('abort', done, { once: true });
      if (sleep === undefined) timer = setTimeout(done, ms);
      else
        sleep(ms).then(done, (err: unknown) => {
          stop.removeEventListener('abort', done);
          reject(err instanceof Error ? err : new Error(String(err)));
        });
    });
  };
}

/** SIGINT and SIGTERM heard while `listen` is on: the first one received, and a promise of it. */
export interface StopListener {
  readonly received: StopSignal | undefined;
  readonly heard: Promise<StopSignal>;
  dispose(): void;
}

/**
 * Listens for SIGINT and SIGTERM (their default, ending the process at once, is off meanwhile),
 * for a wait before any change is sent that handles them itself.
 */
export function listenForStop(): StopListener {
  let received: StopSignal | undefined;
  let hear!: (signal: StopSignal) => void;
  const heard = new Promise<StopSignal>((resolve) => (hear = resolve));
  const handler = (signal: StopSignal): void => {
    received ??= signal;
    hear(signal);
  };
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
  return {
    get received() {
      return received;
    },
    heard,
    dispose() {
      process.off('SIGINT', handler);
      process.off('SIGTERM', handler);
    },
  };
}
