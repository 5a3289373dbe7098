// `teamctl sandbox --data <file>`: the state loaded at start and written back as it changes
// (README, sandbox). Changes are coalesced: the whole state is written at most once every
// `intervalMs` and once more on close, each time atomically (a temporary file, fsynced, renamed
// over the old one: the project's one atomic writer), so the file always holds one whole,
// consistent state. A crash (kill -9, power loss) can lose the changes of its last interval;
// a normal stop (Ctrl-C, SIGTERM, close()) loses nothing.
import { constants } from 'node:fs';
import { stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { writeFileAtomic } from '../files/atomic.js';
import { FileKindError, openRegular, readRegularText } from '../files/regular.js';
import { SandboxStore, StoreError } from './store.js';

/** Default most frequent write (sandbox's choice: rehearsal speed over the last instant). */
const defaultSaveIntervalMs = 200;

/**
 * Reads a data file; undefined when it does not exist (yet) in a folder that does. A missing folder
 * is refused, as every file teamctl writes refuses one, rather than created: a mistyped path would
 * otherwise leave folders behind. Throws on a file that is not sandbox data.
 */
export async function loadDataFile(path: string): Promise<SandboxStore | undefined> {
  let text: string;
  try {
    // Never waiting on a FIFO (or a device) in its place: refused, naming what it is.
    text = await readRegularText(path);
  } catch (err) {
    if (err instanceof FileKindError) throw new StoreError(`the data file ${path} ${err.message}; name a regular file`);
    const code = (err as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT' && code !== 'ENOTDIR') throw err;
    const folder = dirname(path);
    const info = await stat(folder).catch(() => undefined);
    if (!info) throw new StoreError(`the folder ${folder} of the data file ${path} does not exist; create it first, or name a file in an existing folder`);
    if (!info.isDirectory()) throw new StoreError(`${folder}, the folder of the data file ${path}, is not a folder`);
    return undefined;
  }
  // An empty file is one created (0600) by attach() just before a crash: no state yet.
  if (text === '') return undefined;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    throw new StoreError(`${path}: not a sandbox data file (invalid JSON)`, { cause: err });
  }
  try {
    return SandboxStore.fromJSON(data);
  } catch (err) {
    throw new StoreError(`${path}: not a sandbox data file (${(err as Error).message})`, { cause: err });
  }
}

export interface DataFileOptions {
  intervalMs?: number;
}

/** Keeps `path` up to date with `store`, coalescing changes. */
export class DataFile {
  private dirty = false;
  private timer: NodeJS.Timeout | undefined;
  /** The write under way, if any: writes never overlap. */
  private writing: Promise<void> | undefined;
  private closed = false;
  private readonly intervalMs: number;

  private constructor(
    readonly path: string,
    private readonly store: SandboxStore,
    options: DataFileOptions,
  ) {
    this.intervalMs = options.intervalMs ?? defaultSaveIntervalMs;
  }

  /** Attaches `store` to `path` and writes it once now (so a new file exists at once). */
  static async attach(path: string, store: SandboxStore, options: DataFileOptions = {}): Promise<DataFile> {
    const file = new DataFile(path, store, options);
    // The file holds the sandbox token: created 0600, a mode the atomic writer then keeps.
    await (await openRegular(path, constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT, { mode: 0o600 })).close();
    store.onChange(() => file.changed());
    await file.flush();
    return file;
  }

  private changed(): void {
    if (this.closed) return;
    this.dirty = true;
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      // A failed write leaves the state dirty: the next change tries again, and close() (which
      // writes whatever is left) reports the failure.
      this.flush().catch(() => {});
    }, this.intervalMs);
  }

  /** Writes the state now if it changed since the last write (or on the first call). */
  async flush(): Promise<void> {
    while (this.writing) await this.writing;
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    this.writing = writeFileAtomic(this.path, JSON.stringify(this.store.toJSON()) + '\n', `--data ${this.path}`);
    this.dirty = false;
    try {
      await this.writing;
    } catch (err) {
      this.dirty = true;
      throw err;
    } finally {
      this.writing = undefined;
    }
  }

  /** Writes what is left and stops listening. */
  async close(): Promise<void> {
    // Changes from now on are not this file's: no timer may write after close().
    this.closed = true;
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    while (this.writing) await this.writing.catch(() => {});
    if (this.dirty) await this.flush();
  }
}
