// Profiles on disk: `<config dir>/config.json` = {"profiles": {"<name>": {"base-url", "org", "team",
// "output", "token"}}}. Reads use plain fs (conf pulls in a schema validator that costs ~100 ms of
// start-up on every command); writes go through conf for its atomic write, with the file kept
// 0600 and its folder 0700 because it holds the token.
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import envPaths from 'env-paths';
import { UsageError } from '../errors.js';

import { configKeys, type ConfigKey } from '../choices.js';

export { configKeys, type ConfigKey };
export interface ProfileConfig {
  'base-url'?: string;
  org?: string;
  team?: string;
  output?: string;
  token?: string;
}
interface ConfigFile {
  profiles?: Record<string, ProfileConfig>;
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
      text = readFileSync(this.path, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return (this.data = {});
      throw new UsageError(`cannot read the config file ${this.path}: ${(err as Error).message}`);
    }
    try {
      const parsed = JSON.parse(text) as unknown;
      this.data = parsed && typeof parsed === 'object' ? (parsed as ConfigFile) : {};
    } catch {
      throw new UsageError(`the config file ${this.path} is not valid JSON`, { hint: 'fix or delete it, then run `teamctl auth login` again' });
    }
    return this.data;
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
    this.data = next;
  }
}
