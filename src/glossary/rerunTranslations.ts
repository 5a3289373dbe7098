// glossary sync --rerun-translations (`teamctl help translations`): once the sync succeeded, the
// translations whose target language the change touched are run, each once, through the journal
// (translationRuns.ts). Each run is billable: without a terminal, --yes is needed before anything
// is sent (exit 3, the sync not sent either); with --dry-run, the translations it would run are
// listed. A sync that did not succeed runs none.
import type { Context } from '../context.js';
import { confirmChange } from '../engine/run.js';
import { ExitCode } from '../errors.js';
import { touchedLanguages } from '../plan/translations.js';
import type { HoldBack } from '../journal/holdBack.js';
import type { TouchedEntry } from './touched.js';

/** What of the sync's options the runs after it read. */
export interface RerunFlags {
  dryRun?: boolean | undefined;
  planOut?: string | undefined;
  wait?: boolean | undefined;
  holdBack: HoldBack;
}

export async function rerunAfterSync(ctx: Context, opts: RerunFlags, sync: (touched: (changes: TouchedEntry[]) => void) => Promise<number>): Promise<number> {
  const dryRun = opts.dryRun === true || opts.planOut !== undefined;
  if (!dryRun && ctx.flags.yes !== true && !(ctx.io.stderrIsTTY && ctx.io.stdinIsTTY)) {
    await confirmChange(ctx, '', '--rerun-translations would run the translations the sync touches, each run billable');
  }
  let languages: string[] = [];
  const notRun = (): void => ctx.io.warn('--rerun-translations: no translation was run, as the sync did not succeed');
  let code: number;
  try {
    code = await sync((changes) => (languages = touchedLanguages(changes)));
  } catch (err) {
    if (languages.length > 0) notRun();
    throw err;
  }
  if (code !== ExitCode.ok && !(dryRun && code === ExitCode.pending)) {
    notRun();
    return code;
  }
  if (languages.length === 0) {
    ctx.io.info('--rerun-translations: the sync touched no language; no translation to run');
    return code;
  }
  const { runTranslations } = await import('./translationRuns.js');
  ctx.io.info(`--rerun-translations: the sync touched ${languages.join(', ')}`);
  const client = await ctx.client();
  const runs = await runTranslations(ctx, client, ctx.setting('org').value, {
    choice: { languages },
    dryRun,
    wait: opts.wait !== false,
    holdBackMs: opts.holdBack.holdBackMs,
    why: `the sync touches ${languages.join(', ')}`,
    rowsOnStderr: true,
  });
  return runs === ExitCode.ok ? code : runs;
}
