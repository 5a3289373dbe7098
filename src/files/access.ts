// The access file (`teamctl help access`): a CSV, TSV or .xlsx of one grant a row — `resource`
// (`space:`, `collection:` or `site:` then an id or a title), `team` or `user` (exactly one),
// `role` — and a resource's general access as a row with `*` in `team`. This reader checks what a
// file alone can say; which resource, team or user a name means is the access domain's to look up.
// Every problem names the file and the line, and nothing is sent while there is one.
import { resourceKinds, type ResourceKind } from '../choices.js';
import { InputFileError, type FileProblem } from '../errors.js';
import { parseLevel, parseRole, type DefaultLevel } from '../model/access.js';
import { readCell } from './cells.js';
import { parseDelimited, refuseNulCells, type DelimitedFile } from './csv.js';
import { isXlsx, readSpreadsheet, sheetWithoutXlsx } from './spreadsheet.js';
import { readTextFile } from './textFile.js';

/** The word in `team` that makes a row the resource's general access. */
export const everyone = '*';

const columns = ['resource', 'team', 'user', 'role'] as const;
type ColumnName = (typeof columns)[number];

/** One row as written: a resource, a team, a user or everyone, and a role or general access level. */
export interface AccessFileRow {
  line: number;
  kind: ResourceKind;
  /** The resource's id or title, as written after `kind:`. */
  resource: string;
  subject: { kind: 'team' | 'user'; name: string } | { kind: 'everyone' };
  /** A role (null: guest); on a general-access row, `inherit` too. */
  level: DefaultLevel;
}

export interface AccessFile {
  file: string;
  rows: AccessFileRow[];
}

/** The column of each header cell, or the problem with the header. */
function readHeader(cells: readonly string[]): { at: Record<ColumnName, number | undefined> } | { problem: string } {
  const at: Record<ColumnName, number | undefined> = { resource: undefined, team: undefined, user: undefined, role: undefined };
  for (const [i, raw] of cells.entries()) {
    const name = readCell(raw).toLowerCase();
    if (name === '' && i === cells.length - 1) continue;
    if (!(columns as readonly string[]).includes(name)) return { problem: `unknown column ${JSON.stringify(readCell(raw))}: an access file has the columns resource, team, user, role` };
    if (at[name as ColumnName] !== undefined) return { problem: `the column ${JSON.stringify(name)} is there twice` };
    at[name as ColumnName] = i;
  }
  const missing = (['resource', 'role'] as const).filter((c) => at[c] === undefined);
  if (missing.length > 0) return { problem: `no ${missing.map((c) => JSON.stringify(c)).join(' or ')} column: an access file has the columns resource, team, user, role` };
  if (at.team === undefined && at.user === undefined) return { problem: 'no "team" or "user" column: an access file has the columns resource, team, user, role' };
  return { at };
}

/** One row, or why it is not one. */
function readRow(cells: readonly string[], at: Record<ColumnName, number | undefined>, line: number): AccessFileRow | string {
  const cell = (c: ColumnName): string => (at[c] === undefined ? '' : readCell(cells[at[c]] ?? ''));
  const resource = cell('resource');
  const colon = resource.indexOf(':');
  const kind = resource.slice(0, colon).trim().toLowerCase();
  const name = resource.slice(colon + 1).trim();
  if (colon < 0 || !(resourceKinds as readonly string[]).includes(kind)) return `the resource ${JSON.stringify(resource)} is not space:, collection: or site: then an id or a title`;
  if (name === '') return `the resource ${JSON.stringify(resource)} names no ${kind}`;
  const [team, user, role] = [cell('team'), cell('user'), cell('role')];
  if (team !== '' && user !== '') return 'a row names a team or a user, not both';
  if (team === '' && user === '') return `a row names a team or a user (or ${everyone} in "team" for the ${kind}'s general access)`;
  if (team === everyone) {
    const level = parseLevel(role);
    if (level === undefined) return `unknown general access ${JSON.stringify(role)}: one of admin, create, edit, review, comment, read, guest, inherit`;
    return { line, kind: kind as ResourceKind, resource: name, subject: { kind: 'everyone' }, level };
  }
  const parsed = parseRole(role);
  if (parsed === undefined) return role === 'inherit' ? '`inherit` is a general access level: only a row with * in "team" takes it' : `unknown role ${JSON.stringify(role)}: one of admin, create, edit, review, comment, read, guest`;
  return { line, kind: kind as ResourceKind, resource: name, subject: team !== '' ? { kind: 'team', name: team } : { kind: 'user', name: user }, level: parsed };
}

/** The rows of an access file already split into cells; every problem at once. */
export function readAccessRows(input: DelimitedFile & { problems?: FileProblem[] }): AccessFile {
  refuseNulCells(input);
  const problems: FileProblem[] = [...(input.problems ?? [])];
  const [header, ...body] = input.rows;
  if (header === undefined) throw new InputFileError([{ file: input.file, line: 0, message: 'the file is empty: an access file has the columns resource, team, user, role' }]);
  const read = readHeader(header.cells);
  if ('problem' in read) throw new InputFileError([{ file: input.file, line: header.line, message: read.problem }]);
  const rows: AccessFileRow[] = [];
  for (const { line, cells } of body) {
    const row = readRow(cells, read.at, line);
    if (typeof row === 'string') problems.push({ file: input.file, line, message: row });
    else rows.push(row);
  }
  if (problems.length > 0) throw new InputFileError(problems.slice(0, InputFileError.maxListed), problems.length);
  return { file: input.file, rows };
}

/** An access file's text (`file` names it in messages). */
export function parseAccessFile(text: string, file: string): AccessFile {
  return readAccessRows(parseDelimited(text, file, { recover: true }));
}

/** An access file on disk: CSV, TSV, or a sheet of an .xlsx. */
export async function readAccessFile(path: string, cwd?: string, sheet?: string): Promise<AccessFile> {
  if (await isXlsx(path, cwd)) return readAccessRows(await readSpreadsheet(path, sheet, cwd));
  if (sheet !== undefined) throw sheetWithoutXlsx(path);
  return parseAccessFile(await readTextFile(path, cwd), path);
}
