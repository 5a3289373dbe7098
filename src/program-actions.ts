// How the command tree (program.ts) runs a command: the global flags merged, the context built,
// the settings a command needs checked, and its module loaded only when it runs; plus the help's
// small helpers.
import type { Command } from 'commander';
import type { Context, ContextDeps } from './context.js';
import type { GlobalFlags, SettingName } from './settings.js';

export interface RunState {
  exitCode: number;
  context?: Context;
}

type Run<O> = (opts: O, ctx: Context) => Promise<number | void>;

export function examples(...lines: string[]): string {
  return `\nExamples:\n${lines.map((l) => `  $ ${l}`).join('\n')}\n`;
}

/**
 * Wires an action: merge global flags, build the context, lazy-load and run the command.
 * `needs`: the settings the command cannot run without, all checked (and all named) before anything else.
 */
export function actionFor(deps: ContextDeps, state: RunState) {
  return function action<A extends unknown[], O>(load: () => Promise<Run<O>>, toOpts: (cmd: Command, ...args: A) => O, needs: readonly SettingName[] = []) {
    return async (...received: unknown[]): Promise<void> => {
      const cmd = received[received.length - 1] as Command;
      const args = received.slice(0, received.length - 2) as A;
      const flags = cmd.optsWithGlobals<GlobalFlags>();
      // Loaded here, not at the top: --help and --version never need settings or the disk.
      const { Context } = await import('./context.js');
      const ctx = new Context(deps, flags);
      state.context = ctx;
      ctx.requireSettings(needs);
      const run = await load();
      const code = await run(toOpts(cmd, ...args), ctx);
      state.exitCode = typeof code === 'number' ? code : 0;
    };
  };
}

/** Numeric defaults read as numbers in help (`(default: 100)`, not `(default: "100")`). */
export function numericDefaults(c: Command): void {
  for (const o of c.options) if (typeof o.defaultValue === 'string' && /^\d+$/.test(o.defaultValue)) o.defaultValueDescription = o.defaultValue;
  c.commands.forEach(numericDefaults);
}
