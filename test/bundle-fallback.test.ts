// undici's HTTP parser without SIMD is a file of its own in the bundle, required only when the
// parser with SIMD cannot be used (.ci/bundle.js): the fallback still answers, from dist/.
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startSandbox } from '../src/sandbox/server.js';
import { bin } from './e2e/harness.js';

function run(args: string[], env: Record<string, string>): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('close', (code) => resolve({ code, out, err }));
  });
}

describe('the bundle without WebAssembly SIMD', () => {
  it('lists a team through the parser without SIMD, read from its own file of dist/', async () => {
    const sandbox = await startSandbox({ port: 0, seed: 'demo' });
    try {
      const dir = mkdtempSync(join(tmpdir(), 'teamctl-fallback-'));
      // Which files of dist/ were required, said on exit.
      const preload = join(dir, 'required.cjs');
      writeFileSync(preload, "process.on('exit', () => process.stderr.write('REQUIRED ' + Object.keys(require.cache).filter((f) => f.includes('/dist/')).map((f) => f.slice(f.indexOf('/dist/') + 6)).join(' ') + '\\n'));");
      const env = {
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
      const expected = sandbox.store.teamMembers('acme', 'design').length;
      const withSimd = await run(['-r', preload, bin, 'members', 'list', '-o', 'tsv'], env);
      const without = await run(['-r', preload, bin, 'members', 'list', '-o', 'tsv'], { ...env, UNDICI_NO_WASM_SIMD: '1' });
      for (const r of [withSimd, without]) {
        expect(r.code, r.err).toBe(0);
        expect(r.out.trim().split('\n')).toHaveLength(expected + 1);
      }
      expect(without.out).toBe(withSimd.out);
      expect(withSimd.err).not.toContain('undici-llhttp-wasm.cjs');
      expect(without.err).toMatch(/^REQUIRED .*\bundici-llhttp-wasm\.cjs\b/m);
    } finally {
      await sandbox.close();
    }
  });
});
