// What every command module is built with (src/README.md): a command module exports
// `command(f)`, which declares the command — name, arguments, flags, help, examples — and wires
// its action through `f.action(run, toOpts, needs)`; `run(opts, ctx)` never sees commander.
// Command modules are loaded to build the tree, so they import only commander, this module,
// choices.js and errors.js at their top; everything else inside `run` (npm run lint checks it).
import type { Command } from 'commander';
import type { Context, ContextDeps } from '../context.js';
import type { GlobalFlags, SettingName } from '../settings.js';

export interface RunState {
  exitCode: number;
  context?: Context;
}

/** A command's behaviour: its options in, its exit code out (undefined is 0). */
export type Run<O> = (opts: O, ctx: Context) => Promise<number | void>;

/** What a command module is handed (gh's Factory): the one way to wire an action. */
export interface Factory {
  readonly deps: ContextDeps;
  readonly state: RunState;
  /** The whole command tree, every module loaded (what `completion` describes). */
  wholeTree(): Promise<Command>;
  /**
   * An action for commander: merge the global flags, build the context, check the settings the
   * command cannot run without (`needs`, all named at once, before anything else) and run it.
   */
  action<A extends unknown[], O>(run: Run<O>, toOpts: (cmd: Command, ...args: A) => O, needs?: readonly SettingName[]): (...received: unknown[]) => Promise<void>;
}

/** The module shape the program assembles: one command, declared by `command(f)`. */
export type CommandModule = (f: Factory) => Command;

export function factory(deps: ContextDeps, state: RunState, wholeTree: () => Promise<Command>): Factory {
  return {
    deps,
    state,
    wholeTree,
    action<A extends unknown[], O>(run: Run<O>, toOpts: (cmd: Command, ...args: A) => O, needs: readonly SettingName[] = []) {
      return async (...received: unknown[]): Promise<void> => {
        const cmd = received[received.length - 1] as Command;
        const args = received.slice(0, received.length - 2) as A;
        const flags = cmd.optsWithGlobals<GlobalFlags>();
        // Loaded here, not at the top: --help and --version never need settings or the disk.
        const { Context } = await import('../context.js');
        const ctx = new Context(deps, flags);
        state.context = ctx;
        ctx.requireSettings(needs);
        const code = await run(toOpts(cmd, ...args), ctx);
        state.exitCode = typeof code === 'number' ? code : 0;
      };
    },
  };
}

/** The "Examples:" block after a command's help. */
export function examples(...lines: string[]): string {
  return `\nExamples:\n${lines.map((l) => `  $ ${l}`).join('\n')}\n`;
}

/** The collector of a repeatable flag (`--add-file a --add-file b`). */
export function repeated(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}
