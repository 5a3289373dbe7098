import fc from 'fast-check';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputFileError, formatProblem } from '../../src/errors.js';
import { decodeUtf8, firstInvalidUtf8, parseDelimited, readTextFile, unclosedQuoteLine } from '../../src/files/csv.js';

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

  it('an XML file gets XML advice: a declared encoding other than UTF-8/UTF-16 is refused at its first non-ASCII byte, with the conversion', async () => {
    const declared = (encoding: string, body: Buffer) => Buffer.concat([Buffer.from(`<?xml version="1.0" encoding="${encoding}"?>\n<martif>\n`), body, Buffer.from('\n</martif>\n')]);
    const turkish = file('tr.tbx', declared('windows-1254', Buffer.from([0x3c, 0x74, 0x3e, 0xfd, 0x3c, 0x2f, 0x74, 0x3e])));
    expect(await problemOf(() => readTextFile(turkish))).toBe(
      `${turkish}:3: the XML declares encoding="windows-1254" (byte 0xFD on this line): teamctl reads XML in UTF-8 or UTF-16 — export it again as UTF-8 from the tool that wrote it, or convert it (iconv -f windows-1254 -t UTF-8)`,
    );
    // ASCII reads the same in either: accepted.
    expect(await readTextFile(file('ascii.tbx', declared('ISO-8859-1', Buffer.from('<t>bank</t>'))))).toContain('<t>bank</t>');
    // Declared UTF-8 but not: XML advice, not Excel's.
    const latin = file('latin.tbx', declared('UTF-8', Buffer.from([0x3c, 0x74, 0x3e, 0xe9, 0x3c, 0x2f, 0x74, 0x3e])));
    expect(await problemOf(() => readTextFile(latin))).toBe(`${latin}:3: not valid UTF-8 (byte 0xE9 on this line): teamctl reads XML in UTF-8 or UTF-16 — export it again as UTF-8 from the tool that wrote it`);
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
    expect(decodeUtf8(Buffer.from('\uFEFFa'), 'f')).toBe('\uFEFFa'); // the BOM is left for parseDelimited
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
