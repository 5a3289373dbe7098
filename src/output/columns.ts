// What a list is made of (README, "Settings"): a cell's value, and a column of items. A leaf of
// output/: the list renderer and the item writers both read it.

export type Cell = string | number | boolean | null | undefined;

export interface Column<T> {
  header: string;
  value: (item: T) => Cell;
  /** Ids and e-mails, which people copy: on a terminal the other columns give way, this one never wraps. */
  whole?: true;
  /**
   * The value a table (`-o table`) shows, when shorter than the data (a date for a timestamp), or
   * `false` when another column shows it there; tsv, csv and Markdown keep `value`.
   */
  table?: ((item: T) => Cell) | false;
  /** A table too narrow for every column with its words whole leaves this one out and says so under it. */
  optional?: true;
  /** The item's id: a table too narrow for its words whole leaves it out first (tsv and json carry it). */
  id?: true;
}

/** The day of an ISO 8601 timestamp (`2026-11-20T09:15:00Z` → `2026-11-20`); any other text as it is. */
export function isoDay(value: string | undefined): string {
  return value !== undefined && /^\d{4}-\d{2}-\d{2}T/.test(value) ? value.slice(0, 10) : (value ?? '');
}
