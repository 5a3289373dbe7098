// The token never reaches a file teamctl writes (README, "Talking to the service"): a service
// that echoes it in an error message, or data that happens to contain it, is redacted in the
// --report CSV, the JSON report and exports exactly as on stdout and stderr.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli, sandboxWithEnv, type SandboxEnv } from './harness.js';

let s: SandboxEnv;
beforeEach(async () => {
  s = await sandboxWithEnv({ seed: 'empty' });
  s.sandbox.store.addUsers('acme', 5);
  s.sandbox.store.createTeam('acme', 't');
  s.sandbox.store.setTeamMembers('acme', 't', [{ userId: 'u00001', role: 'owner' }]);
  s.env.TEAMCTL_TEAM = 't';
});
afterEach(async () => {
  await s.sandbox.close();
});

const dir = mkdtempSync(join(tmpdir(), 'teamctl-secrets-'));

describe('the token in files', () => {
  it('is redacted in --report and --json when the service quotes it in an error', async () => {
    const token = s.sandbox.token;
    s.sandbox.intercept((req) =>
      req.method === 'PUT' ? { kind: 'respond', status: 400, body: { error: { code: 400, message: `bad request from Bearer ${token}` } } } : undefined,
    );
    const report = join(dir, 'add-report.csv');
    const r = await runCli(['members', 'add', 'u00002', '--report', report, '--json', '--debug'], { env: s.env });
    expect(r.code).toBe(1);
    const csv = readFileSync(report, 'utf8');
    // The service's message is in the file, with the token replaced.
    expect(csv).toContain('bad request from Bearer ***');
    expect(csv).not.toContain(token);
    expect(r.stdout).toContain('Bearer ***');
    expect(r.stdout + r.stderr).not.toContain(token);
    expect(s.sandbox.store.teamMembers('acme', 't').map((m) => m.userId)).toEqual(['u00001']);
  });

  it('is redacted in exports', async () => {
    const token = s.sandbox.token;
    s.sandbox.store.applyGlossaryOperations('acme', [{ type: 'insert', translations: { en: `key ${token}`, fr: 'clé' } }], new Date().toISOString());
    for (const format of ['csv', 'json', 'tbx']) {
      const out = join(dir, `export.${format}`);
      const r = await runCli(['glossary', 'export', '--format', format, '-f', out], { env: s.env });
      expect(r.code).toBe(0);
      const text = readFileSync(out, 'utf8');
      expect(text).toContain('key ***');
      expect(text).not.toContain(token);
    }
  });
});
