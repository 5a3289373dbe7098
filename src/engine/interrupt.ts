// Ctrl-C and CI cancellations while changes are being sent (`teamctl help interruptions`, "Interruptions"): the first
// SIGINT or SIGTERM asks the run to stop starting requests — those in flight get a short grace
// period, then are cut off (their outcome unknown) — the reports are written, a line says what applied — and the exit code is
// 130 (SIGINT) or 143 (SIGTERM). A second signal exits at once.
import { listenForStop, type StopSignal } from '../waits.js';

/**
 * How long requests in flight may go on after the first signal before they are cut off: CI
 * runners send SIGKILL a few seconds after SIGTERM (GitHub Actions: ~2.5 s), and the report must
 * be written before that.
 */
export const interruptGraceMs = 2000;

export interface Interrupts {
  /** The first signal received, if any. */
  readonly received: StopSignal | undefined;
  /** Stops listening (the default behaviour of the signals comes back). */
  dispose(): void;
}

const exitCodeOf = (signal: StopSignal): number => (signal === 'SIGTERM' ? 143 : 130);

export function watchInterrupts(onFirst: (signal: StopSignal) => void): Interrupts {
  return listenForStop((signal, first) => {
    if (!first) process.exit(exitCodeOf(signal));
    onFirst(signal);
  });
}
