// members list: every member of the team across all pages (README, "Commands").
import type { Context } from '../../context.js';
import { ExitCode, UsageError } from '../../errors.js';
import { Command, Option } from 'commander';
import type { TeamMemberItem, TeamMemberRole } from '../../api/types.js';
import type { Column } from '../../output/columns.js';
import { teamMemberRoles } from '../../choices.js';
import { examples, type Factory } from '../command.js';

export interface ListOptions {
  role?: TeamMemberRole;
  pageSize: string;
  /** --write-folder <folder>: one CSV roster per team, a roster folder (`teamctl help rosters`). */
  writeFolder?: string;
}

const memberColumns: Column<TeamMemberItem>[] = [
  { header: 'id', value: (m) => m.organization.user?.id ?? m.organization.id, whole: true, id: true },
  { header: 'email', value: (m) => m.organization.user?.email, whole: true },
  { header: 'displayName', value: (m) => m.organization.user?.displayName },
  { header: 'role', value: (m) => m.team.role },
  // Left out of a table before a name is broken (`teamctl help environment`, "Settings"); `users list` shows it.
  { header: 'orgRole', value: (m) => m.organization.role, optional: true },
];

async function* withRole(pages: AsyncIterable<TeamMemberItem[]>, role: TeamMemberRole | undefined): AsyncGenerator<TeamMemberItem[]> {
  for await (const items of pages) yield role ? items.filter((m) => m.team.role === role) : items;
}

/** A list item of one of several teams: the service's item, plus the team it was listed for. */
export type TeamListItem = TeamMemberItem & { teamId: string };

/** With several teams, a leading `team` column: the CSV is then an organization roster. */
const teamMemberColumns: Column<TeamListItem>[] = [{ header: 'team', value: (m) => m.teamId, whole: true }, ...(memberColumns as Column<TeamListItem>[])];

export function command(f: Factory): Command {
  return new Command('list')
    .description('list every member of the team with their roles, across all pages')
    .addOption(new Option('--role <role>', 'only members with this team role').choices(teamMemberRoles))
    .option('--page-size <n>', 'members per request, 1..1000', '1000')
    .option('--write-folder <folder>', 'write one CSV roster per team into this folder, each named by its team as given: a roster folder for members sync --roster')
    .addHelpText(
      'after',
      examples(
        'teamctl members list',
        'teamctl members list --role owner -o csv > owners.csv',
        'teamctl members list -o ndjson --jq .team',
        'teamctl members list --team engineering,design -o csv > org.csv   # an organization roster, to sync back',
        'teamctl members list --team engineering,design --write-folder teams   # a roster folder: teams/engineering.csv, teams/design.csv',
      ),
    )
    .action(f.action(run, (cmd) => cmd.opts<ListOptions>(), ['base-url', 'org', 'team']));
}

export async function run(opts: ListOptions, ctx: Context): Promise<number> {
  const [{ listTeamMembers }, { namedTeamPages }, { writeList }, { parsePageSize }] = await Promise.all([
    import('../../api/members.js'),
    import('../../members/teamRef.js'),
    import('../../output/list.js'),
    import('../../settings.js'),
  ]);
  const pageSize = parsePageSize(opts.pageSize);
  const format = ctx.outputFormat();
  const org = ctx.setting('org').value;
  const teams = ctx.teams();
  if (opts.writeFolder !== undefined) return writeFolder(opts, ctx, teams, pageSize);
  const client = await ctx.client();
  // Each team by its id or its title (README, "Teams by id or title"), team after team, page by
  // page: memory stays bounded by one page.
  async function* everyTeam(): AsyncGenerator<TeamListItem[]> {
    for (const team of teams) {
      for await (const { teamId, items } of namedTeamPages(client, org, team, (id) => withRole(listTeamMembers(client, org, id, pageSize), opts.role))) {
        // One team: the service's items unchanged (--json); several: each with its team.
        yield teams.length === 1 ? (items as TeamListItem[]) : items.map((item) => ({ ...item, teamId }));
      }
    }
  }
  await writeList(ctx.io, format, everyTeam(), teams.length === 1 ? (memberColumns as Column<TeamListItem>[]) : teamMemberColumns);
  return ExitCode.ok;
}

/**
 * --write-folder: each team's members as its own CSV roster, `<team as given>.csv` in the folder
 * (created if missing), written whole or not at all; nothing on stdout. The folder is then a
 * roster folder that `members sync --roster <folder>` plans nothing against.
 */
async function writeFolder(opts: ListOptions, ctx: Context, teams: readonly string[], pageSize: number): Promise<number> {
  const format = ctx.flags.output ?? (ctx.flags.json || ctx.flags.jq !== undefined ? 'json' : 'csv');
  if (format !== 'csv') throw new UsageError(`--write-folder writes CSV rosters, not -o ${format}: leave -o out, or give -o csv`);
  if (opts.writeFolder?.trim() === '') throw new UsageError('--write-folder needs a folder');
  const folder = opts.writeFolder as string;
  for (const team of teams) {
    if (/[/\\]/.test(team) || team === '.' || team === '..') throw new UsageError(`--write-folder names each file by its team, and ${JSON.stringify(team)} cannot be a file name: name the team by its id`);
  }
  const [{ fileNameKey }, { mkdir }, { join }, { listTeamMembers }, { namedTeamPages }, { csvWriter }, { checkWritable, writeFailure, writeFileAtomic }] = await Promise.all([
    import('../../files/rosterFolder.js'),
    import('node:fs/promises'),
    import('node:path'),
    import('../../api/members.js'),
    import('../../members/teamRef.js'),
    import('../../output/list.js'),
    import('../../files/atomic.js'),
  ]);
  // Two files whose names macOS or Windows take for one (`eng` and `ENG`): refused before any request.
  const named = new Map<string, string>();
  for (const team of teams) {
    const other = named.get(fileNameKey(team));
    if (other !== undefined) throw new UsageError(`--write-folder names each file by its team, and ${JSON.stringify(other)} and ${JSON.stringify(team)} would be one file where names are compared in any case or form (macOS, Windows): name one team by its id; nothing was written`);
    named.set(fileNameKey(team), team);
  }
  // The folder and every file in it are checked before anything is listed: a file in the
  // folder's place, or a link in a file's, is refused with nothing written.
  await mkdir(ctx.path(folder), { recursive: true }).catch(async (err: unknown) => {
    throw await writeFailure(err, `--write-folder ${folder}`, ctx.path(folder));
  });
  for (const team of teams) await checkWritable(ctx.path(join(folder, `${team}.csv`)), `--write-folder ${join(folder, `${team}.csv`)}`);
  const org = ctx.setting('org').value;
  const client = await ctx.client();
  const line = await csvWriter();
  for (const team of teams) {
    let text = line(memberColumns.map((c) => c.header));
    let count = 0;
    for await (const { items } of namedTeamPages(client, org, team, (id) => withRole(listTeamMembers(client, org, id, pageSize), opts.role))) {
      for (const item of items) text += line(memberColumns.map((c) => c.value(item)));
      count += items.length;
    }
    const path = join(folder, `${team}.csv`);
    await writeFileAtomic(ctx.path(path), text, `--write-folder ${path}`);
    ctx.io.info(`Wrote ${path}: ${count} member${count === 1 ? '' : 's'} of team ${team}.`);
  }
  return ExitCode.ok;
}
