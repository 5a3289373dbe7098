// The --report CSV of every command that changes the service: one record per outcome row.
export interface CsvColumns<Row> {
  header: string[];
  record(row: Row): string[];
}

/** RFC 4180 text, LF line ends, header first. */
export async function csvText<Row>(columns: CsvColumns<Row>, rows: readonly Row[]): Promise<string> {
  const { stringify } = await import('csv-stringify/sync');
  return stringify([columns.header, ...rows.map((r) => columns.record(r))], { eof: true, record_delimiter: 'unix' });
}
