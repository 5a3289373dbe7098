// Whether a file a user names is an `.xlsx` (`teamctl help glossary-files`, "Spreadsheets (.xlsx)"): by its name, else by
// the zip's first bytes (`PK\3\4`) in a regular file (a pipe is never read ahead of its reader).
// Only then is the `.xlsx` reader loaded (a dynamic import), so no other file pays its start-up.
import { open, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { UsageError } from '../errors.js';
import type { DelimitedFile, RowCheck } from './csv.js';

/** Whether `path` is read as an `.xlsx`. Never throws: a file that cannot be read is the text reader's to report. */
export async function isXlsx(path: string, cwd?: string): Promise<boolean> {
  if (/\.xlsx$/i.test(path)) return true;
  const full = cwd === undefined ? path : resolve(cwd, path);
  try {
    if (!(await stat(full)).isFile()) return false;
    const handle = await open(full, 'r');
    try {
      // (Zero-filled: a file shorter than 4 bytes never reads as the signature.)
      const head = Buffer.alloc(4);
      await handle.read(head, 0, 4, 0);
      return head.readUInt32BE(0) === 0x504b0304;
    } finally {
      await handle.close();
    }
  } catch {
    return false;
  }
}

/** One sheet of an `.xlsx` as rows, through the reader loaded only now; `check` sees each row as it is read. */
export async function readSpreadsheet(path: string, sheet: string | undefined, cwd?: string, check?: RowCheck): Promise<DelimitedFile> {
  const { readXlsxSheet } = await import('./xlsx/read.js');
  return readXlsxSheet(path, { sheet, cwd, check });
}

/** `--sheet` given for a file that is no `.xlsx`. */
export function sheetWithoutXlsx(path: string): UsageError {
  return new UsageError(`--sheet chooses a sheet of an .xlsx file, and ${JSON.stringify(path)} is not one`);
}
