// auth logout: removes the profile's stored token (README, "auth").
import { Command } from 'commander';
import type { Context } from '../../context.js';
import { ExitCode } from '../../errors.js';
import { examples, type Factory } from '../command.js';

export function command(f: Factory): Command {
  return new Command('logout')
    .description("remove the profile's stored token")
    .addHelpText('after', examples('teamctl auth logout'))
    .action(f.action(run, () => ({}), [], 'no-json'));
}

export async function run(_opts: object, ctx: Context): Promise<number> {
  const had = ctx.profile().token !== undefined;
  if (had) {
    await ctx.store.update(ctx.profileName, (profile) => {
      delete profile.token;
    });
  }
  ctx.io.info(had ? `Removed the token of profile "${ctx.profileName}".` : `Profile "${ctx.profileName}" had no stored token.`);
  if (ctx.env.TEAMCTL_TOKEN) ctx.io.warn('TEAMCTL_TOKEN is still set in the environment and will be used.');
  return ExitCode.ok;
}
