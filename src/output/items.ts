// One writer per output format — what comes before the items, each item, what comes after — and
// one loop that writes pages of items through any of them. `glossary export` (JSON, NDJSON, CSV,
// TBX) and every list (JSON, NDJSON, TSV, CSV) are written by it.
import type { Cell, Column } from './columns.js';

export interface ItemWriter<T> {
  start(): string;
  /** The item's text; '' leaves the item out (it is not counted). */
  item(item: T): string;
  end(): string;
}

/** One JSON array, an item per line. */
export function jsonArrayWriter<T>(): ItemWriter<T> {
  let count = 0;
  return {
    start: () => '[',
    item: (item) => `${count++ === 0 ? '\n' : ',\n'}  ${JSON.stringify(item)}`,
    end: () => (count === 0 ? ']\n' : '\n]\n'),
  };
}

/** One JSON document per line. */
export function ndjsonWriter<T>(): ItemWriter<T> {
  return { start: () => '', item: (item) => JSON.stringify(item) + '\n', end: () => '' };
}

/** A header line, then a line of cells per item (`line` writes TSV or CSV). */
export function rowsWriter<T>(columns: readonly Column<T>[], line: (cells: Cell[]) => string): ItemWriter<T> {
  return {
    start: () => line(columns.map((c) => c.header)),
    item: (item) => line(columns.map((c) => c.value(item))),
    end: () => '',
  };
}

/** Writes `start`, the items of each page (one write per page), then `end`; returns how many items were written. */
export async function writeItems<T>(pages: AsyncIterable<T[]>, writer: ItemWriter<T>, write: (text: string) => Promise<void>): Promise<number> {
  let count = 0;
  let chunk = writer.start();
  for await (const items of pages) {
    for (const item of items) {
      const text = writer.item(item);
      if (text === '') continue;
      count++;
      chunk += text;
    }
    await write(chunk);
    chunk = '';
  }
  await write(chunk + writer.end());
  return count;
}
