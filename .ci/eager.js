// Part of the build (.ci/bundle.js): a CommonJS package in the bundle (undici, commander) is one
// function per module, `__commonJS({"path"(exports, module) {…}})`, which V8 compiles only when
// the module is first required: on every run, even with Node's compile cache, which keeps what
// was compiled with the file and nothing compiled later. Written as a parenthesised function
// instead (`"path":(function(exports, module) {…})`), V8 compiles it with the file, and the
// compile cache keeps it (test/bench/README.md has the figures). The file's source map is moved
// along with what it maps (.ci/sourcemap.js).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { editKeepingMap } from './sourcemap.js';

const require = createRequire(import.meta.url);

/** Rewrites the file at `path` (and `path`.map) so its CommonJS modules compile with it; returns how many. */
export function compileEagerly(path) {
  const ts = require('typescript');
  const text = readFileSync(path, 'utf8');
  if (!text.includes('__commonJS(')) return 0;
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.JS);
  /** Text to insert, by offset in `text`. */
  const inserts = [];
  const visit = (node) => {
    const [arg] = ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === '__commonJS' ? node.arguments : [];
    if (arg && ts.isObjectLiteralExpression(arg) && arg.properties.length === 1 && ts.isMethodDeclaration(arg.properties[0])) {
      const method = arg.properties[0];
      inserts.push({ at: method.name.end, text: ':(function' }, { at: method.end, text: ')' });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  editKeepingMap(path, inserts.map((i) => ({ at: i.at, end: i.at, text: i.text })));
  return inserts.length / 2;
}
