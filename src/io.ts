// Standard streams, decided once: whether each is a terminal, whether to colour, how to prompt.
// stdout is data; stderr is for people (README, "Settings").
import type { Readable, Writable } from 'node:stream';
import { InterruptedError, UsageError } from './errors.js';
import { forTerminal, oneLine, takePainted } from './output/terminal.js';
import { addSecret, redact } from './redact.js';

/** Back to the row's first column, the row erased (CR, EL 2). */
const clearRow = '\r\u001b[2K';
const hideCursor = '\u001b[?25l';
const showCursor = '\u001b[?25h';

export interface IOStreams {
  stdin: Readable & { isTTY?: boolean; setRawMode?: (mode: boolean) => unknown };
  stdout: Writable & { isTTY?: boolean };
  stderr: Writable & { isTTY?: boolean };
}

export interface StdoutState {
  closed: boolean;
  /** Why stdout can take no more (the first write error, EPIPE included). */
  cause?: NodeJS.ErrnoException;
  /**
   * Output lost: a write error other than a reader that went away (EPIPE), or a document (a
   * report, anything but streamed data) lost to any error. main() reports it (exit 1).
   */
  error?: NodeJS.ErrnoException;
}

const watched = new WeakMap<Writable, StdoutState>();

/** The one 'error' listener of stdout, attached once whoever asks first (main() or IO). */
export function watchStdout(stdout: Writable): StdoutState {
  let state = watched.get(stdout);
  if (!state) {
    const fresh: StdoutState = { closed: false };
    stdout.on('error', (err: NodeJS.ErrnoException) => {
      fresh.closed = true;
      fresh.cause ??= err;
      if (err.code !== 'EPIPE') fresh.error ??= err;
    });
    watched.set(stdout, fresh);
    state = fresh;
  }
  return state;
}

/**
 * How output is lost without failing the run (`teamctl help exit-codes`, "Exit codes"): only streamed data (a
 * listing, an export) whose reader went away (`| head`); a document (a report) never.
 */
export type OutputKind = 'document' | 'stream';

function lost(state: StdoutState, err: NodeJS.ErrnoException | undefined, kind: OutputKind): void {
  if (err === undefined) return;
  // A write after the failed one is refused as "destroyed": what counts is why it failed.
  const why = err.code === 'ERR_STREAM_DESTROYED' ? (state.cause ?? err) : err;
  if (why.code === 'EPIPE' && kind === 'stream') return;
  state.error ??= why;
}

/** The error line for output lost on stdout (StdoutState.error), if there was any. */
export function stdoutFailure(stdout: Writable, flushError?: NodeJS.ErrnoException | null): string | undefined {
  const state = watchStdout(stdout);
  if (flushError && flushError.code !== 'EPIPE') state.error ??= flushError;
  const { error } = state;
  return error && `error: could not write to standard output (${error.code ?? error.message}); the output is incomplete`;
}

export interface IOOptions {
  env: NodeJS.ProcessEnv;
  /** false when --no-color was given. */
  color?: boolean;
  quiet?: boolean;
}

/** Bytes of one block of kept output. */
const keptBlockSize = 256 * 1024;

/**
 * Output kept for --jq as UTF-8, in blocks of 256 KiB filled one after the other: jq reads bytes,
 * and the whole output kept as one string would be copied into bytes again for it
 * (test/bench/README.md, "--jq").
 */
class KeptBytes {
  private readonly blocks: Buffer[] = [];
  /** Bytes used in the last block. */
  private used = 0;

  add(text: string): void {
    const bytes = Buffer.from(text, 'utf8');
    for (let at = 0; at < bytes.length; ) {
      let block = this.blocks[this.blocks.length - 1];
      if (block === undefined || this.used === block.length) {
        block = Buffer.allocUnsafeSlow(keptBlockSize);
        this.blocks.push(block);
        this.used = 0;
      }
      const copied = bytes.copy(block, this.used, at);
      at += copied;
      this.used += copied;
    }
  }

  /** The blocks, the last one cut to what it holds. */
  take(): Uint8Array[] {
    const last = this.blocks.pop();
    return last === undefined ? [] : [...this.blocks, last.subarray(0, this.used)];
  }
}

export class IO {
  readonly stdoutIsTTY: boolean;
  /** The terminal's width when stdout is one (tables fit it), else undefined. */
  readonly stdoutColumns: number | undefined;
  readonly stderrIsTTY: boolean;
  /** The terminal's height when stderr is one (long plans fold to it), else undefined. */
  readonly stderrRows: number | undefined;
  /** The terminal's width when stderr is one (a progress bar fits it), else undefined. */
  readonly stderrColumns: number | undefined;
  /** The status line drawn under every other line on the stderr terminal (setStatus), if any. */
  private statusLine: string | undefined;
  /** Colour on stdout: a terminal, no NO_COLOR, no --no-color (FORCE_COLOR turns it on). */
  readonly colorStdout: boolean;
  readonly colorStderr: boolean;
  readonly quiet: boolean;
  /** What stdout would have received, kept for `--jq` (capture()); undefined when written out as it comes. */
  private captured: KeptBytes | undefined;
  /** True when stdout can take no more (`teamctl … | head`): stop producing data. */
  get stdoutClosed(): boolean {
    return watchStdout(this.streams.stdout).closed;
  }
  /** Asked only when a command may read stdin: touching process.stdin opens it (test/bench/README.md). */
  get stdinIsTTY(): boolean {
    return this.streams.stdin.isTTY === true;
  }

  constructor(
    readonly streams: IOStreams,
    options: IOOptions,
  ) {
    this.stdoutIsTTY = streams.stdout.isTTY === true;
    const columns = (streams.stdout as { columns?: unknown }).columns;
    this.stdoutColumns = this.stdoutIsTTY && typeof columns === 'number' && columns > 0 ? columns : undefined;
    this.stderrIsTTY = streams.stderr.isTTY === true;
    const rows = (streams.stderr as { rows?: unknown }).rows;
    this.stderrRows = this.stderrIsTTY ? (typeof rows === 'number' && rows > 0 ? rows : 24) : undefined;
    const errColumns = (streams.stderr as { columns?: unknown }).columns;
    this.stderrColumns = this.stderrIsTTY ? (typeof errColumns === 'number' && errColumns > 0 ? errColumns : 80) : undefined;
    const env = options.env;
    const allowed = options.color !== false && env.NO_COLOR === undefined;
    const forced = env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== '0';
    this.colorStdout = allowed && (forced || this.stdoutIsTTY);
    this.colorStderr = allowed && (forced || this.stderrIsTTY);
    this.quiet = options.quiet === true;
    watchStdout(streams.stdout);
  }

  /** A secret that must never reach a stream or a file, whatever prints it (src/redact.ts). */
  redact(secret: string): void {
    addSecret(secret);
  }

  private clean(text: string): string {
    return redact(text);
  }

  /**
   * What reaches stderr: redacted, and safe for a terminal (stderr is for people). Colours pass
   * only in text teamctl painted itself (output/terminal.ts, painted).
   */
  private forPeople(text: string): string {
    return forTerminal(redact(text), takePainted(text));
  }

  /**
   * Writes data to stdout, waiting when the pipe is full (a slow `| jq` bounds our memory). Text
   * that cannot be written fails the run, unless it is a `stream` whose reader went away (OutputKind).
   */
  async out(text: string, kind: OutputKind = 'document'): Promise<void> {
    if (text === '') return;
    if (this.captured !== undefined) {
      this.captured.add(this.clean(text));
      return;
    }
    const state = watchStdout(this.streams.stdout);
    if (state.closed) return lost(state, state.cause, kind);
    const { stdout } = this.streams;
    // Data goes out as it is, except on a terminal, where a person reads it (a painted text's
    // mark is used up either way).
    const keepColours = takePainted(text);
    const shown = this.stdoutIsTTY ? forTerminal(redact(text), keepColours) : this.clean(text);
    const written = stdout.write(shown, (err?: NodeJS.ErrnoException | null) => lost(state, err ?? undefined, kind));
    if (!written) {
      await new Promise<void>((resolve) => {
        const done = (): void => {
          stdout.off('drain', done);
          stdout.off('error', done);
          stdout.off('close', done);
          resolve();
        };
        stdout.once('drain', done);
        stdout.once('error', done);
        stdout.once('close', done);
      });
    }
  }

  /**
   * From now on, what is written with out() is kept instead of written (redacted as it would have
   * been): `--jq` filters it once the command is done (`teamctl help formatting`, "Filtering JSON with --jq").
   */
  capture(): void {
    this.captured = new KeptBytes();
  }

  /**
   * What out() kept since capture(), as UTF-8 in blocks (none when nothing was written; a
   * character may be split between two blocks); out() writes to stdout again.
   */
  release(): Uint8Array[] {
    const bytes = this.captured?.take() ?? [];
    this.captured = undefined;
    return bytes;
  }

  /** A line for people on stderr (suppressed by --quiet). */
  info(line: string): void {
    if (!this.quiet) this.toStderr(this.forPeople(line) + '\n');
  }

  warn(line: string): void {
    if (!this.quiet) this.toStderr(this.forPeople(`warning: ${line}`) + '\n');
  }

  /** Errors always reach stderr, even with --quiet. */
  error(line: string): void {
    this.toStderr(this.forPeople(line) + '\n');
  }

  /** Diagnostics (--debug): always shown when asked for. */
  debug(line: string): void {
    this.toStderr(this.forPeople(`debug: ${line}`) + '\n');
  }

  /**
   * The one writer of the stderr terminal (README, "Settings"): while a status line (a progress
   * bar, a countdown) is shown, a line clears the status line's row, is written there, and the
   * status line is drawn again under it. Auto-wrap stays on and no cursor is saved or restored,
   * so a long line wraps whole and nothing is drawn over earlier output.
   */
  private toStderr(text: string): void {
    const { stderr } = this.streams;
    stderr.write(this.statusLine === undefined ? text : `${clearRow}${text}${this.statusLine}`);
  }

  /**
   * Shows `line` (made one line, cut to the terminal's width) as the status line under the other
   * lines on the stderr terminal, or erases it (`undefined`). The cursor is hidden while a status
   * line is shown, and shown again when it is erased or the process exits.
   */
  setStatus(line: string | undefined): void {
    if (!this.stderrIsTTY) return;
    const { stderr } = this.streams;
    if (line === undefined) {
      if (this.statusLine === undefined) return;
      this.statusLine = undefined;
      process.off('exit', this.restoreTerminal);
      stderr.write(`${clearRow}${showCursor}`);
      return;
    }
    const width = (this.stderrColumns ?? 80) - 1;
    const chars = [...oneLine(redact(line))];
    const shown = chars.length > width ? chars.slice(0, width).join('') : chars.join('');
    if (shown === this.statusLine) return;
    if (this.statusLine === undefined) {
      process.on('exit', this.restoreTerminal);
      stderr.write(hideCursor);
    }
    this.statusLine = shown;
    stderr.write(`${clearRow}${shown}`);
  }

  /** The status line shown, if any (setStatus). */
  get status(): string | undefined {
    return this.statusLine;
  }

  /** A process that exits with a status line shown (a second Ctrl-C) leaves a clean row and a cursor. */
  private readonly restoreTerminal = (): void => {
    if (this.statusLine !== undefined) this.streams.stderr.write(`${clearRow}${showCursor}`);
  };

  /** Reads stdin as text, refusing more than `maxBytes` (for `auth login --with-token`). */
  async readStdin(maxBytes: number, what: string): Promise<string> {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of this.streams.stdin) {
      const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
      size += bytes.length;
      if (size > maxBytes) {
        this.streams.stdin.destroy();
        throw new UsageError(`standard input holds more than ${maxBytes} bytes: that is not ${what}; nothing was stored`);
      }
      chunks.push(bytes);
    }
    return Buffer.concat(chunks).toString('utf8');
  }

  /** Prompts on the terminal without echoing what is typed. */
  async promptHidden(question: string, maxLength: number, what: string): Promise<string> {
    const { stdin, stderr } = this.streams;
    // Raw mode before the question: a Ctrl-C typed as soon as the question shows is read here
    // (README, "auth and config"), never turned into a signal by the terminal first.
    stdin.setRawMode?.(true);
    stderr.write(question);
    stdin.resume();
    try {
      return await new Promise<string>((resolve, reject) => {
        let value = '';
        const onData = (data: Buffer | string): void => {
          for (const ch of data.toString('utf8')) {
            if (ch === '\r' || ch === '\n' || ch === '\u0004') {
              stdin.off('data', onData);
              stderr.write('\n');
              resolve(value);
              return;
            }
            if (ch === '\u0003') {
              stdin.off('data', onData);
              stderr.write('\n');
              reject(new InterruptedError('interrupted at the prompt; nothing was stored or sent', 'SIGINT'));
              return;
            }
            if (ch === '\u007f' || ch === '\b') value = value.slice(0, -1);
            else value += ch;
            if (value.length > maxLength) {
              stdin.off('data', onData);
              stderr.write('\n');
              reject(new UsageError(`more than ${maxLength} characters typed: that is not ${what}; nothing was stored`));
              return;
            }
          }
        };
        stdin.on('data', onData);
      });
    } finally {
      stdin.setRawMode?.(false);
      stdin.pause();
    }
  }

  /** Asks a yes/no question on the terminal; anything but y/yes is no. */
  async confirm(question: string): Promise<boolean> {
    const { createInterface } = await import('node:readline/promises');
    const rl = createInterface({ input: this.streams.stdin, output: this.streams.stderr, terminal: this.stdinIsTTY });
    try {
      // Ctrl-C at the prompt is an answer too: stop, nothing sent (exit 130), no stack trace.
      const interrupted = new Promise<never>((_, reject) =>
        rl.once('SIGINT', () => {
          this.streams.stderr.write('\n');
          reject(new InterruptedError('interrupted at the confirmation; nothing was sent', 'SIGINT'));
        }),
      );
      const asked = rl.question(`${question} [y/N] `);
      asked.catch(() => {}); // closing the prompt after Ctrl-C rejects the pending question
      const answer = await Promise.race([asked, interrupted]);
      return /^y(es)?$/i.test(answer.trim());
    } finally {
      rl.close();
    }
  }
}
