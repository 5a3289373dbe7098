// Reader of group exports (`teamctl help rosters`, "Groups from the identity provider"): an
// identity provider's file of who is in which group, known by its header or named with
// `--format`, read into one GroupExport. It only reads and checks: the group map (`teamctl help
// directory`) turns groups into teams. Every problem is located by file and line and thrown
// together (exit 2, nothing sent), as a roster's are.
import { InputFileError, UsageError } from '../../errors.js';
import { quote } from '../../output/words.js';
import type { DelimitedFile, DelimitedRow } from '../csv.js';
import { parseDelimited, refuseNulCells } from '../csv.js';
import type { FileProblem } from '../../errors.js';
import type { RoleMap } from '../role-map.js';
import { isXlsx, readSpreadsheet, sheetWithoutXlsx } from '../spreadsheet.js';
import type { StatusMap } from '../status-map.js';
import { readTextFile } from '../textFile.js';
import { withoutTypeLine } from '../users.js';
import { detectFormat, formatReader } from './detect.js';
import { headerNames } from './layout.js';
import { readGroupRows } from './rows.js';
import type { GroupExport, GroupExportFormat } from './types.js';

/** The formats `--format` names, in the order `teamctl help rosters` lists them. */
export const groupExportFormats: readonly GroupExportFormat[] = ['okta', 'entra-members', 'entra', 'google', 'jumpcloud', 'teamctl'];

/** `--format <name>`: one of groupExportFormats (any case), else a UsageError naming them. */
export function parseGroupExportFormat(value: string): GroupExportFormat {
  const name = value.trim().toLowerCase();
  const found = groupExportFormats.find((f) => f === name);
  if (found === undefined) throw new UsageError(`--format: ${quote(value)} is no group export teamctl reads (${groupExportFormats.join(', ')})`);
  return found;
}

export interface GroupExportOptions {
  /** `--format`: the export's provider; detected from its header otherwise. */
  format?: GroupExportFormat | undefined;
  /** `--group`: the one group of an export without group column (its file name otherwise). */
  group?: string | undefined;
  /** `--status-map`: other status values, active or inactive. */
  statusMap?: StatusMap | undefined;
  /** `--role-map`: the export's role column is read only with it. */
  roleMap?: RoleMap | undefined;
  /** `--user-column`: the header cell naming the user column. */
  userColumn?: string | undefined;
  /** `--encoding <label>`: a CSV's encoding (default UTF-8); `encodingFlag`: the command reads it. */
  encoding?: string | undefined;
  encodingFlag?: boolean | undefined;
  /** `--sheet <name>`: the sheet of an .xlsx to read (default its first). */
  sheet?: string | undefined;
}

/** Reads the rows of a group export once parsed (a CSV's or an .xlsx sheet's). */
function readGroupFile(parsed: DelimitedFile & { problems: FileProblem[] }, opts: GroupExportOptions): GroupExport {
  const { file, rows } = parsed;
  const header: DelimitedRow | undefined = rows[0];
  const broken = parsed.problems;
  // Broken quoting that broke the header says nothing about the rest.
  if (broken.length > 0 && (!header || (broken[0] as FileProblem).line <= header.line)) throw new InputFileError(broken);
  if (!header) throw new InputFileError([{ file, line: 0, message: 'empty group export: its first line names its columns (a user column, and the groups)' }]);
  refuseNulCells(parsed);

  const reader = opts.format === undefined ? detectFormat(headerNames(header.cells)) : formatReader(opts.format);
  const layout = reader.layout(header.cells, { file, userColumn: opts.userColumn, group: opts.group });
  if (typeof layout === 'string') {
    // A format --format names says which columns it wanted.
    const named = opts.format === undefined ? '' : ` (--format ${opts.format} reads ${reader.columns})`;
    throw new InputFileError([{ file, line: header.line, message: layout + named }]);
  }
  if (opts.group !== undefined && layout.groupColumns !== undefined) {
    const columns = layout.groupColumns.indexes.map((i) => quote((header.cells[i] ?? '').trim())).join(', ');
    throw new InputFileError([{ file, line: header.line, message: `--group names the one group of an export without group column, and this one has ${columns}` }]);
  }
  try {
    const read = readGroupRows(file, header, rows.slice(1), layout, opts);
    if (broken.length > 0) throw new InputFileError(broken);
    return read;
  } catch (err) {
    // Broken quoting further down is listed with the rows' problems, in line order.
    if (!(err instanceof InputFileError) || broken.length === 0 || err.problems === broken) throw err;
    const all = [...err.problems, ...broken].sort((a, b) => a.line - b.line);
    throw new InputFileError(all.slice(0, InputFileError.maxListed), err.total + broken.length);
  }
}

/** Reads a group export from its text (`file` names it in messages, and the group of a one-group export). */
export function parseGroupExport(text: string, file: string, opts: GroupExportOptions): GroupExport {
  // PowerShell's Export-Csv writes a `#TYPE …` first line: skipped with a note, as a roster's.
  const typed = withoutTypeLine(text, file);
  const read = readGroupFile(parseDelimited(typed.text, file, { recover: true }), opts);
  return typed.note === undefined ? read : { ...read, warnings: [typed.note, ...read.warnings] };
}

/** Reads a group export from a file (a CSV, or an .xlsx through the roster's reader); bounded as every input file. */
export async function readGroupExport(path: string, opts: GroupExportOptions, cwd: string): Promise<GroupExport> {
  if (await isXlsx(path, cwd)) return readGroupFile({ ...(await readSpreadsheet(path, opts.sheet, cwd)), problems: [] }, opts);
  if (opts.sheet !== undefined) throw sheetWithoutXlsx(path);
  const encoding = { ...(opts.encoding === undefined ? {} : { encoding: opts.encoding }), ...(opts.encodingFlag === true ? { encodingFlag: true } : {}) };
  return parseGroupExport(await readTextFile(path, cwd, encoding), path, opts);
}
