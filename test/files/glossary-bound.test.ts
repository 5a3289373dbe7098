// How much one glossary file may hold (src/files/glossary/bound.ts; `teamctl help glossary-files`,
// "Glossary files: limits, encoding and quoting"): 100,000 entries, 32,000,000 characters of
// cells, and 40 MB of CSV, TSV or JSON, each refused at the first row (or byte) past it, in every
// reader — checked here with small bounds through the readers, and at the real bound of entries.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputFileError } from '../../src/errors.js';
import { parseDelimited } from '../../src/files/csv.js';
import { glossaryBound, glossaryBounds, type GlossaryBounds } from '../../src/files/glossary/bound.js';
import { parseGlossaryFile, readGlossaryFile } from '../../src/files/glossary/read.js';
import { xlsx } from '../helpers/xlsx.js';

const dir = mkdtempSync(join(tmpdir(), 'teamctl-bound-'));
let n = 0;
const write = (name: string, content: string | Buffer): string => {
  const path = join(dir, `${++n}-${name}`);
  writeFileSync(path, content);
  return path;
};

/** What a read refuses: each problem as `file:line: message`, or 'read' when it is taken. */
async function refused(read: () => Promise<unknown> | unknown): Promise<string[] | 'read'> {
  try {
    await read();
    return 'read';
  } catch (err) {
    if (!(err instanceof InputFileError)) throw err;
    return err.problems.map((p) => `${p.file}:${p.line}: ${p.message}`);
  }
}

const entries = (count: number): string[] => Array.from({ length: count }, (_, i) => `term${i},Begriff${i}`);
const csv = (count: number): string => ['en,de', ...entries(count)].join('\n') + '\n';
const small: GlossaryBounds = { entries: 3, chars: 1_000, textBytes: 10_000 };
const tooMany = (file: string, line: number): string =>
  `${file}:${line}: a glossary file holds at most 3 entries, and this is one more: split it and import the parts one after another with \`glossary import\``;
const tooLong = (file: string, line: number, chars = '1,000'): string =>
  `${file}:${line}: a glossary file holds at most ${chars} characters, and this row goes past them: split it and import the parts one after another with \`glossary import\``;

describe('glossaryBound', () => {
  it('takes the header and as many entries as the bound, and refuses the next row on its line', () => {
    const check = glossaryBound(true, small);
    for (let line = 1; line <= 4; line++) check({ line, cells: ['a', 'b'] }, 'g.csv');
    expect(() => check({ line: 9, cells: ['a', 'b'] }, 'g.csv')).toThrow(tooMany('g.csv', 9).replace(/^g\.csv:9: /, ''));
  });

  it('counts every row as an entry where a file has no header row (TBX)', () => {
    const check = glossaryBound(false, small);
    for (let line = 1; line <= 3; line++) check({ line, cells: ['c', 'term'] }, 'g.tbx');
    expect(() => check({ line: 7, cells: ['c', 'term'] }, 'g.tbx')).toThrow(InputFileError);
  });

  it('takes cells of as many characters as the bound, header included, and refuses one more', () => {
    const check = glossaryBound(true, { ...small, chars: 10 });
    check({ line: 1, cells: ['en', 'de'] }, 'g.csv');
    check({ line: 2, cells: ['abc', 'def'] }, 'g.csv');
    expect(() => check({ line: 3, cells: ['', ''] }, 'g.csv')).not.toThrow();
    let problems: string[] = [];
    try {
      check({ line: 4, cells: ['x', ''] }, 'g.csv');
    } catch (err) {
      problems = (err as InputFileError).problems.map((p) => `${p.file}:${p.line}: ${p.message}`);
    }
    expect(problems).toEqual([tooLong('g.csv', 4, '10')]);
  });

  it('counts each file on its own', () => {
    const first = glossaryBound(true, small);
    for (let line = 1; line <= 4; line++) first({ line, cells: ['a'] }, 'a.csv');
    const second = glossaryBound(true, small);
    expect(() => second({ line: 1, cells: ['a'] }, 'b.csv')).not.toThrow();
  });

  it('is 100,000 entries, 32,000,000 characters and 40 MB of text', () => {
    expect(glossaryBounds).toEqual({ entries: 100_000, chars: 32_000_000, textBytes: 40 * 1024 * 1024 });
  });
});

describe('every reader stops at the first row past a bound', () => {
  it('a CSV: the fourth entry, on its line', async () => {
    const three = write('three.csv', csv(3));
    expect(await refused(() => readGlossaryFile(three, { bounds: small }))).toBe('read');
    const four = write('four.csv', `en,de\n\n${entries(4).join('\n')}\n`);
    expect(await refused(() => readGlossaryFile(four, { bounds: small }))).toEqual([tooMany(four, 6)]);
  });

  it('a CSV whose rows hold more cells than its header (each such row costs the CSV parser most)', async () => {
    const ragged = write('ragged.csv', `en,de\n${'1,1,1,1,1\n'.repeat(5)}`);
    expect(await refused(() => readGlossaryFile(ragged, { bounds: small }))).toEqual([tooMany(ragged, 5)]);
  });

  it('a CSV past the characters, on the row that goes past them', async () => {
    // 4 + 495 characters, then 503: the third row goes past 1,000 (its translations' own limit is said too, when the file is read whole).
    const long = write('long.csv', `en,de\n${'a'.repeat(400)},${'b'.repeat(95)}\n${'c'.repeat(502)},d\n`);
    expect(await refused(() => readGlossaryFile(long, { bounds: small }))).toEqual([tooLong(long, 3)]);
  });

  it('a TSV', async () => {
    const tsv = write('four.tsv', csv(4).replaceAll(',', '\t'));
    expect(await refused(() => readGlossaryFile(tsv, { bounds: small }))).toEqual([tooMany(tsv, 5)]);
  });

  it("teamctl's JSON export and a JSON map of term pairs", async () => {
    const items = Array.from({ length: 4 }, (_, i) => JSON.stringify({ id: `g${i}`, translations: { en: `t${i}`, de: `b${i}` } }));
    const json = write('four.json', `[\n${items.join(',\n')}\n]\n`);
    expect(await refused(() => readGlossaryFile(json, { bounds: small }))).toEqual([tooMany(json, 5)]);
    const pairs = write('pairs.json', `{\n"a": "b",\n"c": "d",\n"e": "f",\n"g": "h"\n}\n`);
    expect(await refused(() => readGlossaryFile(pairs, { bounds: small, languages: ['en', 'de'] }))).toEqual([tooMany(pairs, 5)]);
  });

  it('NDJSON, and JSON whose items past the bound are never parsed (a broken one there is not reached)', async () => {
    const items = Array.from({ length: 4 }, (_, i) => JSON.stringify({ id: `g${i}`, translations: { en: `t${i}`, de: `b${i}` } }));
    const ndjson = write('four.ndjson', `${items.join('\n')}\n`);
    expect(await refused(() => readGlossaryFile(ndjson, { bounds: small }))).toEqual([tooMany(ndjson, 4)]);
    expect(await refused(() => readGlossaryFile(write('three.ndjson', `${items.slice(0, 3).join('\n')}\n`), { bounds: small }))).toBe('read');
    const broken = write('broken.json', `[\n${items.join(',\n')},\n{"id": oops}\n]\n`);
    expect(await refused(() => readGlossaryFile(broken, { bounds: small }))).toEqual([tooMany(broken, 5)]);
    const pairs = write('broken-pairs.json', `{\n"a": "b",\n"c": "d",\n"e": "f",\n"g": "h",\n"i": oops\n}\n`);
    expect(await refused(() => readGlossaryFile(pairs, { bounds: small, languages: ['en', 'de'] }))).toEqual([tooMany(pairs, 5)]);
  });

  it('an .xlsx, its row named as the sheet names it', async () => {
    const book = write('four.xlsx', xlsx([{ name: 'Terms', rows: [['en', 'de'], ...entries(4).map((e) => e.split(','))] }]));
    expect(await refused(() => readGlossaryFile(book, { bounds: small }))).toEqual([tooMany(`${book}:Terms!`, 5)]);
  });

  it('a TBX: the fourth concept, on the line it starts', async () => {
    const concept = (i: number): string => `<conceptEntry id="c${i}"><langSec xml:lang="en"><termSec><term>t${i}</term></termSec></langSec></conceptEntry>`;
    const tbx = (count: number): string =>
      `<?xml version="1.0"?>\n<tbx xmlns="urn:iso:std:iso:30042:ed-2"><text><body>\n${Array.from({ length: count }, (_, i) => concept(i)).join('\n')}\n</body></text></tbx>\n`;
    expect(await refused(() => readGlossaryFile(write('three.tbx', tbx(3)), { bounds: small }))).toBe('read');
    const four = write('four.tbx', tbx(4));
    expect(await refused(() => readGlossaryFile(four, { bounds: small }))).toEqual([tooMany(four, 6)]);
  });

  it('a CSV, TSV or JSON file past its bytes, before its rows are made; an XML file is read past them', async () => {
    const bounds = { entries: 1_000_000, chars: 100_000_000, textBytes: 256 * 1024 };
    const text = csv(20_000);
    expect(text.length).toBeGreaterThan(256 * 1024);
    const big = write('big.csv', text);
    expect(await refused(() => readGlossaryFile(big, { bounds }))).toEqual([`${big}:0: a CSV, TSV or JSON glossary file is larger than 0.25 MB; nothing was sent`]);
    const fits = write('fits.csv', text.slice(0, 256 * 1024 - 1).replace(/\n[^\n]*$/, '\n'));
    expect(await refused(() => readGlossaryFile(fits, { bounds }))).toBe('read');
    // A small file is read in one chunk: the bound holds for it too.
    expect(await refused(() => readGlossaryFile(write('small.csv', csv(3)), { bounds: { ...bounds, textBytes: 20 } }))).toEqual([
      expect.stringMatching(/small\.csv:0: a CSV, TSV or JSON glossary file is larger than/) as unknown as string,
    ]);
    const concepts = Array.from({ length: 8_000 }, (_, i) => `<conceptEntry id="c${i}"><langSec xml:lang="en"><termSec><term>t${i}</term></termSec></langSec></conceptEntry>`);
    const tbx = write('big.tbx', `<?xml version="1.0"?>\n<tbx><text><body>${concepts.join('\n')}</body></text></tbx>\n`);
    expect(await refused(() => readGlossaryFile(tbx, { bounds }))).toBe('read');
  });
});

describe('the real bound of entries', () => {
  it('takes 100,000 entries and refuses 100,001 on the line of the last, through the reader', () => {
    const file = 'terms.csv';
    expect(parseDelimited(csv(100_000), file, { check: glossaryBound(true) }).rows.length).toBe(100_001);
    const refusal = (() => {
      try {
        parseGlossaryFile(csv(100_001), file);
        return undefined;
      } catch (err) {
        return (err as InputFileError).problems;
      }
    })();
    expect(refusal).toEqual([{ file, line: 100_002, message: expect.stringMatching(/^a glossary file holds at most 100,000 entries, and this is one more/) as unknown as string }]);
  });
});
