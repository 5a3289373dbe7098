// Edges of the rows every glossary layout goes through (src/files/glossary/rows.ts; README,
// "glossary import"): `--key` as typed, a header without languages, rows shorter than the header,
// rows holding only metadata, repeated rows with and without ids, and a row already refused.
import { describe, expect, it } from 'vitest';
import { InputFileError, type FileProblem } from '../../src/errors.js';
import { parseGlossaryFile, type GlossaryFile } from '../../src/files/glossary/read.js';

function problemsOf(text: string, opts: { key?: string } = {}): [number, string][] {
  try {
    parseGlossaryFile(text, 'g.csv', opts);
  } catch (err) {
    if (err instanceof InputFileError) return err.problems.map((p: FileProblem) => [p.line, p.message]);
    throw err;
  }
  throw new Error('expected an InputFileError');
}
const parse = (text: string, opts: { key?: string } = {}): GlossaryFile => parseGlossaryFile(text, 'g.csv', opts);

describe('the key language', () => {
  it('--key is matched trimmed and in any case, and keeps the header\'s spelling', () => {
    expect(parse('en,FR\nbank,banque\n', { key: ' fr ' }).key).toBe('FR');
  });

  it('a header without languages is one problem, not also one of --key', () => {
    expect(problemsOf('id\n1\n', { key: 'en' })).toEqual([
      [1, 'the header has no language column (like en, fr, pt-BR)'],
      [2, 'row has no translation'],
    ]);
    // A header alone (an empty glossary's export) is an empty import, with no key.
    expect(parse('id\n', { key: 'en' })).toMatchObject({ rows: [], key: '', languages: [] });
  });
});

describe('rows', () => {
  it('a row too short to reach the id column has no id', () => {
    expect(parse('en,fr,id\nbank,banque\n').rows).toStrictEqual([{ line: 2, translations: { en: 'bank', fr: 'banque' } }]);
  });

  it('a row with a value only in a metadata column is no problem', () => {
    const f = parse('en,fr,note\n,,just a note\nbank,banque,\n');
    expect(f.rows.map((r) => r.translations)).toEqual([{}, { en: 'bank', fr: 'banque' }]);
  });

  it('a refused row takes no part in the merge of repeated rows', () => {
    expect(problemsOf(`en,fr\nbank,${'b'.repeat(256)}\nbank,rive\n`)).toEqual([[2, '"fr" translation is 256 characters long (limit 255)']]);
  });
});

describe('repeated rows', () => {
  it('the same id with the same translations is merged with a warning naming both lines', () => {
    const f = parse('id,en,fr\n7,bank,banque\n7,bank,banque\n');
    expect(f.rows).toEqual([{ line: 2, id: '7', translations: { en: 'bank', fr: 'banque' } }]);
    expect(f.warnings).toEqual([{ file: 'g.csv', line: 3, message: 'identical to line 2; merged' }]);
  });

  it('a row with an id and an identical row without one are merged, keeping the id, in either order', () => {
    const f = parse('id,en,fr\n,bank,banque\n7,bank,banque\n');
    expect(f.rows).toEqual([{ line: 2, id: '7', translations: { en: 'bank', fr: 'banque' } }]);
    expect(f.warnings).toEqual([{ file: 'g.csv', line: 3, message: 'identical to line 2; merged' }]);
    const after = parse('id,en,fr\n7,bank,banque\n,bank,banque\n');
    expect(after.rows).toEqual([{ line: 2, id: '7', translations: { en: 'bank', fr: 'banque' } }]);
    expect(after.warnings).toEqual([{ file: 'g.csv', line: 3, message: 'identical to line 2; merged' }]);
  });
});
