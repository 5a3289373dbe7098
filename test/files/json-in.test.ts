// teamctl's JSON and NDJSON read back (src/files/json-in.ts): known by content, each item on the
// line where it starts, every value exactly as written (README, "The glossary"; `teamctl help rosters`, "The roster").
import { describe, expect, it } from 'vitest';
import { InputFileError } from '../../src/errors.js';
import { parseGlossaryFile } from '../../src/files/glossary/read.js';
import { jsonItems, looksLikeJson } from '../../src/files/json-in.js';
import { parseUserFile } from '../../src/files/users.js';

const problems = (run: () => unknown): string[] => {
  try {
    run();
  } catch (err) {
    if (err instanceof InputFileError) return err.problems.map((p) => `${p.line}: ${p.message}`);
    throw err;
  }
  throw new Error('expected a refusal');
};

describe('JSON in', () => {
  it('is known by its first character, after a byte order mark and blanks; a CSV is not', () => {
    expect(looksLikeJson('\uFEFF \n[')).toBe(true);
    expect(looksLikeJson('{"id":1}')).toBe(true);
    expect(looksLikeJson('id,en\n')).toBe(false);
  });

  it('places each array element on the line it starts, strings with brackets and escapes included', () => {
    const text = '[\n  {"a": "x,]\\"{"},\n\n  {\n    "b": [1, 2]\n  }, 3\n]';
    expect(jsonItems(text, 'f.json').map((i) => i.line)).toEqual([2, 4, 6]);
    expect(problems(() => jsonItems('[\n{"a":1},\n{"a":\n]', 'f.json'))).toEqual(["3: not valid JSON: Unexpected token ']'"]);
    const [bell] = problems(() => jsonItems('{"a":1}\n{"a":"\u0007\n', 'f.ndjson'));
    expect(bell).toMatch(/^2: not valid JSON \(NDJSON holds one JSON object per line\): /);
    expect(bell).not.toContain('\u0007');
  });

  it('refuses a key twice in one object, in an array or NDJSON, naming the key and its line; the same key in two objects is fine', () => {
    const array = '[\n  {"id": "g1",\n   "translations": {"en": "color",\n                    "en": "colour"}},\n  {"id": "g2", "translations": {"en": "x"}}\n]';
    expect(problems(() => jsonItems(array, 'f.json'))).toEqual(['4: the key "en" is twice in one object: remove one (JSON keeps only the last, so the other would be lost)']);
    const escaped = '{"translations": {"\\u0065n": "a", "en": "b"}}\n{"a": 1, "b": {"a": 2}}\n{"id": "x", "id": "y"}';
    expect(problems(() => jsonItems(escaped, 'f.ndjson')).map((p) => p.slice(0, 22))).toEqual(['1: the key "en" is twi', '3: the key "id" is twi']);
    expect(jsonItems('[{"en": "a", "x": {"en": "b"}}, {"en": "c"}, ["en", "en"], {"k": "\\"en\\"", "en": 1}]', 'f.json')).toHaveLength(4);
  });

  it('reads a glossary export exactly: ids, every key, apostrophes and formulas as written', () => {
    const text = '[\n  {"object":"glossary-entry","id":"ge_1","translations":{"en":"bank","pt-BR":"banco"}},\n  {"id":"ge_2","translations":{"en":"\'=SUM","de":"=1+1"}}\n]\n';
    const g = parseGlossaryFile(text, 'export.json');
    expect(g.languages).toEqual(['en', 'pt-BR', 'de']);
    expect(g.rows).toEqual([
      { line: 2, id: 'ge_1', translations: { en: 'bank', 'pt-BR': 'banco' } },
      { line: 3, id: 'ge_2', translations: { en: "'=SUM", de: '=1+1' } },
    ]);
    const nd = parseGlossaryFile('{"id":"ge_1","translations":{"en":"bank"}}\n\n{"id":"ge_2","translations":{"id":"bank"}}\n', 'export.ndjson');
    expect(nd.rows.map((r) => [r.line, r.translations])).toEqual([
      [1, { en: 'bank' }],
      [3, { id: 'bank' }],
    ]);
    expect(problems(() => parseGlossaryFile('[{"translations":{"x y":"a"}}]', 'f.json'))).toEqual([
      '1: language key "x y" is not a language tag (like en, fr, pt-BR): write the tag of its terms\' language',
      '1: the header has no language column (like en, fr, pt-BR)',
    ]);
  });

  it('reads members list items as a roster: id backing e-mail, team role, the team of each item', () => {
    const item = (id: string, email: string | undefined, role: string, teamId?: string): string =>
      JSON.stringify({ organization: { object: 'member', id, user: { object: 'user', id, email } }, team: { role }, ...(teamId ? { teamId } : {}) });
    const one = parseUserFile(`${item('u1', 'ada@example.com', 'owner')}\n${item('u2', undefined, 'member')}\n`, 'members.ndjson', { readRoles: true });
    expect(one.users).toEqual([
      { key: 'ada@example.com', kind: 'email', line: 1, file: 'members.ndjson', id: 'u1', role: 'owner' },
      { key: 'u2', kind: 'id', line: 2, file: 'members.ndjson', idOnly: true, role: 'member' },
    ]);
    const org = parseUserFile(`[\n${item('u1', 'ada@example.com', 'owner', 'a')},\n${item('u1', 'ada@example.com', 'member', 'b')}\n]`, 'org.json', { readRoles: true });
    expect(org.users.map((u) => [u.team, u.key, u.role, u.line])).toEqual([
      ['a', 'ada@example.com', 'owner', 2],
      ['b', 'ada@example.com', 'member', 3],
    ]);
    expect(problems(() => parseUserFile(`[${item('u1', 'ada@example.com', 'owner', 'a')},\n${item('u2', 'bo@example.com', 'owner')}]`, 'org.json', { readRoles: true }))).toEqual([
      '2: empty team cell (an organization roster names the team on every row)',
    ]);
  });
});

describe('a plain JSON map of term: translation pairs', () => {
  const map = '{\n  "bank": "Bank",\n  "door": "Tür",\n\n  "=SUM": "=SUMME"\n}\n';

  it('is refused without --languages, saying exactly that; with the flag the message names, it reads each pair on its line', () => {
    const refused = problems(() => parseGlossaryFile(map, 'terms.json'));
    expect(refused).toEqual(["1: a JSON object of term: translation pairs names no languages: name the terms' language and the translations', --languages en,de"]);
    const named = (/--languages (\S+)$/.exec(refused[0] ?? '')?.[1] ?? '').split(',');
    const read = parseGlossaryFile(map, 'terms.json', { languages: named });
    expect(read.languages).toEqual(['en', 'de']);
    expect(read.rows.map((r) => [r.line, r.translations])).toEqual([
      [2, { en: 'bank', de: 'Bank' }],
      [3, { en: 'door', de: 'Tür' }],
      [5, { en: '=SUM', de: '=SUMME' }],
    ]);
    expect(problems(() => parseGlossaryFile(map, 'terms.json', { languages: ['en'] }))).toEqual([
      "1: a JSON object of term: translation pairs names no languages (--languages names 1): name the terms' language and the translations', --languages en,de",
    ]);
  });

  it('one pretty-printed object is one item, not NDJSON: an entry of teamctl\'s export reads; another object is said to be no entry', () => {
    const entry = '\n{\n  "id": "ge_1",\n  "translations": { "en": "bank", "de": "Bank" }\n}\n';
    expect(jsonItems(entry, 'e.json')).toEqual([{ line: 2, value: { id: 'ge_1', translations: { en: 'bank', de: 'Bank' } } }]);
    expect(parseGlossaryFile(entry, 'e.json').rows.map((r) => r.translations)).toEqual([{ en: 'bank', de: 'Bank' }]);
    expect(problems(() => parseGlossaryFile('{\n "bank": 1\n}\n', 'n.json'))).toEqual(['1: not a glossary entry: expected an object with "translations" (as glossary export --format json writes)']);
  });
});
