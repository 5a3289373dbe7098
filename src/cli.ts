// Entry point: builds the program, runs it, and is the one place that turns errors into
// messages and exit codes (README, "Exit codes").
import { CommanderError } from 'commander';
import { ExitCode, InputFileError, TeamctlError, formatProblem } from './errors.js';
import type { IOStreams } from './io.js';
import { buildProgram, type RunState } from './program.js';

export interface MainDeps {
  streams?: IOStreams;
  env?: NodeJS.ProcessEnv;
}

export async function main(argv: string[], deps: MainDeps = {}): Promise<number> {
  const streams = deps.streams ?? { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr };
  const env = deps.env ?? process.env;
  // A closed pipe (`teamctl members list | head`) is not an error worth a stack trace.
  streams.stdout.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code !== 'EPIPE') throw err;
  });
  const state: RunState = { exitCode: ExitCode.ok };
  const program = buildProgram({ streams, env }, state);
  // Like gh: bare `teamctl` is help (on stdout, exit 0), and `help <command…>` any command's help.
  if (argv.length === 0) {
    program.outputHelp();
    return ExitCode.ok;
  }
  const args = argv[0] === 'help' && argv.length > 1 ? [...argv.slice(1), '--help'] : argv;
  try {
    await program.parseAsync(args, { from: 'user' });
    return state.exitCode;
  } catch (err) {
    return reportError(err, streams, state);
  } finally {
    await state.context?.close();
  }
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
  streams.stderr.write(`error: unexpected failure: ${(err as Error)?.stack ?? String(err)}\n`);
  return ExitCode.failed;
}
