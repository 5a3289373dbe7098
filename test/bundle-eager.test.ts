// The build writes each CommonJS module of the bundle as a parenthesised function, compiled with
// its file (.ci/eager.js): the code runs the same, and the source map still names every token's
// place in the sources.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a build script, in JavaScript
import { compileEagerly } from '../.ci/eager.js';
// @ts-expect-error: a build script, in JavaScript
import { decode, editKeepingMap, encode } from '../.ci/sourcemap.js';

/** Where in the sources the map puts the first `token` of `text`: source, line, column. */
function where(text: string, map: InstanceType<typeof SourceMap>, token: string): (string | number | undefined)[] {
  const at = text.indexOf(token);
  const line = text.slice(0, at).split('\n').length - 1;
  const column = at - (text.lastIndexOf('\n', at - 1) + 1);
  const e = map.findEntry(line, column) as { originalSource?: string; originalLine?: number; originalColumn?: number };
  return [e.originalSource, e.originalLine, e.originalColumn];
}

describe('CommonJS modules compiled with their file', () => {
  it('encodes and decodes source map values', () => {
    for (const values of [[0], [1, -1, 15, 16], [-1000, 123456, 0, 31, 32, -33]]) expect(decode(encode(values))).toEqual(values);
    expect(decode('AAAA')).toEqual([0, 0, 0, 0]);
    expect(decode('gBAAA')).toEqual([16, 0, 0, 0]);
  });

  it('edits longer or shorter than what they replace, and lines put above, leave every other token mapped where it was', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'teamctl-edits-'));
    writeFileSync(join(dir, 'a.mjs'), "import { join } from 'node:path';\nexport const first = join('a', 'b');\nexport function second() {\n  return 'short';\n}\nexport const third = second() + 'tail';\n");
    const out = join(dir, 'out.js');
    await build({ entryPoints: [join(dir, 'a.mjs')], bundle: true, format: 'esm', platform: 'node', outfile: out, sourcemap: 'linked', minifyWhitespace: true });
    const before = readFileSync(out, 'utf8');
    const mapBefore = new SourceMap(JSON.parse(readFileSync(`${out}.map`, 'utf8')));
    const importAt = before.indexOf('import');
    const importEnd = before.indexOf(';', importAt) + 1;
    const shortAt = before.indexOf('"short"');
    editKeepingMap(out, [
      { at: 0, end: 0, text: 'const above1=1;\nconst above2=2;\n' },
      { at: importAt, end: importEnd, text: 'const{join}=globalThis.process.getBuiltinModule("node:path");' },
      { at: shortAt, end: shortAt + '"short"'.length, text: '"s"' },
    ]);
    const after = readFileSync(out, 'utf8');
    expect(((await import(pathToFileURL(out).href)) as { first: string; third: string }).third).toBe('stail');
    const mapAfter = new SourceMap(JSON.parse(readFileSync(`${out}.map`, 'utf8')));
    for (const token of ['first=', 'function second', 'third=', '+"tail"']) {
      expect(where(after, mapAfter, token), token).toEqual(where(before, mapBefore, token));
      expect(where(after, mapAfter, token)[0], token).toBeDefined();
    }
  });

  it('parenthesises each module function; the output runs the same and maps each token where it did', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'teamctl-eager-'));
    writeFileSync(join(dir, 'a.cjs'), "'use strict';\nconst b = require('./b.cjs');\nexports.twice = function twice(x) {\n  return b.add(x, x);\n};\n");
    writeFileSync(join(dir, 'b.cjs'), "exports.add = function add(x, y) {\n  return x + y;\n};\n");
    writeFileSync(join(dir, 'entry.mjs'), "import a from './a.cjs';\nexport const four = a.twice(2);\n");
    const out = join(dir, 'out.js');
    await build({ entryPoints: [join(dir, 'entry.mjs')], bundle: true, format: 'esm', platform: 'node', outfile: out, sourcemap: 'linked', minifyWhitespace: true });
    const before = readFileSync(out, 'utf8');
    const mapBefore = new SourceMap(JSON.parse(readFileSync(`${out}.map`, 'utf8')));
    expect(compileEagerly(out)).toBe(2);
    const after = readFileSync(out, 'utf8');
    expect(after.match(/":\(function\(exports(,module)?\)\{/g)).toHaveLength(2);
    expect(after.replace(/":\(function\(/g, '"(').replace(/\}\)\}\)/g, '}})')).toBe(before);
    expect(((await import(pathToFileURL(out).href)) as { four: number }).four).toBe(4);
    // Every token that had a place in the sources has it still, at its moved column.
    const mapAfter = new SourceMap(JSON.parse(readFileSync(`${out}.map`, 'utf8')));
    for (const token of ['return x+y', 'return b.add', 'exports.twice', 'a.twice(2)']) {
      expect(where(after, mapAfter, token), token).toEqual(where(before, mapBefore, token));
      expect(where(after, mapAfter, token)[0], token).toBeDefined();
    }
  });
});
