// End-to-end harness: teamctl run as a user would (no terminal, CI=true, an isolated config and state dir,
// only the environment we give it) against an in-process sandbox on port 0. Like Wrangler's
// runWrangler, runCli calls main() in this process with fake streams (fast: no Node start-up per
// run, and retries wait on an injected sleep); `spawn: true` runs the built bin/teamctl.js
// instead, for what only a real process shows (the launcher, a working folder, exit timing).
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { main } from '../../src/cli.js';
import { startSandbox, type Sandbox, type SandboxOptions } from '../../src/sandbox/server.js';
import { fakeStreams } from '../helpers/streams.js';

export const bin = fileURLToPath(new URL('../../bin/teamctl.js', import.meta.url));

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

export interface CliOptions {
  env?: Record<string, string | undefined>;
  stdin?: string;
  configDir?: string;
  /** The working folder (default: this process's); in-process runs pass it to main() as `cwd`. */
  cwd?: string;
  /** Run the built binary in a child process instead of main() in this one. */
  spawn?: boolean;
  /** In-process runs: how teamctl waits (default: not at all). */
  sleep?: (ms: number) => Promise<void>;
  /** In-process runs: every write to stdout fails with this code (a closed descriptor, a reader gone). */
  stdoutFails?: 'EBADF' | 'EPIPE';
  /** In-process runs: the clock of what expires (completion's cache). */
  now?: () => number;
  /** In-process runs: given `stderr`, what the run has said on stderr so far, while it runs. */
  watch?: { stderr?: () => string };
  /** Spawned runs: called with all of stderr so far at each chunk, and a way to signal the process. */
  onStderr?: (stderr: string, kill: (signal: NodeJS.Signals) => void) => void;
}

/** Retries in in-process runs wait no real time: backoff is the policy's business (unit-tested). */
const noSleep = (): Promise<void> => Promise.resolve();

export function newConfigDir(): string {
  return mkdtempSync(join(tmpdir(), 'teamctl-e2e-'));
}

/** Runs teamctl with a clean environment: PATH, HOME and CI only, plus what the test passes. */
export async function runCli(args: string[], options: CliOptions = {}): Promise<CliResult> {
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: options.configDir ?? newConfigDir(),
    CI: 'true',
    TEAMCTL_CONFIG_DIR: options.configDir ?? newConfigDir(),
  };
  for (const [k, v] of Object.entries(options.env ?? {})) {
    if (v === undefined) delete env[k];
    else env[k] = v;
  }
  // The journal's state folder is the config folder's unless the test names one (or removes it,
  // with an XDG_STATE_HOME of its own): no test writes the user's real state folder.
  if (!Object.hasOwn(options.env ?? {}, 'TEAMCTL_STATE_DIR')) env.TEAMCTL_STATE_DIR = env.TEAMCTL_CONFIG_DIR ?? newConfigDir();
  if (!options.spawn) {
    const streams = fakeStreams({ stdin: options.stdin ?? '', ...(options.stdoutFails ? { stdoutFails: options.stdoutFails } : {}) });
    if (options.watch) options.watch.stderr = () => streams.err();
    // The working folder is a dependency of main(), not the process's: no process.chdir(), which
    // worker threads (Stryker's vitest runner) do not allow.
    const code = await main(args, { streams, env, sleep: options.sleep ?? noSleep, ...(options.cwd ? { cwd: options.cwd } : {}), ...(options.now ? { now: options.now } : {}) });
    return { code, stdout: streams.out(), stderr: streams.err() };
  }
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], { env, stdio: ['pipe', 'pipe', 'pipe'], ...(options.cwd ? { cwd: options.cwd } : {}) });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => {
      stderr += d;
      options.onStderr?.(stderr, (signal) => child.kill(signal));
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
    child.stdin.end(options.stdin ?? '');
  });
}

export interface SandboxEnv {
  sandbox: Sandbox;
  /** Environment that points teamctl at the sandbox (org `acme`, team `engineering`). */
  env: Record<string, string>;
}

export async function sandboxWithEnv(options: SandboxOptions = {}): Promise<SandboxEnv> {
  const sandbox = await startSandbox({ port: 0, seed: 'demo', ...options });
  return {
    sandbox,
    env: {
      TEAMCTL_BASE_URL: sandbox.url,
      TEAMCTL_TOKEN: sandbox.token,
      TEAMCTL_ORG: 'acme',
      TEAMCTL_TEAM: 'engineering',
    },
  };
}

/** Every item of a list endpoint, read straight from the sandbox (the reference for exactness). */
export async function listDirect<T>(sandbox: Sandbox, path: string): Promise<T[]> {
  const items: T[] = [];
  let page: string | undefined;
  do {
    const url = new URL(`${sandbox.url}/v1${path}`);
    url.searchParams.set('limit', '1000');
    if (page) url.searchParams.set('page', page);
    const res = await fetch(url, { headers: { authorization: `Bearer ${sandbox.token}` } });
    const body = (await res.json()) as { items: T[]; next?: { page?: string } };
    items.push(...body.items);
    page = body.next?.page;
  } while (page);
  return items;
}
