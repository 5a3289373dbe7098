// A glossary import under intermittent faults (`teamctl help reliability`): every 11th request a
// plain 503 that applied nothing, every 7th a 429, every 3rd glossary PUT applied but its answer
// lost. Writes whose outcome is unknown are settled by a listing once the hold-back time has
// passed and re-sent only when missing, within the run: the sandbox ends with every entry once.
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { everyNth } from '../../src/sandbox/every-nth.js';
import { isWrite, type WriteName } from '../../src/sandbox/write-faults.js';
import { newConfigDir, runCli, sandboxWithEnv, type SandboxEnv } from './harness.js';

let s: SandboxEnv;
beforeEach(async () => {
  s = await sandboxWithEnv({ seed: 'empty' });
});
afterEach(async () => {
  await s.sandbox.close();
});

const dir = mkdtempSync(join(tmpdir(), 'teamctl-intermittent-'));
const count = 400;
function terms(): string {
  const file = join(dir, 'terms.csv');
  const rows = Array.from({ length: count }, (_, i) => `term ${i},terme ${i}`);
  writeFileSync(file, ['en,fr', ...rows].join('\n') + '\n');
  return file;
}
/** The faults: every 3rd write (default: glossary PUT) applied, its answer lost; every 11th request a 503; every 7th a 429. */
function intermittent(write: WriteName = 'glossary', lostEvery = 3): void {
  s.sandbox.intercept(everyNth(lostEvery, 'lost-answer', (req) => isWrite(req, write)));
  s.sandbox.intercept(everyNth(11, 'unavailable'));
  s.sandbox.intercept(everyNth(7, 'rate-limit'));
}
/** A run's clock: it moves only when teamctl waits (the injected sleep). */
function fakeClock() {
  let clock = Date.parse('2026-03-01T10:00:00Z');
  const waits: number[] = [];
  return { waits, now: () => clock, sleep: async (ms: number) => void (waits.push(ms), (clock += ms)) };
}
const ens = (): string[] => s.sandbox.store.glossaryEntries('acme').map((e) => e.translations.en as string);
const journalBatches = (config: string): unknown[] => {
  const files = readdirSync(join(config, 'journal')).filter((f) => /^[0-9a-f]{20}\.json$/.test(f));
  return files.flatMap((f) => (JSON.parse(readFileSync(join(config, 'journal', f), 'utf8')) as { batches: unknown[] }).batches);
};

describe('glossary import under intermittent faults', () => {
  it('400 entries, each exactly once, exit 0: unknown outcomes settled and re-sent within the run', async () => {
    intermittent();
    const config = newConfigDir();
    const clock = fakeClock();
    const r = await runCli(['glossary', 'import', terms(), '--batch-size', '10'], { env: s.env, configDir: config, ...clock });
    expect(r.code, r.stderr).toBe(0);
    const entries = ens();
    expect(entries).toHaveLength(count);
    expect(new Set(entries).size).toBe(count);
    // Faults happened: 503s on glossary PUTs and lost answers, so the run had to settle them.
    const faulted = s.sandbox.requests.filter((q) => q.method === 'PUT' && q.fault !== undefined);
    expect(faulted.some((q) => q.fault === 'intercept:respond')).toBe(true);
    expect(faulted.some((q) => q.fault === 'intercept:applyThenReset')).toBe(true);
    expect(journalBatches(config)).toEqual([]);
  });

  for (const holdBack of [[], ['--hold-back', '5']]) {
    it(`400 rows in batches of 50${holdBack.length > 0 ? ' with --hold-back 5' : ''}: 400 entries, none twice, exit 0`, async () => {
      intermittent();
      const config = newConfigDir();
      const r = await runCli(['glossary', 'import', terms(), '--batch-size', '50', ...holdBack], { env: s.env, configDir: config, ...fakeClock() });
      expect(r.code, r.stderr).toBe(0);
      expect(ens()).toHaveLength(count);
      expect(new Set(ens()).size).toBe(count);
      expect(s.sandbox.requests.some((q) => q.fault === 'intercept:applyThenReset')).toBe(true);
      expect(s.sandbox.requests.some((q) => q.status === 503)).toBe(true);
    });
  }

  it('every answer lost after the batch was applied (8 unknown outcomes in a row, each found landed): 400 entries, none twice, exit 0', async () => {
    intermittent('glossary', 1);
    const r = await runCli(['glossary', 'import', terms(), '--batch-size', '50'], { env: s.env, configDir: newConfigDir(), ...fakeClock() });
    expect(r.code, r.stderr).toBe(0);
    expect(ens()).toHaveLength(count);
    expect(new Set(ens()).size).toBe(count);
    expect(s.sandbox.requests.filter((q) => q.fault === 'intercept:applyThenReset')).toHaveLength(8);
  });

  it('team creations under the same faults: 40 teams, each created once, exit 0', async () => {
    intermittent('team-create');
    const titles = Array.from({ length: 40 }, (_, i) => `Team ${i}`);
    const r = await runCli(['teams', 'create', ...titles], { env: s.env, configDir: newConfigDir(), ...fakeClock() });
    expect(r.code, r.stderr).toBe(0);
    for (const title of titles) expect(s.sandbox.store.teamsCreated('acme', title), title).toBe(1);
    expect(s.sandbox.requests.some((q) => q.fault === 'intercept:applyThenReset')).toBe(true);
  });

  it('--no-settle: what is still held back stays in the journal, exit 6; a run after the hold-back time completes it, nothing doubled', async () => {
    intermittent();
    const config = newConfigDir();
    const clock = fakeClock();
    const file = terms();
    const first = await runCli(['glossary', 'import', file, '--batch-size', '10', '--no-settle'], { env: s.env, configDir: config, ...clock });
    expect(first.code, first.stderr).toBe(6);
    expect(first.stderr).toMatch(/outcome unknown: .* held back until 2026-03-01T10:01:/);
    expect(first.stderr).not.toContain('waiting');
    expect(journalBatches(config).length).toBeGreaterThan(0);
    expect(ens().length).toBeLessThan(count);
    await clock.sleep(61_000);
    const later = await runCli(['glossary', 'import', file, '--batch-size', '10', '--hold-back', '30'], { env: s.env, configDir: config, ...clock });
    expect(later.code, later.stderr).toBe(0);
    expect(ens()).toHaveLength(count);
    expect(new Set(ens()).size).toBe(count);
    expect(journalBatches(config)).toEqual([]);
  });

  it('the end of the run waits out --hold-back (a line says so, through the injected sleep), settles and sends what is missing once', async () => {
    const file = join(dir, 'two.csv');
    writeFileSync(file, 'en,fr\nbank,banque\ndoor,porte\n');
    let puts = 0;
    s.sandbox.intercept((req) => (req.method === 'PUT' && ++puts === 2 ? { kind: 'respond', status: 503, body: { error: { code: 503, message: 'overloaded' } } } : undefined));
    const config = newConfigDir();
    const clock = fakeClock();
    const r = await runCli(['glossary', 'import', file, '--batch-size', '1', '--hold-back', '90'], { env: s.env, configDir: config, ...clock });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/^1 glossary operation with an unknown outcome held back: waiting 9\ds for the hold-back time to pass/m);
    // The longest wait is the hold-back time, less what the checks already waited.
    expect(Math.max(...clock.waits)).toBeGreaterThan(85_000);
    expect(Math.max(...clock.waits)).toBeLessThanOrEqual(90_001);
    const sent = s.sandbox.requests.filter((q) => q.method === 'PUT').map((q) => (q.body as { operations: { translations: { en: string } }[] }).operations[0]?.translations.en);
    expect(sent).toEqual(['bank', 'door', 'door']);
    expect(ens().sort()).toEqual(['bank', 'door']);
    expect(journalBatches(config)).toEqual([]);
  });

  it('--hold-back takes whole seconds: anything else is exit 2, nothing sent', async () => {
    const file = join(dir, 'one.csv');
    writeFileSync(file, 'en,fr\nbank,banque\n');
    for (const bad of ['-1', '1.5', 'soon', '86401']) {
      const r = await runCli(['glossary', 'import', file, '--hold-back', bad], { env: s.env });
      expect(r.code, bad).toBe(2);
      expect(r.stderr).toContain('--hold-back takes a whole number of seconds from 0 to 86400');
    }
    expect(s.sandbox.requests.filter((q) => q.method === 'PUT')).toHaveLength(0);
  });
});
