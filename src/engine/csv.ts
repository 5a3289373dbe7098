// The --report CSV of every command that changes the service: one record per outcome row.
// Meant for people in spreadsheets, so a cell a spreadsheet would run as a formula is neutralised
// as `glossary export --excel` does (`teamctl help formatting`, "Reports"); `-o csv` keeps raw values for scripts.
import { excelCell } from '../files/cells.js';

export interface CsvColumns<Row> {
  header: string[];
  record(row: Row): string[];
}

/** RFC 4180 text, LF line ends, header first; every cell through excelCell. */
export async function csvText<Row>(columns: CsvColumns<Row>, rows: readonly Row[]): Promise<string> {
  const { stringify } = await import('../output/csv.js');
  return stringify([columns.header, ...rows.map((r) => columns.record(r).map(excelCell))], { eof: true, record_delimiter: 'unix' });
}
