// glossary import <file>: file → reader → plan against the whole glossary → the change engine
// (src/engine/run.ts) with the glossary domain (src/glossary/change.ts). This file only turns
// flags into options; nothing is sent when the file has any problem (exit 2), nor with --dry-run.
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { parseLanguagesFlag } from '../../files/glossary/icu.js';
import { runGlossaryImport } from '../../glossary/run.js';
import { parseWholeNumber, resolveTimeoutMs } from '../../settings.js';

/** The flags of the command, as commander parses them (src/program.ts declares them). */
export interface ImportOptionsFlags {
  /** --languages en,de (checked in run). */
  languages?: string;
  /** false with --no-wait. */
  wait?: boolean;
  planOut?: string;
  report?: string;
  exitCode?: boolean;
  dryRun?: boolean;
  batchSize: string;
  key?: string;
  onConflict: 'skip' | 'update' | 'insert';
}

export interface ImportOptions extends ImportOptionsFlags {
  file: string;
}

export async function run(opts: ImportOptions, ctx: Context): Promise<number> {
  const batchSize = parseWholeNumber('--batch-size', opts.batchSize, 1000);
  const onConflict = opts.onConflict ?? 'skip'; // commander's .choices() refused any other value
  if (opts.exitCode && !opts.dryRun) throw new UsageError('--exit-code only works with --dry-run (exit 8 when changes are pending)');
  ctx.outputFormat(); // a bad -o fails here, before anything is read or sent
  const requestTimeoutMs = resolveTimeoutMs(ctx.flags);
  const languages = opts.languages === undefined ? undefined : parseLanguagesFlag(opts.languages);
  return runGlossaryImport(ctx, { ...opts, languages, batchSize, onConflict, requestTimeoutMs });
}
