// --jq <filter> (`teamctl help formatting`, "Filtering JSON with --jq"): a real jq, jq 1.8.2 built
// to WebAssembly (the jq-wasm package, pinned), run over what a command prints as JSON, as gh's
// --jq does. Loaded only when --jq is given: every other command line starts without it.
import { setFlagsFromString } from 'node:v8';
import type { JqResult } from 'jq-wasm';
import type { IO } from '../io.js';
import { ExitCode, UsageError } from '../errors.js';
import { boundHeapGrowth } from '../heap.js';

/** Compact output, and the filter after `--`: a filter that starts with `-` (`-.count`) is a filter, not a flag. */
const flags = ['-c', '--'];

export interface JqFilter {
  readonly filter: string;
  /**
   * Runs the filter over JSON text (one document, or several: NDJSON), given as a string or as
   * UTF-8 bytes in blocks (a character may be split between two).
   */
  run(json: string | readonly Uint8Array[]): JqOutcome;
}

export interface JqOutcome {
  /**
   * What to print, in pieces of about 64 KiB (never one string of the whole output): each string
   * raw on its lines, every other value as compact JSON, one a line.
   */
  out: Iterable<string>;
  /** What jq said on stderr while it succeeded (`debug`, `stderr`), as lines. */
  notes: string[];
  /** jq's message when the filter failed on this input (what it printed before still counts). */
  error?: string;
}

/** The filter as a message names it. */
function named(filter: string): string {
  return `the --jq filter ${JSON.stringify(filter)}`;
}

/**
 * Loads jq and compiles `filter`, running it on no input (so nothing of it runs): a filter that
 * does not compile is a usage error (exit 2) with jq's own message, before the command does
 * anything.
 */
export async function compileJq(filter: string): Promise<JqFilter> {
  if (filter.trim() === '') throw new UsageError('--jq is empty: give a jq filter, like --jq ".[].id"');
  // The command's whole output is kept, then parsed by jq: the heap grows as for the big jobs
  // (src/heap.ts), and jq's WebAssembly stays compiled by Liftoff, V8's tier-up of its code (~13
  // MB more at the peak on Node 20, ~20 MB on Node 24) left out: --liftoff-only on Node 20, as for
  // teamctl's HTTP parser; later Nodes read that flag at start only, and take instead a tier-up
  // filter that names no function (test/bench/README.md, "--jq").
  boundHeapGrowth();
  setFlagsFromString(process.versions.node.startsWith('20.') ? '--liftoff-only' : '--wasm-tier-up-filter=-2');
  const [{ loadJq }, { StdinFeed, withStdin }] = await Promise.all([import('jq-wasm'), import('./jqStdin.js')]);
  // jq reads its input from bytes, not from a string jq-wasm would copy (src/output/jqStdin.ts).
  const stdin = new StdinFeed();
  const jq = await loadJq(await withStdin(stdin));
  const compiled = quietly(() => jq.raw('', filter, flags));
  if (compiled.exitCode !== 0) {
    const [first = '', ...rest] = compiled.stderr.split('\n');
    throw new UsageError(`${named(filter)} does not compile: ${first}${rest.map((l) => `\n  ${l}`).join('')}`, {
      hint: 'jq filters are described at https://jqlang.org/manual/ (teamctl runs jq 1.8)',
    });
  }
  /** jq's result over `json`, or undefined when the filter exhausted jq (its instance is then spent). */
  const runOver = (json: readonly Uint8Array[]): JqResult | undefined => {
    stdin.start(json);
    try {
      return quietly(() => jq.raw('', filter, flags));
    } catch (err) {
      if (exhausted(err)) return undefined;
      throw err;
    } finally {
      stdin.stop();
    }
  };
  // A filter that exhausts jq on any input (`def f: [f]; f`, `[range(1e9)]`) is found on null,
  // before the command sends anything; its other failures on null say nothing of the output.
  if (runOver([Buffer.from('null')]) === undefined) {
    throw new UsageError(`${named(filter)} ${exhaustion}, even on null; nothing was sent`, { hint: exhaustionHint });
  }
  return {
    filter,
    run(json: string | readonly Uint8Array[]): JqOutcome {
      const result = runOver(typeof json === 'string' ? [Buffer.from(json, 'utf8')] : json);
      if (result === undefined) return { out: [], notes: [], error: `jq ${exhaustion}` };
      // Compact JSON is one value a line (a line break in a string is written \n): a string is
      // printed raw, anything else as jq wrote it, numbers' spelling included.
      const out = pieces(result.stdout);
      const said = result.stderr === '' ? [] : result.stderr.replaceAll('/dev/stdin:', '<stdin>:').split('\n');
      if (result.exitCode === 0) return { out, notes: said };
      return { out, notes: [], error: said.join(' ') || `jq stopped with exit status ${result.exitCode}` };
    },
  };
}

/** What a filter that exhausts jq does, in the words of its error. */
const exhaustion = "runs out of jq's memory (256 MB) or recursion depth";
const exhaustionHint = 'a filter that recurses without end, or builds a value that large, cannot run';

/**
 * Whether `err` is jq's WebAssembly giving up: out of its memory or its stack (jq-wasm's
 * `Aborted()`, a RuntimeError), or a value JavaScript cannot hold (a RangeError).
 */
function exhausted(err: unknown): boolean {
  const runtimeError = (globalThis as unknown as { WebAssembly: { RuntimeError: new () => Error } }).WebAssembly.RuntimeError;
  return err instanceof runtimeError || err instanceof RangeError;
}

/**
 * Runs `fn` with console.error silenced: jq-wasm's runtime writes `Aborted()` there when jq
 * gives up, which teamctl says in its own words.
 */
/* eslint-disable no-console -- silencing jq-wasm's console output, not writing to it */
function quietly<T>(fn: () => T): T {
  const saved = console.error;
  console.error = () => {};
  try {
    return fn();
  } finally {
    console.error = saved;
  }
}
/* eslint-enable no-console */

/** Bytes of output written at once: jq's output is printed in pieces, not copied whole. */
const pieceSize = 64 * 1024;

/** jq's compact output, one value a line, as printed: a string raw, anything else as jq wrote it. */
function* pieces(stdout: string): Generator<string> {
  let piece = '';
  for (let start = 0; start < stdout.length; ) {
    const end = stdout.indexOf('\n', start);
    const line = stdout.slice(start, end === -1 ? stdout.length : end);
    start = end === -1 ? stdout.length : end + 1;
    piece += (line.startsWith('"') ? (JSON.parse(line) as string) : line) + '\n';
    if (piece.length >= pieceSize) {
      yield piece;
      piece = '';
    }
  }
  if (piece !== '') yield piece;
}

/**
 * Filters what the command printed (io.capture() kept it) and prints the result. A filter that
 * fails on the output is an error line, and the run's exit code becomes 1 if it was 0 (the
 * command's own outcome, such as 6 or 8, is kept). `failed`: the command itself failed, and its
 * error says so; what it printed before (a dry run's report before a guard's refusal) is still
 * filtered, and a filter that fails on it (a listing cut short) adds nothing.
 */
export async function printFiltered(io: IO, jq: JqFilter, code: number, failed = false): Promise<number> {
  const bytes = io.release();
  if (bytes.length === 0) return code;
  const outcome = jq.run(bytes);
  for (const piece of outcome.out) await io.out(piece);
  for (const note of outcome.notes) io.info(note);
  if (outcome.error === undefined || failed) return code;
  io.error(`error: ${named(jq.filter)} failed on the output: ${outcome.error}`);
  return code === ExitCode.ok ? ExitCode.failed : code;
}
