// Reading one sheet of an `.xlsx` as rows of text (`teamctl help glossary-files`, "Spreadsheets (.xlsx)"), which then go
// through the same layout detection and checks as a CSV file's. Only the parts needed are
// inflated (zip.ts): the package and workbook relationships, the workbook (sheet names, the date
// system), the styles (number formats), the shared strings and the one sheet; each is fed to
// the XML parser chunk by chunk. Every cell is read as the text Excel shows: shared and inline
// strings, booleans (TRUE/FALSE), numbers and dates through their number format (format.ts). A
// formula is never evaluated: its cached value is read, and a formula without one is an error
// naming the cell. An error value (#N/A) is an error too. Problems name the file and sheet and
// row: `book.xlsx:Sheet1!12`.
import { constants } from 'node:fs';
import { posix } from 'node:path';
import { resolve } from 'node:path';
import { InputFileError, type FileProblem } from '../../errors.js';
import type { DelimitedFile, DelimitedRow, RowCheck } from '../csv.js';
import { oneLine } from '../../output/terminal.js';
import { FileKindError, openRegular } from '../regular.js';
import { formatCode, formatValue } from './format.js';
import { ZipError, ZipFile, zipLimits, type ZipLimits } from './zip.js';

/** The bounds of what a sheet holds (`teamctl help glossary-files`, "Spreadsheets (.xlsx)"), beside the zip's. */
export interface SheetLimits extends ZipLimits {
  sharedStrings: number;
  /** Cells held, the empty ones before a filled one in its row included. */
  cells: number;
}

export const sheetLimits: SheetLimits = { ...zipLimits, sharedStrings: 1_000_000, cells: 5_000_000 };

/** Excel's own bounds: 1,048,576 rows, 16,384 columns (XFD). */
const maxRow = 1_048_576;
const maxColumn = 16_384;

export interface XlsxReadOptions {
  /** `--sheet <name>`: this sheet, not the first. */
  sheet?: string | undefined;
  cwd?: string | undefined;
  limits?: SheetLimits;
  /** Each row as it is read (a bound on what the file may hold): throwing stops the reading. */
  check?: RowCheck | undefined;
}

/** A problem of the whole file, named by `file`, with nothing sent. */
const fileProblem = (file: string, message: string): InputFileError => new InputFileError([{ file, line: 0, message }]);

/** One XML element's events, by local name (a prefix such as `x:` dropped). */
interface XmlHandler {
  open?(name: string, attributes: Record<string, string>): void;
  text?(text: string): void;
  close?(name: string): void;
  /** The error for a run of text or markup past maxPendingChars, said where it is (a cell, a shared string). */
  tooLong?(): ZipError;
}

/** Excel's own bound on a cell's text (`teamctl help glossary-files`, "Spreadsheets (.xlsx)"). */
export const maxCellChars = 32_767;
/**
 * The most text one cell or shared string may hold as the XML spells it (entities decoded, the
 * OOXML escapes such as `_x000D_` not yet): room for Excel's 32,767 characters written with
 * escapes; past it, reading stops at once, before the rest is inflated or held.
 */
const maxCellXmlChars = maxCellChars * 8;
/** The most text, or markup (a tag, an attribute, a comment), the XML parser holds before it hands it on. */
const maxPendingChars = maxCellXmlChars * 2;
/** The parser is fed this much at a time, so what it holds is checked at least this often. */
const pieceChars = 64 * 1024;

/**
 * What the XML parser holds and has not handed on yet: the text, attribute value, comment or
 * CDATA it is reading, and the name of a tag. saxes keeps them as `text` and `name`; read here
 * only to stop a hostile part early (a 90 MB string in one text node), never for their content.
 */
function pending(parser: object): number {
  const held = parser as { text?: unknown; name?: unknown };
  return (typeof held.text === 'string' ? held.text.length : 0) + (typeof held.name === 'string' ? held.name.length : 0);
}

const local = (name: string): string => name.slice(name.indexOf(':') + 1);
/** OOXML's escape of characters XML cannot hold: `_x000D_` is CR, `_x005F_` an underscore. */
const unescapeOoxml = (text: string): string => text.replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** Parses one part of the zip with `handler`; a DOCTYPE is refused (OOXML has none). */
async function parsePart(zip: ZipFile, name: string, handler: XmlHandler): Promise<void> {
  const { SaxesParser } = await import('saxes');
  const parser = new SaxesParser();
  parser.on('doctype', () => {
    throw new ZipError(`part ${name} has a DOCTYPE, which no spreadsheet writes`);
  });
  if (handler.open) {
    const open = handler.open.bind(handler);
    parser.on('opentag', (tag) => open(local(tag.name), tag.attributes as Record<string, string>));
  }
  if (handler.text) {
    const text = handler.text.bind(handler);
    parser.on('text', text);
    parser.on('cdata', text);
  }
  if (handler.close) {
    const close = handler.close.bind(handler);
    parser.on('closetag', (tag) => close(local(tag.name)));
  }
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const feed = (text: string): void => {
    for (let at = 0; at < text.length; at += pieceChars) {
      parser.write(text.slice(at, at + pieceChars));
      if (pending(parser) > maxPendingChars) throw handler.tooLong?.() ?? new ZipError(`part ${name} holds a run of text or markup longer than ${maxPendingChars.toLocaleString('en-US')} characters`);
    }
  };
  try {
    for await (const chunk of zip.read(name)) feed(decoder.decode(chunk, { stream: true }));
    feed(decoder.decode());
    parser.close();
  } catch (err) {
    if (err instanceof ZipError || err instanceof InputFileError) throw err;
    throw new ZipError(`part ${name} is not well-formed XML in UTF-8 (${(err as Error).message.split('\n')[0] ?? ''})`);
  }
}

/** The relationships of a part: id → { type, target resolved against the part's folder }. */
async function relationships(zip: ZipFile, of: string): Promise<Map<string, { type: string; target: string }>> {
  const folder = posix.dirname(of);
  const name = posix.join(folder, '_rels', `${posix.basename(of)}.rels`).replace(/^\.\//, '');
  const found = new Map<string, { type: string; target: string }>();
  if (!zip.entries.has(name)) return found;
  await parsePart(zip, name, {
    open(tag, a) {
      if (tag !== 'Relationship' || a.Id === undefined || a.Target === undefined) return;
      const target = a.Target.startsWith('/') ? a.Target.slice(1) : posix.normalize(posix.join(folder, a.Target));
      found.set(a.Id, { type: a.Type ?? '', target });
    },
  });
  return found;
}

interface Workbook {
  sheets: { name: string; part: string | undefined }[];
  date1904: boolean;
  sharedStrings: string | undefined;
  styles: string | undefined;
}

async function workbook(zip: ZipFile): Promise<Workbook> {
  const root = await relationships(zip, '');
  const office = [...root.values()].find((r) => r.type.endsWith('/officeDocument'))?.target ?? 'xl/workbook.xml';
  if (!zip.entries.has(office)) throw new ZipError('it holds no workbook (xl/workbook.xml): is it a spreadsheet (.xlsx), not a Word or PowerPoint file?');
  const rels = await relationships(zip, office);
  const sheets: { name: string; id: string }[] = [];
  let date1904 = false;
  await parsePart(zip, office, {
    open(tag, a) {
      if (tag === 'workbookPr') date1904 = a.date1904 === '1' || a.date1904 === 'true';
      if (tag === 'sheet') sheets.push({ name: a.name ?? '', id: Object.entries(a).find(([k]) => local(k) === 'id')?.[1] ?? '' });
    },
  });
  const ofType = (suffix: string): string | undefined => [...rels.values()].find((r) => r.type.endsWith(suffix))?.target;
  return {
    sheets: sheets.map((s) => {
      const rel = rels.get(s.id);
      return { name: s.name, part: rel !== undefined && rel.type.endsWith('/worksheet') ? rel.target : undefined };
    }),
    date1904,
    sharedStrings: ofType('/sharedStrings'),
    styles: ofType('/styles'),
  };
}

/** The number format code of each cell style (`s`), from styles.xml. */
async function cellFormats(zip: ZipFile, part: string | undefined): Promise<string[]> {
  if (part === undefined || !zip.entries.has(part)) return [];
  const custom = new Map<number, string>();
  const ids: number[] = [];
  let inCellXfs = false;
  await parsePart(zip, part, {
    open(tag, a) {
      if (tag === 'numFmt' && a.numFmtId !== undefined) custom.set(Number(a.numFmtId), a.formatCode ?? 'General');
      else if (tag === 'cellXfs') inCellXfs = true;
      else if (tag === 'xf' && inCellXfs) ids.push(Number(a.numFmtId ?? 0));
    },
    close(tag) {
      if (tag === 'cellXfs') inCellXfs = false;
    },
  });
  return ids.map((id) => formatCode(id, custom));
}

/** The shared strings, each the text of its runs (phonetic runs left out); at most `limit`. */
async function sharedStrings(zip: ZipFile, part: string | undefined, limit: number): Promise<string[]> {
  if (part === undefined || !zip.entries.has(part)) return [];
  const strings: string[] = [];
  let current: string[] | undefined;
  let held = 0;
  let inText = false;
  let phonetic = 0;
  const tooLong = (): ZipError => new ZipError(`shared string ${strings.length + 1} is longer than ${maxCellChars.toLocaleString('en-US')} characters, Excel's limit for a cell`);
  await parsePart(zip, part, {
    open(tag) {
      if (tag === 'si') {
        if (strings.length >= limit) throw new ZipError(`it holds more than ${limit} shared strings`);
        current = [];
        held = 0;
      } else if (tag === 'rPh') phonetic++;
      else if (tag === 't' && phonetic === 0) inText = true;
    },
    text(text) {
      if (!inText || current === undefined) return;
      held += text.length;
      if (held > maxCellXmlChars) throw tooLong();
      current.push(text);
    },
    close(tag) {
      if (tag === 't') inText = false;
      else if (tag === 'rPh') phonetic--;
      else if (tag === 'si' && current !== undefined) {
        const text = unescapeOoxml(current.join(''));
        if (text.length > maxCellChars) throw tooLong();
        strings.push(text);
        current = undefined;
      }
    },
    tooLong,
  });
  return strings;
}

/** `B12` → column 2 (1-based), or undefined. */
function columnOf(ref: string): number | undefined {
  const letters = /^([A-Za-z]{1,3})\d*$/.exec(ref)?.[1];
  if (letters === undefined) return undefined;
  let n = 0;
  for (const ch of letters.toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n;
}

/** A column number as Excel names it: 2 → B. */
function columnName(n: number): string {
  let name = '';
  for (let c = n; c > 0; c = Math.floor((c - 1) / 26)) name = String.fromCharCode(65 + ((c - 1) % 26)) + name;
  return name;
}

export { columnName };

interface SheetContext {
  where: string;
  sheet: string;
  strings: readonly string[];
  formats: readonly string[];
  date1904: boolean;
  limits: SheetLimits;
  check: RowCheck | undefined;
}

/**
 * The cell being read. One is reused for every cell of a sheet, and its text is kept as one
 * string, not a list of pieces: a sheet may hold millions of cells (test/bench/README.md).
 */
class CellState {
  /** Its `r` attribute as written (`B12`), or undefined: ref() spells it from column and row. */
  r: string | undefined = undefined;
  column = 0;
  line = 0;
  type = 'n';
  style = 0;
  formula = false;
  /** `<v>`'s text, or undefined when the cell has none. */
  value: string | undefined = undefined;
  /** `<is>`'s text (its `<t>` runs), or undefined when the cell has none. */
  inline: string | undefined = undefined;
  /** The characters of text read into the cell so far, as the XML spells them. */
  held = 0;

  reset(r: string | undefined, column: number, line: number, type: string, style: number): void {
    this.r = r;
    this.column = column;
    this.line = line;
    this.type = type;
    this.style = style;
    this.formula = false;
    this.value = undefined;
    this.inline = undefined;
    this.held = 0;
  }

  ref(): string {
    return this.r ?? `${columnName(this.column)}${this.line}`;
  }
}

/** A cell's text as Excel shows it; `problem` takes what is wrong with it. */
function cellText(x: CellState, c: SheetContext, problem: (line: number, message: string) => void, checked: (text: string) => string): string {
  if (x.type === 'inlineStr') return checked(unescapeOoxml(x.inline ?? ''));
  const v = x.value;
  // An empty <v/> beside a formula is no cached value either (only a text result, t="str", may be empty).
  if (v === undefined || (x.formula && x.type !== 'str' && v.trim() === '')) {
    if (x.formula) problem(x.line, `cell ${c.sheet}!${x.ref()} is a formula without a cached value: teamctl never evaluates formulas — open and save the file in Excel or LibreOffice, which stores each formula's value, or paste the values`);
    return '';
  }
  switch (x.type) {
    case 's': {
      const s = c.strings[Number(v)];
      if (s === undefined || v.trim() === '') problem(x.line, `cell ${c.sheet}!${x.ref()} points at shared string ${v}, which the file does not have (damaged)`);
      return s ?? '';
    }
    case 'str':
      return checked(unescapeOoxml(v));
    case 'b':
      return v === '1' || v === 'true' ? 'TRUE' : 'FALSE';
    case 'e':
      problem(x.line, `cell ${c.sheet}!${x.ref()} holds the error ${v}: correct it (or its formula) in the spreadsheet`);
      return '';
    case 'd':
      return v;
    default:
      return formatValue(v, c.formats[x.style] ?? 'General', c.date1904);
  }
}

/**
 * The rows of one sheet: each row's cells as text, trailing empty cells dropped, blank rows
 * skipped. A row's cells are gathered in one array reused for every row and copied, at their
 * exact length, only when the row holds something.
 */
async function sheetRows(zip: ZipFile, part: string, c: SheetContext): Promise<{ rows: DelimitedRow[]; problems: FileProblem[] }> {
  const rows: DelimitedRow[] = [];
  const problems: FileProblem[] = [];
  let held = 0;
  let line = 0;
  let inRow = false;
  const cells: string[] = [];
  let lastColumn = 0;
  const cell = new CellState();
  let inCell = false;
  /** Where text goes: the cell's `<v>`, an inline string's `<t>`, or nowhere. */
  let into: 'v' | 't' | undefined;
  let phonetic = 0;
  const tooLong = (): ZipError =>
    new ZipError(!inCell ? `sheet ${c.sheet} holds a run of text or markup longer than ${maxPendingChars.toLocaleString('en-US')} characters` : `cell ${c.sheet}!${cell.ref()} is longer than ${maxCellChars.toLocaleString('en-US')} characters, Excel's limit for a cell`);
  const checked = (text: string): string => {
    if (text.length > maxCellChars) throw tooLong();
    return text;
  };
  const problem = (at: number, message: string): void => {
    if (problems.length < InputFileError.maxListed) problems.push({ file: c.where, line: at, message });
    else throw new InputFileError(problems, problems.length + 1);
  };
  await parsePart(zip, part, {
    open(tag, a) {
      if (tag === 'row') {
        line = a.r === undefined ? line + 1 : Number(a.r);
        if (!Number.isInteger(line) || line < 1 || line > maxRow) throw new ZipError(`sheet ${c.sheet} has a row numbered ${a.r ?? ''}`);
        inRow = true;
        cells.length = 0;
        lastColumn = 0;
      } else if (tag === 'c' && inRow) {
        const column = a.r === undefined ? lastColumn + 1 : columnOf(a.r);
        if (column === undefined || column > maxColumn) throw new ZipError(`sheet ${c.sheet} has a cell ${a.r ?? ''} outside Excel's columns`);
        lastColumn = column;
        cell.reset(a.r, column, line, a.t ?? 'n', a.s === undefined ? 0 : Number(a.s));
        inCell = true;
      } else if (inCell) {
        if (tag === 'f') cell.formula = true;
        else if (tag === 'v') {
          into = 'v';
          cell.value = '';
        } else if (tag === 'is') cell.inline = '';
        else if (tag === 'rPh') phonetic++;
        else if (tag === 't' && cell.inline !== undefined && phonetic === 0) into = 't';
      }
    },
    text(text) {
      if (into === undefined) return;
      cell.held += text.length;
      if (cell.held > maxCellXmlChars) throw tooLong();
      if (into === 'v') cell.value += text;
      else cell.inline += text;
    },
    close(tag) {
      if (tag === 'v' || tag === 't') into = undefined;
      else if (tag === 'rPh') phonetic--;
      else if (tag === 'c' && inCell) {
        const text = cellText(cell, c, problem, checked);
        if (text !== '') {
          if (cell.column > cells.length) {
            held += cell.column - cells.length;
            if (held > c.limits.cells) throw new ZipError(`sheet ${c.sheet} holds more than ${c.limits.cells} cells`);
            while (cells.length < cell.column) cells.push('');
          }
          cells[cell.column - 1] = text;
        }
        inCell = false;
      } else if (tag === 'row' && inRow) {
        if (cells.some((v) => v.trim() !== '')) {
          const row = { line, cells: cells.slice() };
          c.check?.(row, c.where);
          rows.push(row);
        }
        inRow = false;
      }
    },
    tooLong,
  });
  return { rows, problems };
}

/** Whether a file is read as an `.xlsx`: by its name, else by the zip's first bytes (a regular file only). */
export function isXlsxName(path: string): boolean {
  return /\.xlsx$/i.test(path);
}

/**
 * One sheet of an `.xlsx` (the first, or `--sheet`) as a delimited file whose `file` locates its
 * rows (`book.xlsx:Sheet1!`, which messages print as `book.xlsx:Sheet1!12`). Problems are
 * InputFileErrors naming the file (exit 2).
 */
export async function readXlsxSheet(file: string, opts: XlsxReadOptions = {}): Promise<DelimitedFile> {
  const limits = opts.limits ?? sheetLimits;
  const path = opts.cwd === undefined ? file : resolve(opts.cwd, file);
  let handle;
  try {
    handle = await openRegular(path, constants.O_RDONLY);
  } catch (err) {
    if (err instanceof FileKindError) throw fileProblem(file, `cannot read file: an .xlsx is read only from a regular file, and this is ${err.kind}`);
    const code = (err as NodeJS.ErrnoException).code;
    throw fileProblem(file, `cannot read file: ${code === 'ENOENT' ? 'no such file' : code === 'EACCES' ? 'no permission to read it' : (err as Error).message}`);
  }
  try {
    const head = Buffer.alloc(8);
    await handle.read(head, 0, 8, 0);
    if (head.readUInt32BE(0) === 0xd0cf11e0) throw new ZipError('it is an encrypted (password-protected) workbook or an old .xls: save it as an .xlsx without a password');
    const zip = await ZipFile.open(handle, limits);
    const book = await workbook(zip);
    const wanted = opts.sheet;
    const chosen = wanted === undefined ? book.sheets[0] : (book.sheets.find((s) => s.name === wanted) ?? book.sheets.find((s) => s.name.toLowerCase() === wanted.toLowerCase()));
    const names = book.sheets.map((s) => JSON.stringify(s.name)).join(', ');
    if (chosen === undefined) throw new ZipError(wanted === undefined ? 'the workbook has no sheet' : `the workbook has no sheet ${JSON.stringify(wanted)} (its sheets: ${names})`);
    if (chosen.part === undefined || !zip.entries.has(chosen.part)) throw new ZipError(`sheet ${JSON.stringify(chosen.name)} is not a worksheet (a chart sheet?): choose another with --sheet (its sheets: ${names})`);
    const formats = await cellFormats(zip, book.styles);
    const strings = await sharedStrings(zip, book.sharedStrings, limits.sharedStrings);
    const where = `${file}:${oneLine(chosen.name)}!`;
    const { rows, problems } = await sheetRows(zip, chosen.part, { where, sheet: chosen.name, strings, formats, date1904: book.date1904, limits, check: opts.check });
    if (problems.length > 0) throw new InputFileError(problems);
    return { file: where, delimiter: ',', rows };
  } catch (err) {
    if (err instanceof ZipError) throw fileProblem(file, `not a readable .xlsx: ${err.message}; nothing was sent`);
    throw err;
  } finally {
    await handle.close();
  }
}
