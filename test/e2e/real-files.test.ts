// Real files from the tools translators already use (test/fixtures/real/README.md says where each
// comes from): each is read with the languages and entries it holds, and planned against a fresh
// sandbox — or refused with a message that leads to the fix. The sandbox's request log shows
// nothing is sent by a dry run.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readGlossaryFile } from '../../src/files/glossary/read.js';
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
    // (Regional keys the translation feature reads as en and fr once mapped: --map-language.)
    ['tbx2008/pontoon-export-v2-expected.tbx', ['en-US', 'fr-FR'], 1, ['--map-language', 'en-US=en,fr-FR=fr']],
    ['tbx-basic-v3/pontoon-export-v3-dca-expected.tbx', ['en-US', 'fr-FR'], 1, ['--map-language', 'en-US=en,fr-FR=fr']],
    ['tbx-basic-v3/LTAC-Example_Astronomy_DCA_VALID.cut.tbx', ['en', 'es'], 2],
    ['tbx-basic-v3/LTAC-Example_Astronomy_DCT_VALID.cut.tbx', ['en', 'es'], 2],
    // LISA's TBX 2008 samples (external DOCTYPE, tabs, comments, several terms per language) and
    // Okapi's own test file, from Okapi's terminology library.
    ['okapi/ibm_tbx.tbx', ['en', 'fr'], 5],
    ['okapi/maryland.tbx', ['fr', 'it', 'es', 'en'], 1],
    ['okapi/oracle_TBX.tbx', ['en', 'pt'], 2],
    ['okapi/test01.tbx', ['en', 'hu'], 1],
    // A TSV headed by language names (`English`, `Chinese`); three English terms share one Chinese.
    ['tsv/dlterms4chinese-terms.tsv', ['en', 'zh'], 96],
  ] as [string, string[], number, string[]?][])('%s: languages %j, %i entries, all to insert into an empty glossary', async (path, languages, entries, flags = []) => {
    const file = await readGlossaryFile(real(path));
    expect(file.languages).toEqual(languages);
    expect(file.rows).toHaveLength(entries);
    const report = await planned(real(path), flags);
    expect({ inserted: report.inserted, present: report.present, conflicts: report.conflicts }).toEqual({ inserted: entries, present: 0, conflicts: [] });
  });

  it('a TBX 2008 file with its external DOCTYPE (never fetched) is read, its extra data named in a warning', async () => {
    const file = await readGlossaryFile(real('tbx2008/pontoon-export-v2-expected.tbx'));
    expect(file.rows.map((r) => r.translations)).toEqual([{ 'en-US': 'Sample Term', 'fr-FR': 'Translation' }]);
    expect(file.warnings.map((w) => w.message)).toEqual(['concept "c1": not imported (the glossary holds translations only): context, partOfSpeech, definition']);
  });

  it('a TSV headed by language names is read by those names, each line exactly, nothing said', async () => {
    const file = await readGlossaryFile(real('tsv/dlterms4chinese-terms.tsv'));
    expect(file.warnings).toEqual([]);
    expect(file.rows.slice(0, 3).map((r) => r.translations)).toEqual([
      { en: 'ablation study', zh: '消融实验' },
      { en: 'actor', zh: '智能体' },
      { en: 'agent', zh: '智能体' },
    ]);
    expect(file.rows.at(-1)?.translations).toEqual({ en: 'Zero-Shot', zh: 'Zero-Shot' });
  });

  it("NAB AL Tools' Business Central glossary (TSV, 24 language columns, `es-es_tradnl`, a literal quote in a description): 40 entries, one a line", async () => {
    const path = real('tsv/nab-al-tools-glossary_to_translate.tsv');
    const lines = readFileSync(path, 'utf8').split('\n').filter((l) => l !== '');
    expect(lines.filter((l) => l.includes('"'))).toHaveLength(1);
    const file = await readGlossaryFile(path);
    expect(file.languages).toHaveLength(24);
    expect(file.languages.slice(9, 12)).toEqual(['en-nz', 'es-ES-tradnl', 'es-mx']);
    expect(file.rows).toHaveLength(lines.length - 1);
    expect(file.rows.map((r) => r.translations)).toContainEqual({ 'en-US': 'G/L Journal', 'en-au': 'G/L Journal', 'en-nz': 'G/L Journal', 'fr-fr': 'Journal général' });
    // The quoted words are in the Description column, ignored as metadata: the term is alone.
    expect(file.rows.find((r) => r.translations['en-US'] === 'Specifies')?.translations).toEqual({ 'en-US': 'Specifies' });
    expect(file.warnings.map((w) => w.message)).toEqual(['column "Description" holds no translation (the glossary holds translations only): ignored']);
    // (en-US mapped to the feature's en; the other regional columns are not sent, each said.)
    const report = await planned(path, ['--map-language', 'en-US=en']);
    expect({ inserted: report.inserted, present: report.present, conflicts: report.conflicts }).toEqual({ inserted: 40, present: 0, conflicts: [] });
  });

  it('the same termbase in DCA and DCT style gives the same entries and the same warnings (a superseded term left out)', async () => {
    const dca = await readGlossaryFile(real('tbx-basic-v3/LTAC-Example_Astronomy_DCA_VALID.cut.tbx'));
    const dct = await readGlossaryFile(real('tbx-basic-v3/LTAC-Example_Astronomy_DCT_VALID.cut.tbx'));
    expect(dct.rows.map((r) => r.translations)).toEqual(dca.rows.map((r) => r.translations));
    // (The same words; the DCT file is a line shorter, so the term's line differs by one.)
    const words = (f: typeof dca): string[] => f.warnings.map((w) => w.message.replace(/\(line \d+\)/g, '(line)'));
    expect(words(dct)).toEqual(words(dca));
    expect(dca.warnings.map((w) => w.message)).toContain('1 term marked superseded left out of its language: en "galactic cluster" (line 71)');
  });

  it("Mozilla's terminology with homonyms (abuse, noun and verb) is refused on its lines, suggesting --key", async () => {
    const r = await runCli(['glossary', 'import', real('tbx2008/pontoon-valid_mozilla_terminology.tbx'), '--dry-run'], { env: s.env });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/:72: en-US term "abuse" is also on line 53 with other translations \(homonyms\? identify entries by another language: --key pl\)/);
    // The flag the message names reads it: the four concepts, keyed by their Polish terms.
    const file = await readGlossaryFile(real('tbx2008/pontoon-valid_mozilla_terminology.tbx'), { key: 'pl' });
    expect(file.languages).toEqual(['en-US', 'pl']);
    expect(file.rows).toHaveLength(4);
    const report = await planned(real('tbx2008/pontoon-valid_mozilla_terminology.tbx'), ['--key', 'pl']);
    expect({ inserted: report.inserted, present: report.present, conflicts: report.conflicts }).toEqual({ inserted: 4, present: 0, conflicts: [] });
  });

  it("Pontoon's broken sample (no XML at all, named .tbx) is refused saying how it is read", async () => {
    const r = await runCli(['glossary', 'import', real('tbx2008/pontoon-broken_terminology.tbx'), '--dry-run'], { env: s.env });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      'pontoon-broken_terminology.tbx:1: not well-formed XML: text data outside of root node — a .tbx or .xml file is read as XML (TBX-Basic v3, TBX 2008, SDL MultiTerm XML): a CSV file needs a name like .csv',
    );
    expect(s.sandbox.requests.filter((q) => q.method !== 'GET')).toEqual([]);
  });

  it('XML in UTF-16 without its byte order mark is refused saying so, in either byte order, not taken for a CSV file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'teamctl-utf16-'));
    const withMark = readFileSync(fixture('multiterm-mtf.xml'));
    expect([...withMark.subarray(0, 2)]).toEqual([0xff, 0xfe]);
    const littleEndian = withMark.subarray(2);
    const bigEndian = Buffer.from(littleEndian).swap16();
    for (const [name, bytes] of [['le.xml', littleEndian], ['be.tbx', bigEndian]] as const) {
      const path = join(dir, name);
      writeFileSync(path, bytes);
      const r = await runCli(['glossary', 'import', path, '--dry-run'], { env: s.env });
      expect(r.code, name).toBe(2);
      expect(r.stderr, name).toBe(`error: ${path}:1: the file looks like UTF-16 without a byte order mark (a NUL byte beside each character): save it as UTF-8, or as UTF-16 with its byte order mark\n`);
    }
    expect(s.sandbox.requests.filter((q) => q.method !== 'GET')).toEqual([]);
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
    expect((await planned(fixture('multiterm-mtf.xml'), ['--map-language', 'en-US=en,de-DE=de'])).inserted).toBe(2);
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

  it("Okapi's windows-1254 TBX is decoded as it declares: planned, then applied, the Turkish letters intact", async () => {
    const file = await readGlossaryFile(real('okapi/test02_win1254.tbx'));
    expect(file.rows.map((r) => r.translations)).toEqual([{ en: 'term with: éá and İı', tr: 'tr term with: éá and İı' }]);
    const report = await planned(real('okapi/test02_win1254.tbx'));
    expect({ inserted: report.inserted, present: report.present, conflicts: report.conflicts }).toEqual({ inserted: 1, present: 0, conflicts: [] });
    const applied = await runCli(['glossary', 'import', real('okapi/test02_win1254.tbx')], { env: s.env });
    expect(applied.code, applied.stderr).toBe(0);
    expect(s.sandbox.store.glossaryEntries('acme').map((e) => e.translations)).toEqual([{ en: 'term with: éá and İı', tr: 'tr term with: éá and İı' }]);
  });

  it("GlotPress's glossary with # comments: the comments that commas cut into cells are read as terms (refused as homonyms, two being repeated); without those six lines, 80 entries", async () => {
    const path = real('glotpress/glotpress-glossary-suffix-testing-example--locale-glossary.csv');
    const r = await runCli(['glossary', 'import', path, '--dry-run'], { env: s.env });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(':95: en term "# Ending with consonant preceded by vowel" is also on line 71 with other translations');
    expect(r.stderr).toContain(':99: en term "# Ending with consonant" is also on line 75 with other translations');
    expect(s.sandbox.requests.filter((q) => q.method !== 'GET')).toEqual([]);
    // The edit that reads it: the six comment lines with a comma in them deleted.
    const lines = readFileSync(path, 'utf8').split('\n');
    const cut = [23, 71, 75, 85, 95, 99];
    expect(cut.map((n) => /^# .*,/.test(lines[n - 1] ?? ''))).toEqual(cut.map(() => true));
    const edited = join(mkdtempSync(join(tmpdir(), 'teamctl-glotpress-')), 'pt.csv');
    writeFileSync(edited, lines.filter((_, i) => !cut.includes(i + 1)).join('\n'));
    const file = await readGlossaryFile(edited);
    expect(file.languages).toEqual(['en', 'pt']);
    // 93 rows of terms, 13 of them repeating an earlier row (merged, each with a warning).
    expect(file.rows).toHaveLength(80);
    expect(file.rows.map((row) => row.translations)).toContainEqual({ en: 'tiptoe', pt: 'andar em bicos de pés' });
    expect(file.rows.filter((row) => Object.values(row.translations).some((t) => t.includes('#')))).toEqual([]);
    expect(file.warnings[0]?.message).toMatch(/^26 comment lines \(a row whose only cell starts with #\) skipped: lines 3, 5, 12, /);
    expect(file.warnings.filter((w) => /^identical to line \d+; merged$/.test(w.message))).toHaveLength(13);
    const report = await planned(edited);
    expect({ inserted: report.inserted, present: report.present, conflicts: report.conflicts }).toEqual({ inserted: 80, present: 0, conflicts: [] });
  });

  it("Google's equivalent-term-set sample (`fr,en,`: an unnamed last column, empty on every line) reads as it is: 12 entries, the case variants said; a third cell written anywhere is refused", async () => {
    const path = real('google/google-cloud-hybrid-glossaries-bistro_glossary.csv');
    const text = readFileSync(path, 'utf8');
    // Every line ends in the empty third cell.
    expect(text.split('\n').filter((l) => l !== '' && !l.endsWith(','))).toEqual([]);
    const file = await readGlossaryFile(path);
    expect(file.languages).toEqual(['fr', 'en']);
    expect(file.rows.slice(0, 4).map((row) => row.translations)).toEqual([
      { fr: 'chevre', en: 'goat cheese' },
      { fr: 'Chevre', en: 'Goat cheese' },
      { fr: 'chèvre', en: 'goat cheese' },
      { fr: 'Chèvre', en: 'Goat cheese' },
    ]);
    expect(file.rows).toHaveLength(12);
    const cased = file.warnings.filter((w) => w.message.includes('only in case'));
    expect(cased.map((w) => w.line)).toEqual([3, 5, 7, 8, 10, 12, 13]);
    expect(cased[0]?.message).toBe('fr term "Chevre" differs from "chevre" on line 2 only in case: two entries, as terms match case-sensitively (make them one row if they are one term)');
    const report = await planned(path);
    expect({ inserted: report.inserted, present: report.present, conflicts: report.conflicts }).toEqual({ inserted: 12, present: 0, conflicts: [] });
    expect(s.sandbox.requests.filter((q) => q.method !== 'GET')).toEqual([]);
    // The same column with a value on one line is a column without a name.
    const edited = join(mkdtempSync(join(tmpdir(), 'teamctl-bistro-')), 'bistro.csv');
    writeFileSync(edited, text.replace(/,\n$/, ',note\n'));
    const r = await runCli(['glossary', 'import', edited, '--dry-run'], { env: s.env });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`error: ${edited}:1: column 3 has no name\n`);
  });

  it.each([
    ['okapi/test01.csv', 3],
    ['okapi/test01.tsv', 6],
    ['okapi/test02_utf16be.tsv', 2],
  ])("Okapi's headerless list %s: refused naming --languages; read with it, %i entries", async (path, entries) => {
    const refused = await runCli(['glossary', 'import', real(path), '--dry-run'], { env: s.env });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/:1: line 1 is not a header of language columns .*--languages en,de/);
    const file = await readGlossaryFile(real(path), { languages: ['en', 'fr'] });
    expect(file.languages).toEqual(['en', 'fr']);
    expect(file.rows).toHaveLength(entries);
    expect((await planned(real(path), ['--languages', 'en,fr'])).inserted).toBe(entries);
  });

  it("Okapi's ragged TSV (a term alone, a target alone) applied, then planned again: all present, nothing twice", async () => {
    const applied = await runCli(['glossary', 'import', real('okapi/test01.tsv'), '--languages', 'en,fr'], { env: s.env });
    expect(applied.code, applied.stderr).toBe(0);
    const stored = s.sandbox.store.glossaryEntries('acme').map((e) => e.translations);
    expect(stored).toHaveLength(6);
    expect(stored).toContainEqual({ fr: 'no source' });
    expect(stored).toContainEqual({ en: 'jasjjal' });
    const sent = s.sandbox.requests.length;
    const r = await runCli(['glossary', 'import', real('okapi/test01.tsv'), '--languages', 'en,fr', '--dry-run', '--json'], { env: s.env });
    const again = JSON.parse(r.stdout) as ImportReport;
    expect({ inserted: again.inserted, present: again.present }).toEqual({ inserted: 0, present: 6 });
    expect(s.sandbox.requests.slice(sent).filter((q) => q.method !== 'GET')).toEqual([]);
    expect(s.sandbox.store.glossaryEntries('acme')).toHaveLength(6);
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

  it("a column named id (Indonesian's code) holding terms says how to write it; written id-ID it is imported as Indonesian", async () => {
    const { writeFileSync, mkdtempSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const dir = mkdtempSync(join(tmpdir(), 'teamctl-id-'));
    writeFileSync(join(dir, 'id.csv'), 'en,id\nbank,bank\ndoor,pintu\n');
    const told = await runCli(['glossary', 'import', join(dir, 'id.csv'), '--dry-run'], { env: s.env });
    expect(told.code).toBe(0);
    expect(told.stderr).toContain("id.csv:1: no id of the file's `id` column is an entry of the glossary of acme: `id` is teamctl's entry-id column, never a language — if that column holds Indonesian terms, name it id-ID (read as Indonesian) and run again");
    writeFileSync(join(dir, 'id-ID.csv'), 'en,id-ID\nbank,bank\ndoor,pintu\n');
    const r = await runCli(['glossary', 'import', join(dir, 'id-ID.csv'), '--map-language', 'id-ID=id'], { env: s.env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).not.toContain('Indonesian');
    expect(s.sandbox.store.glossaryEntries('acme').map((e) => e.translations).sort((a, b) => String(a.en).localeCompare(String(b.en)))).toEqual([
      { en: 'bank', id: 'bank' },
      { en: 'door', id: 'pintu' },
    ]);
  });
});

// Rosters as identity providers document them, planned with `members sync --dry-run` against the
// demo sandbox's team engineering (20 members): the plan's counts, and nothing sent.
describe('real rosters', () => {
  let d: SandboxEnv;
  beforeEach(async () => {
    d = await sandboxWithEnv();
  });
  afterEach(async () => {
    await d.sandbox.close();
  });

  interface SyncReport {
    added: { email: string | null }[];
    removed: unknown[];
    roleChanged: unknown[];
    unchanged: number;
    notInRoster?: unknown[];
  }
  const sync = (file: string, extra: string[] = []) => runCli(['members', 'sync', '--roster', real(file), '--dry-run', '--json', ...extra], { env: d.env });

  it("Entra's group-member template (one column named `… [memberObjectIdOrUpn] Required`): read by its bracketed property, its 3 users not in the organization, the team kept", async () => {
    const r = await sync('rosters/entra-groups-bulk-remove-members-example.csv');
    // The three are no members of the sandbox's organization: refused, as the real run would be.
    expect(r.code, r.stderr).toBe(3);
    const report = JSON.parse(r.stdout) as SyncReport & { notInOrganization: { email: string | null }[] };
    expect(report.added).toEqual([]);
    expect(report.notInOrganization.map((a) => a.email)).toEqual(['alain@contoso.com', 'isabella@contoso.com', 'joseph@contoso.com']);
    const members = d.sandbox.store.teamMembers('acme', 'engineering').length;
    // Nobody in the file is planned for; the team's members are left as they are.
    expect({ removed: report.removed.length, roleChanged: report.roleChanged.length, unchanged: report.unchanged }).toEqual({ removed: 0, roleChanged: 0, unchanged: members });
    expect(d.sandbox.requests.filter((q) => q.method !== 'GET')).toEqual([]);
  });

  it("Entra's bulk create example (`User name [userPrincipalName] Required`, an initial password column): its 4 users, none in the organization, nothing sent", async () => {
    const r = await sync('rosters/entra-users-bulk-add-example.csv');
    expect(r.code, r.stderr).toBe(3);
    const report = JSON.parse(r.stdout) as SyncReport & { notInOrganization: { email: string | null }[] };
    expect(report.notInOrganization.map((a) => a.email)).toEqual(['chris@contoso.com', 'alain@contoso.com', 'isabella@contoso.com', 'joseph@contoso.com']);
    expect({ added: report.added, removed: report.removed.length, roleChanged: report.roleChanged.length }).toEqual({ added: [], removed: 0, roleChanged: 0 });
    // The passwords the template holds appear nowhere in what teamctl says.
    expect(r.stdout + r.stderr).not.toContain('Example-Password-Only');
    expect(d.sandbox.requests.filter((q) => q.method !== 'GET')).toEqual([]);
  });

  it("gitlab-users' example (`# username, name, email, …, [access_level]`, GitLab's developer and reporter): read by its email column; no role column, said, --role-map or not", async () => {
    for (const extra of [[], ['--role-map', 'developer=member,reporter=member']]) {
      const r = await sync('rosters/gitlab-users-example.csv', extra);
      expect(r.code, r.stderr).toBe(3);
      expect(r.stderr).toContain('gitlab-users-example.csv has no "role" column: members keep their roles, new members are added as member.');
      const report = JSON.parse(r.stdout) as SyncReport & { notInOrganization: { email: string | null }[] };
      expect(report.notInOrganization.map((a) => a.email)).toEqual(['bruce.wayne@wayne-entreprises.com', 'clark.kent@krypton.univ']);
      expect({ removed: report.removed.length, roleChanged: report.roleChanged.length }).toEqual({ removed: 0, roleChanged: 0 });
    }
    expect(d.sandbox.requests.filter((q) => q.method !== 'GET')).toEqual([]);
  });

  it("Entra's bulk template with its version:v1.0 first line: refused naming the line and the edit", async () => {
    const r = await sync('rosters/entra-users-bulk-delete-example.csv');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('entra-users-bulk-delete-example.csv:1: "version:v1.0"');
    expect(r.stderr).toContain('delete this line');
    expect(d.sandbox.requests.filter((q) => q.method !== 'GET')).toEqual([]);
  });

  it("Entra's bulk template without its version line: `User name [userPrincipalName] Required` is the e-mail column", async () => {
    const { readFileSync, writeFileSync, mkdtempSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const path = join(mkdtempSync(join(tmpdir(), 'teamctl-entra-')), 'users.csv');
    writeFileSync(path, readFileSync(real('rosters/entra-users-bulk-delete-example.csv'), 'utf8').split('\n').slice(1).join('\n'));
    const r = await runCli(['members', 'sync', '--roster', path, '--dry-run', '--json'], { env: d.env });
    expect(r.code, r.stderr).toBe(3);
    expect((JSON.parse(r.stdout) as { notInOrganization: { email: string | null }[] }).notInOrganization.map((a) => a.email)).toEqual(['alain@contoso.com', 'isabella@contoso.com', 'joseph@contoso.com', 'chaya@contoso.com']);
  });
});

describe('real layouts written from vendor documentation (test/fixtures/real/README.md)', () => {
  it.each([
    [
      'lokalise/lokalise-docs-glossary.csv',
      ['en', 'de-DE'],
      [
        { en: 'browser', 'de-DE': 'Browser' },
        { en: 'PNG', 'de-DE': 'PNG' },
        { en: 'sign in', 'de-DE': 'anmelden' },
      ],
      ['2 terms marked forbidden left out of their languages: en "whitelist" (line 4), de-DE "Whitelist" (line 4)'],
    ],
    [
      'phrase/phrase-strings-term-base.csv',
      ['en', 'de', 'fr'],
      [
        { en: 'browser', de: 'Browser', fr: 'navigateur' },
        { en: 'PNG', de: 'PNG', fr: 'PNG' },
        { en: 'sign in', de: 'anmelden', fr: 'se connecter' },
      ],
      [],
    ],
    [
      'crowdin/crowdin-glossary-export.csv',
      ['en', 'de'],
      [{ en: 'sign in', de: 'anmelden' }, { de: 'einloggen' }],
      ['1 term marked deprecated left out of its language: en "log on" (line 3)', '2 terms marked obsolete left out of their languages: en "whitelist" (line 4), de "Whitelist" (line 4)'],
    ],
  ])('%s: languages %j, read exactly, statuses applied', async (path, languages, translations, statusWarnings) => {
    const file = await readGlossaryFile(real(path));
    expect(file.languages).toEqual(languages);
    expect(file.rows.map((r) => r.translations)).toEqual(translations);
    const said = file.warnings.map((w) => w.message).filter((m) => / left out of /.test(m));
    expect(said).toEqual(statusWarnings);
    const report = await planned(real(path));
    expect({ inserted: report.inserted, conflicts: report.conflicts }).toEqual({ inserted: translations.length, conflicts: [] });
  });

  it.each([
    ['rosters/powershell-get-aduser-export-csv.csv', ['ada.lovelace@example.com', 'cy.coe@example.com'], ['"#TYPE Selected.Microsoft.ActiveDirectory.Management.ADUser" is the type line', '1 row marked inactive by column "Enabled" ("False") left out']],
    ['rosters/slack-members-export.csv', ['ada@example.com', 'bo@example.com'], ['2 rows marked inactive or as bots by column "status" ("Bot", "Deactivated") left out']],
    ['rosters/google-workspace-users-upload.csv', ['ada@example.com', 'cy@example.com'], ['1 row marked inactive by column "New Status [UPLOAD ONLY]" ("Suspended") left out']],
    ['rosters/github-org-members-export.csv', ['octocat@example.com', 'hubot@example.com'], []],
  ])('%s: the users it names, and what it leaves out, counted', async (path, users, warnings) => {
    const { readUserFile } = await import('../../src/files/users.js');
    const file = await readUserFile(real(path), { readRoles: true, dropInactive: true });
    expect(file.users.map((u) => u.key)).toEqual(users);
    expect(file.warnings.map((w) => w.message)).toHaveLength(warnings.length);
    warnings.forEach((w, i) => expect(file.warnings[i]?.message).toContain(w));
  });

  it("Entra's bulk restore template of object ids is refused, saying object ids are not users and which column to use", async () => {
    const r = await runCli(['members', 'sync', '--roster', real('rosters/entra-users-bulk-restore-example.csv'), '--dry-run'], { env: s.env });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      'entra-users-bulk-restore-example.csv:1: column "Object ID [objectId] Required" holds Microsoft Entra object ids, which are not users teamctl can name: use a file with a column of user principal names (e-mails), such as the userPrincipalName column of Entra\'s user download',
    );
    expect(s.sandbox.requests.filter((q) => q.method !== 'GET')).toEqual([]);
  });
});
