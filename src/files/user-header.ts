// The header of a user file (`teamctl help rosters`, "The roster"): which column holds the users,
// their roles, their teams and organization roles, which status columns mark a row inactive, and
// a first line that is neither a header nor a user. The rows themselves are read in users.ts.
import { organizationRoles } from '../choices.js';
import type { FileProblem } from '../errors.js';
import { quote } from '../output/words.js';
import type { DelimitedRow } from './csv.js';
import { statusMapSuggestion, type StatusMap } from './status-map.js';

/** Which kind of value the user column holds. */
export type UserColumn = 'email' | 'id' | 'user';

export interface Layout {
  userIndex: number;
  /** The user column's name as written, for messages. */
  userHeading: string;
  userColumn: UserColumn;
  roleIndex: number | undefined;
  /** A roster's `team` column: every row names the team it is for (an organization roster). */
  teamIndex: number | undefined;
  /** Well-known status columns (inactiveStatuses): a row any of them marks is left out. */
  statusIndexes: number[];
  /** An `orgRole` column (`teamctl help organization`, "Organization roles and leavers"): read by a roster only. */
  orgRoleIndex?: number;
  /** An `sso` column (`teamctl help rosters`, "The roster"): read by a roster only. */
  ssoIndex?: number;
  /** An `id` column beside the `email` column read (a `members list -o csv` export): it backs the e-mail. */
  idIndex?: number;
}

/**
 * Header spellings of HR and identity exports, and the column each names (`teamctl help rosters`, "The roster"):
 * Google Workspace (`Email Address [Required]`), PowerShell `Export-Csv` (`EmailAddress`), Entra
 * (`userPrincipalName`), Okta (`Login`), and the plain ones.
 */
const headerAliases: Record<string, string> = {
  'email address': 'email',
  emailaddress: 'email',
  'e-mail': 'email',
  'e-mail address': 'email',
  mail: 'email',
  'work email': 'email',
  'primary email': 'email',
  userprincipalname: 'email',
  'user principal name': 'email',
  // GitHub's organization member export (`login,name,…,role,last_active,saml_name_id`): the SAML
  // identity is the e-mail, and ranks above `login` (`teamctl help rosters`, "The roster").
  'saml name id': 'email',
  'user id': 'id',
  userid: 'id',
  'user name': 'user',
  username: 'user',
  login: 'user',
  'org role': 'orgrole',
  'organization role': 'orgrole',
  'organisation role': 'orgrole',
  // Entra's bulk templates name the property in brackets: `User name [userPrincipalName] Required`.
  memberobjectidorupn: 'user',
};

/** The property an Entra template names in brackets before `Required` (or nothing), lower case. */
export const bracketedProperty = (cell: string): string => /\[([A-Za-z]+)\]\s*(?:required)?\s*$/i.exec(cell)?.[1]?.toLowerCase() ?? '';

/** A header cell as compared: trimmed, lower case, a bracketed suffix (`[Required]`) dropped. */
export const headerName = (cell: string): string =>
  cell
    .trim()
    .replace(/\s*\[[^\]]*\]\s*$/, '')
    .toLowerCase()
    .replace(/[\s_]+/g, ' ');

/**
 * Status columns that mark accounts inactive in the exports admins keep rosters from, and the
 * values that do (any case): Google Workspace `Status [READ ONLY]` (Suspended), Okta `Status`
 * (SUSPENDED, DEPROVISIONED), Slack `status` (Deactivated), Entra `accountEnabled` (False).
 */
const inactiveStatuses: Record<string, ReadonlySet<string>> = {
  // (Slack's `status` also says `Bot`: a bot is no person to add.)
  status: new Set(['suspended', 'deprovisioned', 'deactivated', 'disabled', 'inactive', 'bot']),
  accountenabled: new Set(['false']),
  'account enabled': new Set(['false', 'no']),
  // Active Directory's `Get-ADUser | Export-Csv`: `Enabled` False.
  enabled: new Set(['false']),
  // Slack's member export: `Account type` is Bot for bots, Deactivated for deactivated accounts.
  'account type': new Set(['bot', 'deactivated']),
  // Google Workspace's user upload: `New Status [UPLOAD ONLY]` Suspended suspends the user.
  'new status': new Set(['suspended']),
  // Okta's Group Membership report.
  'okta user status': new Set(['suspended', 'deprovisioned']),
};

/**
 * The values of the same columns that mark an account active (any case): Okta's other statuses,
 * Slack's account types, the booleans' true. Any other value keeps its row with a warning
 * (`--status-map` says what it means).
 */
const active = ['active', 'enabled', 'true', 'yes'];
const slackTypes = ['member', 'admin', 'owner', 'primary owner', 'workspace admin', 'workspace owner', 'multi-channel guest', 'single-channel guest'];
const activeStatuses: Record<string, ReadonlySet<string>> = {
  status: new Set([...active, 'staged', 'provisioned', 'recovery', 'password_expired', 'locked_out', ...slackTypes]),
  accountenabled: new Set(active),
  'account enabled': new Set(active),
  enabled: new Set(active),
  'account type': new Set([...active, ...slackTypes]),
  'new status': new Set(active),
  'okta user status': new Set([...active, 'staged', 'provisioned', 'recovery', 'password_expired', 'locked_out']),
};

/** An Entra object id (a GUID): no user teamctl can name (`teamctl help rosters`, "The roster"). */
export const objectId = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The header's well-known status columns (inactiveStatuses), by index. */
export const statusColumns = (cells: readonly string[]): number[] => cells.flatMap((c, i) => (inactiveStatuses[headerName(c)] !== undefined ? [i] : []));

/** The header's layout, null when the first row is not a header, or a problem message. */
export function readHeader(cells: string[], readRoles: boolean, chosen: string | undefined): Layout | null | string {
  // The spellings HR exports use name the same columns.
  const names = cells.map((c) => headerAliases[headerName(c)] ?? headerAliases[bracketedProperty(c)] ?? headerName(c));
  const at = (name: string): number[] => names.flatMap((n, i) => (n === name ? [i] : []));
  const columns = { email: at('email'), id: at('id'), user: at('user') };
  const roles = at('role');
  const teams = at('team');
  const statusIndexes = statusColumns(cells);
  const orgRoles = at('orgrole');
  const sso = at('sso');
  const rest = { roleIndex: roles[0], teamIndex: readRoles ? teams[0] : undefined, statusIndexes, ...(readRoles && orgRoles[0] !== undefined ? { orgRoleIndex: orgRoles[0] } : {}), ...(readRoles && sso[0] !== undefined ? { ssoIndex: sso[0] } : {}) };
  if (readRoles && roles.length > 1) return 'column "role" appears more than once in the header';
  if (readRoles && sso.length > 1) return 'column "sso" appears more than once in the header';
  if (readRoles && orgRoles.length > 1) return 'column "orgRole" appears more than once in the header';
  if (readRoles && teams.length > 1) return 'column "team" appears more than once in the header';
  if (chosen !== undefined) {
    // --user-column: that column, whatever its name; its values are e-mails or ids.
    const want = headerName(chosen);
    const found = cells.flatMap((c, i) => (headerName(c) === want ? [i] : []));
    if (found.length === 0) return `no column ${quote(chosen)} in the header (found ${cells.map((c) => quote(c.trim())).join(', ')}), which --user-column names`;
    if (found.length > 1) return `column ${quote(chosen)} appears more than once in the header`;
    const userIndex = found[0] as number;
    return { userIndex, userHeading: cells[userIndex]?.trim() ?? chosen, userColumn: 'user', ...rest };
  }
  const named = columns.email.length + columns.id.length + columns.user.length + roles.length + (readRoles ? teams.length : 0);
  // Entra's templates of object ids (`Object ID [objectId] Required`): an object id is no user.
  const objectIds = cells.find((c) => /objectid$/.test(bracketedProperty(c)));
  if (columns.email.length + columns.id.length + columns.user.length === 0 && objectIds !== undefined) {
    // (--user-column only when another column could be the one: the object ids never are.)
    const other = cells.length > 1 ? ', or name such a column of this file with --user-column' : '';
    return `column ${quote(objectIds.trim())} holds Microsoft Entra object ids, which are not users teamctl can name: use a file with a column of user principal names (e-mails), such as the userPrincipalName column of Entra's user download${other}`;
  }
  if (named === 0 && names.filter((n) => n !== '').length < 2) return null;

  const userColumn = (['email', 'id', 'user'] as const).find((c) => columns[c].length > 0);
  if (!userColumn) {
    const found = cells.map((c) => quote(c.trim())).join(', ');
    return `no user column in the header (found ${found}); accepted: email (or Email Address, EmailAddress, E-mail, Mail, UserPrincipalName), id (or User ID), user (or Username, Login), in any case, a [bracketed] suffix ignored — or name the column with --user-column`;
  }
  // (userColumn was found: its list of columns has one index at least.)
  const userIndex = columns[userColumn][0] as number;
  if (columns[userColumn].length > 1) {
    const both = columns[userColumn].map((i) => (cells[i] as string).trim());
    const what = `${both.length} columns could be the ${userColumn === 'email' ? 'e-mail' : userColumn} column (${both.map(quote).join(', ')})`;
    // --user-column picks a column by its name: columns named alike need one renamed first.
    const names = new Set(both.map(headerName));
    if (names.size < both.length) return `${what}: rename one of them (--user-column picks a column by its name, and theirs are the same)`;
    return `${what}: name the one to read with --user-column ${quote(both[0] as string)}`;
  }
  const idIndex = userColumn === 'email' && columns.id.length === 1 ? columns.id[0] : undefined;
  return { userIndex, userHeading: cells[userIndex]?.trim() ?? userColumn, userColumn, ...rest, ...(idIndex !== undefined ? { idIndex } : {}) };
}

/**
 * A first line that is neither a header nor a user: Entra's bulk template starts with
 * `version:v1.0`; a one-column file whose header teamctl does not know (`Staff`) above e-mails.
 */
export function notAUserLine(first: DelimitedRow, rows: readonly DelimitedRow[]): string | undefined {
  const cells = first.cells.filter((c) => c.trim() !== '');
  if (cells.length !== 1) return undefined;
  const value = (cells[0] as string).trim();
  if (/^version\s*:\s*v?\d/i.test(value)) {
    return `${quote(value)} is neither a header nor a user (Microsoft Entra's bulk template starts so): delete this line, so that the header below it is the first`;
  }
  if (value.includes('@')) return undefined;
  const others = rows.slice(1, 21).map((r) => (r.cells[0] ?? '').trim()).filter((c) => c !== '');
  if (others.length > 0 && others.every((c) => c.includes('@'))) {
    return `${quote(value)} is not an e-mail like the lines below it: if it is the header, name it with --user-column ${quote(value)}`;
  }
  return undefined;
}

/** A status value no list and no --status-map knows: its row is kept, with a warning. */
interface UnknownStatus {
  value: string;
  line: number;
  count: number;
}

/**
 * The rows well-known status columns mark inactive (suspended, deactivated) or as bots, left out
 * of a roster and an --add-file, counted per column for one warning each, and the values no list
 * and no --status-map knows, one warning each (`teamctl help rosters`, "Inactive accounts").
 */
export class InactiveRows {
  private readonly columns: { index: number; name: string; values: ReadonlySet<string>; active: ReadonlySet<string> | undefined; count: number; seen: Set<string>; unknown: Map<string, UnknownStatus> }[];

  constructor(
    header: readonly string[],
    indexes: readonly number[],
    private readonly statusMap?: StatusMap,
  ) {
    this.columns = indexes.map((index) => {
      const name = (header[index] as string).trim();
      const key = headerName(name);
      return { index, name, values: inactiveStatuses[key] ?? new Set(), active: activeStatuses[key], count: 0, seen: new Set(), unknown: new Map() };
    });
  }

  /** Whether `row` is left out: counted under the first column that marks it. */
  leftOut(row: DelimitedRow): boolean {
    for (const column of this.columns) {
      const value = (row.cells[column.index] ?? '').trim();
      const mapped = this.statusMap?.get(value.toLowerCase());
      if (mapped === 'inactive' || (mapped === undefined && column.values.has(value.toLowerCase()))) {
        column.count++;
        column.seen.add(value);
        return true;
      }
    }
    for (const column of this.columns) {
      const value = (row.cells[column.index] ?? '').trim();
      const key = value.toLowerCase();
      // (A column of no name the lists know has no values to know.)
      if (key === '' || column.active === undefined || this.statusMap?.has(key) === true || column.active.has(key)) continue;
      const unknown = column.unknown.get(key);
      if (unknown === undefined) column.unknown.set(key, { value, line: row.line, count: 1 });
      else unknown.count++;
    }
    return false;
  }

  warnings(file: string, line: number): FileProblem[] {
    const left = this.columns
      .filter((c) => c.count > 0)
      .map((c) => {
        const what = [...c.seen].some((v) => v.toLowerCase() === 'bot') ? 'marked inactive or as bots' : 'marked inactive';
        return { file, line, message: `${c.count} ${c.count === 1 ? 'row' : 'rows'} ${what} by column ${quote(c.name)} (${[...c.seen].map(quote).join(', ')}) left out` };
      });
    const unknown = this.columns.flatMap((c) => [...c.unknown.values()].map((u) => ({ ...u, column: c.name })));
    const fix = statusMapSuggestion(new Set(unknown.map((u) => u.value)), this.statusMap);
    const kept = unknown.map((u) => ({
      file,
      line: u.line,
      message: `status ${quote(u.value)} in column ${quote(u.column)} is not one teamctl knows, so ${u.count === 1 ? 'this row is' : `its ${u.count} rows (the first here) are`} kept as active: say what it means with ${fix}`,
    }));
    return [...left, ...kept];
  }
}

/**
 * An `orgRole` cell (`teamctl help organization`, "Organization roles and leavers"): a role, null for `guest`, undefined
 * for an empty cell (the member keeps their organization role); anything else is a problem.
 */
export function orgRoleOf(cell: string, problems: string[], written = cell, fix = ''): string | null | undefined {
  const name = cell.trim().toLowerCase();
  if (name === 'guest') return null;
  if ((organizationRoles as readonly string[]).includes(name)) return name;
  if (name !== '') problems.push(`unknown organization role ${quote(written.trim())} (expected ${organizationRoles.join(', ')} or guest; an empty cell keeps the role)${fix}`);
  return undefined;
}

/**
 * An `sso` cell (`teamctl help rosters`, "The roster"): true or yes is an SSO member, false or no
 * is not, any case; an empty cell says nothing (undefined, as false). Anything else is a problem.
 */
export function ssoOf(cell: string, problems: string[]): boolean | undefined {
  const value = cell.trim().toLowerCase();
  if (value === 'true' || value === 'yes') return true;
  if (value === 'false' || value === 'no') return false;
  if (value !== '') problems.push(`unknown sso value ${quote(cell.trim())} (expected true, yes, false or no; an empty cell says nothing)`);
  return undefined;
}
