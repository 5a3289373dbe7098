// users list and users teams: the organization's members, and one member's teams with roles
// (README, "Find your way"). A user is named by id or e-mail, as everywhere.
import type { Context } from '../../context.js';
import { ExitCode } from '../../errors.js';
import { listMemberTeams, listOrganizationMembers, memberId, type MemberFilters } from '../../api/organization.js';
import type { OrganizationMember } from '../../api/types.js';
import { writeList, type Column } from '../../output/list.js';
import { parsePageSize } from '../../settings.js';

export interface UsersListOptions extends MemberFilters {
  pageSize: string;
}

const columns: Column<OrganizationMember>[] = [
  { header: 'id', value: (m) => m.user.id, whole: true },
  { header: 'name', value: (m) => m.user.displayName },
  { header: 'email', value: (m) => m.user.email, whole: true },
  { header: 'orgRole', value: (m) => m.role ?? 'guest' },
  { header: 'lastSeen', value: (m) => m.lastSeenAt ?? '' },
  { header: 'disabled', value: (m) => m.disabled },
];

export async function list(opts: UsersListOptions, ctx: Context): Promise<number> {
  const pageSize = parsePageSize(opts.pageSize);
  const format = ctx.outputFormat();
  const org = ctx.setting('org').value;
  const client = await ctx.client();
  const { search, role, sort, order } = opts;
  await writeList(ctx.io, format, listOrganizationMembers(client, org, { search, role, sort, order }, pageSize), columns);
  return ExitCode.ok;
}

export interface UserTeamsOptions {
  user: string;
  pageSize: string;
}

export async function teams(opts: UserTeamsOptions, ctx: Context): Promise<number> {
  const pageSize = parsePageSize(opts.pageSize);
  const format = ctx.outputFormat();
  const org = ctx.setting('org').value;
  const client = await ctx.client();
  const id = await memberId(client, org, opts.user);
  await writeList(ctx.io, format, listMemberTeams(client, org, id, pageSize), [
    { header: 'team', value: (t) => t.team.id, whole: true },
    { header: 'title', value: (t) => t.team.title },
    { header: 'role', value: (t) => t.member.role },
  ]);
  return ExitCode.ok;
}
