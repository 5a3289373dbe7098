// Settings resolution (README, "Settings"): flag > environment > profile config > default.
// Pure: takes the flags, the environment and the profile's config, returns values with their source.
import { identifierProblem, teamNameProblem } from './api/segment.js';
import { UsageError } from './errors.js';
import type { ProfileConfig } from './config/store.js';

import { outputFormats, type OutputFormat } from './choices.js';

export { outputFormats, type OutputFormat };

export interface GlobalFlags {
  profile?: string;
  baseUrl?: string;
  org?: string;
  team?: string;
  output?: string;
  json?: boolean;
  quiet?: boolean;
  debug?: boolean;
  /** commander's `--no-color` sets this to false. */
  color?: boolean;
  yes?: boolean;
  timeout?: string;
  /** --jq <filter>: a jq filter over the JSON output (implies --json; `teamctl help formatting`). */
  jq?: string;
}

export type SettingName = 'base-url' | 'org' | 'team';
export type Source = 'flag' | 'environment' | 'config' | 'default';
export interface Resolved {
  value: string;
  source: Source;
}

const flagOf: Record<SettingName, keyof GlobalFlags> = { 'base-url': 'baseUrl', org: 'org', team: 'team' };
const envOf: Record<SettingName, string> = {
  'base-url': 'TEAMCTL_BASE_URL',
  org: 'TEAMCTL_ORG',
  team: 'TEAMCTL_TEAM',
};
const describe: Record<SettingName, string> = { 'base-url': 'API base URL', org: 'organization', team: 'team' };
const placeholder: Record<SettingName, string> = { 'base-url': '<url>', org: '<id>', team: '<id>' };

/** Names an object's own machinery: as a key of `profiles` it would read or set a prototype, not a profile. */
const reservedProfileNames: readonly string[] = ['__proto__', 'constructor', 'prototype'];

export function profileName(flags: GlobalFlags, env: NodeJS.ProcessEnv): string {
  // As for every setting, an empty value is a mistake, never a fall-back: another profile may
  // hold another service and another token.
  if (flags.profile !== undefined && flags.profile.trim() === '') throw new UsageError('--profile is empty; give a value or leave the flag out');
  if (env.TEAMCTL_PROFILE !== undefined && env.TEAMCTL_PROFILE.trim() === '') throw new UsageError('TEAMCTL_PROFILE is set but empty; give it a value or unset it');
  const name = flags.profile ?? env.TEAMCTL_PROFILE ?? 'default';
  // Names like ids (README, "Settings"): a profile is a key of the config file's `profiles`.
  if (!/^[A-Za-z0-9._-]+$/.test(name) || reservedProfileNames.includes(name)) {
    const from = flags.profile !== undefined ? '--profile' : 'TEAMCTL_PROFILE';
    throw new UsageError(
      `invalid profile name ${JSON.stringify(name)} (from ${from}): a profile name is letters, digits, "-", "_" and ".", and not ${reservedProfileNames.join(', ')}`,
    );
  }
  return name;
}

export function resolveSetting(
  name: SettingName,
  flags: GlobalFlags,
  env: NodeJS.ProcessEnv,
  profile: ProfileConfig,
): Resolved | undefined {
  // An empty value is a mistake (an unset CI variable, a bad quote), never a reason to fall
  // back to the next source: that could aim the run at another team or service.
  const flag = flags[flagOf[name]];
  if (typeof flag === 'string') {
    if (flag.trim() === '') throw new UsageError(`--${name} is empty; give a value or leave the flag out`);
    return { value: flag, source: 'flag' };
  }
  const fromEnv = env[envOf[name]];
  if (fromEnv !== undefined) {
    if (fromEnv.trim() === '') throw new UsageError(`${envOf[name]} is set but empty; give it a value or unset it`);
    return { value: fromEnv, source: 'environment' };
  }
  const fromConfig = profile[name];
  if (fromConfig) return { value: fromConfig, source: 'config' };
  return undefined;
}

/** The usage error for a missing required setting names every way to supply it. */
export function missingSetting(name: SettingName, profile: string): UsageError {
  const p = placeholder[name];
  const profileFlag = profile === 'default' ? '' : ` --profile ${profile}`;
  return new UsageError(`missing ${describe[name]}: pass --${name} ${p}, set ${envOf[name]}, or run \`teamctl${profileFlag} config set ${name} ${p}\``);
}

export function requireSetting(
  name: SettingName,
  flags: GlobalFlags,
  env: NodeJS.ProcessEnv,
  profile: ProfileConfig,
  profileLabel: string,
): Resolved {
  const resolved = resolveSetting(name, flags, env, profile);
  if (!resolved) throw missingSetting(name, profileLabel);
  // A team is named by its id or its title, never put in a path as typed (teamNames).
  if (name !== 'base-url' && name !== 'team') {
    const problem = identifierProblem(resolved.value);
    if (problem !== undefined) {
      const from = resolved.source === 'flag' ? `--${name}` : resolved.source === 'environment' ? envOf[name] : `config ${name}`;
      throw new UsageError(`invalid ${describe[name]} ${JSON.stringify(resolved.value)} (from ${from}): ${problem}; nothing was sent`);
    }
  }
  return resolved;
}

export function isOutputFormat(value: string): value is OutputFormat {
  return (outputFormats as readonly string[]).includes(value);
}

/**
 * -o beats --json beats the profile's `output`; then table on a terminal, tsv otherwise. --jq is
 * --json, and with -o it takes json or ndjson only: it filters JSON.
 */
export function resolveOutputFormat(flags: GlobalFlags, profile: ProfileConfig, stdoutIsTTY: boolean): OutputFormat {
  if (flags.jq !== undefined && flags.output !== undefined && flags.output !== 'json' && flags.output !== 'ndjson') {
    throw new UsageError(`--jq filters JSON output, and -o ${flags.output} is not JSON: give -o json, -o ndjson or neither`);
  }
  const chosen = flags.output ?? (flags.json || flags.jq !== undefined ? 'json' : profile.output);
  if (chosen !== undefined) {
    if (!isOutputFormat(chosen)) {
      throw new UsageError(`unknown output format ${JSON.stringify(chosen)}: expected one of ${outputFormats.join(', ')}`);
    }
    return chosen;
  }
  return stdoutIsTTY ? 'table' : 'tsv';
}

/** --timeout in seconds (default 30) → milliseconds. */
export function resolveTimeoutMs(flags: GlobalFlags): number {
  if (flags.timeout === undefined) return 30_000;
  const seconds = Number(flags.timeout);
  if (flags.timeout.trim() === '' || !Number.isFinite(seconds) || seconds < 0.1 || seconds > 3600) {
    throw new UsageError(`--timeout takes a number of seconds from 0.1 to 3600, not ${JSON.stringify(flags.timeout)}`);
  }
  return Math.round(seconds * 1000);
}

/** A whole-number flag from 1 to `max`; anything else is a usage error naming the flag. */
export function parseWholeNumber(flag: string, value: string, max: number): number {
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(n) || n < 1 || n > max) {
    throw new UsageError(`${flag} must be a whole number from 1 to ${max}, not ${JSON.stringify(value)}`);
  }
  return n;
}

/** --page-size of the list commands: 1..1000, the service's maximum `limit`. */
export function parsePageSize(value: string): number {
  return parseWholeNumber('--page-size', value, 1000);
}

/**
 * The teams the team setting names (README, "Teams by id or title"): each an id or a title.
 * `--team` repeated gives one team per flag, commas included (the program joins repeated values
 * with a line break, which no name holds); a value given once is a comma-separated list. Empty
 * names and control characters are refused (exit 2).
 */
export function teamNames(resolved: Resolved): string[] {
  const names = [...new Set(resolved.value.split(resolved.value.includes('\n') ? '\n' : ',').map((t) => t.trim()))];
  for (const name of names) {
    const problem = teamNameProblem(name);
    if (problem !== undefined) throw new UsageError(`invalid team ${JSON.stringify(name)} in ${JSON.stringify(resolved.value.replaceAll('\n', ','))}: ${problem}; nothing was sent`);
  }
  return names;
}

/** The refusal of several teams where one is needed. */
export function severalTeams(value: string): UsageError {
  return new UsageError(`several teams (${value}) work only with \`members list\`, \`add\`, \`onboard\` and a roster with a "team" column; name one team`);
}
