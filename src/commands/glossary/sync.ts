// glossary sync <file>: make the glossary equal the file (README, "The glossary"). file → reader → sync plan (src/plan/glossarySync.ts) → the change engine with the
// glossary domain. This file only turns flags into options.
import { Command } from 'commander';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { examples, type Factory, type JournalFlags } from '../command.js';

export interface GlossarySyncOptions extends JournalFlags {
  /** --languages en,de (checked in run). */
  languages?: string;
  /** --sheet <name>: the sheet of an .xlsx. */
  sheet?: string;
  /** --encoding <label>: a CSV's encoding (checked in run). */
  encoding?: string;
  /** --map-language key=language, repeatable (checked in run). */
  mapLanguage?: string[];
  strictLanguages?: boolean;
  rewriteKeys?: boolean;
  lint?: boolean;
  /** --ignore-columns Category,Notes. */
  ignoreColumns?: string;
  /** --header-row <n> (checked in run). */
  headerRow?: string;
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
  rerunTranslations?: boolean;
}

const defaultMaxDeletions = '25%';
/** The collector of a repeatable flag. */
const collect = (value: string, previous: string[] | undefined): string[] => [...(previous ?? []), value];

export function command(f: Factory): Command {
  return new Command('sync')
    .argument('<file>')
    .description('make the glossary equal the file: update in place, insert what is missing, and with --prune delete what the file does not have')
    .option('--prune', 'delete the entries no row matches (and duplicates of matched entries)')
    .option('--key <lang>', 'language whose term identifies an entry (default: the first language column)')
    .option('--languages <codes>', 'the languages of the term columns in order, for a file whose header does not name them (source,target; DeepL, Google): e.g. en,de')
    .option('--sheet <name>', 'the sheet of an .xlsx file to read (default: its first)')
    .option('--encoding <label>', 'the encoding of a CSV or TSV file that is not UTF-8 (windows-1252, iso-8859-2, shift_jis …)')
    .option('--map-language <key=lang>', 'send a key the translation feature has no language for as one it has: de-DE=de,zh-Hant=zh-tw (repeatable)', collect)
    .option('--lint', 'lint the file first (`teamctl glossary lint`) and refuse (exit 2, nothing sent) when it finds an error')
    .option('--rewrite-keys', "also move every entry's keys to the translation feature's spelling (pt-BR → pt-br, and what --map-language maps), in place")
    .option('--strict-languages', 'refuse (exit 2) a file with a key the translation feature has no language for, instead of leaving it out')
    .option('--ignore-columns <names>', 'header columns to read as no column (comma-separated): neither a language nor a known one, e.g. Category,Notes')
    .option('--header-row <n>', 'the line (a sheet\'s row) that holds the header, when rows of notes come first: the rows above are skipped')
    .option('--dry-run', 'print the plan, send no change')
    .option('--exit-code', 'with --dry-run: exit 8 when the plan is not empty (drift check)')
    .option('--no-audit', 'with --exit-code: do not name, from the audit log, who changed what drifted')
    .option('--plan-out <file>', 'a dry run that also writes the plan, for `teamctl apply` after review')
    .option('--max-deletions <n|p%>', 'refuse a plan deleting more than this (default 25% of the entries, at least 1)')
    .option('--force', 'apply a plan over --max-deletions')
    .option('--report <file.csv>', 'write one row per change: line, key, action, outcome, entry, HTTP status, message')
    .option('--batch-size <n>', 'operations per request', '100')
    .option('--no-wait', 'when another teamctl is changing the same glossary: refuse (exit 3) instead of waiting for it')
    .option('--hold-back <seconds>', 'how long a write whose outcome is unknown is left alone before a listing settles it (default 60)')
    .option('--no-settle', 'at the end, leave writes still held back in the journal (exit 6) instead of waiting to settle them')
    .option('--rerun-translations', 'once the sync succeeded, run the translations into the languages it touched (billable: --yes)')
    .addHelpText(
      'after',
      examples(
        'teamctl glossary sync terms.csv --dry-run',
        'teamctl glossary sync terms.csv --prune --yes --report sync.csv',
        'teamctl glossary sync terms.csv --no-settle                      # CI: leave unknown outcomes to the next run',
        'teamctl glossary sync terms.csv --prune --dry-run --exit-code   # CI drift check',
        'teamctl glossary sync terms.csv --prune --plan-out plan.json     # then: teamctl apply plan.json',
      ),
    )
    .action(f.action(run, (cmd, file: string) => ({ file, ...cmd.opts<Omit<GlossarySyncOptions, 'file'>>() }), ['base-url', 'org']));
}

export async function run(opts: GlossarySyncOptions, ctx: Context): Promise<number> {
  const [{ parseLanguagesFlag }, { runGlossarySync }, { maxRemovalsAllowed }, { parseWholeNumber, resolveTimeoutMs }, { encodingFlag }] = await Promise.all([
    import('../../files/glossary/icu.js'),
    import('../../glossary/run.js'),
    import('../../plan/members.js'),
    import('../../settings.js'),
    import('../../files/textFile.js'),
  ]);
  const { parseHoldBack } = await import('../../journal/holdBack.js');
  const batchSize = parseWholeNumber('--batch-size', opts.batchSize, 1000);
  if (opts.exitCode && !opts.dryRun) throw new UsageError('--exit-code only works with --dry-run (exit 8 when changes are pending)');
  if (opts.maxDeletions !== undefined && !opts.prune) throw new UsageError('--max-deletions goes with --prune: only --prune deletes entries');
  const maxDeletions = opts.maxDeletions ?? defaultMaxDeletions;
  maxRemovalsAllowed(maxDeletions, 0, '--max-deletions', 'entries'); // a bad spec fails before any request
  ctx.outputFormat();
  const requestTimeoutMs = resolveTimeoutMs(ctx.flags);
  const languages = opts.languages === undefined ? undefined : parseLanguagesFlag(opts.languages);
  const encoding = opts.encoding === undefined ? undefined : encodingFlag(opts.encoding);
  const { parseLanguageMap } = await import('../../glossary/serviceLanguages.js');
  const serviceKeys = { map: parseLanguageMap(opts.mapLanguage), strict: opts.strictLanguages === true };
  const ignoreColumns = opts.ignoreColumns === undefined ? undefined : (await import('../../files/glossary/header.js')).ignoreColumnsFlag(opts.ignoreColumns);
  const headerRow = opts.headerRow === undefined ? undefined : (await import('../../files/glossary/header-row.js')).headerRowFlag(opts.headerRow);
  if (opts.lint === true) {
    const { lintBeforeSync } = await import('../../glossary/lint.js');
    const read = { ...(opts.key === undefined ? {} : { key: opts.key }), ...(languages === undefined ? {} : { languages }), ...(opts.sheet === undefined ? {} : { sheet: opts.sheet }), ...(encoding === undefined ? {} : { encoding }), ...(ignoreColumns === undefined ? {} : { ignoreColumns }), ...(headerRow === undefined ? {} : { headerRow }) };
    await lintBeforeSync(ctx, opts.file, read, serviceKeys.map);
  }
  return runGlossarySync(ctx, { ...opts, languages, encoding, serviceKeys, ignoreColumns, headerRow, batchSize, maxDeletions, requestTimeoutMs, holdBack: parseHoldBack(opts) });
}
