// glossary lint end to end (`teamctl help glossary-files`, "Glossary lint"): findings present and
// absent on real glossaries (test/fixtures/real/README.md says where each comes from), the live
// glossary against the sandbox, --exit-code for CI and `glossary sync --lint`.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Finding } from '../../src/glossary/lintRules.js';
import { glossarySandbox } from '../helpers/glossary-sandbox.js';
import { runCli, sandboxWithEnv, type SandboxEnv } from './harness.js';

const real = (path: string): string => fileURLToPath(new URL(`../fixtures/real/${path}`, import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'teamctl-glint-'));
let files = 0;
/** A copy of a real file with `edit` applied: the finding a test needs, on a file as a tool writes it. */
function edited(path: string, edit: (text: string) => string): string {
  const out = join(dir, `${++files}-${path.split('/').pop() ?? 'file'}`);
  writeFileSync(out, edit(readFileSync(real(path), 'utf8')));
  return out;
}

let s: SandboxEnv;
beforeEach(async () => {
  s = await sandboxWithEnv({ seed: 'empty' });
});
afterEach(async () => {
  await s.sandbox.close();
});

const lint = async (args: string[], env: Record<string, string> = {}): Promise<{ code: number; findings: Finding[]; stderr: string }> => {
  const r = await runCli(['glossary', 'lint', ...args, '--json'], { env });
  return { code: r.code, findings: r.stdout === '' ? [] : (JSON.parse(r.stdout) as Finding[]), stderr: r.stderr };
};
const brief = (fs: Finding[]): string[] => fs.map((f) => `${f.severity} ${f.rule} ${f.line ?? f.entry ?? ''}`);
const { seed, mutating } = glossarySandbox(() => s);

describe('glossary lint <file> on real glossaries (no token, nothing sent)', () => {
  it.each(['okapi/ibm_tbx.tbx', 'okapi/oracle_TBX.tbx', 'tbx-basic-v3/LTAC-Example_Astronomy_DCA_VALID.cut.tbx', 'crowdin/crowdin-glossary-export.csv', 'phrase/phrase-strings-term-base.csv'])(
    '%s: nothing found (statuses, a non-translatable PNG, a superseded term not in use), exit 0 with --exit-code',
    async (path) => {
      const r = await lint([real(path), '--exit-code']);
      expect(r.findings).toEqual([]);
      expect(r.code).toBe(0);
      expect(r.stderr).toContain('0 errors, 0 warnings');
    },
  );

  it('DLTerms4Chinese: one Chinese term for several English ones, each on its line with a fix (warnings)', async () => {
    const r = await lint([real('tsv/dlterms4chinese-terms.tsv')]);
    expect(r.code).toBe(0);
    expect(r.findings[0]).toEqual({
      severity: 'warning',
      rule: 'several-translations',
      file: real('tsv/dlterms4chinese-terms.tsv'),
      line: 4,
      entry: null,
      message: 'the zh term "智能体" is also on line 3, with other translations',
      fix: 'merge the two, or keep them as homonyms (meant: two meanings)',
    });
    expect(brief(r.findings)).toEqual(['warning several-translations 4', 'warning several-translations 5', 'warning several-translations 68']);
  });

  it("Google's bistro glossary: case variants of the key term", async () => {
    const r = await lint([real('google/google-cloud-hybrid-glossaries-bistro_glossary.csv')]);
    expect(r.findings.filter((f) => f.rule === 'case-variant').map((f) => f.message)).toContain('the fr term "Chevre" differs only in case from "chevre" on line 2');
  });

  it('Pontoon and NAB AL Tools: regional keys the feature cannot use; the key language is an error, and --map-language clears it', async () => {
    const pontoon = await lint([real('tbx2008/pontoon-export-v2-expected.tbx')]);
    expect(brief(pontoon.findings)).toEqual(['error unusable-key 1', 'warning unusable-key 1']);
    expect(pontoon.findings[0]?.fix).toBe('rename the column to a language of the feature, or import with --map-language en-US=en');
    expect((await lint([real('tbx2008/pontoon-export-v2-expected.tbx'), '--map-language', 'en-US=en,fr-FR=fr'])).findings).toEqual([]);
    const nab = await lint([real('tsv/nab-al-tools-glossary_to_translate.tsv')]);
    expect(nab.findings.filter((f) => f.rule === 'unusable-key')).toHaveLength(24); // every column, en-US first (the key: an error)
  });

  it("Mozilla's terminology: the reader's refusal (homonyms) is an error on its line", async () => {
    const r = await lint([real('tbx2008/pontoon-valid_mozilla_terminology.tbx')]);
    expect(brief(r.findings)).toEqual(['error several-translations 72']);
  });

  it('Lokalise: its forbidden term left out, and an error where another row uses it as a translation', async () => {
    const clean = await lint([real('lokalise/lokalise-docs-glossary.csv'), '--map-language', 'de-DE=de']);
    expect(clean.findings).toEqual([]);
    const path = edited('lokalise/lokalise-docs-glossary.csv', (t) => `${t}allowlist;;no;yes;no;;allowlist;;Whitelist;\n`);
    const r = await lint([path, '--map-language', 'de-DE=de']);
    expect(r.findings.map((f) => [f.severity, f.rule, f.line, f.message])).toEqual([['error', 'forbidden', 6, 'the de-DE term "Whitelist" is marked forbidden on line 4']]);
  });

  it('Phrase: a term equal to its source on a row marked translatable', async () => {
    const path = edited('phrase/phrase-strings-term-base.csv', (t) => t.replace('browser,Browser,navigateur', 'browser,Browser,browser'));
    const r = await lint([path]);
    expect(r.findings.map((f) => [f.rule, f.line, f.message])).toEqual([['untranslated', 2, 'the fr term is the en term "browser", and the row is marked translatable']]);
  });

  it('--exit-code fails (8) on a pull request that adds a duplicate row to a clean file', async () => {
    const before = real('phrase/phrase-strings-term-base.csv');
    expect((await lint([before, '--exit-code'])).code).toBe(0);
    const after = edited('phrase/phrase-strings-term-base.csv', (t) => `${t}sign in,,true,false,sign in,anmelden,se connecter\n`);
    const r = await lint([after, '--exit-code']);
    expect(r.code).toBe(8);
    expect(brief(r.findings)).toEqual(['error duplicate 5']);
    expect(r.stderr).toContain('1 error, 0 warnings');
  });
});

describe('glossary lint (the live glossary)', () => {
  it('names entry ids, keys the feature reads otherwise, and --exit-code gives 8 once a duplicate is added', async () => {
    const [bank] = seed([{ en: 'bank', de: 'Bank' }, { en: 'door', de: 'Tür' }]);
    const clean = await lint(['--exit-code'], s.env);
    expect(clean.code).toBe(0);
    expect(clean.findings).toEqual([]);
    const [dup] = seed([{ en: 'bank', de: 'Bank' }, { en: 'color', 'pt-BR': 'cor' }]);
    const r = await lint(['--exit-code'], s.env);
    expect(r.code).toBe(8);
    expect(r.findings.map((f) => `${f.severity} ${f.rule}`)).toEqual(['warning respelled-key', 'error duplicate']);
    expect(r.findings[0]?.message).toBe('"pt-BR" is the translation feature\'s pt-br in another case (1 entry)');
    // (The later of the two in the listing is named, with the other.)
    const [later, earlier] = r.findings[1]?.entry === dup ? [dup, bank] : [bank, dup];
    expect(r.findings[1]).toMatchObject({ entry: later, message: `the same translations as entry ${earlier}`, fix: `delete it: teamctl glossary delete ${later}` });
    expect(mutating()).toEqual([]);
  });

  it('every output format of list commands', async () => {
    seed([{ en: 'bank' }, { en: 'Bank' }]);
    for (const format of ['table', 'tsv', 'csv', 'markdown', 'ndjson']) {
      const r = await runCli(['glossary', 'lint', '-o', format], { env: s.env });
      expect(r.code, format).toBe(0);
      expect(r.stdout, format).toContain('case-variant');
    }
  });
});

describe('glossary sync --lint', () => {
  it('refuses (exit 2, nothing sent) on an error; goes on with warnings only', async () => {
    const bad = edited('phrase/phrase-strings-term-base.csv', (t) => `${t}sign in,,true,false,sign in,anmelden,se connecter\n`);
    const refused = await runCli(['glossary', 'sync', bad, '--lint', '--yes'], { env: s.env });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`lint error: ${bad}:5: identical to line 4 — delete this row`);
    expect(refused.stderr).toContain('has 1 error (above); nothing was sent');
    expect(s.sandbox.requests).toEqual([]);
    const warned = await runCli(['glossary', 'sync', real('tsv/dlterms4chinese-terms.tsv'), '--lint', '--yes'], { env: s.env });
    expect(warned.code).toBe(0);
    expect(warned.stderr).toContain('lint: ');
    expect(s.sandbox.store.glossaryEntries('acme')).toHaveLength(96);
  });
});

describe('glossary lint: its columns, counts and words', () => {
  /** A glossary file of `lines` in this test's folder. */
  const file = (name: string, lines: string[]): string => {
    const path = join(dir, `${++files}-${name}`);
    writeFileSync(path, `${lines.join('\n')}\n`);
    return path;
  };
  // A case variant of the key term on line 3 (a warning), line 5 identical to line 4 (an error).
  const both = ['en,de', 'Bank,Ufer', 'bank,Bank', 'Door,Tür', 'Door,Tür'];
  const variant = 'the en term "bank" differs only in case from "Bank" on line 2';

  it('-o csv: severity, rule, where (the file and line), message and fix; the count says errors and warnings apart', async () => {
    const path = file('both.csv', both);
    const r = await runCli(['glossary', 'lint', path, '-o', 'csv']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.trim().split('\n')).toEqual([
      'severity,rule,where,message,fix',
      `warning,case-variant,${path}:3,"${variant.replaceAll('"', '""')}","keep one spelling, unless both are meant"`,
      `error,duplicate,${path}:5,identical to line 4,delete this row`,
    ]);
    expect(r.stderr).toContain(`glossary lint: ${path}: 1 error, 1 warning\n`);
    const twice = await runCli(['glossary', 'lint', file('twice.csv', [...both, 'bAnk,Ufer2', 'Door,Tür']), '-o', 'csv']);
    expect(twice.stderr).toMatch(/: 2 errors, 2 warnings\n/);
  });

  it('--key names the key language of a file: case variants are looked for in it', async () => {
    const path = file('key.csv', both.slice(0, 3));
    expect(brief((await lint([path])).findings)).toEqual(['warning case-variant 3']);
    const de = await lint([path, '--key', 'de']);
    expect(de.findings).toEqual([]);
    expect(de.stderr).toContain(`glossary lint: ${path}: 0 errors, 0 warnings`);
  });

  it('the live glossary is named with its count of entries, none, one or several', async () => {
    expect((await lint([], s.env)).stderr).toContain('glossary lint: the glossary of acme (0 entries): 0 errors, 0 warnings');
    seed([{ en: 'bank', de: 'Bank' }]);
    expect((await lint([], s.env)).stderr).toContain('glossary lint: the glossary of acme (1 entry): 0 errors, 0 warnings');
    seed([{ en: 'Bank', de: 'Ufer' }]);
    const two = await lint([], s.env);
    expect(two.stderr).toContain('glossary lint: the glossary of acme (2 entries): 0 errors, 1 warning\n');
    expect(brief(two.findings)).toEqual([`warning case-variant ${two.findings[0]?.entry ?? ''}`]);
    // In a table, a finding of the live glossary is where its entry is.
    const csv = await runCli(['glossary', 'lint', '-o', 'csv'], { env: s.env });
    expect(csv.stdout.split('\n')[1]).toMatch(new RegExp(`^warning,case-variant,entry ${two.findings[0]?.entry ?? '-'},`));
  });

  it('the live glossary\'s keys are looked at in language order, whatever order the entries hold them in', async () => {
    seed([{ en: 'bank', 'PT-BR': 'banco', DE: 'Bank' }]);
    const r = await lint([], s.env);
    expect(r.findings.map((f) => [f.rule, f.message])).toEqual([
      ['respelled-key', '"DE" is the translation feature\'s de in another case (1 entry)'],
      ['respelled-key', '"PT-BR" is the translation feature\'s pt-br in another case (1 entry)'],
    ]);
    // A finding of the whole live glossary (a key's spelling) is where the glossary is, not a line.
    const csv = await runCli(['glossary', 'lint', '-o', 'csv'], { env: s.env });
    expect(csv.stdout.split('\n').slice(1, 3).map((l) => l.split(',').slice(0, 3).join(','))).toEqual(['warning,respelled-key,the glossary', 'warning,respelled-key,the glossary']);
  });

  it('glossary sync --lint: warnings said as `lint`, errors as `lint error`, counted as errors alone, with the command that lists them; nothing sent', async () => {
    const path = file('sync.csv', both);
    const one = await runCli(['glossary', 'sync', path, '--lint', '--yes'], { env: s.env });
    expect(one.code).toBe(2);
    expect(one.stderr).toContain(`lint: ${path}:3: ${variant} — keep one spelling, unless both are meant`);
    expect(one.stderr).not.toContain(`lint error: ${path}:3`);
    expect(one.stderr).toContain(`lint error: ${path}:5: identical to line 4 — delete this row`);
    expect(one.stderr).toContain(`--lint: ${path} has 1 error (above); nothing was sent`);
    expect(one.stderr).toContain(`see them all with \`teamctl glossary lint ${path}\``);
    const two = file('sync2.csv', [...both, 'Door,Tür']);
    expect((await runCli(['glossary', 'sync', two, '--lint', '--yes'], { env: s.env })).stderr).toContain(`--lint: ${two} has 2 errors (above); nothing was sent`);
    expect(s.sandbox.requests).toEqual([]);
  });
});
