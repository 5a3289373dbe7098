// glossary sync and glossary delete end to end (README, "The glossary"):
// the sandbox's glossary and request log are the reference.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ImportReport } from '../../src/glossary/importView.js';
import { glossarySandbox } from '../helpers/glossary-sandbox.js';
import { runCli, sandboxWithEnv, type SandboxEnv } from './harness.js';

let s: SandboxEnv;
beforeEach(async () => {
  s = await sandboxWithEnv({ seed: 'empty' });
});
afterEach(async () => {
  await s.sandbox.close();
});

const dir = mkdtempSync(join(tmpdir(), 'teamctl-gsync-'));
let files = 0;
function file(text: string): string {
  const path = join(dir, `terms${++files}.csv`);
  writeFileSync(path, text);
  return path;
}
const { seed, glossary, mutating, sorted } = glossarySandbox(() => s);

describe('one identity rule for import and sync', () => {
  it('a row without the key term (en,de / ,Nur-Deutsch) is inserted once: the second sync plans nothing, --exit-code is clean', async () => {
    seed([{ en: 'bank', de: 'Bank' }]);
    const terms = file('en,de\nbank,Bank\n,Nur-Deutsch\n');
    expect((await runCli(['glossary', 'sync', terms], { env: s.env })).code).toBe(0);
    expect((await runCli(['glossary', 'sync', terms], { env: s.env })).code).toBe(0);
    expect(sorted(Object.values(glossary()))).toEqual(sorted([{ en: 'bank', de: 'Bank' }, { de: 'Nur-Deutsch' }]));
    const mark = s.sandbox.requests.length;
    expect((await runCli(['glossary', 'sync', terms, '--dry-run', '--exit-code'], { env: s.env })).code).toBe(0);
    expect((await runCli(['glossary', 'import', terms, '--dry-run', '--exit-code'], { env: s.env })).code).toBe(0);
    expect(mutating(mark)).toEqual([]);
  });

  it('an export of fewer languages, without ids, imports back as present: no false conflicts', async () => {
    seed([{ en: 'bank', fr: 'banque', de: 'Bank' }, { en: 'door', fr: 'porte', de: 'Tür' }, { fr: 'seulement', de: 'nur' }]);
    const exported = join(dir, 'en-fr.csv');
    expect((await runCli(['glossary', 'export', '--lang', 'en,fr', '-f', exported], { env: s.env })).code).toBe(0);
    const withoutIds = file(readFileSync(exported, 'utf8').split('\n').map((l) => l.split(',').slice(1).join(',')).join('\n'));
    const r = await runCli(['glossary', 'import', withoutIds, '--json'], { env: s.env });
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout) as ImportReport;
    expect({ inserted: report.inserted, present: report.present, conflicts: report.conflicts }).toEqual({ inserted: 0, present: 3, conflicts: [] });
    expect(Object.keys(glossary())).toHaveLength(3);
  });
});

describe('term status in sync (`teamctl help glossary-files`, "Term status")', () => {
  it('a term its status leaves out counts as an empty cell: that translation is removed from the entry; the rest of the row is read', async () => {
    seed([{ en: 'bank', de: 'Bank', fr: 'banque' }, { en: 'log on', de: 'Anmelden' }]);
    const terms = file('en,de,Status [de]\nbank,Geldhaus,forbidden\nlog on,Anmelden,deprecatedTerm-admn-sts\n');
    const r = await runCli(['glossary', 'sync', terms], { env: s.env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('1 term marked forbidden left out of its language: de "Geldhaus" (line 2)');
    expect(sorted(Object.values(glossary()))).toEqual(sorted([{ en: 'bank', fr: 'banque' }, { en: 'log on' }]));
    // A TBX term whose status leaves it out, alone in its language: the same.
    seed([{ en: 'sign in', de: 'anmelden' }]);
    const tbx = join(dir, 'status.tbx');
    writeFileSync(
      tbx,
      '<tbx><text><body><conceptEntry><langSec xml:lang="en"><termSec><term>sign in</term></termSec></langSec><langSec xml:lang="de"><termSec><term>anmelden</term><termNote type="administrativeStatus">supersededTerm-admn-sts</termNote></termSec></langSec></conceptEntry></body></text></tbx>',
    );
    expect((await runCli(['glossary', 'sync', tbx], { env: s.env })).code).toBe(0);
    expect(Object.values(glossary())).toContainEqual({ en: 'sign in' });
    const mark = s.sandbox.requests.length;
    expect((await runCli(['glossary', 'sync', terms, '--dry-run', '--exit-code'], { env: s.env })).code).toBe(0);
    expect(mutating(mark)).toEqual([]);
  });
});

describe('underscore language tags (`teamctl help glossary-files`, "Glossary file layouts")', () => {
  it('de_DE is read as de-DE and matched case-insensitively against the key the glossary has (de-de): present, nothing sent', async () => {
    seed([{ en: 'browser', 'de-de': 'Browser' }]);
    const terms = file('term;description;casesensitive;translatable;forbidden;tags;en;de_DE\nbrowser;;no;yes;no;;browser;Browser\n');
    const mark = s.sandbox.requests.length;
    for (const command of ['import', 'sync']) {
      const r = await runCli(['glossary', command, terms, '--dry-run', '--exit-code'], { env: s.env });
      expect(r.code, r.stderr).toBe(0);
    }
    expect(mutating(mark)).toEqual([]);
  });
});

describe('case-only variants of a key term (`teamctl help guards`, "The plan")', () => {
  it('bank and Bank are never merged silently: the file and the plan warn with their lines', async () => {
    seed([{ en: 'bank', de: 'Bank' }]);
    const terms = file('en,de\nBank,Bank (Verb)\nriver,Fluss\nRIVER,Strom\n');
    for (const command of ['import', 'sync']) {
      const r = await runCli(['glossary', command, terms, '--dry-run'], { env: s.env });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toContain(`${terms}:2: en term "Bank" differs from entry `);
      expect(r.stderr).toMatch(/'s "bank" only in case: another entry, as terms match case-sensitively/);
      expect(r.stderr).toContain(`${terms}:4: en term "RIVER" differs from "river" on line 3 only in case`);
    }
  });
});

describe('glossary sync', () => {
  it('inserts, updates in place, removes an emptied language, deletes with --prune, keeps languages without a column; a second sync plans nothing', async () => {
    const [bank, door, team, gone] = seed([
      { en: 'bank', fr: 'rive', de: 'Bank' },
      { en: 'door', fr: 'porte', de: 'Tür' },
      { en: 'team', fr: 'équipe' },
      { en: 'obsolete', fr: 'obsolète' },
    ]);
    const terms = file(`en,fr\nbank,banque\ndoor,\nteam,équipe\nriver,rivière\n`);
    const r = await runCli(['glossary', 'sync', terms, '--prune', '--yes', '--json', '--max-deletions', '1'], { env: s.env });
    expect(r.code).toBe(0);
    const after = glossary();
    expect(after[bank as string]).toEqual({ en: 'bank', fr: 'banque', de: 'Bank' });
    expect(after[door as string]).toEqual({ en: 'door', de: 'Tür' });
    expect(after[team as string]).toEqual({ en: 'team', fr: 'équipe' });
    expect(after[gone as string]).toBeUndefined();
    expect(sorted(Object.values(after))).toEqual(sorted([{ en: 'bank', fr: 'banque', de: 'Bank' }, { en: 'door', de: 'Tür' }, { en: 'team', fr: 'équipe' }, { en: 'river', fr: 'rivière' }]));
    expect(JSON.parse(r.stdout)).toMatchObject({ inserted: 1, updated: 2, deleted: 1, present: 1, failed: [] });

    const mark = s.sandbox.requests.length;
    const again = await runCli(['glossary', 'sync', terms, '--prune', '--dry-run', '--exit-code'], { env: s.env });
    expect(again.code).toBe(0);
    expect(mutating(mark)).toEqual([]);
  });

  it('without --prune deletes nothing and lists what is not in the file; --prune without --yes and no terminal is refused (exit 3)', async () => {
    seed([{ en: 'bank', fr: 'banque' }, { en: 'extra', fr: 'en plus' }]);
    const terms = file('en,fr\nbank,banque\n');
    const kept = await runCli(['glossary', 'sync', terms], { env: s.env });
    expect(kept.code).toBe(0);
    expect(kept.stderr).toMatch(/Not in .*\(kept; --prune deletes them\):\n {2}\S+: en "extra"/);
    expect(Object.keys(glossary())).toHaveLength(2);
    const unconfirmed = await runCli(['glossary', 'sync', terms, '--prune', '--max-deletions', '1'], { env: s.env });
    expect(unconfirmed.code).toBe(3);
    expect(Object.keys(glossary())).toHaveLength(2);
    expect(mutating()).toEqual([]);
  });

  it('--max-deletions refuses a plan deleting too much: exit 3, zero mutating requests; --force applies it', async () => {
    seed(Array.from({ length: 8 }, (_, i) => ({ en: `term ${i}` })));
    const terms = file('en\nterm 0\nterm 1\nterm 2\n'); // 5 of 8 would go; 25% allows 2
    const refused = await runCli(['glossary', 'sync', terms, '--prune', '--yes'], { env: s.env });
    expect(refused.code).toBe(3);
    expect(refused.stderr).toContain('the plan deletes 5 of 8 glossary entries, more than --max-deletions 25% allows (2); nothing was sent');
    expect(mutating()).toEqual([]);
    const forced = await runCli(['glossary', 'sync', terms, '--prune', '--yes', '--force'], { env: s.env });
    expect(forced.code).toBe(0);
    expect(Object.values(glossary()).map((t) => t.en).sort()).toEqual(['term 0', 'term 1', 'term 2']);
  });

  it('--max-deletions at its limit: n deletions pass, n+1 are refused (a count and a percentage)', async () => {
    seed(Array.from({ length: 8 }, (_, i) => ({ en: `term ${i}` })));
    const keeping = (n: number): string => file('en\n' + Array.from({ length: n }, (_, i) => `term ${i}`).join('\n') + '\n');
    // 3 deletions: --max-deletions 3 passes (dry run), 2 refuses; 25% of 8 is 2: refused, 37.5% is 3: passes.
    for (const [limit, code] of [['3', 0], ['2', 3], ['25%', 3], ['37.5%', 0], ['38%', 0]] as const) {
      const r = await runCli(['glossary', 'sync', keeping(5), '--prune', '--dry-run', '--max-deletions', limit], { env: s.env });
      expect({ limit, code: r.code }).toEqual({ limit, code });
    }
    expect(mutating()).toEqual([]);
    const applied = await runCli(['glossary', 'sync', keeping(5), '--prune', '--yes', '--max-deletions', '3'], { env: s.env });
    expect(applied.code).toBe(0);
    expect(Object.keys(glossary())).toHaveLength(5);
  });

  it('cleans duplicates other tools made with --prune: the matched entry stays, the others go', async () => {
    const [first, second, third] = seed([{ en: 'bank', fr: 'banque' }, { en: 'bank', fr: 'banque' }, { en: 'bank', fr: 'rive' }]);
    const terms = file(`id,en,fr\n${second},bank,banque\n`);
    const dry = await runCli(['glossary', 'sync', terms, '--dry-run'], { env: s.env });
    // (The others are listed oldest first; these three were made in the same instant, so by id.)
    const others = [first, third].sort().join(', ');
    expect(dry.stderr).toContain(`! duplicates: the en term "bank" is on 3 entries: ${second} stays, ${others} (kept; --prune deletes them)`);
    const r = await runCli(['glossary', 'sync', terms, '--prune', '--yes', '--force'], { env: s.env });
    expect(r.code).toBe(0);
    expect(Object.keys(glossary())).toEqual([second]);
  });

  it('two rows naming two entries of one term: the plan line says both stay, the counts and the service agree', async () => {
    const [first, second] = seed([{ en: 'bank', fr: 'banque' }, { en: 'bank', fr: 'rive' }]);
    const terms = file(`id,en,fr\n${first},bank,banque\n${second},bank,rive\n`);
    const dry = await runCli(['glossary', 'sync', terms, '--prune', '--dry-run'], { env: s.env });
    expect(dry.code, dry.stderr).toBe(0);
    // (Made in the same instant: listed by id.)
    expect(dry.stderr).toContain(`! duplicates: the en term "bank" is on 2 entries: ${[first, second].sort().join(', ')} stay (rows of the file name them)`);
    expect(dry.stderr).not.toContain('(deleted)');
    expect(dry.stderr).toContain('0 to insert, 0 to update, 0 to delete, 2 unchanged');
    const r = await runCli(['glossary', 'sync', terms, '--prune', '--yes'], { env: s.env });
    expect(r.code, r.stderr).toBe(0);
    expect(Object.keys(glossary()).sort()).toEqual([first, second].sort());
  });

  it('refuses an empty file (exit 2, nothing read or sent)', async () => {
    seed([{ en: 'bank' }]);
    const r = await runCli(['glossary', 'sync', file('en,fr\n'), '--prune', '--yes'], { env: s.env });
    expect(r.code).toBe(2);
    expect(s.sandbox.requests).toEqual([]);
  });

  it('an export synced back plans nothing', async () => {
    seed([{ en: 'bank', fr: 'banque', 'pt-BR': 'banco' }, { en: 'door', de: 'Tür' }]);
    const exported = join(dir, 'export.csv');
    expect((await runCli(['glossary', 'export', '-f', exported], { env: s.env })).code).toBe(0);
    const mark = s.sandbox.requests.length;
    const r = await runCli(['glossary', 'sync', exported, '--prune', '--dry-run', '--exit-code'], { env: s.env });
    expect(r.code).toBe(0);
    expect(mutating(mark)).toEqual([]);
  });

  it('a delete of an entry someone else deleted first is not a failure', async () => {
    const [, gone] = seed([{ en: 'bank' }, { en: 'old' }]);
    s.sandbox.intercept((req) => {
      if (req.method === 'PUT') s.sandbox.store.applyGlossaryOperations('acme', [{ type: 'delete', id: gone as string }], new Date().toISOString());
      s.sandbox.clearIntercepts();
      return undefined;
    });
    const r = await runCli(['glossary', 'sync', file('en\nbank\n'), '--prune', '--yes', '--force', '--json'], { env: s.env });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ deleted: 1, failed: [] });
    expect(Object.values(glossary())).toEqual([{ en: 'bank' }]);
  });

  it('under faults (resets, ambiguous answers, 503) re-runs converge to exactly the file, with no duplicate', async () => {
    await s.sandbox.close();
    s = await sandboxWithEnv({ seed: 'empty', resetRate: 0.15, ambiguousRate: 0.15, failRate: 0.15, faultSeed: 7 });
    seed([{ en: 'stale', fr: 'vieux' }, { en: 'term 1', fr: 'ancien' }]);
    const rows = Array.from({ length: 60 }, (_, i) => `term ${i},terme ${i}`);
    const terms = file(`en,fr\n${rows.join('\n')}\n`);
    let code = -1;
    for (let run = 0; run < 12 && code !== 0; run++) {
      code = (await runCli(['--timeout', '2', 'glossary', 'sync', terms, '--prune', '--yes', '--force', '--batch-size', '10'], { env: s.env })).code;
      expect([0, 1, 6]).toContain(code);
    }
    expect(code).toBe(0);
    expect(sorted(Object.values(glossary()))).toEqual(sorted(Array.from({ length: 60 }, (_, i) => ({ en: `term ${i}`, fr: `terme ${i}` }))));
  });
});

describe('glossary delete', () => {
  it('deletes the named entries; an unknown id is exit 5 naming it, with nothing sent', async () => {
    const [a, b, c] = seed([{ en: 'a' }, { en: 'b' }, { en: 'c' }]);
    const unknown = await runCli(['glossary', 'delete', a as string, 'ge_nope'], { env: s.env });
    expect(unknown.code).toBe(5);
    expect(unknown.stderr).toContain('no glossary entry "ge_nope" in the glossary of acme; nothing was sent');
    expect(mutating()).toEqual([]);
    const dry = await runCli(['glossary', 'delete', a as string, '--dry-run'], { env: s.env });
    expect(dry.code).toBe(0);
    expect(mutating()).toEqual([]);
    const report = join(dir, 'delete.csv');
    const r = await runCli(['glossary', 'delete', a as string, b as string, '--report', report], { env: s.env });
    expect(r.code).toBe(0);
    expect(Object.keys(glossary())).toEqual([c]);
    expect(readFileSync(report, 'utf8')).toContain(`1,a,delete,deleted,${a},204,`);
    // A saved plan of it shows its guards as guards, not as JSON.
    const planPath = join(dir, 'delete-plan.json');
    expect((await runCli(['glossary', 'delete', c as string, '--plan-out', planPath], { env: s.env })).code).toBe(0);
    const md = await runCli(['apply', '--show', planPath, '-o', 'markdown'], { env: s.env });
    expect(md.stdout).toMatch(/^\| deletions\.maxDeletions \| none \|$/m);
    expect(md.stdout).toMatch(/^#### changes \(1\)$/m);
    expect(md.stdout).not.toContain('{');
    expect((await runCli(['apply', '--show', planPath], { env: s.env })).stderr).toContain('deletions.maxDeletions none, deletions.force false');
    // Its summary counts deletions: it inserts, updates and compares nothing.
    expect(r.stderr).toMatch(/^glossary delete: 2 deleted, 0 failed$/m);
    expect(r.stderr).not.toMatch(/inserted|conflict/);
  });

  it('-o markdown counts deletions only, in the plan and in the result', async () => {
    const [a, b] = seed([{ en: 'a' }, { en: 'b' }]);
    const dry = await runCli(['glossary', 'delete', a as string, '--dry-run', '-o', 'markdown'], { env: s.env });
    expect(dry.stdout.split('\n').filter((l) => l.startsWith('#'))).toEqual(['### Plan for the glossary of acme: 1 to delete', '#### Deleted (1)']);
    expect(dry.stdout).toContain(`| 1 | a | \`${a}\` | planned |  |`);
    const done = await runCli(['glossary', 'delete', a as string, b as string, '-o', 'markdown'], { env: s.env });
    expect(done.code).toBe(0);
    expect(done.stdout.split('\n').filter((l) => l.startsWith('#'))).toEqual(['### Result for the glossary of acme: 2 deleted, 0 failed', '#### Deleted (2)']);
    expect(done.stdout).not.toMatch(/insert|update|unchanged|conflict/i);
    expect(glossary()[a as string]).toBeUndefined();
  });
});

describe('glossary sync plans are applied exactly', () => {
  it('--plan-out then apply deletes and updates as reviewed, and a second apply is refused as stale', async () => {
    const [keep, drop] = seed([{ en: 'bank', fr: 'rive' }, { en: 'drop' }]);
    const plan = join(dir, 'sync-plan.json');
    expect((await runCli(['glossary', 'sync', file('en,fr\nbank,banque\n'), '--prune', '--plan-out', plan, '--max-deletions', '1'], { env: s.env })).code).toBe(0);
    expect(mutating()).toEqual([]);
    const applied = await runCli(['apply', plan, '--json'], { env: s.env });
    expect(applied.code).toBe(0);
    // The plan's counts name its deletion too, not only the import-style counts.
    expect(applied.stderr).toMatch(/^0 to insert, 1 to update, 1 to delete, 0 unchanged, 0 conflicts$/m);
    expect(JSON.parse(applied.stdout) as ImportReport).toMatchObject({ updated: 1, deleted: 1 });
    expect(glossary()).toEqual({ [keep as string]: { en: 'bank', fr: 'banque' } });
    expect(glossary()[drop as string]).toBeUndefined();
    expect((await runCli(['apply', plan], { env: s.env })).code).toBe(3);
  });
});

describe('entries that already duplicate each other', () => {
  it('import and sync say so, with the command that cleans them, and that command works', async () => {
    const [a, b] = seed([{ en: 'bank', fr: 'banque' }, { en: 'bank', fr: 'banque' }, { en: 'door', fr: 'porte' }]);
    const terms = file('en,fr\nbank,banque\n');
    const imported = await runCli(['glossary', 'import', terms], { env: s.env });
    expect(imported.code).toBe(0);
    const [first, second] = [a, b].sort();
    const line = imported.stderr.split('\n').find((l) => l.startsWith('warning: 2 entries with the same translations "bank"'));
    expect(line).toBeDefined();
    const command = /teamctl (glossary delete .+)$/.exec(line ?? '')?.[1]?.split(' ') ?? [];
    expect(command.slice(2)).toHaveLength(1);
    const synced = await runCli(['glossary', 'sync', terms, '--dry-run'], { env: s.env });
    expect(synced.stderr).toContain('warning: 2 entries with the same translations "bank"');
    expect((await runCli(command, { env: s.env })).code).toBe(0);
    expect(Object.keys(glossary()).filter((id) => id === first || id === second)).toHaveLength(1);
  });
});
