// glossary list | get | import | export, run as a user would against the sandbox. What is checked
// is the sandbox's state and request log, not the CLI's own words.
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { GlossaryEntry, GlossaryOperation, GlossaryTranslations } from '../../src/api/types.js';
import type { ImportReport } from '../../src/glossary/importView.js';
import type { RequestLogEntry } from '../../src/sandbox/server.js';
import { findAll, parseXml } from '../helpers/xml.js';
import { listDirect, runCli, sandboxWithEnv, type SandboxEnv } from './harness.js';
import { respelled } from '../../src/glossary/serviceLanguages.js';

let s: SandboxEnv;
let dir: string;
let orgs = 0;

beforeAll(async () => {
  s = await sandboxWithEnv();
  dir = mkdtempSync(join(tmpdir(), 'teamctl-glossary-'));
});
afterAll(async () => {
  await s.sandbox.close();
});
afterEach(() => {
  s.sandbox.clearIntercepts();
});

/** A new, empty organization and the environment that points teamctl at it. */
function newOrg(): { org: string; env: Record<string, string> } {
  const org = `org-${++orgs}`;
  s.sandbox.store.createOrganization(org);
  return { org, env: { ...s.env, TEAMCTL_ORG: org } };
}

const glossaryPath = (org: string) => `/v1/orgs/${org}/translations-glossary`;
const entriesOf = (org: string) => s.sandbox.store.glossaryEntries(org);
/** Changes the sandbox's glossary directly (as another admin would); returns the ids of inserts. */
const apply = (org: string, ops: GlossaryOperation[]): string[] => s.sandbox.store.applyGlossaryOperations(org, ops, new Date().toISOString());
/** A translation map as a comparable string. */
const sig = (t: GlossaryTranslations) => JSON.stringify(Object.entries(t).sort(([a], [b]) => (a < b ? -1 : 1)));
const sigs = (ts: GlossaryTranslations[]) => ts.map(sig).sort();
const since = (mark: number) => s.sandbox.requests.slice(mark);
const putsTo = (org: string, log: RequestLogEntry[]) => log.filter((r) => r.method === 'PUT' && r.path === glossaryPath(org));
const operationsOf = (r: RequestLogEntry) => (r.body as { operations: GlossaryOperation[] }).operations;

function writeFile(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

/**
 * 250 rows as a spreadsheet in a `;` locale saves them: BOM, `;`, CRLF, quoted cells holding `;`,
 * empty cells, and one term in decomposed Unicode (NFD).
 */
function bigFile(): { path: string; expected: GlossaryTranslations[] } {
  const rows = Array.from({ length: 250 }, (_, i) => ({
    en: i === 7 ? 'cafe\u0301 7' : `term ${i}`,
    fr: i % 10 === 0 ? `terme; ${i}` : `terme ${i}`,
    de: i % 3 === 0 ? '' : `Begriff ${i}`,
  }));
  const cell = (v: string) => (v.includes(';') ? `"${v}"` : v);
  const text = '\uFEFFen;fr;de\r\n' + rows.map((r) => [r.en, r.fr, r.de].map(cell).join(';')).join('\r\n') + '\r\n';
  const expected = rows.map((r) => {
    const t: GlossaryTranslations = { en: r.en.normalize('NFC'), fr: r.fr };
    if (r.de !== '') t.de = r.de;
    return t;
  });
  return { path: writeFile(`big-${orgs}.csv`, text), expected };
}


describe('glossary import', () => {
  it('imports 250 rows (BOM, ";", CRLF) as exactly 250 entries, in batches of at most 100', async () => {
    const { org, env } = newOrg();
    const { path, expected } = bigFile();
    const mark = s.sandbox.requests.length;
    const r = await runCli(['glossary', 'import', path, '--json'], { env });
    expect(r.code).toBe(0);
    const entries = entriesOf(org);
    expect(entries).toHaveLength(250);
    expect(sigs(entries.map((e) => e.translations))).toEqual(sigs(expected));
    expect(entries.some((e) => e.translations.en === 'caf\u00e9 7')).toBe(true); // stored as NFC
    const log = since(mark);
    const puts = putsTo(org, log);
    expect(puts.map((p) => operationsOf(p).length)).toEqual([100, 100, 50]);
    expect(puts.every((p) => p.status === 204)).toBe(true);
    expect(puts.flatMap(operationsOf).every((op) => op.type === 'insert')).toBe(true);
    // The glossary was read in full before the first PUT.
    expect(log[0]).toMatchObject({ method: 'GET', path: glossaryPath(org) });
    const report = JSON.parse(r.stdout) as ImportReport;
    expect(report).toEqual({ dryRun: false, inserted: 250, updated: 0, present: 0, conflicts: [], failed: [], unknown: [] });

    // Running it again sends nothing and changes nothing.
    const before = entriesOf(org);
    const mark2 = s.sandbox.requests.length;
    const r2 = await runCli(['glossary', 'import', path, '--json'], { env });
    expect(r2.code).toBe(0);
    expect(putsTo(org, since(mark2))).toEqual([]);
    expect(entriesOf(org)).toEqual(before);
    expect(JSON.parse(r2.stdout)).toEqual({ dryRun: false, inserted: 0, updated: 0, present: 250, conflicts: [], failed: [], unknown: [] });
    expect(r2.stderr).toContain('0 inserted, 0 updated, 250 unchanged, 0 conflicts, 0 failed');
  });

  it('same key term, other translations: skipped as conflicts by default, updated in place with --on-conflict update', async () => {
    const { org, env } = newOrg();
    const { path } = bigFile();
    expect((await runCli(['glossary', 'import', path], { env })).code).toBe(0);
    const before = entriesOf(org);
    const idOf = (en: string) => before.find((e) => e.translations.en === en)?.id;
    const changed = writeFile('changed.csv', 'en,fr\nterm 1,mot 1\nterm 2,mot 2\nterm 3,mot 3\nbrand new,tout neuf\n');

    const skip = await runCli(['glossary', 'import', changed, '--json'], { env });
    expect(skip.code).toBe(0);
    const skipReport = JSON.parse(skip.stdout) as ImportReport;
    expect(skipReport.conflicts).toEqual([
      { line: 2, key: 'term 1', existingId: idOf('term 1') },
      { line: 3, key: 'term 2', existingId: idOf('term 2') },
      { line: 4, key: 'term 3', existingId: idOf('term 3') },
    ]);
    expect(skipReport.inserted).toBe(1);
    expect(entriesOf(org)).toHaveLength(251);
    for (const e of before) expect(s.sandbox.store.getGlossaryEntry(org, e.id)?.translations).toEqual(e.translations);

    const mark = s.sandbox.requests.length;
    const update = await runCli(['glossary', 'import', changed, '--on-conflict', 'update', '--json'], { env });
    expect(update.code).toBe(0);
    expect(JSON.parse(update.stdout)).toMatchObject({ inserted: 0, updated: 3, present: 1, conflicts: [], failed: [], unknown: [] });
    const ops = putsTo(org, since(mark)).flatMap(operationsOf);
    expect(ops.map((op) => op.type)).toEqual(['update', 'update', 'update']);
    expect(entriesOf(org)).toHaveLength(251);
    // Updated in place: same ids, the new fr, the other languages kept.
    expect(s.sandbox.store.getGlossaryEntry(org, idOf('term 1') as string)?.translations).toEqual({ en: 'term 1', fr: 'mot 1', de: 'Begriff 1' });
    expect(s.sandbox.store.getGlossaryEntry(org, idOf('term 3') as string)?.translations).toEqual({ en: 'term 3', fr: 'mot 3' });

    const insert = await runCli(['glossary', 'import', path, '--on-conflict', 'insert', '--json'], { env });
    expect(insert.code).toBe(0);
    // The three changed terms are inserted again as new entries beside the updated ones.
    expect(JSON.parse(insert.stdout)).toMatchObject({ inserted: 3, present: 247 });
    expect(entriesOf(org).filter((e) => e.translations.en === 'term 1')).toHaveLength(2);
  });

  it('--dry-run sends no PUT and reports what would happen', async () => {
    const { org, env } = newOrg();
    const { path } = bigFile();
    const mark = s.sandbox.requests.length;
    const r = await runCli(['glossary', 'import', path, '--dry-run', '--json'], { env });
    expect(r.code).toBe(0);
    expect(since(mark).filter((q) => q.method !== 'GET')).toEqual([]);
    expect(entriesOf(org)).toEqual([]);
    expect(JSON.parse(r.stdout)).toEqual({ dryRun: true, inserted: 250, updated: 0, present: 0, conflicts: [], failed: [], unknown: [] });
    expect(r.stderr).toMatch(/^ {2}\+ insert {2}line 2: en=term 0, fr=terme; 0$/m);
    expect(r.stderr).toContain('nothing was sent');
  });

  it('an invalid file: exit 2, every problem listed, nothing sent at all', async () => {
    const { env } = newOrg();
    const bad = writeFile('bad.csv', `en,colour,fr\nbank,,banque\ndoor,,${'x'.repeat(256)}\nwall,,mur,extra\n`);
    const mark = s.sandbox.requests.length;
    const r = await runCli(['glossary', 'import', bad], { env });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('bad.csv:1: column 2 "colour" is no language ICU knows');
    expect(r.stderr).toContain('bad.csv:3: "fr" translation is 256 characters long');
    expect(r.stderr).toContain('bad.csv:4: row has 4 cells but the header has 3');
    expect(since(mark)).toEqual([]);
  });

  it('a file past 100,000 entries: exit 2 on the line of the first past them, and nothing sent', async () => {
    const { org, env } = newOrg();
    apply(org, [{ type: 'insert', translations: { en: 'bank', fr: 'banque' } }]);
    const rows = Array.from({ length: 100_001 }, (_, i) => `term ${i},terme ${i}`);
    const big = writeFile('past-the-bound.csv', `en,fr\n${rows.join('\n')}\n`);
    const mark = s.sandbox.requests.length;
    const r = await runCli(['glossary', 'sync', big, '--prune', '--yes'], { env });
    expect(r.code).toBe(2);
    expect(since(mark)).toEqual([]);
    expect(entriesOf(org).map((e) => e.translations)).toEqual([{ en: 'bank', fr: 'banque' }]);
    expect(r.stderr).toContain('past-the-bound.csv:100002: a glossary file holds at most 100,000 entries');
  });

  it('a batch the service applied but whose answer was lost: no duplicate, nothing missing', async () => {
    const { org, env } = newOrg();
    const { path, expected } = bigFile();
    let intercepted = false;
    s.sandbox.intercept((req) => {
      if (intercepted || req.method !== 'PUT' || req.path !== glossaryPath(org)) return undefined;
      intercepted = true;
      return { kind: 'applyThenReset' };
    });
    const mark = s.sandbox.requests.length;
    const r = await runCli(['glossary', 'import', path, '--json'], { env });
    expect(r.code).toBe(0);
    const entries = entriesOf(org);
    expect(entries).toHaveLength(250);
    expect(sigs(entries.map((e) => e.translations))).toEqual(sigs(expected));
    const log = since(mark);
    const puts = putsTo(org, log);
    expect(puts[0]).toMatchObject({ status: 0, fault: 'intercept:applyThenReset', appliedStatus: 204 });
    // The first batch was not sent again: 250 operations in all, each term once.
    expect(puts.map((p) => operationsOf(p).length)).toEqual([100, 100, 50]);
    const sent = puts.flatMap(operationsOf).map((op) => (op.type === 'insert' ? op.translations.en : ''));
    expect(new Set(sent).size).toBe(250);
    // Between the lost answer and the next batch, the glossary was listed to see what landed.
    const firstPut = log.indexOf(puts[0] as RequestLogEntry);
    expect(log[firstPut + 1]).toMatchObject({ method: 'GET', path: glossaryPath(org) });
    expect(JSON.parse(r.stdout)).toMatchObject({ inserted: 250, failed: [] });
    expect(r.stderr).toContain('100 of 100 had landed');
  });

  it('a 502 that applied nothing: checked, held back (the service may still apply it), the later batches sent, exit 6; a re-run finishes without a duplicate', async () => {
    const { org, env } = newOrg();
    const { path, expected } = bigFile();
    let intercepted = false;
    s.sandbox.intercept((req) => {
      if (intercepted || req.method !== 'PUT' || req.path !== glossaryPath(org)) return undefined;
      intercepted = true;
      return { kind: 'respond', status: 502, body: '<html><body><h1>502 Bad Gateway</h1></body></html>' };
    });
    const mark = s.sandbox.requests.length;
    const r = await runCli(['glossary', 'import', path, '--json'], { env });
    expect(r.code).toBe(6);
    expect(entriesOf(org)).toHaveLength(150);
    expect(putsTo(org, since(mark)).map((p) => [p.status, operationsOf(p).length])).toEqual([[502, 100], [204, 100], [204, 50]]);
    const report = JSON.parse(r.stdout) as ImportReport;
    // Unknown, never failed (`teamctl help reliability`).
    expect(report.failed).toEqual([]);
    expect(report.unknown).toHaveLength(100);
    expect(report.unknown[0]?.message).toMatch(/^outcome unknown: the service answered 502 \(HTTP 502: 502 Bad Gateway\); the service may still apply it, so it was not re-sent \(that could duplicate it\) — held back until /);
    expect(r.stderr).toMatch(/^error: 100 of 250 operations of unknown outcome \(sent, the answer lost: the service may have applied them\); 150 applied$/m);

    const again = await runCli(['glossary', 'import', path], { env });
    expect(again.code).toBe(0);
    expect(sigs(entriesOf(org).map((e) => e.translations))).toEqual(sigs(expected));
  });

  it('a 413 halves the batch until the service takes it', async () => {
    const { org, env } = newOrg();
    const { path } = bigFile();
    s.sandbox.intercept((req) => {
      const ops = (req.body as { operations?: unknown[] } | undefined)?.operations;
      if (req.method === 'PUT' && Array.isArray(ops) && ops.length > 40) return { kind: 'respond', status: 413, body: { error: { code: 413, message: 'too large' } } };
      return undefined;
    });
    const mark = s.sandbox.requests.length;
    const r = await runCli(['glossary', 'import', path, '--batch-size', '100'], { env });
    expect(r.code).toBe(0);
    expect(entriesOf(org)).toHaveLength(250);
    const applied = putsTo(org, since(mark)).filter((p) => p.status === 204);
    expect(applied.map((p) => operationsOf(p).length)).toEqual([25, 25, 25, 25, 25, 25, 25, 25, 25, 25]);
  });

  it('an operation the service rejects fails alone (exit 6); the rest of its batch lands', async () => {
    const { org, env } = newOrg();
    const ids = apply(org, [
      { type: 'insert', translations: { en: 'bank', fr: 'rive' } },
      { type: 'insert', translations: { en: 'door', fr: 'porte' } },
    ]);
    const [bankId, doorId] = ids as [string, string];
    const file = writeFile('race.csv', `id,en,fr\n${bankId},bank,banque\n${doorId},door,portail\n,wall,mur\n`);
    // Someone deletes the bank entry between teamctl's read and its PUT.
    let deleted = false;
    s.sandbox.intercept((req) => {
      if (!deleted && req.method === 'PUT' && req.path === glossaryPath(org)) {
        deleted = true;
        apply(org, [{ type: 'delete', id: bankId }]);
      }
      return undefined;
    });
    const r = await runCli(['glossary', 'import', file, '--json'], { env });
    expect(r.code).toBe(6);
    const report = JSON.parse(r.stdout) as ImportReport;
    expect(report.failed).toEqual([{ line: 2, status: 400, message: `no glossary entry with id "${bankId}"` }]);
    expect(report).toMatchObject({ inserted: 1, updated: 1 });
    expect(sigs(entriesOf(org).map((e) => e.translations))).toEqual(sigs([{ en: 'door', fr: 'portail' }, { en: 'wall', fr: 'mur' }]));
    expect(s.sandbox.store.getGlossaryEntry(org, doorId)?.translations).toEqual({ en: 'door', fr: 'portail' });
    expect(r.stderr).toMatch(/^error: 1 of 3 operations failed; 2 applied$/m);
  });

  it('--report neutralises cells a spreadsheet would run as formulas, as --excel does; the service and -o csv get the raw values', async () => {
    const { org, env } = newOrg();
    const file = writeFile('formulas.csv', 'en,fr\n=1+1,un\n-minus,moins\n@SUM(A1),somme\n+plus,plus\nplain,simple\n');
    const reportPath = join(dir, 'formulas-report.csv');
    const r = await runCli(['glossary', 'import', file, '--report', reportPath], { env });
    expect(r.code).toBe(0);
    expect(sigs(entriesOf(org).map((e) => e.translations))).toEqual(
      sigs([{ en: '=1+1', fr: 'un' }, { en: '-minus', fr: 'moins' }, { en: '@SUM(A1)', fr: 'somme' }, { en: '+plus', fr: 'plus' }, { en: 'plain', fr: 'simple' }]),
    );
    const keys = readFileSync(reportPath, 'utf8').trim().split('\n').slice(1).map((l) => l.split(',')[1]);
    expect(keys).toEqual(["'=1+1", "'-minus", "'@SUM(A1)", "'+plus", 'plain']);
    const listed = await runCli(['glossary', 'list', '-o', 'csv'], { env });
    expect(listed.code).toBe(0);
    expect(listed.stdout.trim().split('\n').slice(1).map((l) => l.split(',')[1]).sort()).toEqual(['+plus', '-minus', '=1+1', '@SUM(A1)', 'plain']);
  });

  it('a service that answers 204 and applies nothing: the final listing finds the inserts missing, so they count as failed, not inserted (exit 1)', async () => {
    const { org, env } = newOrg();
    const file = writeFile('lying-204.csv', 'en,fr\nbank,banque\ndoor,porte\nwall,mur\n');
    s.sandbox.intercept((req) => (req.method === 'PUT' && req.path === glossaryPath(org) ? { kind: 'respond', status: 204 } : undefined));
    const mark = s.sandbox.requests.length;
    const reportPath = join(dir, 'lying-204.csv.report');
    const r = await runCli(['glossary', 'import', file, '--json', '--report', reportPath], { env });
    expect(entriesOf(org)).toEqual([]);
    const log = since(mark);
    expect(putsTo(org, log).map((p) => [p.status, p.fault, operationsOf(p).length])).toEqual([[204, 'intercept:respond', 3]]);
    // The PUT, then the final listing that verifies it.
    expect(log.at(-1)).toMatchObject({ method: 'GET', path: glossaryPath(org) });
    const report = JSON.parse(r.stdout) as ImportReport;
    expect(report).toMatchObject({ inserted: 0, updated: 0 });
    expect(report.failed.map((f) => [f.line, f.status])).toEqual([[2, null], [3, null], [4, null]]);
    expect(report.failed[0]?.message).toMatch(/^the insert was confirmed but is not in the glossary listed after the run/);
    expect(r.stderr).toMatch(/^glossary import: 0 inserted, 0 updated, 0 unchanged, 0 conflicts, 3 failed$/m);
    expect(r.stderr).not.toMatch(/[1-9]\d* inserted/);
    expect(r.stderr).toMatch(/^error: none of the 3 operations was applied: 3 confirmed but missing from the glossary/m);
    expect(readFileSync(reportPath, 'utf8').split('\n').filter((l) => /,insert,/.test(l)).map((l) => l.split(',')[3])).toEqual(['failed', 'failed', 'failed']);
    expect(r.code).toBe(1);
  });
});

describe('glossary import: exactly one confirmed operation missing from the final listing', () => {
  it('the only insert, confirmed by a 204 that applied nothing: failed, not inserted (exit 1)', async () => {
    const { org, env } = newOrg();
    const file = writeFile('lying-204-one.csv', 'en,fr\nbank,banque\n');
    s.sandbox.intercept((req) => (req.method === 'PUT' && req.path === glossaryPath(org) ? { kind: 'respond', status: 204 } : undefined));
    const reportPath = join(dir, 'lying-204-one.csv.report');
    const r = await runCli(['glossary', 'import', file, '--json', '--report', reportPath], { env });
    expect(entriesOf(org)).toEqual([]);
    const report = JSON.parse(r.stdout) as ImportReport;
    expect(report).toMatchObject({ inserted: 0, updated: 0 });
    expect(report.failed.map((f) => [f.line, f.status])).toEqual([[2, null]]);
    expect(report.failed[0]?.message).toMatch(/^the insert was confirmed but is not in the glossary listed after the run/);
    expect(readFileSync(reportPath, 'utf8').split('\n').filter((l) => /,insert,/.test(l)).map((l) => l.split(',')[3])).toEqual(['failed']);
    expect(r.stderr).toMatch(/^glossary import: 0 inserted, 0 updated, 0 unchanged, 0 conflicts, 1 failed$/m);
    expect(r.code).toBe(1);
  });

  it('one of three inserts deleted by someone else before the final listing: that line failed, the two others inserted (exit 6)', async () => {
    const { org, env } = newOrg();
    const file = writeFile('one-undone.csv', 'en,fr\nbank,banque\ndoor,porte\nwall,mur\n');
    let put = false;
    let meddled = false;
    s.sandbox.intercept((req) => {
      if (req.method === 'PUT' && req.path === glossaryPath(org)) put = true;
      else if (req.method === 'GET' && put && !meddled && req.path === glossaryPath(org)) {
        meddled = true;
        const door = entriesOf(org).find((e) => e.translations.en === 'door') as GlossaryEntry;
        apply(org, [{ type: 'delete', id: door.id }]);
      }
      return undefined;
    });
    const reportPath = join(dir, 'one-undone.csv.report');
    const r = await runCli(['glossary', 'import', file, '--json', '--report', reportPath], { env });
    expect(meddled).toBe(true);
    expect(entriesOf(org).map((e) => e.translations.en).sort()).toEqual(['bank', 'wall']);
    const report = JSON.parse(r.stdout) as ImportReport;
    expect(report).toMatchObject({ inserted: 2, updated: 0 });
    expect(report.failed.map((f) => [f.line, f.status])).toEqual([[3, null]]);
    expect(report.failed[0]?.message).toMatch(/^the insert was confirmed but is not in the glossary listed after the run/);
    expect(readFileSync(reportPath, 'utf8').split('\n').filter((l) => /,insert,/.test(l)).map((l) => l.split(',').slice(0, 4).join(','))).toEqual([
      '2,bank,insert,inserted',
      '3,door,insert,failed',
      '4,wall,insert,inserted',
    ]);
    expect(r.code).toBe(6);
  });
});

describe('glossary import: failures, timeouts, encodings', () => {
  it('a gateway that answers 502 to every PUT: one PUT per batch, nothing re-sent, exit 6 naming what is unknown', async () => {
    const { org, env } = newOrg();
    const { path } = bigFile();
    s.sandbox.intercept((req) =>
      req.method === 'PUT' && req.path === glossaryPath(org) ? { kind: 'respond', status: 502, body: '<html><body><h1>502 Bad Gateway</h1></body></html>' } : undefined,
    );
    const mark = s.sandbox.requests.length;
    const r = await runCli(['--timeout', '0.5', 'glossary', 'import', path, '--json', '--report', join(dir, 'gateway.csv')], { env });
    expect(r.code).toBe(6);
    expect(entriesOf(org)).toEqual([]);
    expect(putsTo(org, since(mark)).map((p) => operationsOf(p).length)).toEqual([100, 100, 50]);
    const report = JSON.parse(r.stdout) as ImportReport;
    expect(report).toMatchObject({ inserted: 0, updated: 0 });
    expect(report.failed).toEqual([]);
    expect(report.unknown.map((f) => f.status)).toEqual(Array(250).fill(502));
    const csv = readFileSync(join(dir, 'gateway.csv'), 'utf8').trim().split('\n');
    expect(csv).toHaveLength(251);
    expect(csv[1]).toMatch(/^2,term 0,insert,unknown,,502,"outcome unknown: /);
    expect(r.stderr).not.toContain('without an answer');
  });

  it('every operation rejected: nothing applied → exit 1, not 6', async () => {
    const { org, env } = newOrg();
    const ids = apply(org, [
      { type: 'insert', translations: { en: 'bank', fr: 'rive' } },
      { type: 'insert', translations: { en: 'door', fr: 'porte' } },
    ]) as [string, string];
    const file = writeFile('all-rejected.csv', `id,en,fr\n${ids[0]},bank,banque\n${ids[1]},door,portail\n`);
    // Someone deletes both entries between teamctl's read and its PUT.
    s.sandbox.intercept((req) => {
      if (req.method === 'PUT' && req.path === glossaryPath(org) && entriesOf(org).length > 0) {
        apply(org, ids.map((id) => ({ type: 'delete' as const, id })));
      }
      return undefined;
    });
    const r = await runCli(['glossary', 'import', file, '--json'], { env });
    expect(r.code).toBe(1);
    expect((JSON.parse(r.stdout) as ImportReport).failed.map((f) => [f.line, f.status])).toEqual([
      [2, 400],
      [3, 400],
    ]);
    expect(r.stderr).toMatch(/^error: none of the 2 operations was applied: 2 rejected \(400\) — see the lines above$/m);
  });

  it('a gateway timeout (504) for a batch the service applies while teamctl waits: waited out, not sent again, no duplicate', async () => {
    const { org, env } = newOrg();
    const { path, expected } = bigFile();
    let intercepted = false;
    let late: GlossaryOperation[] | undefined;
    s.sandbox.intercept((req) => {
      if (intercepted || req.method !== 'PUT' || req.path !== glossaryPath(org)) return undefined;
      intercepted = true;
      late = (req.body as { operations: GlossaryOperation[] }).operations;
      return { kind: 'respond', status: 504, body: { error: { code: 504, message: 'upstream timed out' } } };
    });
    // teamctl's wait before it lists the glossary is where the service catches up (an injected clock).
    const sleep = async (): Promise<void> => {
      if (late) apply(org, late);
      late = undefined;
    };
    const mark = s.sandbox.requests.length;
    // --timeout 1.5: the check waits 1.5 s + 0.15 s (before the fix: 0.5 s, and the batch was doubled).
    const r = await runCli(['--timeout', '1.5', 'glossary', 'import', path, '--json'], { env, sleep });
    expect(r.code, r.stderr).toBe(0);
    expect(sigs(entriesOf(org).map((e) => e.translations))).toEqual(sigs(expected));
    expect(putsTo(org, since(mark)).map((p) => [p.status, operationsOf(p).length])).toEqual([
      [504, 100],
      [204, 100],
      [204, 50],
    ]);
    expect(r.stderr).toContain('the service may still be working on it: waiting 2s before listing the glossary');
    expect(r.stderr).toContain('100 of 100 had landed');
  });

  it('a batch the service holds past --timeout 0.5 s: not re-sent; what had not landed is held back, the next batch goes on (exit 6); it lands later without a duplicate; a re-run finishes', async () => {
    const { org, env } = newOrg();
    const rows = Array.from({ length: 6 }, (_, i) => ({ en: `slow ${i}`, fr: `lent ${i}` }));
    const file = writeFile('slow.csv', 'en,fr\n' + rows.map((r) => `${r.en},${r.fr}`).join('\n') + '\n');
    // The second PUT is held by the service (as a proxy or a busy backend might) until teamctl has
    // exited: teamctl times out after 0.5 s, waits, lists the glossary (nothing yet), holds it back
    // and sends the last batch. The service applies the request all the same, after teamctl has exited.
    let puts = 0;
    let letGo!: () => void;
    const exited = new Promise<void>((resolve) => (letGo = resolve));
    s.sandbox.intercept((req) => (req.method === 'PUT' && req.path === glossaryPath(org) && ++puts === 2 ? { kind: 'hold', until: exited } : undefined));
    const mark = s.sandbox.requests.length;
    const r = await runCli(['--timeout', '0.5', 'glossary', 'import', file, '--batch-size', '2', '--json'], { env });
    expect(r.code).toBe(6);
    const report = JSON.parse(r.stdout) as ImportReport;
    expect(report).toMatchObject({ inserted: 4, updated: 0, present: 0 });
    expect(report.failed).toEqual([]);
    expect(report.unknown.map((f) => [f.line, f.status])).toEqual([
      [4, null],
      [5, null],
    ]);
    expect(report.unknown[0]?.message).toMatch(
      /^outcome unknown: no answer \(timed out after 0\.5s\); the service may still apply it, so it was not re-sent \(that could duplicate it\) — held back until \S+: a run after that sends it if it is still missing/,
    );
    expect(r.stderr).toMatch(/^error: 2 of 6 operations of unknown outcome \(sent, the answer lost: the service may have applied them\); 4 applied$/m);
    // Each batch sent once: the held one never again.
    const sent = putsTo(org, since(mark));
    expect(sent.map((p) => operationsOf(p).map((op) => (op.type === 'insert' ? op.translations.en : '')))).toEqual([
      ['slow 0', 'slow 1'],
      ['slow 2', 'slow 3'],
      ['slow 4', 'slow 5'],
    ]);
    // The service applies the held batch once let go: six entries, no duplicate.
    letGo();
    await vi.waitFor(() => expect(sent[1]).toMatchObject({ status: 0, clientGone: true, appliedStatus: 204 }));
    expect(sigs(entriesOf(org).map((e) => e.translations))).toEqual(sigs(rows));

    // Run again (the service is fast again): everything is present.
    s.sandbox.clearIntercepts();
    const again = await runCli(['--timeout', '0.5', 'glossary', 'import', file, '--batch-size', '2', '--json'], { env });
    expect(again.code).toBe(0);
    expect(JSON.parse(again.stdout)).toEqual({ dryRun: false, inserted: 0, updated: 0, present: 6, conflicts: [], failed: [], unknown: [] });
    expect(sigs(entriesOf(org).map((e) => e.translations))).toEqual(sigs(rows));
  }, 20_000);

  it('a 502 whose batch the service processes later, before the final listing: not re-sent, so it lands once and counts as applied (exit 0)', async () => {
    const { org, env } = newOrg();
    const file = writeFile('late.csv', 'en,fr\n' + Array.from({ length: 10 }, (_, i) => `late ${i},tard ${i}`).join('\n') + '\n');
    let original: GlossaryOperation[] | undefined;
    let listings = 0;
    s.sandbox.intercept((req) => {
      if (req.path !== glossaryPath(org)) return undefined;
      if (req.method === 'PUT') {
        // A gateway answers 502 while the backend still holds the request.
        original = (req.body as { operations: GlossaryOperation[] }).operations;
        return { kind: 'respond', status: 502, body: { error: { code: 502, message: 'bad gateway' } } };
      }
      // The plan's listing, two check listings (nothing there), then the backend processes the
      // batch before the final listing.
      if (original !== undefined && ++listings === 3) apply(org, original);
      return undefined;
    });
    const r = await runCli(['--timeout', '0.5', 'glossary', 'import', file, '--json'], { env });
    expect(r.code).toBe(0);
    expect(putsTo(org, s.sandbox.requests)).toHaveLength(1);
    expect(sigs(entriesOf(org).map((e) => e.translations))).toEqual(sigs(Array.from({ length: 10 }, (_, i) => ({ en: `late ${i}`, fr: `tard ${i}` }))));
    const report = JSON.parse(r.stdout) as ImportReport;
    expect(report).toMatchObject({ inserted: 10, failed: [] });
    expect(r.stderr).toContain('10 operations reported failed above landed after all');
  });

  it('a file that is not UTF-8: exit 2 naming the line of the first bad byte; nothing sent', async () => {
    const { env } = newOrg();
    const path = join(dir, 'latin1.csv');
    writeFileSync(path, Buffer.from('en,fr\nbank,banque\ncoffee,caf\xe9\n', 'latin1'));
    const mark = s.sandbox.requests.length;
    const r = await runCli(['glossary', 'import', path], { env });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`error: ${path}:3: not valid UTF-8 (byte 0xE9 on this line`);
    expect(r.stderr).toContain('save the file as UTF-8');
    expect(since(mark)).toEqual([]);
  });
});

describe('glossary export → import of what the CSV format can and cannot carry', () => {
  it('255 emoji, U+2028, an `id` key, a non-language key, `en`/`EN`: CSV leaves out what it cannot carry (one warning) and imports back', async () => {
    const { org, env } = newOrg();
    apply(org, [
      { type: 'insert', translations: { en: '😀'.repeat(255), fr: 'émoji' } },
      { type: 'insert', translations: { en: 'line\u2028separator', fr: 'séparateur' } },
      { type: 'insert', translations: { en: 'bank', id: 'bank (Indonesian)', 'English name': 'Bank' } },
      { type: 'insert', translations: { id: 'pintu' } },
      { type: 'insert', translations: { EN: 'door', fr: 'porte' } },
      { type: 'insert', translations: { en: 'roof', EN: 'Roof' } },
    ]);
    const exported = await runCli(['glossary', 'export'], { env });
    expect(exported.code).toBe(0);
    const warnings = exported.stderr.split('\n').filter((l) => l.startsWith('warning:'));
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toBe(
      'warning: glossary export: left out 2 translation keys the CSV import format cannot carry (`id` is the id column; the others are not language keys like en or pt-BR): ' +
        '"English name" (1 entry), "id" (2 entries); 1 entry with nothing else is not in the file; use --format json or tbx to export them',
    );
    expect(warnings[1]).toMatch(/^warning: glossary export: 1 entry has one language under keys differing only in case, with different translations: \S+ \((en ≠ EN|EN ≠ en)\)/);
    const header = exported.stdout.split('\n')[0] as string;
    expect(header).toMatch(/^id,(en|EN),fr$/);

    // Into an empty organization: every row imports (nothing too long, no "line break").
    const target = newOrg();
    const file = writeFile('odd-keys.csv', exported.stdout);
    const r = await runCli(['glossary', 'import', file, '--json'], { env: target.env });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ inserted: 5, failed: [] });
    // Whichever spelling the header took (entries come in the sandbox's id order), the import
    // writes the translation feature's `en` (`teamctl help glossary-files`, "Keys the translation feature reads").
    // (roof/Roof: the first in the entry's own key order, the value an import compares with.)
    expect(entriesOf(target.org).map((e) => e.translations.en).sort()).toEqual(['roof', 'bank', 'door', 'line\u2028separator', '😀'.repeat(255)].sort());
    // And into the same organization: nothing to do.
    const again = await runCli(['glossary', 'import', file, '--json'], { env });
    expect(again.code).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ inserted: 0, updated: 0, present: 5 });

    // json carries every key unchanged; list gives the keys CSV cannot carry unambiguous headers.
    const json = JSON.parse((await runCli(['glossary', 'export', '--format', 'json'], { env })).stdout) as GlossaryEntry[];
    expect(json.some((e) => e.translations.id === 'pintu')).toBe(true);
    const list = await runCli(['glossary', 'list', '-o', 'csv'], { env });
    expect(list.stdout.split('\n')[0]).toMatch(/^id,(en|EN),fr,lang:English name,lang:id,updatedAt$/);
  });

  it('--excel and plain round trips: the apostrophes the exports add are removed again on import; a real leading apostrophe stays', async () => {
    const { org, env } = newOrg();
    const terms = [
      { en: '=SUM(A1:A2)', fr: '+33 1 23', de: '-minus', es: '@handle' },
      { en: "'-s form", fr: "'=quoted", de: "''@twice", es: "'plain" },
    ];
    apply(org, terms.map((translations) => ({ type: 'insert' as const, translations })));
    for (const flags of [['--excel'], []]) {
      const exported = await runCli(['glossary', 'export', ...flags], { env });
      expect(exported.code).toBe(0);
      const file = writeFile(`round-trip${flags.join('')}.csv`, exported.stdout);
      const same = await runCli(['glossary', 'import', file, '--json'], { env });
      expect(same.code).toBe(0);
      expect(JSON.parse(same.stdout)).toMatchObject({ inserted: 0, updated: 0, present: 2 });
      expect(same.stderr).not.toContain('warning');
      const target = newOrg();
      expect((await runCli(['glossary', 'import', file], { env: target.env })).code).toBe(0);
      expect(sigs(entriesOf(target.org).map((e) => e.translations))).toEqual(sigs(terms));
    }
  });
});

describe('glossary export', () => {
  const acme = () => entriesOf('acme');

  it('csv round trip: export → strip id → import into an empty org recreates it; export → edit → import updates in place', async () => {
    const exported = await runCli(['glossary', 'export'], { env: s.env });
    expect(exported.code).toBe(0);
    const lines = exported.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe('id,en,de,es,fr,ja,pt-BR');
    expect(lines).toHaveLength(acme().length + 1);

    // Into an empty organization, without the id column.
    const { org, env } = newOrg();
    const withoutId = writeFile('no-id.csv', lines.map((l) => l.slice(l.indexOf(',') + 1)).join('\n') + '\n');
    expect((await runCli(['glossary', 'import', withoutId], { env })).code).toBe(0);
    // (Written with the keys the translation feature reads: pt-BR as pt-br.)
    expect(sigs(entriesOf(org).map((e) => e.translations))).toEqual(sigs(acme().map((e) => respelled(e.translations))));

    // The export with ids, imported again into either organization, sends nothing.
    const withId = writeFile('with-id.csv', exported.stdout);
    for (const target of [s.env, env]) {
      const mark = s.sandbox.requests.length;
      const r = await runCli(['glossary', 'import', withId, '--json'], { env: target });
      expect(r.code).toBe(0);
      expect(JSON.parse(r.stdout)).toMatchObject({ inserted: 0, updated: 0, present: acme().length });
      expect(since(mark).filter((q) => q.method === 'PUT')).toEqual([]);
    }

    // Edit one cell of the new organization's export: that entry is updated in place.
    const second = await runCli(['glossary', 'export'], { env });
    const target = entriesOf(org).find((e) => e.translations.fr === 'Tableau de bord') as { id: string };
    const edited = writeFile('edited.csv', second.stdout.replace('Tableau de bord', 'Tableau de pilotage'));
    const r = await runCli(['glossary', 'import', edited, '--json'], { env });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ inserted: 0, updated: 1 });
    expect(entriesOf(org)).toHaveLength(acme().length);
    expect(s.sandbox.store.getGlossaryEntry(org, target.id)?.translations.fr).toBe('Tableau de pilotage');
  });

  it('TBX-Basic parses as XML with one conceptEntry per entry', async () => {
    const r = await runCli(['glossary', 'export', '--format', 'tbx'], { env: s.env });
    expect(r.code).toBe(0);
    const tbx = parseXml(r.stdout);
    expect(tbx.name).toBe('tbx');
    expect(tbx.attributes).toMatchObject({ type: 'TBX-Basic', xmlns: 'urn:iso:std:iso:30042:ed-2' });
    const concepts = findAll(tbx, 'conceptEntry');
    expect(concepts).toHaveLength(acme().length);
    const fromTbx = concepts.map((c) =>
      Object.fromEntries(findAll(c, 'langSec').map((l) => [l.attributes['xml:lang'], findAll(l, 'term')[0]?.text])),
    ) as GlossaryTranslations[];
    expect(sigs(fromTbx)).toEqual(sigs(acme().map((e) => e.translations)));
  });

  it('json and ndjson are the entries unchanged; --lang keeps only those languages', async () => {
    const reference = await listDirect<GlossaryEntry>(s.sandbox, glossaryPath('acme').slice(3));
    const json = await runCli(['glossary', 'export', '--format', 'json'], { env: s.env });
    expect(JSON.parse(json.stdout)).toEqual(reference);
    const ndjson = await runCli(['glossary', 'export', '--format', 'ndjson', '--lang', 'ja'], { env: s.env });
    const lines = ndjson.stdout.trimEnd().split('\n').map((l) => JSON.parse(l) as GlossaryEntry);
    const withJa = reference.filter((e) => e.translations.ja !== undefined);
    expect(lines).toEqual(withJa.map((e) => ({ ...e, translations: { ja: e.translations.ja } })));
  });

  it('--excel: BOM, CRLF, formula cells neutralised; only for csv', async () => {
    const { org, env } = newOrg();
    apply(org, [{ type: 'insert', translations: { en: '=SUM(A1:A2)', fr: '+33 1 23', de: '-minus', es: '@handle' } }]);
    const r = await runCli(['glossary', 'export', '--excel'], { env });
    expect(r.code).toBe(0);
    const id = entriesOf(org)[0]?.id as string;
    expect(r.stdout).toBe(`\uFEFFid,en,de,es,fr\r\n${id},'=SUM(A1:A2),'-minus,'@handle,'+33 1 23\r\n`);
    const plain = await runCli(['glossary', 'export'], { env });
    expect(plain.stdout).toBe(`id,en,de,es,fr\n${id},=SUM(A1:A2),-minus,@handle,+33 1 23\n`);
    const tbx = await runCli(['glossary', 'export', '--excel', '--format', 'tbx'], { env });
    expect(tbx.code).toBe(2);
    expect(tbx.stdout).toBe('');
  });

  it('-f writes the file atomically: complete on success, the old one untouched on failure', async () => {
    const out = mkdtempSync(join(dir, 'out-'));
    const file = join(out, 'glossary.csv');
    writeFileSync(file, 'old content\n');
    const r = await runCli(['glossary', 'export', '-f', file], { env: s.env });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    const stdout = await runCli(['glossary', 'export'], { env: s.env });
    expect(readFileSync(file, 'utf8')).toBe(stdout.stdout);
    expect(readdirSync(out)).toEqual(['glossary.csv']);

    const failed = await runCli(['glossary', 'export', '--format', 'tbx', '-f', file], { env: { ...s.env, TEAMCTL_TOKEN: 'wrong-token-0000' } });
    expect(failed.code).toBe(4);
    expect(readFileSync(file, 'utf8')).toBe(stdout.stdout);
    expect(readdirSync(out)).toEqual(['glossary.csv']);

    const missing = await runCli(['glossary', 'export', '-f', join(out, 'no', 'such', 'dir.csv')], { env: s.env });
    expect(missing.code).toBe(2);
  });
});

describe('glossary list and get', () => {
  it('--json is the entries unchanged, across pages; ndjson streams with --page-size', async () => {
    const reference = await listDirect<GlossaryEntry>(s.sandbox, '/orgs/acme/translations-glossary');
    const json = await runCli(['glossary', 'list', '--json'], { env: s.env });
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual(reference);
    const mark = s.sandbox.requests.length;
    const ndjson = await runCli(['glossary', 'list', '-o', 'ndjson', '--page-size', '3'], { env: s.env });
    expect(ndjson.stdout.trimEnd().split('\n').map((l) => JSON.parse(l) as unknown)).toEqual(reference);
    expect(since(mark).map((q) => q.query.limit)).toEqual(['3', '3', '3', '3']);
  });

  it('tsv has id, every language present, updatedAt; --lang picks columns in the order given', async () => {
    const reference = await listDirect<GlossaryEntry>(s.sandbox, '/orgs/acme/translations-glossary');
    const tsv = await runCli(['glossary', 'list'], { env: s.env });
    const lines = tsv.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe('id\ten\tde\tes\tfr\tja\tpt-BR\tupdatedAt');
    expect(lines.slice(1)).toEqual(
      reference.map((e) => [e.id, ...['en', 'de', 'es', 'fr', 'ja', 'pt-BR'].map((l) => e.translations[l] ?? ''), e.updatedAt].join('\t')),
    );
    const csv = await runCli(['glossary', 'list', '--lang', 'pt-br,fr', '-o', 'csv'], { env: s.env });
    expect(csv.stdout.split('\n')[0]).toBe('id,pt-br,fr,updatedAt');
    const dashboard = reference.find((e) => e.translations.en === 'Dashboard') as GlossaryEntry;
    expect(csv.stdout).toContain(`${dashboard.id},Painel,Tableau de bord,${dashboard.updatedAt}\n`);
  });

  it('refuses a bad --lang with exit 2, sending nothing', async () => {
    const mark = s.sandbox.requests.length;
    const r = await runCli(['glossary', 'list', '--lang', 'en,not a code'], { env: s.env });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^error: --lang: "not a code" is not a language key/);
    expect(since(mark)).toEqual([]);
  });

  it('get shows one entry; an unknown id exits 5', async () => {
    const entry = acmeEntry('Invoice');
    const tsv = await runCli(['glossary', 'get', entry.id], { env: s.env });
    expect(tsv.code).toBe(0);
    expect(tsv.stdout).toBe(
      'language\ttranslation\nen\tInvoice\nde\tRechnung\nes\tFactura\nfr\tFacture\nja\t請求書\npt-BR\tFatura\n',
    );
    const json = await runCli(['glossary', 'get', entry.id, '--json'], { env: s.env });
    const direct = (await listDirect<GlossaryEntry>(s.sandbox, '/orgs/acme/translations-glossary')).find((e) => e.id === entry.id);
    expect(JSON.parse(json.stdout)).toEqual(direct);
    const missing = await runCli(['glossary', 'get', 'ge_nope'], { env: s.env });
    expect(missing.code).toBe(5);
    expect(missing.stdout).toBe('');
    expect(missing.stderr).toMatch(/^error: glossary entry "ge_nope" not found/);
  });
});

function acmeEntry(en: string): { id: string } {
  return entriesOf('acme').find((e) => e.translations.en === en) as { id: string };
}

describe('glossary import: the final verification reads the listing page by page', () => {
  // A service that answers one entry a page, whatever `limit` asks: every entry the verification
  // must find, or find twice, is on a page of its own.
  let one: SandboxEnv;
  beforeAll(async () => {
    one = await sandboxWithEnv({ seed: 'empty', maxPageSize: 1 });
  });
  afterAll(async () => {
    await one.sandbox.close();
  });

  it('an insert and an update undone and an insert doubled after the PUT, by someone else: each found across pages, on its line (exit 6)', async () => {
    const store = one.sandbox.store;
    const org = 'paged';
    store.createOrganization(org);
    const [bank] = store.applyGlossaryOperations(org, ['bank', 'door', 'wall'].map((en): GlossaryOperation => ({ type: 'insert', translations: { en } })), new Date().toISOString());
    const file = writeFile('paged.csv', `id,en,fr\n${bank},bank,banque\n,roof,toit\n,floor,sol\n,stair,escalier\n,window,fenêtre\n`);
    // Once the PUT is answered, before the first page of the final listing: another admin deletes
    // "floor", inserts "stair" again and sets "bank" back.
    let put = false;
    let meddled = false;
    one.sandbox.intercept((req) => {
      if (req.method === 'PUT') put = true;
      else if (req.method === 'GET' && put && !meddled && req.path === glossaryPath(org)) {
        meddled = true;
        const floor = store.glossaryEntries(org).find((e) => e.translations.en === 'floor') as GlossaryEntry;
        store.applyGlossaryOperations(org, [
          { type: 'delete', id: floor.id },
          { type: 'insert', translations: { en: 'stair', fr: 'escalier' } },
          { type: 'update', id: bank as string, translations: { en: 'bank' } },
        ], new Date().toISOString());
      }
      return undefined;
    });
    const mark = one.sandbox.requests.length;
    const r = await runCli(['glossary', 'import', file, '--json'], { env: { ...one.env, TEAMCTL_ORG: org } });

    const entries = store.glossaryEntries(org);
    expect(entries.map((e) => e.translations.en).sort()).toEqual(['bank', 'door', 'roof', 'stair', 'stair', 'wall', 'window']);
    // The listing order is the id order: the later "stair" is the one taken for the duplicate.
    const stairs = entries.filter((e) => e.translations.en === 'stair').map((e) => e.id).sort();
    const log = one.sandbox.requests.slice(mark).filter((q) => q.path === glossaryPath(org));
    const afterPut = log.slice(log.findIndex((q) => q.method === 'PUT') + 1);
    expect(afterPut.map((q) => q.method)).toEqual(Array(entries.length).fill('GET')); // one page per entry
    expect(afterPut.slice(1).every((q) => q.query.page !== undefined)).toBe(true);

    const report = JSON.parse(r.stdout) as ImportReport;
    expect(report.failed.map((f) => f.line)).toEqual([2, 4, 5]);
    expect(report.failed[0]?.message).toMatch(new RegExp(`^the update of entry ${bank} was confirmed but is not in the glossary listed after the run`));
    expect(report.failed[1]?.message).toMatch(/^the insert was confirmed but is not in the glossary listed after the run/);
    expect(report.failed[2]?.message).toMatch(new RegExp(`^duplicate entry ${stairs[1]} appeared .*; the same translations are in ${stairs[0]}: delete it: teamctl glossary delete ${stairs[1]}$`));
    expect(report).toMatchObject({ inserted: 3, updated: 0 }); // the update and one insert missing
    expect(r.code).toBe(6);
  });
});
