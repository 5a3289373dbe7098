// The rows of a group export, read through its layout (`teamctl help rosters`, "Groups from the
// identity provider"). Every problem is collected with its file and line and thrown together, as a
// roster's are (users.ts): nothing is sent while any row is wrong.
//
// Decisions:
// - A person on several rows (a file of one row a membership) is one member, their groups merged
//   in file order, keeping the first line; a warning notes each later line only when it adds no group.
// - Rows that are no people (layout.notPerson) are counted, unchecked, and not warned of (the
//   caller reports the count); their groups still count.
// - Rows a status column marks inactive are left out as a roster leaves them out, counted once
//   per person; their groups still count in `groups`. A person inactive on one row and active on
//   another is a problem of the later line: the export contradicts itself about one account.
// - Groups are compared as written, trimmed: the group map decides how names match.
// - The role column is read only with `--role-map`; a person's role is the highest of their rows.
import type { DelimitedRow } from '../csv.js';
import type { FileProblem } from '../../errors.js';
import { InputFileError } from '../../errors.js';
import { quote } from '../../output/words.js';
import type { UserEntry } from '../../model/users.js';
import { mapRole, roleMapSuggestion, type RoleMap } from '../role-map.js';
import type { StatusMap } from '../status-map.js';
import { InactiveRows } from '../user-header.js';
import { classifyUser, parseRole, userIdentity, userProblem } from '../users.js';
import type { GroupLayout } from './layout.js';
import type { GroupExport, GroupMember } from './types.js';

export interface RowOptions {
  statusMap?: StatusMap | undefined;
  roleMap?: RoleMap | undefined;
}

/** The groups a cell names: one, or several separated by `;` or `,` when the column may hold several. */
function cellGroups(cell: string, split: boolean): string[] {
  const parts = split ? cell.split(/[;,]/) : [cell];
  return parts.map((g) => g.trim()).filter((g) => g !== '');
}

/** The groups of a row, and the problem of a group cell that must name one and is empty. */
function rowGroups(cells: readonly string[], header: readonly string[], layout: GroupLayout): { groups: string[]; problem?: string } {
  if (layout.groupColumns === undefined) return { groups: layout.group === undefined ? [] : [layout.group] };
  const { indexes, split, required } = layout.groupColumns;
  const groups = indexes.flatMap((i) => cellGroups(cells[i] ?? '', split));
  if (groups.length === 0 && required) {
    const columns = indexes.map((i) => quote((header[i] ?? '').trim())).join(', ');
    return { groups, problem: `empty group cell (column ${columns})` };
  }
  return { groups };
}

/** An `sso` cell of teamctl's own format: true, yes, false, no (any case), empty for no. */
function ssoCell(cell: string): boolean | undefined {
  const value = cell.trim().toLowerCase();
  if (value === 'true' || value === 'yes') return true;
  if (value === 'false' || value === 'no' || value === '') return false;
  return undefined;
}

const roleRank = (role: string | undefined): number => (role === 'owner' ? 2 : role === 'member' ? 1 : 0);

/** The user of a row, or the problem of its user cell. */
function rowUser(cells: readonly string[], layout: GroupLayout): { key: string; kind: UserEntry['kind'] } | string {
  const written = (cells[layout.userIndex] ?? '').trim();
  const cell = layout.userOf ? layout.userOf(cells, written).trim() : written;
  if (cell === '') return `empty user cell (column ${quote(layout.userHeading)})`;
  const user = classifyUser(cell);
  if (layout.emailColumn && user.kind === 'id') return `invalid e-mail address ${quote(cell)}`;
  return userProblem(user.key, user.kind) ?? user;
}

/** Reads the data rows of a group export (the header is `header`); throws InputFileError listing every problem. */
export function readGroupRows(file: string, header: DelimitedRow, rows: readonly DelimitedRow[], layout: GroupLayout, opts: RowOptions): GroupExport {
  const problems: FileProblem[] = [];
  const warnings: FileProblem[] = [];
  const members: GroupMember[] = [];
  const byIdentity = new Map<string, GroupMember>();
  const groups = new Set<string>();
  // Each inactive person by identity, with the first line that marks them.
  const inactivePeople = new Map<string, number>();
  const inactive = new InactiveRows(header.cells, layout.statusIndexes, opts.statusMap);
  const roleIndex = opts.roleMap === undefined ? undefined : layout.roleIndex;
  let notPeople = 0;
  if (layout.group !== undefined) groups.add(layout.group);

  // Every role value the map does not read: each line's problem names the map that reads them all.
  const unknown = new Map<string, 'team' | 'organization'>();
  if (roleIndex !== undefined) {
    for (const { cells } of rows) {
      const role = (cells[roleIndex] ?? '').trim();
      if (role !== '' && parseRole(mapRole(role, opts.roleMap)) === null) unknown.set(role, 'team');
    }
  }

  for (const row of rows) {
    const { groups: written, problem: groupProblem } = rowGroups(row.cells, header.cells, layout);
    // (A group named twice on one row, in two columns or twice in a cell, is one group.)
    const named = [...new Set(written)];
    if (layout.notPerson?.(row.cells) === true) {
      notPeople++;
      for (const g of named) groups.add(g);
      continue;
    }
    if (inactive.leftOut(row)) {
      for (const g of named) groups.add(g);
      const user = rowUser(row.cells, layout);
      const identity = typeof user === 'string' ? `line:${row.line}` : userIdentity(user);
      if (!inactivePeople.has(identity)) inactivePeople.set(identity, row.line);
      continue;
    }
    const rowProblems: string[] = [];
    const user = rowUser(row.cells, layout);
    if (typeof user === 'string') rowProblems.push(user);
    if (groupProblem !== undefined) rowProblems.push(groupProblem);
    let sso = layout.sso === true;
    if (layout.sso !== undefined && layout.sso !== true) {
      const cell = row.cells[layout.sso.index] ?? '';
      const value = ssoCell(cell);
      if (value === undefined) rowProblems.push(`invalid sso cell ${quote(cell.trim())} (expected true, false, yes or no)`);
      else sso = value;
    }
    let role: string | undefined;
    if (roleIndex !== undefined) {
      const cell = (row.cells[roleIndex] ?? '').trim();
      const mapped = mapRole(cell, opts.roleMap);
      if (mapped !== '' && parseRole(mapped) === null) {
        rowProblems.push(`unknown role ${quote(cell)} (expected owner or member): map it with ${roleMapSuggestion(unknown, opts.roleMap)}`);
      } else if (mapped !== '') role = mapped.toLowerCase();
    }
    if (rowProblems.length > 0 || typeof user === 'string') {
      for (const message of rowProblems) problems.push({ file, line: row.line, message });
      continue;
    }
    for (const g of named) groups.add(g);
    const identity = userIdentity(user);
    const earlier = byIdentity.get(identity);
    if (earlier === undefined) {
      const member: GroupMember = { entry: { key: user.key, kind: user.kind, line: row.line, file }, groups: named };
      if (sso) member.sso = true;
      if (role !== undefined) member.role = role;
      byIdentity.set(identity, member);
      members.push(member);
      continue;
    }
    const added = named.filter((g) => !earlier.groups.includes(g));
    earlier.groups.push(...added);
    if (sso) earlier.sso = true;
    if (roleRank(role) > roleRank(earlier.role) && role !== undefined) earlier.role = role;
    if (added.length === 0) warnings.push({ file, line: row.line, message: `${quote(user.key)} is also on line ${earlier.entry.line} in the same groups; counted once` });
  }

  // A person an export marks inactive on one row and active on another: which it is, the file must say.
  for (const member of members) {
    const inactiveLine = inactivePeople.get(userIdentity(member.entry));
    if (inactiveLine === undefined) continue;
    const [first, second] = [Math.min(inactiveLine, member.entry.line), Math.max(inactiveLine, member.entry.line)];
    const [was, now] = inactiveLine < member.entry.line ? ['inactive', 'active'] : ['active', 'inactive'];
    problems.push({ file, line: second, message: `${quote(member.entry.key)} is ${was} on line ${first} and ${now} on line ${second}` });
  }
  problems.sort((a, b) => a.line - b.line);
  if (problems.length > 0) throw new InputFileError(problems.slice(0, InputFileError.maxListed), problems.length);
  warnings.push(...inactive.warnings(file, header.line));
  return { file, format: layout.format, members, groups: [...groups], notPeople, inactive: inactivePeople.size, warnings };
}
