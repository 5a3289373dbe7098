import { chmodSync, mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigStore, configDir } from '../../src/config/store.js';

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
