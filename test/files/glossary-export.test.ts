// The glossary export's writing (README, "The glossary"): every entry through its format's writer
// into a sink, `--lang` keeping only those languages (and no entry left without any), the CSV's
// columns found over every page first unless `--lang` names them, and each format's warnings.
import { describe, expect, it } from 'vitest';
import type { GlossaryEntry } from '../../src/api/types.js';
import type { ExportFormat } from '../../src/choices.js';
import { writeExport } from '../../src/files/glossary-export.js';

const entry = (id: string, translations: Record<string, string>): GlossaryEntry => ({ id, translations, updatedAt: '2026-01-01T00:00:00Z' }) as GlossaryEntry;
/** The glossary of every case: a key no CSV can carry, an entry in German only, en under two spellings, a repeated source term. */
const glossary = (): GlossaryEntry[][] => [
  [entry('e1', { en: 'bank', fr: 'banque', note: 'x' }), entry('e2', { de: 'Tür' })],
  [entry('e3', { en: 'door', EN: 'Door', fr: '' }), entry('e4', { en: 'bank', fr: 'rive' })],
];
const conflictWarning = '1 entry has one language under keys differing only in case, with different translations: e3 (en ≠ EN); the column shows the first of them (the one an import compares with)';

/** Runs an export; `log` has each page as it is read and each write, in order. */
async function exported(format: ExportFormat, languages: readonly string[] | undefined, pages = glossary(), excel = false) {
  const log: string[] = [];
  async function* source() {
    for (const [i, page] of pages.entries()) {
      log.push(`page ${i + 1}`);
      yield page;
    }
  }
  let text = '';
  const warnings: string[] = [];
  const written = await writeExport(format, source(), languages, excel, { write: async (t: string) => { text += t; log.push('write'); } }, (m) => warnings.push(m));
  return { written, text, warnings, log };
}

describe('writeExport', () => {
  it('JSON: every entry as listed; with --lang only those languages, and an entry left with none is not written', async () => {
    const all = await exported('json', undefined);
    expect(all.written).toBe(4);
    expect((JSON.parse(all.text) as GlossaryEntry[]).map((e) => e.translations)).toEqual(glossary().flat().map((e) => e.translations));
    const en = await exported('json', ['en']);
    expect(en.written).toBe(3);
    expect(JSON.parse(en.text)).toEqual([entry('e1', { en: 'bank' }), entry('e3', { en: 'door' }), entry('e4', { en: 'bank' })]);
    expect(en.warnings).toEqual([]);
    // Without --lang nothing is left out, not even an entry with no translation.
    const bare = await exported('json', undefined, [[entry('e0', {})]]);
    expect(bare.written).toBe(1);
    expect(JSON.parse(bare.text)).toEqual([entry('e0', {})]);
  });

  it('NDJSON: one line per entry, with --lang as for JSON', async () => {
    const fr = await exported('ndjson', ['fr']);
    expect(fr.written).toBe(2);
    expect(fr.text).toBe(`${JSON.stringify(entry('e1', { fr: 'banque' }))}\n${JSON.stringify(entry('e4', { fr: 'rive' }))}\n`);
    expect((await exported('ndjson', undefined)).text.trim().split('\n')).toHaveLength(4);
  });

  it('TBX: a concept per entry; with --lang only that language\'s sections, an entry without it left out', async () => {
    const en = await exported('tbx', ['en']);
    expect(en.written).toBe(3);
    expect(en.text.match(/<conceptEntry id="(e\d)">/g)).toEqual(['<conceptEntry id="e1">', '<conceptEntry id="e3">', '<conceptEntry id="e4">']);
    expect(en.text).not.toContain('xml:lang="fr"');
    expect(en.text.endsWith('</tbx>\n')).toBe(true);
    const all = await exported('tbx', undefined);
    expect(all.written).toBe(4);
    expect(all.text).toContain('<langSec xml:lang="de">');
    expect(all.text).toContain('<term>banque</term>');
  });

  it('CSV without --lang: every page read before the header, which names every language; what it leaves out and the conflicts said', async () => {
    const csv = await exported('csv', undefined);
    expect(csv.log.indexOf('write')).toBeGreaterThan(csv.log.indexOf('page 2'));
    expect(csv.text).toBe('id,en,de,fr\ne1,bank,,banque\ne2,,Tür,\ne3,door,,\ne4,bank,,rive\n');
    expect(csv.written).toBe(4);
    expect(csv.warnings).toEqual([
      'left out a translation key the CSV import format cannot carry (`id` is the id column; the others are not language keys like en or pt-BR): "note" (1 entry); use --format json or tbx to export them',
      conflictWarning,
    ]);
  });

  it('CSV with --lang: the rows stream as pages come, for Excel with a BOM and CRLF; a glossary with nothing to say says nothing', async () => {
    const csv = await exported('csv', ['en', 'fr'], glossary(), true);
    expect(csv.log.indexOf('write')).toBeLessThan(csv.log.indexOf('page 2'));
    expect(csv.text).toBe('\uFEFFid,en,fr\r\ne1,bank,banque\r\ne3,door,\r\ne4,bank,rive\r\n');
    expect(csv.warnings).toEqual([conflictWarning]);
    const plain = await exported('csv', undefined, [[entry('e1', { en: 'bank', fr: 'banque' })]]);
    expect(plain.text).toBe('id,en,fr\ne1,bank,banque\n');
    expect(plain.warnings).toEqual([]);
  });

  it('DeepL and TSV pairs: one line per pair, and the entries left out said (lacking a term, a repeated source term), then the conflicts', async () => {
    const deepl = await exported('deepl', ['en', 'fr']);
    expect(deepl.written).toBe(1);
    expect(deepl.text).toBe('bank,banque,EN,FR\n');
    const pairWarnings = [
      '2 entries left out: 1 with no fr term, 1 with no en term (e3, e2); a pair glossary holds only entries with a term in both languages',
      '1 entry left out: its en term is already on an earlier line (e4); a pair glossary takes each source term once',
      conflictWarning,
    ];
    expect(deepl.warnings).toEqual(pairWarnings);
    const tsv = await exported('tsv-pair', ['en', 'fr']);
    expect(tsv.text).toBe('bank\tbanque\n');
    expect(tsv.warnings).toEqual(pairWarnings);
    const clean = await exported('tsv-pair', ['en', 'fr'], [[entry('e1', { en: 'bank', fr: 'banque' }), entry('e2', { en: 'door', fr: 'porte' })]]);
    expect(clean).toMatchObject({ written: 2, text: 'bank\tbanque\ndoor\tporte\n', warnings: [] });
  });
});
