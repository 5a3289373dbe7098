// glossary list: every entry across all pages (contract §2). json and ndjson are the service's
// entries unchanged, streamed page by page. table/tsv/csv have one column per language: with
// --lang those are known up front and the rows stream; without it every page is read first, since
// the header must name every language present.
import type { Context } from '../../context.js';
import { ExitCode } from '../../errors.js';
import { listGlossaryEntries } from '../../api/glossary.js';
import type { GlossaryEntry } from '../../api/types.js';
import { glossaryLanguages } from '../../files/glossary.js';
import { parseLanguageList, translationFor } from '../../glossary/languages.js';
import { onePage, writeList, type Column } from '../../output/list.js';
import { parsePageSize } from '../../settings.js';

export interface ListOptions {
  pageSize: string;
  lang?: string;
}

/** id, one column per language (header as given), updatedAt. */
export function glossaryColumns(languages: readonly string[]): Column<GlossaryEntry>[] {
  return [
    { header: 'id', value: (e) => e.id },
    ...languages.map((language): Column<GlossaryEntry> => ({ header: language, value: (e) => translationFor(e.translations, language) })),
    { header: 'updatedAt', value: (e) => e.updatedAt },
  ];
}

export async function run(opts: ListOptions, ctx: Context): Promise<number> {
  const pageSize = parsePageSize(opts.pageSize);
  const languages = opts.lang === undefined ? undefined : parseLanguageList(opts.lang);
  const format = ctx.outputFormat();
  const org = ctx.setting('org').value;
  const client = await ctx.client();
  const pages = listGlossaryEntries(client, org, pageSize);

  if (format === 'json' || format === 'ndjson' || languages !== undefined) {
    await writeList(ctx.io, format, pages, glossaryColumns(languages ?? []));
    return ExitCode.ok;
  }
  const entries: GlossaryEntry[] = [];
  for await (const items of pages) entries.push(...items);
  await writeList(ctx.io, format, onePage(entries), glossaryColumns(glossaryLanguages(entries)));
  return ExitCode.ok;
}
