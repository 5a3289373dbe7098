import fc from 'fast-check';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputFileError, formatProblem } from '../../src/errors.js';
import { detectDelimiter, parseDelimited, readAround, unclosedQuoteLine } from '../../src/files/csv.js';
import { encodingFlag, firstInvalidUtf8, readTextFile } from '../../src/files/textFile.js';

const readDelimitedFile = async (path: string) => parseDelimited(await readTextFile(path), path);
import { readGlossaryFile } from '../../src/files/glossary/read.js';

const dir = mkdtempSync(join(tmpdir(), 'teamctl-csv-'));
function file(name: string, bytes: Uint8Array | string): string {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return path;
}

/** The one problem an action is refused with, as printed. */
async function problemOf(action: () => Promise<unknown>): Promise<string> {
  try {
    await action();
  } catch (err) {
    if (err instanceof InputFileError && err.problems.length === 1 && err.problems[0]) return formatProblem(err.problems[0]);
    throw err;
  }
  throw new Error('expected an InputFileError');
}

describe('readDelimitedFile: encodings', () => {
  it('reads UTF-8 with and without a BOM', async () => {
    const plain = await readDelimitedFile(file('plain.csv', 'en,fr\ncafé,café\n'));
    const bom = await readDelimitedFile(file('bom.csv', '\uFEFFen,fr\ncafé,café\n'));
    expect(plain.rows).toEqual(bom.rows);
    expect(plain.rows[1]?.cells).toEqual(['café', 'café']);
  });

  it('refuses bytes that are not UTF-8, naming the line of the first bad byte (exit 2)', async () => {
    // Windows-1252 "café" (0xE9) on line 4, after a line with a valid multi-byte character.
    const bytes = Buffer.concat([Buffer.from('en,fr\nbank,banque\nnaïve,naïf\n'), Buffer.from([0x63, 0x61, 0x66, 0xe9]), Buffer.from(',x\n')]);
    const path = file('latin1.csv', bytes);
    const message = await problemOf(() => readDelimitedFile(path));
    expect(message).toBe(
      `${path}:4: not valid UTF-8 (byte 0xE9 on this line; saved as Windows-1252 or Latin-1?) — save the file as UTF-8 (in Excel: "CSV UTF-8")`,
    );
    const err = await readDelimitedFile(path).catch((e: unknown) => e);
    expect((err as InputFileError).exitCode).toBe(2);
    // The glossary reader goes through it too: no U+FFFD is ever imported.
    await expect(readGlossaryFile(path)).rejects.toBeInstanceOf(InputFileError);
  });

  it('counts the line of a bad byte after quoted line breaks too (bytes, not records)', async () => {
    const bytes = Buffer.concat([Buffer.from('en,fr\n"a\nb",c\n'), Buffer.from([0xc3, 0x28]), Buffer.from('\n')]);
    expect(await problemOf(() => readDelimitedFile(file('bad2.csv', bytes)))).toMatch(/bad2\.csv:4: not valid UTF-8 \(byte 0xC3 /);
  });

  it('reads UTF-16 with a byte order mark, either byte order (Excel "Unicode text", MultiTerm); refuses UTF-32', async () => {
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('en\tfr\r\nbank\tbanque\r\ncafé\t😀\r\n', 'utf16le')]);
    const be = Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(Buffer.from('en\tfr\r\nbank\tbanque\r\ncafé\t😀\r\n', 'utf16le')).swap16()]);
    for (const [name, bytes] of [['u16le.tsv', le], ['u16be.tsv', be]] as const) {
      const parsed = await readDelimitedFile(file(name, bytes));
      expect(parsed.rows.map((r) => r.cells)).toEqual([['en', 'fr'], ['bank', 'banque'], ['café', '😀']]);
    }
    const u32 = file('u32.csv', Buffer.concat([Buffer.from([0xff, 0xfe, 0, 0]), Buffer.from('e\0\0\0', 'latin1')]));
    expect(await problemOf(() => readDelimitedFile(u32))).toBe(`${u32}:1: the file is UTF-32 (it starts with that byte order mark): save it as UTF-8 or UTF-16`);
    // A lone surrogate is not UTF-16: refused, not read as garbage.
    const broken = file('broken16.csv', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('en\na', 'utf16le'), Buffer.from([0x00, 0xd8, 0x41, 0x00])]));
    expect(await problemOf(() => readDelimitedFile(broken))).toMatch(/broken16\.csv:2: not valid UTF-16 \(little-endian\)/);
  });

  it('an XML file is decoded in the encoding it declares; one TextDecoder cannot decode is refused at its first non-ASCII byte', async () => {
    const declared = (encoding: string, body: Buffer) => Buffer.concat([Buffer.from(`<?xml version="1.0" encoding="${encoding}"?>\n<martif>\n`), body, Buffer.from('\n</martif>\n')]);
    const turkish = file('tr.tbx', declared('windows-1254', Buffer.from([0x3c, 0x74, 0x3e, 0xfd, 0x3c, 0x2f, 0x74, 0x3e])));
    expect(await readTextFile(turkish)).toContain('<t>ı</t>');
    const unknown = file('unknown.tbx', declared('x-mystery', Buffer.from([0x3c, 0x74, 0x3e, 0xfd, 0x3c, 0x2f, 0x74, 0x3e])));
    expect(await problemOf(() => readTextFile(unknown))).toBe(
      `${unknown}:3: the XML declares encoding="x-mystery" (byte 0xFD on this line), which teamctl cannot decode (it decodes UTF-8, UTF-16, windows-125x, iso-8859-x, shift_jis, gb18030, …): export it again as UTF-8 from the tool that wrote it`,
    );
    // ASCII reads the same in either: accepted.
    expect(await readTextFile(file('ascii.tbx', declared('x-mystery', Buffer.from('<t>bank</t>'))))).toContain('<t>bank</t>');
    // Declared UTF-8 but not: XML advice, not Excel's.
    const latin = file('latin.tbx', declared('UTF-8', Buffer.from([0x3c, 0x74, 0x3e, 0xe9, 0x3c, 0x2f, 0x74, 0x3e])));
    expect(await problemOf(() => readTextFile(latin))).toBe(`${latin}:3: not valid UTF-8 (byte 0xE9 on this line): teamctl reads XML in UTF-8 or UTF-16 — export it again as UTF-8 from the tool that wrote it`);
  });

  it('a CSV glossary in Windows-1252 is refused naming --encoding windows-1252, which then reads it', async () => {
    const latin = file('latin.csv', Buffer.concat([Buffer.from('en,fr\ncoffee,caf'), Buffer.from([0xe9]), Buffer.from('\n')]));
    const message = await problemOf(() => readGlossaryFile(latin));
    expect(message).toBe(`${latin}:2: not valid UTF-8 (byte 0xE9 on this line; saved as Windows-1252 or Latin-1?) — save the file as UTF-8 (in Excel: "CSV UTF-8"), or name its encoding: --encoding windows-1252`);
    const named = /--encoding (\S+)$/.exec(message)?.[1] ?? '';
    expect((await readGlossaryFile(latin, { encoding: encodingFlag(named) })).rows.map((r) => r.translations)).toEqual([{ en: 'coffee', fr: 'café' }]);
    // A label TextDecoder does not know is a usage error; latin1 is its name for windows-1252.
    expect(() => encodingFlag('klingon')).toThrow('--encoding: "klingon" is no encoding teamctl can decode (like windows-1252, iso-8859-2, shift_jis, gb18030)');
    expect(encodingFlag('latin1')).toBe('windows-1252');
    // A byte order mark wins over --encoding.
    const utf16 = file('bom16.csv', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('en,fr\ncoffee,café\n', 'utf16le')]));
    expect((await readGlossaryFile(utf16, { encoding: 'windows-1252' })).rows.map((r) => r.translations)).toEqual([{ en: 'coffee', fr: 'café' }]);
    // A roster reader names no flag it does not have.
    expect(await problemOf(() => readTextFile(latin))).not.toContain('--encoding');
  });

  it('a missing file is a problem of the whole file: "file: message", no line 0', async () => {
    const path = join(dir, 'nope.csv');
    expect(await problemOf(() => readDelimitedFile(path))).toBe(`${path}: cannot read file: no such file`);
    const err = (await readDelimitedFile(path).catch((e: unknown) => e)) as InputFileError;
    expect(err.message).toBe(`${path}: cannot read file: no such file`);
  });

  it('firstInvalidUtf8 agrees with TextDecoder fatal mode (property)', () => {
    const byte = fc.oneof(fc.integer({ min: 0, max: 255 }), fc.constantFrom(0x80, 0xbf, 0xc2, 0xe0, 0xed, 0xf0, 0xf4, 0xf5, 0xa0, 0x9f, 0x8f, 0x90));
    fc.assert(
      fc.property(fc.array(byte, { maxLength: 12 }), fc.string({ unit: 'binary', maxLength: 6 }), (raw, text) => {
        const bytes = Uint8Array.from([...Buffer.from(text), ...raw]);
        let valid = true;
        try {
          new TextDecoder('utf-8', { fatal: true }).decode(bytes);
        } catch {
          valid = false;
        }
        const at = firstInvalidUtf8(bytes);
        expect(at === -1).toBe(valid);
        if (!valid) {
          // Everything before the bad byte decodes.
          expect(() => new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, at))).not.toThrow();
        }
      }),
      { numRuns: 1000 },
    );
  });
});

describe('parseDelimited', () => {
  it('skips rows whose cells are all empty (`,,,,` below a spreadsheet\'s data) like blank lines', () => {
    const parsed = parseDelimited('en,fr,de\nbank,banque,\n,,\n , ,\ndoor,porte,\n,,\n', 'f.csv');
    expect(parsed.rows.map((r) => [r.line, r.cells])).toEqual([
      [1, ['en', 'fr', 'de']],
      [2, ['bank', 'banque', '']],
      [5, ['door', 'porte', '']],
    ]);
  });

  it('an unclosed quote names the line it opens on, wherever parsing stops', () => {
    const err = (() => {
      try {
        parseDelimited('a;b\n1;"two\n3;4\n5;6\n', 'f.csv');
      } catch (e) {
        return e as InputFileError;
      }
      throw new Error('expected an error');
    })();
    expect(err.problems).toEqual([{ file: 'f.csv', line: 2, message: 'invalid CSV: a quoted cell opens here and is never closed (a missing closing ")' }]);
  });

  it('unclosedQuoteLine follows RFC 4180 quoting', () => {
    expect(unclosedQuoteLine('a,b\n"x","y"\n', ',')).toBeUndefined();
    expect(unclosedQuoteLine('a,b\n"x\n""y""\nz",w\n"open\n', ',')).toBe(5);
    expect(unclosedQuoteLine('a;b\n1;"two\n3;4\n', ';')).toBe(2);
    // A quote inside an unquoted cell does not open anything.
    expect(unclosedQuoteLine('a,b\nx"y,z\n"q\n', ',')).toBe(3);
  });
});

describe('firstInvalidUtf8 at the edges of the table of well-formed sequences', () => {
  it.each([
    ['DF BF', -1], // U+07FF, the last two-byte character
    ['C2 80', -1],
    ['C1 BF', 0], // overlong
    ['E0 A0 80', -1],
    ['E0 9F BF', 0], // overlong
    ['ED 9F BF', -1],
    ['ED A0 80', 0], // a surrogate
    ['E1 80 80', -1],
    ['EF BF BF', -1],
    ['F0 90 80 80', -1],
    ['F0 8F BF BF', 0], // overlong
    ['F3 BF BF BF', -1],
    ['F4 8F BF BF', -1], // U+10FFFF
    ['F4 90 80 80', 0], // above U+10FFFF
    ['F5 80 80 80', 0],
    ['F3 80 41 80', 0], // the second continuation byte missing
    ['41 DF', 1], // cut short
  ])('%s: %i', (hex, at) => {
    expect(firstInvalidUtf8(Buffer.from(hex.replace(/ /g, ''), 'hex'))).toBe(at);
  });
});

describe('detectDelimiter', () => {
  it.each([
    ['en,fr,de', ','],
    ['en;fr;de', ';'],
    ['en\tfr\tde', '\t'],
    ['"Term, plural";Note;fr', ';'], // commas inside quotes do not count
    ['"a;b;c"\tx', '\t'],
    ['en;fr,de', ','], // a tie goes to the comma
    ['en', ','],
  ])('%j: %j', (line, delimiter) => {
    expect(detectDelimiter(line)).toBe(delimiter);
  });
});

describe('unclosedQuoteLine, more cases', () => {
  it.each([
    ['"a""b\n', 1], // "" inside quotes is a quote, not the end
    ['a\n"x""\n', 2],
    ['"open', 1],
    ['"x","y"\n"z', 2],
    ['a;"b\n', 1], // a quote after ";" opens a cell
    [';"b\n', 1],
    ['a,"b\n', undefined], // with ";" as the delimiter, a quote after "," is inside a cell
    ['"a"b"\n', undefined], // a quote after a closed one opens nothing
  ])('%j', (text, line) => {
    expect(unclosedQuoteLine(text, ';')).toBe(line);
  });
});

describe('parseDelimited, quoting problems and line numbers', () => {
  const problemsOf = (text: string): { line: number; message: string }[] => {
    try {
      parseDelimited(text, 'f.csv');
    } catch (err) {
      return (err as InputFileError).problems.map((p) => ({ line: p.line, message: p.message }));
    }
    return [];
  };

  it('says each problem csv-parse finds in teamctl\'s words, on its line', () => {
    expect(problemsOf('a,b\n"x"y,z\n')).toEqual([{ line: 2, message: 'invalid CSV: a quoted cell is followed by text before the next delimiter (write a quote inside quotes as "")' }]);
    expect(problemsOf('a,b\nx"y,z\n')).toEqual([{ line: 2, message: 'invalid CSV: a quote in the middle of an unquoted cell (quote the whole cell, and write a quote inside it as "")' }]);
    // The line csv-parse names, not where some later quote stays open.
    expect(problemsOf('x,y\n"a"b,c\n"d\n')).toEqual([{ line: 2, message: 'invalid CSV: a quoted cell is followed by text before the next delimiter (write a quote inside quotes as "")' }]);
  });

  it('detects the delimiter on the first line that is not blank', () => {
    const parsed = parseDelimited('\n  \na;b\n1;2', 'f.csv');
    expect(parsed.delimiter).toBe(';');
    expect(parsed.rows).toEqual([
      { line: 3, cells: ['a', 'b'] },
      { line: 4, cells: ['1', '2'] },
    ]);
  });

  it('numbers a row by the line it starts on, after blank lines and quoted line breaks, with or without a last line break', () => {
    const rows = (text: string) => parseDelimited(text, 'f.csv').rows.map((r) => r.line);
    expect(rows('a,b\n\n\n"x\ny",z\nq,r\n')).toEqual([1, 4, 6]);
    expect(rows('a,b\n\n"x\n\ny",z')).toEqual([1, 3]);
    expect(rows('a,b\n"x\n"')).toEqual([1, 2]);
    // Breaks in two cells of one row, CRLF, and a whitespace-only line before it.
    expect(rows('a,b\r\n   \r\n"x\r\ny","1\n2\n3"\nq,r')).toEqual([1, 3, 7]);
  });

  it('with recover, reads around broken lines, in file order, and lists at most 50 problems', () => {
    const some = parseDelimited('a,b\nx"y,1\nc,d\n"e"f,2\ng,h\n', 'f.csv', { recover: true });
    expect(some.rows.map((r) => r.line)).toEqual([1, 3, 5]);
    expect(some.problems.map((p) => p.line)).toEqual([2, 4]);
    const text = ['a,b', ...Array.from({ length: 60 }, (_, i) => `ok${i},1\nx"${i},2`)].join('\n');
    const many = parseDelimited(text, 'f.csv', { recover: true });
    expect(many.problems.map((p) => p.line)).toEqual(Array.from({ length: InputFileError.maxListed }, (_, i) => 3 + 2 * i));
  });
});

describe('tab-separated files are not RFC 4180', () => {
  it('a quote inside a cell is a character; only a cell that starts and ends with one is quoted, as Excel writes it', () => {
    const text = 'en\tde\tnote\n"cohort" theory\tKohortentheorie\tsee "cohort"\n"a ""b"""\t"x\ty"\t"\nlast\t"open\t\n';
    expect(parseDelimited(text, 'g.tsv').rows).toEqual([
      { line: 1, cells: ['en', 'de', 'note'] },
      { line: 2, cells: ['"cohort" theory', 'Kohortentheorie', 'see "cohort"'] },
      { line: 3, cells: ['a "b"', 'x\ty', '"'] },
      { line: 4, cells: ['last', '"open', ''] },
    ]);
    // The same text with recover (rosters): no problem at all.
    expect(parseDelimited(text, 'g.txt', { recover: true }).problems).toEqual([]);
  });

  it('a TSV glossary with a literal quote reads, where the same cells in a CSV are refused', async () => {
    const tsv = file('quotes.tsv', 'en\tde\n"cohort" theory\tKohortentheorie\n');
    expect((await readGlossaryFile(tsv)).rows.map((r) => r.translations)).toEqual([{ en: '"cohort" theory', de: 'Kohortentheorie' }]);
    const csv = file('quotes.csv', 'en,de\n"cohort" theory,Kohortentheorie\n');
    expect(await problemOf(() => readGlossaryFile(csv))).toMatch(/quotes\.csv:2: invalid CSV/);
  });
});

describe('readAround: the lines around broken ones, without recursion', () => {
  /** A reader of `lines` whose broken lines are those holding `!`: one row per other line. */
  const reader = (text: string, offset: number) => {
    const lines = text === '' ? [] : text.split('\n');
    const broken = lines.findIndex((l) => l.includes('!'));
    if (broken !== -1) return { problem: { line: offset + broken + 1, message: `broken ${lines[broken]}` } };
    return { rows: lines.map((l, i) => ({ line: offset + i + 1, cells: [l] })) };
  };

  it('gives rows and problems in file order, the lines around each problem read on their own', () => {
    const lines = ['a', 'b!', 'c', 'd!', 'e!', 'f'];
    const read = readAround(lines, 'f.csv', reader);
    expect(read.rows.map((r) => [r.line, r.cells[0]])).toEqual([[1, 'a'], [3, 'c'], [6, 'f']]);
    expect(read.problems).toEqual([
      { file: 'f.csv', line: 2, message: 'broken b!' },
      { file: 'f.csv', line: 4, message: 'broken d!' },
      { file: 'f.csv', line: 5, message: 'broken e!' },
    ]);
  });

  it('stops at the number of problems an error lists', () => {
    const lines = Array.from({ length: 200 }, (_, i) => (i % 2 === 0 ? `${i}!` : `${i}`));
    expect(readAround(lines, 'f.csv', reader).problems).toHaveLength(InputFileError.maxListed);
  });

  it('takes a reading of more rows than a call has room for arguments', () => {
    // One reading of 500,000 rows: copied one by one, never spread into a call.
    const rows = Array.from({ length: 500_000 }, (_, i) => ({ line: i + 1, cells: ['x'] }));
    const read = readAround([''], 'f.csv', () => ({ rows }));
    expect(read.rows).toHaveLength(500_000);
    expect(read.rows[499_999]).toBe(rows[499_999]);
  });
});
