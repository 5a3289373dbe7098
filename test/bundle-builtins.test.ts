// undici's node:assert and node:http are loaded where first needed in the bundle
// (.ci/lazy-builtins.js): a request loads neither, a failing check still throws Node's error, and
// a Node flag on the headers' limit is still honoured, through node:http.
import { AssertionError } from 'node:assert';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a build script, in JavaScript
import { assertStandIn, lazyChildProcess, lazyUndiciBuiltins } from '../.ci/lazy-builtins.js';
import { startSandbox } from '../src/sandbox/server.js';
import { bin } from './e2e/harness.js';
import { runNodeLoading, sandboxRunEnv } from './helpers/spawnNode.js';


type OnLoad = (args: { path: string }) => { contents: string };

/** The plugin's onLoad callbacks, by the filter they answer. */
function onLoads(plugin: unknown = lazyUndiciBuiltins): { filter: RegExp; namespace?: string; load: OnLoad }[] {
  const found: { filter: RegExp; namespace?: string; load: OnLoad }[] = [];
  (plugin as { setup: (b: unknown) => void }).setup({
    onResolve: () => undefined,
    onLoad: (o: { filter: RegExp; namespace?: string }, load: OnLoad) => found.push({ ...o, load }),
  });
  return found;
}

describe("undici's node:assert and node:http, loaded where first needed", () => {
  it('a one-page list loads neither; with --max-http-header-size in NODE_OPTIONS, node:http is read for the limit', async () => {
    const sandbox = await startSandbox({ port: 0, seed: 'demo' });
    try {
      const env = sandboxRunEnv(mkdtempSync(join(tmpdir(), 'teamctl-builtins-')), sandbox);
      const expected = sandbox.store.teamMembers('acme', 'design').length;
      const plain = await runNodeLoading([bin, 'members', 'list', '-o', 'tsv'], env);
      expect(plain.code, plain.err).toBe(0);
      expect(plain.out.trim().split('\n')).toHaveLength(expected + 1);
      expect(plain.loaded).toContain('NativeModule net');
      expect(plain.loaded).not.toContain('NativeModule http');
      expect(plain.loaded).not.toContain('NativeModule assert');
      const flagged = await runNodeLoading([bin, 'members', 'list', '-o', 'tsv'], { ...env, NODE_OPTIONS: '--max-http-header-size=32768' });
      expect(flagged.code, flagged.err).toBe(0);
      expect(flagged.out).toBe(plain.out);
      expect(flagged.loaded).toContain('NativeModule http');
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
    // commander's node:child_process, the same way.
    const [commander] = onLoads(lazyChildProcess);
    const command = join(dirname(require.resolve('commander')), 'lib/command.js');
    expect(commander?.load({ path: command }).contents).toContain("const childProcess = { spawn: (...args) => require('node:child_process').spawn(...args) };");
    const changed = join(dir, 'command.js');
    writeFileSync(changed, readFileSync(command, 'utf8').replace("require('node:child_process')", "require('child_process')"));
    expect(() => commander?.load({ path: changed })).toThrow(/no longer has `const childProcess = require\('node:child_process'\);`/);
  });
});
