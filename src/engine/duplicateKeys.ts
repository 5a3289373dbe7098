// A key twice in one object of a saved plan (README, "Review, then apply"): JSON.parse keeps the
// last value and says nothing, so the plan applied would not be the file a reviewer read, where
// the first value is as visible as the last. The text is scanned once, after JSON.parse accepted
// it, for the first object that names a key twice, at any depth.

/** Where a key is named a second time in one object. */
export interface DuplicateKey {
  /** The key, decoded (`"\u0061"` and `"a"` are one key). */
  key: string;
  /** The object's path from the top (`body.plan`, `body.teams[2]`); `` for the top object. */
  path: string;
  /** The line (from 1) of the second one. */
  line: number;
}

/** One open object or list: the keys an object has named, or the index a list is at. */
interface Open {
  keys: Set<string> | undefined;
  /** The object's last key, or the list's index: how the path names what is inside. */
  at: string | number;
}

// Strings (escapes included) and the six characters that shape JSON; numbers and the words true,
// false and null are skipped, as they never hold a key.
const tokens = /"(?:[^"\\]|\\.)*"|[{}[\],:]/g;

const pathOf = (open: readonly Open[]): string =>
  open
    .slice(0, -1)
    .map((o, i) => (typeof o.at === 'number' ? `[${o.at}]` : i === 0 ? o.at : `.${o.at}`))
    .join('');

/** The first key named twice in one object of `text` (JSON that JSON.parse accepted), or undefined. */
export function duplicateKey(text: string): DuplicateKey | undefined {
  const open: Open[] = [];
  let previous: { text: string; index: number } | undefined;
  for (const match of text.matchAll(tokens)) {
    const token = match[0];
    const top = open[open.length - 1];
    if (token === ':' && previous !== undefined && top?.keys !== undefined) {
      const key = JSON.parse(previous.text) as string;
      if (top.keys.has(key)) return { key, path: pathOf(open), line: lineAt(text, previous.index) };
      top.keys.add(key);
      top.at = key;
    } else if (token === '{') open.push({ keys: new Set(), at: '' });
    else if (token === '[') open.push({ keys: undefined, at: 0 });
    else if (token === '}' || token === ']') open.pop();
    else if (token === ',' && top !== undefined && typeof top.at === 'number') top.at++;
    previous = token.startsWith('"') ? { text: token, index: match.index } : undefined;
  }
  return undefined;
}

function lineAt(text: string, index: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < index; i = text.indexOf('\n', i + 1)) line++;
  return line;
}
