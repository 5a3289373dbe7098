// The journal's lock (`teamctl help reliability`, "The journal"): one file beside the journal,
// created exclusively, that names the run holding it (process, host, start, what it changes). A
// run that finds it waits, or refuses with --no-wait; a lock whose process is gone from this host,
// or that was never written and is old, is stale and broken without ever breaking a live one.
import { randomBytes } from 'node:crypto';
import { link, rename, stat, unlink } from 'node:fs/promises';
import { constants, unlinkSync } from 'node:fs';
import { hostname } from 'node:os';
import { oneLine } from '../output/terminal.js';
import { GuardError, InterruptedError } from '../errors.js';
import { listenForStop, type StopListener } from '../waits.js';
import { FileKindError, openRegular, readRegularText } from '../files/regular.js';
import { JournalError, notOurs } from './journalError.js';

/** How a run that changes the glossary takes the lock. */
export interface LockOptions {
  /** Wait for another run to finish (default), or refuse at once (--no-wait). */
  wait: boolean;
  /** Said once when the run has to wait. */
  onWait: (message: string) => void;
  /** How the wait polls (default: 200 ms timers). */
  pollMs?: number;
  /** How it waits between two looks at the lock (default: a real timer); tests pass their own. */
  sleep?: (ms: number) => Promise<void>;
  /** What the holder is changing, as the wait and the refusal say it (default: the glossary). */
  what?: string;
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'; // exists, someone else's
  }
};

interface Holder {
  pid: number;
  host: string;
  startedAt: string;
  /** What the holder is changing ("the teams"), as its lock file records it. */
  what?: string;
}

export class JournalLock {
  private isHeld = false;
  private readonly releaseOnExit = (): void => {
    if (this.isHeld) unlinkSync(this.path);
  };

  private constructor(
    readonly path: string,
    /** Whose journal it locks, as the wait and the refusal say it ("lab at https://…:443"). */
    private readonly of: string,
  ) {}

  /** Takes the lock at `path`: waits for another run to let it go, or refuses with --no-wait. */
  static async take(path: string, of: string, options: LockOptions): Promise<JournalLock> {
    const lock = new JournalLock(path, of);
    await lock.acquire(options);
    return lock;
  }

  /** Whether this run holds it. */
  get held(): boolean {
    return this.isHeld;
  }

  /** Lets the next run in. */
  async release(): Promise<void> {
    if (!this.isHeld) return;
    this.isHeld = false;
    process.off('exit', this.releaseOnExit);
    await unlink(this.path).catch(() => {});
  }

  /** Takes the lock, waiting for it unless --no-wait; SIGINT or SIGTERM ends the wait at once. */
  private async acquire(options: LockOptions): Promise<void> {
    let stop: StopListener | undefined;
    try {
      await this.takeWhenFree(options, () => (stop ??= listenForStop()));
    } finally {
      stop?.dispose();
    }
  }

  private async takeWhenFree(options: LockOptions, waiting: () => StopListener): Promise<void> {
    let told = false;
    for (;;) {
      try {
        const handle = await openRegular(this.path, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, { own: true, mode: 0o600 });
        const holder: Holder = { pid: process.pid, host: hostname(), startedAt: new Date().toISOString(), what: options.what ?? 'the glossary' };
        await handle.writeFile(JSON.stringify(holder) + '\n');
        await handle.close();
        this.isHeld = true;
        process.on('exit', this.releaseOnExit);
        return;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') {
          throw new JournalError(`the lock of the journal ${this.path} could not be created (${(err as Error).message}); nothing was sent`);
        }
      }
      const holder = await this.holder();
      if (holder === 'stale') {
        await this.breakStaleLock();
        continue;
      }
      // The holder as its lock file records it (a value from outside: one line).
      const who = holder ? `another teamctl (process ${holder.pid} on ${oneLine(holder.host)}, since ${oneLine(String(holder.startedAt))})` : 'another teamctl';
      // What the holder changes, as it recorded it (bounded: a value from outside), else what this run would.
      const changing = holder && typeof holder.what === 'string' && holder.what.length <= 100 ? oneLine(holder.what) : (options.what ?? 'the glossary');
      const what = `${who} is changing ${changing} of ${this.of}`;
      if (!options.wait) {
        throw new GuardError(`${what}; nothing was sent`, {
          hint: `run again once it has finished, or without --no-wait to wait for it; if no such run exists, remove ${this.path}`,
        });
      }
      const stop = waiting(); // listening before the line that tells a person to press Ctrl-C
      if (!told) options.onWait(`${what}: waiting for it to finish (Ctrl-C to stop); its lock file is ${this.path}`);
      told = true;
      const poll = (options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))))(options.pollMs ?? 200);
      const signal = await Promise.race([poll.then(() => undefined), stop.heard]);
      // Interrupted while waiting (`teamctl help interruptions`, "Interruptions"): nothing of this run was sent.
      if (signal !== undefined) throw new InterruptedError(`interrupted while waiting for ${who} to finish changing ${changing} of ${this.of}; nothing was sent`, signal);
    }
  }

  /** Who holds the lock; 'stale' when that process is gone (or never wrote its name, long ago). */
  private async holder(): Promise<Holder | 'stale' | undefined> {
    let text: string;
    try {
      // A FIFO or a link in the lock's place is no lock teamctl took: it would block or mislead.
      text = await readRegularText(this.path, { own: true });
    } catch (err) {
      if (err instanceof FileKindError) throw notOurs('lock', err);
      return undefined; // released meanwhile: try again
    }
    try {
      const h = JSON.parse(text) as Holder;
      if (typeof h.pid === 'number' && typeof h.host === 'string') return h.host === hostname() && !alive(h.pid) ? 'stale' : h;
    } catch {
      // Being written, or its writer died between creating and writing it.
    }
    const info = await stat(this.path).catch(() => undefined);
    return info && Date.now() - info.mtimeMs > 10_000 ? 'stale' : undefined;
  }

  /** Removes a stale lock without ever removing a live one another run took meanwhile. */
  private async breakStaleLock(): Promise<void> {
    const aside = `${this.path}.${process.pid}-${randomBytes(4).toString('hex')}`;
    try {
      await rename(this.path, aside);
    } catch {
      return; // someone else broke it first
    }
    const moved = await readRegularText(aside, { own: true }).catch(() => '');
    let stillStale = true;
    try {
      const h = JSON.parse(moved) as Holder;
      // Judged as `holder` judges it: a holder on another host is never stale here.
      if (typeof h.pid === 'number' && typeof h.host === 'string') stillStale = h.host === hostname() && !alive(h.pid);
    } catch {
      // Not written yet, or never: judged by its age as `holder` judges it; one just created is a
      // live run's, between creating its lock and writing its name.
      const info = await stat(aside).catch(() => undefined);
      stillStale = info === undefined || Date.now() - info.mtimeMs > 10_000;
    }
    // A live lock taken between our look and the rename goes back where it was.
    if (!stillStale) await link(aside, this.path).catch(() => {});
    await unlink(aside).catch(() => {});
  }
}
