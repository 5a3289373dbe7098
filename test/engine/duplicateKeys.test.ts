// A key twice in one object of a plan file (README, "Review, then apply"): found at any depth,
// named with the object's path and its line; keys of other objects, and strings that only look
// like keys, are not duplicates.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { duplicateKey } from '../../src/engine/duplicateKeys.js';

describe('duplicateKey', () => {
  it('finds a key twice at the top, in a nested object, and in an object inside a list, with its line', () => {
    expect(duplicateKey('{"a":1,\n"a":2}')).toEqual({ key: 'a', path: '', line: 2 });
    expect(duplicateKey('{"body":{"plan":{"changes":[],\n\n"changes":[1]}}}')).toEqual({ key: 'changes', path: 'body.plan', line: 3 });
    expect(duplicateKey('{"body":{"teams":[{"team":"a"},{"team":"b",\n"team":"c"}]}}')).toEqual({ key: 'team', path: 'body.teams[1]', line: 2 });
    expect(duplicateKey('[[0],[1,{"x":[],"y":{},"x":2}]]')).toEqual({ key: 'x', path: '[1][1]', line: 1 });
  });

  it('reads a key as JSON does: an escaped spelling is the same key', () => {
    expect(duplicateKey('{"plan":1,"pl\\u0061n":2}')).toEqual({ key: 'plan', path: '', line: 1 });
  });

  it('the same key in two objects, a key in a string value, and escaped quotes are no duplicate', () => {
    for (const text of [
      '{"a":{"k":1},"b":{"k":1}}',
      '{"a":"\\"a\\":1","b":["a","a"]}',
      '{"a":[{"k":1},{"k":2}],"k":3}',
      '{"x\\\\":1,"x":2}',
      '[]',
      '"a"',
      '{}',
    ]) expect(duplicateKey(text), text).toBeUndefined();
  });

  it('agrees with a parse that keeps every key: any JSON, with or without a key twice', () => {
    // A JSON value written out by hand, so that a key can be written twice.
    const value: fc.Arbitrary<string> = fc.letrec<{ v: string }>((tie) => ({
      v: fc.oneof(
        { depthSize: 'small' },
        fc.constantFrom('1', '"s"', 'null', 'true', '"\\"k\\":"'),
        fc.array(tie('v'), { maxLength: 4 }).map((items) => `[${items.join(',')}]`),
        fc.array(fc.tuple(fc.constantFrom('a', 'b', 'c', 'a\\u0062'), tie('v')), { maxLength: 4 }).map((members) => `{${members.map(([k, v]) => `"${k}":${v}`).join(',\n')}}`),
      ),
    })).v;
    fc.assert(
      fc.property(value, (text) => {
        let n = 0;
        const unique = text.replace(/"((?:[^"\\]|\\.)*)":/g, (_m, k: string) => `"${k}\\u0000${++n}":`);
        expect(duplicateKey(text) !== undefined).toBe(hasDuplicate(JSON.parse(unique)));
      }),
      { numRuns: 500 },
    );
  });
});

/** Whether a value parsed with each key made unique (key, NUL, a count) had a key twice in one object. */
function hasDuplicate(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(hasDuplicate);
  if (value === null || typeof value !== 'object') return false;
  const keys = Object.keys(value).map((k) => JSON.parse(`"${k.slice(0, k.indexOf('\u0000'))}"`) as string);
  return new Set(keys).size !== keys.length || Object.values(value).some(hasDuplicate);
}
