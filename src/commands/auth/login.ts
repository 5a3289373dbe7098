// auth login: stores the base URL and the token in the profile (README, "auth"). The token only
// ever comes from stdin, a hidden prompt or TEAMCTL_TOKEN — never from argv.
import { Command } from 'commander';
import type { Context } from '../../context.js';
import { AuthError, ExitCode, UsageError } from '../../errors.js';
import type { User } from '../../api/types.js';
import { examples, type Factory } from '../command.js';

export interface LoginOptions {
  withToken?: boolean;
  /** false with --no-verify: store without asking the service whose token it is (offline setup). */
  verify?: boolean;
}

export function command(f: Factory): Command {
  return new Command('login')
    .description('store the base URL and token in the profile (the token is read from stdin or a hidden prompt, never from arguments)')
    .option('--with-token', 'read the token from standard input')
    .option('--no-verify', 'store the token without asking the service whose it is (offline setup)')
    .addHelpText('after', examples('teamctl config set base-url https://api.example.com', 'echo "$TOKEN" | teamctl auth login --with-token', 'teamctl auth login'))
    .action(f.action(run, (cmd) => cmd.opts<LoginOptions>(), [], 'no-json'));
}

export async function run(opts: LoginOptions, ctx: Context): Promise<number> {
  const [{ parseBaseUrl }, { resolveSetting }, { checkToken, isShortToken, maxTokenLength, minTokenLength, shortTokenAccepted }, { describeUser, maskToken }] = await Promise.all([
    import('../../api/url.js'),
    import('../../settings.js'),
    import('../../token.js'),
    import('./user.js'),
  ]);
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
  const source = opts.withToken ? 'standard input' : 'the prompt';
  checkToken(token, source, true);
  ctx.io.redact(token);
  // Too short to keep out of output: refused, after the service was asked (a refusal is exit 4).
  if (isShortToken(token) && opts.verify === false) throw new UsageError(`the token from ${source} has ${token.length} characters: a token has at least ${minTokenLength}; nothing was stored`);
  // Whose token it is, before storing it (README, "auth"): a token the service refuses is exit 4,
  // nothing stored. --no-verify stores it offline.
  let owner = '';
  if (opts.verify !== false) {
    // The base URL the token is for, as every command resolves it (flag > TEAMCTL_BASE_URL > profile).
    const url = resolveSetting('base-url', ctx.flags, ctx.env, ctx.profile())?.value;
    if (url === undefined) throw new UsageError('no base URL to check the token against: pass --base-url, or --no-verify to store it unchecked');
    const user = await tokenUser(ctx, url, token);
    if (isShortToken(token)) throw shortTokenAccepted(token, source, 'stored');
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

/** GET /user with `token` at `baseUrl`: whose token it is; a refused token is an AuthError (exit 4). */
async function tokenUser(ctx: Context, baseUrl: string, token: string): Promise<User> {
  const [{ parseBaseUrl }, { ApiClient }, { getAuthenticatedUser }, { resolveTimeoutMs }, { version }] = await Promise.all([
    import('../../api/url.js'),
    import('../../api/client.js'),
    import('../../api/users.js'),
    import('../../settings.js'),
    import('../../version.js'),
  ]);
  parseBaseUrl(baseUrl);
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
