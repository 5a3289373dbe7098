// access review: who reaches each space, collection and site, why, and what is risky (`teamctl
// help access`, "Review").
import { Command } from 'commander';
import type { Context } from '../../context.js';
import { ExitCode } from '../../errors.js';
import { examples, type Factory } from '../command.js';

export interface AccessReviewOptions {
  /** `--team` is the flag alone, as for `access list`: a default team never narrows a review. */
  team: string[];
  user: string[];
  space: string[];
  staleDays: string;
  exitCode: boolean;
  concurrency: string;
}

const collect = (value: string, previous: string[] | undefined): string[] => [...(previous ?? []), value];

export function command(f: Factory): Command {
  return new Command('review')
    .description('one row per person per resource with their role and where it comes from, and the findings: disabled members, guests above read, stale editors, grants around teams, open general access and invite links')
    .option('--user <e-mail or id>', 'only this person (repeatable)', collect)
    .option('--space <id or title>', 'only this space (repeatable)', collect)
    .option('--stale-days <n>', 'flag people not seen for this many days who hold edit or more', '90')
    .option('--exit-code', 'exit 8 when anything is flagged')
    .option('--concurrency <n>', 'requests in flight at once', '8')
    .addHelpText(
      'after',
      examples(
        'teamctl access review',
        'teamctl access review --team "Platform Engineering" --stale-days 30',
        'teamctl access review --space Onboarding --json',
        'teamctl access review -o markdown --exit-code > review.md',
      ),
    )
    .action(
      f.action(
        run,
        (cmd) => {
          const team = (cmd.optsWithGlobals<{ team?: string }>().team ?? '').split('\n').filter((t) => t !== '');
          const o = cmd.opts<Partial<AccessReviewOptions> & { staleDays: string; concurrency: string }>();
          return { team, user: o.user ?? [], space: o.space ?? [], staleDays: o.staleDays, exitCode: o.exitCode === true, concurrency: o.concurrency };
        },
        ['base-url', 'org'],
      ),
    );
}

export async function run(opts: AccessReviewOptions, ctx: Context): Promise<number> {
  const [{ readReview }, { writeReview }, { parseWholeNumber }, { startProgress }] = await Promise.all([
    import('../../access/review.js'),
    import('../../access/reviewReport.js'),
    import('../../settings.js'),
    import('../../output/progress.js'),
  ]);
  const concurrency = parseWholeNumber('--concurrency', opts.concurrency, 64);
  const staleDays = parseWholeNumber('--stale-days', opts.staleDays, 36_500);
  const format = ctx.outputFormat();
  const org = ctx.setting('org').value;
  const client = await ctx.client();
  const review = await readReview(client, org, {
    teams: opts.team.map((t) => t.trim()),
    users: opts.user.map((u) => u.trim()),
    spaces: opts.space.map((s) => s.trim()),
    staleDays,
    concurrency,
    now: ctx.now ?? Date.now,
    progress: (total) => startProgress(ctx.io, 'access review', total, total),
  });
  await writeReview(ctx.io, format, review);
  return opts.exitCode && review.findings.length > 0 ? ExitCode.pending : ExitCode.ok;
}
