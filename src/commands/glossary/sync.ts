// glossary sync <file>: make the glossary equal the file (README, "Keeping the glossary in a
// repository"). file → reader → sync plan (src/plan/glossarySync.ts) → the change engine with the
// glossary domain. This file only turns flags into options.
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { parseLanguagesFlag } from '../../files/glossary/icu.js';
import { runGlossarySync } from '../../glossary/run.js';
import { maxRemovalsAllowed } from '../../plan/members.js';
import { parseWholeNumber, resolveTimeoutMs } from '../../settings.js';

export interface GlossarySyncOptions {
  /** --languages en,de (checked in run). */
  languages?: string;
  /** false with --no-wait. */
  wait?: boolean;
  file: string;
  prune?: boolean;
  key?: string;
  dryRun?: boolean;
  exitCode?: boolean;
  planOut?: string;
  maxDeletions?: string;
  force?: boolean;
  report?: string;
  batchSize: string;
}

const defaultMaxDeletions = '25%';

export async function run(opts: GlossarySyncOptions, ctx: Context): Promise<number> {
  const batchSize = parseWholeNumber('--batch-size', opts.batchSize, 1000);
  if (opts.exitCode && !opts.dryRun) throw new UsageError('--exit-code only works with --dry-run (exit 8 when changes are pending)');
  if (opts.maxDeletions !== undefined && !opts.prune) throw new UsageError('--max-deletions goes with --prune: only --prune deletes entries');
  const maxDeletions = opts.maxDeletions ?? defaultMaxDeletions;
  maxRemovalsAllowed(maxDeletions, 0, '--max-deletions', 'entries'); // a bad spec fails before any request
  ctx.outputFormat();
  const requestTimeoutMs = resolveTimeoutMs(ctx.flags);
  const languages = opts.languages === undefined ? undefined : parseLanguagesFlag(opts.languages);
  return runGlossarySync(ctx, { ...opts, languages, batchSize, maxDeletions, requestTimeoutMs });
}
