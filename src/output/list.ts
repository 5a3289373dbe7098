// Renders a list of service items in the chosen format (README, "Settings"). Everything but `table`
// streams page by page, so memory stays bounded by one page even for huge teams; `table` is for
// a person at a terminal and needs every row to size its columns.
import type { IO } from '../io.js';
import type { Cell, Column } from './columns.js';
import { jsonArrayWriter, ndjsonWriter, rowsWriter, writeItems } from './items.js';
import { oneLine, painted } from './terminal.js';
import { addEscaper, redact } from '../redact.js';
import type { OutputFormat } from '../settings.js';
import { UsageError } from '../errors.js';
import { layoutTable, wrapCell } from './tableLayout.js';

export { fitColumns } from './tableLayout.js';


function text(cell: Cell): string {
  return cell === null || cell === undefined ? '' : String(cell);
}

/**
 * TSV cannot quote, so tabs, line breaks and backslashes are escaped as \t \n \r \\, and a lone
 * surrogate (half of a UTF-16 pair, which UTF-8 cannot carry) as \uD800.
 */
export function tsvCell(cell: Cell): string {
  const value = text(cell);
  // Most cells hold none of these: a plain test first, as the Unicode-aware pattern that tells a
  // lone surrogate from a pair costs every run that lists (test/bench/README.md).
  if (!/[\\\t\n\r\uD800-\uDFFF]/.test(value)) return value;
  return value.replace(/[\\\t\n\r]|\p{Cs}/gu, (ch) => ({ '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' })[ch] ?? `\\u${ch.charCodeAt(0).toString(16).toUpperCase()}`);
}

// The last check on what is written knows how TSV spells a token (`teamctl help environment`, "Talking to the service").
addEscaper('TSV', tsvCell);

export function tsvLine(cells: Cell[]): string {
  return cells.map(tsvCell).join('\t') + '\n';
}

/**
 * RFC 4180 lines through csv-stringify (loaded only for CSV output). A value holding a lone
 * surrogate is refused, naming its row, rather than written as U+FFFD (CSV has no escape for it).
 */
export async function csvWriter(): Promise<(cells: Cell[]) => string> {
  const { stringify } = await import('./csv.js');
  return (cells) => {
    const values = cells.map(text);
    if (values.some((v) => /\p{Cs}/u.test(v))) {
      throw new UsageError(`the row of ${JSON.stringify(values[0])} holds a lone surrogate (half of a UTF-16 pair), which a UTF-8 CSV cannot carry`, {
        hint: 'list it with -o json, ndjson or tsv, which keep it escaped',
      });
    }
    return stringify([values], { eof: true, record_delimiter: 'unix' });
  };
}

/**
 * Renders rows as a cli-table3 table (loaded only when a table is printed). Given the terminal's
 * `width`, a table wider than it is laid out by layoutTable (output/tableLayout.ts): cells wrap
 * between words (never truncated), so borders always line up; the id column, then the optional
 * ones, are left out while words cannot stay whole, and a line under the table names them.
 * Columns marked in `whole` (ids, e-mails) keep their width, so a value is never broken where
 * someone copies it.
 */
export async function renderTable(headers: string[], rows: Cell[][], color: boolean, width?: number, whole: readonly boolean[] = [], optional: readonly boolean[] = [], ids: readonly boolean[] = []): Promise<string> {
  // A table is for people: a cell is one line, whatever the service put in it.
  // Secrets are replaced first: a cell wrapped to the terminal's width could split one.
  const cells = rows.map((row) => row.map((cell) => oneLine(redact(text(cell)))));
  const { default: Table } = await import('cli-table3');
  const bold = color ? new (await import('chalk')).Chalk({ level: 1 }).bold : (s: string) => s;
  const render = (head: string[], body: string[][], colWidths?: number[]): string => {
    // Compact: no rule between rows.
    const table = new Table({
      head: head.map((h) => bold(h)),
      style: { head: [], border: [] },
      chars: { mid: '', 'left-mid': '', 'mid-mid': '', 'right-mid': '' },
      ...(colWidths ? { colWidths } : {}),
    });
    for (const row of body) table.push(row);
    return table.toString() + '\n';
  };
  // The line naming left-out columns is part of the painted text: painted marks one exact string,
  // and a table with that line appended would be another one, its colours spelled out.
  const done = (table: string, left: string): string => (color ? painted(table + left) : table + left);
  if (width === undefined) return done(render(headers, cells), '');
  const { default: stringWidth } = await import('string-width');
  const fit = headers.map((_, i) => ({ whole: whole[i] === true, optional: optional[i] === true, id: ids[i] === true }));
  const { keep, widths } = layoutTable([headers, ...cells], width, fit, stringWidth);
  const kept = <T>(row: readonly T[]): T[] => row.filter((_, i) => keep[i]);
  if (widths === undefined) return done(render(kept(headers), cells.map(kept)), '');
  // Wrapped here, by display width (cli-table3's own wrapping cuts wide characters short).
  const wrap = (row: string[]): string[] => kept(row).map((cell, i) => wrapCell(cell, (widths[i] ?? 8) - 2, stringWidth).join('\n'));
  return done(render(wrap(headers), cells.map(wrap), widths), leftOut(headers, keep, width));
}

/** The line under a table that names the columns it left out, if any. */
function leftOut(headers: readonly string[], keep: readonly boolean[], width: number): string {
  const names = headers.filter((_, i) => !keep[i]);
  if (names.length === 0) return '';
  const [verb, them] = names.length === 1 ? ['is', 'it'] : ['are', 'them'];
  return `${new Intl.ListFormat('en', { type: 'conjunction' }).format(names)} ${verb} left out at ${width} columns: -o tsv and --json carry ${them}\n`;
}

/**
 * Writes every item of `pages` to stdout. `columns` serve table/tsv/csv; json and ndjson print the
 * service's items unchanged. Returns the number of items written.
 */
export async function writeList<T>(
  io: IO,
  format: OutputFormat,
  source: AsyncIterable<T[]>,
  columns: Column<T>[],
): Promise<number> {
  // Nothing reaches stdout before the first page has arrived, so a command that fails at once
  // (bad token, unknown team) leaves stdout empty.
  const pages = await startedPages(untilStdoutCloses(io, source));
  const write = (text: string): Promise<void> => io.out(text, 'stream');
  switch (format) {
    case 'json':
      return writeItems(pages, jsonArrayWriter<T>(), write);
    case 'ndjson':
      return writeItems(pages, ndjsonWriter<T>(), write);
    case 'tsv':
    case 'csv':
      return writeItems(pages, rowsWriter(columns, format === 'tsv' ? tsvLine : await csvWriter()), write);
    case 'table':
    case 'markdown': {
      const rows: Cell[][] = [];
      // A table on a terminal may show a value shorter (a date for a timestamp): `Column.table`.
      // A column with `table: false` is shown by another one there.
      const shownColumns = format === 'table' ? columns.filter((c) => c.table !== false) : columns;
      const shown = (item: T): Cell[] => shownColumns.map((c) => (format === 'table' && c.table ? c.table : c.value)(item));
      for await (const items of pages) for (const item of items) rows.push(shown(item));
      const whole = shownColumns.map((c) => c.whole === true);
      const optional = shownColumns.map((c) => c.optional === true);
      const ids = shownColumns.map((c) => c.id === true);
      const shownHeaders = shownColumns.map((c) => c.header);
      await io.out(format === 'table' ? await renderTable(shownHeaders, rows, io.colorStdout, io.stdoutColumns, whole, optional, ids) : await markdownTable(shownHeaders, rows), 'stream');
      return rows.length;
    }
  }
}

/** Stops pulling pages once nobody reads stdout (`teamctl … | head`): no requests for nothing. */
export async function* untilStdoutCloses<T>(io: IO, source: AsyncIterable<T[]>): AsyncGenerator<T[], void, undefined> {
  for await (const items of source) {
    yield items;
    if (io.stdoutClosed) return;
  }
}

/** Reads the first page, then hands back an iterable that replays it before the rest. */
export async function startedPages<T>(source: AsyncIterable<T[]>): Promise<AsyncIterable<T[]>> {
  const iterator = source[Symbol.asyncIterator]();
  const first = await iterator.next();
  return {
    async *[Symbol.asyncIterator]() {
      if (first.done) return;
      yield first.value;
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
    },
  };
}

/** Wraps an array as a single page, for renderers that take pages. */
export async function* onePage<T>(items: T[]): AsyncGenerator<T[], void, undefined> {
  yield items;
}

/**
 * A list as one Markdown table (every cell escaped), e.g. for a pull-request comment. The Markdown
 * writer is loaded for Markdown only: loading it teaches the writers' last check (src/redact.ts)
 * two more spellings of every secret, which a listing in another format need not look for.
 */
export async function markdownTable(headers: string[], rows: Cell[][]): Promise<string> {
  const { renderMarkdown } = await import('./markdown.js');
  return renderMarkdown({ title: '', sections: [{ heading: '', columns: headers, rows: rows.map((r) => r.map((c) => (c === undefined || c === null ? '' : String(c)))) }] });
}
