// translations run <id…>|--all|--language <code>: runs translations again (`teamctl help
// translations`). Each run is billable: asked on a terminal, else refused (exit 3) unless --yes;
// recorded in the journal before it is sent, never sent twice.
import { Command } from 'commander';
import type { Context } from '../../context.js';
import { examples, journalOptions, repeated, type Factory, type JournalFlags } from '../command.js';

export interface TranslationsRunOptions extends JournalFlags {
  ids: string[];
  all?: boolean;
  language?: string[];
  dryRun?: boolean;
}

export function command(f: Factory): Command {
  const cmd = new Command('run')
    .argument('[id...]', 'the translations to run, by id (`teamctl translations list`)')
    .description('run translations again (each run is billable: confirmed, or --yes)')
    .option('--all', 'run every translation of the organization')
    .option('--language <code>', 'run the translations into this language (repeatable; a comma list too)', repeated)
    .option('--dry-run', 'list the translations that would be run, send nothing')
    .option('--hold-back <seconds>', 'how long a run whose outcome is unknown is left alone before the listing settles it (default 60)')
    .addHelpText('after', examples('teamctl translations run --language de --dry-run', 'teamctl translations run tr-api-de --yes'))
    .action(f.action(run, (cmd, ids: string[]) => ({ ids, ...cmd.opts<Omit<TranslationsRunOptions, 'ids'>>() }), ['base-url', 'org']));
  return journalOptions(cmd);
}

export async function run(opts: TranslationsRunOptions, ctx: Context): Promise<number> {
  const [{ runTranslations, choiceOf }, { parseHoldBack }] = await Promise.all([import('../../glossary/translationRuns.js'), import('../../journal/holdBack.js')]);
  const languages = opts.language?.flatMap((l) => l.split(',')).map((l) => l.trim()).filter((l) => l !== '');
  const choice = choiceOf(opts.ids, opts.all, languages);
  const { holdBackMs } = parseHoldBack({ holdBack: opts.holdBack });
  ctx.outputFormat(); // a bad -o fails here, before anything is read or sent
  const org = ctx.setting('org').value;
  const client = await ctx.client();
  return runTranslations(ctx, client, org, { choice, dryRun: opts.dryRun === true, wait: opts.wait !== false, holdBackMs });
}
