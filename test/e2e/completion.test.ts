// Completion of --team from the service (README, "completion"): the hidden `teamctl __complete
// team-ids` the scripts call, run in-process against the sandbox with an injected clock. What is
// checked is what the sandbox saw (its request log) and what was left on disk.
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { maxCachedOrganizations, teamIdsTtlMs } from '../../src/config/teamIdCache.js';
import { newConfigDir, runCli, sandboxWithEnv, type SandboxEnv } from './harness.js';

let s: SandboxEnv;
beforeAll(async () => {
  s = await sandboxWithEnv({ seed: 'demo' });
});
afterAll(async () => {
  await s.sandbox.close();
});
afterEach(() => {
  s.sandbox.clearIntercepts();
});

const teamListings = (): number => s.sandbox.requests.filter((r) => r.method === 'GET' && r.path === '/v1/orgs/acme/teams').length;
const lines = (out: string): string[] => out.split('\n').filter(Boolean);

/** A clock the test moves by hand. */
function clock(start = 1_800_000_000_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

describe('teamctl __complete team-ids', () => {
  it("answers the organization's team ids, then from the cache until the TTL has passed", async () => {
    const configDir = newConfigDir();
    const c = clock();
    const before = teamListings();
    const first = await runCli(['__complete', 'team-ids'], { env: s.env, configDir, now: c.now });
    expect(first).toEqual({ code: 0, stdout: s.sandbox.store.teamIds('acme').join('\n') + '\n', stderr: '' });
    expect(teamListings()).toBe(before + 1);

    // A team created meanwhile is not seen while the cache is fresh: no request at all.
    s.sandbox.store.createTeam('acme', 'completion-late');
    c.advance(teamIdsTtlMs - 1);
    const cached = await runCli(['__complete', 'team-ids'], { env: s.env, configDir, now: c.now });
    expect(cached.stdout).toBe(first.stdout);
    expect(teamListings()).toBe(before + 1);

    c.advance(1);
    const expired = await runCli(['__complete', 'team-ids'], { env: s.env, configDir, now: c.now });
    expect(teamListings()).toBe(before + 2);
    expect(lines(expired.stdout)).toEqual(s.sandbox.store.teamIds('acme'));
    expect(lines(expired.stdout)).toContain('completion-late');
  });

  it('a cache dated in the future (a clock set back) is not trusted', async () => {
    const configDir = newConfigDir();
    const c = clock();
    await runCli(['__complete', 'team-ids'], { env: s.env, configDir, now: c.now });
    const before = teamListings();
    c.advance(-1);
    await runCli(['__complete', 'team-ids'], { env: s.env, configDir, now: c.now });
    expect(teamListings()).toBe(before + 1);
  });

  it('keeps one entry per base URL and organization; the settings typed on the line choose it', async () => {
    const configDir = newConfigDir();
    const c = clock();
    const store = s.sandbox.store;
    if (!store.hasOrganization('globex')) {
      store.createOrganization('globex');
      store.createTeam('globex', 'research');
    }
    const acme = await runCli(['__complete', 'team-ids'], { env: s.env, configDir, now: c.now });
    const globex = await runCli(['__complete', 'team-ids', '--org', 'globex'], { env: s.env, configDir, now: c.now });
    expect(lines(globex.stdout)).toEqual(['research']);
    const requests = s.sandbox.requests.length;
    // Both answered from the cache now, each its own.
    expect((await runCli(['__complete', 'team-ids'], { env: s.env, configDir, now: c.now })).stdout).toBe(acme.stdout);
    expect((await runCli(['__complete', 'team-ids', '--org', 'globex'], { env: s.env, configDir, now: c.now })).stdout).toBe(globex.stdout);
    expect(s.sandbox.requests.length).toBe(requests);
    const file = JSON.parse(readFileSync(join(configDir, 'completion-cache.json'), 'utf8')) as { entries: { org: string; baseUrl: string }[] };
    expect(file.entries.map((e) => [e.baseUrl, e.org])).toEqual([
      [`${s.sandbox.url}/v1`, 'globex'],
      [`${s.sandbox.url}/v1`, 'acme'],
    ]);
  });

  it('the cache file is 0600, holds no token, and stays bounded', async () => {
    const configDir = join(newConfigDir(), 'not-yet');
    const c = clock();
    await runCli(['__complete', 'team-ids'], { env: s.env, configDir, now: c.now });
    const path = join(configDir, 'completion-cache.json');
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(statSync(configDir).mode & 0o777).toBe(0o700);
    expect(readFileSync(path, 'utf8')).not.toContain(s.sandbox.token);
    expect(readdirSync(configDir)).toEqual(['completion-cache.json']); // no temporary file left
    // Many organizations at once: only the newest few are kept.
    const many = Array.from({ length: maxCachedOrganizations + 5 }, (_, i) => ({ baseUrl: 'https://api.example.com/v1', org: `org-${i}`, fetchedAt: 0, teams: ['t'] }));
    c.advance(teamIdsTtlMs); // acme's entry has expired; the others were just written
    many.forEach((e) => (e.fetchedAt = c.now()));
    writeFileSync(path, JSON.stringify({ entries: many }));
    await runCli(['__complete', 'team-ids'], { env: s.env, configDir, now: c.now });
    const kept = (JSON.parse(readFileSync(path, 'utf8')) as { entries: { org: string }[] }).entries;
    expect(kept.length).toBe(maxCachedOrganizations);
    expect(kept.map((e) => e.org)).toEqual(['acme', ...many.slice(0, maxCachedOrganizations - 1).map((e) => e.org)]);
  });

  it('a cache that cannot be written does not stop the answer', async () => {
    const configDir = newConfigDir();
    mkdirSync(join(configDir, 'completion-cache.json'));
    const before = teamListings();
    for (let i = 0; i < 2; i++) {
      const r = await runCli(['__complete', 'team-ids'], { env: s.env, configDir });
      expect(r).toEqual({ code: 0, stdout: s.sandbox.store.teamIds('acme').join('\n') + '\n', stderr: '' });
    }
    expect(teamListings()).toBe(before + 2); // nothing kept, so each Tab asks
  });

  it('without a token, or with one that is not: no request, no answer, exit 0', async () => {
    const before = s.sandbox.requests.length;
    const r = await runCli(['__complete', 'team-ids'], { env: { ...s.env, TEAMCTL_TOKEN: undefined } });
    expect(r).toEqual({ code: 0, stdout: '', stderr: '' });
    // Nor with something that is not a token (README, "auth"): refused before anything is sent.
    expect(await runCli(['__complete', 'team-ids'], { env: { ...s.env, TEAMCTL_TOKEN: 'short' } })).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(s.sandbox.requests.length).toBe(before);
  });

  it('without an organization, or with a broken config file: no request, no answer, exit 0', async () => {
    const before = s.sandbox.requests.length;
    expect(await runCli(['__complete', 'team-ids'], { env: { ...s.env, TEAMCTL_ORG: undefined } })).toEqual({ code: 0, stdout: '', stderr: '' });
    const configDir = newConfigDir();
    writeFileSync(join(configDir, 'config.json'), '{ not json');
    expect(await runCli(['__complete', 'team-ids'], { env: s.env, configDir })).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(await runCli(['__complete', 'team-ids', '--profile', '../x'], { env: s.env })).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(s.sandbox.requests.length).toBe(before);
  });

  it('a service error, a refused token or an answer too slow: no answer, nothing on stderr, exit 0, nothing cached', async () => {
    const configDir = newConfigDir();
    for (const status of [500, 401, 429]) {
      s.sandbox.clearIntercepts();
      s.sandbox.intercept((req) => (req.path === '/v1/orgs/acme/teams' ? { kind: 'respond', status, body: { error: { code: status, message: 'no' } } } : undefined));
      const before = teamListings();
      expect(await runCli(['__complete', 'team-ids'], { env: s.env, configDir })).toEqual({ code: 0, stdout: '', stderr: '' });
      expect(teamListings()).toBe(before + 1); // one attempt: no retry while someone waits on Tab
    }
    s.sandbox.clearIntercepts();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    s.sandbox.intercept((req) => (req.path === '/v1/orgs/acme/teams' ? { kind: 'hold', until: held } : undefined));
    const slow = await runCli(['--timeout', '0.1', '__complete', 'team-ids'], { env: s.env, configDir });
    release();
    expect(slow).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(readdirSync(configDir)).toEqual([]);
  });

  it('offers only ids that are plain words: the shell expands what it is handed', async () => {
    const t = await sandboxWithEnv({ seed: 'empty' });
    try {
      const hostile = ['$(touch pwned)', 'a`b`', 'has space', '-rf'];
      for (const id of ['good-team', ...hostile]) t.sandbox.store.createTeam('acme', id);
      const r = await runCli(['__complete', 'team-ids'], { env: t.env });
      expect(r.code).toBe(0);
      expect(lines(r.stdout)).toEqual(t.sandbox.store.teamIds('acme').filter((id) => !hostile.includes(id)));
      expect(lines(r.stdout)).toContain('good-team');
    } finally {
      await t.sandbox.close();
    }
  });

  it('is hidden: not in help, not offered by completion', async () => {
    expect((await runCli(['--help'])).stdout).not.toContain('__complete');
    expect((await runCli(['completion', 'fish'])).stdout).not.toMatch(/-a __complete/);
  });
});

describe('no other command touches the cache', () => {
  it('members list and teams list leave the config folder as it was', async () => {
    const configDir = mkdtempSync(join(tmpdir(), 'teamctl-completion-'));
    expect((await runCli(['teams', 'list'], { env: s.env, configDir })).code).toBe(0);
    expect((await runCli(['members', 'list'], { env: s.env, configDir })).code).toBe(0);
    expect(readdirSync(configDir)).toEqual([]);
  });
});
