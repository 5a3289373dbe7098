// Part of the build (.ci/bundle.js): edits of a file of dist/ after esbuild wrote it, made with its
// source map moved along, so a stack trace read against the map (src/stackTrace.ts) still names
// the right line and column of the sources.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

/**
 * Applies `edits` to the file at `path` (each replaces `text` from `at` to `end`, offsets in the
 * file as it is; only an edit at 0 may hold line breaks) and moves `path`.map's generated
 * columns past each edit on its line, and its lines down by the lines put above the first.
 */
export function editKeepingMap(path, edits) {
  if (edits.length === 0) return;
  const text = readFileSync(path, 'utf8');
  const sorted = [...edits].sort((a, b) => a.at - b.at);
  for (const e of sorted) if (e.text.includes('\n') && e.at !== 0) throw new Error(`${path}: only an edit at 0 may put lines in`);
  let out = '';
  let from = 0;
  for (const e of sorted) {
    if (e.at < from) throw new Error(`${path}: edits overlap`);
    out += text.slice(from, e.at) + e.text;
    from = e.end;
  }
  writeFileSync(path, out + text.slice(from));
  const mapPath = `${path}.map`;
  if (!existsSync(mapPath)) return;
  const lineStarts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lineStarts.push(i + 1);
  const lineOf = (offset) => {
    let line = lineStarts.length - 1;
    while (lineStarts[line] > offset) line--;
    return line;
  };
  /** Per generated line of the file as it was: [column, end column, length of the new text on that line]. */
  const byLine = new Map();
  let above = 0;
  for (const e of sorted) {
    let inserted = e.text;
    if (e.at === 0 && e.text.includes('\n')) {
      above = e.text.split('\n').length - 1;
      inserted = e.text.slice(e.text.lastIndexOf('\n') + 1);
    }
    const line = lineOf(e.at);
    if (lineOf(e.end) !== line) throw new Error(`${path}: an edit may not span lines`);
    if (!byLine.has(line)) byLine.set(line, []);
    byLine.get(line).push([e.at - lineStarts[line], e.end - lineStarts[line], inserted.length]);
  }
  const map = JSON.parse(readFileSync(mapPath, 'utf8'));
  const lines = map.mappings.split(';').map((segments, line) => {
    const moves = byLine.get(line);
    if (!moves || segments === '') return segments;
    let column = 0;
    let previous = 0;
    return segments
      .split(',')
      .map((segment) => {
        const values = decode(segment);
        column += values[0];
        // Past an edit: moved by what it added; inside one: at its start.
        let moved = column;
        for (const [at, end, length] of moves) {
          if (column >= end) moved += length - (end - at);
          else if (column >= at) moved -= column - at;
        }
        values[0] = moved - previous;
        previous = moved;
        return encode(values);
      })
      .join(',');
  });
  map.mappings = ';'.repeat(above) + lines.join(';');
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
