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

/**
 * Rewrites the ES module at `path` (and `path`.map) so its top-level functions compile with it:
 * each `function f(…) {…}` becomes `var f = (function f(…) {…});`, which V8 compiles with the
 * file, as it does any parenthesised function, and so the compile cache keeps it. Declarations are
 * hoisted and the `var`s are not, so a function stays a declaration when code that runs before its
 * line could reach it (`reachedEarly`), or when `keepExported` and it is exported (a chunk whose
 * static imports make a circle can be run by another before it is). Returns how many are rewritten.
 */
export function compileFunctionsEagerly(path, { keepExported = false } = {}) {
  const ts = require('typescript');
  const text = readFileSync(path, 'utf8');
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.JS);
  const exported = new Set();
  if (keepExported) for (const st of file.statements) if (ts.isExportDeclaration(st) && st.exportClause && ts.isNamedExports(st.exportClause)) for (const e of st.exportClause.elements) exported.add((e.propertyName ?? e.name).text);
  const early = reachedEarly(ts, file);
  const edits = [];
  for (const st of file.statements) {
    if (!ts.isFunctionDeclaration(st) || !st.name || !st.body || st.asteriskToken) continue;
    if (st.modifiers?.some((m) => m.kind !== ts.SyntaxKind.AsyncKeyword)) continue;
    const name = st.name.text;
    if (early.has(name) || exported.has(name)) continue;
    edits.push({ at: st.getStart(file), end: st.getStart(file), text: `var ${name}=(` }, { at: st.end, end: st.end, text: ');' });
  }
  editKeepingMap(path, edits);
  return edits.length / 2;
}

/**
 * The names of `file`'s top-level functions that code running at the file's evaluation could
 * reach before their own line: every name that a statement's code run at once (outside function
 * bodies) refers to, and through each top-level binding so named, every name its whole
 * declaration refers to, before the function's declaration. An over-estimate: what it names stays
 * a declaration.
 */
export function reachedEarly(ts, file) {
  const declaredBy = new Map();
  file.statements.forEach((st, i) => {
    for (const name of declaredNames(ts, st)) declaredBy.set(name, i);
  });
  const reached = new Set();
  const expanded = new Set();
  const reach = (names) => {
    const work = [...names];
    while (work.length > 0) {
      const name = work.pop();
      if (reached.has(name)) continue;
      reached.add(name);
      const i = declaredBy.get(name);
      if (i === undefined || expanded.has(i)) continue;
      expanded.add(i);
      work.push(...namesIn(ts, file.statements[i], false));
    }
  };
  const early = new Set();
  for (const st of file.statements) {
    if (ts.isFunctionDeclaration(st)) {
      if (st.name && reached.has(st.name.text)) early.add(st.name.text);
    } else if (!ts.isImportDeclaration(st) && !ts.isExportDeclaration(st)) reach(namesIn(ts, st, true));
  }
  return early;
}

/** The top-level names `st` declares. */
function declaredNames(ts, st) {
  if ((ts.isFunctionDeclaration(st) || ts.isClassDeclaration(st)) && st.name) return [st.name.text];
  if (!ts.isVariableStatement(st)) return [];
  const names = [];
  const bind = (n) => (ts.isIdentifier(n) ? names.push(n.text) : n.elements?.forEach((e) => !ts.isOmittedExpression(e) && bind(e.name)));
  for (const d of st.declarationList.declarations) bind(d.name);
  return names;
}

/** The identifiers `node` refers to (a name being declared, or a property's, is not one); with `atOnce`, none inside a function's parameters or body. */
function namesIn(ts, node, atOnce) {
  const names = [];
  const visit = (n) => {
    if (atOnce && ts.isFunctionLike(n)) {
      if (n.name && ts.isComputedPropertyName(n.name)) visit(n.name);
      return;
    }
    if (ts.isIdentifier(n)) names.push(n.text);
    else if (ts.isPropertyAccessExpression(n)) visit(n.expression);
    else if (n.name && (ts.isIdentifier(n.name) || ts.isPrivateIdentifier(n.name) || ts.isStringLiteral(n.name) || ts.isNumericLiteral(n.name)) && !ts.isShorthandPropertyAssignment(n) && !ts.isExportSpecifier(n)) {
      // A name being declared (a variable, parameter, class, member or property) refers to nothing.
      ts.forEachChild(n, (c) => c !== n.name && visit(c));
    } else ts.forEachChild(n, visit);
  };
  visit(node);
  return names;
}

/** The files of `outputs` (esbuild's metafile outputs) whose static imports lead back to them. */
export function inImportCircles(outputs) {
  const next = (file) => (outputs[file]?.imports ?? []).filter((i) => i.kind === 'import-statement' && !i.external).map((i) => i.path);
  const circled = new Set();
  for (const file of Object.keys(outputs)) {
    const seen = new Set();
    const work = next(file);
    while (work.length > 0) {
      const f = work.pop();
      if (f === file) circled.add(file);
      if (seen.has(f)) continue;
      seen.add(f);
      work.push(...next(f));
    }
  }
  return circled;
}
