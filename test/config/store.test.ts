import { chmodSync, mkdirSync, mkdtempSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigStore, configDir, maxConfigBytes } from '../../src/config/store.js';
import { UsageError } from '../../src/errors.js';
import { runCli } from '../e2e/harness.js';

const mode = (path: string) => statSync(path).mode & 0o777;

describe('ConfigStore', () => {
  it('uses TEAMCTL_CONFIG_DIR, else the platform config dir', () => {
    expect(configDir({ TEAMCTL_CONFIG_DIR: '/x/y' })).toBe('/x/y');
    if (process.platform === 'linux') expect(configDir({ XDG_CONFIG_HOME: '/xdg' })).toBe('/xdg/teamctl');
  });

  it('creates the file 0600 in a 0700 folder, with profiles kept apart', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'teamctl-')), 'nested', 'cfg');
    const store = new ConfigStore({ TEAMCTL_CONFIG_DIR: dir });
    await store.update('default', (p) => {
      p.token = 'secret-token-1234';
      p.org = 'acme';
    });
    await store.update('staging', (p) => {
      p.org = 'acme-staging';
    });
    expect(mode(dir)).toBe(0o700);
    expect(mode(store.path)).toBe(0o600);
    const reread = new ConfigStore({ TEAMCTL_CONFIG_DIR: dir });
    expect(reread.profile('default')).toEqual({ token: 'secret-token-1234', org: 'acme' });
    expect(reread.profile('staging')).toEqual({ org: 'acme-staging' });
    expect(reread.profile('missing')).toEqual({});
    expect(JSON.parse(readFileSync(store.path, 'utf8'))).toEqual({
      profiles: { default: { token: 'secret-token-1234', org: 'acme' }, staging: { org: 'acme-staging' } },
    });
  });

  it('tightens a file and folder that existed with looser bits', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'teamctl-'));
    chmodSync(dir, 0o755);
    const path = join(dir, 'config.json');
    writeFileSync(path, JSON.stringify({ profiles: { default: { org: 'x' } } }), { mode: 0o644 });
    chmodSync(path, 0o644);
    const store = new ConfigStore({ TEAMCTL_CONFIG_DIR: dir });
    await store.update('default', (p) => {
      p.token = 'tok-abcd';
    });
    expect(mode(path)).toBe(0o600);
    expect(mode(dir)).toBe(0o700);
    expect(new ConfigStore({ TEAMCTL_CONFIG_DIR: dir }).profile('default')).toEqual({ org: 'x', token: 'tok-abcd' });
  });

  it('reports a broken config file as a usage error naming it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'teamctl-'));
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'config.json'), '{not json');
    expect(() => new ConfigStore({ TEAMCTL_CONFIG_DIR: dir }).profile('default')).toThrow(/config\.json is not valid JSON/);
  });
});

describe('ConfigStore: hostile config files', () => {
  const storeWith = (text: string | Buffer) => {
    const dir = mkdtempSync(join(tmpdir(), 'teamctl-'));
    writeFileSync(join(dir, 'config.json'), text);
    return new ConfigStore({ TEAMCTL_CONFIG_DIR: dir });
  };
  const usage = (f: () => unknown): string => {
    try {
      f();
    } catch (err) {
      expect(err).toBeInstanceOf(UsageError);
      return (err as Error).message;
    }
    throw new Error('accepted');
  };

  it('names the file and the key of a value of the wrong type (never its value: it may be the token)', () => {
    const s1 = storeWith('{"profiles":{"default":{"org":5}}}');
    expect(usage(() => s1.profile('default'))).toBe(`the config file ${s1.path}: "profiles.default.org" is not a string (a number)`);
    const s2 = storeWith('{"profiles":{"ci":{"token":["tok_secret"]}}}');
    expect(usage(() => s2.profile('default'))).toBe(`the config file ${s2.path}: "profiles.ci.token" is not a string (an array)`);
    expect(usage(() => storeWith('{"profiles":[]}').profile('default'))).toContain('"profiles" is not an object of profiles');
    expect(usage(() => storeWith('{"profiles":{"default":"acme"}}').profile('default'))).toContain('"profiles.default" is not an object');
    expect(usage(() => storeWith('[1]').profile('default'))).toMatch(/config\.json is not a JSON object$/);
    // Keys teamctl does not know are left alone.
    expect(storeWith('{"profiles":{"default":{"org":"a","x":1}},"other":2}').profile('default')).toEqual({ org: 'a', x: 1 });
  });

  it('refuses a config file that is a device or larger than its limit, without reading it whole', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'teamctl-'));
    symlinkSync('/dev/zero', join(dir, 'config.json'));
    expect(usage(() => new ConfigStore({ TEAMCTL_CONFIG_DIR: dir }).profile('default'))).toMatch(/config\.json is a symbolic link; teamctl does not follow a link as its own file$/);
    const big = storeWith(Buffer.alloc(maxConfigBytes + 1, 0x20));
    expect(usage(() => big.profile('default'))).toMatch(/config\.json is larger than 1 MB: not a file teamctl wrote$/);
    // Through the CLI: exit 2 naming the file and the key, no stack trace.
    const cfg = mkdtempSync(join(tmpdir(), 'teamctl-'));
    writeFileSync(join(cfg, 'config.json'), '{"profiles":{"default":{"org":5}}}');
    const r = await runCli(['config', 'get', 'org'], { configDir: cfg });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`error: the config file ${join(cfg, 'config.json')}: "profiles.default.org" is not a string (a number)`);
    expect(r.stderr).not.toMatch(/ {4}at /);
  });
});
