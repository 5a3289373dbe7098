// A spawned Node process for tests of what the bundle loads (test/bundle-*.test.ts, test/stdio.test.ts):
// teamctl from dist/, against an in-process sandbox, with folders of its own and no compile cache.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface Spawned {
  code: number | null;
  out: string;
  err: string;
}

/** `node <args>` with `env`: its exit code, stdout and stderr. */
export function runNode(args: string[], env: Record<string, string>): Promise<Spawned> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('close', (code) => resolve({ code, out, err }));
  });
}

/** The environment of a teamctl run on the sandbox's demo team `acme`/`design`, its folders under `dir`. */
export function sandboxRunEnv(dir: string, sandbox: { url: string; token: string }): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '',
    HOME: dir,
    TEAMCTL_CONFIG_DIR: join(dir, 'config'),
    TEAMCTL_STATE_DIR: join(dir, 'state'),
    TEAMCTL_NO_COMPILE_CACHE: '1',
    TEAMCTL_BASE_URL: sandbox.url,
    TEAMCTL_TOKEN: sandbox.token,
    TEAMCTL_ORG: 'acme',
    TEAMCTL_TEAM: 'design',
  };
}

/** `node <args>` with `env`, as runNode, and Node's modules it had loaded when it exited (`NativeModule net` …). */
export async function runNodeLoading(args: string[], env: Record<string, string>): Promise<Spawned & { loaded: string[] }> {
  const dir = mkdtempSync(join(tmpdir(), 'teamctl-loaded-'));
  const loadedTo = join(dir, 'loaded.txt');
  const preload = join(dir, 'loaded.cjs');
  writeFileSync(preload, `process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(loadedTo)}, process.moduleLoadList.join('\\n')));`);
  const run = await runNode(['-r', preload, ...args], env);
  return { ...run, loaded: readFileSync(loadedTo, 'utf8').split('\n') };
}
