// config path: where the profiles are stored.
import { Command } from 'commander';
import type { Context } from '../../context.js';
import { ExitCode } from '../../errors.js';
import { examples, type Factory } from '../command.js';

export function command(f: Factory): Command {
  return new Command('path')
    .description('print the path of the config file')
    .addHelpText('after', examples('teamctl config path'))
    .action(f.action(run, () => ({}), [], 'no-json'));
}

export async function run(_opts: object, ctx: Context): Promise<number> {
  await ctx.io.out(ctx.store.path + '\n');
  return ExitCode.ok;
}
