// members offboard <user...> [--file <file>]: remove each user from every team they are in, in one
// reviewed plan across teams (README, "Find your way"). This file only turns flags into options.
import type { Context } from '../../context.js';
import { InputFileError, UsageError } from '../../errors.js';
import { parseUserArguments, readUserFile, throwProblems } from '../../files/users.js';
import { runOffboard } from '../../members/offboard.js';
import { parseWholeNumber } from '../../settings.js';

export interface OffboardOptionsFlags {
  file?: string;
  planOut?: string;
  dryRun?: boolean;
  force?: boolean;
  report?: string;
  minOwners?: string;
  batchSize: string;
}

export interface OffboardOptions extends OffboardOptionsFlags {
  users: string[];
}

export async function run(opts: OffboardOptions, ctx: Context): Promise<number> {
  const batchSize = parseWholeNumber('--batch-size', opts.batchSize, 10_000);
  const minOwners = opts.minOwners === undefined ? undefined : parseWholeNumber('--min-owners', opts.minOwners, 1_000_000);
  const { users, problems } = parseUserArguments(opts.users, 'arguments');
  let fromFile: typeof users = [];
  if (opts.file !== undefined) {
    try {
      // Leavers are exactly the people named, inactive or not.
      const file = await readUserFile(opts.file, { readRoles: false, dropInactive: false }, ctx.cwd);
      fromFile = file.users;
      for (const w of file.warnings) ctx.io.warn(`${w.file}:${w.line}: ${w.message}`);
    } catch (err) {
      if (!(err instanceof InputFileError)) throw err;
      problems.push(...err.problems);
    }
  }
  throwProblems(problems);
  const all = [...users, ...fromFile];
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
      inputs: opts.file !== undefined ? [{ path: opts.file, what: 'the --file' }] : [],
    },
    all,
  );
}
