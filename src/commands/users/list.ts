// users list: the organization's members (README, "Find your way").
import { Command, Option } from 'commander';
import type { Context } from '../../context.js';
import { ExitCode } from '../../errors.js';
import type { MemberFilters } from '../../api/organization.js';
import type { OrganizationMember } from '../../api/types.js';
import type { Column } from '../../output/columns.js';
import { examples, type Factory } from '../command.js';

export interface UsersListOptions extends MemberFilters {
  pageSize: string;
}

export function command(f: Factory): Command {
  return new Command('list')
    .description('list the members of the organization: id, name, e-mail, org role, last seen, disabled')
    .option('--search <text>', 'only members whose name or e-mail contains this')
    .addOption(new Option('--role <role>', 'only members with this organization role').choices(['admin', 'create', 'edit', 'review', 'comment', 'read', 'guest']))
    .addOption(new Option('--sort <by>', "sort by (the service's default: joinedAt)").choices(['joinedAt', 'lastSeenAt', 'name']))
    .addOption(new Option('--order <order>', "sort order (the service's default: desc)").choices(['asc', 'desc']))
    .option('--page-size <n>', 'members per request, 1..1000', '1000')
    .addHelpText('after', examples('teamctl users list --search kenji', 'teamctl users list --role admin --sort name --order asc -o csv'))
    .action(f.action(run, (cmd) => cmd.opts<UsersListOptions>(), ['base-url', 'org']));
}

/** The columns of table, tsv and csv; `isoDay` (output/columns.ts) is handed in once loaded. */
const columns = (isoDay: (value: string | undefined) => string): Column<OrganizationMember>[] => [
  { header: 'id', value: (m) => m.user.id, whole: true, id: true },
  // A table marks a disabled member after the name, so 80 columns hold id, name, e-mail and role.
  { header: 'name', value: (m) => m.user.displayName, table: (m) => (m.disabled ? `${m.user.displayName} (disabled)` : m.user.displayName) },
  { header: 'email', value: (m) => m.user.email, whole: true },
  { header: 'orgRole', value: (m) => m.role ?? 'guest' },
  // A table shows the day, and leaves the column out when the terminal is too narrow; tsv, csv and json the service's timestamp.
  { header: 'lastSeen', value: (m) => m.lastSeenAt ?? '', table: (m) => isoDay(m.lastSeenAt), optional: true },
  { header: 'disabled', value: (m) => m.disabled, table: false },
];

export async function run(opts: UsersListOptions, ctx: Context): Promise<number> {
  const [{ listOrganizationMembers }, { writeList }, { parsePageSize }, { isoDay }] = await Promise.all([
    import('../../api/organization.js'),
    import('../../output/list.js'),
    import('../../settings.js'),
    import('../../output/columns.js'),
  ]);
  const pageSize = parsePageSize(opts.pageSize);
  const format = ctx.outputFormat();
  const org = ctx.setting('org').value;
  const client = await ctx.client();
  const { search, role, sort, order } = opts;
  await writeList(ctx.io, format, listOrganizationMembers(client, org, { search, role, sort, order }, pageSize), columns(isoDay));
  return ExitCode.ok;
}
