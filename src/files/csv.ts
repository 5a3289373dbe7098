// Shared reader for the delimited files users hand us (rosters, user lists, glossaries):
// UTF-8 with or without BOM, CRLF or LF, delimiter `,` `;` or tab detected from the header line
// (a file named `.tsv`: tab),
// RFC 4180 quoting (quoted line breaks allowed), blank lines skipped. Each row keeps the line
// number it starts on, so every later problem can name its file and line.
//
// The file's text is read by textFile.ts (bounded, UTF-8 checked or decoded).
//
// Decisions:
// - A row whose cells are all empty or whitespace (`,,,,` as spreadsheets write below the data)
//   is a blank line and is skipped like one, keeping later line numbers right: it holds nothing
//   to import, and refusing it would make most spreadsheet exports fail.
// - A tab-separated file is read as spreadsheets write it, not as RFC 4180: a quote inside a cell
//   is a character (`"cohort" theory`), and only a cell that starts and ends with a quote is
//   quoted (tsvRows). Its cells hold no line breaks.
// - A quoted cell that is never closed stops parsing; the problem names the line where that
//   quote opens (csv-parse itself reports the end of the file).
import type { Options } from 'csv-parse';
import { parse } from 'csv-parse/sync';
import { InputFileError, type FileProblem } from '../errors.js';

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

/**
 * A check of each row as a reader makes it, `where` naming the file as its problems do (a bound on
 * what one file may hold): it throws an InputFileError to stop the reading there.
 */
export type RowCheck = (row: DelimitedRow, where: string) => void;

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

/**
 * The line on which a quoted cell opens and is never closed, reading `text` (LF line ends) as
 * RFC 4180 does: a quote opens a cell only at its start, `""` inside is a quote, and the next
 * quote closes it. Undefined when every quoted cell is closed.
 */
export function unclosedQuoteLine(text: string, delimiter: string): number | undefined {
  let line = 1;
  let openedOn: number | undefined;
  // The index of the second quote of a `""` pair inside a quoted cell.
  let escaped = -1;
  for (const { 0: ch, index: i } of text.matchAll(/["\n]/g)) {
    if (ch === '\n') line++;
    else if (i === escaped) continue;
    else if (openedOn !== undefined) {
      if (text[i + 1] === '"') escaped = i + 1;
      else openedOn = undefined;
    } else if (i === 0 || text[i - 1] === delimiter || text[i - 1] === '\n') openedOn = line;
  }
  return openedOn;
}

/**
 * csv-parse's errors in teamctl's words (its own texts, "Quote Not Closed", are for programmers):
 * the three the options below can raise (no trimming, any number of cells, no size limit).
 */
const parserWords: Record<string, string> = {
  CSV_QUOTE_NOT_CLOSED: 'a quoted cell opens here and is never closed (a missing closing ")',
  CSV_INVALID_CLOSING_QUOTE: 'a quoted cell is followed by text before the next delimiter (write a quote inside quotes as "")',
  INVALID_OPENING_QUOTE: 'a quote in the middle of an unquoted cell (quote the whole cell, and write a quote inside it as "")',
};

/** Parses the text of a delimited file. Throws InputFileError (with the line) on broken quoting. */
export function parseDelimited(text: string, file: string, options?: { check?: RowCheck; delimiterLine?: number }): DelimitedFile;
/**
 * With `recover`, broken quoting does not stop the reading: the broken line is reported in
 * `problems` and the rows around it are read, so a roster's other errors are reported with it
 * (`teamctl help rosters`, "The roster"). Nothing may be sent while `problems` holds any.
 */
export function parseDelimited(text: string, file: string, options: { recover: true; check?: RowCheck }): DelimitedFile & { problems: FileProblem[] };
export function parseDelimited(text: string, file: string, options?: { recover?: true; check?: RowCheck; delimiterLine?: number }): DelimitedFile & { problems?: FileProblem[] } {
  // One record delimiter makes csv-parse's line counting exact; a CRLF inside a quoted field
  // becomes LF, which no caller distinguishes.
  const normalised = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  // (Found without splitting the whole text into lines.)
  // (`delimiterLine`: the header's line when rows of notes come first, a glossary's --header-row.)
  const at = options?.delimiterLine;
  const firstLine = at === undefined ? (/(?:^|\n)([^\n]*?\S[^\n]*)/.exec(normalised)?.[1] ?? '') : (normalised.split('\n', at)[at - 1] ?? '');
  // A `.tsv` is tab-separated whatever its first line holds (`a, b<TAB>c` has as many commas).
  const delimiter = /\.tsv$/i.test(file) ? '\t' : detectDelimiter(firstLine);
  // Tab-separated text is not RFC 4180 (see the decisions above): read line by line.
  const check = options?.check === undefined ? undefined : (row: DelimitedRow) => options.check?.(row, file);
  if (delimiter === '\t') return { file, delimiter, rows: tsvRows(normalised, check), ...(options?.recover ? { problems: [] } : {}) };
  if (!options?.recover) {
    const read = readRecords(normalised, delimiter, 0, check);
    if ('problem' in read) throw new InputFileError([{ file, ...read.problem }]);
    return { file, delimiter, rows: read.rows };
  }
  return { file, delimiter, ...readAround(normalised.split('\n'), file, (text, offset) => readRecords(text, delimiter, offset, check)) };
}

/** One reading of some lines: their rows, or the first broken line. */
type Reading = { rows: DelimitedRow[] } | { problem: { line: number; message: string } };

/**
 * Reads `lines` with `read`, a broken line reported and skipped: the lines before it and after it
 * are read on their own, in that order, so rows and problems come in file order. Bounded by the
 * number of problems an error lists. A loop over a stack of what is left to read, never a
 * recursion, and rows copied one by one: a file of a million rows fits any call stack.
 */
export function readAround(lines: readonly string[], file: string, read: (text: string, offset: number) => Reading): { rows: DelimitedRow[]; problems: FileProblem[] } {
  const rows: DelimitedRow[] = [];
  const problems: FileProblem[] = [];
  // Lines [from, to) (0-based) still to read, or a problem to report once what is before it is read.
  type Task = { from: number; to: number } | { problem: FileProblem };
  const tasks: Task[] = [{ from: 0, to: lines.length }];
  for (let task = tasks.pop(); task !== undefined && problems.length < InputFileError.maxListed; task = tasks.pop()) {
    if ('problem' in task) {
      problems.push(task.problem);
      continue;
    }
    const { from, to } = task;
    const reading = read(lines.slice(from, to).join('\n'), from);
    if ('problem' in reading) {
      // Read last to first: the lines after the problem, the problem, the lines before it.
      tasks.push({ from: reading.problem.line, to }, { problem: { file, ...reading.problem } }, { from, to: reading.problem.line - 1 });
      continue;
    }
    for (const row of reading.rows) rows.push(row);
  }
  return { rows, problems };
}

/**
 * The rows of a tab-separated text, one a line (blank ones skipped, as in CSV). A quote inside a
 * cell is a character (`"cohort" theory`); only a cell that starts with a quote and ends with one
 * before the next tab or the line's end, its inner quotes doubled, is quoted as Excel writes it
 * (`"a ""b"""` is `a "b"`, `"a<TAB>b"` one cell).
 */
export function tsvRows(text: string, check?: (row: DelimitedRow) => void): DelimitedRow[] {
  const rows: DelimitedRow[] = [];
  text.split('\n').forEach((line, i) => {
    const cells: string[] = [];
    let at = 0;
    for (;;) {
      const quoted = line[at] === '"' ? /^"((?:[^"]|"")*)"(?=\t|$)/.exec(line.slice(at)) : null;
      if (quoted) {
        cells.push((quoted[1] ?? '').replace(/""/g, '"'));
        at += quoted[0].length;
      } else {
        const end = line.indexOf('\t', at);
        cells.push(line.slice(at, end === -1 ? line.length : end));
        at = end === -1 ? line.length : end;
      }
      if (at >= line.length) break;
      at++; // the tab
      if (at === line.length) {
        cells.push('');
        break;
      }
    }
    if (cells.every((c) => c.trim() === '')) return;
    const row = { line: i + 1, cells };
    check?.(row);
    rows.push(row);
  });
  return rows;
}

/**
 * The rows of `text`, whose first line is line `offset + 1` of the file, or its first broken line.
 * Each record becomes its row as it is parsed (csv-parse's `on_record`), so no record is held with
 * csv-parse's own information about it (test/bench/README.md, "Hostile spreadsheets").
 */
function readRecords(
  text: string,
  delimiter: DelimitedFile['delimiter'],
  offset: number,
  check: ((row: DelimitedRow) => void) | undefined,
): Reading {
  // csv-parse builds an error, a stack trace with it, for every record whose number of cells
  // differs from the first record's, even when told to take such records: no trace is taken while
  // it parses (test/bench/README.md, "Glossary files past any term base").
  const traces = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    const options: Options<DelimitedRow, string[]> = {
      delimiter,
      record_delimiter: '\n',
      relax_column_count: true,
      // In a tab-separated file a quote inside a cell is a character (`5" screen`, `"Quick" start`),
      // as Google's and Microsoft's TSV glossaries write it; a cell quoted whole is still unquoted.
      relax_quotes: delimiter === '\t',
      skip_empty_lines: true,
      on_record: (record, info): DelimitedRow | null => {
        // Whitespace-only lines are blank lines too, and so are rows whose cells are all empty
        // (`,,,,`): see the decisions above.
        if (record.every((c) => c.trim() === '')) return null;
        // `lines` counts to the row's end: a row starts as many lines earlier as its quoted
        // cells hold line breaks (every break is LF by now).
        let breaks = 0;
        for (const cell of record) for (let at = cell.indexOf('\n'); at !== -1; at = cell.indexOf('\n', at + 1)) breaks++;
        const row = { line: offset + info.lines - breaks, cells: record };
        check?.(row);
        return row;
      },
    };
    // (csv-parse's types give `on_record` its own record type only with `columns`, unused here.)
    return { rows: parse(text, options as unknown as Options) as unknown as DelimitedRow[] };
  } catch (err) {
    // A check's refusal (csv-parse hands back what on_record throws).
    if (err instanceof InputFileError) throw err;
    const e = err as { lines?: number; message?: string; code?: string };
    const message = parserWords[String(e.code)] ?? String(err);
    // csv-parse reports an unclosed quote at the end of the file; name the line it opens on.
    const line = (e.code === 'CSV_QUOTE_NOT_CLOSED' ? unclosedQuoteLine(text, delimiter) : undefined) ?? e.lines ?? 1;
    return { problem: { line: offset + line, message: `invalid CSV: ${message}` } };
  } finally {
    Error.stackTraceLimit = traces;
  }
}

/**
 * Refuses a file whose cells hold NUL characters: UTF-16 (Excel's "Unicode text") without a byte
 * order mark reads as UTF-8 full of them. One problem says so, instead of every garbled row.
 */
export function refuseNulCells(input: DelimitedFile): void {
  const nul = input.rows.find((r) => r.cells.some((c) => c.includes('\u0000')));
  if (nul) throw new InputFileError([{ file: input.file, line: nul.line, message: 'the file is not UTF-8 text (NUL characters; UTF-16?): save it as UTF-8' }]);
}
