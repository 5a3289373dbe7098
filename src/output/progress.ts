// A progress bar on stderr, only where a person is watching (stderr is a terminal, no --quiet)
// and only for work that spans more than one request (README, "Settings"). Otherwise a no-op.
import type { IO } from '../io.js';
import { redact } from '../redact.js';
import { oneLine } from './terminal.js';

export interface Progress {
  /** Marks `n` more units done. */
  increment(n?: number): void;
  stop(): void;
}

const silent: Progress = { increment() {}, stop() {} };

/**
 * `total` is counted in the units the caller increments (users, operations); `requests` is how
 * many requests the work takes, which decides whether a bar is worth drawing at all.
 */
export async function startProgress(io: IO, label: string, total: number, requests: number): Promise<Progress> {
  if (!io.stderrIsTTY || io.quiet || requests <= 1 || total <= 0) return silent;
  const { default: cliProgress } = await import('cli-progress');
  const bar = new cliProgress.SingleBar(
    {
      stream: io.streams.stderr,
      // Written straight to stderr, not through IO: the label (a saved plan's command) is made safe here.
      format: `${oneLine(redact(label))} [{bar}] {value}/{total}`,
      hideCursor: true,
      clearOnComplete: true,
      noTTYOutput: false,
    },
    cliProgress.Presets.shades_classic,
  );
  bar.start(total, 0);
  let done = 0;
  return {
    increment(n = 1) {
      // Never past the total, even if the service made the run do more than planned.
      const step = Math.min(n, total - done);
      if (step <= 0) return;
      done += step;
      bar.increment(step);
    },
    stop() {
      bar.stop();
    },
  };
}
