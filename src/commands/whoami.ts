// whoami: the token's user, the base URL and organization in use (README, "auth"), and the
// organization's SAML providers: where SSO sign-ins land (`teamctl help organization`, "SSO members").
import { Command } from 'commander';
import type { Context } from '../context.js';
import { ExitCode } from '../errors.js';
import { keyValueLines } from '../output/terminal.js';
import { examples, type Factory } from './command.js';

export function command(f: Factory): Command {
  return new Command('whoami')
    .description("show the token's user (id, name, e-mail), the base URL and organization in use, and its SAML providers")
    .addHelpText('after', examples('teamctl whoami', 'teamctl whoami --json'))
    .action(f.action(run, () => ({}), ['base-url']));
}

export async function run(_opts: object, ctx: Context): Promise<number> {
  const [{ getAuthenticatedUser }, { resolveSetting }, { readSaml, samlLines }] = await Promise.all([import('../api/users.js'), import('../settings.js'), import('../organization/saml.js')]);
  const client = await ctx.client();
  const user = await getAuthenticatedUser(client);
  const org = resolveSetting('org', ctx.flags, ctx.env, ctx.profile())?.value ?? null;
  const baseUrl = client.base.origin + client.base.prefix.replace(/\/v1$/, '');
  const saml = org === null ? undefined : await readSaml(client, org);
  if (ctx.printsJson()) {
    // `saml`: the providers read (maybe none), or null with `samlUnread` saying why.
    const samlJson = saml === undefined ? { saml: null, samlUnread: 'no organization set' } : 'unread' in saml ? { saml: null, samlUnread: saml.unread } : { saml: saml.providers };
    await ctx.io.out(JSON.stringify({ id: user.id, displayName: user.displayName, email: user.email ?? null, baseUrl, org, ...samlJson }) + '\n');
  } else {
    const rows: [string, string][] = [
      ['id', user.id],
      ['name', user.displayName],
      ['email', user.email ?? ''],
      ['base-url', baseUrl],
      ['org', org ?? '(not set)'],
      ...samlLines(saml).map((line): [string, string] => ['saml', line]),
    ];
    await ctx.io.out(keyValueLines(rows));
  }
  return ExitCode.ok;
}
