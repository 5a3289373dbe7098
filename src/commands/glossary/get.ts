// glossary get <id>: one entry (README, "Commands"). table/tsv/csv: one row per language (header
// language, translation, languages in export order); json the entry unchanged; unknown id → exit 5.
import { Command } from 'commander';
import type { Context } from '../../context.js';
import { ExitCode, NotFoundError, UsageError } from '../../errors.js';
import type { GlossaryEntry } from '../../api/types.js';
import type { Cell } from '../../output/columns.js';
import { examples, type Factory } from '../command.js';

export interface GetOptions {
  id: string;
}

export function command(f: Factory): Command {
  return new Command('get')
    .argument('<id>')
    .description('show one glossary entry')
    .addHelpText('after', examples('teamctl glossary get ge_8m7n1xckxrwizldt', 'teamctl glossary get ge_8m7n1xckxrwizldt --json'))
    .action(f.action(run, (_cmd, id: string) => ({ id }), ['base-url', 'org']));
}

export async function run(opts: GetOptions, ctx: Context): Promise<number> {
  const [{ getGlossaryEntry }, { compareLanguages }, { csvWriter, markdownTable, renderTable, tsvLine }] = await Promise.all([
    import('../../api/glossary.js'),
    import('../../glossary/languages.js'),
    import('../../output/list.js'),
  ]);
  if (opts.id.trim() === '') throw new UsageError('glossary get needs an entry id, like ge_123');
  const format = ctx.outputFormat();
  const org = ctx.setting('org').value;
  const client = await ctx.client();
  let entry: GlossaryEntry;
  try {
    entry = await getGlossaryEntry(client, org, opts.id);
  } catch (err) {
    if (!(err instanceof NotFoundError)) throw err;
    // The service's text says which was missing: the organization or the entry.
    const said = err.message.replace(/^not found \(404\):\s*/, '');
    throw new NotFoundError(`glossary entry ${JSON.stringify(opts.id)} not found (the service answered 404: ${said})`, {
      status: 404,
      hint: 'list the entries and their ids with `teamctl glossary list`',
      cause: err,
    });
  }

  const rows: Cell[][] = Object.keys(entry.translations)
    .sort(compareLanguages)
    .map((language) => [language, entry.translations[language]]);
  const header = ['language', 'translation'];
  switch (format) {
    case 'json':
      await ctx.io.out(JSON.stringify(entry, null, 2) + '\n');
      break;
    case 'ndjson':
      await ctx.io.out(JSON.stringify(entry) + '\n');
      break;
    case 'tsv':
      await ctx.io.out([header, ...rows].map(tsvLine).join(''));
      break;
    case 'csv': {
      const line = await csvWriter();
      await ctx.io.out([header, ...rows].map(line).join(''));
      break;
    }
    case 'table':
      await ctx.io.out(await renderTable(header, rows, ctx.io.colorStdout, ctx.io.stdoutColumns));
      break;
    case 'markdown':
      await ctx.io.out(await markdownTable(header, rows));
      break;
  }
  return ExitCode.ok;
}
