// members add <user...> [--role owner|member]: every named user ends in the team (or in each team
// of --team a,b); with --role, with that role; without it, new members are `member` and members
// keep their role.
// Refused (exit 3) when it would leave the team without an owner (`--role member` naming the
// last owner) unless --force. Every invalid argument is reported at once (exit 2), nothing sent.
import type { Context } from '../../context.js';
import { Command, Option } from 'commander';
import { teamMemberRoles } from '../../choices.js';
import { examples, inviteOptions, journalOptions, type Factory } from '../command.js';
import type { InviteOptions } from '../../organization/joiners.js';

/** The flags of the command, as commander parses them. */
export interface AddOptionsFlags {
  planOut?: string;
  role?: 'owner' | 'member';
  dryRun?: boolean;
  force?: boolean;
  report?: string;
  batchSize: string;
  concurrency: string;
  skipUnknown?: boolean;
  invite?: boolean;
  inviteRole?: string;
  sso?: boolean;
  reinviteAfter?: string;
  /** false with --no-wait. */
  wait?: boolean;
}

export interface AddOptions extends AddOptionsFlags {
  users: string[];
}

export function command(f: Factory): Command {
  const cmd = new Command('add')
    .argument('<user...>')
    .description('add users (ids or e-mails) to the team, or to each team of --team a,b; with --role, each ends with that role')
    .addOption(new Option('--role <role>', 'team role of every named user').choices(teamMemberRoles))
    .option('--invite', 'invite the users who are not members of the organization (by e-mail), then add them to the team once they join')
    .option('--invite-role <role>', 'with --invite: the organization role of an invitee whose row has no orgRole (default read)')
    .option('--sso', 'with --invite: invite them as SSO users')
    .option('--reinvite-after <days>', 'with --invite: invite a user teamctl invited before, still pending, only after this many days (default 7)')
    .option('--skip-unknown', 'leave out users who are not members of the organization, with a warning (default: refuse the run)')
    .option('--dry-run', 'print the plan, send no change')
    .option('--force', 'apply a plan that leaves the team without an owner')
    .option('--report <file.csv>', 'write one row per user: user, action, outcome, HTTP status, message')
    .option('--plan-out <file>', 'a dry run that also writes the plan, for `teamctl apply` after review')
    .option('--batch-size <n>', 'users per bulk request', '100')
    .option('--concurrency <n>', 'single-user requests in flight at once', '8')
    .addHelpText('after', examples('teamctl members add pedro.alves@example.com olivia.johnson@example.com', 'teamctl members add kenji.sato@example.com --role owner', 'teamctl members add kenji.sato@example.com --team engineering,design'))
    .action(f.action(run, (cmd, users: string[]) => ({ users, ...cmd.opts<AddOptionsFlags>() }), ['base-url', 'org', 'team']));
  return journalOptions(cmd);
}

export async function run(opts: AddOptions, ctx: Context): Promise<number> {
  const [{ parseUserArguments, throwProblems }, { runMembersChange }, { parseWholeNumber }] = await Promise.all([import('../../files/userValues.js'), import('../../organization/run.js'), import('../../settings.js')]);
  const batchSize = parseWholeNumber('--batch-size', opts.batchSize, 10_000);
  const invite = await inviteOptions(opts);
  const concurrency = parseWholeNumber('--concurrency', opts.concurrency, 64);
  const { users: add, problems } = parseUserArguments(opts.users, 'arguments');
  throwProblems(problems);
  const options = {
    command: 'members add',
    dryRun: opts.dryRun === true,
    skipUnknown: opts.skipUnknown === true,
    ...(invite !== undefined ? { invite: invite as InviteOptions } : {}),
    force: opts.force === true,
    batchSize,
    concurrency,
    report: opts.report,
    planOut: opts.planOut,
    wait: opts.wait !== false,
  };
  // Several teams (`--team a,b`): the same adds in each, one plan across them (`teamctl help organization`, "A joiner's day").
  const teams = ctx.teams();
  if (teams.length > 1) {
    const [{ runPlacement }, { resolveSetting }] = await Promise.all([import('../../organization/placement.js'), import('../../settings.js')]);
    const given = resolveSetting('team', ctx.flags, ctx.env, ctx.profile())?.value;
    return runPlacement(ctx, options, { users: add, teams: teams.map((name) => ({ name, role: opts.role })), whole: given?.includes('\n') ? undefined : given });
  }
  return runMembersChange(ctx, { ...options, change: { add, ...(opts.role ? { role: opts.role } : {}) } });
}
