// glossary delete <id...>: deletes the named entries (README, "glossary delete"). Every id is
// checked against the glossary first: an unknown one is exit 5 naming it, and nothing is sent.
// No --max-deletions and no prompt: each entry was named one by one, which is the intent.
import { checkIdentifier } from '../../api/segment.js';
import type { Context } from '../../context.js';
import { runGlossaryDelete } from '../../glossary/run.js';
import { resolveTimeoutMs } from '../../settings.js';

export interface GlossaryDeleteOptions {
  /** false with --no-wait. */
  wait?: boolean;
  ids: string[];
  dryRun?: boolean;
  planOut?: string;
  report?: string;
}

export async function run(opts: GlossaryDeleteOptions, ctx: Context): Promise<number> {
  const ids = [...new Set(opts.ids.map((id) => id.trim()))];
  for (const id of ids) checkIdentifier(id, 'glossary entry id');
  ctx.outputFormat();
  const requestTimeoutMs = resolveTimeoutMs(ctx.flags);
  return runGlossaryDelete(ctx, { ...opts, ids, requestTimeoutMs });
}
