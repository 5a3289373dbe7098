// config get <key>: one setting of the profile; an unset key prints nothing and exits 1, like
// `git config`.
import { Command } from 'commander';
import type { Context } from '../../context.js';
import { ExitCode } from '../../errors.js';
import { examples, type Factory } from '../command.js';

export function command(f: Factory): Command {
  return new Command('get')
    .argument('<key>')
    .description('print one setting of the profile')
    .addHelpText('after', examples('teamctl config get org'))
    .action(f.action(run, (_cmd, key: string) => ({ key }), [], 'no-json'));
}

export async function run(opts: { key: string }, ctx: Context): Promise<number> {
  const { checkKey } = await import('./key.js');
  const key = checkKey(opts.key);
  const value = ctx.profile()[key];
  if (value === undefined) return ExitCode.failed;
  await ctx.io.out(value + '\n');
  return ExitCode.ok;
}
