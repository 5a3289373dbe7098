// members remove <user...>: none of the named users is in the team afterwards; naming a
// non-member is not an error ("not a member"). No --max-removals guard and no prompt: the
// admin named each user, which is the intent the guard exists to check for a roster. The
// last-owner guard does apply: removing every owner of a team is refused (exit 3) unless
// --force. Every invalid argument is reported at once (exit 2), nothing sent.
import type { Context } from '../../context.js';
import { parseUserArguments, throwProblems } from '../../files/users.js';
import { runMembersChange } from '../../members/engine.js';
import { parseWholeNumber } from '../../settings.js';

/** The flags of the command, as commander parses them (src/program.ts declares them). */
export interface RemoveOptionsFlags {
  planOut?: string;
  dryRun?: boolean;
  force?: boolean;
  report?: string;
  batchSize: string;
}

export interface RemoveOptions extends RemoveOptionsFlags {
  users: string[];
}

/** Removals go in bulk requests; no single-user requests are needed, so no --concurrency. */
const concurrency = 8;

export async function run(opts: RemoveOptions, ctx: Context): Promise<number> {
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
  });
}
