import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandPaths } from '../helpers/command-paths.js';
import { newConfigDir, runCli, sandboxWithEnv, type SandboxEnv } from './harness.js';

let s: SandboxEnv;
beforeAll(async () => {
  s = await sandboxWithEnv();
});
afterAll(async () => {
  await s.sandbox.close();
});

const mode = (path: string) => statSync(path).mode & 0o777;

describe('auth', () => {
  it('login --with-token stores the token 0600; status masks it; the stored token works; logout removes it', async () => {
    const configDir = newConfigDir();
    const login = await runCli(['auth', 'login', '--base-url', s.sandbox.url, '--with-token'], { configDir, stdin: `${s.sandbox.token}\n` });
    expect(login.code).toBe(0);
    expect(login.stdout + login.stderr).not.toContain(s.sandbox.token);
    const file = join(configDir, 'config.json');
    expect(mode(file)).toBe(0o600);
    expect(mode(configDir)).toBe(0o700);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ profiles: { default: { token: s.sandbox.token, 'base-url': s.sandbox.url } } });

    const status = await runCli(['auth', 'status'], { configDir });
    expect(status.code).toBe(0);
    expect(status.stdout).toContain(`token: ****${s.sandbox.token.slice(-4)} (from ${file})`);
    expect(status.stdout).toContain(`base-url: ${s.sandbox.url} (config)`);
    expect(status.stdout + status.stderr).not.toContain(s.sandbox.token);

    const list = await runCli(['members', 'list', '--org', 'acme', '--team', 'design', '-o', 'ndjson'], { configDir });
    expect(list.code).toBe(0);
    expect(list.stdout.trimEnd().split('\n').length).toBe(s.sandbox.store.teamMembers('acme', 'design').length);

    const logout = await runCli(['auth', 'logout'], { configDir });
    expect(logout.code).toBe(0);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ profiles: { default: { 'base-url': s.sandbox.url } } });
    const after = await runCli(['auth', 'status'], { configDir });
    expect(after.code).toBe(4);
    const listAfter = await runCli(['members', 'list', '--org', 'acme', '--team', 'design'], { configDir });
    expect(listAfter.code).toBe(4);
    expect(listAfter.stderr).toContain('teamctl auth login');
  });

  it('status reports a token from the environment, masked', async () => {
    const r = await runCli(['auth', 'status'], { env: { TEAMCTL_TOKEN: 'abcdefgh12345678' } });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('token: ****5678 (from environment (TEAMCTL_TOKEN))');
    expect(r.stdout).not.toContain('abcdefgh');
  });

  it('an empty TEAMCTL_TOKEN is a usage error naming it, never a fall-back to the stored token; nothing is sent', async () => {
    const configDir = newConfigDir();
    expect((await runCli(['auth', 'login', '--base-url', s.sandbox.url, '--with-token'], { configDir, stdin: `${s.sandbox.token}\n` })).code).toBe(0);
    const before = s.sandbox.requests.length;
    for (const empty of ['', ' ']) {
      const r = await runCli(['members', 'list', '--org', 'acme', '--team', 'design'], { configDir, env: { TEAMCTL_TOKEN: empty } });
      expect(r.code).toBe(2);
      expect(r.stderr).toContain('TEAMCTL_TOKEN is set but empty; give it a value or unset it');
      expect((await runCli(['auth', 'status'], { configDir, env: { TEAMCTL_TOKEN: empty } })).code).toBe(2);
    }
    expect(s.sandbox.requests.length).toBe(before);
  });

  it('keeps profiles apart', async () => {
    const configDir = newConfigDir();
    expect((await runCli(['--profile', 'staging', 'auth', 'login', '--with-token', '--no-verify'], { configDir, stdin: 'staging-token-00005678' })).code).toBe(0);
    expect((await runCli(['auth', 'status'], { configDir })).code).toBe(4);
    const staging = await runCli(['auth', 'status'], { configDir, env: { TEAMCTL_PROFILE: 'staging' } });
    expect(staging.code).toBe(0);
    expect(staging.stdout).toContain('profile: staging');
    expect(staging.stdout).toContain('****5678');
  });

  it('login asks the service whose token it is before storing it: a refused token is exit 4, nothing stored; --no-verify stores offline', async () => {
    const configDir = newConfigDir();
    const asked = (): number => s.sandbox.requests.filter((q) => q.path === '/v1/user').length;
    const mark = asked();
    const wrong = await runCli(['auth', 'login', '--base-url', s.sandbox.url, '--with-token'], { configDir, stdin: 'sbx_not_the_token_0000\n' });
    expect(wrong.code).toBe(4);
    expect(wrong.stderr).toMatch(/^error: the service refuses this token: .*nothing was stored/m);
    expect(() => statSync(join(configDir, 'config.json'))).toThrow();
    const right = await runCli(['auth', 'login', '--base-url', s.sandbox.url, '--with-token'], { configDir, stdin: `${s.sandbox.token}\n` });
    expect(right.code).toBe(0);
    expect(right.stderr).toContain('for Sandbox Admin <admin@sandbox.example.com> (u-sandbox-admin)');
    expect(asked() - mark).toBe(2);
    // TEAMCTL_BASE_URL names the service to ask, as it does for every command.
    const fromEnv = await runCli(['auth', 'login', '--with-token'], { configDir: newConfigDir(), env: { TEAMCTL_BASE_URL: s.sandbox.url }, stdin: `${s.sandbox.token}\n` });
    expect(fromEnv.code, fromEnv.stderr).toBe(0);
    expect(asked() - mark).toBe(3);
    const offline = await runCli(['auth', 'login', '--with-token', '--no-verify'], { configDir: newConfigDir(), stdin: 'sbx_offline_token_0000\n' });
    expect(offline.code).toBe(0);
    expect(asked() - mark).toBe(3);
  });

  it('status says whose token it is, or that the service refuses it (exit 4); whoami prints the user and the settings in use', async () => {
    const ok = await runCli(['auth', 'status'], { env: s.env });
    expect(ok.code).toBe(0);
    expect(ok.stdout).toContain('user: Sandbox Admin <admin@sandbox.example.com> (u-sandbox-admin)');
    const refused = await runCli(['auth', 'status', '--json'], { env: { ...s.env, TEAMCTL_TOKEN: 'sbx_not_the_token_0000' } });
    expect(refused.code).toBe(4);
    expect(JSON.parse(refused.stdout)).toMatchObject({ user: null, accepted: false });
    const who = await runCli(['whoami', '--json'], { env: s.env });
    expect(who.code).toBe(0);
    expect(JSON.parse(who.stdout)).toEqual({ id: 'u-sandbox-admin', displayName: 'Sandbox Admin', email: 'admin@sandbox.example.com', baseUrl: s.sandbox.url, org: 'acme', saml: [{ id: 'saml-okta', label: 'Okta', status: 'active', defaultTeam: { id: 'engineering', title: 'Platform Engineering' }, defaultRole: 'read' }] });
    expect((await runCli(['whoami'], { env: { ...s.env, TEAMCTL_TOKEN: 'sbx_not_the_token_0000' } })).code).toBe(4);
  });

  it('login without --with-token and without a terminal is a usage error (exit 2), nothing stored', async () => {
    const configDir = newConfigDir();
    const r = await runCli(['auth', 'login'], { configDir, stdin: 'tok-should-not-be-read' });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^error: no token/);
    expect(() => statSync(join(configDir, 'config.json'))).toThrow();
  });

  it('login refuses an empty, odd or endless token, naming why, and stores nothing', async () => {
    const cases: [string, RegExp][] = [
      ['  \n', /the token is empty/],
      ['abcdefgh12345678\u001b[2J', /characters a bearer token cannot have/],
      ['abcdefgh 12345678', /characters a bearer token cannot have/],
      ['abcdefgh|12345678', /characters a bearer token cannot have/],
      ['x'.repeat(5000), /has 5000 characters: a token has at most 4096/],
      ['x'.repeat(20_000), /standard input holds more than 16384 bytes: that is not a token/],
    ];
    for (const [stdin, message] of cases) {
      const configDir = newConfigDir();
      const r = await runCli(['auth', 'login', '--with-token'], { configDir, stdin });
      expect(r.code, stdin.slice(0, 20)).toBe(2);
      expect(r.stderr).toMatch(message);
      expect(() => statSync(join(configDir, 'config.json'))).toThrow();
    }
  });

  it('login --no-verify refuses a token of 15 characters and stores one of 16; the service is asked about a short TEAMCTL_TOKEN first', async () => {
    const refused = newConfigDir();
    const short = await runCli(['auth', 'login', '--with-token', '--no-verify'], { configDir: refused, stdin: 'abcdefgh1234567\n' });
    expect(short.code).toBe(2);
    expect(short.stderr).toMatch(/has 15 characters: a token has at least 16/);
    expect(existsSync(join(refused, 'config.json'))).toBe(false);
    const stored = newConfigDir();
    expect((await runCli(['auth', 'login', '--with-token', '--no-verify'], { configDir: stored, stdin: 'abcdefgh12345678\n' })).code).toBe(0);
    expect(JSON.parse(readFileSync(join(stored, 'config.json'), 'utf8')).profiles.default.token).toBe('abcdefgh12345678');

    const t = await sandboxWithEnv({ token: 'tok_0123456789ab' });
    try {
      // One character short of the sandbox's token: the service refuses it (exit 4), one GET /user sent.
      const tooShort = await runCli(['members', 'list'], { env: { ...t.env, TEAMCTL_TOKEN: 'tok_0123456789a' } });
      expect(tooShort.code, tooShort.stderr).toBe(4);
      expect(t.sandbox.requests.map((r) => [r.method, r.path, r.status])).toEqual([['GET', '/v1/user', 401]]);
      const listed = await runCli(['members', 'list', '--json'], { env: t.env });
      expect(listed.code, listed.stderr).toBe(0);
      expect(JSON.parse(listed.stdout)).toHaveLength(t.sandbox.store.teamMembers('acme', 'engineering').length);
      expect(t.sandbox.requests.length).toBeGreaterThan(1);
    } finally {
      await t.sandbox.close();
    }
  });

  it('has no --token option anywhere', async () => {
    for (const args of [['--token', 'x', 'members', 'list'], ['auth', 'login', '--token', 'x'], ['members', 'list', '--token', 'x']]) {
      const r = await runCli(args);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain("unknown option '--token'");
    }
  });
});

describe('plain http', () => {
  let server: Server;
  let connections = 0;
  let port = 0;
  beforeAll(async () => {
    // 0.0.0.0 is not a loopback address, yet connecting to it reaches this machine: if teamctl
    // ever tried, this listener would count the connection.
    server = createServer((socket) => {
      connections++;
      socket.destroy();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as { port: number }).port;
  });
  afterAll(() => {
    server.close();
  });

  it('is refused for a non-loopback host with exit 2, without a connection attempt', async () => {
    const r = await runCli(['members', 'list', '--base-url', `http://0.0.0.0:${port}`], { env: { ...s.env, TEAMCTL_BASE_URL: undefined } });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^error: refusing plain http:\/\/ to 0\.0\.0\.0/);
    const login = await runCli(['auth', 'login', '--base-url', 'http://api.example.com', '--with-token'], { stdin: 'tok' });
    expect(login.code).toBe(2);
    expect(connections).toBe(0);
  });

  it('is allowed for loopback (the sandbox)', async () => {
    const r = await runCli(['members', 'list', '--base-url', s.sandbox.url.replace('127.0.0.1', 'localhost')], { env: s.env });
    expect(r.code).toBe(0);
  });
});

describe('config', () => {
  it('list makes each value one line on a pipe: a config file edited by hand cannot forge a line', async () => {
    const configDir = newConfigDir();
    writeFileSync(join(configDir, 'config.json'), JSON.stringify({ profiles: { default: { org: 'acme\nerror: forged\u001b[8m\u2028', team: 't' } } }), { mode: 0o600 });
    const r = await runCli(['config', 'list'], { configDir });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('org=acme\\nerror: forged\\e[8m\\u2028\nteam=t\n');
    expect(JSON.parse((await runCli(['config', 'list', '--json'], { configDir })).stdout)).toEqual({ org: 'acme\nerror: forged\u001b[8m\u2028', team: 't' });
  });

  it('set, get, list, unset, path', async () => {
    const configDir = newConfigDir();
    expect((await runCli(['config', 'set', 'org', 'acme'], { configDir })).code).toBe(0);
    expect((await runCli(['config', 'set', 'output', 'json'], { configDir })).code).toBe(0);
    expect((await runCli(['config', 'get', 'org'], { configDir })).stdout).toBe('acme\n');
    expect((await runCli(['config', 'list'], { configDir })).stdout).toBe('org=acme\noutput=json\n');
    expect((await runCli(['config', 'unset', 'org'], { configDir })).code).toBe(0);
    const missing = await runCli(['config', 'get', 'org'], { configDir });
    expect(missing.code).toBe(1);
    expect(missing.stdout).toBe('');
    expect((await runCli(['config', 'path'], { configDir })).stdout).toBe(join(configDir, 'config.json') + '\n');
    expect(mode(join(configDir, 'config.json'))).toBe(0o600);
  });

  it('refuses unknown keys, bad values and the token', async () => {
    for (const args of [
      ['config', 'set', 'token', 'x'],
      ['config', 'set', 'colour', 'x'],
      ['config', 'set', 'output', 'xml'],
      ['config', 'set', 'base-url', 'http://example.com'],
      ['config', 'get', 'nope'],
    ]) {
      expect((await runCli(args)).code).toBe(2);
    }
  });

  it('a config file with a value of the wrong type: exit 2 naming the file and the key, no stack trace, nothing sent', async () => {
    const configDir = newConfigDir();
    const file = join(configDir, 'config.json');
    const profile = { 'base-url': s.sandbox.url, org: 'acme', team: 'engineering', token: s.sandbox.token };
    for (const [bad, key] of [
      [{ token: 1234567890123456 }, 'token'],
      [{ 'base-url': 7 }, 'base-url'],
    ] as const) {
      writeFileSync(file, JSON.stringify({ profiles: { default: { ...profile, ...bad } } }));
      for (const args of [['members', 'list'], ['auth', 'status'], ['config', 'set', 'org', 'x']]) {
        const mark = s.sandbox.requests.length;
        const r = await runCli(args, { configDir });
        expect({ args, code: r.code }).toEqual({ args, code: 2 });
        expect(r.stderr).toContain(`error: the config file ${file}: "profiles.default.${key}" is not a string (a number)`);
        expect(r.stderr).not.toMatch(/^\s+at /m);
        expect(s.sandbox.requests.length).toBe(mark);
      }
      expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ profiles: { default: bad } });
    }
  });

  it('a profile name that is not like an id (__proto__, constructor, a space): exit 2 naming --profile or TEAMCTL_PROFILE; nothing stored', async () => {
    const configDir = newConfigDir();
    for (const [args, env, from] of [
      [['config', 'set', 'org', 'x'], { TEAMCTL_PROFILE: '__proto__' }, 'TEAMCTL_PROFILE'],
      [['config', 'set', 'org', 'x', '--profile', 'constructor'], {}, '--profile'],
      [['auth', 'login', '--with-token', '--profile', 'my profile'], {}, '--profile'],
    ] as const) {
      const r = await runCli([...args], { configDir, env, stdin: `${s.sandbox.token}\n` });
      expect({ args, code: r.code }).toEqual({ args, code: 2 });
      expect(r.stderr).toMatch(new RegExp(`^error: invalid profile name "[^"]+" \\(from ${from}\\)`, 'm'));
    }
    expect(existsSync(join(configDir, 'config.json'))).toBe(false);
    // A name like an id works, and is stored under that name.
    expect((await runCli(['config', 'set', 'org', 'x'], { configDir, env: { TEAMCTL_PROFILE: 'prod-eu.2_a' } })).code).toBe(0);
    expect(JSON.parse(readFileSync(join(configDir, 'config.json'), 'utf8'))).toEqual({ profiles: { 'prod-eu.2_a': { org: 'x' } } });
  });

  it('uses the profile output format', async () => {
    const configDir = newConfigDir();
    await runCli(['config', 'set', 'output', 'ndjson'], { configDir });
    const r = await runCli(['members', 'list'], { configDir, env: s.env });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout.split('\n')[0] ?? '')).toHaveProperty('team.role');
  });

  it('the profile output format decides JSON for auth status as for every command (-o overrides it); config list stays key=value', async () => {
    const configDir = newConfigDir();
    await runCli(['config', 'set', 'output', 'json'], { configDir });
    const status = await runCli(['auth', 'status'], { configDir, env: s.env });
    expect(status.code).toBe(0);
    expect(JSON.parse(status.stdout)).toMatchObject({ profile: 'default', org: { value: 'acme' } });
    expect((await runCli(['config', 'list'], { configDir })).stdout).toBe('output=json\n');
    expect((await runCli(['auth', 'status', '-o', 'tsv'], { configDir, env: s.env })).stdout).toMatch(/^profile: default$/m);
  });
});

describe('help and version', () => {
  it('prints the version', async () => {
    const r = await runCli(['--version']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
  });

  it('shows at least one example in every command help', async () => {
    const commands = await commandPaths();
    // The walk itself is checked: it finds the commands it must (and more as they are added).
    expect(commands.map((c) => c.join(' '))).toEqual(expect.arrayContaining(['', 'members sync', 'glossary delete', 'apply', 'completion', 'auth login']));
    for (const c of commands) {
      const r = await runCli([...c, '--help']);
      expect(r.code, c.join(' ')).toBe(0);
      expect(r.stdout, c.join(' ')).toMatch(/Examples:\n {2}\$ .*teamctl /);
    }
  });

  it('treats an unknown command as a usage error', async () => {
    expect((await runCli(['frobnicate'])).code).toBe(2);
    expect((await runCli([])).code).toBe(0); // bare teamctl is help, like gh
  });
});
