#!/usr/bin/env node
// Part of `npm run lint`: fails when the modules of src/ import each other in a circle (src/README.md).
// Every import counts — `import type`, `export … from` and `import()` included — since a circle of
// types still ties two modules' meanings together, and the layer rule's patterns cannot see one.
// Prints each circle as the path that closes it.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const root = resolve(process.argv[2] ?? 'src');

function files(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []));
}

// `from '…'` ends every static import and re-export; `import('…')` is a dynamic one. Comments go first.
const specifiers = /\bfrom\s*['"]([^'"]+)['"]|\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s*['"]([^'"]+)['"]/gm;
const stripComments = (text) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');

const graph = new Map();
for (const file of files(root)) {
  const edges = new Set();
  for (const m of stripComments(readFileSync(file, 'utf8')).matchAll(specifiers)) {
    const spec = m[1] ?? m[2] ?? m[3];
    if (!spec.startsWith('.')) continue;
    edges.add(resolve(dirname(file), spec.replace(/\.js$/, '.ts')));
  }
  graph.set(file, [...edges].filter((f) => f.startsWith(root)));
}

// Tarjan's strongly connected components: any component of more than one module (or a module
// importing itself) is a circle.
let index = 0;
const stack = [];
const info = new Map();
const circles = [];
function connect(v) {
  info.set(v, { index, low: index, onStack: true });
  index++;
  stack.push(v);
  for (const w of graph.get(v) ?? []) {
    if (!graph.has(w)) continue;
    if (!info.has(w)) {
      connect(w);
      info.get(v).low = Math.min(info.get(v).low, info.get(w).low);
    } else if (info.get(w).onStack) info.get(v).low = Math.min(info.get(v).low, info.get(w).index);
  }
  if (info.get(v).low !== info.get(v).index) return;
  const component = [];
  let w;
  do {
    w = stack.pop();
    info.get(w).onStack = false;
    component.push(w);
  } while (w !== v);
  if (component.length > 1 || (graph.get(v) ?? []).includes(v)) circles.push(component);
}
for (const v of graph.keys()) if (!info.has(v)) connect(v);

/** One path around a component, from its first module back to it. */
function loop(component) {
  const inside = new Set(component);
  const start = component.sort()[0];
  const seen = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const v = queue.shift();
    for (const w of graph.get(v) ?? []) {
      if (w === start) {
        const path = [v];
        for (let p = seen.get(v); p !== null; p = seen.get(p)) path.unshift(p);
        return [...path, start];
      }
      if (inside.has(w) && !seen.has(w)) {
        seen.set(w, v);
        queue.push(w);
      }
    }
  }
  return component;
}

const name = (f) => relative(process.cwd(), f);
for (const component of circles) console.error(`import circle: ${loop(component).map(name).join(' → ')}`);
if (circles.length > 0) {
  console.error(`${circles.length} import circle${circles.length === 1 ? '' : 's'} in ${name(root)}: move what both sides need below them (src/README.md)`);
  process.exitCode = 1;
}
