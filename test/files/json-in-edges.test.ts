// teamctl's JSON and NDJSON read back (README, "The glossary"; `teamctl help rosters`, "The
// roster"), at its edges: the line each item and each problem is on whatever the blanks, strings
// and nesting around it, a key twice after nested values, byte order marks, the bound on the
// problems listed, and the rows a glossary export, a term map and a members listing become.
import { describe, expect, it } from 'vitest';
import { InputFileError } from '../../src/errors.js';
import { duplicateKeys, glossaryJsonRows, jsonItems, memberJsonRows, termMap, termMapRows } from '../../src/files/json-in.js';

function refusal(run: () => unknown): { lines: string[]; total: number } {
  try {
    run();
  } catch (err) {
    if (err instanceof InputFileError) return { lines: err.problems.map((p) => `${p.line}: ${p.message}`), total: err.total };
    throw err;
  }
  throw new Error('expected a refusal');
}
const lines = (text: string): number[] => jsonItems(text, 'f.json').map((i) => i.line);

describe('the line of each item', () => {
  it('blanks, tabs and CRLF line breaks before an element are not the element', () => {
    expect(lines('[ \n"a",\t\n"b",\r\n"c"]')).toEqual([2, 3, 4]);
    expect(lines('\n\n[\n1]')).toEqual([4]);
  });

  it('a string holding commas, brackets and escaped quotes is one element', () => {
    expect(lines('[\n"a,b",\n"[{",\n"\\"]}\\\\",\n"c"\n]')).toEqual([2, 3, 4, 5]);
    expect(jsonItems('[\n"a,b",\n"c"\n]', 'f.json').map((i) => i.value)).toEqual(['a,b', 'c']);
  });

  it('one object after blank lines is on its own line; NDJSON skips lines of blanks', () => {
    expect(jsonItems('\n\n{"a":\n1}', 'f.json')).toEqual([{ line: 3, value: { a: 1 } }]);
    expect(jsonItems('{"a":1}\n   \n\t\n{"a":2}', 'f.ndjson')).toEqual([
      { line: 1, value: { a: 1 } },
      { line: 4, value: { a: 2 } },
    ]);
  });

  it('a byte order mark opens the file; the same character inside a value is kept', () => {
    expect(jsonItems('\uFEFF[{"a":"x\uFEFFy"}]', 'f.json')).toEqual([{ line: 1, value: { a: 'x\uFEFFy' } }]);
    expect(jsonItems('\uFEFF{"a":"x\uFEFFy"}', 'f.json')).toEqual([{ line: 1, value: { a: 'x\uFEFFy' } }]);
    expect(jsonItems('[{"a":"x\uFEFFy"}]', 'f.json')).toEqual([{ line: 1, value: { a: 'x\uFEFFy' } }]);
  });
});

describe('the line of a JSON array’s error', () => {
  it('where JSON.parse says it is, in a file of more than ten characters', () => {
    expect(refusal(() => jsonItems('[\n{"a":\n1 2}\n]', 'f.json')).lines).toEqual(["3: not valid JSON: Expected ',' or '}' after property value"]);
  });

  it('else the first line not valid alone, past blank lines, trailing blanks and a line’s own commas; the text JSON.parse quotes left out', () => {
    const text = '[\n\n{"a":1,"b":2}, \n  {"c":3},\n{"a":\n]';
    expect(refusal(() => jsonItems(text, 'f.json')).lines).toEqual(["5: not valid JSON: Unexpected token ']'"]);
  });

  it('else line 1 (every line valid alone)', () => {
    expect(refusal(() => jsonItems('[\n{"a":1},\n{"a":2},\n]', 'f.json')).lines).toEqual(["1: not valid JSON: Unexpected token ']'"]);
  });

  it('a control character in JSON.parse’s words is escaped', () => {
    expect(refusal(() => jsonItems('{"a":1}\n\u0007\n', 'f.ndjson')).lines).toEqual(["2: not valid JSON (NDJSON holds one JSON object per line): Unexpected token '\\u0007'"]);
  });
});

describe('a key twice in one object', () => {
  it('is found after a nested object or array closes, not among an array’s strings', () => {
    expect(duplicateKeys('{"a": {"b": 1}, "a": 2}')).toEqual([{ line: 1, key: 'a' }]);
    expect(duplicateKeys('{"a": [1, {"a": 3}], \n"a": 2}')).toEqual([{ line: 2, key: 'a' }]);
    expect(duplicateKeys('{"a": ["x", "y"], "b": ["x", "x"]}')).toEqual([]);
    expect(duplicateKeys('{"a": 1}', 7)).toEqual([]);
    expect(duplicateKeys('{"a": 1,\n "a": 2}', 7)).toEqual([{ line: 8, key: 'a' }]);
  });

  it('at most 50 listed, all counted', () => {
    const items = Array.from({ length: 51 }, (_, i) => `{"k${i}": 1, "k${i}": 2}`);
    const found = refusal(() => jsonItems(`[\n${items.join(',\n')}\n]`, 'f.json'));
    expect(found.lines).toHaveLength(50);
    expect(found.total).toBe(51);
    const ndjson = refusal(() => jsonItems(items.join('\n'), 'f.ndjson'));
    expect(ndjson.lines).toHaveLength(50);
    expect(ndjson.total).toBe(51);
  });
});

describe('NDJSON problems', () => {
  it('at most 50 listed, all counted', () => {
    const found = refusal(() => jsonItems(Array.from({ length: 52 }, () => '{x').join('\n'), 'f.ndjson'));
    expect(found.lines).toHaveLength(50);
    expect(found.total).toBe(52);
  });
});

describe('a term map', () => {
  it('is an object of strings, at least one; anything else is not one', () => {
    expect(termMap('\uFEFF{"bank":"Ba\uFEFFnk"}')).toEqual([{ line: 1, term: 'bank', translation: 'Ba\uFEFFnk' }]);
    expect(termMap('{"bank":"Ba\uFEFFnk"}')).toEqual([{ line: 1, term: 'bank', translation: 'Ba\uFEFFnk' }]);
    expect(termMap('{}')).toBeUndefined();
    expect(termMap('{"bank":"Bank","n":1}')).toBeUndefined();
    expect(termMap('{"translations":{"en":"x"}}')).toBeUndefined();
  });

  it('becomes rows under an id column and the two languages named', () => {
    const pairs = termMap('{\n"bank": "Bank",\n"=x": "y"\n}')!;
    expect(termMapRows(pairs, 'f.json', ['en', 'de'])).toEqual({
      file: 'f.json',
      delimiter: ',',
      rows: [
        { line: 1, cells: ['id', 'en', 'de'] },
        { line: 2, cells: ['', 'bank', 'Bank'] },
        { line: 3, cells: ['', '=x', 'y'] },
      ],
    });
  });
});

describe('a glossary export as rows', () => {
  it('a column per language met, cells of an entry without one empty, an entry without id an empty id', () => {
    const text = '[\n{"id":"g1","translations":{"en":"bank"}},\n{"translations":{"de":"Ufer"}}\n]';
    expect(glossaryJsonRows(text, 'f.json').rows).toEqual([
      { line: 1, cells: ['id', 'en', 'de'] },
      { line: 2, cells: ['g1', 'bank', ''] },
      { line: 3, cells: ['', '', 'Ufer'] },
    ]);
  });

  it('an item that is null or no entry, an id or a translation that is no string: each on its line, 50 listed, all counted', () => {
    const text = '[\nnull,\n{"id":5,"translations":{"en":"x"}},\n{"translations":{"en":{}}}\n]';
    expect(refusal(() => glossaryJsonRows(text, 'f.json')).lines).toEqual([
      '2: not a glossary entry: expected an object with "translations" (as glossary export --format json writes)',
      '3: "id" is "5", not a string',
      '4: the "en" translation is "{}", not a string',
    ]);
    const many = `[${Array.from({ length: 51 }, () => '1').join(',')}]`;
    const found = refusal(() => glossaryJsonRows(many, 'f.json'));
    expect([found.lines.length, found.total]).toEqual([50, 51]);
  });
});

describe('a members listing as rows', () => {
  it('of one team: id, email, role and orgRole; a missing value an empty cell, a null organization role a guest', () => {
    const text = '[{"organization":{"user":{"id":"u1","email":"a@x.io"},"role":null},"team":{"role":"owner"}},\n{"organization":{"id":"u2","role":"read"},"team":{}}]';
    expect(memberJsonRows(text, 'f.json')).toEqual({
      file: 'f.json',
      delimiter: ',',
      rows: [
        { line: 0, cells: ['id', 'email', 'role', 'orgRole'] },
        { line: 1, cells: ['u1', 'a@x.io', 'owner', 'guest'] },
        { line: 2, cells: ['u2', '', '', 'read'] },
      ],
      problems: [],
    });
  });

  it('of several teams: a team column, the team of each item', () => {
    const text = '{"organization":{"user":{"id":"u1"},"role":"admin"},"team":{"role":"member"},"teamId":"t1"}\n{"organization":{"id":"u2"},"team":{"role":"owner"}}';
    expect(memberJsonRows(text, 'f.ndjson').rows).toEqual([
      { line: 0, cells: ['id', 'email', 'role', 'orgRole', 'team'] },
      { line: 1, cells: ['u1', '', 'member', 'admin', 't1'] },
      { line: 2, cells: ['u2', '', 'owner', '', ''] },
    ]);
  });

  it('no items: no rows at all; null or another shape: a problem of its line', () => {
    expect(memberJsonRows('[]', 'f.json').rows).toEqual([]);
    expect(memberJsonRows('[\nnull]', 'f.json').problems).toEqual([
      { file: 'f.json', line: 2, message: 'not a team member: expected an object with "organization" and "team" (as members list --json writes)' },
    ]);
  });
});
