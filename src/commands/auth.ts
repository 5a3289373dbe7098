// auth login | status | logout (README, "Commands"). The token only ever comes from stdin, a hidden
// prompt or TEAMCTL_TOKEN — never from argv.
import type { Context } from '../context.js';
import { AuthError, ExitCode, UsageError } from '../errors.js';
import { parseBaseUrl } from '../api/url.js';
import { resolveSetting } from '../settings.js';
import { checkToken, maxTokenLength } from '../token.js';

export interface LoginOptions {
  withToken?: boolean;
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
  await ctx.store.update(ctx.profileName, (profile) => {
    profile.token = token;
    if (baseUrl !== undefined) profile['base-url'] = baseUrl;
  });
  ctx.io.info(`Stored the token (${maskToken(token)}) in profile "${ctx.profileName}" (${ctx.store.path}).`);
  if (ctx.env.TEAMCTL_TOKEN) ctx.io.warn('TEAMCTL_TOKEN is set and takes precedence over the stored token.');
  return ExitCode.ok;
}

export async function status(_opts: object, ctx: Context): Promise<number> {
  const profile = ctx.profile();
  const show = (name: 'base-url' | 'org' | 'team'): string => {
    const resolved = resolveSetting(name, ctx.flags, ctx.env, profile);
    return resolved ? `${resolved.value} (${resolved.source})` : '(not set)';
  };
  const token = ctx.token();
  const rows: [string, string][] = [
    ['profile', ctx.profileName],
    ['base-url', show('base-url')],
    ['org', show('org')],
    ['team', show('team')],
    ['token', token ? `${maskToken(token.value)} (from ${token.source})` : '(none)'],
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
    };
    await ctx.io.out(JSON.stringify(json) + '\n');
  } else {
    await ctx.io.out(rows.map(([k, v]) => `${k}: ${v}\n`).join(''));
  }
  if (!token) throw new AuthError(`no token for profile "${ctx.profileName}"`, { hint: 'run `teamctl auth login`, or set TEAMCTL_TOKEN' });
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
