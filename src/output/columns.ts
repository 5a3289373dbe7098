// What a list is made of (README, "Settings"): a cell's value, and a column of items. A leaf of
// output/: the list renderer and the item writers both read it.

export type Cell = string | number | boolean | null | undefined;

export interface Column<T> {
  header: string;
  value: (item: T) => Cell;
  /** Ids and e-mails, which people copy: on a terminal the other columns give way, this one never wraps. */
  whole?: true;
}
