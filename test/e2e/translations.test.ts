// `teamctl translations list|run` against the sandbox (`teamctl help translations`): the listing in
// every format, runs counted in the sandbox's state, the confirmation each billable run needs
// (exit 3 without a terminal and --yes), and a run killed mid-request then run again: one run.
import { spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { gate, turns } from '../helpers/meet.js';
import { bin, newConfigDir, runCli, sandboxWithEnv, type SandboxEnv } from './harness.js';

let s: SandboxEnv | undefined;
afterEach(async () => {
  await s?.sandbox.close();
  s = undefined;
});

async function start(): Promise<{ env: Record<string, string>; dir: string; cli: (args: string[], options?: Parameters<typeof runCli>[1]) => ReturnType<typeof runCli> }> {
  s = await sandboxWithEnv();
  const dir = newConfigDir();
  return { env: s.env, dir, cli: (args, options = {}) => runCli(args, { env: s!.env, configDir: dir, ...options }) };
}

const store = () => (s as SandboxEnv).sandbox.store;
const runsOf = (id: string): number => store().translations.get('acme', id)?.runs ?? -1;
const runPosts = (): string[] => (s as SandboxEnv).sandbox.requests.filter((q) => q.method === 'POST' && q.path.endsWith('/run')).map((q) => q.path);
const allRuns = (): Record<string, number> => Object.fromEntries(store().translations.list('acme').map((t) => [t.id, t.runs]));

describe('translations list', () => {
  it('lists each translation with its source space and language, target language, status and last run, in every format', async () => {
    const { cli } = await start();
    const json = await cli(['translations', 'list', '--json']);
    expect(json.code, json.stderr).toBe(0);
    const items = JSON.parse(json.stdout) as { id: string; source: { space: string; language: string }; language: string; status: string; runs: number; updatedAt: string }[];
    expect(items.map((t) => t.id)).toEqual(store().translations.list('acme').map((t) => t.id));
    expect(items[0]).toMatchObject({ id: 'tr-api-de', source: { space: 'space-api', language: 'en' }, language: 'de', status: 'completed', runs: 3 });
    expect(items.find((t) => t.id === 'tr-changelog-ko')).toMatchObject({ status: 'pending', runs: 0 });
    const csv = await cli(['translations', 'list', '-o', 'csv']);
    expect(csv.stdout.split('\n')[0]).toBe('id,space,space title,source,language,status,runs,last run');
    // Each source space's title, as the organization's spaces give it.
    const titleOf = (id: string): string => store().access.get('space', id)?.title ?? '?';
    expect(csv.stdout).toContain(`tr-api-de,space-api,${titleOf('space-api')},en,de,completed,3,2025-06-02T08:00:00.000Z`);
    expect(csv.stdout).toContain(`tr-changelog-ko,space-changelog,${titleOf('space-changelog')},en,ko,pending,0,\n`);
    const tsv = await cli(['translations', 'list', '-o', 'tsv']);
    expect(tsv.stdout).toContain(`tr-api-fr\tspace-api\t${titleOf('space-api')}\ten\tfr\tcompleted\t2\t`);
    const ndjson = await cli(['translations', 'list', '-o', 'ndjson']);
    expect(ndjson.stdout.trim().split('\n')).toHaveLength(5);
    const table = await cli(['translations', 'list', '-o', 'table']);
    expect(table.stdout).toContain('tr-guidelines-pt-br');
    const md = await cli(['translations', 'list', '-o', 'markdown']);
    expect(md.stdout).toContain('| id | space | space title | source | language | status | runs | last run |');
    const jq = await cli(['translations', 'list', '--jq', '[.[] | select(.language == "ja") | .id]']);
    expect(JSON.parse(jq.stdout)).toEqual(['tr-api-ja']);
  });

  it('pages through the listing as the service pages it', async () => {
    const { cli } = await start();
    const r = await cli(['translations', 'list', '--page-size', '2', '-o', 'ndjson']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.trim().split('\n')).toHaveLength(5);
    expect((s as SandboxEnv).sandbox.requests.filter((q) => q.path.endsWith('/translations')).map((q) => q.query.limit)).toEqual(['2', '2', '2']);
  });
});

describe('translations run', () => {
  it('without a terminal and without --yes: exit 3, nothing sent', async () => {
    const { cli } = await start();
    const before = allRuns();
    const r = await cli(['translations', 'run', '--language', 'de']);
    expect(r.code, r.stderr).toBe(3);
    expect(r.stderr).toContain('which needs confirmation; nothing was sent');
    expect(r.stderr).toContain('--yes');
    expect(runPosts()).toEqual([]);
    expect(allRuns()).toEqual(before);
  });

  it('--language runs the translations into that language, once each; the status moves on with the sandbox clock', async () => {
    const { cli } = await start();
    let clock = Date.parse('2026-12-07T10:00:00Z');
    store().translations.now = () => clock;
    const r = await cli(['translations', 'run', '--language', 'DE,pt-BR', '--yes', '--json'], { now: () => clock });
    expect(r.code, r.stderr).toBe(0);
    expect((JSON.parse(r.stdout) as { translation: string; outcome: string }[]).map((x) => [x.translation, x.outcome])).toEqual([
      ['tr-api-de', 'run'],
      ['tr-guidelines-pt-br', 'run'],
    ]);
    expect(allRuns()).toEqual({ 'tr-api-de': 4, 'tr-api-fr': 2, 'tr-api-ja': 1, 'tr-guidelines-pt-br': 5, 'tr-changelog-ko': 0 });
    const status = async (): Promise<string> => ((JSON.parse((await cli(['translations', 'list', '--json'])).stdout) as { id: string; status: string }[]).find((t) => t.id === 'tr-api-de') as { status: string }).status;
    expect(await status()).toBe('pending');
    clock += 10_000;
    expect(await status()).toBe('running');
    clock += 120_000;
    expect(await status()).toBe('completed');
  });

  it('--dry-run lists what it would run and sends nothing; an unknown id is exit 5 with nothing sent', async () => {
    const { cli } = await start();
    const dry = await cli(['translations', 'run', '--all', '--dry-run', '-o', 'csv']);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout.trim().split('\n')).toHaveLength(6);
    expect(dry.stdout).toContain('tr-changelog-ko,space-changelog,en,ko,planned,');
    const unknown = await cli(['translations', 'run', 'tr-api-de', 'tr-nope', '--yes']);
    expect(unknown.code, unknown.stderr).toBe(5);
    expect(unknown.stderr).toContain('"tr-nope"');
    expect(runPosts()).toEqual([]);
    const none = await cli(['translations', 'run', '--yes']);
    expect(none.code).toBe(2);
  });

  it('an answer lost after the run started: the listing settles it (run), never sent again', async () => {
    const { cli } = await start();
    (s as SandboxEnv).sandbox.intercept((q) => (q.method === 'POST' && q.path.endsWith('/run') ? { kind: 'applyThenReset' } : undefined));
    const r = await cli(['translations', 'run', 'tr-api-ja', '--yes', '--json']);
    expect(r.code, r.stderr + r.stdout).toBe(0);
    expect((JSON.parse(r.stdout) as { outcome: string }[])[0]?.outcome).toBe('run');
    expect(runPosts()).toHaveLength(1);
    expect(runsOf('tr-api-ja')).toBe(2);
  });

  it('killed while its run is held by the service, then run again: exactly one run on the sandbox', async () => {
    const { env, dir, cli } = await start();
    const held = gate();
    (s as SandboxEnv).sandbox.intercept((q) => (q.method === 'POST' && q.path.endsWith('/run') ? { kind: 'hold', until: held.until } : undefined));
    const child = spawn(process.execPath, [bin, 'translations', 'run', 'tr-api-fr', '--yes'], {
      env: { PATH: process.env.PATH ?? '', HOME: dir, CI: 'true', TEAMCTL_CONFIG_DIR: dir, TEAMCTL_STATE_DIR: dir, ...env },
      cwd: dir,
      stdio: 'ignore',
    });
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
    for (let i = 0; i < 600 && runPosts().length === 0; i++) await new Promise((r) => setTimeout(r, 50));
    expect(runPosts()).toHaveLength(1);
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');
    // Still held: the run again sends nothing, it may still start (exit 6).
    const again = await cli(['translations', 'run', 'tr-api-fr', '--yes']);
    expect(again.code, again.stderr).toBe(6);
    expect(again.stderr).toContain("not sent: an earlier run's request");
    expect(runPosts()).toHaveLength(1);
    held.open();
    await turns(() => runsOf('tr-api-fr') === 3);
    (s as SandboxEnv).sandbox.clearIntercepts();
    const last = await cli(['translations', 'run', 'tr-api-fr', '--yes', '--json']);
    expect(last.code, last.stderr).toBe(0);
    expect((JSON.parse(last.stdout) as { outcome: string; message: string }[])[0]).toMatchObject({ outcome: 'run', message: expect.stringContaining('not sent again') });
    expect(runPosts()).toHaveLength(1);
    expect(runsOf('tr-api-fr')).toBe(3);
    // Settled and forgotten: a later, new run is sent.
    const next = await cli(['translations', 'run', 'tr-api-fr', '--yes']);
    expect(next.code, next.stderr).toBe(0);
    expect(runsOf('tr-api-fr')).toBe(4);
  });
});
