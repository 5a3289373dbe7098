// users set-role <user...> --role <org role>: each named member's organization role (README,
// "Organization roles and leavers"), through the change engine: --dry-run, --plan-out and apply,
// --report, guards (never the token's own user, never the last admin). A team role is named
// with `teamctl members set-role` instead, and the error says so.
import { Command } from 'commander';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { examples, type Factory } from '../command.js';

export interface SetRoleFlags {
  role?: string;
  dryRun?: boolean;
  planOut?: string;
  report?: string;
  concurrency: string;
}

export interface SetRoleCommandOptions extends SetRoleFlags {
  users: string[];
}

export function command(f: Factory): Command {
  return new Command('set-role')
    .argument('<user...>')
    .description("change members' organization role (the users by e-mail or id): admin, create, edit, review, comment, read or guest")
    .option('--role <role>', 'the organization role: admin, create, edit, review, comment, read, or guest')
    .option('--dry-run', 'print the plan, send no change')
    .option('--plan-out <file>', 'a dry run that also writes the plan, for `teamctl apply` after review')
    .option('--report <file.csv>', 'write one row per user: user, action, outcome, HTTP status, message')
    .option('--concurrency <n>', 'requests in flight at once', '8')
    .addHelpText('after', examples('teamctl users set-role kenji.sato@example.com --role admin --dry-run', 'teamctl users set-role hana.kim@example.com wei.chen@example.com --role read'))
    .action(f.action(run, (cmd, users: string[]) => ({ users, ...cmd.opts<SetRoleFlags>() }), ['base-url', 'org']));
}

export async function run(opts: SetRoleCommandOptions, ctx: Context): Promise<number> {
  const [{ parseUserArguments, throwProblems }, { runSetOrganizationRole }, { parseWholeNumber }, { parseOrganizationRole, organizationRoles }] = await Promise.all([
    import('../../files/users.js'),
    import('../../organization/setRole.js'),
    import('../../settings.js'),
    import('../../plan/organization.js'),
  ]);
  if (opts.role === undefined) throw new UsageError('name the organization role: --role admin|create|edit|review|comment|read|guest');
  const role = parseOrganizationRole(opts.role);
  if (role === undefined) {
    const team = ['owner', 'member'].includes(opts.role.trim().toLowerCase());
    throw new UsageError(`--role ${JSON.stringify(opts.role)} is ${team ? 'a team role' : 'no organization role'}: the organization roles are ${organizationRoles.join(', ')} and guest`, {
      hint: team ? `a team role is set with \`teamctl members set-role <user> --role ${opts.role.trim().toLowerCase()}\`` : 'see `teamctl users list` for the roles members have',
    });
  }
  const concurrency = parseWholeNumber('--concurrency', opts.concurrency, 64);
  const { users, problems } = parseUserArguments(opts.users, 'arguments');
  throwProblems(problems);
  return runSetOrganizationRole(ctx, { users, role, concurrency, dryRun: opts.dryRun === true, ...(opts.planOut !== undefined ? { planOut: opts.planOut } : {}), ...(opts.report !== undefined ? { report: opts.report } : {}) });
}
