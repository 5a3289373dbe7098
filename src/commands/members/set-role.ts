// members set-role <user...> --role owner|member [--file <file>]: the team role of members of the
// team, in bulk (README, "One team"). Only members: a user who is not one is
// said ("not a member"), never added; one the organization does not have either is exit 5, nothing
// sent, unless --missing-ok. The last-owner guard applies; an organization role is named
// with `teamctl users set-role` instead, and the error says so.
import { Command } from 'commander';
import type { Context } from '../../context.js';
import { UsageError, formatProblem } from '../../errors.js';
import { examples, type Factory } from '../command.js';

export interface MembersSetRoleFlags {
  role?: string;
  file?: string;
  dryRun?: boolean;
  force?: boolean;
  planOut?: string;
  report?: string;
  batchSize: string;
  concurrency: string;
  missingOk?: boolean;
}

export interface MembersSetRoleOptions extends MembersSetRoleFlags {
  users: string[];
}

export function command(f: Factory): Command {
  return new Command('set-role')
    .argument('[user...]')
    .description("change members' team role in bulk (ids or e-mails): owner or member; users not in the team are said, never added")
    .option('--role <role>', 'the team role: owner or member')
    .option('--file <file>', 'the users, one per line or under a user column')
    .option('--dry-run', 'print the plan, send no change')
    .option('--force', 'apply a plan that leaves the team without an owner')
    .option('--plan-out <file>', 'a dry run that also writes the plan, for `teamctl apply` after review')
    .option('--report <file.csv>', 'write one row per user: user, action, outcome, HTTP status, message')
    .option('--batch-size <n>', 'users per bulk request', '100')
    .option('--concurrency <n>', 'role requests in flight at once', '8')
    .option('--missing-ok', 'leave out named users who match nobody in the organization (default: exit 5, nothing sent)')
    .addHelpText('after', examples('teamctl members set-role kenji.sato@example.com --role owner --dry-run'))
    .action(f.action(run, (cmd, users: string[]) => ({ users, ...cmd.opts<MembersSetRoleFlags>() }), ['base-url', 'org', 'team']));
}

export async function run(opts: MembersSetRoleOptions, ctx: Context): Promise<number> {
  const role = opts.role?.trim().toLowerCase();
  if (role === undefined) throw new UsageError('name the team role: --role owner|member');
  if (role !== 'owner' && role !== 'member') {
    const org = ['admin', 'create', 'edit', 'review', 'comment', 'read', 'guest'].includes(role);
    throw new UsageError(`--role ${JSON.stringify(opts.role)} is ${org ? 'an organization role' : 'no team role'}: a team's roles are owner and member`, {
      hint: org ? `an organization role is set with \`teamctl users set-role <user> --role ${role}\`` : 'see `teamctl members list` for the roles members have',
    });
  }
  const [{ namedUsers }, { runMembersChange }, { parseWholeNumber }] = await Promise.all([import('../../files/users.js'), import('../../organization/run.js'), import('../../settings.js')]);
  const batchSize = parseWholeNumber('--batch-size', opts.batchSize, 10_000);
  const concurrency = parseWholeNumber('--concurrency', opts.concurrency, 64);
  const all = await namedUsers(opts.users, opts.file, undefined, ctx.cwd, (w) => ctx.io.warn(formatProblem(w)));
  if (all.length === 0) throw new UsageError('name the members whose role to change (ids or e-mails), or --file <file>');
  return runMembersChange(ctx, {
    command: 'members set-role',
    change: { add: all, role, membersOnly: true },
    dryRun: opts.dryRun === true,
    force: opts.force === true,
    batchSize,
    concurrency,
    report: opts.report,
    planOut: opts.planOut,
    inputs: opts.file !== undefined ? [{ path: opts.file, what: 'the --file' }] : [],
    refuseUnmatched: opts.missingOk !== true,
  });
}
