// undici's node:assert and node:http are loaded where first needed in the bundle
// (.ci/lazy-builtins.js): a request loads neither, a failing check still throws Node's error, and
// a Node flag on the headers' limit is still honoured, through node:http.
import { AssertionError } from 'node:assert';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a build script, in JavaScript
import { assertStandIn, lazyUndiciBuiltins } from '../.ci/lazy-builtins.js';
import { startSandbox } from '../src/sandbox/server.js';
import { bin } from './e2e/harness.js';
import { runNode, sandboxRunEnv } from './helpers/spawnNode.js';


type OnLoad = (args: { path: string }) => { contents: string };

/** The plugin's onLoad callbacks, by the filter they answer. */
function onLoads(): { filter: RegExp; namespace?: string; load: OnLoad }[] {
  const found: { filter: RegExp; namespace?: string; load: OnLoad }[] = [];
  (lazyUndiciBuiltins as { setup: (b: unknown) => void }).setup({
    onResolve: () => undefined,
    onLoad: (o: { filter: RegExp; namespace?: string }, load: OnLoad) => found.push({ ...o, load }),
  });
  return found;
}

describe("undici's node:assert and node:http, loaded where first needed", () => {
  it('a one-page list loads neither; with --max-http-header-size in NODE_OPTIONS, node:http is read for the limit', async () => {
    const sandbox = await startSandbox({ port: 0, seed: 'demo' });
    try {
      const dir = mkdtempSync(join(tmpdir(), 'teamctl-builtins-'));
      const loadedTo = join(dir, 'loaded.txt');
      const preload = join(dir, 'loaded.cjs');
      writeFileSync(preload, `process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(loadedTo)}, process.moduleLoadList.join('\\n')));`);
      const env = sandboxRunEnv(dir, sandbox);
      const expected = sandbox.store.teamMembers('acme', 'design').length;
      const plain = await runNode(['-r', preload, bin, 'members', 'list', '-o', 'tsv'], env);
      expect(plain.code, plain.err).toBe(0);
      expect(plain.out.trim().split('\n')).toHaveLength(expected + 1);
      const loaded = readFileSync(loadedTo, 'utf8').split('\n');
      expect(loaded).toContain('NativeModule net');
      expect(loaded).not.toContain('NativeModule http');
      expect(loaded).not.toContain('NativeModule assert');
      const flagged = await runNode(['-r', preload, bin, 'members', 'list', '-o', 'tsv'], { ...env, NODE_OPTIONS: '--max-http-header-size=32768' });
      expect(flagged.code, flagged.err).toBe(0);
      expect(flagged.out).toBe(plain.out);
      expect(readFileSync(loadedTo, 'utf8').split('\n')).toContain('NativeModule http');
    } finally {
      await sandbox.close();
    }
  });

  it("the assert stand-in passes a check that holds, throws Node's AssertionError for one that fails, and hands anything else to Node's module", () => {
    const module = { exports: undefined as unknown };
    new Function('module', 'process', assertStandIn as string)(module, process);
    const assert = module.exports as ((value: unknown, message?: string) => void) & { strictEqual: unknown; ok: unknown };
    expect(() => assert(1, 'holds')).not.toThrow();
    expect(() => assert(0, 'undici: a check failed')).toThrow(AssertionError);
    expect(() => assert(0, 'undici: a check failed')).toThrow('undici: a check failed');
    const real = createRequire(import.meta.url)('node:assert') as { strictEqual: unknown; ok: unknown };
    expect(assert.strictEqual).toBe(real.strictEqual);
    expect(assert.ok).toBe(real.ok);
  });

  it("edits undici's lines as written, and fails the build when one is no longer there", () => {
    const dir = mkdtempSync(join(tmpdir(), 'teamctl-builtins-'));
    const loads = onLoads().filter((o) => o.namespace === undefined);
    expect(loads.map((o) => o.filter.source)).toEqual(['[\\\\/]undici[\\\\/]lib[\\\\/]core[\\\\/]util\\.js$', '[\\\\/]undici[\\\\/]lib[\\\\/]dispatcher[\\\\/]client\\.js$']);
    const require = createRequire(import.meta.url);
    for (const [o, file] of loads.map((o, i) => [o, require.resolve(['undici/lib/core/util.js', 'undici/lib/dispatcher/client.js'][i] as string)] as const)) {
      const original = readFileSync(file, 'utf8');
      const { contents } = o.load({ path: file });
      expect(contents).not.toMatch(/^const (\{ IncomingMessage \}|http) = require\('node:http'\)$/m);
      // Lines stay where they were: undici's lines in a stack trace are still right.
      expect(contents.split('\n')).toHaveLength(original.split('\n').length);
      const changed = join(dir, 'changed.js');
      writeFileSync(changed, original.replace("require('node:http')", "require('http')"));
      expect(() => o.load({ path: changed })).toThrow(/no longer has `const .*require\('node:http'\)` as \.ci\/lazy-builtins\.js expects/);
    }
  });
});
