// members remove <user...>: none of the named users is in the team afterwards; naming a
// non-member is not an error ("not a member"). No --max-removals guard and no prompt: the
// admin named each user, which is the intent the guard exists to check for a roster.
import type { Context } from '../../context.js';
import { parseUserArgument } from '../../files/users.js';
import { runMembersChange } from '../../members/engine.js';
import { parseWholeNumber } from '../../settings.js';
import type { RemoveOptionsFlags } from '../../program.js';

export interface RemoveOptions extends RemoveOptionsFlags {
  users: string[];
}

/** Removals go in bulk requests; no single-user requests are needed, so no --concurrency. */
const concurrency = 8;

export async function run(opts: RemoveOptions, ctx: Context): Promise<number> {
  const batchSize = parseWholeNumber('--batch-size', opts.batchSize, 10_000);
  const remove = opts.users.map(parseUserArgument);
  return runMembersChange(ctx, {
    change: { remove },
    dryRun: opts.dryRun === true,
    batchSize,
    concurrency,
    ...(opts.report !== undefined ? { report: opts.report } : {}),
  });
}
