// `access sync --create-teams` against the sandbox (README, "Access"): a team the access file names
// and the organization lacks is created once, through the journal, then granted; without the flag
// it is exit 2 naming `teams create`, nothing sent; a lost answer is settled by the listing.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../src/sandbox/server.js';
import { parseWriteFault, writeFault } from '../../src/sandbox/write-faults.js';
import { newConfigDir, runCli, sandboxWithEnv } from './harness.js';

const open: Sandbox[] = [];
afterEach(async () => {
  for (const s of open.splice(0)) await s.close();
});

type Cli = (args: string[], sleep?: (ms: number) => Promise<void>) => ReturnType<typeof runCli>;

/** A sandbox and an access file granting "Writers", a team it lacks; every run shares one journal. */
async function start(writeFaults: ReturnType<typeof parseWriteFault>[] = []): Promise<{ sandbox: Sandbox; dir: string; cli: Cli }> {
  const { sandbox, env } = await sandboxWithEnv({ callerRole: 'admin', writeFaults });
  open.push(sandbox);
  const dir = mkdtempSync(join(tmpdir(), 'teamctl-access-teams-'));
  writeFileSync(join(dir, 'access.csv'), 'resource,team,user,role\nsite:Design Portal,Writers,,edit\nspace:Onboarding,writers,,read\n');
  const configDir = newConfigDir();
  return { sandbox, dir, cli: (args, sleep) => runCli(args, { env, cwd: dir, configDir, ...(sleep === undefined ? {} : { sleep }) }) };
}

const writes = (sandbox: Sandbox) => sandbox.requests.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path}`);
const titled = (sandbox: Sandbox, title: string): string[] => [...sandbox.store.teamIds('acme')].filter((id) => sandbox.store.teamTitle('acme', id) === title);
const grantOf = (sandbox: Sandbox, kind: 'space' | 'site', id: string, team: string) => sandbox.store.access.grantOf(sandbox.store.access.get(kind, id)!, 'teams', team);

describe('access sync --create-teams', () => {
  it('without it: exit 2 naming `teams create`, nothing sent', async () => {
    const { sandbox, cli } = await start();
    const run = await cli(['access', 'sync', 'access.csv', '--yes']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('access.csv');
    expect(run.stderr).toContain('teamctl teams create');
    expect(writes(sandbox)).toEqual([]);
    expect(titled(sandbox, 'Writers')).toEqual([]);
  });

  it('a dry run shows the creation first, then the grants naming it; --exit-code is 8; --plan-out is refused; nothing sent', async () => {
    const { sandbox, cli } = await start();
    const dry = await cli(['access', 'sync', 'access.csv', '--create-teams', '--dry-run', '--exit-code']);
    expect(dry.code).toBe(8);
    const lines = dry.stderr.split('\n');
    const create = lines.findIndex((l) => l.includes('+ create team "Writers"'));
    expect(create).toBeGreaterThanOrEqual(0);
    expect(lines.slice(create + 1).filter((l) => l.includes('Writers')).length).toBe(2);
    const saved = await cli(['access', 'sync', 'access.csv', '--create-teams', '--plan-out', 'plan.json']);
    expect(saved.code).toBe(2);
    expect(saved.stderr).toContain('teamctl teams create "Writers"');
    expect(writes(sandbox)).toEqual([]);
  });

  it('creates the team once, then grants it; a second run sends nothing', async () => {
    const { sandbox, cli } = await start();
    const run = await cli(['access', 'sync', 'access.csv', '--create-teams', '--yes']);
    expect(run.stderr).toContain('Created team');
    expect(run.code).toBe(0);
    const [id, ...more] = titled(sandbox, 'Writers');
    expect(more).toEqual([]);
    expect(grantOf(sandbox, 'site', 'site-design', id as string)).toBe('edit');
    expect(grantOf(sandbox, 'space', 'space-onboarding', id as string)).toBe('read');
    expect(writes(sandbox).filter((w) => w === 'PUT /v1/orgs/acme/teams')).toHaveLength(1);
    const sent = writes(sandbox).length;
    const again = await cli(['access', 'sync', 'access.csv', '--create-teams', '--yes']);
    expect(again.code).toBe(0);
    expect(writes(sandbox)).toHaveLength(sent);
  });

  it('a creation whose answer is lost is settled by the listing, never sent again; a re-run creates nothing', async () => {
    const { sandbox, cli } = await start([parseWriteFault('team-create:lost:503')]);
    const run = await cli(['access', 'sync', 'access.csv', '--create-teams', '--yes']);
    expect(run.stderr).toContain('the answer was lost');
    expect(run.code).toBe(0);
    const again = await cli(['access', 'sync', 'access.csv', '--create-teams', '--yes']);
    expect(again.code).toBe(0);
    const [id, ...more] = titled(sandbox, 'Writers');
    expect(more).toEqual([]);
    expect(writes(sandbox).filter((w) => w === 'PUT /v1/orgs/acme/teams')).toHaveLength(1);
    expect(grantOf(sandbox, 'site', 'site-design', id as string)).toBe('edit');
  });

  it('a creation answered 503 and applied late: unknown (exit 6), no grant sent; a run again at once waits out the hold-back, finds it, creates nothing and grants it', async () => {
    const { sandbox, cli } = await start();
    let land = (): void => {};
    const landed = new Promise<void>((resolve) => (land = resolve));
    sandbox.intercept(writeFault({ write: 'team-create', fault: { kind: 'late', until: landed } }));
    const first = await cli(['access', 'sync', 'access.csv', '--create-teams', '--yes', '--no-settle']);
    expect(first.code, first.stderr).toBe(6);
    expect(first.stderr).toContain('outcome unknown, not sent again');
    expect(titled(sandbox, 'Writers')).toEqual([]);
    expect(writes(sandbox)).toEqual(['PUT /v1/orgs/acme/teams']);
    sandbox.clearIntercepts();
    // The service applies the creation while the second run waits out the hold-back time.
    const waits: number[] = [];
    const sleep = async (ms: number): Promise<void> => {
      waits.push(ms);
      land();
      await sandbox.settled();
    };
    const second = await cli(['access', 'sync', 'access.csv', '--create-teams', '--yes'], sleep);
    expect(second.code, second.stderr).toBe(0);
    expect(waits.some((ms) => ms > 50_000 && ms <= 60_000), String(waits)).toBe(true);
    const [id, ...more] = titled(sandbox, 'Writers');
    expect(more).toEqual([]);
    expect(sandbox.store.teamsCreated('acme', 'Writers')).toBe(1);
    expect(writes(sandbox).filter((w) => w === 'PUT /v1/orgs/acme/teams')).toHaveLength(1);
    expect(grantOf(sandbox, 'site', 'site-design', id as string)).toBe('edit');
  });

  it('a plan a guard refuses creates no team: the creation is part of the plan, sent only once it is allowed', async () => {
    const { sandbox, cli } = await start();
    const run = await cli(['access', 'sync', 'access.csv', '--create-teams', '--prune', '--yes']);
    expect(run.code).toBe(3);
    expect(writes(sandbox)).toEqual([]);
    expect(titled(sandbox, 'Writers')).toEqual([]);
  });

  it('a name that cannot be a title: exit 2 naming the file and line, nothing sent', async () => {
    const { sandbox, dir, cli } = await start();
    writeFileSync(join(dir, 'bad.csv'), 'resource,team,user,role\nsite:Design Portal,Wri\u200bters,,edit\n');
    const run = await cli(['access', 'sync', 'bad.csv', '--create-teams', '--yes']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/bad\.csv.*2/);
    expect(run.stderr).toContain('U+200B');
    expect(writes(sandbox)).toEqual([]);
  });
});
