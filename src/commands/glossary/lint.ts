// glossary lint [file]: what a glossary file (read as import reads it, nothing sent) or the live
// glossary holds that the translation feature would read wrongly or not at all (`teamctl help
// glossary-files`, "Glossary lint"). This file only turns flags into options.
import { Command } from 'commander';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { examples, type Factory } from '../command.js';

export interface LintOptions {
  file?: string;
  key?: string;
  /** --languages en,de (checked in run). */
  languages?: string;
  sheet?: string;
  /** --encoding <label> (checked in run). */
  encoding?: string;
  /** --header-row <n> (checked in run). */
  headerRow?: string;
  /** --ignore-columns Category,Notes, as import and sync take it. */
  ignoreColumns?: string;
  /** --map-language key=language, repeatable (checked in run). */
  mapLanguage?: string[];
  exitCode?: boolean;
  pageSize: string;
}

/** The collector of a repeatable flag. */
const collect = (value: string, previous: string[] | undefined): string[] => [...(previous ?? []), value];

export function command(f: Factory): Command {
  return new Command('lint')
    .argument('[file]', 'a glossary file to check before it is imported (default: the live glossary)')
    .description('find duplicates, case variants, homonyms, terms over the limits, empty entries, forbidden terms in use and keys the translation feature cannot read')
    .option('--exit-code', 'exit 8 when anything is found (for CI)')
    .option('--key <lang>', 'language whose term identifies an entry (default: the first language column; live: en, else the first language)')
    .option('--languages <codes>', 'the languages of the term columns in order, for a file whose header does not name them: e.g. en,de')
    .option('--sheet <name>', 'the sheet of an .xlsx file to read (default: its first)')
    .option('--encoding <label>', 'the encoding of a CSV or TSV file that is not UTF-8')
    .option('--header-row <n>', 'the line (a sheet\'s row) that holds the header, when rows of notes come first: the rows above are skipped')
    .option('--ignore-columns <names>', 'header columns to read as no column (comma-separated), as import reads them: e.g. Category,Notes')
    .option('--map-language <key=lang>', 'a key the translation feature reads as one of its languages: de-DE=de (repeatable)', collect)
    .option('--page-size <n>', 'live glossary: entries per request, 1..1000', '1000')
    .addHelpText(
      'after',
      examples('teamctl glossary lint terms.csv', 'teamctl glossary lint --exit-code   # the live glossary, in CI: fails on any finding', 'teamctl glossary lint -o json | jq \'.[] | select(.severity == "error")\''),
    )
    .action(f.action(run, (cmd, file: string | undefined) => ({ ...(file === undefined ? {} : { file }), ...cmd.opts<Omit<LintOptions, 'file'>>() })));
}

export async function run(opts: LintOptions, ctx: Context): Promise<number> {
  const [{ parseLanguagesFlag }, { runGlossaryLint }, { parseLanguageMap }, { parsePageSize }, { encodingFlag }] = await Promise.all([
    import('../../files/glossary/icu.js'),
    import('../../glossary/lint.js'),
    import('../../glossary/serviceLanguages.js'),
    import('../../settings.js'),
    import('../../files/textFile.js'),
  ]);
  // The live glossary needs the service; a file is read here alone.
  if (opts.file === undefined && opts.headerRow !== undefined) throw new UsageError('--header-row names the header row of a file: give the file to lint');
  if (opts.file === undefined && opts.ignoreColumns !== undefined) throw new UsageError('--ignore-columns names columns of a file: give the file to lint');
  if (opts.file === undefined) ctx.requireSettings(['base-url', 'org']);
  ctx.outputFormat();
  const { headerRowFlag } = await import('../../files/glossary/header-row.js');
  const read = {
    ...(opts.languages === undefined ? {} : { languages: parseLanguagesFlag(opts.languages) }),
    ...(opts.sheet === undefined ? {} : { sheet: opts.sheet }),
    ...(opts.encoding === undefined ? {} : { encoding: encodingFlag(opts.encoding) }),
    ...(opts.headerRow === undefined ? {} : { headerRow: headerRowFlag(opts.headerRow) }),
    ...(opts.ignoreColumns === undefined ? {} : { ignoreColumns: (await import('../../files/glossary/header.js')).ignoreColumnsFlag(opts.ignoreColumns) }),
  };
  return runGlossaryLint(ctx, { file: opts.file, key: opts.key, read, map: parseLanguageMap(opts.mapLanguage), exitCode: opts.exitCode, pageSize: parsePageSize(opts.pageSize) });
}
