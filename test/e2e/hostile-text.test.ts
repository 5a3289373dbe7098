// Text from a hostile service on a person's screen (README, "Reliability"): an error message or an
// e-mail cannot clear the screen, set the title or forge a line; a long message is cut.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, sandboxWithEnv, type SandboxEnv } from './harness.js';

let s: SandboxEnv;
beforeAll(async () => {
  s = await sandboxWithEnv({ seed: 'demo' });
});
afterAll(async () => {
  await s.sandbox.close();
});

// eslint-disable-next-line no-control-regex
const raw = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202e]/;

describe('hostile text from the service', () => {
  it('an error message with escapes and a forged error line is shown on one line, escaped, and cut at 500 characters', async () => {
    s.sandbox.intercept(() => ({ kind: 'respond', status: 400, body: { error: { code: 400, message: `bad\u001b[2J\u001b]0;owned\u0007\nerror: forged ${'x'.repeat(4000)}` } } }));
    try {
      const r = await runCli(['glossary', 'get', 'ge_1'], { env: s.env });
      expect(r.code).toBe(1);
      expect(r.stderr).not.toMatch(raw);
      expect(r.stderr).not.toMatch(/^error: forged/m);
      expect(r.stderr).toContain('bad\\e[2J\\e]0;owned\\u0007\\nerror: forged');
      // The service's message is cut at 500 characters: of the 4,000 x, fewer than 500 are shown.
      const xs = /x+/.exec(r.stderr)?.[0].length ?? 0;
      expect(xs).toBeGreaterThan(400);
      expect(xs).toBeLessThan(500);
      expect(r.stderr).toMatch(/x+…/);
    } finally {
      s.sandbox.clearIntercepts();
    }
  });

  it('a member whose e-mail holds a line break and an override is planned on one escaped line', async () => {
    const item = (id: string, email: string, role: 'owner' | 'member') => ({
      organization: { object: 'member', id, role: 'edit', user: { object: 'user', id, displayName: 'x', email, urls: { location: '' } }, disabled: false, joinedAt: '', sso: false, spaces: 0, teams: 1 },
      team: { role },
      permissions: { view: true },
    });
    s.sandbox.intercept((req) =>
      req.method === 'GET' && req.path.endsWith('/members')
        ? { kind: 'respond', status: 200, body: { items: [item('u1', 'boss@example.com', 'owner'), item('u2', 'evil@example.com\nerror: forged\u202e', 'member')] } }
        : undefined,
    );
    try {
      const r = await runCli(['members', 'remove', 'u2', '--dry-run'], { env: s.env });
      expect(r.code).toBe(0);
      expect(r.stderr).toContain('  - evil@example.com\\nerror: forged\\u202e');
      expect(r.stderr).not.toMatch(/^error: forged/m);
      expect(r.stderr).not.toMatch(raw);
    } finally {
      s.sandbox.clearIntercepts();
    }
  });
});
