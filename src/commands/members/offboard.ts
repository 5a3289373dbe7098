// members offboard <user...> [--file <file>]: remove each user from every team they are in, and
// revoke their direct grants (README, "Access"), in one reviewed plan across teams (README, "Find
// your way"). This file only turns flags into options.
import type { Context } from '../../context.js';
import { UsageError, formatProblem } from '../../errors.js';
import { Command } from 'commander';
import { examples, journalOptions, rerequestAfter, type Factory } from '../command.js';

export interface OffboardOptionsFlags {
  file?: string;
  /** --sheet <name>: the sheet of an .xlsx --file. */
  sheet?: string;
  planOut?: string;
  dryRun?: boolean;
  force?: boolean;
  report?: string;
  minOwners?: string;
  batchSize: string;
  fromOrganization?: boolean;
  maxOrgRemovals?: string;
  rerequestAfter?: string;
  /** false with --no-wait. */
  wait?: boolean;
  missingOk?: boolean;
}

export interface OffboardOptions extends OffboardOptionsFlags {
  users: string[];
}

export function command(f: Factory): Command {
  const cmd = new Command('offboard')
    .argument('[user...]')
    .description('remove each user (id or e-mail) from every team they are in and revoke their direct grants on spaces, collections and sites: one plan, guards per team')
    .option('--file <file>', 'the users, one per line or under a user column (CSV, TSV or .xlsx)')
    .option('--sheet <name>', 'with an .xlsx --file: the sheet to read (default: its first)')
    .option('--from-organization', 'then remove them from the organization too (needs confirmation, or --yes)')
    .option('--max-org-removals <n|p%>', 'with --from-organization: refuse removing more members of the organization than this (default 5%, at least 1)')
    .option('--dry-run', 'print the plan, send no change')
    .option('--plan-out <file>', 'a dry run that also writes the plan, for `teamctl apply` after review')
    .option('--report <file.csv>', 'write one row per change: team, user, action, outcome, HTTP status, message')
    .option('--min-owners <n>', 'refuse a plan leaving a team with fewer owners (default 1)')
    .option('--force', 'apply a plan that leaves a team without an owner (or under --min-owners)')
    .option('--batch-size <n>', 'users per bulk request', '100')
    .option('--missing-ok', 'leave out named users who match nobody in the organization (default: exit 5, nothing sent)')
    .addHelpText(
      'after',
      examples(
        'teamctl members offboard thomas.muller@example.com --dry-run',
        'teamctl members offboard thomas.muller@example.com --plan-out leaver.json   # then: teamctl apply leaver.json',
        'teamctl members offboard wei.chen@example.com --from-organization --dry-run',
      ),
    )
    .action(f.action(run, (cmd, users: string[]) => ({ users, ...cmd.opts<OffboardOptionsFlags>() }), ['base-url', 'org']));
  return journalOptions(cmd, { rerequest: true });
}

export async function run(opts: OffboardOptions, ctx: Context): Promise<number> {
  const [{ namedUsers }, { runOffboard }, { parseWholeNumber }, { defaultMaxOrgRemovals, maxOrgRemovalsAllowed }] = await Promise.all([
    import('../../files/users.js'),
    import('../../organization/offboard.js'),
    import('../../settings.js'),
    import('../../plan/organization.js'),
  ]);
  const batchSize = parseWholeNumber('--batch-size', opts.batchSize, 10_000);
  const minOwners = opts.minOwners === undefined ? undefined : parseWholeNumber('--min-owners', opts.minOwners, 1_000_000);
  if (opts.sheet !== undefined && opts.file === undefined) throw new UsageError('--sheet chooses the sheet of an .xlsx --file: give --file too');
  if (opts.maxOrgRemovals !== undefined && !opts.fromOrganization) throw new UsageError('--max-org-removals only works with --from-organization');
  if (opts.rerequestAfter !== undefined && !opts.fromOrganization) throw new UsageError('--rerequest-after only works with --from-organization');
  const rerequestAfterDays = await rerequestAfter(opts.rerequestAfter);
  const maxOrgRemovals = opts.maxOrgRemovals ?? defaultMaxOrgRemovals;
  try {
    maxOrgRemovalsAllowed(maxOrgRemovals, 0);
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  // Leavers are exactly the people named, inactive or not.
  const all = await namedUsers(opts.users, opts.file, opts.sheet, ctx.cwd, (w) => ctx.io.warn(formatProblem(w)));
  if (all.length === 0) throw new UsageError('name the users to offboard (ids or e-mails), or --file <file>');
  return runOffboard(
    ctx,
    {
      command: 'members offboard',
      dryRun: opts.dryRun === true,
      force: opts.force === true,
      ...(minOwners !== undefined ? { minOwners } : {}),
      batchSize,
      concurrency: 8,
      report: opts.report,
      planOut: opts.planOut,
      wait: opts.wait !== false,
      refuseUnmatched: opts.missingOk !== true,
      inputs: opts.file !== undefined ? [{ path: opts.file, what: 'the --file' }] : [],
    },
    all,
    opts.fromOrganization ? { maxOrgRemovals, rerequestAfterDays } : undefined,
  );
}
