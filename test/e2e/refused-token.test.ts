// A token the service refuses is exit 4 whatever its length; one that cannot be sent at all is a
// usage error naming where it came from (README, "auth"; `teamctl help environment`).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newConfigDir, runCli, sandboxWithEnv, type SandboxEnv } from './harness.js';

let s: SandboxEnv;
let short: SandboxEnv;
beforeAll(async () => {
  s = await sandboxWithEnv();
  // A service whose token is shorter than teamctl works with.
  short = await sandboxWithEnv({ token: 'short_tok' });
});
afterAll(async () => {
  await s.sandbox.close();
  await short.sandbox.close();
});

const sent = (env: SandboxEnv, mark: number): [string, string, number][] => env.sandbox.requests.slice(mark).map((r) => [r.method, r.path, r.status]);

describe('a short TEAMCTL_TOKEN', () => {
  for (const token of ['exam', 'x', 'tok_0123456789a']) {
    it(`${JSON.stringify(token)}, which the service refuses, is exit 4 with nothing changed`, async () => {
      const before = s.sandbox.store.teamMembers('acme', 'engineering').length;
      const mark = s.sandbox.requests.length;
      const r = await runCli(['members', 'add', 'newcomer@example.com'], { env: { ...s.env, TEAMCTL_TOKEN: token } });
      expect(r.code, r.stderr).toBe(4);
      expect(r.stderr).toMatch(/^error: authentication failed \(401\)/);
      expect(r.stderr).toContain('TEAMCTL_TOKEN');
      // Only the question whose token it is; no write.
      expect(sent(s, mark)).toEqual([['GET', '/v1/user', 401]]);
      expect(s.sandbox.store.teamMembers('acme', 'engineering')).toHaveLength(before);
    });
  }

  it('that the service accepts is refused all the same (exit 2), after one GET /user and nothing else, never printed', async () => {
    const before = short.sandbox.store.teamMembers('acme', 'engineering').length;
    const mark = short.sandbox.requests.length;
    const r = await runCli(['members', 'add', 'newcomer@example.com'], { env: short.env });
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toContain('the token from environment (TEAMCTL_TOKEN) has 9 characters: the service accepts it, but teamctl works only with tokens of at least 16');
    expect(r.stderr + r.stdout).not.toContain('short_tok');
    expect(sent(short, mark)).toEqual([['GET', '/v1/user', 200]]);
    expect(short.sandbox.store.teamMembers('acme', 'engineering')).toHaveLength(before);
  });

  it('auth status says the service refuses it (exit 4)', async () => {
    const r = await runCli(['auth', 'status', '--json'], { env: { ...s.env, TEAMCTL_TOKEN: 'exam' } });
    expect(r.code).toBe(4);
    expect(JSON.parse(r.stdout)).toMatchObject({ user: null, accepted: false });
  });
});

describe('auth login with a short token', () => {
  it('one the service refuses is exit 4, nothing stored', async () => {
    const configDir = newConfigDir();
    const r = await runCli(['auth', 'login', '--with-token', '--base-url', s.sandbox.url], { configDir, stdin: 'abcd1234\n' });
    expect(r.code, r.stderr).toBe(4);
    expect(r.stderr).toMatch(/^error: the service refuses this token/);
    expect(existsSync(join(configDir, 'config.json'))).toBe(false);
  });

  it('one the service accepts is exit 2, nothing stored', async () => {
    const configDir = newConfigDir();
    const r = await runCli(['auth', 'login', '--with-token', '--base-url', short.sandbox.url], { configDir, stdin: 'short_tok\n' });
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toContain('has 9 characters: the service accepts it');
    expect(r.stderr).toContain('nothing was stored');
    expect(existsSync(join(configDir, 'config.json'))).toBe(false);
  });
});

describe('a TEAMCTL_TOKEN that cannot be sent', () => {
  for (const token of ['abcdefgh\n12345678', 'abcdefgh12345678\r\n', 'abcdefgh\u001b[2J12345678', 'ab\u0000cd']) {
    it(`${JSON.stringify(token)} is a usage error naming the variable (exit 2), nothing sent, the token never printed`, async () => {
      const mark = s.sandbox.requests.length;
      const r = await runCli(['members', 'list'], { env: { ...s.env, TEAMCTL_TOKEN: token } });
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/^error: the token from environment \(TEAMCTL_TOKEN\) has white space, control or non-ASCII characters, which a request header cannot carry; nothing was sent/);
      for (const piece of token.split(/[^\x21-\x7e]/).filter((p) => p.length >= 4)) expect(r.stderr + r.stdout).not.toContain(piece);
      expect(s.sandbox.requests.length).toBe(mark);
    });
  }
});
