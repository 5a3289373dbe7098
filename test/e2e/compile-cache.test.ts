// The compile cache (`teamctl help environment`, "Other variables"): on Node 22.1 and newer, the
// launcher keeps V8's compiled code of the bundle in teamctl's folder under the user's cache
// folder; NODE_COMPILE_CACHE moves it, TEAMCTL_NO_COMPILE_CACHE=1 turns it off, and a folder that
// cannot be written changes nothing the user sees. Node 20 has no compile cache: nothing is
// written there. Run by the built launcher, in processes of their own (CI runs this file on
// Node 20 and on Node 24).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileCacheFolder } from '../../src/compileCache.js';
import { bin } from './harness.js';

const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
const nodeHasCache = major > 22 || (major === 22 && minor >= 1);

/** `teamctl <args>` with HOME and XDG_CACHE_HOME in a temporary folder, and `env` on top. */
function teamctl(args: string[], env: Record<string, string> = {}): { status: number | null; stdout: string; stderr: string; cache: string; home: string } {
  const home = mkdtempSync(join(tmpdir(), 'teamctl-cache-'));
  const cache = join(home, 'cache');
  const r = spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', env: { PATH: process.env.PATH, HOME: home, XDG_CACHE_HOME: cache, TEAMCTL_CONFIG_DIR: join(home, 'config'), ...env } });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr, cache, home };
}

/** The files of a folder and its subfolders. */
const filesUnder = (dir: string): string[] => (existsSync(dir) ? readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name) : []);

describe('the compile cache', () => {
  it('names a folder under the cache folder, unless NODE_COMPILE_CACHE or TEAMCTL_NO_COMPILE_CACHE=1 says otherwise', () => {
    // The cache folder itself is env-paths' (XDG_CACHE_HOME on Linux), read from the process.
    expect(compileCacheFolder({})).toMatch(/[/\\]teamctl[/\\](Cache[/\\])?compile-cache$/);
    expect(compileCacheFolder({ NODE_COMPILE_CACHE: '/elsewhere' })).toBeUndefined();
    expect(compileCacheFolder({ TEAMCTL_NO_COMPILE_CACHE: '1' })).toBeUndefined();
    expect(compileCacheFolder({ TEAMCTL_NO_COMPILE_CACHE: '0' })).toBe(compileCacheFolder({}));
  });

  it(`keeps the bundle's compiled code in teamctl's cache folder (${nodeHasCache ? 'Node ≥ 22.1' : 'Node 20: none'})`, () => {
    const r = teamctl(['--help']);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
    const kept = filesUnder(join(r.cache, 'teamctl', 'compile-cache'));
    if (nodeHasCache) expect(kept.length).toBeGreaterThan(0);
    else expect(kept).toEqual([]);
  });

  it('TEAMCTL_NO_COMPILE_CACHE=1: no cache; NODE_COMPILE_CACHE: Node keeps it in that folder instead', () => {
    const off = teamctl(['--help'], { TEAMCTL_NO_COMPILE_CACHE: '1' });
    expect(off.status, off.stderr).toBe(0);
    expect(filesUnder(off.cache)).toEqual([]);
    const elsewhere = mkdtempSync(join(tmpdir(), 'teamctl-node-cache-'));
    const moved = teamctl(['--help'], { NODE_COMPILE_CACHE: elsewhere });
    expect(moved.status, moved.stderr).toBe(0);
    expect(filesUnder(moved.cache)).toEqual([]);
    expect(filesUnder(elsewhere).length > 0).toBe(nodeHasCache);
  });

  it('a cache folder that cannot be made changes nothing the user sees', () => {
    const plain = teamctl(['help', 'exit-codes'], { TEAMCTL_NO_COMPILE_CACHE: '1' });
    const home = mkdtempSync(join(tmpdir(), 'teamctl-cache-file-'));
    writeFileSync(join(home, 'not-a-folder'), '');
    const blocked = teamctl(['help', 'exit-codes'], { XDG_CACHE_HOME: join(home, 'not-a-folder') });
    expect(blocked.status, blocked.stderr).toBe(0);
    expect({ stdout: blocked.stdout, stderr: blocked.stderr }).toEqual({ stdout: plain.stdout, stderr: '' });
    expect(plain.stdout).toMatch(/^# Exit codes/);
  });
});
