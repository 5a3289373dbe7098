// The factory every command receives: streams, settings and the API client, each made only when
// first asked for, so `--help` and `--version` touch neither the disk nor the network.
import { resolve } from 'node:path';
import type { ApiClient } from './api/client.js';
import { teamNameProblem } from './api/segment.js';
import { AuthError, UsageError } from './errors.js';
import { ConfigStore, type ProfileConfig } from './config/store.js';
import { IO, type IOStreams } from './io.js';
import { stateFolder, type JournalHome } from './journal/stateFolder.js';
import {
  missingSetting,
  profileName,
  requireSetting,
  resolveSetting,
  resolveOutputFormat,
  resolveTimeoutMs,
  severalTeams,
  teamNames,
  type GlobalFlags,
  type OutputFormat,
  type Resolved,
  type SettingName,
} from './settings.js';
import { checkToken, isShortToken, shortTokenAccepted } from './token.js';
import { version } from './version.js';
import { stoppableSleep } from './waits.js';

export interface ContextDeps {
  streams: IOStreams;
  env: NodeJS.ProcessEnv;
  /** How retries wait (default: a real timer). Tests that run main() in-process pass one that does not. */
  sleep?: (ms: number) => Promise<void>;
  /** The folder relative paths resolve against (default: process.cwd()); in-process tests pass their own. */
  cwd?: string;
  /** The clock (ms since the epoch) of what expires, such as completion's cache; tests inject their own. */
  now?: () => number;
}

export interface TokenInfo {
  value: string;
  /** 'environment' (TEAMCTL_TOKEN) or the path of the config file. */
  source: string;
}

export class Context {
  readonly io: IO;
  readonly env: NodeJS.ProcessEnv;
  readonly profileName: string;
  /** The working folder: every relative path the user gives is resolved against it. */
  readonly cwd: string;
  private storeInstance: ConfigStore | undefined;
  private clientInstance: ApiClient | undefined;
  /** Aborted by an interruption (interruptRequests): every wait made with `sleep` ends at once. */
  private readonly stopping = new AbortController();

  constructor(
    private readonly deps: ContextDeps,
    readonly flags: GlobalFlags,
  ) {
    this.env = deps.env;
    this.cwd = deps.cwd ?? process.cwd();
    this.io = new IO(deps.streams, { env: deps.env, color: flags.color, quiet: flags.quiet });
    this.profileName = profileName(flags, deps.env);
    // TEAMCTL_TOKEN is redacted before anything is read, whether or not the command sends a request.
    if (deps.env.TEAMCTL_TOKEN) this.io.redact(deps.env.TEAMCTL_TOKEN);
  }

  get store(): ConfigStore {
    this.storeInstance ??= new ConfigStore(this.env, this.cwd);
    return this.storeInstance;
  }

  /**
   * Where the journal, its lock and the applied-plan records live (README, "Settings"): the state
   * folder of the machine's user, with the config folder earlier versions kept them in, and the
   * identity of the sandbox a command runs against (TEAMCTL_SANDBOX_ID, for TEAMCTL_BASE_URL).
   */
  journalHome(): JournalHome {
    const home: JournalHome = { state: stateFolder(this.env, this.cwd), config: this.store.dir };
    const id = this.env.TEAMCTL_SANDBOX_ID;
    const baseUrl = this.env.TEAMCTL_BASE_URL;
    if (id === undefined || id === '' || baseUrl === undefined) return home;
    if (!/^[0-9a-f]{16,64}$/.test(id)) {
      throw new UsageError(`TEAMCTL_SANDBOX_ID is not a sandbox identity (16 to 64 hex digits); nothing was sent`, { hint: 'unset it: `teamctl sandbox -- <command>` sets it for the command it runs' });
    }
    return { ...home, sandbox: { id, baseUrl } };
  }

  /** A path the user gave, resolved against the working folder (for fs calls; messages keep the user's spelling). */
  path(p: string): string {
    return resolve(this.cwd, p);
  }

  profile(): ProfileConfig {
    return this.store.profile(this.profileName);
  }

  setting(name: SettingName): Resolved {
    const resolved = requireSetting(name, this.flags, this.env, this.profile(), this.profileName);
    if (name !== 'team') return resolved;
    // One team, named whole: a title may hold a comma (runMembersChange says when it meant several).
    if (resolved.value.includes('\n')) throw severalTeams(resolved.value.replaceAll('\n', ','));
    const team = resolved.value.trim();
    const problem = teamNameProblem(team);
    if (problem !== undefined) throw new UsageError(`invalid team ${JSON.stringify(team)}: ${problem}; nothing was sent`);
    return { ...resolved, value: team };
  }

  /** Checks that every setting a command needs is there, naming all missing ones in one error (exit 2). */
  requireSettings(names: readonly SettingName[]): void {
    const missing = names.filter((name) => resolveSetting(name, this.flags, this.env, this.profile()) === undefined);
    // A command that talks to the service needs a token too: named with the rest (README, "Settings").
    const noToken = names.includes('base-url') && this.token() === undefined;
    if (missing.length + (noToken ? 1 : 0) <= 1) return;
    const errors = missing.map((name) => missingSetting(name, this.profileName).message.replace(/^missing /, ''));
    if (noToken) errors.push(`token: run \`teamctl auth login\`, or set TEAMCTL_TOKEN`);
    throw new UsageError(`missing ${errors.length} settings:\n  ${errors.join('\n  ')}`);
  }

  /** The team setting as a list: `--team a,b`, `--team a --team b`, or one team (members list). */
  teams(): string[] {
    return teamNames(requireSetting('team', this.flags, this.env, this.profile(), this.profileName));
  }

  outputFormat(): OutputFormat {
    return resolveOutputFormat(this.flags, this.profile(), this.io.stdoutIsTTY);
  }

  /**
   * Whether a command prints JSON (-o json|ndjson, --json, or the profile's `output`): decided here
   * for all. `config` commands pass 'flags': they show the config itself, the `output` key included,
   * as key=value lines unless asked otherwise (like git config).
   */
  printsJson(from: 'flags' | 'flags-and-profile' = 'flags-and-profile'): boolean {
    const format = from === 'flags' ? (this.flags.output ?? (this.flags.json || this.flags.jq !== undefined ? 'json' : undefined)) : this.outputFormat();
    return format === 'json' || format === 'ndjson';
  }

  /**
   * TEAMCTL_TOKEN beats the stored token. Redacted from the moment it is known, before any input is
   * read (a roster cell that is the token is never echoed), valid or not.
   */
  token(): TokenInfo | undefined {
    const fromEnv = this.env.TEAMCTL_TOKEN;
    // Set but empty is a mistake (an unset CI secret), never a fall-back to the stored token
    // (README, "Settings"), as for every TEAMCTL_* variable.
    if (fromEnv !== undefined && fromEnv.trim() === '') throw new UsageError('TEAMCTL_TOKEN is set but empty; give it a value or unset it');
    const stored = this.profile().token;
    const found = fromEnv ? { value: fromEnv, source: 'environment (TEAMCTL_TOKEN)' } : stored ? { value: stored, source: this.store.path } : undefined;
    if (found !== undefined) this.io.redact(found.value);
    return found;
  }

  requireToken(): TokenInfo {
    const token = this.token();
    if (!token) {
      throw new AuthError(`no token for profile "${this.profileName}"`, {
        hint: 'run `teamctl auth login`, or set TEAMCTL_TOKEN',
      });
    }
    checkToken(token.value, token.source, false);
    this.io.redact(token.value);
    return token;
  }

  /**
   * How waits are made (a batch that may still land, the hold-back time): the injected sleep of
   * tests, else real timers; either ends at once on an interruption (`teamctl help interruptions`).
   */
  get sleep(): (ms: number) => Promise<void> {
    return stoppableSleep(this.stopping.signal, this.deps.sleep);
  }

  /** True once the run was interrupted: waits end, and no request starts. */
  get stopped(): boolean {
    return this.stopping.signal.aborted;
  }

  /** The clock of what expires (the glossary journal's hold-back time): injected in tests, else undefined (Date.now). */
  get now(): (() => number) | undefined {
    return this.deps.now;
  }

  /** The API client (undici is loaded here, and only here). */
  async client(): Promise<ApiClient> {
    if (this.clientInstance) return this.clientInstance;
    const baseUrl = this.setting('base-url').value;
    const timeoutMs = resolveTimeoutMs(this.flags);
    const { parseBaseUrl } = await import('./api/url.js');
    parseBaseUrl(baseUrl); // refuse a bad or plain-http URL before asking for a token
    const token = this.requireToken();
    const { ApiClient } = await import('./api/client.js');
    const client = new ApiClient({
      baseUrl,
      token: token.value,
      timeoutMs,
      userAgent: `teamctl/${version()}`,
      tokenFromEnvironment: token.source.startsWith('environment'),
      env: this.env,
      debug: this.flags.debug ? (line) => this.io.debug(line) : undefined,
      sleep: this.deps.sleep,
    });
    // A token too short to redact safely (README, "auth"): the service says first whether it takes
    // it, so a refusal is exit 4 like any refused token; one it takes is refused all the same.
    if (isShortToken(token.value)) {
      const { getAuthenticatedUser } = await import('./api/users.js');
      try {
        await getAuthenticatedUser(client);
      } finally {
        await client.close();
      }
      throw shortTokenAccepted(token.value, token.source, 'changed');
    }
    this.clientInstance = client;
    return this.clientInstance;
  }

  /** Ctrl-C or SIGTERM: no new request, no wait goes on, and what is in flight is cut off after `graceMs`. */
  interruptRequests(graceMs: number): void {
    this.stopping.abort();
    this.clientInstance?.interrupt(graceMs);
  }

  async close(): Promise<void> {
    await this.clientInstance?.close();
  }
}
