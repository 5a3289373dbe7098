// Files as other tools write them (`teamctl help glossary-files`, "Glossary file layouts"): each
// refusal that suggests a flag is followed exactly as printed — the flag and its value taken from
// stderr — and the file then imports, the sandbox's glossary holding exactly the file's entries.
// Files that read without a flag are imported and checked the same way.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { xlsx } from '../helpers/xlsx.js';
import { runCli, sandboxWithEnv, type SandboxEnv } from './harness.js';

let s: SandboxEnv;
beforeEach(async () => {
  s = await sandboxWithEnv({ seed: 'empty' });
});
afterEach(async () => {
  await s.sandbox.close();
});

const dir = mkdtempSync(join(tmpdir(), 'teamctl-fixes-'));
const write = (name: string, data: string | Buffer): string => {
  const path = join(dir, name);
  writeFileSync(path, data);
  return path;
};
/** The glossary's entries, by their first term (the store's order is its own). */
const stored = (): Record<string, string>[] =>
  s.sandbox.store
    .glossaryEntries('acme')
    .map((e) => e.translations)
    .sort((a, b) => (Object.values(a)[0] ?? '').localeCompare(Object.values(b)[0] ?? ''));
const writes = (): number => s.sandbox.requests.filter((q) => q.method !== 'GET').length;

/** The flag a refusal suggests, as the shell hands it over: `--flag value`, the value unquoted. */
function suggestion(stderr: string, flag: string): string[] {
  const found = new RegExp(`${flag} ("(?:[^"\\\\]|\\\\.)*"|[^\\s"()]+)`).exec(stderr)?.[1];
  expect(found, stderr).toBeDefined();
  return [flag, found!.startsWith('"') ? (JSON.parse(found!) as string) : found!];
}

/** Refused (exit 2, nothing sent) suggesting `flag`; imported with it exactly as printed. */
async function followed(path: string, flag: string, extra: string[] = []): Promise<string[]> {
  const refused = await runCli(['glossary', 'import', path, ...extra], { env: s.env });
  expect(refused.code, refused.stdout).toBe(2);
  expect(writes()).toBe(0);
  const fix = suggestion(refused.stderr, flag);
  const applied = await runCli(['glossary', 'import', path, ...extra, ...fix], { env: s.env });
  expect(applied.code, applied.stderr).toBe(0);
  return fix;
}

describe('suggested fixes, followed as printed', () => {
  it("a Lokalise export whose base language's column is empty: --languages en names the term column's language", async () => {
    const path = write('lokalise.csv', 'term;description;casesensitive;translatable;forbidden;tags;en;en_description;de;de_description\nbank;;0;1;0;;;;Bank;\nbranch;;0;1;0;;;;Filiale;\nlog out;;0;1;0;;;;;\n');
    expect(await followed(path, '--languages')).toEqual(['--languages', 'en']);
    expect(stored()).toEqual([{ en: 'bank', de: 'Bank' }, { en: 'branch', de: 'Filiale' }, { en: 'log out' }]);
  });

  it('columns neither a language nor a known one: each refusal names --ignore-columns; followed, the file imports its terms alone', async () => {
    const path = write('category.csv', 'en,de,Category,Notes\nbank,Bank,finance,a note\ndoor,Tür,house,\n');
    const refused = await runCli(['glossary', 'import', path], { env: s.env });
    expect(refused.code, refused.stdout).toBe(2);
    expect(writes()).toBe(0);
    const named = [...refused.stderr.matchAll(/--ignore-columns ("(?:[^"\\]|\\.)*"|[^\s"()]+)/g)].map((m) => (m[1]!.startsWith('"') ? (JSON.parse(m[1]!) as string) : m[1]!));
    expect(named).toEqual(['Category']); // Notes is a metadata column teamctl knows: ignored with a warning
    const applied = await runCli(['glossary', 'import', path, '--ignore-columns', named.join(',')], { env: s.env });
    expect(applied.code, applied.stderr).toBe(0);
    expect(applied.stderr).not.toContain('Category');
    expect(applied.stderr).toContain('column "Notes" holds no translation');
    expect(stored()).toEqual([{ en: 'bank', de: 'Bank' }, { en: 'door', de: 'Tür' }]);
    // A typo, or a language column, is refused: naming away never drops terms.
    expect((await runCli(['glossary', 'import', path, '--ignore-columns', 'Category,Note,de', '--dry-run'], { env: s.env })).stderr).toMatch(/--ignore-columns names "note", which the header does not have[\s\S]*--ignore-columns names "de", a column teamctl reads \(language\)/);
    // glossary lint reads the file as import does, and takes the same fix.
    const linted = await runCli(['glossary', 'lint', path, '--exit-code'], { env: s.env });
    expect(linted.code).toBe(8);
    expect(linted.stdout).toContain('--ignore-columns "Category"');
    expect((await runCli(['glossary', 'lint', path, '--exit-code', '--ignore-columns', named.join(',')], { env: s.env })).code).toBe(0);
  });

  it('a Windows-1252 CSV: --encoding windows-1252', async () => {
    const path = write('latin.csv', Buffer.concat([Buffer.from('en,fr\ncoffee,caf'), Buffer.from([0xe9]), Buffer.from('\nshop,boutique\n')]));
    expect(await followed(path, '--encoding')).toEqual(['--encoding', 'windows-1252']);
    expect(stored()).toEqual([{ en: 'coffee', fr: 'café' }, { en: 'shop', fr: 'boutique' }]);
  });

  it('a plain JSON map of term: translation pairs: --languages en,de', async () => {
    const path = write('terms.json', '{\n  "bank": "Bank",\n  "door": "Tür"\n}\n');
    expect(await followed(path, '--languages')).toEqual(['--languages', 'en,de']);
    expect(stored()).toEqual([{ en: 'bank', de: 'Bank' }, { en: 'door', de: 'Tür' }]);
  });

  it('homonyms in the key language, another language empty on some rows: --key names the one with a term on every row, and nothing is inserted twice', async () => {
    const path = write('renamed-crowdin.csv', 'en,af,de\nmodule,module,Modul\nmodule,,Baustein\nuser story,,User Story\nmedia query,,Media Query\nmedia query,mediavraag,Medienabfrage\n');
    expect(await followed(path, '--key')).toEqual(['--key', 'de']);
    expect(stored()).toHaveLength(5);
    // Run again: every row is present, nothing inserted twice.
    const again = await runCli(['glossary', 'import', path, '--key', 'de'], { env: s.env });
    expect(again.code, again.stderr).toBe(0);
    expect(stored()).toHaveLength(5);
  });
});

describe('read without a flag', () => {
  it('a spreadsheet headed by language names below a note row', async () => {
    const path = write('names.xlsx', xlsx([{ name: 'Sheet1', rows: [['Fill in one term a row'], ['English', 'Korean'], ['bank', '은행'], ['door', '문']] }]));
    const r = await runCli(['glossary', 'import', path], { env: s.env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('line 1 above the header (line 2) is a note, not entries: skipped');
    expect(stored()).toEqual([{ en: 'bank', ko: '은행' }, { en: 'door', ko: '문' }]);
  });

  it('a GlotPress TSV with # comments and a literal quote in a cell', async () => {
    const path = write('glotpress.tsv', 'en\tpt\tpos\tdescription\n# Nouns\t\t\t\n"cohort" theory\tteoria da "coorte"\tnoun\tsee "cohort"\n# Ending in a sibilant…\t\t\t\nbus\tônibus\tnoun\t\n');
    const r = await runCli(['glossary', 'import', path], { env: s.env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('2 comment lines (a row whose only cell starts with #) skipped: lines 2, 4');
    // (localeCompare orders "cohort" before bus: it ignores the quote.)
    expect(stored()).toEqual([{ en: '"cohort" theory', pt: 'teoria da "coorte"' }, { en: 'bus', pt: 'ônibus' }]);
  });
});
