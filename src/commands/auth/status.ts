// auth status: the profile, its settings and where each comes from, the token (masked) and whose
// it is, asked of the service (README, "auth").
import { Command } from 'commander';
import type { Context } from '../../context.js';
import { AuthError, ExitCode } from '../../errors.js';
import type { User } from '../../api/types.js';
import { keyValueLines } from '../../output/terminal.js';
import { examples, type Factory } from '../command.js';

export function command(f: Factory): Command {
  return new Command('status')
    .description('show the profile, base URL, org, team, where the token comes from (masked) and whose it is (asks the service)')
    .addHelpText('after', examples('teamctl auth status', 'teamctl --profile staging auth status'))
    .action(f.action(run, () => ({})));
}

export async function run(_opts: object, ctx: Context): Promise<number> {
  const [{ resolveSetting }, { describeUser, maskToken }] = await Promise.all([import('../../settings.js'), import('./user.js')]);
  const profile = ctx.profile();
  const show = (name: 'base-url' | 'org' | 'team'): string => {
    const resolved = resolveSetting(name, ctx.flags, ctx.env, profile);
    return resolved ? `${resolved.value} (${resolved.source})` : '(not set)';
  };
  const token = ctx.token();
  // Whose token it is, asked of the service when there is a token and a base URL (README, "auth").
  let user: User | undefined;
  let refused: AuthError | undefined;
  if (token && resolveSetting('base-url', ctx.flags, ctx.env, profile)) {
    const { getAuthenticatedUser } = await import('../../api/users.js');
    try {
      user = await getAuthenticatedUser(await ctx.client());
    } catch (err) {
      if (!(err instanceof AuthError)) throw err;
      refused = err;
    }
  }
  const rows: [string, string][] = [
    ['profile', ctx.profileName],
    ['base-url', show('base-url')],
    ['org', show('org')],
    ['team', show('team')],
    ['token', token ? `${maskToken(token.value)} (from ${token.source})` : '(none)'],
    ...(user ? [['user', describeUser(user)] as [string, string]] : []),
    ...(refused ? [['user', `the service refuses this token (${refused.status ?? 401})`] as [string, string]] : []),
  ];
  if (ctx.printsJson()) {
    // For scripts: each setting's value and its source as fields of their own.
    const field = (name: 'base-url' | 'org' | 'team') => {
      const resolved = resolveSetting(name, ctx.flags, ctx.env, profile);
      return resolved ? { value: resolved.value, source: resolved.source } : null;
    };
    const json = {
      profile: ctx.profileName,
      'base-url': field('base-url'),
      org: field('org'),
      team: field('team'),
      token: token ? { masked: maskToken(token.value), source: token.source.startsWith('environment') ? 'environment' : 'config', file: token.source.startsWith('environment') ? null : token.source } : null,
      user: user ? { id: user.id, displayName: user.displayName, email: user.email ?? null } : null,
      accepted: user ? true : refused ? false : null,
    };
    await ctx.io.out(JSON.stringify(json) + '\n');
  } else {
    await ctx.io.out(keyValueLines(rows));
  }
  if (!token) throw new AuthError(`no token for profile "${ctx.profileName}"`, { hint: 'run `teamctl auth login`, or set TEAMCTL_TOKEN' });
  if (refused) throw refused;
  return ExitCode.ok;
}
