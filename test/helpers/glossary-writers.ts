// Whole documents from the streaming writers, for tests (teamctl itself streams entry by entry).
import type { GlossaryEntry } from '../../src/api/types.js';
import { csvLanguages } from '../../src/files/glossary-columns.js';
import { GlossaryCsvWriter, type GlossaryCsvOptions } from '../../src/files/glossary-write.js';
import { GlossaryTbxWriter } from '../../src/files/tbx-write.js';

/** The glossary as CSV in the import format: `id`, then one column per language. */
export function glossaryToCsv(
  entries: readonly Pick<GlossaryEntry, 'id' | 'translations'>[],
  opts: GlossaryCsvOptions = {},
): string {
  const writer = new GlossaryCsvWriter(opts.languages ?? csvLanguages(entries).columns, opts);
  let out = writer.header();
  for (const entry of entries) out += writer.row(entry);
  return out;
}

/** The glossary as a TBX-Basic document: one conceptEntry per entry, one langSec per language. */
export function glossaryToTbx(
  entries: Iterable<Pick<GlossaryEntry, 'id' | 'translations'>>,
  opts: { languages?: string[] } = {},
): string {
  const writer = new GlossaryTbxWriter(opts.languages);
  let out = writer.start();
  for (const entry of entries) out += writer.entry(entry);
  return out + writer.end();
}
