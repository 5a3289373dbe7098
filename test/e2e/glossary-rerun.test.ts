// glossary sync --rerun-translations (`teamctl help translations`): after the sync succeeded, the
// translations into the languages it touched are run, once each; the others are not. The
// sandbox's runs and request log are the reference.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { newConfigDir, runCli, sandboxWithEnv, type SandboxEnv } from './harness.js';

let s: SandboxEnv | undefined;
afterEach(async () => {
  await s?.sandbox.close();
  s = undefined;
});

const sandbox = () => (s as SandboxEnv).sandbox;
const allRuns = (): Record<string, number> => Object.fromEntries(sandbox().store.translations.list('acme').map((t) => [t.id, t.runs]));
const runPosts = (): number => sandbox().requests.filter((q) => q.method === 'POST' && q.path.endsWith('/run')).length;
const puts = (): number => sandbox().requests.filter((q) => q.method === 'PUT').length;
const seeded = { 'tr-api-de': 3, 'tr-api-fr': 2, 'tr-api-ja': 1, 'tr-guidelines-pt-br': 4, 'tr-changelog-ko': 0 };

async function start(text: string): Promise<{ cli: (args: string[]) => ReturnType<typeof runCli>; terms: string }> {
  s = await sandboxWithEnv();
  const dir = newConfigDir();
  const terms = join(dir, 'terms.csv');
  writeFileSync(terms, text);
  return { terms, cli: (args) => runCli(args, { env: s!.env, configDir: dir, cwd: dir }) };
}

describe('glossary sync --rerun-translations', () => {
  it('runs only the translations into the touched languages, once; a second sync touches nothing and runs nothing', async () => {
    // "Space" changes in German and Brazilian Portuguese (the file's pt-BR is written in the service's spelling, pt-br); French is kept as it is.
    const { cli, terms } = await start('en,fr,de,pt-BR\nSpace,Espace,Raum,Área\n');
    const r = await cli(['glossary', 'sync', terms, '--rerun-translations', '--yes']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('the sync touched de, pt-br');
    expect(sandbox().store.glossaryEntries('acme').find((e) => e.translations.en === 'Space')?.translations).toMatchObject({ de: 'Raum', 'pt-br': 'Área', fr: 'Espace' });
    expect(allRuns()).toEqual({ ...seeded, 'tr-api-de': 4, 'tr-guidelines-pt-br': 5 });
    expect(runPosts()).toBe(2);
    const again = await cli(['glossary', 'sync', terms, '--rerun-translations', '--yes']);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toContain('no translation to run');
    expect(allRuns()).toEqual({ ...seeded, 'tr-api-de': 4, 'tr-guidelines-pt-br': 5 });
    expect(runPosts()).toBe(2);
  });

  it('without a terminal and without --yes: exit 3 before anything is sent, the sync included', async () => {
    const { cli, terms } = await start('en,de\nSpace,Raum\n');
    const r = await cli(['glossary', 'sync', terms, '--rerun-translations']);
    expect(r.code, r.stderr).toBe(3);
    expect(r.stderr).toContain('needs confirmation; nothing was sent');
    expect(puts()).toBe(0);
    expect(runPosts()).toBe(0);
    expect(allRuns()).toEqual(seeded);
  });

  it('--dry-run lists the translations it would run and sends nothing', async () => {
    const { cli, terms } = await start('en,ja\nSpace,空間\n');
    const r = await cli(['glossary', 'sync', terms, '--rerun-translations', '--dry-run']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/planned {2}tr-api-ja \(space-api, en → ja\)/);
    expect(r.stderr).not.toContain('tr-api-de');
    expect(puts()).toBe(0);
    expect(runPosts()).toBe(0);
  });

  it('a sync that did not succeed runs no translation', async () => {
    const { cli, terms } = await start('en,de\nSpace,Raum\n');
    sandbox().intercept((q) => (q.method === 'PUT' ? { kind: 'respond', status: 400, body: { error: { code: 400, message: 'refused' } } } : undefined));
    const r = await cli(['glossary', 'sync', terms, '--rerun-translations', '--yes']);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain('no translation was run, as the sync did not succeed');
    expect(runPosts()).toBe(0);
    expect(allRuns()).toEqual(seeded);
  });
});
