// teamctl completion bash|zsh|fish: prints a completion script generated from the command tree
// itself (src/commands/completion-scripts.ts), so it never drifts from the real commands, flags
// and the values they accept.
import { Argument, Command } from 'commander';
import { shells } from '../choices.js';
import type { Context } from '../context.js';
import { ExitCode } from '../errors.js';
import { examples, type Factory } from './command.js';

export interface CompletionOptions {
  shell: 'bash' | 'zsh' | 'fish';
  /** The whole command tree, which the script describes. */
  program: () => Promise<Command>;
}

export function command(f: Factory): Command {
  return new Command('completion')
    .addArgument(new Argument('<shell>').choices(shells))
    .description('print a shell completion script (bash, zsh or fish)')
    .addHelpText(
      'after',
      examples(
        'teamctl completion bash > ~/.local/share/bash-completion/completions/teamctl',
        'source <(teamctl completion zsh)',
        'teamctl completion fish > ~/.config/fish/completions/teamctl.fish',
      ),
    )
    .action(f.action(run, (_cmd, shell: CompletionOptions['shell']) => ({ shell, program: () => f.wholeTree() }), [], 'no-json'));
}

export async function run(opts: CompletionOptions, ctx: Context): Promise<number> {
  const { bashScript, commandTree, fishScript, zshScript } = await import('./completion-scripts.js');
  const scripts = { bash: bashScript, zsh: zshScript, fish: fishScript };
  await ctx.io.out(scripts[opts.shell](commandTree(await opts.program()))); // commander checked the shell
  return ExitCode.ok;
}
