// Part of the build (.ci/bundle.js): the chunks of dist/ load each other with `import()`, and the
// first `import()` of a run sets Node's asynchronous ES-module loader going, which costs a command
// line about a tenth of Node's own start (test/bench/README.md). Node ≥ 20.19 can `require()` an ES
// module whose graph has no top-level await, at once: each `import("./chunk.js")` of such a chunk
// becomes `_load_("./chunk.js")`, a function that requires it inside a promise, as `import()`
// would resolve it (the source maps moved along: .ci/sourcemap.js).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { editKeepingMap } from './sourcemap.js';

const require = createRequire(import.meta.url);
const loader = '_load_';

/** Rewrites the `import()`s of `outputs` (esbuild's metafile outputs, under `root`); returns how many. */
export function requireChunks(root, outputs) {
  const ts = require('typescript');
  const files = Object.keys(outputs).filter((f) => f.endsWith('.js'));
  const parsed = new Map(files.map((f) => [f, ts.createSourceFile(f, readFileSync(join(root, f), 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.JS)]));
  // A chunk can be required if neither it nor any chunk it imports has a top-level await.
  const awaits = new Set(files.filter((f) => topLevelAwait(ts, parsed.get(f))));
  const requirable = new Map();
  const canRequire = (file, seen = new Set()) => {
    if (requirable.has(file)) return requirable.get(file);
    if (!outputs[file]) return true; // esbuild's helpers, moved into cli.js
    if (seen.has(file)) return true;
    seen.add(file);
    const ok = !awaits.has(file) && outputs[file].imports.filter((i) => i.kind === 'import-statement' && !i.external).every((i) => canRequire(i.path, seen));
    requirable.set(file, ok);
    return ok;
  };
  let count = 0;
  for (const file of files) {
    const source = parsed.get(file);
    const text = source.text;
    /** Offsets of the `import` keywords to replace. */
    const at = [];
    const visit = (node) => {
      if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments.length === 1 && ts.isStringLiteral(node.arguments[0])) {
        const target = node.arguments[0].text;
        if (target.startsWith('./') && outputs[`dist/${target.slice(2)}`] && canRequire(`dist/${target.slice(2)}`)) at.push(node.expression.getStart(source));
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
    if (at.length === 0) continue;
    if (new RegExp(`\\b${loader}\\b`).test(text)) throw new Error(`${file} already uses the name ${loader}`);
    // Each `import` keyword replaced, and one line more at the top that defines the loader.
    const head = `const ${loader}=((r)=>(p)=>Promise.resolve().then(()=>r(p)))(globalThis.process.getBuiltinModule("node:module").createRequire(import.meta.url));\n`;
    editKeepingMap(join(root, file), [{ at: 0, end: 0, text: head }, ...at.map((offset) => ({ at: offset, end: offset + 'import'.length, text: loader }))]);
    count += at.length;
  }
  return count;
}

/** Whether `source` awaits outside any function (a top-level await or `for await`). */
function topLevelAwait(ts, source) {
  let found = false;
  const visit = (node) => {
    if (found || ts.isFunctionLike(node) || ts.isClassStaticBlockDeclaration(node)) return;
    if (ts.isAwaitExpression(node) || (ts.isForOfStatement(node) && node.awaitModifier)) {
      found = true;
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}
