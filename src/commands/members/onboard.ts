// members onboard <e-mail...> --team a,b[:owner]: a joiner's day in one command, the mirror of
// `members offboard` (`teamctl help organization`, "A joiner's day"): one reviewed plan that
// invites the person if they are not a member (--invite), sets their organization role
// (--org-role), places them in every team named with its role, and leaves every other member
// alone. This file only turns flags into options (src/organization/placement.ts runs them).
import { Command } from 'commander';
import { organizationRoles } from '../../choices.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { examples, inviteOptions, journalOptions, type Factory } from '../command.js';
import type { InviteOptions } from '../../organization/joiners.js';
import type { OrganizationRole } from '../../plan/organization.js';

export interface OnboardOptionsFlags {
  invite?: boolean;
  orgRole?: string;
  sso?: boolean;
  reinviteAfter?: string;
  dryRun?: boolean;
  exitCode?: boolean;
  planOut?: string;
  report?: string;
  force?: boolean;
  minOwners?: string;
  batchSize: string;
  concurrency: string;
  /** false with --no-wait. */
  wait?: boolean;
}

export interface OnboardOptions extends OnboardOptionsFlags {
  users: string[];
}

export function command(f: Factory): Command {
  const cmd = new Command('onboard')
    .argument('[user...]')
    .description('place each user (e-mail or id) in every team of --team a,b[:owner], inviting those not in the organization (--invite): one plan, other members left alone')
    .option('--invite', 'invite the users who are not members of the organization (by e-mail); a run after they accept places them')
    .option('--org-role <role>', `the organization role each user ends with (${organizationRoles.join(', ')} or guest); invitees are invited with it (default read)`)
    .option('--sso', 'with --invite: invite them as SSO users')
    .option('--reinvite-after <days>', 'with --invite: invite a user teamctl invited before, still pending, only after this many days (default 7)')
    .option('--dry-run', 'print the plan, send no change')
    .option('--exit-code', 'with --dry-run: exit 8 when the plan is not empty (drift check)')
    .option('--plan-out <file>', 'a dry run that also writes the plan, for `teamctl apply` after review')
    .option('--report <file.csv>', 'write one row per change: team, user, action, outcome, HTTP status, message')
    .option('--min-owners <n>', 'refuse a plan leaving a team with fewer owners (default 1)')
    .option('--force', 'apply a plan that leaves a team without an owner (or under --min-owners)')
    .option('--batch-size <n>', 'users per bulk request', '100')
    .option('--concurrency <n>', 'single-user requests in flight at once', '8')
    .addHelpText(
      'after',
      examples(
        'teamctl members onboard kenji.sato@example.com --team design:owner --dry-run',
        'teamctl members onboard ana@example.com --team engineering,design --invite',
        'teamctl members onboard kenji.sato@example.com --team design --org-role edit',
      ),
    )
    .action(f.action(run, (cmd, users: string[]) => ({ users, ...cmd.opts<OnboardOptionsFlags>() }), ['base-url', 'org', 'team']));
  return journalOptions(cmd);
}

/** --org-role: an organization role, `guest` being null; exit 2 for a team role or anything else. */
function orgRoleOf(value: string | undefined): string | null | undefined {
  if (value === undefined) return undefined;
  const role = value.trim().toLowerCase();
  if (role === 'guest') return null;
  if ((organizationRoles as readonly string[]).includes(role)) return role;
  const team = role === 'owner' || role === 'member';
  throw new UsageError(`--org-role takes ${organizationRoles.join(', ')} or guest, not ${JSON.stringify(value)}`, {
    ...(team ? { hint: `a team role goes after the team's name: --team <team>:${role}` } : {}),
  });
}

export async function run(opts: OnboardOptions, ctx: Context): Promise<number> {
  const [{ parseUserArguments, throwProblems }, { namedTeams, runPlacement }, { parseWholeNumber }] = await Promise.all([import('../../files/userValues.js'), import('../../organization/placement.js'), import('../../settings.js')]);
  const batchSize = parseWholeNumber('--batch-size', opts.batchSize, 10_000);
  const concurrency = parseWholeNumber('--concurrency', opts.concurrency, 64);
  const minOwners = opts.minOwners === undefined ? undefined : parseWholeNumber('--min-owners', opts.minOwners, 1_000_000);
  if (opts.exitCode && !opts.dryRun) throw new UsageError('--exit-code only works with --dry-run (exit 8 when changes are pending)');
  const orgRole = orgRoleOf(opts.orgRole);
  const invite = await inviteOptions({ invite: opts.invite, sso: opts.sso, reinviteAfter: opts.reinviteAfter });
  const { users, problems } = parseUserArguments(opts.users, 'arguments');
  throwProblems(problems);
  if (users.length === 0) throw new UsageError('name the users to onboard (e-mails, or ids of members)');
  const teams = namedTeams(ctx.teams());
  return runPlacement(
    ctx,
    {
      command: 'members onboard',
      dryRun: opts.dryRun === true,
      exitCode: opts.exitCode === true,
      force: opts.force === true,
      ...(minOwners !== undefined ? { minOwners } : {}),
      batchSize,
      concurrency,
      report: opts.report,
      planOut: opts.planOut,
      wait: opts.wait !== false,
      // Invitees are invited with the organization role asked for (`teamctl help organization`, "Joiners").
      ...(invite !== undefined ? { invite: (orgRole === undefined ? invite : { ...invite, role: orgRole }) as InviteOptions } : {}),
    },
    { users, teams, orgRole: orgRole as OrganizationRole | undefined },
  );
}
