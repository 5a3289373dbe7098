// whoami: the token's user, and the base URL and organization in use (README, "auth").
import { Command } from 'commander';
import type { Context } from '../context.js';
import { ExitCode } from '../errors.js';
import { keyValueLines } from '../output/terminal.js';
import { examples, type Factory } from './command.js';

export function command(f: Factory): Command {
  return new Command('whoami')
    .description("show the token's user (id, name, e-mail) and the base URL and organization in use")
    .addHelpText('after', examples('teamctl whoami', 'teamctl whoami --json'))
    .action(f.action(run, () => ({}), ['base-url']));
}

export async function run(_opts: object, ctx: Context): Promise<number> {
  const [{ getAuthenticatedUser }, { resolveSetting }] = await Promise.all([import('../api/users.js'), import('../settings.js')]);
  const client = await ctx.client();
  const user = await getAuthenticatedUser(client);
  const org = resolveSetting('org', ctx.flags, ctx.env, ctx.profile())?.value ?? null;
  const baseUrl = client.base.origin + client.base.prefix.replace(/\/v1$/, '');
  if (ctx.printsJson()) {
    await ctx.io.out(JSON.stringify({ id: user.id, displayName: user.displayName, email: user.email ?? null, baseUrl, org }) + '\n');
  } else {
    const rows: [string, string][] = [
      ['id', user.id],
      ['name', user.displayName],
      ['email', user.email ?? ''],
      ['base-url', baseUrl],
      ['org', org ?? '(not set)'],
    ];
    await ctx.io.out(keyValueLines(rows));
  }
  return ExitCode.ok;
}
