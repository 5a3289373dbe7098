// Waits that a stop ends at once (`teamctl help interruptions`, "Interruptions"): the hold-back
// time, a Retry-After, the journal's lock, the wait before a check listing. SIGINT or SIGTERM
// while a run waits ends the wait within the CI runner's grace period, not when it would have
// elapsed; the run then sends nothing more, writes its report and exits 130 or 143.

/** The signals that stop a run: Ctrl-C, and a CI runner's cancellation. */
export type StopSignal = 'SIGINT' | 'SIGTERM';

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
      stop.addEventListener('abort', done);
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
 * Listens for SIGINT and SIGTERM (their default, ending the process at once, is off meanwhile).
 * `onSignal` is told of each, and whether it is the first.
 */
export function listenForStop(onSignal: (signal: StopSignal, first: boolean) => void = () => {}): StopListener {
  let received: StopSignal | undefined;
  let hear!: (signal: StopSignal) => void;
  const heard = new Promise<StopSignal>((resolve) => (hear = resolve));
  const handler = (signal: StopSignal): void => {
    const first = received === undefined;
    received ??= signal;
    hear(signal);
    onSignal(signal, first);
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
