// config list: the profile's settings, `key=value` lines (or one JSON object with --json).
import { Command } from 'commander';
import { configKeys } from '../../choices.js';
import type { Context } from '../../context.js';
import { ExitCode } from '../../errors.js';
import { keyValueLines } from '../../output/terminal.js';
import { examples, type Factory } from '../command.js';

export function command(f: Factory): Command {
  return new Command('list')
    .description("print the profile's settings")
    .addHelpText('after', examples('teamctl config list'))
    .action(f.action(run, () => ({})));
}

export async function run(_opts: object, ctx: Context): Promise<number> {
  const profile = ctx.profile();
  const entries = configKeys.filter((k) => profile[k] !== undefined).map((k) => [k, profile[k] as string] as const);
  if (ctx.printsJson('flags')) {
    await ctx.io.out(JSON.stringify(Object.fromEntries(entries)) + '\n');
  } else {
    await ctx.io.out(keyValueLines(entries, '='));
  }
  return ExitCode.ok;
}
