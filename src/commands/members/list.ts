// members list: every member of the team across all pages (contract §2).
import type { Context } from '../../context.js';
import { ExitCode } from '../../errors.js';
import { listTeamMembers } from '../../api/members.js';
import type { TeamMemberItem, TeamMemberRole } from '../../api/types.js';
import { writeList, type Column } from '../../output/list.js';
import { parsePageSize } from '../../settings.js';

export interface ListOptions {
  role?: TeamMemberRole;
  pageSize: string;
}

export const memberColumns: Column<TeamMemberItem>[] = [
  { header: 'id', value: (m) => m.organization.user?.id ?? m.organization.id },
  { header: 'email', value: (m) => m.organization.user?.email },
  { header: 'displayName', value: (m) => m.organization.user?.displayName },
  { header: 'role', value: (m) => m.team.role },
  { header: 'orgRole', value: (m) => m.organization.role },
];

async function* withRole(pages: AsyncIterable<TeamMemberItem[]>, role: TeamMemberRole | undefined): AsyncGenerator<TeamMemberItem[]> {
  for await (const items of pages) yield role ? items.filter((m) => m.team.role === role) : items;
}

export async function run(opts: ListOptions, ctx: Context): Promise<number> {
  const pageSize = parsePageSize(opts.pageSize);
  const format = ctx.outputFormat();
  const org = ctx.setting('org').value;
  const team = ctx.setting('team').value;
  const client = await ctx.client();
  await writeList(ctx.io, format, withRole(listTeamMembers(client, org, team, pageSize), opts.role), memberColumns);
  return ExitCode.ok;
}
