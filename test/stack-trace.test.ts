// An unexpected failure's stack trace names teamctl's sources, read against the bundle's source
// maps only when it is shown (src/stackTrace.ts): a frame of dist/ becomes the file, line and
// column of src/; a frame without a map stays as it is.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sourceStack } from '../src/stackTrace.js';

const root = fileURLToPath(new URL('..', import.meta.url));

describe('a stack trace of the bundle', () => {
  it('names the source file and line of each frame in dist/', async () => {
    // A process of its own: vitest would read the maps itself.
    const cli = new URL('../dist/cli.js', import.meta.url).href;
    const script = `const { settleStdout } = await import(${JSON.stringify(cli)}); try { settleStdout(undefined, 0); } catch (err) { process.stdout.write(err.stack); }`;
    const stack = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }).stdout;
    expect(stack).toMatch(/^TypeError: .*\n {4}at .*settleStdout \(file:\/\/\/.*\/dist\/cli\.js:\d+:\d+\)\n/);
    const line = readFileSync(`${root}src/cli.ts`, 'utf8').split('\n').findIndex((l) => l.includes('stdoutFailure(streams.stdout, flushError)')) + 1;
    expect(line).toBeGreaterThan(0);
    const mapped = sourceStack(stack);
    expect(mapped.split('\n')[1]).toMatch(new RegExp(`at .*settleStdout \\(${root}src/cli\\.ts:${line}:\\d+\\)$`));
    expect(mapped).not.toMatch(/dist\/cli\.js/);
    // The rest of the stack is the script's frames, which have no map beside them.
    expect(mapped.split('\n').slice(2)).toEqual(stack.split('\n').slice(2));
  });

  it('leaves a stack without maps as it is', () => {
    const stack = 'Error: x\n    at f (file:///nowhere/a.js:1:2)\n    at /nowhere/b.js:3:4';
    expect(sourceStack(stack)).toBe(stack);
  });
});
