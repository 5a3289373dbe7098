// Entry point: builds the program, runs it, and is the one place that turns errors into
// messages and exit codes (`teamctl help exit-codes`, "Exit codes").
import { CommanderError } from 'commander';
import { ExitCode, InputFileError, TeamctlError, formatProblem } from './errors.js';
import { stdoutFailure, watchStdout, type IOStreams } from './io.js';

const reported = new WeakSet<object>();
import { buildProgram, type RunState } from './program.js';
import { sourceStack } from './stackTrace.js';
import { standardStream } from './stdio.js';
// For the launcher (bin/teamctl.js), when `--version`'s line cannot be written.
export { stdoutFailure };

export interface MainDeps {
  streams?: IOStreams;
  env?: NodeJS.ProcessEnv;
  /** How retries wait (in-process tests pass one that does not). */
  sleep?: (ms: number) => Promise<void>;
  /** The folder relative file paths are read from and written to (default: process.cwd()). */
  cwd?: string;
  /** The clock of what expires (completion's cache); tests inject their own. */
  now?: () => number;
}

export async function main(argv: string[], deps: MainDeps = {}): Promise<number> {
  const streams = deps.streams ?? processStreams();
  const env = deps.env ?? process.env;
  // A closed pipe (`teamctl members list | head`) ends streamed data quietly; a lost report or
  // another write error is reported (src/io.ts, OutputKind).
  watchStdout(streams.stdout);
  const state: RunState = { exitCode: ExitCode.ok };
  // Like gh: bare `teamctl` and `teamctl help` are the root help (on stdout, exit 0), and
  // `help <topic>` or `help <command…>` a topic or a command's help (src/help/run.ts).
  const bare = argv.length === 0 || (argv.length === 1 && argv[0] === 'help');
  const contextDeps = { streams, env, sleep: deps.sleep, now: deps.now, cwd: deps.cwd ?? process.cwd() };
  let code: number;
  try {
    if (argv[0] === 'help' && !bare) return settleStdout(streams, await (await import('./help/run.js')).help(argv.slice(1), contextDeps, state));
    const program = await buildProgram(contextDeps, state, bare ? [] : argv);
    if (bare) {
      program.outputHelp();
      return ExitCode.ok;
    }
    await program.parseAsync(argv, { from: 'user' });
    code = state.exitCode;
  } catch (err) {
    code = reportError(err, streams, state);
  } finally {
    await state.context?.close();
  }
  return settleStdout(streams, code);
}

/**
 * The process's streams, each built on first use: creating process.stdin sets up a socket, a
 * terminal or a file stream, which most commands never read; stdout and stderr on a pipe or a
 * file are written to straight until something else is asked of them (src/stdio.ts;
 * test/bench/README.md).
 */
export function processStreams(): IOStreams {
  let stdout: IOStreams['stdout'] | undefined;
  let stderr: IOStreams['stderr'] | undefined;
  return {
    get stdin() {
      return process.stdin;
    },
    get stdout() {
      return (stdout ??= standardStream(1, () => process.stdout));
    },
    get stderr() {
      return (stderr ??= standardStream(2, () => process.stderr));
    },
  };
}

/** A write error on stdout (a full disk, a closed terminal) turns success into failure, said once. */
export function settleStdout(streams: Pick<IOStreams, 'stdout' | 'stderr'>, code: number, flushError?: NodeJS.ErrnoException | null): number {
  const failure = stdoutFailure(streams.stdout, flushError);
  if (failure === undefined) return code;
  if (!reported.has(streams.stdout)) streams.stderr.write(failure + '\n');
  reported.add(streams.stdout);
  return code === ExitCode.ok ? ExitCode.failed : code;
}

function reportError(err: unknown, streams: IOStreams, state: RunState): number {
  if (err instanceof CommanderError) {
    // Help and version are successes; commander already printed every usage error.
    if (err.code === 'commander.helpDisplayed' || err.code === 'commander.version' || err.code === 'commander.help') {
      return err.code === 'commander.help' ? ExitCode.usage : ExitCode.ok;
    }
    return ExitCode.usage;
  }
  if (err instanceof TeamctlError) {
    const lines = [`error: ${err.message}`];
    if (err instanceof InputFileError && (err.problems.length > 1 || err.total > 1)) {
      for (const p of err.problems) lines.push(`  ${formatProblem(p)}`);
      if (err.total > err.problems.length) lines.push(`  … and ${err.total - err.problems.length} more`);
    }
    if (err.hint) lines.push(`hint: ${err.hint}`);
    // Through the context's IO when there is one, so any secret it knows is redacted.
    if (state.context) state.context.io.error(lines.join('\n'));
    else streams.stderr.write(lines.join('\n') + '\n');
    return err.exitCode;
  }
  // A bug: say so plainly, with the stack for the report.
  const stack = (err as Error)?.stack;
  streams.stderr.write(`error: unexpected failure: ${stack === undefined ? String(err) : sourceStack(stack)}\n`);
  return ExitCode.failed;
}
