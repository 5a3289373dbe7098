// Reading a glossary file (README, "The glossary"; `teamctl help glossary-files`, "Glossary file layouts", "From a CAT tool"):
// an XML layout (TBX, MultiTerm) by the file's extension or first character, teamctl's JSON or
// NDJSON export by its first character, a delimited one otherwise; either way the rows go through the same checks (rows.ts). Pure apart from
// readGlossaryFile.
import { parseDelimited } from '../csv.js';
import { readCheckedChunks, textOfChunks } from '../textFile.js';
import { glossaryJsonRows, looksLikeJson, termMap, termMapRows } from '../json-in.js';
import { isXlsx, readSpreadsheet, sheetWithoutXlsx } from '../spreadsheet.js';
import { glossaryBound, glossaryBounds, pastEntries } from './bound.js';
import { headerLineOf } from './header-row.js';
import { fromDelimited, type GlossaryFile, type GlossaryReadOptions } from './rows.js';

export type { GlossaryFile, GlossaryReadOptions };

/** Whether a file is XML (TBX, MultiTerm): by its extension, else by its first character. */
export function looksLikeXml(path: string, text: string): boolean {
  return /\.(tbx|xml)$/i.test(path) || /^\uFEFF?\s*</.test(text);
}

/**
 * A delimited glossary file's text, read (for tests and the file-less callers) — or teamctl's own
 * JSON or NDJSON export, known by its first character (README, "The glossary").
 */
export function parseGlossaryFile(text: string, file: string, opts: GlossaryReadOptions = {}): GlossaryFile {
  // (An export's ids are the service's entry ids, and its keys the glossary's: read as TBX's are.)
  if (looksLikeJson(text)) {
    // Items past the bound of entries are refused before the text is parsed.
    const bounds = opts.bounds ?? glossaryBounds;
    const items = { items: bounds.entries, past: (line: number) => pastEntries(file, line, bounds) };
    // A plain map of term: translation pairs, its two languages named by --languages.
    const pairs = termMap(text, items);
    const rows = pairs !== undefined ? termMapRows(pairs, file, opts.languages) : glossaryJsonRows(text, file, items);
    const check = glossaryBound(true, opts.bounds);
    for (const row of rows.rows) check(row, file);
    return fromDelimited(rows, opts, true, 'language key');
  }
  // The header's delimiter, when notes without it come first (`teamctl help glossary-files`, "Glossary file layouts").
  const headerLine = opts.headerRow ?? (opts.languages === undefined ? headerLineOf(text) : undefined);
  const delimiterLine = headerLine === undefined ? {} : { delimiterLine: headerLine };
  return fromDelimited(parseDelimited(text, file, { check: glossaryBound(true, opts.bounds), ...delimiterLine }), opts);
}

/** Reads a glossary file: an .xlsx, CSV (or `;`/tab), or XML by its extension or first character. */
export async function readGlossaryFile(path: string, opts: GlossaryReadOptions = {}, cwd?: string): Promise<GlossaryFile> {
  // An .xlsx: its sheet's rows, through the same layouts and checks (`teamctl help glossary-files`, "Spreadsheets (.xlsx)").
  if (await isXlsx(path, cwd)) return fromDelimited(await readSpreadsheet(path, opts.sheet, cwd, glossaryBound(true, opts.bounds)), opts);
  if (opts.sheet !== undefined) throw sheetWithoutXlsx(path);
  // (A CSV that is not UTF-8 is told to name its encoding, --encoding.)
  const chunks = readCheckedChunks(path, { cwd, encodingFlag: true, ...(opts.encoding === undefined ? {} : { encoding: opts.encoding }) });
  const first = await chunks.next();
  if (first.done !== true && looksLikeXml(path, first.value.text)) {
    // The XML parser is fed the text chunk by chunk as it is read (`teamctl help reliability`, "Bounded input"), never
    // the whole text.
    const head = first.value.text;
    async function* pieces(): AsyncGenerator<string> {
      yield head;
      for await (const { text } of chunks) yield text;
    }
    try {
      return await xmlGlossaryFile(pieces(), path, opts);
    } finally {
      // A parser that stops early (a problem in the first chunk) leaves the file open otherwise.
      await chunks.return(undefined);
    }
  }
  const text = await textOfChunks(chunks, first.done === true ? [] : [first.value.bytes], {
    maxBytes: (opts.bounds ?? glossaryBounds).textBytes,
    file: path,
    what: 'a CSV, TSV or JSON glossary file',
  });
  // (A first chunk of blanks only: the text is whole already.)
  if (looksLikeXml(path, text)) return xmlGlossaryFile(text, path, opts);
  return parseGlossaryFile(text, path, opts);
}

/** An XML glossary file's concepts as rows, through the checks of every layout; its warnings first. */
async function xmlGlossaryFile(text: string | AsyncIterable<string>, path: string, opts: GlossaryReadOptions): Promise<GlossaryFile> {
  // Loaded only for XML files: the XML parser costs nothing to a CSV import.
  const { conceptRows } = await import('./xml.js');
  const { rows, warnings, leftOut } = await conceptRows(text, path, glossaryBound(false, opts.bounds));
  const file = fromDelimited(rows, opts, true);
  return { ...file, warnings: [...warnings, ...file.warnings], ...(leftOut.length > 0 ? { leftOut } : {}) };
}
