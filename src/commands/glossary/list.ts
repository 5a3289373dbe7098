// glossary list: every entry across all pages (README, "Commands"). json and ndjson are the service's
// entries unchanged, streamed page by page. table/tsv/csv have one column per language: with
// --lang those are known up front and the rows stream; without it every page is read first, since
// the header must name every language present.
//
// Column headers (table/tsv/csv) must not be mistaken for the fixed columns or for language keys:
// a translation key that is not a language key by the import pattern, or is `id` (any case), is
// headed `lang:<key>` — `lang:id` beside the entry's `id`, `lang:updatedAt` beside `updatedAt` —
// and placed after the language columns. `lang:` cannot start a language key, so such a header is
// never ambiguous. Keys differing only in
// case (`en`, `EN`) are one column headed by the spelling met first; an entry holding both with
// different translations shows the first of them in its own key order (as export does), and one
// warning on stderr lists them.
import { Command } from 'commander';
import type { Context } from '../../context.js';
import { ExitCode } from '../../errors.js';
import type { GlossaryEntry } from '../../api/types.js';
import { examples, type Factory } from '../command.js';

export interface ListOptions {
  pageSize: string;
  lang?: string;
}

export function command(f: Factory): Command {
  return new Command('list')
    .description('list every glossary entry across all pages')
    .option('--page-size <n>', 'entries per request, 1..1000', '1000')
    .option('--lang <codes>', 'only these language columns, e.g. en,fr')
    .addHelpText('after', examples('teamctl glossary list', 'teamctl glossary list --lang en,fr -o csv', 'teamctl glossary list -o ndjson | jq .translations.en'))
    .action(f.action(run, (cmd) => cmd.opts<ListOptions>(), ['base-url', 'org']));
}

export async function run(opts: ListOptions, ctx: Context): Promise<number> {
  const [{ listGlossaryEntries }, { glossaryColumns, spellingConflictsWarning }, { glossaryLanguages, isCsvLanguageKey, parseLanguageList }, { onePage, writeList }, { parsePageSize }] = await Promise.all([
    import('../../api/glossary.js'),
    import('../../files/glossary-columns.js'),
    import('../../glossary/languages.js'),
    import('../../output/list.js'),
    import('../../settings.js'),
  ]);
  const pageSize = parsePageSize(opts.pageSize);
  const languages = opts.lang === undefined ? undefined : parseLanguageList(opts.lang);
  const format = ctx.outputFormat();
  const org = ctx.setting('org').value;
  const client = await ctx.client();
  const pages = listGlossaryEntries(client, org, pageSize);
  const conflicts: { id: string; column: string; keys: string[] }[] = [];

  if (format === 'json' || format === 'ndjson' || languages !== undefined) {
    await writeList(ctx.io, format, pages, glossaryColumns(languages ?? [], conflicts));
  } else {
    const entries: GlossaryEntry[] = [];
    for await (const items of pages) entries.push(...items);
    // Language keys first, then the `lang:` columns.
    const keys = glossaryLanguages(entries);
    const ordered = [...keys.filter(isCsvLanguageKey), ...keys.filter((k) => !isCsvLanguageKey(k))];
    await writeList(ctx.io, format, onePage(entries), glossaryColumns(ordered, conflicts));
  }
  const warning = spellingConflictsWarning(conflicts);
  if (warning !== undefined) ctx.io.warn(`glossary list: ${warning}`);
  return ExitCode.ok;
}
