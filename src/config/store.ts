// Profiles on disk: `<config dir>/config.json` = {"profiles": {"<name>": {"base-url", "org", "team",
// "output", "token"}}}. Reads use plain fs (conf pulls in a schema validator that costs ~100 ms of
// start-up on every command); writes go through conf for its atomic write, with the file kept
// 0600 and its folder 0700 because it holds the token.
import { chmodSync, closeSync, constants, existsSync, fstatSync, mkdirSync, readSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import envPaths from 'env-paths';
import { UsageError } from '../errors.js';
import { writeFailure } from '../files/atomic.js';
import { checkOwnTargetSync, FileKindError, openRegularSync } from '../files/regular.js';

import { configKeys, type ConfigKey } from '../choices.js';

export { configKeys, type ConfigKey };
export interface ProfileConfig {
  'base-url'?: string;
  org?: string;
  team?: string;
  output?: string;
  /** Users no prune removes and no roster demotes: e-mails or ids, comma-separated. */
  keep?: string;
  token?: string;
}
interface ConfigFile {
  profiles?: Record<string, ProfileConfig>;
}

/**
 * The largest config file read (`teamctl help reliability`, "Bounded input"): a profile is a few hundred bytes, so
 * this holds thousands; anything larger (or a device) is not a config file teamctl wrote.
 */
export const maxConfigBytes = 1024 * 1024;

/**
 * The config file as a file of teamctl's own (`teamctl help reliability`, "Reliability"): a symbolic link as its
 * last component, or anything but a regular file (a FIFO would block every command), is a usage
 * error naming it.
 */
function ownFileProblem(err: FileKindError, path: string): UsageError {
  return err.reason === 'symlink'
    ? new UsageError(`the config file ${path} is a symbolic link; teamctl does not follow a link as its own file`, {
        hint: 'replace the link with the file it points to (a link to the whole config folder is fine), or set TEAMCTL_CONFIG_DIR',
      })
    : new UsageError(`the config file ${path} is not a regular file (${err.kind})`, { hint: 'remove it, then run `teamctl auth login` again' });
}

/** The file's text, read up to maxConfigBytes; a link, a device, a pipe or a larger file is refused. */
function readConfigText(path: string): string {
  let fd: number;
  try {
    fd = openRegularSync(path, constants.O_RDONLY, { own: true });
  } catch (err) {
    throw err instanceof FileKindError ? ownFileProblem(err, path) : err;
  }
  try {
    const info = fstatSync(fd);
    const tooLarge = (): UsageError =>
      new UsageError(`the config file ${path} is larger than ${maxConfigBytes / 1024 / 1024} MB: not a file teamctl wrote`, { hint: 'fix or delete it, then run `teamctl auth login` again' });
    if (info.size > maxConfigBytes) throw tooLarge();
    // One byte more than the limit, so a file that grew since fstat is caught too.
    const buffer = Buffer.alloc(maxConfigBytes + 1);
    let size = 0;
    for (let read = -1; read !== 0 && size < buffer.length; size += read) read = readSync(fd, buffer, size, buffer.length - size, null);
    if (size > maxConfigBytes) throw tooLarge();
    return buffer.subarray(0, size).toString('utf8');
  } finally {
    closeSync(fd);
  }
}

/** The config file's data, or the first value of the wrong type, named by its key. */
function checkConfig(parsed: unknown, path: string): ConfigFile {
  const wrong = (key: string, what: string): UsageError =>
    new UsageError(`the config file ${path}: "${key}" ${what}`, { hint: 'fix it (`teamctl config set`), or delete the file and run `teamctl auth login` again' });
  const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  if (!isObject(parsed)) throw new UsageError(`the config file ${path} is not a JSON object`, { hint: 'fix or delete it, then run `teamctl auth login` again' });
  const profiles = parsed.profiles;
  if (profiles === undefined) return parsed;
  if (!isObject(profiles)) throw wrong('profiles', 'is not an object of profiles');
  for (const [name, profile] of Object.entries(profiles)) {
    if (!isObject(profile)) throw wrong(`profiles.${name}`, 'is not an object');
    for (const key of [...configKeys, 'token'] as const) {
      const value = profile[key];
      // Its kind, never its value: it may be a token.
      const kind = Array.isArray(value) ? 'an array' : value === null ? 'null' : typeof value === 'object' ? 'an object' : `a ${typeof value}`;
      if (value !== undefined && typeof value !== 'string') throw wrong(`profiles.${name}.${key}`, `is not a string (${kind})`);
    }
  }
  return parsed as ConfigFile;
}

export function isConfigKey(key: string): key is ConfigKey {
  return (configKeys as readonly string[]).includes(key);
}

/** TEAMCTL_CONFIG_DIR, else the platform's config dir (XDG_CONFIG_HOME/teamctl on Linux). */
export function configDir(env: NodeJS.ProcessEnv, cwd = process.cwd()): string {
  const fromEnv = env.TEAMCTL_CONFIG_DIR;
  if (fromEnv) return resolve(cwd, fromEnv);
  // env-paths reads process.env; honour the environment we were handed (tests, embedding).
  if (process.platform === 'linux' && env.XDG_CONFIG_HOME) return join(env.XDG_CONFIG_HOME, 'teamctl');
  return envPaths('teamctl', { suffix: '' }).config;
}

export class ConfigStore {
  readonly dir: string;
  readonly path: string;
  private data: ConfigFile | undefined;

  constructor(env: NodeJS.ProcessEnv, cwd?: string) {
    this.dir = configDir(env, cwd);
    this.path = join(this.dir, 'config.json');
  }

  private read(): ConfigFile {
    if (this.data) return this.data;
    let text: string;
    try {
      text = readConfigText(this.path);
    } catch (err) {
      if (err instanceof UsageError) throw err;
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return (this.data = {});
      throw new UsageError(`cannot read the config file ${this.path}: ${(err as Error).message}`);
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new UsageError(`the config file ${this.path} is not valid JSON`, { hint: 'fix or delete it, then run `teamctl auth login` again' });
    }
    return (this.data = checkConfig(parsed, this.path));
  }

  profile(name: string): ProfileConfig {
    return { ...(this.read().profiles?.[name] ?? {}) };
  }

  /** Applies `change` to one profile and writes the file (atomically, 0600 in a 0700 folder). */
  async update(name: string, change: (profile: ProfileConfig) => void): Promise<void> {
    const data = this.read();
    const profiles = { ...(data.profiles ?? {}) };
    const profile = { ...(profiles[name] ?? {}) };
    change(profile);
    profiles[name] = profile;
    const next: ConfigFile = { ...data, profiles };

    // conf writes through a link and into a FIFO: what is there now is checked first.
    try {
      checkOwnTargetSync(this.path);
    } catch (err) {
      throw err instanceof FileKindError ? ownFileProblem(err, this.path) : err;
    }
    try {
      if (!existsSync(this.dir)) mkdirSync(this.dir, { recursive: true, mode: 0o700 });
      // Tighten a folder or file that already existed with looser bits.
      if ((statSync(this.dir).mode & 0o077) !== 0) chmodSync(this.dir, 0o700);
      const { default: Conf } = await import('conf');
      const conf = new Conf<ConfigFile>({
        projectName: 'teamctl',
        cwd: this.dir,
        configName: 'config',
        configFileMode: 0o600,
        accessPropertiesByDotNotation: false,
        clearInvalidConfig: false,
      });
      conf.store = next;
      chmodSync(this.path, 0o600);
    } catch (err) {
      // A full disk, a read-only folder: one line naming the file, as every file teamctl writes.
      throw await writeFailure(err, `the config file ${this.path}`, this.dir);
    }
    this.data = next;
  }
}
