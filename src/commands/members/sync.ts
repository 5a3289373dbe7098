// members sync: change a team in one run — incremental (--add, --remove, --add-file,
// --remove-file) and/or declarative (--roster, with --prune to remove members missing from it).
// Everything that can be checked without the service is checked first: flags, then every
// user argument and every input file, all their problems reported at once (an argument's
// problem is located as `--add:<n>` / `--remove:<n>`, n its position among that flag's
// values), so a mistake costs no request.
// A roster without a `role` column keeps every member's role (new users: member); a note on
// stderr says so, since an HR export read as "everyone is a member" would demote the owners.
import { Command } from 'commander';
import type { Context } from '../../context.js';
import { InputFileError, UsageError, formatProblem, type FileProblem } from '../../errors.js';
import type { RoleMap } from '../../files/role-map.js';
import type { StatusMap } from '../../files/status-map.js';
import type { UserFile } from '../../files/users.js';
import type { UserEntry } from '../../model/users.js';
import { examples, inviteOptions, journalOptions, repeated, rerequestAfter, type Factory, type JournalFlags } from '../command.js';
import type { InviteOptions } from '../../organization/joiners.js';

/** The flags of the command, as commander parses them. */
export interface SyncOptionsFlags extends JournalFlags {
  planOut?: string;
  add?: string[];
  remove?: string[];
  addFile?: string[];
  removeFile?: string[];
  roster?: string;
  prune?: boolean;
  dryRun?: boolean;
  exitCode?: boolean;
  maxRemovals?: string;
  minOwners?: string;
  force?: boolean;
  batchSize: string;
  concurrency: string;
  report?: string;
  userColumn?: string;
  createTeams?: boolean;
  skipUnknown?: boolean;
  invite?: boolean;
  inviteRole?: string;
  sso?: boolean;
  /** --set-sso: members whose roster row says `sso` are made SSO members. */
  setSso?: boolean;
  reinviteAfter?: string;
  orgRoles?: boolean;
  /** --role-map Maintainer=owner,…: other tools' role values (checked in run). */
  roleMap?: string;
  /** --status-map Terminated=inactive,…: other HR status values (checked in run). */
  statusMap?: string;
  /** --encoding <label>: the encoding of the CSV files given (checked in run). */
  encoding?: string;
  pruneOrganization?: boolean;
  pruneGuests?: boolean;
  keep?: string[];
  keepFile?: string[];
  maxOrgRemovals?: string;
  /** --sheet <name>: the sheet of every .xlsx file given. */
  sheet?: string;
  rerequestAfter?: string;
  /** Directory sync (`teamctl help directory`): --roster is a group export, mapped to teams. */
  groupMap?: string;
  format?: string;
  group?: string;
  strict?: boolean;
}

export type SyncOptions = SyncOptionsFlags;

export function command(f: Factory): Command {
  const cmd = new Command('sync')
    .description('change the team in one run: incremental (--add/--remove) and/or declarative (--roster)')
    .option('--add <user...>', 'users to add (ids or e-mails)')
    .option('--remove <user...>', 'users to remove (ids or e-mails); a user in both ends removed')
    .option('--add-file <file>', 'file of users to add', repeated)
    .option('--remove-file <file>', 'file of users to remove', repeated)
    .option('--roster <file>', 'the desired membership, with optional roles')
    .option('--prune', 'with --roster: remove members missing from the roster')
    .option('--create-teams', 'with a roster that has a team column: create the teams the organization lacks, then fill them')
    .option('--org-roles', 'with --roster: plan the organization roles of its "orgRole" column (an empty cell keeps the role)')
    .option('--role-map <from=to,...>', 'with --roster: map other tools\' role values to teamctl\'s (Maintainer=owner,Developer=member,Organization admin=admin)')
    .option('--status-map <v=state,...>', 'with --roster or --add-file: what other values of a status column mean, active or inactive (Terminated=inactive)')
    .option('--prune-organization', 'with a roster that has a team column: remove from the organization every member it does not name (guests too with --prune-guests)')
    .option('--prune-guests', 'with --prune-organization: guests too')
    .option('--keep <user...>', 'users no prune removes and no roster demotes (also the config key keep)')
    .option('--keep-file <file>', 'file of users to keep', repeated)
    .option('--max-org-removals <n|p%>', 'refuse removing more members of the organization than this (default 5%, at least 1)')
    .option('--invite', 'invite the users who are not members of the organization (by e-mail), then add them to the team once they join')
    .option('--invite-role <role>', 'with --invite: the organization role of an invitee whose row has no orgRole (default read)')
    .option('--sso', 'with --invite: invite them as SSO users')
    .option('--set-sso', 'with --roster: make the members whose "sso" column says true or yes SSO members (a kept user never)')
    .option('--reinvite-after <days>', 'with --invite: invite a user teamctl invited before, still pending, only after this many days (default 7)')
    .option('--skip-unknown', 'leave out users who are not members of the organization, with a warning (default: refuse the run)')
    .option('--dry-run', 'print the plan, send no change')
    .option('--exit-code', 'with --dry-run: exit 8 when the plan is not empty (drift check)')
    .option('--no-audit', 'with --exit-code: do not name, from the audit log, who changed what drifted')
    .option('--plan-out <file>', 'a dry run that also writes the plan, for `teamctl apply` after review')
    .option('--max-removals <n|p%>', 'refuse a plan removing more than this (default 25% of current members, at least 1)')
    .option('--min-owners <n>', 'refuse a plan leaving a team with fewer owners than this, if it has that many now (default 1)')
    .option('--force', 'apply a plan over --max-removals or --min-owners')
    .option('--sheet <name>', 'the sheet of the .xlsx files given (--roster, --add-file, --remove-file; default: the first)')
    .option('--encoding <label>', 'the encoding of CSV or TSV files that are not UTF-8 (windows-1252, iso-8859-2, shift_jis …)')
    .option('--user-column <name>', 'the header cell of the user column in --roster and the files (when it has an unknown name, or several candidates)')
    .option('--batch-size <n>', 'users per bulk request', '100')
    .option('--concurrency <n>', 'single-user requests (role changes) in flight at once', '8')
    .option('--report <file.csv>', 'write one row per user: user, action, outcome, HTTP status, message')
    // Directory sync (`teamctl help directory`): the identity provider's groups become teams.
    .option('--group-map <file>', 'with --roster: the roster is a group export (a file, or a folder of one-group exports), and this CSV (group,team,role) says which team each group feeds')
    .option('--format <name>', 'with --group-map: the group export\'s provider (okta, entra, entra-members, google, jumpcloud, teamctl; default: known by its header)')
    .option('--group <name>', 'with --group-map: the one group of an export without group column (default: its file name)')
    .option('--strict', 'with --group-map: a map row that matches no group of the export is exit 2, not a warning')
    .addHelpText(
      'after',
      examples(
        'teamctl members sync --roster team.csv --dry-run',
        'teamctl members sync --roster team.csv --prune --yes --report report.csv',
        'teamctl members sync --roster team.csv --prune --dry-run --exit-code   # CI drift check',
        'teamctl members sync --roster team.csv --prune --plan-out plan.json     # then: teamctl apply plan.json',
        'teamctl members sync --roster org.csv --prune --dry-run                 # a roster with a team column: every team it names',
        'teamctl members sync --roster org.csv --create-teams --dry-run          # and the teams it names that do not exist yet',
        'teamctl members sync --roster export.csv --group-map groups.csv --dry-run # groups → teams',
        'teamctl members sync --roster sso.csv --set-sso --dry-run               # and SSO members, as its sso column says',
        'teamctl members sync --add hana.kim@example.com --add grace.liu@example.com',
        'teamctl members sync --remove wei.chen@example.com',
      ),
    )
    .action(f.action(run, (cmd) => cmd.opts<SyncOptionsFlags>(), ['base-url', 'org']));
  return journalOptions(cmd, { holdBack: true, rerequest: true });
}

/** What a file given to `members sync` is for. */
type FileKind = 'roster' | 'add' | 'remove' | 'keep';

interface Source {
  kind: FileKind;
  path: string;
  roles: boolean;
  /** The roster and --add-file leave out inactive accounts; a --remove-file keeps them. */
  dropInactive: boolean;
  /** What it is, for messages: "the roster", "--add-file". */
  what: string;
}

/** Reads every file, each into the list of its kind, collecting the problems of all of them (after `earlier` ones) before failing. */
async function readFiles(
  sources: Source[],
  earlier: readonly FileProblem[],
  cwd: string,
  { userColumn, sheet, orgRoles, sso, roleMap, statusMap, encoding }: { userColumn: string | undefined; sheet: string | undefined; orgRoles: boolean; sso: boolean; roleMap: RoleMap | undefined; statusMap: StatusMap | undefined; encoding: string | undefined },
  /** A group export and its group map stand for the roster (`teamctl help directory`). */
  readRoster?: () => Promise<UserFile>,
): Promise<Record<FileKind, UserFile[]>> {
  const { readUserFile, throwProblems } = await import('../../files/users.js');
  const problems: FileProblem[] = [...earlier];
  let total = earlier.length;
  const files: Record<FileKind, UserFile[]> = { roster: [], add: [], remove: [], keep: [] };
  const { isFolder, readRosterFolder } = await import('../../files/rosterFolder.js');
  for (const source of sources) {
    // (The roster's roles only: its orgRole column is read with --org-roles, and for --invite; its sso column with --set-sso.)
    const roles = source.roles ? { orgRoles, sso, roleMap } : {};
    const options = { readRoles: source.roles, userColumn, dropInactive: source.dropInactive, sheet, encoding, encodingFlag: true, ...roles, ...(source.dropInactive ? { statusMap } : {}) };
    try {
      // A roster folder: one team's roster per file (`teamctl help rosters`, "A folder of team rosters").
      if (source.kind === 'roster' && readRoster !== undefined) files.roster.push(await readRoster());
      else files[source.kind].push(source.kind === 'roster' && (await isFolder(source.path, cwd)) ? await readRosterFolder(source.path, options, cwd) : await readUserFile(source.path, options, cwd));
    } catch (err) {
      if (!(err instanceof InputFileError)) throw err;
      problems.push(...err.problems);
      total += err.total;
    }
  }
  throwProblems(problems, total);
  return files;
}

export async function run(opts: SyncOptions, ctx: Context): Promise<number> {
  const [{ parseUserArguments }, { runMembersChange, runOrganizationSync }, { parseWholeNumber, resolveSetting }] = await Promise.all([
    import('../../files/users.js'),
    import('../../organization/run.js'),
    import('../../settings.js'),
  ]);
  const batchSize = parseWholeNumber('--batch-size', opts.batchSize, 10_000);
  const invite = await inviteOptions(opts);
  const concurrency = parseWholeNumber('--concurrency', opts.concurrency, 64);
  if (opts.exitCode && !opts.dryRun) throw new UsageError('--exit-code only works with --dry-run (exit 8 when changes are pending)');
  if (opts.prune && opts.roster === undefined) throw new UsageError('--prune needs --roster: it removes members missing from the roster');
  if (opts.orgRoles && opts.roster === undefined) throw new UsageError('--org-roles needs --roster with an "orgRole" column: it sets the organization roles the roster names');
  if (opts.pruneGuests && !opts.pruneOrganization) throw new UsageError('--prune-guests only works with --prune-organization');
  if (opts.maxOrgRemovals !== undefined && !opts.pruneOrganization) throw new UsageError('--max-org-removals only works with --prune-organization');
  if (opts.createTeams && opts.roster === undefined) throw new UsageError('--create-teams needs --roster with a "team" column: it creates the teams the roster names');
  if ((opts.holdBack !== undefined || opts.settle === false) && !opts.createTeams) throw new UsageError(`${opts.holdBack !== undefined ? '--hold-back' : '--no-settle'} only works with --create-teams: a team creation is the one write of this command that is held back`);
  if (opts.rerequestAfter !== undefined && !opts.pruneOrganization) throw new UsageError('--rerequest-after only works with --prune-organization');
  const rerequestAfterDays = await rerequestAfter(opts.rerequestAfter);
  const holdBack = (await import('../../journal/holdBack.js')).parseHoldBack(opts);
  const addFiles = opts.addFile ?? [];
  const removeFiles = opts.removeFile ?? [];
  // Directory sync (`teamctl help directory`): a group export and its group map make the roster.
  const directory = opts.groupMap !== undefined || opts.format !== undefined || opts.group !== undefined || opts.strict ? (await import('../../organization/directory.js')).directoryFlags(opts) : undefined;
  if (opts.roster === undefined && !opts.add?.length && !opts.remove?.length && addFiles.length === 0 && removeFiles.length === 0) {
    throw new UsageError('nothing to sync: give --roster, --add, --remove, --add-file or --remove-file');
  }

  const addArgs = parseUserArguments(opts.add ?? [], '--add');
  const removeArgs = parseUserArguments(opts.remove ?? [], '--remove');
  const add: UserEntry[] = addArgs.users;
  const remove: UserEntry[] = removeArgs.users;
  const keepFiles = opts.keepFile ?? [];
  const keepArgs = parseUserArguments(opts.keep ?? [], '--keep');
  const sources: Source[] = [
    ...(opts.roster !== undefined ? [{ kind: 'roster' as const, path: opts.roster, roles: true, dropInactive: true, what: 'the roster' }] : []),
    ...addFiles.map((path) => ({ kind: 'add' as const, path, roles: false, dropInactive: true, what: 'the --add-file' })),
    ...removeFiles.map((path) => ({ kind: 'remove' as const, path, roles: false, dropInactive: false, what: 'the --remove-file' })),
    // Protected users are protected whatever a status column says of them.
    ...keepFiles.map((path) => ({ kind: 'keep' as const, path, roles: false, dropInactive: false, what: 'the --keep-file' })),
  ];
  if (opts.userColumn !== undefined && opts.userColumn.trim() === '') throw new UsageError('--user-column needs the name of a header cell');
  const profileKeep = ctx.profile().keep;
  const configKeep = parseUserArguments(profileKeep === undefined ? [] : profileKeep.split(',').map((v) => v.trim()).filter((v) => v !== ''), 'the config key keep');
  if (opts.sheet !== undefined && sources.length === 0) throw new UsageError('--sheet chooses the sheet of an .xlsx file: give --roster, --add-file or --remove-file too');
  if (opts.roleMap !== undefined && opts.roster === undefined) throw new UsageError('--role-map maps the role values of a roster: give --roster');
  const roleMap = opts.roleMap === undefined ? undefined : (await import('../../files/role-map.js')).parseRoleMap(opts.roleMap);
  if (opts.statusMap !== undefined && opts.roster === undefined && addFiles.length === 0) throw new UsageError('--status-map says what the status values of a roster or an --add-file mean: give --roster or --add-file');
  const statusMap = opts.statusMap === undefined ? undefined : (await import('../../files/status-map.js')).parseStatusMap(opts.statusMap);
  const orgRoles = opts.orgRoles === true || opts.invite === true;
  const encoding = opts.encoding === undefined ? undefined : (await import('../../files/textFile.js')).encodingFlag(opts.encoding);
  const files = await readFiles(sources, [...addArgs.problems, ...removeArgs.problems, ...keepArgs.problems, ...configKeep.problems], ctx.cwd, { userColumn: opts.userColumn, sheet: opts.sheet, orgRoles, sso: opts.setSso === true, roleMap, statusMap, encoding }, directory && (() => directory.read(ctx, { roleMap, statusMap, encoding })));
  for (const file of [...files.roster, ...files.add, ...files.remove, ...files.keep]) for (const w of file.warnings) ctx.io.warn(formatProblem(w));
  const roster = files.roster[0];
  const addFromFiles = files.add;
  const removeFromFiles = files.remove;
  const keep = [...keepArgs.users, ...configKeep.users, ...files.keep.flatMap((f) => f.users)];
  if (opts.orgRoles && roster && !roster.header?.orgRoleColumn) {
    throw new UsageError(`--org-roles reads the roster's "orgRole" column (also "org role", "organization role"), and ${roster.file} has none`);
  }
  // --set-sso (`teamctl help organization`, "SSO members"): the roster says who signs in through SSO.
  if (opts.setSso && !(roster?.header?.ssoColumn === true || roster?.users.some((u) => u.sso === true))) {
    throw new UsageError(roster === undefined ? '--set-sso needs --roster with an "sso" column: it makes the members it marks SSO members' : `--set-sso reads the roster's "sso" column (true or yes: an SSO member), and ${roster.file} has none`);
  }
  const maxOrgRemovals = opts.maxOrgRemovals ?? '5%';
  if (opts.pruneOrganization) {
    const { maxOrgRemovalsAllowed } = await import('../../plan/organization.js');
    try {
      maxOrgRemovalsAllowed(maxOrgRemovals, 0);
    } catch (err) {
      throw new UsageError((err as Error).message);
    }
  }

  // An empty roster would mean "nobody": refused whatever the other flags say.
  if (roster && roster.users.length === 0) {
    throw new UsageError(`the roster ${roster.file} has no users; refusing to sync a team to an empty roster (nothing was sent)`);
  }
  for (const file of [...addFromFiles, ...removeFromFiles]) {
    if (file.users.length === 0) ctx.io.warn(`${file.file} has no users`);
  }
  // Only a roster's roles are read: said, not ignored silently.
  for (const file of addFromFiles) {
    if (file.header?.roleColumn) ctx.io.warn(`${file.file} has a "role" column, which --add-file does not read: its users are added as member, members keep their role; give roles with --roster, or \`teamctl members set-role\``);
  }
  if (roster && !roster.header?.roleColumn) {
    ctx.io.info(`${roster.file} has no "role" column: members keep their roles, new members are added as member.`);
  }
  const minOwners = opts.minOwners === undefined ? undefined : parseWholeNumber('--min-owners', opts.minOwners, 1_000_000);
  const common = {
    command: 'members sync',
    dryRun: opts.dryRun === true,
    exitCode: opts.exitCode === true,
    maxRemovals: opts.maxRemovals ?? null,
    force: opts.force === true,
    batchSize,
    concurrency,
    ...(minOwners !== undefined ? { minOwners } : {}),
    report: opts.report,
    planOut: opts.planOut,
    inputs: [...sources.map(({ path, what }) => ({ path, what })), ...(opts.groupMap !== undefined ? [{ path: opts.groupMap, what: 'the group map' }] : [])],
    skipUnknown: opts.skipUnknown === true,
    ...(invite !== undefined ? { invite: invite as InviteOptions } : {}),
    lifecycle: { orgRoles: opts.orgRoles === true, pruneOrganization: opts.pruneOrganization === true, pruneGuests: opts.pruneGuests === true, keep, maxOrgRemovals, rerequestAfterDays, setSso: opts.setSso === true },
    wait: opts.wait !== false,
    holdBack,
    ...(roster ? { rosterFile: { file: roster.file, column: roster.header?.userHeading } } : {}),
    ...(directory?.summary() !== undefined ? { directory: directory.summary() } : {}),
  };

  if (roster?.header?.teamColumn) {
    // An organization roster, or a folder of team rosters: its teams, not the team setting (`teamctl help rosters`, "Many teams from one roster").
    const folder = 'files' in roster ? (roster.files as { path: string; team: string }[]) : undefined;
    const names = folder ? `${roster.file} (a roster folder)` : `${roster.file} names its teams (a "team" column)`;
    if (add.length + remove.length + addFiles.length + removeFiles.length > 0) {
      throw new UsageError(`${names}: --add, --remove, --add-file and --remove-file cannot say which team they are for; put those users in the roster`);
    }
    const setting = resolveSetting('team', ctx.flags, ctx.env, ctx.profile());
    const teams = [...new Set(roster.users.map((u) => u.team))];
    if (folder) ctx.io.info(`Roster folder ${roster.file}: ${folder.map((f) => `${f.path} → team ${JSON.stringify(f.team)}`).join(', ')}.`);
    if (setting) ctx.io.info(`${roster.file} names ${teams.length === 1 ? 'its team' : `its ${teams.length} teams`}; the team setting (${setting.value}) is not used.`);
    const inputs = folder ? [...common.inputs, ...folder.map((f) => ({ path: f.path, what: `the roster of team ${JSON.stringify(f.team)}` }))] : common.inputs;
    return runOrganizationSync(ctx, { ...common, inputs, change: { roster: roster.users, prune: opts.prune === true, keep }, createTeams: opts.createTeams === true }, roster);
  }
  if (opts.pruneOrganization) {
    throw new UsageError(`--prune-organization needs an organization roster (a "team" column naming each row's team); ${roster?.file ?? 'no roster'} ${roster ? 'has none' : 'was given'}`);
  }
  if (opts.createTeams) throw new UsageError(`--create-teams needs a roster with a "team" column (it creates the teams the roster names); ${roster?.file ?? 'the roster'} has none`);

  return runMembersChange(ctx, {
    ...common,
    change: {
      add: [...add, ...addFromFiles.flatMap((f) => f.users)],
      remove: [...remove, ...removeFromFiles.flatMap((f) => f.users)],
      ...(roster ? { roster: roster.users } : {}),
      prune: opts.prune === true,
      keep,
    },
  });
}
