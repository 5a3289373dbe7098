// A progress bar on stderr, only where a person is watching (stderr is a terminal, no --quiet)
// and only for work that spans more than one request (contract §1). Otherwise a no-op.
import type { IO } from '../io.js';

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
      format: `${label} [{bar}] {value}/{total}`,
      hideCursor: true,
      clearOnComplete: true,
      noTTYOutput: false,
    },
    cliProgress.Presets.shades_classic,
  );
  bar.start(total, 0);
  return {
    increment(n = 1) {
      bar.increment(n);
    },
    stop() {
      bar.stop();
    },
  };
}
