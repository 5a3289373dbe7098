// The first ten minutes (README, "Settings"; `teamctl help exit-codes`, "Exit codes"): help like gh, every missing setting
// named at once, setup mistakes answered with the fix. In-process through main().
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decideRetry } from '../src/api/retry.js';
import { main } from '../src/cli.js';
import { startSandbox, type Sandbox } from '../src/sandbox/server.js';
import { fakeStreams } from './helpers/streams.js';

const env = (extra: Record<string, string> = {}) => ({ TEAMCTL_CONFIG_DIR: mkdtempSync(join(tmpdir(), 'teamctl-first-')), TEAMCTL_STATE_DIR: mkdtempSync(join(tmpdir(), 'teamctl-state-')), ...extra });
async function run(argv: string[], extra: Record<string, string> = {}) {
  const streams = fakeStreams();
  const code = await main(argv, { streams, env: env(extra) });
  return { code, out: streams.out(), err: streams.err() };
}

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, seed: 'demo' });
});
afterAll(async () => {
  await sandbox.close();
});

describe('help, like gh', () => {
  it('bare teamctl prints help on stdout and exits 0; `help members sync` is the sync help', async () => {
    const bare = await run([]);
    expect(bare.code).toBe(0);
    expect(bare.out).toMatch(/^Usage: teamctl/);
    expect(bare.err).toBe('');
    const sync = await run(['help', 'members', 'sync']);
    expect(sync.code).toBe(0);
    expect(sync.out).toMatch(/^Usage: teamctl members sync/);
    expect(sync.out).toContain('--roster <file>');
  });
});

describe('setup errors, all at once and actionable', () => {
  it('names every missing setting in one error', async () => {
    const r = await run(['members', 'list']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/^error: missing 4 settings:\n {2}API base URL: pass --base-url <url>.*\n {2}organization: pass --org <id>.*\n {2}team: pass --team <id>.*\n {2}token: run `teamctl auth login`, or set TEAMCTL_TOKEN/);
  });

  it('a base URL without a scheme suggests the fix, never "null"', async () => {
    const local = await run(['members', 'list'], { TEAMCTL_BASE_URL: '127.0.0.1:8787', TEAMCTL_TOKEN: 'tok_0123456789abcdef', TEAMCTL_ORG: 'a', TEAMCTL_TEAM: 'b' });
    expect(local.code).toBe(2);
    expect(local.err).toContain('did you mean http://127.0.0.1:8787?');
    const remote = await run(['members', 'list'], { TEAMCTL_BASE_URL: 'api.example.com', TEAMCTL_TOKEN: 'tok_0123456789abcdef', TEAMCTL_ORG: 'a', TEAMCTL_TEAM: 'b' });
    expect(remote.err).toContain('did you mean https://api.example.com?');
    expect(local.err + remote.err).not.toContain('null');
  });

  it('a 401 with the token from TEAMCTL_TOKEN says the stored token is not the one used', async () => {
    const r = await run(['members', 'list'], { TEAMCTL_BASE_URL: sandbox.url, TEAMCTL_TOKEN: 'sbx_wrong_token_0000', TEAMCTL_ORG: 'acme', TEAMCTL_TEAM: 'engineering' });
    expect(r.code).toBe(4);
    expect(r.err).toMatch(/hint: the token used comes from TEAMCTL_TOKEN/);
  });

  it('connection refused on a loopback address points at the sandbox', async () => {
    const closed = await startSandbox({ port: 0 });
    const url = closed.url;
    await closed.close();
    const r = await run(['--timeout', '1', 'glossary', 'get', 'ge_1'], { TEAMCTL_BASE_URL: url, TEAMCTL_TOKEN: 'tok_0123456789abcdef', TEAMCTL_ORG: 'acme' });
    expect(r.code).toBe(1);
    expect(r.err).toContain('is the sandbox running? Start one with `teamctl sandbox`');
  });

  it('a name that does not resolve is not retried', () => {
    const d = decideRetry({ kind: 'error', code: 'ENOTFOUND' }, { retryClass: 'idempotent', retriesSoFar: 0, nowMs: 0, random: () => 0.5 });
    expect(d.retry).toBe(false);
  });

  it('`config set token` points to auth login', async () => {
    const r = await run(['config', 'set', 'token', 'abc']);
    expect(r.code).toBe(2);
    expect(r.err).toContain('store it with `teamctl auth login`');
  });

  it("the CSV parser's texts become teamctl's own words, with file and line", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'teamctl-first-'));
    const file = join(dir, 'quote.csv');
    writeFileSync(file, 'en,fr\nbank,banque\n"door,porte\nteam,équipe\n');
    const r = await run(['glossary', 'import', file], { TEAMCTL_BASE_URL: sandbox.url, TEAMCTL_TOKEN: sandbox.token, TEAMCTL_ORG: 'acme' });
    expect(r.code).toBe(2);
    expect(r.err).toBe(`error: ${file}:3: invalid CSV: a quoted cell opens here and is never closed (a missing closing ")\n`);
  });
});

describe('one way to choose an output format', () => {
  it('glossary export honours --json and -o, and refuses a conflict with --format', async () => {
    const settings = { TEAMCTL_BASE_URL: sandbox.url, TEAMCTL_TOKEN: sandbox.token, TEAMCTL_ORG: 'acme' };
    const json = await run(['glossary', 'export', '--json'], settings);
    expect(json.code).toBe(0);
    expect(Array.isArray(JSON.parse(json.out))).toBe(true);
    const ndjson = await run(['glossary', 'export', '-o', 'ndjson'], settings);
    expect(ndjson.out.trim().split('\n').every((l) => JSON.parse(l).object === 'glossary-entry')).toBe(true);
    const conflict = await run(['glossary', 'export', '--format', 'csv', '--json'], settings);
    expect(conflict.code).toBe(2);
    expect((await run(['glossary', 'export', '-o', 'table'], settings)).code).toBe(2);
  });
});

describe('auth status --json', () => {
  it('gives each setting and the token source as fields of their own', async () => {
    const r = await run(['auth', 'status', '--json'], { TEAMCTL_TOKEN: 'tok_abcdefgh', TEAMCTL_ORG: 'acme' });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toEqual({
      profile: 'default',
      'base-url': null,
      org: { value: 'acme', source: 'environment' },
      team: null,
      token: { masked: '****efgh', source: 'environment', file: null },
      // No base URL: nobody was asked whose token it is.
      user: null,
      accepted: null,
    });
  });
});
