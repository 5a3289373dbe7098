// The build writes each CommonJS module of the bundle, and each top-level function of its ES
// modules that no code run before its line can reach, as a parenthesised function, compiled with
// its file (.ci/eager.js): the code runs the same, and the source map still names every token's
// place in the sources.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a build script, in JavaScript
import { compileEagerly, compileFunctionsEagerly, inImportCircles, reachedEarly } from '../.ci/eager.js';
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

describe('top-level functions compiled with their file', () => {
  const early = (source: string): string[] => [...(reachedEarly(ts, ts.createSourceFile('a.js', source, ts.ScriptTarget.Latest, false, ts.ScriptKind.JS)) as Set<string>)].sort();

  it('keeps as declarations the functions that code run before their line can reach, through other functions and bindings', () => {
    const source = [
      'addEscaper("TSV", tsvCell);',
      'function tsvCell(c) { return c; }',
      'const a = first();',
      'function first() { return second(); }',
      'function second() { return 1; }',
      'function later() { return 2; }',
      'export const b = later();',
      'const lazy = () => neverAtOnce();',
      'function neverAtOnce() {}',
      'const run = () => viaBinding();',
      'run();',
      'function viaBinding() {}',
      'class K { static s = viaStatic(); m() { return inMethod(); } }',
      'function viaStatic() {}',
      'function inMethod() {}',
      'const o = { named: 1 }; o.named2 = 2;',
      'function named() {}',
      'function named2() {}',
    ].join('\n');
    expect(early(source)).toEqual(['first', 'second', 'tsvCell', 'viaBinding', 'viaStatic']);
  });

  it('a name being declared, a member\'s or a property\'s, reaches nothing', () => {
    expect(early('var x = { f: 1, [g()]: 2 }; class C { f = 1; h() {} }\nfunction f() {}\nfunction g() {}\nfunction h() {}')).toEqual(['g']);
  });

  it('parenthesises the functions no earlier code reaches; the output runs the same and maps each token where it did', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'teamctl-eager-'));
    writeFileSync(join(dir, 'a.mjs'), 'const registered = [];\nregister(early);\nexport function register(f) {\n  registered.push(f);\n}\nfunction early() {\n  return 1;\n}\nexport async function twice(x) {\n  return double(x);\n}\nfunction double(x) {\n  return x * 2 + registered.length;\n}\n');
    const out = join(dir, 'out.js');
    await build({ entryPoints: [join(dir, 'a.mjs')], bundle: true, format: 'esm', platform: 'node', outfile: out, sourcemap: 'linked', minifyWhitespace: true });
    const before = readFileSync(out, 'utf8');
    const mapBefore = new SourceMap(JSON.parse(readFileSync(`${out}.map`, 'utf8')));
    expect(compileFunctionsEagerly(out)).toBe(2);
    const after = readFileSync(out, 'utf8');
    expect(after).toContain('var twice=(async function twice(x){');
    expect(after).toContain('var double=(function double(x){');
    expect(after).toMatch(/[;}]function register\(f\)\{/);
    expect(after).toMatch(/[;}]function early\(\)\{/);
    expect(await ((await import(pathToFileURL(out).href)) as { twice: (x: number) => Promise<number> }).twice(2)).toBe(5);
    const mapAfter = new SourceMap(JSON.parse(readFileSync(`${out}.map`, 'utf8')));
    for (const token of ['return double', 'return x*2', 'registered.push', 'return 1']) {
      expect(where(after, mapAfter, token), token).toEqual(where(before, mapBefore, token));
      expect(where(after, mapAfter, token)[0], token).toBeDefined();
    }
  });

  it('keeps exported functions as declarations when asked: a chunk in a circle of imports can be run by another first', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'teamctl-eager-'));
    const out = join(dir, 'out.js');
    writeFileSync(out, 'function shared(){return 1}function own(){return shared()}export{shared,own as renamed};\n');
    expect(compileFunctionsEagerly(out, { keepExported: true })).toBe(0);
    expect(readFileSync(out, 'utf8')).toBe('function shared(){return 1}function own(){return shared()}export{shared,own as renamed};\n');
  });

  it('finds the chunks whose static imports lead back to them', () => {
    const imports = (...paths: string[]) => ({ imports: paths.map((path) => ({ path, kind: 'import-statement' })) });
    const outputs = { 'a.js': imports('b.js'), 'b.js': imports('c.js'), 'c.js': imports('a.js'), 'd.js': imports('a.js'), 'e.js': { imports: [{ path: 'd.js', kind: 'dynamic-import' }] } };
    expect([...(inImportCircles(outputs) as Set<string>)].sort()).toEqual(['a.js', 'b.js', 'c.js']);
  });

  it('in the build, every top-level function of the core that stays a declaration is one earlier code reaches', () => {
    for (const file of ['cli.js', 'service.js']) {
      const text = readFileSync(join(import.meta.dirname, '../dist', file), 'utf8');
      const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.JS);
      const declared = source.statements.flatMap((s) => (ts.isFunctionDeclaration(s) && !s.asteriskToken && s.name ? [s.name.text] : []));
      const reached = reachedEarly(ts, source) as Set<string>;
      expect(declared.filter((name) => !reached.has(name)), file).toEqual([]);
      expect(text.match(/var (\w+)=\((async )?function \1\(/g)?.length ?? 0, file).toBeGreaterThan(20);
    }
  });
});
