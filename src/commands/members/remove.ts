// members remove <user...>: none of the named users is in the team afterwards; naming a
// member of the organization who is not in the team is not an error ("not a member"), naming
// nobody the organization has is (exit 5, nothing sent) unless --missing-ok. No --max-removals guard and no prompt: the
// admin named each user, which is the intent the guard exists to check for a roster. The
// last-owner guard does apply: removing every owner of a team is refused (exit 3) unless
// --force. Every invalid argument is reported at once (exit 2), nothing sent.
import type { Context } from '../../context.js';
import { Command } from 'commander';
import { examples, type Factory } from '../command.js';

/** The flags of the command, as commander parses them. */
export interface RemoveOptionsFlags {
  planOut?: string;
  dryRun?: boolean;
  force?: boolean;
  report?: string;
  batchSize: string;
  missingOk?: boolean;
}

export interface RemoveOptions extends RemoveOptionsFlags {
  users: string[];
}

/** Removals go in bulk requests; no single-user requests are needed, so no --concurrency. */
const concurrency = 8;

export function command(f: Factory): Command {
  return new Command('remove')
    .argument('<user...>')
    .description('remove users (ids or e-mails) from the team; naming a non-member is not an error, naming nobody the organization has is (exit 5)')
    .option('--dry-run', 'print the plan, send no change')
    .option('--force', 'apply a plan that leaves the team without an owner')
    .option('--report <file.csv>', 'write one row per user: user, action, outcome, HTTP status, message')
    .option('--plan-out <file>', 'a dry run that also writes the plan, for `teamctl apply` after review')
    .option('--batch-size <n>', 'users per bulk request', '100')
    .option('--missing-ok', 'leave out named users who match nobody in the organization (default: exit 5, nothing sent)')
    .addHelpText('after', examples('teamctl members remove pedro.alves@example.com olivia.johnson@example.com', 'teamctl members remove --dry-run thomas.muller@example.com'))
    .action(f.action(run, (cmd, users: string[]) => ({ users, ...cmd.opts<RemoveOptionsFlags>() }), ['base-url', 'org', 'team']));
}

export async function run(opts: RemoveOptions, ctx: Context): Promise<number> {
  const [{ parseUserArguments, throwProblems }, { runMembersChange }, { parseWholeNumber }] = await Promise.all([import('../../files/userValues.js'), import('../../organization/run.js'), import('../../settings.js')]);
  const batchSize = parseWholeNumber('--batch-size', opts.batchSize, 10_000);
  const { users: remove, problems } = parseUserArguments(opts.users, 'arguments');
  throwProblems(problems);
  return runMembersChange(ctx, {
    command: 'members remove',
    change: { remove },
    dryRun: opts.dryRun === true,
    force: opts.force === true,
    batchSize,
    concurrency,
    report: opts.report,
    planOut: opts.planOut,
    refuseUnmatched: opts.missingOk !== true,
  });
}
