// The .xlsx reader (`teamctl help glossary-files`, "Spreadsheets (.xlsx)"): cells as Excel shows them, the sheet chosen,
// formulas never evaluated, and a zip that lies or inflates without end refused within its bounds.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { InputFileError, UsageError, formatProblem } from '../../src/errors.js';
import { readGlossaryFile } from '../../src/files/glossary/read.js';
import { readUserFile } from '../../src/files/users.js';
import { readXlsxSheet, sheetLimits } from '../../src/files/xlsx/read.js';
import { ZipFile, zipLimits } from '../../src/files/xlsx/zip.js';
import { sheetXml, workbookParts, xlsx, zip, type Cell } from '../helpers/xlsx.js';

const dir = mkdtempSync(join(tmpdir(), 'teamctl-xlsx-'));
let files = 0;
function write(bytes: Buffer, name = `book-${++files}.xlsx`): string {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return path;
}
const cells = async (path: string, opts: Parameters<typeof readXlsxSheet>[1] = {}) => (await readXlsxSheet(path, opts)).rows.map((r) => [r.line, r.cells] as const);

/** The messages an InputFileError lists, each located as it is printed. */
async function refusal(read: Promise<unknown>): Promise<string[]> {
  try {
    await read;
  } catch (err) {
    if (err instanceof InputFileError) return err.problems.map(formatProblem);
    throw err;
  }
  throw new Error('expected the file to be refused');
}

describe('cells as Excel shows them', () => {
  it('inline and shared strings, numbers in their formats, booleans, dates in both date systems', async () => {
    const styled = (s: number, v: number): Cell => ({ xml: `<c r="REF" s="${s}"><v>${v}</v></c>` });
    const path = write(
      xlsx(
        [
          {
            name: 'Terms',
            rows: [
              ['en', { xml: '<c r="REF" t="s"><v>0</v></c>' }, 'n'],
              ['bank', { xml: '<c r="REF" t="s"><v>1</v></c>' }, 1234.5],
              [styled(1, 3.7), styled(2, 3.14159), styled(3, 1234567.891)],
              [styled(4, 45292), styled(5, 45292), styled(6, 0.256)],
              [{ xml: '<c r="REF" t="b"><v>1</v></c>' }, { xml: '<c r="REF" t="b"><v>0</v></c>' }, 0.30000000000000004],
              [styled(7, 45292.75), styled(8, 12345), styled(9, 12)],
            ],
          },
        ],
        { sharedStrings: ['de', 'Bank_x000D_'], styles: { xfs: [0, 1, 2, 3, 14, 164, 9, 22, 11, 165], custom: { 164: 'yyyy-mm-dd', 165: '00000' } } },
      ),
    );
    expect(await cells(path)).toEqual([
      [1, ['en', 'de', 'n']],
      [2, ['bank', 'Bank\r', '1234.5']],
      [3, ['4', '3.14', '1,234,568']],
      [4, ['1/1/2024', '2024-01-01', '26%']],
      [5, ['TRUE', 'FALSE', '0.3']],
      [6, ['1/1/2024 18:00', '1.23E+04', '00012']],
    ]);
    const in1904 = write(xlsx([{ name: 'S', rows: [[styled(1, 0)]] }], { styles: { xfs: [0, 14] }, date1904: true }));
    expect(await cells(in1904)).toEqual([[1, ['1/1/1904']]]);
  });

  it('the 1904 date system however the workbook spells it ("1" or "true"): the same serial is four years and a day later than in the 1900 system', async () => {
    const book = (workbookPr: string): string => {
      const parts = workbookParts([{ name: 'S', xml: sheetXml([[{ xml: '<c r="REF" s="1"><v>45292</v></c>' }]]) }], { styles: { xfs: [0, 14] } });
      const at = parts.findIndex((p) => p.name === 'xl/workbook.xml');
      parts[at] = { name: 'xl/workbook.xml', data: String(parts[at]?.data).replace('<sheets>', `${workbookPr}<sheets>`) };
      return write(zip(parts));
    };
    expect(await cells(book(''))).toEqual([[1, ['1/1/2024']]]);
    expect(await cells(book('<workbookPr date1904="false"/>'))).toEqual([[1, ['1/1/2024']]]);
    expect(await cells(book('<workbookPr date1904="true"/>'))).toEqual([[1, ['1/2/2028']]]);
    expect(await cells(book('<workbookPr date1904="1"/>'))).toEqual([[1, ['1/2/2028']]]);
  });

  it('cells and rows without an "r" attribute (several writers omit it) follow the one before them', async () => {
    const text = (t: string): string => `<c t="inlineStr"><is><t>${t}</t></is></c>`;
    const sheet = sheetXml([]).replace(
      '<sheetData></sheetData>',
      `<sheetData><row>${text('Email')}${text('Role')}</row><row>${text('ana@example.com')}${text('owner')}</row>` +
        `<row r="4"><c r="B4"><v>1</v></c><c><v>2</v></c></row><row>${text('bo@example.com')}${text('member')}</row></sheetData>`,
    );
    const path = write(zip(workbookParts([{ name: 'S', xml: sheet }])));
    expect(await cells(path)).toEqual([
      [1, ['Email', 'Role']],
      [2, ['ana@example.com', 'owner']],
      [4, ['', '1', '2']],
      [5, ['bo@example.com', 'member']],
    ]);
    const roster = write(zip(workbookParts([{ name: 'S', xml: sheet.replace(/<row r="4">.*?<\/row>/, '') }])));
    expect((await readUserFile(roster, { readRoles: true })).users.map((u) => [u.key, u.role, u.line])).toEqual([
      ['ana@example.com', 'owner', 2],
      ['bo@example.com', 'member', 3],
    ]);
  });

  it('rows by their numbers: gaps kept in line numbers, blank rows and trailing empty cells left out, rich text runs joined, phonetic runs not', async () => {
    const sheet = sheetXml([]).replace(
      '<sheetData></sheetData>',
      '<sheetData><row r="2"><c r="B2" t="inlineStr"><is><r><t>ba</t></r><r><t>nk</t></r><rPh><t>バンク</t></rPh></is></c><c r="D2" s="0"/></row>' +
        '<row r="3"><c r="A3" t="inlineStr"><is><t>  </t></is></c></row><row r="7"><c r="C7"><v>1</v></c></row></sheetData>',
    );
    const path = write(zip(workbookParts([{ name: 'S', xml: sheet }])));
    expect(await cells(path)).toEqual([
      [2, ['', 'bank']],
      [7, ['', '', '1']],
    ]);
  });

  it('a formula is read as its cached value; one without a cached value, or an error value, is refused naming its cell', async () => {
    const rows: Cell[][] = [
      ['en', 'de'],
      ['bank', { xml: '<c r="REF" t="str"><f>LOWER(A2)</f><v>Bank</v></c>' }],
      ['door', { xml: '<c r="REF"><f>A1*2</f></c>' }],
      ['roof', { xml: '<c r="REF" t="e"><v>#N/A</v></c>' }],
      // An empty <v/> is no cached value either (a writer that leaves formulas to the reader).
      [{ xml: '<c r="REF"><f>SUM(1)</f><v/></c>' }, 'formule'],
      // A text formula's cached value may be empty: an empty cell.
      ['wall', { xml: '<c r="REF" t="str"><f>IF(1,"","x")</f><v></v></c>' }],
    ];
    const path = write(xlsx([{ name: 'Sheet1', rows }]), 'formulas.xlsx');
    expect(await refusal(readXlsxSheet(path))).toEqual([
      `${path}:Sheet1!3: cell Sheet1!B3 is a formula without a cached value: teamctl never evaluates formulas — open and save the file in Excel or LibreOffice, which stores each formula's value, or paste the values`,
      `${path}:Sheet1!4: cell Sheet1!B4 holds the error #N/A: correct it (or its formula) in the spreadsheet`,
      `${path}:Sheet1!5: cell Sheet1!A5 is a formula without a cached value: teamctl never evaluates formulas — open and save the file in Excel or LibreOffice, which stores each formula's value, or paste the values`,
    ]);
    // The glossary reader says the same: never an entry fr=formule without its English term.
    expect(await refusal(readGlossaryFile(path))).toContain(
      `${path}:Sheet1!5: cell Sheet1!A5 is a formula without a cached value: teamctl never evaluates formulas — open and save the file in Excel or LibreOffice, which stores each formula's value, or paste the values`,
    );
    const textResult = write(xlsx([{ name: 'Sheet1', rows: [rows[0] as Cell[], rows[5] as Cell[]] }]));
    expect(await cells(textResult)).toEqual([
      [1, ['en', 'de']],
      [2, ['wall']],
    ]);
    const cached = write(xlsx([{ name: 'Sheet1', rows: rows.slice(0, 2) }]));
    expect(await cells(cached)).toEqual([
      [1, ['en', 'de']],
      [2, ['bank', 'Bank']],
    ]);
  });

  it('the first sheet, or --sheet by name (any case); an unknown name lists the sheets', async () => {
    const path = write(xlsx([{ name: 'Notes', rows: [['read me']] }, { name: 'Terms', rows: [['en', 'de']] }]));
    expect(await cells(path)).toEqual([[1, ['read me']]]);
    expect(await cells(path, { sheet: 'terms' })).toEqual([[1, ['en', 'de']]]);
    expect(await refusal(readXlsxSheet(path, { sheet: 'Glossary' }))).toEqual([`${path}: not a readable .xlsx: the workbook has no sheet "Glossary" (its sheets: "Notes", "Terms"); nothing was sent`]);
  });
});

describe('glossaries and rosters from an .xlsx, through the same layouts and checks as CSV', () => {
  it('a glossary sheet: its languages and rows, problems located as book.xlsx:Sheet!row', async () => {
    const path = write(xlsx([{ name: 'Terms', rows: [['en', 'de'], ['bank', 'Bank'], [], ['door', 'Tür']] }]));
    const file = await readGlossaryFile(path);
    expect(file.languages).toEqual(['en', 'de']);
    expect(file.rows).toEqual([
      { line: 2, translations: { en: 'bank', de: 'Bank' } },
      { line: 4, translations: { en: 'door', de: 'Tür' } },
    ]);
    const bad = write(xlsx([{ name: 'Terms', rows: [['en', 'de'], ['bank', 'Bank'], ['bank', 'Ufer', 'x']] }]));
    expect(await refusal(readGlossaryFile(bad))).toEqual([
      `${bad}:Terms!3: row has 3 cells but the header has 2`,
    ]);
    // A DeepL export saved as a workbook reads by its codes like the CSV.
    const deepl = write(xlsx([{ name: 'S', rows: [['bank', 'Bank', 'EN', 'DE']] }]));
    expect((await readGlossaryFile(deepl)).rows).toEqual([{ line: 1, translations: { en: 'bank', de: 'Bank' } }]);
  });

  it('a roster sheet; a zip without the .xlsx name is read as one; --sheet on a CSV is refused', async () => {
    const roster = xlsx([{ name: 'People', rows: [['Email', 'Role'], ['ana@example.com', 'owner'], ['bo@example.com', '']] }]);
    const file = await readUserFile(write(roster), { readRoles: true });
    expect(file.users.map((u) => [u.key, u.role])).toEqual([
      ['ana@example.com', 'owner'],
      ['bo@example.com', 'member'],
    ]);
    const named = write(roster, 'roster-without-extension');
    expect((await readUserFile(named, { readRoles: false })).users.map((u) => u.key)).toEqual(['ana@example.com', 'bo@example.com']);
    const csv = join(dir, 'roster.csv');
    writeFileSync(csv, 'email\nana@example.com\n');
    await expect(readUserFile(csv, { readRoles: false, sheet: 'People' })).rejects.toThrow(UsageError);
    await expect(readGlossaryFile(csv, { sheet: 'People' })).rejects.toThrow(/--sheet chooses a sheet of an \.xlsx file/);
  });
});

describe('real workbooks (test/fixtures/real/README.md)', () => {
  const real = (name: string): string => fileURLToPath(new URL(`../fixtures/real/xlsx/${name}`, import.meta.url));

  it("Google Sheets' writer (no docProps) and a writer that prefixes every element (x:worksheet, x:c)", async () => {
    expect(await cells(real('tealeg-googleDocsTest.xlsx'))).toEqual([
      [1, ['This is a test spreadsheet', 'It has a couple of columns']],
      [2, ['as well as a couple of rows', 'hello hello']],
    ]);
    const namespaced = await readXlsxSheet(real('tealeg-namespaced.xlsx'));
    expect(namespaced.file).toBe(`${real('tealeg-namespaced.xlsx')}:Sheet1!`);
    expect(namespaced.rows.map((r) => r.line)).toEqual([1, 2]);
    expect(namespaced.rows[0]?.cells).toHaveLength(13);
  });

  it('a chart sheet first: refused naming the sheets; the worksheet by --sheet, its numbers as shown', async () => {
    expect(await refusal(readXlsxSheet(real('tealeg-testchartsheet.xlsx')))).toEqual([expect.stringContaining('sheet "Chart1" is not a worksheet (a chart sheet?)')]);
    expect(await cells(real('tealeg-testchartsheet.xlsx'), { sheet: 'Sheet1' })).toEqual([
      [1, ['Value']],
      [2, ['1']],
      [3, ['2']],
      [4, ['3']],
      [5, ['4']],
    ]);
  });
});

describe('what is not an .xlsx, and what is refused within bounds', () => {
  it('a CSV named .xlsx, an encrypted workbook, a Word file, a damaged part: named, exit 2', async () => {
    const csv = write(Buffer.from('en,de\nbank,Bank\n'));
    expect(await refusal(readXlsxSheet(csv))).toEqual([expect.stringMatching(/^.*: not a readable \.xlsx: not a zip file \(no end of central directory\)/)]);
    const ole = Buffer.alloc(600);
    ole.writeUInt32BE(0xd0cf11e0, 0);
    expect(await refusal(readXlsxSheet(write(ole)))).toEqual([expect.stringMatching(/encrypted \(password-protected\) workbook or an old \.xls/)]);
    const word = zip([{ name: 'word/document.xml', data: '<w:document/>' }]);
    expect(await refusal(readXlsxSheet(write(word)))).toEqual([expect.stringMatching(/it holds no workbook/)]);
    const parts = workbookParts([{ name: 'S', xml: sheetXml([['en']]) }]);
    const sheet = parts.find((p) => p.name === 'xl/worksheets/sheet1.xml');
    if (sheet) sheet.compressed = Buffer.from('not deflate at all, just bytes');
    expect(await refusal(readXlsxSheet(write(zip(parts))))).toEqual([expect.stringMatching(/part xl\/worksheets\/sheet1\.xml (cannot be inflated|inflates to|fails its CRC)/)]);
    const twice = workbookParts([{ name: 'S', xml: sheetXml([['en']]) }]);
    twice.push({ name: 'xl/worksheets/sheet1.xml', data: sheetXml([['de']]) });
    expect(await refusal(readXlsxSheet(write(zip(twice))))).toEqual([expect.stringMatching(/the zip has two entries named "xl\/worksheets\/sheet1\.xml"/)]);
    const doctype = workbookParts([{ name: 'S', xml: '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa">]><worksheet><sheetData/></worksheet>' }]);
    expect(await refusal(readXlsxSheet(write(zip(doctype))))).toEqual([expect.stringMatching(/has a DOCTYPE/)]);
  });

  it("a stored (not deflated) part, and a zip comment that holds the end record's signature", async () => {
    const parts = workbookParts([{ name: 'S', xml: sheetXml([['en', 'de'], ['bank', 'Bank']]) }]).map((p) => ({ ...p, method: 0 as const }));
    const plain = zip(parts);
    const comment = Buffer.concat([Buffer.from('note '), Buffer.from([0x50, 0x4b, 0x05, 0x06]), Buffer.alloc(18, 0x41)]);
    plain.writeUInt16LE(comment.length, plain.length - 2);
    expect(await cells(write(Buffer.concat([plain, comment])))).toEqual([
      [1, ['en', 'de']],
      [2, ['bank', 'Bank']],
    ]);
  });

  it('a zip bomb: a small entry that inflates past the bound stops within a chunk of the bound, never inflating the rest', async () => {
    const limits = { ...zipLimits, entryBytes: 1024 * 1024, totalBytes: 64 * 1024 * 1024 };
    const huge = Buffer.alloc(32 * 1024 * 1024, 0x20);
    // Honest headers: refused before anything is inflated.
    const honest = write(zip([{ name: 'bomb.xml', data: huge }]));
    const h1 = await open(honest);
    try {
      const z = await ZipFile.open(h1, limits);
      await expect(drain(z.read('bomb.xml'))).rejects.toThrow('part bomb.xml declares 32 MB inflated; at most 1 MB a part is read');
      expect(z.inflated).toBe(0);
    } finally {
      await h1.close();
    }
    // Lying headers (the central directory says 1,000 bytes): stopped while inflating.
    const liar = write(zip([{ name: 'bomb.xml', data: huge, declaredSize: 1000 }]));
    const h2 = await open(liar);
    try {
      const z = await ZipFile.open(h2, limits);
      await expect(drain(z.read('bomb.xml'))).rejects.toThrow(/part bomb\.xml inflates to more than the 1000 bytes its header declares/);
      expect(z.inflated).toBeLessThan(1000 + 256 * 1024);
    } finally {
      await h2.close();
    }
    // The same lie through the reader: exit 2, naming the file.
    const sheetBomb = workbookParts([{ name: 'S', xml: sheetXml([['en']]) }]).map((p) => (p.name === 'xl/worksheets/sheet1.xml' ? { ...p, data: huge, declaredSize: 500 } : p));
    expect(await refusal(readXlsxSheet(write(zip(sheetBomb))))).toEqual([expect.stringMatching(/not a readable \.xlsx: part xl\/worksheets\/sheet1\.xml inflates to more than the 500 bytes its header declares/)]);
  });

  it('the other bounds: entries, total inflated, shared strings, cells, the file itself', async () => {
    const many = write(zip(Array.from({ length: 30 }, (_, i) => ({ name: `p${i}`, data: 'x' }))));
    expect(await refusal(readXlsxSheet(many, { limits: { ...sheetLimits, entries: 20 } }))).toEqual([expect.stringMatching(/the zip has 30 entries; at most 20 are read/)]);
    const book = xlsx([{ name: 'S', rows: [['en', 'de'], ['a', 'b']] }], { sharedStrings: ['x', 'y', 'z'] });
    expect(await refusal(readXlsxSheet(write(book), { limits: { ...sheetLimits, sharedStrings: 2 } }))).toEqual([expect.stringMatching(/it holds more than 2 shared strings/)]);
    expect(await refusal(readXlsxSheet(write(book), { limits: { ...sheetLimits, totalBytes: 600 } }))).toEqual([expect.stringMatching(/the parts read inflate to more than 600 bytes/)]);
    const wide = write(xlsx([{ name: 'S', rows: [[{ xml: '<c r="XFD1"><v>1</v></c>' }]] }]));
    expect(await refusal(readXlsxSheet(wide, { limits: { ...sheetLimits, cells: 10_000 } }))).toEqual([expect.stringMatching(/sheet S holds more than 10000 cells/)]);
    expect(await refusal(readXlsxSheet(write(book), { limits: { ...sheetLimits, fileBytes: 100 } }))).toEqual([expect.stringMatching(/the file is larger than 100 bytes/)]);
  });
});

async function drain(chunks: AsyncIterable<Buffer>): Promise<void> {
  for await (const chunk of chunks) void chunk;
}


describe("a cell or shared string past Excel's 32,767 characters", () => {
  const sst = (inner: string): string => `<?xml version="1.0"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">${inner}</sst>`;
  const sheetWith = (cell: string): string => sheetXml([['en', 'de'], [{ xml: cell }, 'x']]);
  it('reads 32,767 characters, OOXML escapes included, and refuses one more', async () => {
    const full = 'a'.repeat(32_766) + '_x000D_';
    const ok = write(zip(workbookParts([{ name: 'S', xml: sheetXml([['en'], [{ xml: '<c r="REF" t="s"><v>0</v></c>' }]]) }], { sharedStrings: [full] })));
    expect((await cells(ok))[1]?.[1][0]).toHaveLength(32_767);
    const over = write(zip(workbookParts([{ name: 'S', xml: sheetXml([['en'], [{ xml: '<c r="REF" t="s"><v>0</v></c>' }]]) }], { sharedStrings: ['b'.repeat(32_768)] })));
    expect(await refusal(readXlsxSheet(over))).toEqual([`${over}: not a readable .xlsx: shared string 1 is longer than 32,767 characters, Excel's limit for a cell; nothing was sent`]);
  });

  it.each([
    ['a shared string in one text node', { 'xl/sharedStrings.xml': sst(`<si><t>${'x'.repeat(4_000_000)}</t></si>`) }, 'shared string 1 is longer than 32,767 characters'],
    ['a shared string in many runs', { 'xl/sharedStrings.xml': sst(`<si>${'<r><t>xxxxxxxxxx</t></r>'.repeat(400_000)}</si>`) }, 'shared string 1 is longer than 32,767 characters'],
    ['a shared string in CDATA', { 'xl/sharedStrings.xml': sst(`<si><t><![CDATA[${'<x>'.repeat(1_000_000)}]]></t></si>`) }, 'shared string 1 is longer than 32,767 characters'],
    ['a comment', { 'xl/sharedStrings.xml': sst(`<!--${'<'.repeat(4_000_000)}-->`) }, 'shared string 1 is longer than 32,767 characters'],
    ['an inline string', { 'xl/worksheets/sheet1.xml': sheetWith(`<c r="REF" t="inlineStr"><is><t>${'y'.repeat(4_000_000)}</t></is></c>`) }, 'cell S!A2 is longer than 32,767 characters'],
    ['a value', { 'xl/worksheets/sheet1.xml': sheetWith(`<c r="REF" t="str"><v>${'z'.repeat(4_000_000)}</v></c>`) }, 'cell S!A2 is longer than 32,767 characters'],
    ['an attribute', { 'xl/worksheets/sheet1.xml': sheetWith(`<c r="REF" s="${'1'.repeat(4_000_000)}"><v>1</v></c>`) }, 'sheet S holds a run of text or markup longer than 524,272 characters'],
  ])('%s: refused, naming it, before the rest is read', async (_what, replace, said) => {
    const path = write(zip(workbookParts([{ name: 'S', xml: sheetXml([['en', 'de'], ['a', 'b']]) }], { sharedStrings: ['a'], replace })));
    const [message] = await refusal(readXlsxSheet(path));
    expect(message).toContain(said);
    expect(message).toMatch(/; nothing was sent$/);
  });
});
