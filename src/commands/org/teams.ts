// teams list: every team of the organization (README, "Find your way").
import type { Context } from '../../context.js';
import { ExitCode } from '../../errors.js';
import { listTeams } from '../../api/organization.js';
import type { OrganizationTeam } from '../../api/types.js';
import { writeList, type Column } from '../../output/list.js';
import { parsePageSize } from '../../settings.js';

export interface TeamsListOptions {
  title?: string;
  pageSize: string;
}

const columns: Column<OrganizationTeam>[] = [
  { header: 'id', value: (t) => t.id, whole: true },
  { header: 'title', value: (t) => t.title },
  { header: 'members', value: (t) => t.members },
];

export async function run(opts: TeamsListOptions, ctx: Context): Promise<number> {
  const pageSize = parsePageSize(opts.pageSize);
  const format = ctx.outputFormat();
  const org = ctx.setting('org').value;
  const client = await ctx.client();
  await writeList(ctx.io, format, listTeams(client, org, opts.title, pageSize), columns);
  return ExitCode.ok;
}
