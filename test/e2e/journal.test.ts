// The journal of glossary batches with an unknown outcome (README, "Reliability"): an immediate
// re-run while the service still holds a batch does not send it again; once the batch has landed,
// the next run finds it and inserts nothing twice.
import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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
const ens = (): string[] => s.sandbox.store.glossaryEntries('acme').map((e) => e.translations.en as string).sort();

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
    const journalFile = join(config, 'journal', 'default.json');
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
});
