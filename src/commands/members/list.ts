// members list: every member of the team across all pages (README, "Commands").
import type { Context } from '../../context.js';
import { ExitCode } from '../../errors.js';
import { Command, Option } from 'commander';
import type { TeamMemberItem, TeamMemberRole } from '../../api/types.js';
import type { Column } from '../../output/columns.js';
import { teamMemberRoles } from '../../choices.js';
import { examples, type Factory } from '../command.js';

export interface ListOptions {
  role?: TeamMemberRole;
  pageSize: string;
}

const memberColumns: Column<TeamMemberItem>[] = [
  { header: 'id', value: (m) => m.organization.user?.id ?? m.organization.id, whole: true },
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
    .addHelpText(
      'after',
      examples(
        'teamctl members list',
        'teamctl members list --role owner -o csv > owners.csv',
        'teamctl members list -o ndjson | jq -c .team',
        'teamctl members list --team engineering,design -o csv > org.csv   # an organization roster, to sync back',
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
