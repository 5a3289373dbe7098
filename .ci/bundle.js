#!/usr/bin/env node
// Part of `npm run build` (after tsc's type-check): dist/, the bundle that bin/teamctl.js runs
// (README, "Install"). esbuild bundles teamctl with its dependencies into ES modules, split where
// the sources load a module with `import()`: each command module, each command's code, each
// heavy reader (.xlsx, TBX, jq) is a chunk of its own, loaded only when a command line needs it;
// what every command line loads, and what every API command loads, are one file each (the
// layers, below). Every file sits directly in dist/, one folder below the package's root
// (src/package.ts). Also written: source maps (`.js.map`, which a stack trace is read against:
// src/stackTrace.ts), jq's WebAssembly (dist/jq.wasm) and esbuild's metafile, outside dist/
// (node_modules/.cache/teamctl/meta.json: which sources and packages each chunk holds, for
// test/program.test.ts, test/install.test.ts and .ci/notices.js).
import { build } from 'esbuild';
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileEagerly, compileFunctionsEagerly, inImportCircles } from './eager.js';
import { lazyChildProcess, lazyUndiciBuiltins } from './lazy-builtins.js';
import { editKeepingMap } from './sourcemap.js';
import { requireChunks } from './required.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = join(root, 'dist');
const metafilePath = join(root, 'node_modules/.cache/teamctl/meta.json');
const require = createRequire(import.meta.url);

const options = {
  absWorkingDir: root,
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  // The version, written in: a command line reads no file for it (src/version.ts).
  define: { __teamctlBundle: 'true', __teamctlVersion: JSON.stringify(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version) },
  logLevel: 'warning',
};

// Layers: files that each hold the static graph of some modules, loaded whole. esbuild alone would
// cut them into a chunk per module or two, as each module is shared by a different set of the
// lazily loaded chunks, and a command line would load dozens of small files.
// - cli: what every command line loads before it knows its command (src/cli.ts's static graph,
//   commander among it);
// - service: what every command that talks to the service loads (settings, context, client).
const layers = [
  { name: 'cli', roots: ['src/cli.ts'] },
  { name: 'service', roots: ['src/settings.ts', 'src/context.ts', 'src/api/client.ts', 'src/api/url.ts'] },
];
/** The layer of each module that is in one, by its absolute path. */
const layerOf = new Map();
for (const layer of layers) {
  const graph = await build({
    ...options,
    entryPoints: layer.roots,
    write: false,
    outdir: dist,
    metafile: true,
    plugins: [{ name: 'static-only', setup: (b) => b.onResolve({ filter: /.*/ }, (a) => (a.kind === 'dynamic-import' ? { path: a.path, external: true } : undefined)) }],
  });
  layer.members = Object.keys(graph.metafile.inputs).map((i) => join(root, i)).filter((f) => !layerOf.has(f));
  for (const f of layer.members) layerOf.set(f, layer.name);
}

// A layer's file exports what each of its modules exports. Every other chunk's imports of one of
// its modules (and the layer's own `import()` of one) point to that file.
const oneFilePerLayer = {
  name: 'one-file-per-layer',
  setup(b) {
    b.onResolve({ filter: /^teamctl:/ }, (a) => ({ path: a.path.slice('teamctl:'.length), namespace: 'teamctl' }));
    b.onLoad({ filter: /.*/, namespace: 'teamctl' }, (a) => ({
      contents: layers
        .find((l) => l.name === a.path)
        .members.filter((f) => f.startsWith(join(root, 'src')) || f.endsWith('.mjs'))
        .map((f) => `export * from ${JSON.stringify(f)};`)
        .join('\n'),
      resolveDir: root,
      loader: 'js',
    }));
    b.onResolve({ filter: /.*/ }, async (a) => {
      if (a.pluginData?.oneFilePerLayer || a.namespace === 'teamctl' || (a.kind !== 'import-statement' && a.kind !== 'dynamic-import')) return undefined;
      const resolved = await b.resolve(a.path, { kind: a.kind, importer: a.importer, resolveDir: a.resolveDir, pluginData: { ...a.pluginData, oneFilePerLayer: true } });
      const layer = layerOf.get(resolved.path);
      // Only teamctl's own modules are pointed to a layer's file: a package imported by another
      // package (env-paths by conf) stays that package's default export, in a chunk they share.
      if (layer === undefined || !a.importer.startsWith(join(root, 'src'))) return undefined;
      if (layerOf.get(a.importer) === layer && a.kind === 'import-statement') return undefined;
      return { path: `./${layer}.js`, external: true };
    });
  },
};

// A CommonJS package loaded with `import()` (saxes, undici's files, cli-table3 …) is a chunk of its
// own, which esbuild gives a default export only: loaded through this wrapper, its chunk also has
// the named exports that Node gives such a package (`const { SaxesParser } = await import('saxes')`).
const commonJs = (file) => file.endsWith('.cjs') || (file.endsWith('.js') && packageType(file) !== 'module');
function packageType(file) {
  for (let dir = dirname(file); dir !== dirname(dir); dir = dirname(dir)) {
    try {
      return JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).type ?? 'commonjs';
    } catch {
      // no package.json here: look further up
    }
  }
  return 'commonjs';
}
const namedExports = {
  name: 'named-exports',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, async (a) => {
      if (a.kind !== 'dynamic-import' || a.pluginData?.namedExports) return undefined;
      const resolved = await b.resolve(a.path, { kind: a.kind, importer: a.importer, resolveDir: a.resolveDir, pluginData: { ...a.pluginData, namedExports: true } });
      if (resolved.external || !commonJs(resolved.path) || layerOf.has(resolved.path)) return undefined;
      return { path: resolved.path, namespace: 'named-exports' };
    });
    // A chunk's exports are static: the names are read from the package, loaded here once.
    b.onLoad({ filter: /.*/, namespace: 'named-exports' }, (a) => {
      const names = Object.keys(require(a.path)).filter((n) => n !== 'default' && /^[A-Za-z_$][\w$]*$/.test(n));
      return {
        contents: `const m = require(${JSON.stringify(a.path)}); export default m; export const { ${names.join(', ')} } = m;`,
        resolveDir: root,
        loader: 'js',
      };
    });
  },
};

// undici's Client loads its HTTP/2 client on every run; teamctl never negotiates HTTP/2
// (src/api/transport.ts): the bundle holds a stand-in that fails loudly if ever called.
const noHttp2 = {
  name: 'no-http2',
  setup(b) {
    b.onLoad({ filter: /[\\/]undici[\\/]lib[\\/]dispatcher[\\/]client-h2\.js$/ }, () => ({
      contents: "module.exports = function connectH2() { throw new Error('teamctl does not use HTTP/2, yet the service negotiated it'); };",
      loader: 'js',
    }));
  },
};

// undici's HTTP/1 client requires two large modules only on paths a run seldom or never takes, and
// bundled into its chunk they would be read and parsed by every run that makes a request:
// - the parser's WebAssembly without SIMD, a fallback (UNDICI_NO_WASM_SIMD=1, or a CPU without
//   SIMD): a CommonJS file of its own in dist/, required from there when needed;
// - fetch's body encoder, for a FormData body, which teamctl never sends: a stand-in that fails
//   loudly if ever called, as for HTTP/2.
const llhttpFallback = 'undici-llhttp-wasm';
const seldomApart = {
  name: 'seldom-apart',
  setup(b) {
    const fromClientH1 = (a) => a.kind === 'require-call' && /[\\/]undici[\\/]lib[\\/]dispatcher[\\/]client-h1\.js$/.test(a.importer);
    b.onResolve({ filter: /^\.\.\/llhttp\/llhttp-wasm\.js$/ }, (a) => (fromClientH1(a) ? { path: `./${llhttpFallback}.cjs`, external: true } : undefined));
    b.onResolve({ filter: /^\.\.\/web\/fetch\/body\.js$/ }, (a) => (fromClientH1(a) ? { path: 'fetch-body', namespace: 'stand-in' } : undefined));
    b.onLoad({ filter: /^fetch-body$/, namespace: 'stand-in' }, () => ({
      contents: "exports.extractBody = function extractBody() { throw new Error('teamctl does not send FormData bodies, yet one was sent'); };",
      loader: 'js',
    }));
  },
};

// conf (loaded by a command that writes settings) imports env-paths, which the service layer holds:
// shared, esbuild would cut env-paths into a chunk of its own that every API command loads. conf
// gets a copy of its own (it keeps no state).
const envPathsForConf = {
  name: 'env-paths-for-conf',
  setup(b) {
    b.onResolve({ filter: /^env-paths$/ }, async (a) => {
      if (a.pluginData?.envPathsForConf || !/[\\/]node_modules[\\/]conf[\\/]/.test(a.importer)) return undefined;
      const resolved = await b.resolve(a.path, { kind: a.kind, importer: a.importer, resolveDir: a.resolveDir, pluginData: { envPathsForConf: true } });
      return { path: resolved.path, suffix: '?conf' };
    });
  },
};

rmSync(dist, { recursive: true, force: true });
const result = await build({
  ...options,
  // The CLI (its core), and what tests and benches load by name: the sandbox (the transport is
  // service.js's: an entry of its own would cut it out of that file into a chunk of its own).
  entryPoints: { cli: 'teamctl:cli', service: 'teamctl:service', 'sandbox-server': 'src/sandbox/server.ts' },
  outdir: dist,
  entryNames: '[name]',
  chunkNames: '[name]-[hash]',
  splitting: true,
  sourcemap: 'linked',
  sourcesContent: false,
  minifyWhitespace: true,
  minifySyntax: true,
  legalComments: 'none',
  plugins: [envPathsForConf, oneFilePerLayer, namedExports, noHttp2, lazyChildProcess, seldomApart, lazyUndiciBuiltins],
  metafile: true,
});
// What the launcher (bin/teamctl.js) requires before the CLI on Node ≥ 22.1, a CommonJS file of its
// own: the compile cache (with env-paths), which must be on before the CLI's chunks load.
for (const [name, file] of [['compile-cache', 'src/compileCache.ts']]) {
  const launcher = await build({ ...options, format: 'cjs', entryPoints: { [name]: file }, outdir: dist, outExtension: { '.js': '.cjs' }, minifyWhitespace: true, minifySyntax: true, metafile: true });
  Object.assign(result.metafile.inputs, launcher.metafile.inputs);
  Object.assign(result.metafile.outputs, launcher.metafile.outputs);
}

{
  const apart = await build({
    ...options,
    format: 'cjs',
    entryPoints: { [llhttpFallback]: join(root, 'node_modules/undici/lib/llhttp/llhttp-wasm.js') },
    outdir: dist,
    outExtension: { '.js': '.cjs' },
    minifyWhitespace: true,
    minifySyntax: true,
    legalComments: 'none',
    metafile: true,
  });
  Object.assign(result.metafile.inputs, apart.metafile.inputs);
  Object.assign(result.metafile.outputs, apart.metafile.outputs);
}

// Every text edit below is made with the file's source map moved along (.ci/sourcemap.js).
const jsFiles = () => Object.keys(result.metafile.outputs).filter((file) => file.endsWith('.js'));

// The CommonJS dependencies (undici, cli-table3, …) require Node's built-in modules: the chunk
// that holds esbuild's `__require` gets a `require` of its own, on a line above its first.
for (const file of jsFiles()) {
  const path = join(root, file);
  if (!/typeof require<"u"\?require:|typeof require !== "undefined" \? require :/.test(readFileSync(path, 'utf8'))) continue;
  editKeepingMap(path, [{ at: 0, end: 0, text: 'import{createRequire as __teamctlRequire}from"node:module";const require=__teamctlRequire(import.meta.url);\n' }]);
}

// An ES module's `import … from 'node:fs'` goes through Node's ES-module facade of the built-in,
// which reads every export on load, the lazy ones too: node:fs's `promises` loads fs/promises and
// its streams, node:crypto's `webcrypto` most of crypto. Each such import in dist/ becomes a read
// of the names it imports from the built-in itself (process.getBuiltinModule, Node ≥ 20.16).
// Built-ins a one-page `members list` never calls, which take longer to load than much of the rest
// of it, are loaded when one of their functions is first called: node:crypto (the random names of
// files teamctl writes), node:fs/promises (on Node 22 and newer, it loads readline's and the REPL's
// internals; on Node 20 the ES-module loader has loaded it already) and node:v8 (a flag set on
// Node 20 only).
const lazyBuiltins = new Set(['node:crypto', 'node:fs/promises', 'node:v8']);
/** The edits that read each of `text`'s imports of a built-in from the built-in itself. */
function withoutFacades(text) {
  return [...text.matchAll(/import\s*([\w$]+)?\s*,?\s*(?:\{([^}]*)\}|\*\s*as\s+([\w$]+))?\s*from\s*"(node:[\w/]+)";?/g)].map((m) => ({ at: m.index, end: m.index + m[0].length, text: builtinRead(...m) }));
}

/** The statement that reads what an import of a built-in names (`whole`, its parts) from the built-in. */
function builtinRead(whole, byDefault, named, star, builtin) {
  const get = `globalThis.process.getBuiltinModule(${JSON.stringify(builtin)})`;
  const bindings = (named ?? '').split(',').map((n) => n.trim()).filter((n) => n !== '').map((n) => {
    const [name, local = name] = n.split(/\s+as\s+/);
    return { name, local };
  });
  if (bindings.some((b) => !/^[\w$]+$/.test(b.name) || !/^[\w$]+$/.test(b.local))) throw new Error(`cannot read this import: ${whole}`);
  const locals = [byDefault, star].filter(Boolean);
  if (!lazyBuiltins.has(builtin)) {
    const names = bindings.length > 0 ? [`{${bindings.map((b) => (b.name === b.local ? b.name : `${b.name}:${b.local}`)).join(',')}}=${get}`] : [];
    return `const ${[...locals.map((local) => `${local}=${get}`), ...names].join(',')};`;
  }
  const builtinModule = require(builtin);
  for (const b of bindings) if (typeof builtinModule[b.name] !== 'function') throw new Error(`${builtin}'s ${b.name} is not a function, to be loaded when called`);
  const names = bindings.map((b) => `${b.local}=(...args)=>${get}.${b.name}(...args)`);
  return `const ${[...locals.map((local) => `${local}=new Proxy({},{get:(_,name)=>${get}[name]})`), ...names].join(',')};`;
}
for (const file of jsFiles()) editKeepingMap(join(root, file), withoutFacades(readFileSync(join(root, file), 'utf8')));

// An `export *` drops a name two modules of a layer both export: no chunk may import such a name.
for (const file of Object.keys(result.metafile.outputs)) {
  if (!file.endsWith('.js')) continue;
  for (const [, clause, layer] of readFileSync(join(root, file), 'utf8').matchAll(/import\s*([\w$]*\s*,?\s*(?:\{[^}]*\})?)\s*from\s*"\.\/([\w-]+)\.js"/g)) {
    const exported = result.metafile.outputs[`dist/${layer}.js`]?.exports ?? [];
    const [, byDefault, named = ''] = /^([\w$]*)\s*,?\s*(?:\{([^}]*)\})?$/.exec(clause.trim()) ?? [];
    const names = [...(byDefault ? ['default'] : []), ...named.split(',').map((n) => n.split(' as ')[0].trim()).filter((n) => n !== '')];
    const missing = names.filter((n) => !exported.includes(n));
    if (missing.length > 0) throw new Error(`${file} imports ${missing.join(', ')} from dist/${layer}.js, which does not export it`);
  }
}

// A module loaded with `import()` that sits in a chunk shared with other importers gets an entry
// of its own from esbuild that only re-exports that chunk's names: a file more to read on every
// such load. Each `import()` of such an entry loads the chunk it re-exports instead, when that
// chunk itself imports every other chunk the entry would have loaded first (but esbuild's helpers).
const facadeOf = new Map();
for (const [file, output] of Object.entries(result.metafile.outputs)) {
  if (!file.endsWith('.js')) continue;
  const text = readFileSync(join(root, file), 'utf8').replace(/\n\/\/# sourceMappingURL=\S*\n?$/, '');
  const m = /^import\{([^}]*)\}from"\.\/([\w-]+\.js)";((?:import"\.\/[\w-]+\.js";)*)export\{([^}]*)\};$/.exec(text);
  if (!m) continue;
  const [, imported, target, first, exported] = m;
  const names = (list) => list.split(',').sort().join(',');
  if (/\sas\s/.test(imported + exported) || names(imported) !== names(exported)) continue;
  const importedByTarget = new Set(result.metafile.outputs[`dist/${target}`].imports.map((i) => i.path));
  // esbuild's helpers (a chunk of no module) need no loading before they are used.
  const loadedFirst = (chunk) => importedByTarget.has(`dist/${chunk}`) || Object.keys(result.metafile.outputs[`dist/${chunk}`].inputs).length === 0;
  if ([...first.matchAll(/import"\.\/([\w-]+\.js)";/g)].every(([, chunk]) => loadedFirst(chunk))) facadeOf.set(file.slice('dist/'.length), target);
}
for (const file of jsFiles()) {
  const imports = readFileSync(join(root, file), 'utf8').matchAll(/import\("\.\/([\w-]+\.js)"\)/g);
  editKeepingMap(join(root, file), [...imports].filter((m) => facadeOf.has(m[1])).map((m) => ({ at: m.index, end: m.index + m[0].length, text: `import("./${facadeOf.get(m[1])}")` })));
}

// esbuild's helpers (`__commonJS`, `__require`, `__toESM`) are a chunk of their own, which nearly
// every command line would load as one file more: they are put at the top of cli.js, which every
// command line loads first, on lines above its first, and imported from there.
const helpers = Object.entries(result.metafile.outputs).find(([file, o]) => file.endsWith('.js') && Object.keys(o.inputs).length === 0 && /\bvar __commonJS=/.test(readFileSync(join(root, file), 'utf8')));
if (helpers) {
  const [helpersFile] = helpers;
  const name = helpersFile.slice('dist/'.length);
  const text = readFileSync(join(root, helpersFile), 'utf8').replace(/\n\/\/# sourceMappingURL=\S*\n?$/, '');
  const exported = /export\{([^}]*)\};?$/.exec(text);
  if (!exported || exported[1].includes(' as ')) throw new Error(`${helpersFile}: esbuild's helpers no longer end as .ci/bundle.js expects`);
  const code = text.slice(0, exported.index).trim();
  const cliPath = join(root, 'dist/cli.js');
  const cli = readFileSync(cliPath, 'utf8');
  const cliImport = new RegExp(`import\\{[^}]*\\}from"\\./${name.replace('.', '\\.')}";`).exec(cli);
  const ending = /export\{([^}]*)\};\n\/\/# sourceMappingURL=\S*\n?$/.exec(cli);
  if (!cliImport || !ending) throw new Error(`dist/cli.js does not import esbuild's helpers as .ci/bundle.js expects`);
  editKeepingMap(cliPath, [
    { at: 0, end: 0, text: `${code}\n` },
    { at: cliImport.index, end: cliImport.index + cliImport[0].length, text: '' },
    { at: ending.index, end: ending.index + 'export{'.length + ending[1].length + '};'.length, text: `export{${ending[1]},${exported[1]}};` },
  ]);
  for (const file of jsFiles()) {
    if (file === helpersFile || file === 'dist/cli.js') continue;
    const imports = readFileSync(join(root, file), 'utf8').matchAll(new RegExp(`"\\./${name.replace('.', '\\.')}"`, 'g'));
    editKeepingMap(join(root, file), [...imports].map((m) => ({ at: m.index, end: m.index + m[0].length, text: '"./cli.js"' })));
  }
  rmSync(join(root, helpersFile));
  rmSync(join(root, `${helpersFile}.map`), { force: true });
  delete result.metafile.outputs[helpersFile];
  for (const [file, output] of Object.entries(result.metafile.outputs)) {
    output.imports = output.imports.flatMap((i) => (i.path !== helpersFile ? [i] : file === 'dist/cli.js' ? [] : [{ ...i, path: 'dist/cli.js' }]));
  }
  result.metafile.outputs['dist/cli.js'].exports.push(...exported[1].split(','));
}

// Chunks load each other without Node's asynchronous ES-module loader, where they can.
requireChunks(root, result.metafile.outputs);

// The CommonJS packages' modules compile with their chunk, and so are kept by the compile cache.
for (const file of Object.keys(result.metafile.outputs)) if (/\.c?js$/.test(file)) compileEagerly(join(root, file));
// So do the ES modules' top-level functions, where no code run before their line can reach them.
const circled = inImportCircles(result.metafile.outputs);
for (const file of Object.keys(result.metafile.outputs)) if (file.endsWith('.js')) compileFunctionsEagerly(join(root, file), { keepExported: circled.has(file) });

copyFileSync(require.resolve('jq-wasm/jq.wasm'), join(dist, 'jq.wasm'));
mkdirSync(dirname(metafilePath), { recursive: true });
writeFileSync(metafilePath, JSON.stringify(result.metafile));
