// A rehearsal is one service (README, "sandbox"): a sandbox started with --data keeps one identity
// across runs and ports, handed to the command it runs as TEAMCTL_SANDBOX_ID, and the journal names
// the sandbox by it, so a write rehearsed twice is sent once. The data file is the reference.
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadDataFile } from '../../src/sandbox/persistence.js';
import { startSandbox } from '../../src/sandbox/server.js';
import { newConfigDir, runCli, sandboxWithEnv } from './harness.js';

const tempDir = (): string => mkdtempSync(join(tmpdir(), 'teamctl-identity-'));

describe('a sandbox started with --data', () => {
  it('keeps its identity across restarts and ports; one in memory, or on another file, is another service', async () => {
    const data = join(tempDir(), 's.json');
    const first = await startSandbox({ port: 0, dataFile: data });
    await first.close();
    const second = await startSandbox({ port: 0, dataFile: data });
    await second.close();
    expect(second.identity).toMatch(/^[0-9a-f]{32}$/);
    expect(second.identity).toBe(first.identity);
    const others = [await startSandbox({ port: 0 }), await startSandbox({ port: 0, dataFile: join(tempDir(), 's.json') })];
    for (const other of others) {
      expect(other.identity).not.toBe(first.identity);
      await other.close();
    }
  });

  it('`sandbox --port 0 --data s.json -- teamctl members add … --invite` twice sends one invitation', async () => {
    const data = join(tempDir(), 's.json');
    const state = tempDir();
    const rehearse = (): ReturnType<typeof runCli> =>
      runCli(['sandbox', '--port', '0', '--data', data, '--', 'teamctl', 'members', 'add', 'new@example.com', '--invite', '--yes'], {
        spawn: true,
        // Two config folders and HOMEs: the state folder is the user's, the same for both.
        configDir: newConfigDir(),
        env: { TEAMCTL_STATE_DIR: state },
      });
    const once = await rehearse();
    expect(once.code, once.stderr).toBe(0);
    const again = await rehearse();
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toMatch(/new@example\.com invited \d{4}-\d\d-\d\d, pending/);
    const store = await loadDataFile(data);
    expect(store?.invitationsSent('acme', 'new@example.com')).toBe(1);
  });

  it('TEAMCTL_SANDBOX_ID names the sandbox at TEAMCTL_BASE_URL only: another service keeps its own journal; a malformed one is refused', async () => {
    const s = await sandboxWithEnv({ seed: 'demo' });
    const other = await startSandbox({ port: 0, seed: 'demo' });
    try {
      const state = tempDir();
      const id = 'ab'.repeat(16);
      const env = { ...s.env, TEAMCTL_STATE_DIR: state, TEAMCTL_SANDBOX_ID: id };
      const add = ['members', 'add', 'new@example.com', '--invite', '--yes'];
      expect((await runCli(add, { env })).code).toBe(0);
      // The same sandbox through another spelling of its base URL: the identity holds.
      const same = await runCli(['--base-url', s.sandbox.url.replace('127.0.0.1', 'localhost'), ...add], { env });
      expect(same.stderr).toMatch(/invited \d{4}-\d\d-\d\d, pending/);
      expect(s.sandbox.store.invitationsSent('acme', 'new@example.com')).toBe(1);
      // Another service named by --base-url is not the sandbox the identity names: its own journal.
      const elsewhere = await runCli(['--base-url', other.url, ...add], { env: { ...env, TEAMCTL_TOKEN: other.token } });
      expect(elsewhere.code, elsewhere.stderr).toBe(0);
      expect(other.store.invitationsSent('acme', 'new@example.com')).toBe(1);
      const origins = readdirSync(join(state, 'journal')).filter((n) => n.endsWith('.json')).map((n) => (JSON.parse(readFileSync(join(state, 'journal', n), 'utf8')) as { origin: string }).origin);
      expect(origins.sort()).toEqual([`http://loopback:${new URL(other.url).port}`, `sandbox:${id}`]);
      // A TEAMCTL_BASE_URL that cannot be read names no sandbox: the base URL given keeps its own journal.
      const unread = await runCli(['--base-url', s.sandbox.url, 'members', 'add', 'late@example.com', '--invite', '--yes'], { env: { ...env, TEAMCTL_BASE_URL: 'not a url' } });
      expect(unread.code, unread.stderr).toBe(0);
      expect(readdirSync(join(state, 'journal')).filter((n) => n.endsWith('.json'))).toHaveLength(3);
      const bad = await runCli(add, { env: { ...env, TEAMCTL_SANDBOX_ID: 'not-an-id' } });
      expect(bad.code).toBe(2);
      expect(bad.stderr).toContain('TEAMCTL_SANDBOX_ID is not a sandbox identity (16 to 64 hex digits); nothing was sent');
      expect(s.sandbox.store.invitationsSent('acme', 'new@example.com')).toBe(1);
    } finally {
      await s.sandbox.close();
      await other.close();
    }
  });
});
