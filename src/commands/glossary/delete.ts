// glossary delete <id...>: deletes the named entries (README, "The glossary"). Every id is
// checked against the glossary first: an unknown one is exit 5 naming it, and nothing is sent.
// No --max-deletions and no prompt: each entry was named one by one, which is the intent.
import { Command } from 'commander';
import type { Context } from '../../context.js';
import { examples, type Factory, type JournalFlags } from '../command.js';

export interface GlossaryDeleteOptions extends JournalFlags {
  ids: string[];
  dryRun?: boolean;
  planOut?: string;
  report?: string;
}

export function command(f: Factory): Command {
  return new Command('delete')
    .argument('<id...>')
    .description('delete the named glossary entries; an unknown id is exit 5 with nothing sent')
    .option('--dry-run', 'print the plan, send no change')
    .option('--plan-out <file>', 'a dry run that also writes the plan, for `teamctl apply` after review')
    .option('--report <file.csv>', 'write one row per entry: position, key, action, outcome, entry, HTTP status, message')
    .option('--no-wait', 'when another teamctl is changing the same glossary: refuse (exit 3) instead of waiting for it')
    .option('--hold-back <seconds>', 'how long a write whose outcome is unknown is left alone before a listing settles it (default 60)')
    .option('--no-settle', 'at the end, leave writes still held back in the journal (exit 6) instead of waiting to settle them')
    .addHelpText('after', examples('teamctl glossary delete ge_8m7n1xckxrwizldt --dry-run', 'teamctl glossary delete ge_8m7n1xckxrwizldt ge_gjonuevup421lwjc'))
    .action(f.action(run, (cmd, ids: string[]) => ({ ids, ...cmd.opts<Omit<GlossaryDeleteOptions, 'ids'>>() }), ['base-url', 'org']));
}

export async function run(opts: GlossaryDeleteOptions, ctx: Context): Promise<number> {
  const [{ checkIdentifier }, { runGlossaryDelete }, { resolveTimeoutMs }] = await Promise.all([import('../../api/segment.js'), import('../../glossary/run.js'), import('../../settings.js')]);
  const { parseHoldBack } = await import('../../journal/holdBack.js');
  const ids = [...new Set(opts.ids.map((id) => id.trim()))];
  for (const id of ids) checkIdentifier(id, 'glossary entry id');
  ctx.outputFormat();
  const requestTimeoutMs = resolveTimeoutMs(ctx.flags);
  return runGlossaryDelete(ctx, { ...opts, ids, requestTimeoutMs, holdBack: parseHoldBack(opts) });
}
