// The --prune confirmation, in process (a terminal cannot be given to a spawned CLI easily):
// main() with fake terminal streams against the in-process sandbox.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../../src/cli.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/server.js';
import { fakeStreams } from '../helpers/streams.js';

let sandbox: Sandbox;
let env: Record<string, string>;
let roster: string;

beforeEach(async () => {
  sandbox = await startSandbox({ port: 0, seed: 'empty' });
  sandbox.store.addUsers('acme', 10);
  sandbox.store.setTeamMembers('acme', 'engineering', ['u00001', 'u00002', 'u00003', 'u00004', 'u00005'].map((userId) => ({ userId, role: 'member' as const })));
  const dir = mkdtempSync(join(tmpdir(), 'teamctl-confirm-'));
  roster = join(dir, 'roster.csv');
  writeFileSync(roster, 'email,role\nuser00001@example.com,owner\nuser00002@example.com,\nuser00003@example.com,member\nuser00004@example.com,member\n');
  env = { TEAMCTL_CONFIG_DIR: dir, TEAMCTL_STATE_DIR: dir, TEAMCTL_BASE_URL: sandbox.url, TEAMCTL_TOKEN: sandbox.token, TEAMCTL_ORG: 'acme', TEAMCTL_TEAM: 'engineering' };
});
afterEach(async () => {
  await sandbox.close();
});

const terminal = (answer: string) => fakeStreams({ stdin: answer, stdinIsTTY: true, stderrIsTTY: true });
const changes = () => sandbox.requests.filter((r) => r.method !== 'GET');
const members = () => sandbox.store.teamMembers('acme', 'engineering').map((m) => `${m.userId}:${m.role}`);

describe('members sync --prune confirmation', () => {
  it('asks on a terminal and applies on yes', async () => {
    const streams = terminal('y\n');
    const code = await main(['--no-color', 'members', 'sync', '--roster', roster, '--prune'], { streams, env });
    expect(streams.err()).toContain('Remove 1 member missing from the roster from team "Platform Engineering" (engineering)? [y/N]');
    expect(code).toBe(0);
    expect(members()).toEqual(['u00001:owner', 'u00002:member', 'u00003:member', 'u00004:member']);
  });

  it('sends nothing and exits 3 when the answer is no', async () => {
    const streams = terminal('n\n');
    const code = await main(['members', 'sync', '--roster', roster, '--prune'], { streams, env });
    expect(code).toBe(3);
    expect(streams.err()).toContain('error: not confirmed; nothing was sent');
    expect(changes()).toEqual([]);
  });

  it('does not ask with --yes, nor on a dry run', async () => {
    const dry = terminal('');
    expect(await main(['members', 'sync', '--roster', roster, '--prune', '--dry-run'], { streams: dry, env })).toBe(0);
    expect(dry.err()).not.toContain('[y/N]');
    expect(changes()).toEqual([]);
    const yes = terminal('');
    expect(await main(['-y', 'members', 'sync', '--roster', roster, '--prune'], { streams: yes, env })).toBe(0);
    expect(yes.err()).not.toContain('[y/N]');
    expect(members()).toHaveLength(4);
  });

  it('without a terminal and without --yes: exit 3, nothing sent, and says to pass --yes', async () => {
    const streams = fakeStreams();
    expect(await main(['members', 'sync', '--roster', roster, '--prune'], { streams, env })).toBe(3);
    expect(streams.err()).toMatch(/error: --prune would remove 1 member missing from the roster from team "Platform Engineering" \(engineering\), which needs confirmation; nothing was sent\nhint: .*--yes/);
    expect(changes()).toEqual([]);
  });

  it('never asks for removals the admin named', async () => {
    const streams = terminal('');
    expect(await main(['members', 'sync', '--remove', 'u00005'], { streams, env })).toBe(0);
    expect(streams.err()).not.toContain('[y/N]');
    expect(members()).toHaveLength(4);
  });
});
