// glossary export (README, "Commands"): the whole glossary as CSV in the import format (id first), JSON,
// NDJSON or TBX-Basic, on stdout or atomically into a file.
//
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
import type { Context } from '../../context.js';
import { ExitCode, UsageError } from '../../errors.js';
import { listGlossaryEntries } from '../../api/glossary.js';
import type { GlossaryEntry } from '../../api/types.js';
import { openAtomic, type AtomicFile } from '../../files/atomic.js';
import { csvLanguages, omittedKeysWarning, spellingConflictsWarning } from '../../files/glossary-columns.js';
import { GlossaryCsvWriter } from '../../files/glossary-write.js';
import { GlossaryTbxWriter } from '../../files/tbx-write.js';
import { parseLanguageList, selectLanguages } from '../../glossary/languages.js';
import { jsonArrayWriter, ndjsonWriter, writeItems, type ItemWriter } from '../../output/items.js';
import { onePage, startedPages, untilStdoutCloses } from '../../output/list.js';
import { exportFormats, type ExportFormat } from '../../choices.js';

/** The flags of the command, as commander parses them (src/program.ts declares them). */
export interface ExportOptionsFlags {
  format?: 'csv' | 'json' | 'ndjson' | 'tbx';
  lang?: string;
  file?: string;
  excel?: boolean;
}

export type ExportOptions = ExportOptionsFlags;

const formats = exportFormats;

/** Where the export goes: stdout, or an atomically written file. */
type Sink = AtomicFile;

function stdoutSink(ctx: Context): Sink {
  return { write: (text) => ctx.io.out(text, 'stream'), commit: async () => {}, abort: async () => {} };
}

/** The entry with only the chosen languages (or unchanged without --lang). */
function project(entry: GlossaryEntry, languages: readonly string[] | undefined): GlossaryEntry {
  return languages === undefined ? entry : { ...entry, translations: selectLanguages(entry.translations, languages) };
}

/** Writes every entry through the format's writer (src/output/items.ts); returns how many were written. */
async function writeExport(
  format: ExportFormat,
  pages: AsyncIterable<GlossaryEntry[]>,
  languages: readonly string[] | undefined,
  excel: boolean,
  sink: Sink,
  warn: (message: string) => void,
): Promise<number> {
  const write = (text: string): Promise<void> => sink.write(text);
  /** With --lang, only those languages, and no entry left without any. */
  const selected = (writer: ItemWriter<GlossaryEntry>): ItemWriter<GlossaryEntry> => ({
    start: () => writer.start(),
    item: (entry) => {
      const shown = project(entry, languages);
      return languages !== undefined && Object.keys(shown.translations).length === 0 ? '' : writer.item(shown);
    },
    end: () => writer.end(),
  });
  switch (format) {
    case 'json':
      return writeItems(pages, selected(jsonArrayWriter()), write);
    case 'ndjson':
      return writeItems(pages, selected(ndjsonWriter()), write);
    case 'tbx': {
      const tbx = new GlossaryTbxWriter(languages);
      return writeItems(pages, { start: () => tbx.start(), item: (entry) => tbx.entry(project(entry, languages)), end: () => tbx.end() }, write);
    }
    case 'csv': {
      // With --lang the columns are known up front and rows stream (rows get them
      // case-insensitively, unprojected, so a conflict between spellings is seen); without it
      // every page is read first, since the header names every language present.
      let columns = languages;
      let source = pages;
      if (columns === undefined) {
        const entries: GlossaryEntry[] = [];
        for await (const items of pages) entries.push(...items);
        const found = csvLanguages(entries);
        const omitted = omittedKeysWarning(found);
        if (omitted !== undefined) warn(omitted);
        columns = found.columns;
        source = onePage(entries);
      }
      const csv = new GlossaryCsvWriter(columns, { excel });
      const written = await writeItems(source, { start: () => csv.header(), item: (entry) => csv.row(entry), end: () => '' }, write);
      const conflicts = spellingConflictsWarning(csv.conflicts);
      if (conflicts !== undefined) warn(conflicts);
      return written;
    }
  }
}

/**
 * The format: --format, or the global -o / --json (one way to choose a format everywhere);
 * both, disagreeing, is a usage error. -o formats that are not file formats are refused.
 */
function exportFormat(opts: ExportOptions, ctx: Context): ExportFormat {
  const global = ctx.flags.output ?? (ctx.flags.json ? 'json' : undefined);
  if (global !== undefined && !(formats as readonly string[]).includes(global)) {
    throw new UsageError(`glossary export writes csv, json, ndjson or tbx, not -o ${global}`);
  }
  if (opts.format !== undefined && global !== undefined && opts.format !== global) {
    throw new UsageError(`--format ${opts.format} and ${ctx.flags.output !== undefined ? `-o ${global}` : '--json'} disagree; give one of them`);
  }
  return opts.format ?? (global as ExportFormat | undefined) ?? 'csv';
}

export async function run(opts: ExportOptions, ctx: Context): Promise<number> {
  const format = exportFormat(opts, ctx);
  if (opts.excel && format !== 'csv') throw new UsageError(`--excel applies to CSV only, not --format ${format}`);
  const languages = opts.lang === undefined ? undefined : parseLanguageList(opts.lang);
  if (opts.file !== undefined && opts.file.trim() === '') throw new UsageError('-f needs a file path');
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
