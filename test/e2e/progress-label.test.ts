// Progress bars name the work by its command, the same way for members and the glossary
// (`teamctl help guards`, "The plan"): a terminal on stderr, in-process.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { main } from '../../src/cli.js';
import { fakeStreams } from '../helpers/streams.js';
import { newConfigDir, sandboxWithEnv, type SandboxEnv } from './harness.js';

let s: SandboxEnv | undefined;
afterEach(async () => {
  await s?.sandbox.close();
  s = undefined;
});

async function onTerminal(args: string[]): Promise<{ code: number; stderr: string }> {
  const streams = fakeStreams({ stderrIsTTY: true });
  const code = await main(['--yes', ...args], { streams, env: { ...s!.env, TEAMCTL_CONFIG_DIR: newConfigDir(), TEAMCTL_STATE_DIR: newConfigDir(), HOME: newConfigDir() }, sleep: () => Promise.resolve() });
  return { code, stderr: streams.err() };
}

describe('progress labels', () => {
  it('members add, members sync and glossary import each show their own command on the bar', async () => {
    s = await sandboxWithEnv({ seed: 'demo' });
    const dir = mkdtempSync(join(tmpdir(), 'teamctl-progress-'));
    const added = await onTerminal(['members', 'add', 'pedro.alves@example.com']);
    expect(added.code, added.stderr).toBe(0);
    expect(added.stderr).toMatch(/members add \[[^\]]*\] 1\/1/);

    // A bar is drawn for work of more than one request.
    writeFileSync(join(dir, 'team.csv'), 'email,role\nkenji.sato@example.com,owner\nbeatriz.costa@example.com,owner\n');
    const synced = await onTerminal(['members', 'sync', '--roster', join(dir, 'team.csv')]);
    expect(synced.code, synced.stderr).toBe(0);
    expect(synced.stderr).toMatch(/members sync \[[^\]]*\] \d+\/\d+/);

    writeFileSync(join(dir, 'terms.csv'), 'en,fr\nBrand new term,Terme tout neuf\nOther new term,Autre terme\n');
    const imported = await onTerminal(['glossary', 'import', join(dir, 'terms.csv'), '--batch-size', '1']);
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stderr).toMatch(/glossary import \[[^\]]*\] \d\/2/);
    expect(imported.stderr + added.stderr + synced.stderr).not.toContain('Applying');
  });
});
