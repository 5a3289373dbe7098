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
import type { Context } from '../../context.js';
import { ExitCode } from '../../errors.js';
import { listGlossaryEntries } from '../../api/glossary.js';
import type { GlossaryEntry } from '../../api/types.js';
import { pickTranslation, spellingConflictsWarning } from '../../files/glossary-columns.js';
import { glossaryLanguages, isCsvLanguageKey, parseLanguageList } from '../../glossary/languages.js';
import { onePage, writeList, type Column } from '../../output/list.js';
import { parsePageSize } from '../../settings.js';

export interface ListOptions {
  pageSize: string;
  lang?: string;
}

/** The header of a translation key's column: the key, or `lang:<key>` (see above). */
function languageHeader(key: string): string {
  return isCsvLanguageKey(key) ? key : `lang:${key}`;
}

/**
 * id, one column per language, updatedAt. Values match keys case-insensitively; entries holding
 * one language under several spellings with different values are recorded in `conflicts`.
 */
function glossaryColumns(
  languages: readonly string[],
  conflicts: { id: string; column: string; keys: string[] }[] = [],
): Column<GlossaryEntry>[] {
  return [
    { header: 'id', value: (e) => e.id, whole: true },
    ...languages.map(
      (language): Column<GlossaryEntry> => ({
        header: languageHeader(language),
        value: (e) => {
          const picked = pickTranslation(e.translations, language);
          if (picked.conflict) conflicts.push({ id: e.id, column: language, keys: picked.conflict.keys });
          return picked.value;
        },
      }),
    ),
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
