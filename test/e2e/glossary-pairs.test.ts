// glossary export --format deepl | tsv-pair (README, "The glossary"): one language pair, and
// its round trip through `glossary import` against the sandbox, run through main() as a user would.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GlossaryOperation } from '../../src/api/types.js';
import { runCli, sandboxWithEnv, type SandboxEnv } from './harness.js';

let s: SandboxEnv;
let dir: string;
let orgs = 0;

beforeAll(async () => {
  s = await sandboxWithEnv({ seed: 'empty' });
  dir = mkdtempSync(join(tmpdir(), 'teamctl-pairs-'));
});
afterAll(async () => {
  await s.sandbox.close();
});

/** A new organization holding `ops`, and the environment that points teamctl at it. */
function newOrg(ops: GlossaryOperation[] = []): { org: string; env: Record<string, string> } {
  const org = `pairs-${++orgs}`;
  s.sandbox.store.createOrganization(org);
  if (ops.length > 0) s.sandbox.store.applyGlossaryOperations(org, ops, new Date().toISOString());
  return { org, env: { ...s.env, TEAMCTL_ORG: org } };
}

const insert = (translations: Record<string, string>): GlossaryOperation => ({ type: 'insert', translations });

/** Terms a pair file must quote or mark, an entry without a target, and a source term twice. */
const awkward = [
  insert({ 'en-US': 'bank', de: 'Bank', fr: 'banque' }),
  insert({ 'en-US': 'cash, money', de: 'Bargeld' }),
  insert({ 'en-US': '5" screen', de: '5-Zoll-Bildschirm' }),
  insert({ 'en-US': '=SUM(A1)', de: '=SUMME(A1)' }),
  insert({ 'en-US': "'-s form", de: "'-s Form" }),
  insert({ 'en-US': 'door' }),
  insert({ 'en-US': 'bank', de: 'Ufer' }),
];

/** The file's lines, sorted, after checking that exactly one matches `one` (which is left out). */
function lines(text: string, one: RegExp): string[] {
  const all = text.split('\n').filter((l) => l !== '');
  expect(all.filter((l) => one.test(l))).toHaveLength(1);
  return all.filter((l) => !one.test(l)).sort();
}

async function exported(env: Record<string, string>, args: string[], name: string): Promise<{ code: number; stderr: string; path: string; text: string }> {
  const path = join(dir, name);
  const r = await runCli(['glossary', 'export', ...args, '-f', path], { env });
  return { code: r.code, stderr: r.stderr, path, text: r.code === 0 ? readFileSync(path, 'utf8') : '' };
}

async function importPlan(env: Record<string, string>, path: string, extra: string[] = []): Promise<Record<string, unknown>> {
  const r = await runCli(['glossary', 'import', path, '--dry-run', '--json', ...extra], { env });
  expect(r.stderr).not.toMatch(/^error/m);
  expect(r.code).toBe(0);
  return JSON.parse(r.stdout) as Record<string, unknown>;
}

describe('glossary export --format deepl', () => {
  it("writes source,target and DeepL's codes on each line, quoted as CSV; imports back without --languages, planning nothing", async () => {
    const { env } = newOrg(awkward);
    const out = await exported(env, ['--format', 'deepl', '--languages', 'en-US,de'], 'en-de.csv');
    expect(out.code).toBe(0);
    // (The service's order; of the two entries with the source term `bank`, the first is written.)
    expect(out.text.endsWith('\n')).toBe(true);
    expect(lines(out.text, /^bank,(Bank|Ufer),EN,DE$/)).toEqual(['"5"" screen",5-Zoll-Bildschirm,EN,DE', '"cash, money",Bargeld,EN,DE', "''-s form,''-s Form,EN,DE", '=SUM(A1),=SUMME(A1),EN,DE'].sort());
    expect(out.stderr).toMatch(/1 entry left out: its en-US term is already on an earlier line/);
    // EN is the glossary's en-US (its one English key), which the translation feature reads as en
    // once mapped (`teamctl help glossary-files`, "Keys the translation feature reads"): every line is present.
    expect(await importPlan(env, out.path, ['--map-language', 'en-US=en'])).toMatchObject({ dryRun: true, inserted: 0, updated: 0, present: 5, conflicts: [] });
    // Into an empty organization, the codes in lower case are the keys.
    const fresh = newOrg();
    const into = await runCli(['glossary', 'import', out.path, '--json'], { env: fresh.env });
    expect(into.code).toBe(0);
    expect(s.sandbox.store.glossaryEntries(fresh.org).map((e) => e.translations)).toContainEqual({ en: '5" screen', de: '5-Zoll-Bildschirm' });
    expect(s.sandbox.store.glossaryEntries(fresh.org).map((e) => e.translations)).toContainEqual({ en: "'-s form", de: "'-s Form" });
  });

  it('read back from a glossary where a code stands for two keys: refused naming --languages; with the export\'s own --languages it plans nothing', async () => {
    const { env } = newOrg([insert({ 'en-US': 'color', 'en-GB': 'colour', 'pt-BR': 'cor' }), insert({ 'en-US': 'truck', 'en-GB': 'lorry', 'pt-BR': 'caminhão' })]);
    const out = await exported(env, ['--format', 'deepl', '--languages', 'en-US,pt-BR'], 'en-pt.csv');
    expect(out.code, out.stderr).toBe(0);
    expect(out.text.split('\n').filter(Boolean).sort()).toEqual(['color,cor,EN,PT', 'truck,caminhão,EN,PT']);
    const mark = s.sandbox.requests.length;
    const refused = await runCli(['glossary', 'import', out.path, '--dry-run'], { env });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('in this glossary EN stands for en-US and en-GB: name the languages with --languages (e.g. --languages en-US,pt-BR); nothing was sent');
    expect(refused.stderr).not.toContain('+ insert');
    expect(s.sandbox.requests.slice(mark).filter((q) => q.method !== 'GET')).toEqual([]);
    expect(await importPlan(env, out.path, ['--languages', 'en-US,pt-BR', '--map-language', 'en-US=en'])).toMatchObject({ inserted: 0, updated: 0, present: 2, conflicts: [] });
  });

  it('needs exactly two languages, DeepL-distinct, and refuses a term it cannot carry (exit 2, no file)', async () => {
    const { env } = newOrg([insert({ en: 'tab\there', de: 'Tab' })]);
    const cases: [string[], RegExp][] = [
      [['--format', 'deepl'], /--format deepl needs --languages <src>,<tgt>/],
      [['--format', 'deepl', '--languages', 'en'], /give exactly two/],
      [['--format', 'tsv-pair', '--languages', 'en,de,fr'], /--languages names 3 languages, give exactly two/],
      [['--format', 'deepl', '--languages', 'en-US,en-GB'], /DeepL names both EN/],
      [['--format', 'deepl', '--lang', 'en,de'], /not --lang/],
      [['--format', 'csv', '--languages', 'en,de'], /choose languages with --lang/],
      [['--format', 'deepl', '--languages', 'en,de'], /entry "[^"]+": its "en" term "tab\\there" holds U\+0009/],
    ];
    for (const [args, message] of cases) {
      const out = await exported(env, args, 'refused.csv');
      expect(out.code, args.join(' ')).toBe(2);
      expect(out.stderr).toMatch(message);
    }
  });
});

describe('glossary export --format tsv-pair', () => {
  it('writes source TAB target without a header; imports back with --languages, planning nothing', async () => {
    const { env } = newOrg(awkward);
    const out = await exported(env, ['--format', 'tsv-pair', '--languages', 'en-US,de'], 'en-de.tsv');
    expect(out.code).toBe(0);
    expect(lines(out.text, /^bank\t(Bank|Ufer)$/)).toEqual(['cash, money\tBargeld', '5" screen\t5-Zoll-Bildschirm', '=SUM(A1)\t=SUMME(A1)', "''-s form\t''-s Form"].sort());
    expect(await importPlan(env, out.path, ['--languages', 'en-US,de', '--map-language', 'en-US=en'])).toMatchObject({ inserted: 0, updated: 0, present: 5, conflicts: [] });
    // Plain TSV: a quote, even a leading one, is part of the term, never quoting; it reads back whole.
    const quoted = newOrg([insert({ en: '"Quick" start', de: '„Schnell“start' }), insert({ en: 'say "hi"', de: 'sag "hallo"' })]);
    const plain = await exported(quoted.env, ['--format', 'tsv-pair', '--languages', 'en,de'], 'quoted.tsv');
    expect(plain.text.split('\n').sort()).toEqual(['', '"Quick" start\t„Schnell“start', 'say "hi"\tsag "hallo"']);
    expect(await importPlan(quoted.env, plain.path, ['--languages', 'en,de'])).toMatchObject({ inserted: 0, updated: 0, present: 2, conflicts: [] });
    // A tab or a line break cannot be written: the export stops, naming the entry.
    const tabbed = newOrg([insert({ en: 'tab\there', de: 'x' })]);
    const refusedTab = await exported(tabbed.env, ['--format', 'tsv-pair', '--languages', 'en,de'], 'tab.tsv');
    expect(refusedTab.code).toBe(2);
    expect(refusedTab.stderr).toMatch(/its "en" term "tab\\there" holds U\+0009 .*which --format tsv-pair cannot carry/);
    const wholly = newOrg([insert({ en: '"Quoted"', de: 'x' })]);
    const refusedQuote = await exported(wholly.env, ['--format', 'tsv-pair', '--languages', 'en,de'], 'wholly.tsv');
    expect(refusedQuote.code).toBe(2);
    expect(refusedQuote.stderr).toContain('is wholly in quotes, which plain TSV (--format tsv-pair) cannot carry');
    // Without --languages it is refused as a headerless list, saying so.
    const refused = await runCli(['glossary', 'import', out.path, '--dry-run'], { env });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/--languages en,de/);
  });
});

describe('what a pair export leaves out', () => {
  it('says how many entries it left out for lacking a term, and why; the file holds the others', async () => {
    const { env } = newOrg([insert({ en: 'bank', de: 'Bank' }), insert({ en: 'door' }), insert({ de: 'nur Deutsch' }), insert({ en: 'window', de: 'Fenster' })]);
    const file = join(dir, 'left-out.tsv');
    const r = await runCli(['glossary', 'export', '--format', 'tsv-pair', '--languages', 'en,de', '-f', file], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(readFileSync(file, 'utf8').trim().split('\n').sort()).toEqual(['bank\tBank', 'window\tFenster']);
    expect(r.stderr).toMatch(/glossary export: 2 entries left out: 1 with no de term, 1 with no en term \(\S+, \S+\); a pair glossary holds only entries with a term in both languages/);
  });
});
