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
  /** --all-teams: every team of the organization, instead of the team setting. */
  allTeams?: boolean;
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
    .option('--write-folder <folder>', "write one CSV roster per team into this folder, each named by the team's title: a roster folder for members sync --roster")
    .option('--all-teams', 'every team of the organization, instead of --team')
    .addHelpText(
      'after',
      examples(
        'teamctl members list',
        'teamctl members list --role owner -o csv > owners.csv',
        'teamctl members list -o ndjson --jq .team',
        'teamctl members list --team engineering,design -o csv > org.csv   # an organization roster, to sync back',
        'teamctl members list --team engineering,design --write-folder rosters   # a roster folder, one file per team by title',
        'teamctl members list --all-teams --write-folder rosters   # every team of the organization',
      ),
    )
    .action(f.action(run, (cmd) => cmd.opts<ListOptions>()));
}

export async function run(opts: ListOptions, ctx: Context): Promise<number> {
  // Every missing setting named at once; --all-teams needs no team.
  ctx.requireSettings(opts.allTeams === true ? ['base-url', 'org'] : ['base-url', 'org', 'team']);
  const [{ listTeamMembers }, { allTeams, namedTeamPages }, { writeList }, { parsePageSize }] = await Promise.all([
    import('../../api/members.js'),
    import('../../members/teamRef.js'),
    import('../../output/list.js'),
    import('../../settings.js'),
  ]);
  const pageSize = parsePageSize(opts.pageSize);
  const format = ctx.outputFormat();
  const org = ctx.setting('org').value;
  if (opts.writeFolder !== undefined) return writeFolder(opts, ctx, pageSize);
  const named = opts.allTeams === true ? undefined : ctx.teams();
  const client = await ctx.client();
  const teams = named ?? (await allTeams(client, org)).map((t) => t.id);
  // One team named: the service's items unchanged (--json); several, or every team: each with its team.
  const one = teams.length === 1 && named !== undefined;
  // Each team by its id or its title (README, "Teams by id or title"), team after team, page by
  // page: memory stays bounded by one page.
  async function* everyTeam(): AsyncGenerator<TeamListItem[]> {
    for (const team of teams) {
      for await (const { teamId, items } of namedTeamPages(client, org, team, (id) => withRole(listTeamMembers(client, org, id, pageSize), opts.role))) {
        yield one ? (items as TeamListItem[]) : items.map((item) => ({ ...item, teamId }));
      }
    }
  }
  await writeList(ctx.io, format, everyTeam(), one ? (memberColumns as Column<TeamListItem>[]) : teamMemberColumns);
  return ExitCode.ok;
}

/**
 * --write-folder: each team's members as its own CSV roster in the folder (created if missing),
 * named by the team's title (`teamctl help rosters`, "A folder of team rosters"); nothing on stdout.
 */
async function writeFolder(opts: ListOptions, ctx: Context, pageSize: number): Promise<number> {
  const format = ctx.flags.output ?? (ctx.flags.json || ctx.flags.jq !== undefined ? 'json' : 'csv');
  if (format !== 'csv') throw new UsageError(`--write-folder writes CSV rosters, not -o ${format}: leave -o out, or give -o csv`);
  if (opts.writeFolder?.trim() === '') throw new UsageError('--write-folder needs a folder');
  const [{ writeRosterFolder }, { listTeamMembers }] = await Promise.all([import('../../members/writeFolder.js'), import('../../api/members.js')]);
  await writeRosterFolder(ctx, {
    folder: opts.writeFolder as string,
    teams: opts.allTeams === true ? 'all' : ctx.teams(),
    columns: memberColumns,
    pages: (client, teamId) => withRole(listTeamMembers(client, ctx.setting('org').value, teamId, pageSize), opts.role),
  });
  return ExitCode.ok;
}
