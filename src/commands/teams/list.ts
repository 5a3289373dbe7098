// teams list: every team of the organization (README, "Find your way").
import { Command } from 'commander';
import type { Context } from '../../context.js';
import { ExitCode } from '../../errors.js';
import type { OrganizationTeam } from '../../api/types.js';
import type { Column } from '../../output/columns.js';
import { examples, type Factory } from '../command.js';

export interface TeamsListOptions {
  title?: string;
  pageSize: string;
}

export function command(f: Factory): Command {
  return new Command('list')
    .description('list every team of the organization: id, title, members')
    .option('--title <text>', 'only teams whose title contains this (any case)')
    .option('--page-size <n>', 'teams per request, 1..1000', '1000')
    .addHelpText('after', examples('teamctl teams list', 'teamctl teams list --title eng --json'))
    .action(f.action(run, (cmd) => cmd.opts<TeamsListOptions>(), ['base-url', 'org']));
}

const columns: Column<OrganizationTeam>[] = [
  { header: 'id', value: (t) => t.id, whole: true, id: true },
  { header: 'title', value: (t) => t.title },
  { header: 'members', value: (t) => t.members },
];

export async function run(opts: TeamsListOptions, ctx: Context): Promise<number> {
  const [{ listTeams }, { writeList }, { parsePageSize }] = await Promise.all([import('../../api/organization.js'), import('../../output/list.js'), import('../../settings.js')]);
  const pageSize = parsePageSize(opts.pageSize);
  const format = ctx.outputFormat();
  const org = ctx.setting('org').value;
  const client = await ctx.client();
  await writeList(ctx.io, format, listTeams(client, org, opts.title, pageSize), columns);
  return ExitCode.ok;
}
