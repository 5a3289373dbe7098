// config unset <key>: removes one setting from the profile; an unset key is not an error.
import { Command } from 'commander';
import type { Context } from '../../context.js';
import { ExitCode } from '../../errors.js';
import { examples, type Factory } from '../command.js';

export function command(f: Factory): Command {
  return new Command('unset')
    .argument('<key>')
    .description('remove one setting from the profile')
    .addHelpText('after', examples('teamctl config unset team'))
    .action(f.action(run, (_cmd, key: string) => ({ key }), [], 'no-json'));
}

export async function run(opts: { key: string }, ctx: Context): Promise<number> {
  const { checkKey } = await import('./key.js');
  const key = checkKey(opts.key);
  if (ctx.profile()[key] !== undefined) {
    await ctx.store.update(ctx.profileName, (profile) => {
      delete profile[key];
    });
  }
  return ExitCode.ok;
}
