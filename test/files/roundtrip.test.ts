// Export → re-read in every format, for any translation the service can hold and any id: CSV and
// TBX through the import reader (what `glossary sync` compares), JSON and NDJSON through JSON.parse.
// Each export is turned into UTF-8 bytes and read back strictly, as from a file.
import fc from 'fast-check';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/errors.js';
import { normaliseCell } from '../../src/model/entries.js';
import { parseGlossaryFile, readGlossaryFile } from '../../src/files/glossary/read.js';
import { maxTranslationLength, translationLength } from '../../src/files/glossary/rows.js';
import { jsonArrayWriter, ndjsonWriter, type ItemWriter } from '../../src/output/items.js';
import { glossaryToCsv, glossaryToTbx } from '../helpers/glossary-writers.js';
import { parseXml } from '../helpers/xml.js';

type Entry = { id: string; translations: Record<string, string> };

/** The text a file holding `text` gives back: what a UTF-8 write and a strict read make of it. */
const throughFile = (text: string): string => new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(text, 'utf8'));

// Characters at every edge: controls XML cannot hold (NUL, BEL, VT, FF, ESC …), U+FFFE/F, lone
// surrogates, what CSV quotes or neutralises, what trimming and NFC change; and any code point.
const special = fc.constantFrom(
  '\u0000', '\u0001', '\u0007', '\u000B', '\u000C', '\u001B', '\u001F', '\u007F', '\u0085', '\u2028', '\uFEFF', '\uFFFE', '\uFFFF',
  '\uD800', '\uDBFF', '\uDC00', '\uDFFF', '\t', ' ', '\u00A0', "'", '"', ',', ';', '=', '+', '-', '@', '&', '<', ']]>', '\\', 'e\u0301', '\u0338', '😀',
);
const text = fc
  .tuple(
    fc.constantFrom('', "'", "''", ' ', '\t', '\u000C'),
    fc.constantFrom('', '=', '+', '-', '@'),
    fc.string({ unit: fc.oneof(special, fc.string({ unit: 'binary', minLength: 1, maxLength: 1 })), maxLength: 24 }),
  )
  .map(([a, b, c]) => a + b + c);
/**
 * What the service holds and an import reads (src/files/glossary/rows.ts): 1–255 code points, no LF or
 * CR, and not empty or over 255 code points once trimmed and NFC (a term of spaces only is empty
 * to the import).
 */
const holdable = (s: string): boolean => {
  const n = normaliseCell(s);
  return translationLength(s) <= maxTranslationLength && !/[\n\r]/.test(s) && n !== '' && translationLength(n) <= maxTranslationLength;
};
const translation = fc.oneof(text, fc.string({ unit: fc.oneof(special, fc.string({ unit: 'binary', minLength: 1, maxLength: 1 })), minLength: 250, maxLength: 255 })).filter(holdable);
const language = fc.constantFrom('en', 'fr', 'de', 'pt-BR', 'zh-Hant');
// Any id an import takes as it is: every character (LF, CR, controls, lone surrogates), trimmed and NFC.
const entryId = fc.oneof(text, fc.string({ unit: fc.constantFrom('\r', '\n', '\u001B', 'a') })).filter((s) => s !== '' && s === normaliseCell(s));
const glossary = fc.uniqueArray(fc.record({ id: entryId, translations: fc.dictionary(language, translation, { minKeys: 1, maxKeys: 3 }) }), {
  selector: (e) => e.id,
  maxLength: 8,
});

/** The entries as an import compares them: values trimmed and NFC. */
const asImported = (g: readonly Entry[]) =>
  g.map((e) => ({ id: e.id, translations: Object.fromEntries(Object.entries(e.translations).map(([k, v]) => [k, normaliseCell(v)])) }));

const dir = mkdtempSync(join(tmpdir(), 'teamctl-roundtrip-'));
let files = 0;

describe('export → re-read, every format (property)', () => {
  it('TBX: any holdable translation and any id read back exactly (controls, U+FFFE/F, lone surrogates included), with no warning', async () => {
    await fc.assert(
      fc.asyncProperty(glossary, async (g) => {
        const path = join(dir, `g${++files}.tbx`);
        const xml = glossaryToTbx(g);
        parseXml(xml); // well-formed XML 1.0: no character it cannot hold
        writeFileSync(path, xml);
        const file = await readGlossaryFile(path);
        expect(file.warnings).toEqual([]);
        expect(file.rows.map((r) => ({ id: r.id, translations: r.translations }))).toEqual(asImported(g));
      }),
      { numRuns: 250 },
    );
  });

  it('CSV (plain and --excel): reads back exactly, or the export refuses naming the entry (a lone surrogate; a CR in an id)', () => {
    fc.assert(
      fc.property(glossary, fc.boolean(), (g, excel) => {
        const refused = g.find((e) => /\p{Cs}/u.test(e.id + Object.values(e.translations).join('')) || e.id.includes('\r'));
        if (refused) {
          expect(() => glossaryToCsv(g, { excel })).toThrow(UsageError);
          expect(() => glossaryToCsv(g, { excel })).toThrow(new RegExp(`^entry ${JSON.stringify(refused.id).replace(/[\\^$.*+?()[\]{}|]/g, '\\$&')}: `));
          return;
        }
        const file = parseGlossaryFile(throughFile(glossaryToCsv(g, { excel })), 'g.csv');
        expect(file.warnings).toEqual([]);
        expect(file.rows.map((r) => ({ id: r.id, translations: r.translations }))).toEqual(asImported(g));
      }),
      { numRuns: 250 },
    );
  });

  it('JSON and NDJSON: the entries unchanged, byte for byte (lone surrogates are written as \\u escapes)', () => {
    const write = (writer: ItemWriter<Entry>, g: readonly Entry[]) => writer.start() + g.map((e) => writer.item(e)).join('') + writer.end();
    fc.assert(
      fc.property(glossary, (g) => {
        expect(JSON.parse(throughFile(write(jsonArrayWriter(), g)))).toEqual(g);
        const lines = throughFile(write(ndjsonWriter(), g)).split('\n');
        expect(lines.pop()).toBe('');
        expect(lines.map((l) => JSON.parse(l) as unknown)).toEqual(g);
      }),
      { numRuns: 250 },
    );
  });
});
