// members add <user...> [--role owner|member]: every named user ends in the team; with --role,
// with that role; without it, new members are `member` and members keep their role.
// Refused (exit 3) when it would leave the team without an owner (`--role member` naming the
// last owner) unless --force. Every invalid argument is reported at once (exit 2), nothing sent.
import type { Context } from '../../context.js';
import { parseUserArguments, throwProblems } from '../../files/users.js';
import { runMembersChange } from '../../members/engine.js';
import { parseWholeNumber } from '../../settings.js';

/** The flags of the command, as commander parses them (src/program.ts declares them). */
export interface AddOptionsFlags {
  planOut?: string;
  role?: 'owner' | 'member';
  dryRun?: boolean;
  force?: boolean;
  report?: string;
  batchSize: string;
  concurrency: string;
}

export interface AddOptions extends AddOptionsFlags {
  users: string[];
}

export async function run(opts: AddOptions, ctx: Context): Promise<number> {
  const batchSize = parseWholeNumber('--batch-size', opts.batchSize, 10_000);
  const concurrency = parseWholeNumber('--concurrency', opts.concurrency, 64);
  const { users: add, problems } = parseUserArguments(opts.users, 'arguments');
  throwProblems(problems);
  return runMembersChange(ctx, {
    command: 'members add',
    change: { add, ...(opts.role ? { role: opts.role } : {}) },
    dryRun: opts.dryRun === true,
    force: opts.force === true,
    batchSize,
    concurrency,
    report: opts.report,
    planOut: opts.planOut,
  });
}
