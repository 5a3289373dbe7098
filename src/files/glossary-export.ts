// The glossary export's writing (README, "The glossary"): every entry through its format's
// writer — JSON, NDJSON, TBX-Basic, CSV in the import format, or one language pair for DeepL or
// a TSV (glossary-pairs.ts) — into a sink (stdout, or a file written atomically). `glossary
// export` turns its flags into these arguments.
import type { GlossaryEntry } from '../api/types.js';
import type { ExportFormat } from '../choices.js';
import { selectLanguages } from '../glossary/languages.js';
import { jsonArrayWriter, ndjsonWriter, writeItems, type ItemWriter } from '../output/items.js';
import { onePage } from '../output/list.js';
import type { AtomicFile } from './atomic.js';
import { csvLanguages, omittedKeysWarning, spellingConflictsWarning } from './glossary-columns.js';
import { PairWriter } from './glossary-pairs.js';
import { GlossaryCsvWriter } from './glossary-write.js';
import { GlossaryTbxWriter } from './tbx-write.js';

/** The entry with only the chosen languages (or unchanged without --lang). */
function project(entry: GlossaryEntry, languages: readonly string[] | undefined): GlossaryEntry {
  return languages === undefined ? entry : { ...entry, translations: selectLanguages(entry.translations, languages) };
}

/**
 * Writes every entry through the format's writer (src/output/items.ts); returns how many were
 * written. `languages`: --lang, or for the pair formats the two of --languages.
 */
export async function writeExport(
  format: ExportFormat,
  pages: AsyncIterable<GlossaryEntry[]>,
  languages: readonly string[] | undefined,
  excel: boolean,
  sink: Pick<AtomicFile, 'write'>,
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
    case 'deepl':
    case 'tsv-pair': {
      const pair = new PairWriter(format, languages as [string, string]);
      const written = await writeItems(pages, { start: () => '', item: (entry) => pair.row(entry), end: () => '' }, write);
      const lacking = pair.lackingWarning();
      if (lacking !== undefined) warn(lacking);
      const repeated = pair.repeatedWarning();
      if (repeated !== undefined) warn(repeated);
      const conflicts = spellingConflictsWarning(pair.conflicts);
      if (conflicts !== undefined) warn(conflicts);
      return written;
    }
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
