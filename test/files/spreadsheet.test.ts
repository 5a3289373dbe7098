// Whether a file a user names is read as an .xlsx (src/files/spreadsheet.ts; `teamctl help
// glossary-files`, "Spreadsheets (.xlsx)"): by its name's ending, else by a zip's first four bytes
// in a regular file; never by anything else, and never throwing.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isXlsx, sheetWithoutXlsx } from '../../src/files/spreadsheet.js';

const dir = mkdtempSync(join(tmpdir(), 'teamctl-sheet-'));
const write = (name: string, content: string | Buffer): string => {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
};
const zipStart = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00]);

describe('isXlsx', () => {
  it('a name ending in .xlsx, in any case, whatever it holds or whether it exists', async () => {
    expect(await isXlsx(join(dir, 'missing.XLSX'))).toBe(true);
    expect(await isXlsx(write('text.xlsx', 'en,de\n'))).toBe(true);
  });

  it('.xlsx inside a name is not its ending: a CSV named book.xlsx.csv is text', async () => {
    expect(await isXlsx(write('book.xlsx.csv', 'en,de\nbank,Bank\n'))).toBe(false);
  });

  it('a zip by its first four bytes, whatever its name, relative to cwd too', async () => {
    write('export.bin', zipStart);
    expect(await isXlsx(join(dir, 'export.bin'))).toBe(true);
    expect(await isXlsx('export.bin', dir)).toBe(true);
    expect(await isXlsx('export.bin', tmpdir())).toBe(false);
  });

  it('a short file, a file of other bytes, a folder, a missing file: not an .xlsx, never an error', async () => {
    expect(await isXlsx(write('pk', 'PK'))).toBe(false);
    expect(await isXlsx(write('empty', ''))).toBe(false);
    expect(await isXlsx(write('almost', Buffer.from([0x50, 0x4b, 0x03, 0x05])))).toBe(false);
    const folder = join(dir, 'folder');
    mkdirSync(folder);
    expect(await isXlsx(folder)).toBe(false);
    expect(await isXlsx(join(dir, 'nothing-here'))).toBe(false);
  });

  it.runIf(existsSync('/usr/bin/mkfifo'))('a FIFO is not opened to be looked into (that would wait for a writer): not an .xlsx', async () => {
    const fifo = join(dir, 'roster-pipe');
    execFileSync('/usr/bin/mkfifo', [fifo]);
    expect(await isXlsx(fifo)).toBe(false);
  });

  it.runIf(existsSync('/proc/self/fd'))('closes the file it looked into', async () => {
    const open = (): number => readdirSync('/proc/self/fd').length;
    const zip = write('closed.bin', zipStart);
    const text = write('closed.txt', 'en,de\n');
    const before = open();
    for (let i = 0; i < 5; i++) {
      await isXlsx(zip);
      await isXlsx(text);
    }
    expect(open()).toBe(before);
  });
});

describe('sheetWithoutXlsx', () => {
  it('says --sheet is for an .xlsx, naming the file', () => {
    expect(sheetWithoutXlsx('terms.csv').message).toBe('--sheet chooses a sheet of an .xlsx file, and "terms.csv" is not one');
  });
});
