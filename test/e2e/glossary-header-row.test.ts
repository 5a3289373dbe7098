// A spreadsheet whose header comes after lines of instructions (`teamctl help glossary-files`,
// "Glossary file layouts"), end to end against the sandbox: below more than five such lines the
// file is refused (exit 2, nothing sent) naming the header row; the suggested `--header-row` is
// followed as printed, and the sandbox's glossary then holds exactly the file's entries. Lines in
// reports and lint findings are the file's own.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Finding } from '../../src/glossary/lintRules.js';
import { glossarySandbox } from '../helpers/glossary-sandbox.js';
import { xlsx } from '../helpers/xlsx.js';
import { runCli, sandboxWithEnv, type SandboxEnv } from './harness.js';

let s: SandboxEnv;
beforeEach(async () => {
  s = await sandboxWithEnv({ seed: 'empty' });
});
afterEach(async () => {
  await s.sandbox.close();
});
const { seed, glossary, mutating, sorted } = glossarySandbox(() => s);

const dir = mkdtempSync(join(tmpdir(), 'teamctl-header-row-'));
const write = (name: string, data: string | Buffer): string => {
  const path = join(dir, name);
  writeFileSync(path, data);
  return path;
};
/** Seven lines of instructions of several cells each, as a template has them. */
const instructions = Array.from({ length: 7 }, (_, i) => [`Step ${i + 1}: one term a row`, 'see the style guide', 'owner: docs']);

/** Refused (exit 2, nothing sent) naming the file and `--header-row N`: the flag as printed. */
async function refusedWithHint(args: string[], file: string): Promise<string[]> {
  const refused = await runCli(args, { env: s.env });
  expect(refused.code, refused.stderr).toBe(2);
  expect(mutating()).toEqual([]);
  expect(refused.stderr).toContain(file);
  const found = /--header-row (\d+)/.exec(refused.stderr)?.[1];
  expect(found, refused.stderr).toBeDefined();
  return ['--header-row', found!];
}

describe('instructions above the header', () => {
  it('a CSV: import is refused with --header-row 8; followed, it inserts the entries and its report names their real lines', async () => {
    const path = write('template.csv', `${instructions.map((r) => r.join(',')).join('\n')}\nen,de,description\nbank,Bank,where money is\ndoor,Tür,\n`);
    const fix = await refusedWithHint(['glossary', 'import', path], 'template.csv');
    expect(fix).toEqual(['--header-row', '8']);
    const report = join(dir, 'report.csv');
    const r = await runCli(['glossary', 'import', path, ...fix, '--report', report], { env: s.env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('7 rows above the header (line 8, --header-row) skipped');
    expect(sorted(Object.values(glossary()))).toEqual(sorted([{ en: 'bank', de: 'Bank' }, { en: 'door', de: 'Tür' }]));
    const lines = readFileSync(report, 'utf8').trim().split('\n').slice(1).map((l) => l.split(',')[0]);
    expect(lines.sort()).toEqual(['10', '9']);
  });

  it('an .xlsx: sync is refused with --header-row 8; followed, the glossary equals the sheet', async () => {
    const [doorId] = seed([{ en: 'door', de: 'Türe' }]);
    const path = write('template.xlsx', xlsx([{ name: 'Terms', rows: [...instructions, ['en', 'de'], ['bank', 'Bank'], ['door', 'Tür']] }]));
    const fix = await refusedWithHint(['glossary', 'sync', path, '--yes'], 'template.xlsx');
    expect(fix).toEqual(['--header-row', '8']);
    const r = await runCli(['glossary', 'sync', path, ...fix, '--yes'], { env: s.env });
    expect(r.code, r.stderr).toBe(0);
    const after = glossary();
    expect(after[doorId!]).toEqual({ en: 'door', de: 'Tür' });
    expect(sorted(Object.values(after))).toEqual(sorted([{ en: 'bank', de: 'Bank' }, { en: 'door', de: 'Tür' }]));
  });

  it('lint: the header row named as a finding without the flag; with it, a case variant is found on its real line', async () => {
    const path = write('lint.csv', `${instructions.map((r) => r.join(',')).join('\n')}\nen,de\nbank,Bank\nBank,Bank\n`);
    // (lint reports a file the reader refuses as its findings.)
    const refused = await runCli(['glossary', 'lint', path, '--json', '--exit-code'], { env: s.env });
    expect(refused.code).toBe(8);
    expect((JSON.parse(refused.stdout) as Finding[]).map((f) => [f.severity, f.line, /--header-row \d+/.exec(f.message)?.[0]])).toEqual([['error', 1, '--header-row 8']]);
    const r = await runCli(['glossary', 'lint', path, '--header-row', '8', '--json'], { env: s.env });
    expect(r.code, r.stderr).toBe(0);
    const findings = JSON.parse(r.stdout) as Finding[];
    expect(findings.map((f) => [f.rule, f.line])).toEqual([['case-variant', 10], ['several-translations', 10]]);
  });
});

describe('--header-row is checked before anything is read or sent', () => {
  it.each(['0', '-1', 'x', '2.5'])('--header-row %s: exit 2 naming the flag', async (value) => {
    const path = write('plain.csv', 'en,de\nbank,Bank\n');
    for (const verb of ['import', 'sync']) {
      const r = await runCli(['glossary', verb, path, '--header-row', value, '--yes'], { env: s.env });
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(`--header-row must be a whole number from 1 to 1000000, not ${JSON.stringify(value)}`);
    }
    expect((await runCli(['glossary', 'lint', path, '--header-row', value], { env: s.env })).code).toBe(2);
    expect(mutating()).toEqual([]);
  });

  it('lint of the live glossary has no header row to name: exit 2', async () => {
    const r = await runCli(['glossary', 'lint', '--header-row', '3'], { env: s.env });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--header-row names the header row of a file: give the file to lint');
    expect(s.sandbox.requests).toEqual([]);
  });

  it('a line with no row on it: exit 2 naming the file and the line, nothing sent', async () => {
    const path = write('short.csv', 'en,de\nbank,Bank\n');
    const r = await runCli(['glossary', 'import', path, '--header-row', '5'], { env: s.env });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('short.csv:5: --header-row 5 names no header: the file has no row there or below');
    expect(mutating()).toEqual([]);
  });
});
