// undici's HTTP parser without SIMD is a file of its own in the bundle, required only when the
// parser with SIMD cannot be used (.ci/bundle.js): the fallback still answers, from dist/.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startSandbox } from '../src/sandbox/server.js';
import { bin } from './e2e/harness.js';
import { runNode, sandboxRunEnv } from './helpers/spawnNode.js';


describe('the bundle without WebAssembly SIMD', () => {
  it('lists a team through the parser without SIMD, read from its own file of dist/', async () => {
    const sandbox = await startSandbox({ port: 0, seed: 'demo' });
    try {
      const dir = mkdtempSync(join(tmpdir(), 'teamctl-fallback-'));
      // Which files of dist/ were required, said on exit.
      const preload = join(dir, 'required.cjs');
      writeFileSync(preload, "process.on('exit', () => process.stderr.write('REQUIRED ' + Object.keys(require.cache).filter((f) => f.includes('/dist/')).map((f) => f.slice(f.indexOf('/dist/') + 6)).join(' ') + '\\n'));");
      const env = sandboxRunEnv(dir, sandbox);
      const expected = sandbox.store.teamMembers('acme', 'design').length;
      const withSimd = await runNode(['-r', preload, bin, 'members', 'list', '-o', 'tsv'], env);
      const without = await runNode(['-r', preload, bin, 'members', 'list', '-o', 'tsv'], { ...env, UNDICI_NO_WASM_SIMD: '1' });
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
