// Shared reader for the delimited files users hand us (rosters, user lists, glossaries):
// UTF-8 with or without BOM, CRLF or LF, delimiter `,` `;` or tab detected from the header line,
// RFC 4180 quoting (quoted line breaks allowed), blank lines skipped. Each row keeps the line
// number it starts on, so every later problem can name its file and line.
import { parse } from 'csv-parse/sync';
import { readFile } from 'node:fs/promises';
import { InputFileError } from '../errors.js';

export interface DelimitedRow {
  /** 1-based line number where the row starts in the file. */
  line: number;
  cells: string[];
}

export interface DelimitedFile {
  file: string;
  delimiter: ',' | ';' | '\t';
  /** All non-blank rows, the header (if any) included, in file order. */
  rows: DelimitedRow[];
}

const delimiters = [',', ';', '\t'] as const;

/** The delimiter is whichever of `,` `;` tab occurs most in the first line, outside quotes. */
export function detectDelimiter(firstLine: string): DelimitedFile['delimiter'] {
  let best: DelimitedFile['delimiter'] = ',';
  let bestCount = 0;
  for (const d of delimiters) {
    let count = 0;
    let quoted = false;
    for (const ch of firstLine) {
      if (ch === '"') quoted = !quoted;
      else if (ch === d && !quoted) count++;
    }
    if (count > bestCount) {
      best = d;
      bestCount = count;
    }
  }
  return best;
}

/** Parses the text of a delimited file. Throws InputFileError (with the line) on broken quoting. */
export function parseDelimited(text: string, file: string): DelimitedFile {
  // One record delimiter makes csv-parse's line counting exact; a CRLF inside a quoted field
  // becomes LF, which no caller distinguishes.
  const normalised = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const firstLine = normalised.split('\n').find((l) => l.trim() !== '') ?? '';
  const delimiter = detectDelimiter(firstLine);
  let records: { record: string[]; info: { lines: number }; raw: string }[];
  try {
    records = parse(normalised, {
      delimiter,
      record_delimiter: '\n',
      relax_column_count: true,
      skip_empty_lines: true,
      info: true,
      raw: true,
    }) as unknown as typeof records;
  } catch (err) {
    const e = err as { lines?: number; message?: string; code?: string };
    const message = (e.message ?? String(err)).replace(/ at line \d+/, '').replace(/:.*$/, '');
    throw new InputFileError([{ file, line: e.lines ?? 1, message: `invalid CSV: ${message}` }]);
  }
  const rows: DelimitedRow[] = [];
  for (const { record, info, raw } of records) {
    // Whitespace-only lines are blank lines too.
    if (record.every((c) => c.trim() === '')) continue;
    // csv-parse hands the breaks of skipped blank lines to the next row's raw text: drop them.
    const body = (raw.endsWith('\n') ? raw.slice(0, -1) : raw).replace(/^\n+/, '');
    const embeddedBreaks = body.split('\n').length - 1;
    rows.push({ line: info.lines - embeddedBreaks, cells: record });
  }
  return { file, delimiter, rows };
}

/** Reads and parses a file; a missing or unreadable file is a usage error naming it. */
export async function readDelimitedFile(file: string): Promise<DelimitedFile> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory' : (err as Error).message;
    throw new InputFileError([{ file, line: 0, message: `cannot read file: ${why}` }]);
  }
  return parseDelimited(text, file);
}
