// A progress bar on stderr, only where a person is watching (stderr is a terminal, no --quiet)
// and only for work that spans more than one request (README, "Settings"). Otherwise a no-op.
// The bar is IO's status line (IO.setStatus): every other line for people goes above it, and
// it is erased before the summary.
import type { IO } from '../io.js';
import { redact } from '../redact.js';
import { oneLine } from './terminal.js';

export interface Progress {
  /** Marks `n` more units done. */
  increment(n?: number): void;
  stop(): void;
}

const silent: Progress = { increment() {}, stop() {} };

/** Cells of the bar at most, and at least (a narrower terminal shortens the label instead). */
const barCells = { max: 40, min: 10 };

/**
 * `label [████░░░░] 300/3000`, in at most `columns` display columns: the bar gives way first,
 * then the label is cut with `…`.
 */
export function progressLine(label: string, done: number, total: number, columns: number, width: (s: string) => number): string {
  const count = ` ${done}/${total}`;
  const room = columns - width(count) - 3; // the brackets and the space before them
  let name = label;
  let cells = Math.min(barCells.max, room - width(name));
  if (cells < barCells.min) {
    cells = Math.max(0, Math.min(barCells.min, room));
    const chars = [...name];
    while (chars.length > 0 && width(chars.join('')) + 1 > room - cells) chars.pop();
    name = chars.length < [...label].length ? `${chars.join('')}…` : label;
  }
  const full = total > 0 ? Math.round((cells * done) / total) : cells;
  return `${name} [${'\u2588'.repeat(full)}${'\u2591'.repeat(cells - full)}]${count}`;
}

/**
 * `total` is counted in the units the caller increments (users, operations); `requests` is how
 * many requests the work takes, which decides whether a bar is worth drawing at all.
 */
export async function startProgress(io: IO, label: string, total: number, requests: number): Promise<Progress> {
  if (!io.stderrIsTTY || io.quiet || requests <= 1 || total <= 0) return silent;
  const { default: stringWidth } = await import('string-width');
  // Drawn through IO, which redacts it too: the label (a saved plan's command) is made safe here.
  const name = oneLine(redact(label));
  const columns = (io.stderrColumns ?? 80) - 1;
  // Redrawn when the count moves a thousandth of the total (the bar's cells move less often): a
  // long run writes a bounded number of lines to the terminal, whatever its size.
  const step = Math.max(1, Math.floor(total / 1000));
  let done = 0;
  let drawn = -step;
  let stopped = false;
  const draw = (): void => {
    drawn = done;
    io.setStatus(progressLine(name, done, total, columns, stringWidth));
  };
  draw();
  return {
    increment(n = 1) {
      // Never past the total, even if the service made the run do more than planned.
      const more = Math.min(n, total - done);
      if (more <= 0 || stopped) return;
      done += more;
      if (done - drawn >= step || done === total) draw();
    },
    stop() {
      if (stopped) return;
      stopped = true;
      io.setStatus(undefined);
    },
  };
}
