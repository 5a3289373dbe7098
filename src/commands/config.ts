// config get | set | unset | list | path. Keys: base-url, org, team, output. The token is not a
// config key here: it is stored by `auth login` only.
import type { Context } from '../context.js';
import { ExitCode, UsageError } from '../errors.js';
import { parseBaseUrl } from '../api/url.js';
import { configKeys, isConfigKey, type ConfigKey } from '../config/store.js';
import { isOutputFormat, outputFormats } from '../settings.js';
import { keyValueLines } from '../output/terminal.js';

function checkKey(key: string): ConfigKey {
  if (key.trim().toLowerCase() === 'token') {
    throw new UsageError('the token is not a config key: store it with `teamctl auth login` (read from stdin or a hidden prompt, so it never shows in your shell history)', {
      hint: 'echo "$TOKEN" | teamctl auth login --with-token',
    });
  }
  if (!isConfigKey(key)) throw new UsageError(`unknown config key ${JSON.stringify(key)}: expected one of ${configKeys.join(', ')}`);
  return key;
}

function checkValue(key: ConfigKey, value: string): void {
  if (value.trim() === '') throw new UsageError(`${key} cannot be empty; use \`teamctl config unset ${key}\``);
  if (key === 'base-url') parseBaseUrl(value);
  if (key === 'output' && !isOutputFormat(value)) {
    throw new UsageError(`unknown output format ${JSON.stringify(value)}: expected one of ${outputFormats.join(', ')}`);
  }
}

export async function get(opts: { key: string }, ctx: Context): Promise<number> {
  const key = checkKey(opts.key);
  const value = ctx.profile()[key];
  if (value === undefined) return ExitCode.failed; // like `git config`: unset prints nothing, exits 1
  await ctx.io.out(value + '\n');
  return ExitCode.ok;
}

export async function set(opts: { key: string; value: string }, ctx: Context): Promise<number> {
  const key = checkKey(opts.key);
  checkValue(key, opts.value);
  await ctx.store.update(ctx.profileName, (profile) => {
    profile[key] = opts.value;
  });
  return ExitCode.ok;
}

export async function unset(opts: { key: string }, ctx: Context): Promise<number> {
  const key = checkKey(opts.key);
  if (ctx.profile()[key] !== undefined) {
    await ctx.store.update(ctx.profileName, (profile) => {
      delete profile[key];
    });
  }
  return ExitCode.ok;
}

export async function list(_opts: object, ctx: Context): Promise<number> {
  const profile = ctx.profile();
  const entries = configKeys.filter((k) => profile[k] !== undefined).map((k) => [k, profile[k] as string] as const);
  if (ctx.printsJson('flags')) {
    await ctx.io.out(JSON.stringify(Object.fromEntries(entries)) + '\n');
  } else {
    await ctx.io.out(keyValueLines(entries, '='));
  }
  return ExitCode.ok;
}

export async function path(_opts: object, ctx: Context): Promise<number> {
  await ctx.io.out(ctx.store.path + '\n');
  return ExitCode.ok;
}
