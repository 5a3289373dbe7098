// glossary export (README, "Commands"): the whole glossary as CSV in the import format (id first), JSON,
// NDJSON or TBX-Basic, or one language pair for DeepL (`deepl`) or a TSV (`tsv-pair`), on stdout
// or atomically into a file.
//
// - The pair formats need --languages <src>,<tgt> (exactly two) and take no --lang; the others
//   take no --languages (README, "The glossary").
// - Streams page by page where the format allows: json, ndjson, tbx, and csv with --lang. csv
//   without --lang reads every page first, since its header names every language present.
// - --lang keeps only those languages (header spelled as given, matched case-insensitively) in
//   every format; an entry with none of them is left out (as a CSV row it could not be imported).
//   Without --lang, json/ndjson are the service's entries unchanged.
// - --excel (csv only): UTF-8 BOM, CRLF, cells starting with = + - @ (or tab/CR) get a leading `'`
//   (the import reader removes it again, so an --excel export imports back unchanged).
// - CSV carries what the import format can read back: translation keys that are not language
//   keys, or are `id` (the id column), are left out with ONE warning on stderr naming them and how
//   many entries have them (json, ndjson and tbx carry every key unchanged). Keys differing only in
//   case (`en`, `EN`) are one column, headed by the spelling met first; an entry with both and
//   different translations gets the first of them in its own key order (the value an import
//   compares with, so importing the export again changes nothing), and one warning lists them.
// - -f writes a temporary file beside the target and renames it over the target only once every
//   entry is written: an interrupted or failed export leaves the old file as it was. An existing
//   target keeps its permission bits.
// - Nothing reaches stdout before the first page has arrived, so a failure at once prints no data.
import { Command, Option } from 'commander';
import type { Context } from '../../context.js';
import { ExitCode, UsageError } from '../../errors.js';
import type { AtomicFile } from '../../files/atomic.js';
import { exportFormats, type ExportFormat } from '../../choices.js';
import { examples, type Factory } from '../command.js';

/** The flags of the command, as commander parses them. */
export interface ExportOptionsFlags {
  format?: ExportFormat;
  lang?: string;
  /** --languages <src>,<tgt>: the pair of `deepl` and `tsv-pair`. */
  languages?: string;
  file?: string;
  excel?: boolean;
}

export type ExportOptions = ExportOptionsFlags;

/** stdout as the export's sink (the other is an atomically written file). */
function stdoutSink(ctx: Context): AtomicFile {
  return { write: (text) => ctx.io.out(text, 'stream'), commit: async () => {}, abort: async () => {} };
}

/**
 * The format: --format, or the global -o / --json (one way to choose a format everywhere);
 * both, disagreeing, is a usage error. -o formats that are not file formats are refused.
 */
function exportFormat(opts: ExportOptions, ctx: Context): ExportFormat {
  const global = ctx.flags.output ?? (ctx.flags.json || ctx.flags.jq !== undefined ? 'json' : undefined);
  if (global !== undefined && !(exportFormats as readonly string[]).includes(global)) {
    throw new UsageError(`glossary export writes ${exportFormats.join(', ')}, not -o ${global}`);
  }
  if (opts.format !== undefined && global !== undefined && opts.format !== global) {
    throw new UsageError(`--format ${opts.format} and ${ctx.flags.output !== undefined ? `-o ${global}` : ctx.flags.json ? '--json' : '--jq (which filters JSON)'} disagree; give one of them`);
  }
  return opts.format ?? (global as ExportFormat | undefined) ?? 'csv';
}

/** --lang, or for a pair format the two languages of --languages (README, "The glossary"). */
function exportLanguages(format: ExportFormat, opts: ExportOptions, parse: (value: string, flag: string) => string[]): string[] | undefined {
  if (format !== 'deepl' && format !== 'tsv-pair') {
    if (opts.languages !== undefined) throw new UsageError(`--languages names the pair of --format deepl or tsv-pair; for --format ${format} choose languages with --lang`);
    return opts.lang === undefined ? undefined : parse(opts.lang, '--lang');
  }
  if (opts.lang !== undefined) throw new UsageError(`--format ${format} writes one language pair: name it with --languages <src>,<tgt>, not --lang`);
  if (opts.languages === undefined) throw new UsageError(`--format ${format} needs --languages <src>,<tgt>: the source and the target language, e.g. --languages en,de`);
  const pair = parse(opts.languages, '--languages');
  if (pair.length !== 2) throw new UsageError(`--format ${format} writes one language pair: --languages names ${pair.length === 1 ? 'one language' : `${pair.length} languages`}, give exactly two (source,target), e.g. en,de`);
  return pair;
}

export function command(f: Factory): Command {
  return new Command('export')
    .description('export the whole glossary (CSV in the import format, JSON, NDJSON, TBX-Basic, or one pair for DeepL or a TSV)')
    .addOption(new Option('--format <format>', 'file format (default csv; -o json|ndjson|csv and --json choose it too)').choices(exportFormats))
    .option('--lang <codes>', 'only these languages, e.g. en,fr')
    .option('--languages <src,tgt>', 'deepl and tsv-pair: the source and target language, e.g. en,de')
    .option('-f, --file <path>', 'write to this file (atomically) instead of stdout')
    .option('--excel', 'CSV for spreadsheets: UTF-8 BOM, cells starting with = + - @ neutralised')
    .addHelpText(
      'after',
      examples(
        'teamctl glossary export -f glossary.csv', 'teamctl glossary export --format tbx -f glossary.tbx', 'teamctl glossary export --excel --lang en,de -f for-excel.csv',
        'teamctl glossary export --format deepl --languages en,de -f deepl-en-de.csv',
      ),
    )
    .action(f.action(run, (cmd) => cmd.opts<ExportOptionsFlags>(), ['base-url', 'org']));
}

export async function run(opts: ExportOptions, ctx: Context): Promise<number> {
  const [{ listGlossaryEntries }, { openAtomic }, { writeExport }, { parseLanguageList }, { startedPages, untilStdoutCloses }] = await Promise.all([
    import('../../api/glossary.js'),
    import('../../files/atomic.js'),
    import('../../files/glossary-export.js'),
    import('../../glossary/languages.js'),
    import('../../output/list.js'),
  ]);
  const format = exportFormat(opts, ctx);
  if (opts.excel && format !== 'csv') throw new UsageError(`--excel applies to CSV only, not --format ${format}`);
  const languages = exportLanguages(format, opts, parseLanguageList);
  if (opts.file !== undefined && opts.file.trim() === '') throw new UsageError('-f needs a file path');
  if (opts.file !== undefined && ctx.flags.jq !== undefined) throw new UsageError('--jq filters what is printed on standard output, and -f writes a file: give one of them');
  const org = ctx.setting('org').value;
  const client = await ctx.client();

  // The first page before anything is written: a failure at once leaves no partial output.
  const source = listGlossaryEntries(client, org, 1000);
  const pages = await startedPages(opts.file === undefined ? untilStdoutCloses(ctx.io, source) : source);

  const sink = opts.file === undefined ? stdoutSink(ctx) : await openAtomic(ctx.path(opts.file), `-f ${opts.file}`);
  let written: number;
  try {
    written = await writeExport(format, pages, languages, opts.excel === true, sink, (m) => ctx.io.warn(`glossary export: ${m}`));
    await sink.commit();
  } catch (err) {
    await sink.abort();
    throw err;
  }
  if (opts.file !== undefined) {
    ctx.io.info(`exported ${written} glossary entr${written === 1 ? 'y' : 'ies'} to ${opts.file} (${format}${opts.excel ? ', for Excel' : ''})`);
  }
  return ExitCode.ok;
}
