// How a group export's columns are read (`teamctl help rosters`, "Groups from the identity
// provider"): each provider's reader (okta.ts, entra.ts, google.ts, jumpcloud.ts, own.ts) makes one
// from the header, and rows.ts reads every row through it.
import { quote } from '../../output/words.js';
import { headerName } from '../user-header.js';
import type { GroupExportFormat } from './types.js';

/** The columns of a group export, once its header is read. */
export interface GroupLayout {
  format: GroupExportFormat;
  /** The user column, its heading as written, and whether each of its values must be an e-mail. */
  userIndex: number;
  userHeading: string;
  emailColumn: boolean;
  /** The user of a row as written, when more than its user cell says it (Entra's guests). */
  userOf?: (cells: readonly string[], cell: string) => string;
  /**
   * The columns naming a row's groups. `split`: a cell may name several, `;` or `,` between
   * them. `required`: an empty cell is a problem of its line (a person in no group otherwise).
   */
  groupColumns?: { indexes: number[]; split: boolean; required: boolean };
  /** The one group of an export without group column (its file name, or `--group`). */
  group?: string;
  /** Status columns marking inactive accounts (user-header.ts knows them), and an export's own. */
  statusIndexes: number[];
  /** The export's role column, read only with `--role-map`. */
  roleIndex?: number;
  /** Every person is the identity provider's account (`true`), or a column says so (teamctl's own `sso`). */
  sso: true | { index: number } | undefined;
  /** Whether a row is no person (a nested group, a service principal, a device). */
  notPerson?: (cells: readonly string[]) => boolean;
}

/** The header cells as compared: trimmed, lower case, `[…]` dropped, spaces and `_` as one space. */
export const headerNames = (cells: readonly string[]): string[] => cells.map(headerName);

/** The index of the first header cell named one of `names` (as headerName compares them), or undefined. */
export function columnOf(names: readonly string[], ...wanted: string[]): number | undefined {
  for (const want of wanted) {
    const at = names.indexOf(want);
    if (at >= 0) return at;
  }
  return undefined;
}

/** What a format's reader is told besides the header. */
export interface HeaderContext {
  file: string;
  /** `--user-column`: the header cell naming the user column. */
  userColumn?: string | undefined;
  /** `--group`: the one group of an export without group column. */
  group?: string | undefined;
}

/** One identity provider's export: how its header is known, and how its columns are read. */
export interface GroupFormat {
  format: GroupExportFormat;
  /** The columns its header has, for the message of a `--format` whose columns are missing. */
  columns: string;
  /** Whether a header (headerNames) is this format's. */
  detect: (names: readonly string[]) => boolean;
  /** The layout of its header, or what is wrong with it. */
  layout: (cells: readonly string[], ctx: HeaderContext) => GroupLayout | string;
}

/** The group of an export of one group: `--group`, else the file name without its extension. */
export function groupOfFile(ctx: HeaderContext): string {
  if (ctx.group !== undefined) return ctx.group.trim();
  const name = ctx.file.replace(/\\/g, '/').split('/').pop() ?? ctx.file;
  // (An .xlsx sheet is named `book.xlsx:Sheet1!`: the book names the group.)
  return name.replace(/:[^:]*!$/, '').replace(/\.[^.]*$/, '');
}

/**
 * The user column `--user-column` names, or the first header cell named one of `preferred`, with
 * its heading as written; a problem when neither is there.
 */
export function userColumnOf(cells: readonly string[], ctx: HeaderContext, preferred: readonly string[]): { index: number; heading: string } | string {
  const names = headerNames(cells);
  if (ctx.userColumn !== undefined) {
    const index = names.indexOf(headerName(ctx.userColumn));
    if (index < 0) return `no column ${quote(ctx.userColumn)} in the header, which --user-column names`;
    return { index, heading: (cells[index] ?? '').trim() };
  }
  const index = columnOf(names, ...preferred);
  if (index === undefined) return `no user column in the header (expected one of ${preferred.map(quote).join(', ')})`;
  return { index, heading: (cells[index] ?? '').trim() };
}
