// config set <key> <value>: stores one setting in the profile, checked first.
import { Command } from 'commander';
import type { Context } from '../../context.js';
import { ExitCode } from '../../errors.js';
import { examples, type Factory } from '../command.js';

export function command(f: Factory): Command {
  return new Command('set')
    .argument('<key>')
    .argument('<value>')
    .description('store one setting in the profile')
    .addHelpText('after', examples('teamctl config set org acme', 'teamctl --profile staging config set base-url https://staging.example.com'))
    .action(f.action(run, (_cmd, key: string, value: string) => ({ key, value }), [], 'no-json'));
}

export async function run(opts: { key: string; value: string }, ctx: Context): Promise<number> {
  const { checkKey, checkValue } = await import('./key.js');
  const key = checkKey(opts.key);
  checkValue(key, opts.value);
  await ctx.store.update(ctx.profileName, (profile) => {
    profile[key] = opts.value;
  });
  return ExitCode.ok;
}
