// auth login | status | logout (README, "Commands"). The token only ever comes from stdin, a hidden
// prompt or TEAMCTL_TOKEN — never from argv.
import type { Context } from '../context.js';
import { AuthError, ExitCode, UsageError } from '../errors.js';
import { parseBaseUrl } from '../api/url.js';
import { resolveSetting } from '../settings.js';
import { checkToken, maxTokenLength } from '../token.js';
import type { User } from '../api/types.js';
import { keyValueLines, oneLine } from '../output/terminal.js';

export interface LoginOptions {
  withToken?: boolean;
  /** false with --no-verify: store without asking the service whose token it is (offline setup). */
  verify?: boolean;
}

function maskToken(token: string): string {
  return token.length <= 4 ? '****' : `****${token.slice(-4)}`;
}

export async function login(opts: LoginOptions, ctx: Context): Promise<number> {
  const baseUrl = ctx.flags.baseUrl;
  if (baseUrl !== undefined) parseBaseUrl(baseUrl); // refuse before reading a token for it
  let token: string;
  if (opts.withToken) {
    // A token is a few hundred bytes at most: stop reading long before /dev/zero fills memory.
    token = (await ctx.io.readStdin(maxTokenLength * 4, 'a token')).trim();
  } else if (ctx.io.stdinIsTTY) {
    token = (await ctx.io.promptHidden('Paste your API token (input hidden): ', maxTokenLength, 'a token')).trim();
  } else {
    throw new UsageError('no token: pass --with-token and pipe the token on stdin', {
      hint: 'echo "$TOKEN" | teamctl auth login --with-token',
    });
  }
  if (token === '') throw new UsageError('the token is empty; nothing was stored');
  checkToken(token, opts.withToken ? 'standard input' : 'the prompt', true);
  ctx.io.redact(token);
  // Whose token it is, before storing it (README, "auth"): a token the service refuses is exit 4,
  // nothing stored. --no-verify stores it offline.
  let owner = '';
  if (opts.verify !== false) {
    // The base URL the token is for, as every command resolves it (flag > TEAMCTL_BASE_URL > profile).
    const url = resolveSetting('base-url', ctx.flags, ctx.env, ctx.profile())?.value;
    if (url === undefined) throw new UsageError('no base URL to check the token against: pass --base-url, or --no-verify to store it unchecked');
    const user = await tokenUser(ctx, url, token);
    owner = ` for ${describeUser(user)}`;
  }
  await ctx.store.update(ctx.profileName, (profile) => {
    profile.token = token;
    if (baseUrl !== undefined) profile['base-url'] = baseUrl;
  });
  ctx.io.info(`Stored the token (${maskToken(token)})${owner} in profile "${ctx.profileName}" (${ctx.store.path}).`);
  if (ctx.env.TEAMCTL_TOKEN) ctx.io.warn('TEAMCTL_TOKEN is set and takes precedence over the stored token.');
  return ExitCode.ok;
}

/** A user as people read it: name <e-mail> (id). */
function describeUser(user: User): string {
  return oneLine(`${user.displayName}${user.email ? ` <${user.email}>` : ''} (${user.id})`);
}

/** GET /user with `token` at `baseUrl`: whose token it is; a refused token is an AuthError (exit 4). */
async function tokenUser(ctx: Context, baseUrl: string, token: string): Promise<User> {
  parseBaseUrl(baseUrl);
  const [{ ApiClient }, { getAuthenticatedUser }, { resolveTimeoutMs }, { version }] = await Promise.all([
    import('../api/client.js'),
    import('../api/users.js'),
    import('../settings.js'),
    import('../version.js'),
  ]);
  const client = new ApiClient({ baseUrl, token, timeoutMs: resolveTimeoutMs(ctx.flags), userAgent: `teamctl/${version()}`, env: ctx.env, sleep: ctx.sleep });
  try {
    return await getAuthenticatedUser(client);
  } catch (err) {
    if (err instanceof AuthError) throw new AuthError(`the service refuses this token: ${err.message}; nothing was stored`, { hint: 'check the token, and that it is for this base URL' });
    throw err;
  } finally {
    await client.close();
  }
}

export async function status(_opts: object, ctx: Context): Promise<number> {
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
    const { getAuthenticatedUser } = await import('../api/users.js');
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

/** whoami: the token's user, and the base URL and organization in use (README, "auth"). */
export async function whoami(_opts: object, ctx: Context): Promise<number> {
  const { getAuthenticatedUser } = await import('../api/users.js');
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

export async function logout(_opts: object, ctx: Context): Promise<number> {
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
