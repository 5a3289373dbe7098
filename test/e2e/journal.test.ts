// The journal of glossary batches with an unknown outcome (`teamctl help reliability`, "Reliability"): an immediate
// re-run while the service still holds a batch does not send it again; once the batch has landed,
// the next run finds it and inserts nothing twice.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Journal } from '../../src/journal/journal.js';
import { newConfigDir, runCli, sandboxWithEnv, type SandboxEnv } from './harness.js';

let s: SandboxEnv;
beforeEach(async () => {
  s = await sandboxWithEnv({ seed: 'empty' });
});
afterEach(async () => {
  await s.sandbox.close();
});

const dir = mkdtempSync(join(tmpdir(), 'teamctl-journal-'));
const puts = (): number => s.sandbox.requests.filter((r) => r.method === 'PUT').length;
/** The one journal file of a config folder (one per service and organization). */
const journalIn = (config: string): string => {
  const files = readdirSync(join(config, 'journal')).filter((f) => /^[0-9a-f]{20}\.json$/.test(f));
  expect(files).toHaveLength(1);
  return join(config, 'journal', files[0]!);
};
const ens = (): string[] => s.sandbox.store.glossaryEntries('acme').map((e) => e.translations.en as string).sort();
/** Holds the sandbox's answer to the first glossary PUT until the returned function is called. */
function holdFirstPut(): () => void {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held = false;
  s.sandbox.intercept((req) => {
    if (req.method !== 'PUT' || held) return undefined;
    held = true;
    return { kind: 'hold', until: released };
  });
  return release;
}

describe('the glossary journal', () => {
  it('a re-run while the service still holds a timed-out batch holds it back; after it lands, the next run settles it: nothing doubled', async () => {
    const file = join(dir, 'terms.csv');
    writeFileSync(file, 'en,fr\nbank,banque\ndoor,porte\n');
    const config = newConfigDir();
    let held = false;
    // The first PUT is held by a slow proxy until the test lets it go: the client times out, the
    // service applies it later.
    let letGo!: () => void;
    const later = new Promise<void>((resolve) => (letGo = resolve));
    s.sandbox.intercept((req) => {
      if (req.method !== 'PUT' || held) return undefined;
      held = true;
      return { kind: 'hold', until: later };
    });
    const first = await runCli(['--timeout', '0.3', 'glossary', 'import', file], { env: s.env, configDir: config });
    expect(first.code).toBe(6);
    const journalFile = journalIn(config);
    expect(existsSync(journalFile)).toBe(true);
    expect(statSync(journalFile).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(journalFile, 'utf8')).batches).toHaveLength(1);

    // At once: the batch has not landed yet, so its operations are held back, not sent again.
    const sent = puts();
    const second = await runCli(['--timeout', '0.3', 'glossary', 'import', file], { env: s.env, configDir: config });
    expect(second.code).toBe(6);
    expect(second.stderr).toContain('2 operations may still land, and are held back in this run');
    expect(second.stderr).toMatch(/not sent: an earlier run's request \(sent .*\) may still apply it/);
    expect(puts()).toBe(sent);

    // The service finishes the held request; the next run finds it landed.
    letGo();
    await vi.waitFor(() => expect(ens()).toEqual(['bank', 'door']));
    const third = await runCli(['glossary', 'import', file], { env: s.env, configDir: config });
    expect(third.code).toBe(0);
    expect(third.stderr).toContain('2 operations landed since');
    expect(ens()).toEqual(['bank', 'door']);
    expect(JSON.parse(readFileSync(journalFile, 'utf8')).batches).toEqual([]);
  });

  it("a gateway's 503 whose request the service applies later is not re-sent: one entry, then a re-run settles it", async () => {
    const file = join(dir, 'late503.csv');
    writeFileSync(file, 'en,fr\nbank,banque\n');
    const config = newConfigDir();
    let land!: () => void;
    const landing = new Promise<void>((resolve) => (land = resolve));
    let first = true;
    s.sandbox.intercept((req) => {
      if (req.method !== 'PUT' || !first) return undefined;
      first = false;
      return { kind: 'respondThenApply', status: 503, body: '<html><h1>503 Service Temporarily Unavailable</h1></html>', headers: { 'content-type': 'text/html' }, until: landing };
    });
    const r = await runCli(['glossary', 'import', file], { env: s.env, configDir: config });
    expect(r.code).toBe(6);
    expect(puts()).toBe(1);
    land();
    await vi.waitFor(() => expect(ens()).toEqual(['bank']));
    const again = await runCli(['glossary', 'import', file], { env: s.env, configDir: config });
    expect(again.code).toBe(0);
    expect(puts()).toBe(1);
    expect(ens()).toEqual(['bank']);
  });

  it("issue 31: a 503 in the service's own error JSON whose request is applied later: not re-sent, exit 6 naming it, one entry", async () => {
    const file = join(dir, 'late503json.csv');
    writeFileSync(file, 'en,fr\nbank,banque\n');
    const config = newConfigDir();
    let land!: () => void;
    const landing = new Promise<void>((resolve) => (land = resolve));
    let first = true;
    s.sandbox.intercept((req) => {
      if (req.method !== 'PUT' || !first) return undefined;
      first = false;
      // An API behind a gateway whose upstream reset after writing: its own error JSON, Retry-After 1.
      return { kind: 'respondThenApply', status: 503, body: { error: { code: 503, message: 'upstream connect error or disconnect/reset before headers' } }, headers: { 'retry-after': '1' }, until: landing };
    });
    const waits: number[] = [];
    const r = await runCli(['glossary', 'import', file], { env: s.env, configDir: config, sleep: async (ms) => void waits.push(ms) });
    expect(r.code).toBe(6);
    expect(puts()).toBe(1);
    expect(waits[0]).toBe(1000); // the Retry-After, before the listing that finds it missing
    expect(r.stderr).not.toContain('refused the request without processing it');
    expect(r.stderr).toMatch(/outcome unknown: the service answered 503 \(upstream connect error or disconnect\/reset before headers\); .*held back until/);
    expect(r.stderr).toMatch(/^error: 1 of 1 operations of unknown outcome \(sent, the answer lost: the service may have applied it\); 0 applied$/m);
    expect(JSON.parse(readFileSync(journalIn(config), 'utf8')).batches).toHaveLength(1);
    land();
    await vi.waitFor(() => expect(ens()).toEqual(['bank']));
    const again = await runCli(['glossary', 'import', file], { env: s.env, configDir: config });
    expect(again.code).toBe(0);
    expect(again.stderr).toContain('1 operation landed since');
    expect(puts()).toBe(1);
    expect(ens()).toEqual(['bank']);
  });

  it('issue 31: a 503 that truly applied nothing is held back, settled by listing once the hold-back time has passed, re-sent once in the same run', async () => {
    const file = join(dir, 'dropped503.csv');
    writeFileSync(file, 'en,fr\nbank,banque\ndoor,porte\nriver,rivière\n');
    const config = newConfigDir();
    let clock = Date.parse('2026-03-01T10:00:00Z');
    let n = 0;
    s.sandbox.intercept((req) => {
      if (req.method !== 'PUT') return undefined;
      n++;
      // The first batch: 503, nothing applied. The second takes the service six minutes (the
      // run's clock moves on), so the first is due before the third.
      if (n === 1) return { kind: 'respond', status: 503, body: { error: { code: 503, message: 'overloaded' } } };
      if (n === 2) clock += 6 * 60_000;
      return undefined;
    });
    const r = await runCli(['glossary', 'import', file, '--batch-size', '1'], {
      env: s.env,
      configDir: config,
      now: () => clock,
      sleep: async (ms) => void (clock += ms),
    });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('1 operation held back since 2026-03-01T10:00:00.000Z still not in the glossary once the hold-back time has passed: sent again');
    const sent = s.sandbox.requests.filter((q) => q.method === 'PUT').map((q) => (q.body as { operations: { translations: { en: string } }[] }).operations[0]?.translations.en);
    expect(sent).toEqual(['bank', 'door', 'bank', 'river']);
    expect(ens()).toEqual(['bank', 'door', 'river']);
    expect(JSON.parse(readFileSync(journalIn(config), 'utf8')).batches).toEqual([]);
  });

  it('issue 31, --no-settle: a 503 that applied nothing, still held back when the run ends: exit 6; the next run after the hold-back time sends it once', async () => {
    const file = join(dir, 'dropped503-next.csv');
    writeFileSync(file, 'en,fr\nbank,banque\ndoor,porte\n');
    const config = newConfigDir();
    let clock = Date.parse('2026-03-01T10:00:00Z');
    let first = true;
    s.sandbox.intercept((req) => {
      if (req.method !== 'PUT' || !first) return undefined;
      first = false;
      return { kind: 'respond', status: 503, body: { error: { code: 503, message: 'overloaded' } } };
    });
    const opts = { env: s.env, configDir: config, now: () => clock, sleep: async (ms: number) => void (clock += ms) };
    const r = await runCli(['glossary', 'import', file, '--batch-size', '1', '--no-settle'], opts);
    expect(r.code).toBe(6);
    expect(r.stderr).toMatch(/^unknown: line 2 \(503\): outcome unknown: the service answered 503 \(overloaded\); .* held back until 2026-03-01T10:01:00\.000Z/m);
    expect(ens()).toEqual(['door']);
    // At once: still held back.
    const soon = await runCli(['glossary', 'import', file, '--batch-size', '1', '--no-settle'], opts);
    expect(soon.code).toBe(6);
    expect(soon.stderr).toContain('1 operation may still land, and is held back in this run');
    // After the hold-back time: listed, still missing, taken as lost and sent once.
    clock += 6 * 60_000;
    const later = await runCli(['glossary', 'import', file, '--batch-size', '1'], opts);
    expect(later.code).toBe(0);
    expect(later.stderr).toContain('1 operation never landed (taken as lost)');
    expect(s.sandbox.requests.filter((q) => q.method === 'PUT')).toHaveLength(3);
    expect(ens()).toEqual(['bank', 'door']);
  });

  it('two imports that meet: the second waits for the first, then finds everything present; nothing doubled', async () => {
    const file = join(dir, 'meet.csv');
    writeFileSync(file, 'en,fr\nbank,banque\ndoor,porte\nriver,rivière\n');
    const config = newConfigDir();
    const release = holdFirstPut();
    const one = runCli(['glossary', 'import', file], { env: s.env, configDir: config });
    await vi.waitFor(() => expect(puts()).toBe(1)); // the first is sending, holding the lock
    const two = runCli(['glossary', 'import', file], { env: s.env, configDir: config });
    // The second says it waits, and sends nothing meanwhile.
    const refused = await runCli(['glossary', 'import', file, '--no-wait'], { env: s.env, configDir: config });
    expect(refused.code).toBe(3);
    expect(refused.stderr).toMatch(/^error: another teamctl \(process \d+ on .*\) is changing the glossary of acme at http:\/\/loopback:\d+; nothing was sent/);
    release();
    const [a, b] = await Promise.all([one, two]);
    expect(a.code).toBe(0);
    expect(b.code).toBe(0);
    expect(b.stderr).toMatch(/is changing the glossary of acme at .*: waiting for it to finish/);
    expect(b.stderr).toContain('0 to insert');
    expect(puts()).toBe(1);
    expect(ens()).toEqual(['bank', 'door', 'river']);
  });

  it('a saved glossary plan while another import holds the lock: apply --dry-run checks it without the lock; apply --no-wait is refused', async () => {
    const plan = join(dir, 'held-plan.json');
    const planned = join(dir, 'held-plan.csv');
    writeFileSync(planned, 'en,fr\nwindow,fenêtre\n');
    const config = newConfigDir();
    expect((await runCli(['glossary', 'import', planned, '--plan-out', plan], { env: s.env, configDir: config })).code).toBe(0);
    const file = join(dir, 'held.csv');
    writeFileSync(file, 'en,fr\nbank,banque\n');
    const release = holdFirstPut();
    const one = runCli(['glossary', 'import', file], { env: s.env, configDir: config });
    await vi.waitFor(() => expect(puts()).toBe(1));
    const checked = await runCli(['apply', plan, '--dry-run', '--no-wait'], { env: s.env, configDir: config });
    expect(checked.code, checked.stderr).toBe(0);
    const refused = await runCli(['apply', plan, '--no-wait'], { env: s.env, configDir: config });
    expect(refused.code).toBe(3);
    expect(refused.stderr).toMatch(/^error: another teamctl \(process \d+ on .*\) is changing the glossary of acme/m);
    release();
    expect((await one).code).toBe(0);
    expect(puts()).toBe(1);
    expect(ens()).toEqual(['bank']);
  });

  it('another profile, and localhost for 127.0.0.1, find the same journal: a batch still in flight is held back', async () => {
    const file = join(dir, 'profiles.csv');
    writeFileSync(file, 'en,fr\nbank,banque\n');
    const config = newConfigDir();
    let letGo!: () => void;
    const later = new Promise<void>((resolve) => (letGo = resolve));
    let held = false;
    s.sandbox.intercept((req) => {
      if (req.method !== 'PUT' || held) return undefined;
      held = true;
      return { kind: 'hold', until: later };
    });
    expect((await runCli(['--timeout', '0.3', 'glossary', 'import', file], { env: s.env, configDir: config })).code).toBe(6);
    const viaLocalhost = { ...s.env, TEAMCTL_BASE_URL: s.sandbox.url.replace('127.0.0.1', 'localhost') };
    const other = await runCli(['--profile', 'staging', 'glossary', 'import', file], { env: viaLocalhost, configDir: config });
    expect(other.code).toBe(6);
    expect(other.stderr).toContain('1 operation may still land, and is held back in this run');
    expect(puts()).toBe(1);
    letGo();
    await vi.waitFor(() => expect(ens()).toEqual(['bank']));
    expect((await runCli(['--profile', 'staging', 'glossary', 'import', file], { env: viaLocalhost, configDir: config })).code).toBe(0);
    expect(ens()).toEqual(['bank']);
  });

  it('one glossary plan applied from two processes at once lands once', async () => {
    const file = join(dir, 'plan-terms.csv');
    writeFileSync(file, 'en,fr\nbank,banque\ndoor,porte\nriver,rivière\n');
    const config = newConfigDir();
    const plan = join(dir, 'glossary-plan.json');
    expect((await runCli(['glossary', 'import', file, '--plan-out', plan], { env: s.env, configDir: config })).code).toBe(0);
    const [a, b] = await Promise.all([runCli(['apply', plan], { env: s.env, configDir: config }), runCli(['apply', plan], { env: s.env, configDir: config })]);
    expect([a.code, b.code].sort()).toEqual([0, 3]);
    expect(ens()).toEqual(['bank', 'door', 'river']);
  });

  it('a corrupt journal stops the run with exit 1 and sends nothing; a dry run is not stopped by a lock', async () => {
    const file = join(dir, 'corrupt.csv');
    writeFileSync(file, 'en,fr\nbank,banque\n');
    const config = newConfigDir();
    expect((await runCli(['glossary', 'import', file, '--dry-run'], { env: s.env, configDir: config })).code).toBe(0);
    // A first real run creates the journal; then it is damaged.
    const door = join(dir, 'corrupt-door.csv');
    writeFileSync(door, 'en,fr\ndoor,porte\n');
    expect((await runCli(['glossary', 'import', door], { env: s.env, configDir: config })).code).toBe(0);
    const journalFile = journalIn(config);
    writeFileSync(journalFile, '{"batches": [');
    const before = s.sandbox.requests.length;
    const r = await runCli(['glossary', 'import', file], { env: s.env, configDir: config });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^error: the glossary journal .* cannot be read \(it is not JSON\); nothing was sent\nhint: .*check the glossary for duplicates/);
    expect(s.sandbox.requests.slice(before).filter((q) => q.method === 'PUT')).toEqual([]);
    expect(ens()).toEqual(['door']);
  });

  it('a journal that cannot be recorded in: exit 1 saying nothing was sent, never "outcome unknown" (a directory where its file should be: fails for root too)', async () => {
    const file = join(dir, 'readonly.csv');
    writeFileSync(file, 'en,fr\nbank,banque\n');
    const config = newConfigDir();
    const door = join(dir, 'readonly-door.csv');
    writeFileSync(door, 'en,fr\ndoor,porte\n');
    expect((await runCli(['glossary', 'import', door], { env: s.env, configDir: config })).code).toBe(0);
    const journalFile = journalIn(config);
    rmSync(journalFile);
    mkdirSync(journalFile);
    const r = await runCli(['glossary', 'import', file, '--json'], { env: s.env, configDir: config });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/the glossary journal .* (cannot be read|could not be written|is a directory, not a regular file).*; nothing was sent/);
    expect(r.stderr).not.toMatch(/outcome unknown/);
    expect(puts()).toBe(1);
    expect(ens()).toEqual(['door']);
  });

  it('every path that sends glossary batches holds back what the journal says may still land: import, sync, delete, apply', async () => {
    s.sandbox.store.applyGlossaryOperations('acme', [{ type: 'insert', translations: { en: 'old', fr: 'vieux' } }], new Date().toISOString());
    const [old] = s.sandbox.store.glossaryEntries('acme');
    const config = newConfigDir();
    // A plan made before the earlier run's batch is recorded (apply checks it against the glossary).
    const file = join(dir, 'held-everywhere.csv');
    writeFileSync(file, 'en,fr\nold,vieux\nbank,banque\n');
    const plan = join(dir, 'held-plan.json');
    expect((await runCli(['glossary', 'import', file, '--plan-out', plan], { env: s.env, configDir: config })).code).toBe(0);
    // An earlier run's batch, sent a moment ago, outcome unknown: it may still insert bank and delete old.
    const journal = await Journal.open(config, s.sandbox.url + '/v1', 'acme', { wait: false, onWait: () => {} });
    await journal.sending([{ type: 'insert', translations: { en: 'bank', fr: 'banque' } }, { type: 'delete', id: old!.id }], new Date());
    await journal.close();
    const before = puts();
    for (const args of [
      ['glossary', 'import', file],
      ['glossary', 'sync', file],
      ['glossary', 'delete', old!.id],
      ['apply', plan],
    ]) {
      const r = await runCli(args, { env: s.env, configDir: config });
      expect({ args, code: r.code }).toEqual({ args, code: 6 });
      expect(r.stderr).toMatch(/may still land, and are held back in this run/);
      expect(puts()).toBe(before);
    }
    expect(ens()).toEqual(['old']);
  });

  it('one insert that may still land holds back one identical planned insert, not every one: of two identical rows, one is sent', async () => {
    const config = newConfigDir();
    const journal = await Journal.open(config, s.sandbox.url + '/v1', 'acme', { wait: false, onWait: () => {} });
    await journal.sending([{ type: 'insert', translations: { en: 'bank', fr: 'banque' } }], new Date());
    await journal.close();
    // Two entries of the same translations, exported from another organization (ids it knows): two inserts here.
    const file = join(dir, 'twice.csv');
    writeFileSync(file, 'id,en,fr\nx1,bank,banque\nx2,bank,banque\n');
    const r = await runCli(['glossary', 'import', file, '--json'], { env: s.env, configDir: config });
    expect(r.code, r.stderr).toBe(6);
    expect(r.stderr).toContain('1 operation may still land, and is held back in this run');
    const report = JSON.parse(r.stdout) as { inserted: number };
    expect(report.inserted).toBe(1);
    expect(puts()).toBe(1);
    expect(ens()).toEqual(['bank']);
  });
});
