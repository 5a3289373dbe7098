// A roster folder (`teamctl help rosters`, "A folder of team rosters"): `--roster teams/` reads
// each *.csv, *.tsv and *.xlsx file in it as one team's roster, the team named by the file name
// without its extension (an id or a title, as --team). The folder is read as the organization
// roster it stands for: the same rows, each with its team and its own file and line, so
// everything an organization roster has works on it unchanged.
import type { Dirent, Stats } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { extname, join, resolve } from 'node:path';
import { teamNameProblem } from '../api/segment.js';
import { InputFileError, UsageError, type FileProblem } from '../errors.js';
import { quote } from '../output/words.js';
import { fileNameKey } from '../model/teamFileNames.js';
import { readUserFile, throwProblems, userIdentity, type UserFile, type UserFileOptions } from './users.js';

/** The extensions a roster folder's files have (any case). */
export const rosterFolderExtensions = ['.csv', '.tsv', '.xlsx'] as const;

/** One file of a roster folder and the team its name stands for. */
export interface FolderFile {
  /** The path as messages name it: the folder as given, then the file name. */
  path: string;
  team: string;
}

/** The most roster files a folder may hold (`teamctl help rosters`, "A folder of team rosters"): 1,000 teams. */
export const maxFolderFiles = 1000;

export { fileNameKey };

/** Whether `path` names a folder (a missing path is not one: the file reader says it is missing). */
export async function isFolder(path: string, cwd: string): Promise<boolean> {
  try {
    return (await stat(resolve(cwd, path))).isDirectory();
  } catch {
    return false;
  }
}

/**
 * The folder's roster files, in name order, and the team each names; other files are left alone.
 * Refused (exit 2, before any file is opened or any request sent): more than maxFolderFiles, an
 * entry that is not a regular file (a folder, a FIFO: never opened), names one file system could
 * take for one, and names that cannot name a team.
 */
export async function folderFiles(folder: string, cwd: string): Promise<FolderFile[]> {
  const entries = (await readdir(resolve(cwd, folder), { withFileTypes: true })).filter(
    (entry) => !entry.name.startsWith('.') && (rosterFolderExtensions as readonly string[]).includes(extname(entry.name).toLowerCase()),
  );
  if (entries.length > maxFolderFiles) {
    throw new UsageError(`the roster folder ${folder} holds ${entries.length} roster files, more than the ${maxFolderFiles} teams a roster folder may have; nothing was sent`, {
      hint: 'split the folder, or give the teams as one organization roster with a "team" column',
    });
  }
  const files: FolderFile[] = [];
  const problems: FileProblem[] = [];
  const teams = new Map<string, string>();
  const names = new Map<string, string>();
  // Names in one folder differ: no two compare equal.
  for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const ext = extname(entry.name);
    const path = join(folder, entry.name);
    const kind = await entryKind(entry, resolve(cwd, path));
    if (kind !== undefined) {
      problems.push({ file: path, line: 0, message: `${kind}, not a regular file: a roster folder holds one roster file per team` });
      continue;
    }
    const team = entry.name.slice(0, -ext.length).normalize('NFC');
    const problem = teamNameProblem(team);
    if (problem !== undefined) problems.push({ file: path, line: 0, message: `the file name names the team, and ${quote(team)} cannot be one: ${problem}` });
    const sameName = names.get(fileNameKey(team));
    const other = teams.get(team);
    if (other !== undefined) problems.push({ file: path, line: 0, message: `${other} names team ${quote(team)} too: one file per team` });
    else if (sameName !== undefined) problems.push({ file: path, line: 0, message: `${sameName} has the same name in another case or form, which macOS and Windows take for one file: rename one` });
    teams.set(team, path);
    names.set(fileNameKey(team), path);
    files.push({ path, team });
  }
  throwProblems(problems);
  if (files.length === 0) {
    throw new UsageError(`the roster folder ${folder} holds no roster: a roster folder holds one ${rosterFolderExtensions.join(', ')} file per team, named by the team's id or title; nothing was sent`);
  }
  return files;
}

/** What a folder entry is when it is not a regular file (a link is what it points to), else undefined; nothing is opened. */
async function entryKind(entry: Dirent, path: string): Promise<string | undefined> {
  if (entry.isFile()) return undefined;
  let target: Stats | Dirent = entry;
  if (entry.isSymbolicLink()) {
    try {
      target = await stat(path);
    } catch {
      return 'a link to nothing';
    }
    if (target.isFile()) return undefined;
  }
  if (target.isDirectory()) return 'a folder';
  if (target.isFIFO()) return 'a FIFO';
  if (target.isSocket()) return 'a socket';
  return 'a device';
}

/**
 * Reads a roster folder as one organization roster: every file's rows with its team, every
 * problem of every file at once (exit 2, nothing sent). Refused: a file with a `team` column of
 * its own (its file name names its team), a file with no users (a team of nobody), and a user
 * given two organization roles by two files.
 */
export async function readRosterFolder(folder: string, opts: UserFileOptions, cwd: string): Promise<UserFile & { files: FolderFile[] }> {
  const files = await folderFiles(folder, cwd);
  const problems: FileProblem[] = [];
  let total = 0;
  const read: UserFile[] = [];
  for (const file of files) {
    try {
      const one = await readUserFile(file.path, { ...opts, readRoles: true }, cwd);
      if (one.header?.teamColumn) {
        problems.push({ file: file.path, line: 1, message: `a file of a roster folder is one team's roster, named by its file name (${quote(file.team)}), and this one has a "team" column: remove the column, or give the file as an organization roster (--roster ${file.path})` });
      } else if (one.users.length === 0) {
        problems.push({ file: file.path, line: 0, message: `no users: refusing to sync team ${quote(file.team)} to an empty roster (remove the file to leave the team alone)` });
      }
      read.push({ ...one, users: one.users.map((u) => ({ ...u, team: file.team })) });
    } catch (err) {
      if (!(err instanceof InputFileError)) throw err;
      problems.push(...err.problems);
      total += err.total - err.problems.length;
    }
  }
  problems.push(...orgRoleConflicts(read));
  throwProblems(problems, total + problems.length);
  const headers = read.map((f) => f.header).filter((h) => h !== null);
  const first = headers[0];
  return {
    file: folder,
    users: read.flatMap((f) => f.users),
    warnings: read.flatMap((f) => f.warnings),
    header: first
      ? { userColumn: first.userColumn, roleColumn: headers.some((h) => h.roleColumn), teamColumn: true, userHeading: first.userHeading, ...(headers.some((h) => h.orgRoleColumn) ? { orgRoleColumn: true } : {}), ...(headers.some((h) => h.ssoColumn) ? { ssoColumn: true } : {}) }
      : { userColumn: 'email', roleColumn: false, teamColumn: true, userHeading: 'email' },
    files,
  };
}

/** One organization role per user across the folder, as across the rows of one roster. */
function orgRoleConflicts(files: readonly UserFile[]): FileProblem[] {
  const seen = new Map<string, { orgRole: string | null; file: string; line: number }>();
  const problems: FileProblem[] = [];
  for (const f of files) {
    for (const u of f.users) {
      if (u.orgRole === undefined) continue;
      const key = userIdentity(u);
      const other = seen.get(key);
      if (other === undefined) seen.set(key, { orgRole: u.orgRole, file: f.file, line: u.line });
      else if (other.orgRole !== u.orgRole) {
        problems.push({ file: f.file, line: u.line, message: `${quote(u.key)} has the organization role ${other.orgRole ?? 'guest'} in ${other.file}:${other.line} and ${u.orgRole ?? 'guest'} here` });
      }
    }
  }
  return problems;
}
