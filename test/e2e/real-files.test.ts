// Real files from the tools translators already use (test/fixtures/real/README.md says where each
// comes from): each is read with the languages and entries it holds, and planned against a fresh
// sandbox — or refused with a message that leads to the fix. The sandbox's request log shows
// nothing is sent by a dry run.
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readGlossaryFile } from '../../src/files/glossary.js';
import type { ImportReport } from '../../src/glossary/importView.js';
import { runCli, sandboxWithEnv, type SandboxEnv } from './harness.js';

const real = (path: string): string => fileURLToPath(new URL(`../fixtures/real/${path}`, import.meta.url));
const fixture = (path: string): string => fileURLToPath(new URL(`../fixtures/glossary/${path}`, import.meta.url));

let s: SandboxEnv;
beforeEach(async () => {
  s = await sandboxWithEnv({ seed: 'empty' });
});
afterEach(async () => {
  await s.sandbox.close();
});

const planned = async (file: string, extra: string[] = []): Promise<ImportReport> => {
  const r = await runCli(['glossary', 'import', file, '--dry-run', '--json', ...extra], { env: s.env });
  expect(r.code, r.stderr).toBe(0);
  expect(s.sandbox.requests.filter((q) => q.method !== 'GET')).toEqual([]);
  return JSON.parse(r.stdout) as ImportReport;
};

describe('real files', () => {
  it.each([
    ['tbx2008/pontoon-export-v2-expected.tbx', ['en-US', 'fr-FR'], 1],
    ['tbx-basic-v3/pontoon-export-v3-dca-expected.tbx', ['en-US', 'fr-FR'], 1],
    ['tbx-basic-v3/LTAC-Example_Astronomy_DCA_VALID.cut.tbx', ['en', 'es'], 2],
    ['tbx-basic-v3/LTAC-Example_Astronomy_DCT_VALID.cut.tbx', ['en', 'es'], 2],
  ])('%s: languages %j, %i entries, all to insert into an empty glossary', async (path, languages, entries) => {
    const file = await readGlossaryFile(real(path));
    expect(file.languages).toEqual(languages);
    expect(file.rows).toHaveLength(entries);
    const report = await planned(real(path));
    expect({ inserted: report.inserted, present: report.present, conflicts: report.conflicts }).toEqual({ inserted: entries, present: 0, conflicts: [] });
  });

  it('a TBX 2008 file with its external DOCTYPE (never fetched) is read, its extra data named in a warning', async () => {
    const file = await readGlossaryFile(real('tbx2008/pontoon-export-v2-expected.tbx'));
    expect(file.rows.map((r) => r.translations)).toEqual([{ 'en-US': 'Sample Term', 'fr-FR': 'Translation' }]);
    expect(file.warnings.map((w) => w.message)).toEqual(['concept "c1": not imported (the glossary holds translations only): context, partOfSpeech, definition']);
  });

  it('the same termbase in DCA and DCT style gives the same entries and the same warnings (a superseded term left out)', async () => {
    const dca = await readGlossaryFile(real('tbx-basic-v3/LTAC-Example_Astronomy_DCA_VALID.cut.tbx'));
    const dct = await readGlossaryFile(real('tbx-basic-v3/LTAC-Example_Astronomy_DCT_VALID.cut.tbx'));
    expect(dct.rows.map((r) => r.translations)).toEqual(dca.rows.map((r) => r.translations));
    expect(dct.warnings.map((w) => w.message)).toEqual(dca.warnings.map((w) => w.message));
    expect(dca.warnings.map((w) => w.message)).toContain('concept "c1": the en term "galactic cluster" is supersededTerm-admn-sts and is not imported');
  });

  it("Mozilla's terminology with homonyms (abuse, noun and verb) is refused on its lines, suggesting --key", async () => {
    const r = await runCli(['glossary', 'import', real('tbx2008/pontoon-valid_mozilla_terminology.tbx'), '--dry-run'], { env: s.env });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/:72: en-US term "abuse" is also on line 53 with other translations \(homonyms\? identify entries by another language: --key pl\)/);
  });

  it('SDL MultiTerm XML in UTF-16 (as MultiTerm exports): concepts read like TBX, languages as canonical tags', async () => {
    const file = await readGlossaryFile(fixture('multiterm-mtf.xml'));
    expect(file.languages).toEqual(['en-US', 'de-DE']);
    expect(file.rows.map((r) => [r.id, r.translations])).toEqual([
      [undefined, { 'en-US': 'bank', 'de-DE': 'Bank' }],
      [undefined, { 'de-DE': 'Nur-Deutsch' }],
    ]);
    expect(file.warnings.map((w) => w.message)).toEqual([
      'concept "1": 2 de-DE terms: imported "Bank", left out "Geldinstitut" (an entry holds one term per language)',
      'concept "1": not imported (the glossary holds translations only): Definition, Gender',
    ]);
    expect((await planned(fixture('multiterm-mtf.xml'))).inserted).toBe(2);
  });

  it("DeepL's headerless entries: refused without --languages, saying so; read exactly with --languages es,fr", async () => {
    const refused = await runCli(['glossary', 'import', real('deepl/deepl-docs-entries-example.csv'), '--dry-run'], { env: s.env });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/line 1 is not a header of language columns .* --languages en,de/);
    const report = await planned(real('deepl/deepl-docs-entries-example.csv'), ['--languages', 'es,fr']);
    expect(report.inserted).toBe(2);
    const file = await readGlossaryFile(real('deepl/deepl-docs-entries-example.csv'), { languages: ['es', 'fr'] });
    expect(file.rows.map((r) => r.translations)).toEqual([{ es: 'hermosa', fr: 'belle' }, { es: 'exquisito', fr: 'delicieux' }]);
  });

  it('a key ICU does not know is accepted when the glossary uses it (an export re-imports as present), refused otherwise', async () => {
    s.sandbox.store.applyGlossaryOperations('acme', [{ type: 'insert', translations: { en: 'bank', 'xx-brand': 'BANK' } }], new Date().toISOString());
    const { writeFileSync, mkdtempSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const dir = mkdtempSync(join(tmpdir(), 'teamctl-keys-'));
    writeFileSync(join(dir, 'brand.csv'), 'en,xx-brand\nbank,BANK\n');
    expect((await planned(join(dir, 'brand.csv'))).present).toBe(1);
    writeFileSync(join(dir, 'other.csv'), 'en,yy-other\ndoor,DOOR\n');
    const r = await runCli(['glossary', 'import', join(dir, 'other.csv'), '--dry-run'], { env: s.env });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('column "yy-other" is no language ICU knows, nor a key the glossary of acme uses');
  });
});
