// The hold-back time of the glossary commands that write (`teamctl help reliability`, "The
// hold-back time"): how long a write whose outcome is unknown is left alone before a listing
// settles it, and how the end of a run waits for it — a line, and a countdown on a terminal.
import type { Context } from '../context.js';
import { UsageError } from '../errors.js';
import { plural } from '../output/words.js';
import { defaultHoldBackMs } from './apply.js';

/** The flags every glossary command that writes takes. */
export interface HoldBackFlags {
  /** --hold-back <seconds>, as commander parses it. */
  holdBack?: string | undefined;
  /** false with --no-settle. */
  settle?: boolean | undefined;
}

/** What the flags mean for a run: the hold-back time (ms) and whether the end of the run settles. */
export interface HoldBack {
  holdBackMs: number;
  settle: boolean;
}

/** The largest --hold-back: a day. */
const maxHoldBackSeconds = 86_400;

/** --hold-back <seconds> (whole seconds, 0 to a day; default 60) and --no-settle; exit 2 otherwise. */
export function parseHoldBack(flags: HoldBackFlags): HoldBack {
  const settle = flags.settle !== false;
  if (flags.holdBack === undefined) return { holdBackMs: defaultHoldBackMs, settle };
  const text = flags.holdBack.trim();
  const seconds = Number(text);
  if (!/^\d+$/.test(text) || seconds > maxHoldBackSeconds) {
    throw new UsageError(`--hold-back takes a whole number of seconds from 0 to ${maxHoldBackSeconds}, not ${JSON.stringify(flags.holdBack)}`);
  }
  return { holdBackMs: seconds * 1000, settle };
}

/**
 * How the end of a run waits for held-back writes: one line; on a terminal (no --quiet), a
 * countdown on the line below, redrawn each second. Waits go through the context's sleep.
 */
export function holdBackWaiter(ctx: Context): (ms: number, count: number) => Promise<void> {
  return async (ms, count) => {
    const seconds = Math.ceil(ms / 1000);
    ctx.io.info(`${plural(count, 'glossary operation')} with an unknown outcome held back: waiting ${seconds}s for the hold-back time to pass, then listing the glossary to settle them (--no-settle leaves them to a later run)`);
    const { io } = ctx;
    const sleep = ctx.sleep ?? ((wait: number) => new Promise<void>((resolve) => setTimeout(resolve, wait)));
    if (!io.stderrIsTTY || io.quiet) return sleep(ms);
    let left = ms;
    while (left > 0) {
      io.streams.stderr.write(`\r\u001b[2K  settling in ${Math.ceil(left / 1000)}s`);
      const step = Math.min(1000, left);
      await sleep(step);
      left -= step;
    }
    io.streams.stderr.write('\r\u001b[2K');
  };
}
