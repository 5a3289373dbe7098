// glossary import <file>: file → reader → plan against the whole glossary → the change engine
// (src/engine/run.ts) with the glossary domain (src/glossary/change.ts). This file only turns
// flags into options; nothing is sent when the file has any problem (exit 2), nor with --dry-run.
import { Command, Option } from 'commander';
import { onConflictActions } from '../../choices.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { examples, type Factory, type JournalFlags } from '../command.js';

/** The flags of the command, as commander parses them. */
export interface ImportOptionsFlags extends JournalFlags {
  /** --languages en,de (checked in run). */
  languages?: string;
  /** --sheet <name>: the sheet of an .xlsx. */
  sheet?: string;
  /** --encoding <label>: a CSV's encoding (checked in run). */
  encoding?: string;
  /** --map-language key=language, repeatable (checked in run). */
  mapLanguage?: string[];
  strictLanguages?: boolean;
  /** --ignore-columns Category,Notes. */
  ignoreColumns?: string;
  /** --header-row <n> (checked in run). */
  headerRow?: string;
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

/** The collector of a repeatable flag. */
const collect = (value: string, previous: string[] | undefined): string[] => [...(previous ?? []), value];

export function command(f: Factory): Command {
  return new Command('import')
    .argument('<file>')
    .description('import a glossary file (CSV/TSV, .xlsx, TBX, MultiTerm XML) as batched glossary operations; safe to re-run (never duplicates)')
    .option('--dry-run', 'print the plan, send no change')
    .option('--exit-code', 'with --dry-run: exit 8 when the plan is not empty (drift check)')
    .option('--plan-out <file>', 'a dry run that also writes the plan, for `teamctl apply` after review')
    .option('--report <file.csv>', 'write one row per file row: line, key, action, outcome, entry, HTTP status, message')
    .option('--no-wait', 'when another teamctl is changing the same glossary: refuse (exit 3) instead of waiting for it')
    .option('--hold-back <seconds>', 'how long a write whose outcome is unknown is left alone before a listing settles it (default 60)')
    .option('--no-settle', 'at the end, leave writes still held back in the journal (exit 6) instead of waiting to settle them')
    .option('--batch-size <n>', 'operations per request', '100')
    .option('--key <lang>', 'language whose term identifies an entry (default: the first language column)')
    .option('--languages <codes>', 'the languages of the term columns in order, for a file whose header does not name them (source,target; DeepL, Google): e.g. en,de')
    .option('--sheet <name>', 'the sheet of an .xlsx file to read (default: its first)')
    .option('--encoding <label>', 'the encoding of a CSV or TSV file that is not UTF-8 (windows-1252, iso-8859-2, shift_jis …)')
    .option('--map-language <key=lang>', 'send a key the translation feature has no language for as one it has: de-DE=de,zh-Hant=zh-tw (repeatable)', collect)
    .option('--strict-languages', 'refuse (exit 2) a file with a key the translation feature has no language for, instead of leaving it out')
    .option('--ignore-columns <names>', 'header columns to read as no column (comma-separated): neither a language nor a known one, e.g. Category,Notes')
    .option('--header-row <n>', 'the line (a sheet\'s row) that holds the header, when rows of notes come first: the rows above are skipped')
    .addOption(new Option('--on-conflict <action>', 'same key term, other translations').choices(onConflictActions).default('skip'))
    .addHelpText('after', examples('teamctl glossary import terms.csv --dry-run', 'teamctl glossary import terms.csv --hold-back 120   # settle unknown outcomes after 2 min', 'teamctl glossary import terms.csv --on-conflict update --json > report.json', 'teamctl glossary import terms.csv --plan-out plan.json   # then: teamctl apply plan.json'))
    .action(f.action(run, (cmd, file: string) => ({ file, ...cmd.opts<ImportOptionsFlags>() }), ['base-url', 'org']));
}

export async function run(opts: ImportOptions, ctx: Context): Promise<number> {
  const [{ parseLanguagesFlag }, { runGlossaryImport }, { parseWholeNumber, resolveTimeoutMs }, { encodingFlag }] = await Promise.all([
    import('../../files/glossary/icu.js'),
    import('../../glossary/run.js'),
    import('../../settings.js'),
    import('../../files/textFile.js'),
  ]);
  const { parseHoldBack } = await import('../../journal/holdBack.js');
  const batchSize = parseWholeNumber('--batch-size', opts.batchSize, 1000);
  const onConflict = opts.onConflict ?? 'skip'; // commander's .choices() refused any other value
  if (opts.exitCode && !opts.dryRun) throw new UsageError('--exit-code only works with --dry-run (exit 8 when changes are pending)');
  ctx.outputFormat(); // a bad -o fails here, before anything is read or sent
  const requestTimeoutMs = resolveTimeoutMs(ctx.flags);
  const languages = opts.languages === undefined ? undefined : parseLanguagesFlag(opts.languages);
  const encoding = opts.encoding === undefined ? undefined : encodingFlag(opts.encoding);
  const { parseLanguageMap } = await import('../../glossary/serviceLanguages.js');
  const serviceKeys = { map: parseLanguageMap(opts.mapLanguage), strict: opts.strictLanguages === true };
  const ignoreColumns = opts.ignoreColumns === undefined ? undefined : (await import('../../files/glossary/header.js')).ignoreColumnsFlag(opts.ignoreColumns);
  const headerRow = opts.headerRow === undefined ? undefined : (await import('../../files/glossary/header-row.js')).headerRowFlag(opts.headerRow);
  return runGlossaryImport(ctx, { ...opts, languages, encoding, serviceKeys, ignoreColumns, headerRow, batchSize, onConflict, requestTimeoutMs, holdBack: parseHoldBack(opts) });
}
