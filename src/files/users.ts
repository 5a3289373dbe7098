// Reader for user files: `--roster`, `--add-file`, `--remove-file` (`teamctl help rosters`, "The roster").
// It only reads and validates; matching users against the team is the planner's job
// (src/plan/members.ts). Every problem is collected, located by file and line, and thrown
// together, so an admin fixes a file in one pass and nothing is sent while any row is wrong.
//
// Rules where the contract is silent:
// - A header cell names a column when, trimmed and lower-cased and without a `[…]` suffix, it is
//   `email`, `id`, `user`, `role` or `team`, or a spelling HR and identity exports use for one of
//   them: see headerAliases. `--user-column` names the user column outright.
// - Rows a well-known status column marks inactive (inactiveStatuses) are left out of a roster
//   and an --add-file, with one warning counting them; a --remove-file keeps them.
// - With several user columns, the users come from `email`, else `id`, else `user`; the others
//   are ignored. Per file, not per row: an HR export's `id` is often an employee number, and
//   falling back to it on a row with an empty e-mail would name the wrong user.
// - The first line is a header when it names `email`, `id`, `user` or `role`, or when it has
//   two or more non-empty cells. A header without a user column is an error rather than a list
//   read from its first cell (`First Name,Last Name,Email Address` would otherwise name
//   "First Name" as a user). Otherwise the file is a list: one user per line; a line with
//   more than one non-empty cell is an error, since a role written there would be lost.
// - A value containing `@` is an e-mail; in an `email` column every value must be one.
//   E-mails must look like `local@domain.tld`; ids must not contain spaces or control
//   characters. E-mails are compared trimmed and case-insensitively, ids exactly.
// - A repeated column that is read (`email` twice; `role` twice in a roster) is an error.
// - `role` is only read with `readRoles` (the roster); otherwise the column is ignored
//   entirely, unvalidated. So is `team`: a roster with a `team` column is an organization
//   roster, each row for the team it names (`teamctl help rosters`, "Many teams from one roster").
// - A roster WITHOUT a `role` column (an HR export with only `email`, or a list without
//   header) says nothing about roles: its entries have no `role`, and the planner keeps each
//   member's role (new users are added as `member`). Reading such a file as "everyone is a
//   member" would demote every owner. With a `role` column, an empty cell (or a row too short
//   to reach it) is `member`, as the README says ("The roster").
// - Command-line users (`members add|remove`, `sync --add|--remove`) are checked like file
//   rows, and their problems are reported with the file problems, all at once: the "file" is
//   `arguments` (members add|remove) or the flag (`--add`, `--remove`), and the "line" the
//   argument's 1-based position among those values.
import { teamNameProblem } from '../api/segment.js';
import type { TeamMemberRole } from '../api/types.js';
import type { FileProblem } from '../errors.js';
import { InputFileError } from '../errors.js';
import type { DelimitedFile, DelimitedRow } from './csv.js';
import { quote, shorten } from '../output/words.js';
import type { UserEntry, UserKind } from '../model/users.js';
import { parseDelimited, refuseNulCells } from './csv.js';
import { readTextFile } from './textFile.js';
import { classifyUser, parseUserArguments, throwProblems, userIdentity, userProblem } from './userValues.js';
import { mapRole, roleMapSuggestion, type RoleMap } from './role-map.js';
import type { StatusMap } from './status-map.js';
import { bracketedProperty, InactiveRows, notAUserLine, objectId, orgRoleOf, readHeader, ssoOf, type UserColumn } from './user-header.js';
import { looksLikeJson, memberJsonRows } from './json-in.js';
import { isXlsx, readSpreadsheet, sheetWithoutXlsx } from './spreadsheet.js';

export interface UserFileOptions {
  /** Read the `role` column, and a `team` column if there is one (only `--roster` does). */
  readRoles: boolean;
  /** --user-column: the header cell naming the user column (any case; a `[…]` suffix ignored). */
  userColumn?: string | undefined;
  /** Leave out the rows a well-known status column marks inactive (the roster, --add-file). */
  dropInactive?: boolean;
  /** `--sheet <name>`: the sheet of an .xlsx to read (default its first). */
  sheet?: string | undefined;
  /** `--org-roles`: read and check the `orgRole` column; without it, it is ignored like any other. */
  orgRoles?: boolean | undefined;
  /** `--set-sso`: read and check the `sso` column; without it, it is ignored like any other. */
  sso?: boolean | undefined;
  /** `--role-map`: other tools' role values mapped to teamctl's (role-map.ts). */
  roleMap?: RoleMap | undefined;
  /** `--status-map`: other HR status values, active or inactive (status-map.ts). */
  statusMap?: StatusMap | undefined;
  /** `--encoding <label>`: a CSV's encoding (default UTF-8); `encodingFlag`: the command reads it. */
  encoding?: string | undefined;
  encodingFlag?: boolean | undefined;
}

export type { UserColumn };
// The user values are checked in userValues.ts; the readers' callers find them here too.
export { classifyUser, maxEmailLength, maxIdLength, parseUserArgument, parseUserArguments, throwProblems, userIdentity, userProblem } from './userValues.js';

export interface UserFile {
  file: string;
  /** One entry per distinct user, in file order (duplicates merged into the first). */
  users: UserEntry[];
  /** Duplicates that were merged, one per repeated line. */
  warnings: FileProblem[];
  /**
   * How the file was read: its header's user column and whether it had a `role` column, or
   * null for a list without header (an empty file too). A header-only file has a header and no
   * users, which the caller refuses for a roster.
   */
  header: {
    userColumn: UserColumn;
    roleColumn: boolean;
    teamColumn: boolean;
    /** The user column's header cell as written. */
    userHeading: string;
    /** Whether a roster has an `orgRole` column (only rosters read it). */
    orgRoleColumn?: boolean;
    /** Whether a roster has an `sso` column read (with `sso`). */
    ssoColumn?: boolean;
  } | null;
  /**
   * Where each team name of the rows came from, when not from the rows' own lines (a group map's
   * rows, `teamctl help directory`): a team the organization lacks is a problem of these lines.
   */
  teamSources?: ReadonlyMap<string, readonly { file: string; line: number }[]>;
  /**
   * A group map's teams no active person is placed in, each with the warning that says it is left
   * as it is: said unless the run syncs that team under another name (its id and its title).
   */
  teamsLeftAlone?: ReadonlyMap<string, string>;
}


/** `owner`/`member` in any case; an empty cell is `member`; anything else is null. */
export function parseRole(cell: string): TeamMemberRole | null {
  const role = cell.trim().toLowerCase();
  if (role === '') return 'member';
  return role === 'owner' || role === 'member' ? role : null;
}

/** An Entra user download's `mail` and `userPrincipalName` columns, when it has both. */
export function entraColumns(header: readonly string[]): { mail: number; upn: number } | undefined {
  const names = header.map((c) => c.trim().toLowerCase());
  const mail = names.indexOf('mail');
  const upn = names.indexOf('userprincipalname');
  return mail >= 0 && upn >= 0 ? { mail, upn } : undefined;
}

/**
 * The user of a row of an Entra user download (`teamctl help rosters`, "The roster"): a guest's
 * user principal name (`ada_example.com#EXT#@tenant.onmicrosoft.com`) is its `mail`, or the
 * address it was made from; an empty `mail` (a member without a mailbox) is its user principal name.
 */
export function entraUser(cell: string, cells: readonly string[], userIndex: number, entra: { mail: number; upn: number }): string {
  const upn = userIndex === entra.mail && cell === '' ? (cells[entra.upn] ?? '').trim() : cell;
  const guest = /^(.+)#EXT#@/i.exec(upn)?.[1];
  if (guest === undefined) return upn;
  const mail = (cells[entra.mail] ?? '').trim();
  if (mail !== '') return mail;
  const at = guest.lastIndexOf('_');
  return at < 0 ? upn : `${guest.slice(0, at)}@${guest.slice(at + 1)}`;
}

/** The role and organization-role values of the rows that are neither known nor mapped, each with its column. */
function unknownRoles(rows: readonly DelimitedRow[], roleIndex: number | undefined, orgRoleIndex: number | undefined, map: RoleMap | undefined): Map<string, 'team' | 'organization'> {
  const unknown = new Map<string, 'team' | 'organization'>();
  for (const { cells } of rows) {
    const role = roleIndex === undefined ? '' : (cells[roleIndex] ?? '').trim();
    if (role !== '' && parseRole(mapRole(role, map)) === null) unknown.set(role, 'team');
    const orgRole = orgRoleIndex === undefined ? '' : (cells[orgRoleIndex] ?? '').trim();
    if (orgRole !== '' && orgRoleOf(mapRole(orgRole, map), []) === undefined && mapRole(orgRole, map) !== '') unknown.set(orgRole, 'organization');
  }
  return unknown;
}

/** Turns parsed rows into users; throws InputFileError listing every problem (up to 50). */
function readUserRows(parsed: DelimitedFile & { problems: FileProblem[] }, opts: UserFileOptions): UserFile {
  const { file, rows } = parsed;
  const first = rows[0];
  // Broken quoting is reported with every other problem of the file, unless it broke the first
  // row, which says what the others are (a header or not).
  const broken = parsed.problems;
  if (broken.length > 0 && (!first || (broken[0] as FileProblem).line <= first.line)) throw new InputFileError(broken);
  if (!first) return { file, users: [], warnings: [], header: null };

  refuseNulCells(parsed);

  const layout = readHeader(first.cells, opts.readRoles, opts.userColumn);
  if (typeof layout === 'string') throw new InputFileError([{ file, line: first.line, message: layout }]);
  const odd = layout ? undefined : notAUserLine(first, rows);
  if (odd) throw new InputFileError([{ file, line: first.line, message: odd }]);
  const inactive = layout && opts.dropInactive === true ? new InactiveRows(first.cells, layout.statusIndexes, opts.statusMap) : undefined;
  // A column of Entra's template that may hold object ids (`[memberObjectIdOrUpn]`): those are no users.
  const entraObjectIds = layout !== null && /objectid/.test(bracketedProperty(first.cells[layout.userIndex] ?? ''));

  const problems: FileProblem[] = [];
  const warnings: FileProblem[] = [];
  const users: UserEntry[] = [];
  const seen = new Map<string, UserEntry>();
  const orgRoles = new Map<string, UserEntry>();
  const dataRows: DelimitedRow[] = layout ? rows.slice(1) : rows;
  const orgRoleIndex = opts.orgRoles === true ? layout?.orgRoleIndex : undefined;
  const ssoIndex = opts.sso === true ? layout?.ssoIndex : undefined;
  const ssoSaid = new Map<string, UserEntry & { said: boolean }>();
  // Every role value neither known nor mapped: each line's problem names the map that reads them all.
  const unknown = unknownRoles(dataRows, opts.readRoles ? layout?.roleIndex : undefined, orgRoleIndex, opts.roleMap);
  const fix = unknown.size === 0 ? '' : `: map it with ${roleMapSuggestion(unknown, opts.roleMap)}`;
  const entra = layout ? entraColumns(first.cells) : undefined;

  for (const row of dataRows) {
    if (inactive?.leftOut(row) === true) continue;
    const rowProblems: string[] = [];
    const idCell = layout?.idIndex === undefined ? '' : (row.cells[layout.idIndex] ?? '').trim();
    let cell = (row.cells[layout ? layout.userIndex : 0] ?? '').trim();
    if (layout && entra) cell = entraUser(cell, row.cells, layout.userIndex, entra);
    let backingId: string | undefined;
    let idOnly = false;
    // A row of an export with both columns: with both, the id backs the e-mail (the planner
    // refuses a row whose two name different members); without an e-mail, the id is read, and
    // the planner takes it only for a member of the team (an HR export's `id` is often an
    // employee number, never to be added as a user).
    if (idCell !== '') {
      const problem = userProblem(idCell, 'id');
      if (problem) rowProblems.push(`column "id": ${problem}`);
      else if (cell === '') [cell, idOnly] = [idCell, true];
      else backingId = idCell;
    }
    let user: { key: string; kind: UserKind } | undefined;
    if (cell === '') {
      rowProblems.push(layout ? `empty user cell (column ${quote(layout.userHeading)})` : 'empty user cell');
    } else {
      const classified = classifyUser(cell);
      const problem =
        entraObjectIds && objectId.test(classified.key)
          ? `${quote(classified.key)} is a Microsoft Entra object id, not a user teamctl can name: write the member's user principal name (e-mail) in column ${quote(layout?.userHeading ?? '')}`
          : layout?.userColumn === 'email' && classified.kind === 'id' && !idOnly
            ? `invalid e-mail address ${quote(cell)}`
            : userProblem(classified.key, classified.kind);
      if (problem) rowProblems.push(problem);
      else user = classified;
    }
    if (!layout) {
      const extra = row.cells.slice(1).filter((c) => c.trim() !== '');
      if (extra.length > 0) {
        const values = row.cells.filter((c) => c.trim() !== '').map((c) => quote(c.trim()));
        rowProblems.push(`several values on one line (${values.join(', ')}); without a header, each line holds one user`);
      }
    }
    let role: TeamMemberRole | undefined;
    // No role column: the file says nothing about roles (role stays undefined).
    if (opts.readRoles && layout?.roleIndex !== undefined) {
      const roleCell = row.cells[layout.roleIndex] ?? '';
      const parsedRole = parseRole(mapRole(roleCell, opts.roleMap));
      if (parsedRole) role = parsedRole;
      else rowProblems.push(`unknown role ${quote(roleCell.trim())} (expected owner or member)${fix}`);
    }

    const orgCell = orgRoleIndex === undefined ? '' : (row.cells[orgRoleIndex] ?? '');
    const orgRole = orgRoleIndex === undefined ? undefined : orgRoleOf(mapRole(orgCell, opts.roleMap), rowProblems, orgCell, fix);
    const sso = ssoIndex === undefined ? undefined : ssoOf(row.cells[ssoIndex] ?? '', rowProblems);

    let team: string | undefined;
    if (layout?.teamIndex !== undefined) {
      team = (row.cells[layout.teamIndex] ?? '').trim();
      // A team's id or its title (README, "Teams by id or title"): matched, never put in a path as written.
      const problem = team === '' ? 'empty team cell (an organization roster names the team on every row)' : teamNameProblem(team);
      if (problem !== undefined) rowProblems.push(team === '' ? problem : `invalid team ${quote(team)}: ${problem}`);
    }

    if (rowProblems.length > 0) {
      // A list whose first line fails was probably meant to have a header: say what one needs.
      const hint = !layout && row === first ? ' (no header found: a header names an "email", "id" or "user" column)' : '';
      for (const message of rowProblems) problems.push({ file, line: row.line, message: message + hint });
      continue;
    }
    if (!user) continue;

    const entry: UserEntry = { key: user.key, kind: user.kind, line: row.line, file };
    if (backingId !== undefined && user.kind === 'email') entry.id = backingId;
    if (idOnly) entry.idOnly = true;
    if (role) entry.role = role;
    if (team !== undefined) entry.team = team;
    if (!ssoAnswer(ssoSaid, entry, sso, problems)) continue;
    if (orgRole !== undefined) {
      entry.orgRole = orgRole;
      // One organization role per user, whatever team the row is for.
      const key = userIdentity(entry);
      const other = orgRoles.get(key);
      if (other === undefined) orgRoles.set(key, entry);
      else if (other.orgRole !== orgRole) {
        problems.push({ file, line: row.line, message: `${quote(entry.key)} has the organization role ${other.orgRole ?? 'guest'} on line ${other.line} and ${orgRole ?? 'guest'} on line ${row.line}` });
        continue;
      }
    }
    // The same user in two teams is two rows of an organization roster, not a duplicate.
    const identity = `${team ?? ''}\u0000${userIdentity(entry)}`;
    const earlier = seen.get(identity);
    if (!earlier) {
      seen.set(identity, entry);
      users.push(entry);
    } else if (earlier.role !== entry.role) {
      const [was, now] = [earlier.role ?? '', entry.role ?? ''];
      const inTeam = team === undefined ? '' : ` in team ${quote(team)}`;
      const message = `${quote(entry.key)} is on line ${earlier.line} as ${was} and on line ${entry.line} as ${now}${inTeam}`;
      problems.push({ file, line: row.line, message });
    } else {
      if (entry.sso) earlier.sso = true;
      warnings.push({ file, line: row.line, message: `${quote(entry.key)} is also on line ${earlier.line}; counted once` });
    }
  }

  if (broken.length > 0) problems.push(...broken);
  problems.sort((a, b) => a.line - b.line);
  if (problems.length > 0) throw new InputFileError(problems.slice(0, InputFileError.maxListed), problems.length);
  if (inactive) warnings.push(...inactive.warnings(file, first.line));
  return {
    file,
    users,
    warnings,
    header: layout
      ? { userColumn: layout.userColumn, roleColumn: layout.roleIndex !== undefined, teamColumn: layout.teamIndex !== undefined, userHeading: layout.userHeading, ...(layout.orgRoleIndex !== undefined ? { orgRoleColumn: true } : {}), ...(ssoIndex !== undefined ? { ssoColumn: true } : {}) }
      : null,
  };
}

/**
 * A row's `sso` answer given to its entry, one per user whatever team the row is for (kept in
 * `said`): false, with the problem, for a user said SSO on one row and not on another.
 */
function ssoAnswer(said: Map<string, UserEntry & { said: boolean }>, entry: UserEntry, sso: boolean | undefined, problems: FileProblem[]): boolean {
  if (sso === true) entry.sso = true;
  if (sso === undefined) return true;
  const key = userIdentity(entry);
  const other = said.get(key);
  if (other === undefined) said.set(key, { ...entry, said: sso });
  if (other === undefined || other.said === sso) return true;
  const not = (yes: boolean): string => (yes ? '' : 'not ');
  problems.push({ file: entry.file ?? '', line: entry.line, message: `${quote(entry.key)} is ${not(other.said)}SSO on line ${other.line} and ${not(sso)}SSO on line ${entry.line}` });
  return false;
}

/** Reads users from a file's text (`file` names it in messages). */
export function parseUserFile(text: string, file: string, opts: UserFileOptions): UserFile {
  // PowerShell's Export-Csv (without -NoTypeInformation) starts with `#TYPE System.Object…`: a
  // line of its own, skipped with a note, the lines below keeping their numbers.
  // teamctl's own `members list --json` / `-o ndjson`, known by its first character.
  if (looksLikeJson(text)) return readUserRows(memberJsonRows(text, file), opts);
  const typed = withoutTypeLine(text, file);
  const read = readUserRows(parseDelimited(typed.text, file, { recover: true }), opts);
  return typed.note === undefined ? read : { ...read, warnings: [typed.note, ...read.warnings] };
}

/**
 * PowerShell's Export-Csv (without -NoTypeInformation) starts with `#TYPE System.Object…`: the
 * text with that line emptied (the lines below keep their numbers), and the note saying so.
 */
export function withoutTypeLine(text: string, file: string): { text: string; note?: FileProblem } {
  const typeLine = /^(\uFEFF?)(#TYPE\b[^\r\n]*)/.exec(text);
  if (!typeLine) return { text };
  const note = `${quote(shorten(typeLine[2] ?? '', 60))} is the type line PowerShell's Export-Csv writes (without -NoTypeInformation): skipped`;
  return { text: (typeLine[1] ?? '') + text.slice(typeLine[0].length), note: { file, line: 1, message: note } };
}

/** Reads users from a file on disk; an unreadable file is an InputFileError naming it. */
export async function readUserFile(path: string, opts: UserFileOptions, cwd?: string): Promise<UserFile> {
  // An .xlsx: its sheet's rows, through the same columns and checks (`teamctl help glossary-files`, "Spreadsheets (.xlsx)").
  if (await isXlsx(path, cwd)) return readUserRows({ ...(await readSpreadsheet(path, opts.sheet, cwd)), problems: [] }, opts);
  if (opts.sheet !== undefined) throw sheetWithoutXlsx(path);
  const encoding = { ...(opts.encoding === undefined ? {} : { encoding: opts.encoding }), ...(opts.encodingFlag === true ? { encodingFlag: true } : {}) };
  return parseUserFile(await readTextFile(path, cwd, encoding), path, opts);
}

/**
 * The users named by the command line and a --file, every one of them (a leaver, a member whose
 * role changes, inactive or not): every problem of both at once (exit 2, nothing sent); the
 * file's warnings (a user named twice) go to `warn`.
 */
export async function namedUsers(args: readonly string[], file: string | undefined, sheet: string | undefined, cwd: string, warn: (w: FileProblem) => void): Promise<UserEntry[]> {
  const { users, problems } = parseUserArguments(args, 'arguments');
  let fromFile: UserEntry[] = [];
  if (file !== undefined) {
    try {
      const read = await readUserFile(file, { readRoles: false, dropInactive: false, sheet }, cwd);
      fromFile = read.users;
      for (const w of read.warnings) warn(w);
    } catch (err) {
      if (!(err instanceof InputFileError)) throw err;
      problems.push(...err.problems);
    }
  }
  throwProblems(problems);
  return [...users, ...fromFile];
}
