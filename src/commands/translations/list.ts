// translations list: the organization's translations, each with its source space (id and title)
// and language, its target language, its status and its last run (`teamctl help translations`).
import { Command } from 'commander';
import type { Translation } from '../../api/translations.js';
import type { Context } from '../../context.js';
import { ExitCode } from '../../errors.js';
import type { Column } from '../../output/columns.js';
import { examples, type Factory } from '../command.js';

export interface TranslationsListOptions {
  pageSize: string;
}

export function command(f: Factory): Command {
  return new Command('list')
    .description('list the translations: source space and language, target language, status, last run')
    .option('--page-size <n>', 'translations per request, 1..1000', '1000')
    .addHelpText('after', examples('teamctl translations list', 'teamctl translations list -o csv'))
    .action(f.action(run, (cmd) => cmd.opts<TranslationsListOptions>(), ['base-url', 'org']));
}

/** The last run: `updatedAt` once the translation has been run (a run changes it), else none. */
const lastRun = (t: Translation): string => (t.runs > 0 ? t.updatedAt : '');

/** The columns, with each source space's title from the organization's spaces (ids unknown: empty). */
const columnsWith = (titles: ReadonlyMap<string, string>): Column<Translation>[] => [
  { header: 'id', value: (t) => t.id, whole: true },
  { header: 'space', value: (t) => t.source.space, whole: true },
  { header: 'space title', value: (t) => titles.get(t.source.space) ?? '' },
  { header: 'source', value: (t) => t.source.language },
  { header: 'language', value: (t) => t.language },
  { header: 'status', value: (t) => t.status },
  { header: 'runs', value: (t) => t.runs },
  { header: 'last run', value: lastRun },
];

export async function run(opts: TranslationsListOptions, ctx: Context): Promise<number> {
  const [{ listTranslations }, { writeList }, { parsePageSize }] = await Promise.all([import('../../api/translations.js'), import('../../output/list.js'), import('../../settings.js')]);
  const pageSize = parsePageSize(opts.pageSize);
  const format = ctx.outputFormat();
  const org = ctx.setting('org').value;
  const client = await ctx.client();
  // JSON carries the service's items unchanged: the titles are read only for the columns.
  const titles = format === 'json' || format === 'ndjson' ? new Map<string, string>() : await spaceTitles(ctx, client, org);
  await writeList(ctx.io, format, listTranslations(client, org, pageSize), columnsWith(titles));
  return ExitCode.ok;
}

/** Every space's title by its id (every page of the organization's spaces). */
async function spaceTitles(ctx: Context, client: Awaited<ReturnType<Context['client']>>, org: string): Promise<Map<string, string>> {
  const { listResources } = await import('../../api/access.js');
  const titles = new Map<string, string>();
  for await (const page of listResources(client, org, 'space', 1000)) for (const space of page) titles.set(space.id, space.title);
  return titles;
}
