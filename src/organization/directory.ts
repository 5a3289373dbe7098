// Directory sync (`teamctl help directory`): `members sync --roster <group export> --group-map
// groups.csv` reads the identity provider's group export (a file, or a folder of one-group
// exports) and the group map, and hands the organization roster they stand for to the run over
// several teams (run.ts), so that every guard, --invite, --prune, --keep and --plan-out apply to
// it as to any roster with a `team` column: one plan. What the map leaves out is said: groups it
// does not name (ignored, counted in the plan), rows that match no group (a warning, exit 2 with
// --strict), teams whose groups have no active person (left as they are, never emptied).
import type { Context } from '../context.js';
import type { ChangeDomain } from '../engine/run.js';
import { InputFileError, UsageError, formatProblem, type FileProblem } from '../errors.js';
import type { GroupExport } from '../files/groups/types.js';
import type { GroupExportOptions } from '../files/groups/read.js';
import type { UserFile } from '../files/users.js';
import { plural, quote } from '../output/words.js';

/** What the run says of the groups, in its plan and its JSON report. */
export interface DirectorySummary {
  groupMap: string;
  groupsMapped: number;
  /** The export's groups the map does not name. */
  groupsIgnored: string[];
}

/** The flags of a directory sync, as `members sync` checked them. */
export interface DirectoryFlags {
  roster: string;
  groupMap: string;
  strict: boolean;
  read: GroupExportOptions;
}

/** The `members sync` flags a directory sync reads or refuses. */
export interface DirectoryCommandFlags {
  roster?: string | undefined;
  groupMap?: string | undefined;
  format?: string | undefined;
  group?: string | undefined;
  strict?: boolean | undefined;
  add?: string[] | undefined;
  remove?: string[] | undefined;
  addFile?: string[] | undefined;
  removeFile?: string[] | undefined;
  orgRoles?: boolean | undefined;
  userColumn?: string | undefined;
  sheet?: string | undefined;
}

/** What the reading of a directory sync needs from the other flags, parsed. */
type ReadFlags = Pick<GroupExportOptions, 'roleMap' | 'statusMap' | 'encoding'>;

/**
 * The directory flags of `members sync`, checked before anything is read (a UsageError for a
 * combination that means nothing), and the reading of the roster they stand for. The summary is
 * there once the roster is read.
 */
export function directoryFlags(opts: DirectoryCommandFlags): { read: (ctx: Context, flags: ReadFlags) => Promise<UserFile>; summary: () => DirectorySummary | undefined } {
  for (const [flag, given] of [['--format', opts.format !== undefined], ['--group', opts.group !== undefined], ['--strict', opts.strict === true]] as const) {
    if (given && opts.groupMap === undefined) throw new UsageError(`${flag} only works with --group-map: it is about the group export --roster names`);
  }
  const groupMap = opts.groupMap as string;
  if (groupMap.trim() === '') throw new UsageError('--group-map needs the file of the group map (group,team,role)');
  if (opts.roster === undefined) throw new UsageError('--group-map needs --roster: the group export (a file, or a folder of one-group exports) whose groups it maps to teams');
  if ((opts.add?.length ?? 0) + (opts.remove?.length ?? 0) + (opts.addFile?.length ?? 0) + (opts.removeFile?.length ?? 0) > 0) {
    throw new UsageError('--group-map: the group export says who is in each team; --add, --remove, --add-file and --remove-file cannot say which team they are for: put those users in the groups');
  }
  if (opts.orgRoles) throw new UsageError('--org-roles reads a roster\'s "orgRole" column, and a group export has none: with --group-map, --invite-role gives invitees their organization role');
  if (opts.group !== undefined && opts.group.trim() === '') throw new UsageError('--group needs the name of the one group of the export');
  let summary: DirectorySummary | undefined;
  const roster = opts.roster;
  return {
    summary: () => summary,
    read: async (ctx, flags) => {
      const { parseGroupExportFormat } = await import('../files/groups/read.js');
      const read: GroupExportOptions = {
        ...flags,
        ...(opts.format !== undefined ? { format: parseGroupExportFormat(opts.format) } : {}),
        ...(opts.group !== undefined ? { group: opts.group.trim() } : {}),
        userColumn: opts.userColumn,
        sheet: opts.sheet,
        encodingFlag: true,
      };
      const made = await readDirectory(ctx, { roster, groupMap, strict: opts.strict === true, read });
      summary = made.summary;
      return made.roster;
    },
  };
}

/** The groups shown by name in a message before "…". */
const named = 10;
const names = (list: readonly string[]): string => `${list.slice(0, named).map(quote).join(', ')}${list.length > named ? ', …' : ''}`;

/**
 * The export and the map, read and checked together (every problem of both at once, exit 2,
 * nothing sent), and the organization roster they stand for.
 */
export async function readDirectory(ctx: Context, flags: DirectoryFlags): Promise<{ roster: UserFile; summary: DirectorySummary }> {
  const [{ readGroupMap }, { groupRoster }] = await Promise.all([import('../files/groups/map.js'), import('../files/groups/roster.js')]);
  const problems: FileProblem[] = [];
  let total = 0;
  const caught = async <T>(read: () => Promise<T>): Promise<T | undefined> => {
    try {
      return await read();
    } catch (err) {
      if (!(err instanceof InputFileError)) throw err;
      problems.push(...err.problems);
      total += err.total;
      return undefined;
    }
  };
  const map = await caught(() => readGroupMap(flags.groupMap, ctx.cwd));
  const exported = await caught(() => readExport(flags, ctx.cwd));
  if (map === undefined || exported === undefined) throw new InputFileError(problems.slice(0, InputFileError.maxListed), total);
  // The export's own warnings are the roster's: the command says them with every file's.
  const made = groupRoster(exported, map, flags.read.roleMap);
  if (made.problems.length > 0) throw new InputFileError(made.problems.slice(0, InputFileError.maxListed), made.problems.length);
  const unmatched = made.unmatchedRows.map((row) => ({ file: map.file, line: row.line, message: `${quote(row.group)} matches no group of ${exported.file}${flags.strict ? ' (--strict); nothing was sent' : ''}` }));
  if (flags.strict && unmatched.length > 0) throw new InputFileError(unmatched.slice(0, InputFileError.maxListed), unmatched.length);
  for (const p of unmatched) ctx.io.warn(formatProblem(p));
  for (const { team, lines } of made.teamsLeftAlone) {
    ctx.io.warn(`${map.file}:${lines[0] ?? 0}: team ${quote(team)}: no active person of ${exported.file} is in the groups mapped to it; the team is left as it is`);
  }
  const left = [exported.notPeople > 0 ? `${plural(exported.notPeople, 'row')} of no person skipped` : '', exported.inactive > 0 ? `${exported.inactive} inactive left out` : ''].filter((s) => s !== '');
  ctx.io.info(
    `${exported.file}: ${plural(exported.members.length, 'person', 'people')} in ${plural(made.groupsMapped.length + made.groupsIgnored.length, 'group')}${left.length > 0 ? ` (${left.join(', ')})` : ''}; ` +
      `${map.file} maps ${made.groupsMapped.length}${made.groupsIgnored.length > 0 ? `, ${made.groupsIgnored.length} not in the map ${made.groupsIgnored.length === 1 ? 'is' : 'are'} ignored: ${names(made.groupsIgnored)}` : ''}.`,
  );
  if (made.roster.users.length === 0) {
    throw new UsageError(`the group map ${map.file} places nobody of ${exported.file} in a team (no active person is in a group it maps); refusing to sync teams to nobody; nothing was sent`);
  }
  return { roster: made.roster, summary: { groupMap: map.file, groupsMapped: made.groupsMapped.length, groupsIgnored: made.groupsIgnored } };
}

/** The group export: one file, or a folder of one-group exports read file by file and merged. */
async function readExport(flags: DirectoryFlags, cwd: string): Promise<GroupExport> {
  const [{ readGroupExport }, { isFolder, folderFiles }, { userIdentity, throwProblems }] = await Promise.all([import('../files/groups/read.js'), import('../files/rosterFolder.js'), import('../files/users.js')]);
  if (!(await isFolder(flags.roster, cwd))) return readGroupExport(flags.roster, flags.read, cwd);
  if (flags.read.group !== undefined) throw new UsageError(`--group names the group of one export, and ${flags.roster} is a folder, each file's group named by its file name`);
  const problems: FileProblem[] = [];
  let total = 0;
  const read: GroupExport[] = [];
  for (const file of await folderFiles(flags.roster, cwd)) {
    try {
      read.push(await readGroupExport(file.path, flags.read, cwd));
    } catch (err) {
      if (!(err instanceof InputFileError)) throw err;
      problems.push(...err.problems);
      total += err.total;
    }
  }
  throwProblems(problems, total);
  // A person in several files: one person, in every group of those files.
  const people = new Map<string, GroupExport['members'][number]>();
  for (const member of read.flatMap((e) => e.members)) {
    const key = userIdentity(member.entry);
    const earlier = people.get(key);
    if (earlier === undefined) people.set(key, { ...member, groups: [...member.groups] });
    else earlier.groups.push(...member.groups.filter((g) => !earlier.groups.includes(g)));
  }
  const sum = (count: (e: GroupExport) => number): number => read.reduce((n, e) => n + count(e), 0);
  return {
    file: flags.roster,
    format: read[0]?.format ?? 'teamctl',
    members: [...people.values()],
    groups: [...new Set(read.flatMap((e) => e.groups))],
    notPeople: sum((e) => e.notPeople),
    inactive: sum((e) => e.inactive),
    warnings: read.flatMap((e) => e.warnings),
  };
}

/** The run's domain with the groups said: a line under the plan, and `directory` in its JSON reports. */
export function withDirectory<R>(domain: ChangeDomain<R>, summary: DirectorySummary): ChangeDomain<R> {
  const json = { groupMap: summary.groupMap, groupsMapped: summary.groupsMapped, groupsIgnored: summary.groupsIgnored };
  const withJson = <V extends { json: unknown }>(view: V): V => {
    if (typeof view.json !== 'object' || view.json === null) return view;
    const copy = Object.defineProperties({}, Object.getOwnPropertyDescriptors(view)) as V;
    copy.json = { ...view.json, directory: json };
    return copy;
  };
  const ignored = summary.groupsIgnored.length;
  const line = `Groups: ${summary.groupsMapped} mapped by ${summary.groupMap}${ignored > 0 ? `, ${ignored} not in the map ignored` : ''}.`;
  return {
    ...domain,
    planText: async (color) => {
      const plan = await domain.planText(color);
      return `${plan}${plan === '' || plan.endsWith('\n') ? '' : '\n'}${line}`;
    },
    planned: () => withJson(domain.planned()),
    nothingToDo: () => withJson(domain.nothingToDo()),
    execute: async (progress, interrupted) => withJson(await domain.execute(progress, interrupted)),
  };
}
