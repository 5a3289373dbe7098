// Part of the build (.ci/bundle.js): a CommonJS package in the bundle (undici, commander) is one
// function per module, `__commonJS({"path"(exports, module) {…}})`, which V8 compiles only when
// the module is first required: on every run, even with Node's compile cache, which keeps what
// was compiled with the file and nothing compiled later. Written as a parenthesised function
// instead (`"path":(function(exports, module) {…})`), V8 compiles it with the file, and the
// compile cache keeps it (test/bench/README.md has the figures). The file's source map is moved
// along with what it maps.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

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
  if (inserts.length === 0) return 0;
  inserts.sort((a, b) => a.at - b.at);
  let out = '';
  let from = 0;
  for (const i of inserts) {
    out += text.slice(from, i.at) + i.text;
    from = i.at;
  }
  writeFileSync(path, out + text.slice(from));
  if (existsSync(`${path}.map`)) moveMap(`${path}.map`, text, inserts);
  return inserts.length / 2;
}

/** The source map of `text` with its generated columns moved past each insert on their line. */
function moveMap(mapPath, text, inserts) {
  const map = JSON.parse(readFileSync(mapPath, 'utf8'));
  const lineStarts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lineStarts.push(i + 1);
  /** Inserts by generated line: [column, length], in order. */
  const byLine = new Map();
  for (const { at, text: inserted } of inserts) {
    let line = lineStarts.length - 1;
    while (lineStarts[line] > at) line--;
    if (!byLine.has(line)) byLine.set(line, []);
    byLine.get(line).push([at - lineStarts[line], inserted.length]);
  }
  map.mappings = map.mappings
    .split(';')
    .map((segments, line) => {
      const moves = byLine.get(line);
      if (!moves || segments === '') return segments;
      let column = 0;
      let moved = 0;
      return segments
        .split(',')
        .map((segment) => {
          const values = decode(segment);
          column += values[0];
          const shift = moves.filter(([at]) => at <= column).reduce((sum, [, length]) => sum + length, 0);
          values[0] = column + shift - moved;
          moved = column + shift;
          return encode(values);
        })
        .join(',');
    })
    .join(';');
  writeFileSync(mapPath, JSON.stringify(map));
}

const digits = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** A segment's Base64 VLQ values. */
export function decode(segment) {
  const values = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = digits.indexOf(char);
    if (digit === -1) throw new Error(`not a source map segment: ${segment}`);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
      continue;
    }
    values.push(value & 1 ? -(value >>> 1) : value >>> 1);
    value = 0;
    shift = 0;
  }
  return values;
}

/** Values as a Base64 VLQ segment. */
export function encode(values) {
  let out = '';
  for (const v of values) {
    let vlq = v < 0 ? (-v << 1) | 1 : v << 1;
    do {
      let digit = vlq & 31;
      vlq >>>= 5;
      if (vlq > 0) digit |= 32;
      out += digits[digit];
    } while (vlq > 0);
  }
  return out;
}
