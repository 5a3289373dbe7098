// The hold-back time (`teamctl help reliability`, "The hold-back time"): how long a write whose
// outcome is unknown (a glossary batch, a team creation) is left alone before a listing settles
// it, and how the end of a run waits for it — a line, and a countdown on a terminal.
import { UsageError } from '../errors.js';
import { plural } from '../output/words.js';

/** How long a write of unknown outcome is held back by default: twice the default request timeout. */
export const defaultHoldBackMs = 60_000;

/** The flags every command that may send such a write takes. */
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

/** What of a run its wait uses: where it speaks, and its sleep (injected in tests). */
export interface WaitingRun {
  io: { info(message: string): void; readonly stderrIsTTY: boolean; readonly quiet: boolean; readonly status: string | undefined; setStatus(line: string | undefined): void };
  sleep?: ((ms: number) => Promise<void>) | undefined;
  /** True once the run was interrupted: the wait (and its countdown) ends at once. */
  readonly stopped?: boolean;
}

/** What a run waits for: the writes held back, and the listing that settles them. */
const waited = {
  glossary: { write: 'glossary operation', listing: 'listing the glossary' },
  teams: { write: 'team creation', listing: 'listing the teams' },
  grants: { write: 'user grant', listing: "listing the resources' user grants" },
} as const;

/**
 * How a run waits for held-back writes: one line; on a terminal (no --quiet), a countdown on the
 * line below, redrawn each second. Waits go through the context's sleep.
 */
export function holdBackWaiter(ctx: WaitingRun, what: keyof typeof waited = 'glossary'): (ms: number, count: number) => Promise<void> {
  return async (ms, count) => {
    const seconds = Math.ceil(ms / 1000);
    ctx.io.info(`${plural(count, waited[what].write)} with an unknown outcome held back: waiting ${seconds}s for the hold-back time to pass, then ${waited[what].listing} to settle them (--no-settle leaves them to a later run)`);
    const { io } = ctx;
    const sleep = ctx.sleep ?? ((wait: number) => new Promise<void>((resolve) => setTimeout(resolve, wait)));
    if (!io.stderrIsTTY || io.quiet) return sleep(ms);
    // The countdown is the terminal's status line (IO.setStatus), in place of a progress bar if
    // one is shown, which comes back after it.
    const before = io.status;
    let left = ms;
    while (left > 0 && ctx.stopped !== true) {
      io.setStatus(`  settling in ${Math.ceil(left / 1000)}s`);
      const step = Math.min(1000, left);
      await sleep(step);
      left -= step;
    }
    io.setStatus(before);
  };
}
