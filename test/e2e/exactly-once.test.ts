// Exactly once (`teamctl help reliability`): an invitation, a team creation and a removal request
// are recorded in the journal before they are sent, under its one lock, and never sent twice —
// by two runs that meet, by a run again after a late 503, by a run killed with SIGKILL. The
// sandbox's counts of what it was sent are the reference.
import { spawn } from 'node:child_process';
import { resolve as resolvePath } from 'node:path';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { SandboxOptions } from '../../src/sandbox/server.js';
import { writeFault } from '../../src/sandbox/write-faults.js';
import { gate, labWithTeam, started, turns } from '../helpers/meet.js';
import { newConfigDir, runCli, sandboxWithEnv, type SandboxEnv } from './harness.js';

let s: SandboxEnv | undefined;
afterEach(async () => {
  await s?.sandbox.close();
  s = undefined;
});
const sb = (): SandboxEnv => s as SandboxEnv;

/** Organization lab, 10 members, u1 admin; team t: u1 owner, u2. */
async function start(options: SandboxOptions = {}): Promise<{ env: Record<string, string | undefined>; configDir: string }> {
  s = await sandboxWithEnv({ seed: 'empty', ...options });
  labWithTeam(s.sandbox.store);
  return { env: { ...s.env, TEAMCTL_ORG: 'lab', TEAMCTL_TEAM: 't' }, configDir: newConfigDir() };
}

const puts = (path: string): number => sb().sandbox.requests.filter((q) => q.method !== 'GET' && q.path === path).length;

describe('exactly once', () => {
  it('two `teams create` that meet send one creation: the second waits for the lock, plans again, finds the team', async () => {
    const { env, configDir } = await start();
    const held = gate();
    sb().sandbox.intercept(writeFault({ write: 'team-create', fault: { kind: 'hold', until: held.until } }));
    const first = runCli(['teams', 'create', 'Data Platform'], { env, configDir });
    await turns(() => puts('/v1/orgs/lab/teams') === 1);
    const second = started(['teams', 'create', 'Data Platform'], { env, configDir });
    await turns(() => second.said().includes('waiting for it to finish'));
    held.open();
    const [a, b] = await Promise.all([first, second.run]);
    expect(a.code, a.stderr).toBe(0);
    expect(b.code, b.stderr).toBe(2); // an existing title
    expect(b.stderr).toContain('waiting for it to finish');
    expect(sb().sandbox.store.teamsCreated('lab', 'Data Platform')).toBe(1);
    expect(sb().sandbox.store.teamsTitled('lab', 'Data Platform')).toBe(1);
  });

  it('with --no-wait, a run that meets another refuses at once (exit 3), nothing sent: `teams create`, `members add --invite`, `apply`', async () => {
    const { env, configDir } = await start();
    const plan = join(mkdtempSync(join(tmpdir(), 'teamctl-once-')), 'plan.json');
    expect((await runCli(['teams', 'create', 'Ops', '--plan-out', plan], { env, configDir })).code).toBe(0);
    const held = gate();
    sb().sandbox.intercept(writeFault({ write: 'team-create', fault: { kind: 'hold', until: held.until } }));
    const first = runCli(['teams', 'create', 'Data Platform'], { env, configDir });
    await turns(() => puts('/v1/orgs/lab/teams') === 1);
    for (const args of [['teams', 'create', 'Other', '--no-wait'], ['members', 'add', 'new.hire@example.com', '--invite', '--no-wait'], ['apply', plan, '--no-wait']]) {
      const r = await runCli(args, { env, configDir });
      expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(3);
    }
    held.open();
    expect((await first).code).toBe(0);
    expect(puts('/v1/orgs/lab/teams')).toBe(1);
    expect(puts('/v1/orgs/lab/invites')).toBe(0);
  });

  it('a creation answered 503 and applied after the run read the teams: the run again at once waits out the hold-back, finds it, creates none', async () => {
    const { env, configDir } = await start();
    const late = gate();
    sb().sandbox.intercept(writeFault({ write: 'team-create', fault: { kind: 'late', until: late.until } }));
    const first = await runCli(['teams', 'create', 'Ops', '--no-settle'], { env, configDir });
    expect(first.code, first.stderr).toBe(6); // unknown, never "failed"
    expect(sb().sandbox.store.teamsTitled('lab', 'Ops')).toBe(0);
    sb().sandbox.clearIntercepts();
    const waits: number[] = [];
    // The service applies it while the second run waits out the hold-back time.
    const sleep = async (ms: number): Promise<void> => {
      waits.push(ms);
      late.open();
      await turns(() => sb().sandbox.store.teamsTitled('lab', 'Ops') === 1);
    };
    const second = await runCli(['teams', 'create', 'Ops'], { env, configDir, sleep });
    expect(waits.some((ms) => ms > 50_000 && ms <= 60_000), String(waits)).toBe(true);
    expect(second.stderr).toContain('1 team creation with an unknown outcome held back');
    expect(second.code, second.stderr).toBe(2); // the team is there now: an existing title
    expect(sb().sandbox.store.teamsCreated('lab', 'Ops')).toBe(1);
  });

  it('two `members add --invite` that meet send one invitation', async () => {
    const { env, configDir } = await start();
    const held = gate();
    sb().sandbox.intercept(writeFault({ write: 'invite', fault: { kind: 'hold', until: held.until } }));
    const first = runCli(['members', 'add', 'new.hire@example.com', '--invite'], { env, configDir });
    await turns(() => puts('/v1/orgs/lab/invites') === 1);
    const second = started(['members', 'add', 'new.hire@example.com', '--invite'], { env, configDir });
    await turns(() => second.said().includes('waiting for it to finish'));
    held.open();
    const [a, b] = await Promise.all([first, second.run]);
    expect(a.code, a.stderr).toBe(0);
    expect(b.code, b.stderr).toBe(0);
    expect(b.stderr).toMatch(/new\.hire@example\.com invited \d{4}-\d\d-\d\d, pending/);
    expect(sb().sandbox.store.invitationsSent('lab', 'new.hire@example.com')).toBe(1);
  });

  it('an invitation answered 2xx with a body teamctl cannot read is unknown (exit 6), recorded, and not sent again', async () => {
    const { env, configDir } = await start();
    sb().sandbox.intercept(writeFault('invite:body:ok'));
    const first = await runCli(['members', 'add', 'new.hire@example.com', '--invite'], { env, configDir });
    expect(first.code, first.stderr).toBe(6);
    sb().sandbox.clearIntercepts();
    const again = await runCli(['members', 'add', 'new.hire@example.com', '--invite'], { env, configDir });
    expect(again.code, again.stderr).toBe(0);
    expect(sb().sandbox.store.invitationsSent('lab', 'new.hire@example.com')).toBe(1);
  });

  it('the same service spelled otherwise (127.0.0.1 for localhost, a trailing slash, HTTP://) finds the record: no second invitation', async () => {
    const { env, configDir } = await start();
    const url = new URL(sb().sandbox.url);
    expect((await runCli(['members', 'add', 'new.hire@example.com', '--invite'], { env, configDir })).code).toBe(0);
    const spellings = [`http://localhost:${url.port}${url.pathname}`, `HTTP://127.0.0.1:${url.port}${url.pathname}/`];
    for (const base of spellings) {
      const r = await runCli(['members', 'add', 'new.hire@example.com', '--invite'], { env: { ...env, TEAMCTL_BASE_URL: base }, configDir });
      expect(r.code, `${base}: ${r.stderr}`).toBe(0);
    }
    expect(sb().sandbox.store.invitationsSent('lab', 'new.hire@example.com')).toBe(1);
  });

  it('a 403 on the invitation is exit 4, and nothing is recorded as sent', async () => {
    const { env, configDir } = await start();
    sb().sandbox.intercept((req) => (req.method === 'POST' ? { kind: 'respond', status: 403, body: { error: { code: 403, message: 'not allowed' } } } : undefined));
    const r = await runCli(['members', 'add', 'new.hire@example.com', '--invite'], { env, configDir });
    expect(r.code, r.stderr).toBe(4);
    sb().sandbox.clearIntercepts();
    expect((await runCli(['members', 'add', 'new.hire@example.com', '--invite'], { env, configDir })).code).toBe(0);
    expect(sb().sandbox.store.invitationsSent('lab', 'new.hire@example.com')).toBe(1);
  });

  it('a removal answered 202 is requested once: the run again within 7 days says when it was requested and sends nothing', async () => {
    const { env, configDir } = await start({ callerRole: 'read' });
    const first = await runCli(['members', 'offboard', 'u00005', '--from-organization', '--yes'], { env, configDir });
    expect(first.code, first.stderr).toBe(6); // requested: still a member
    const again = await runCli(['members', 'offboard', 'u00005', '--from-organization', '--yes'], { env, configDir });
    expect(again.stderr).toMatch(/requested \d{4}-\d\d-\d\d, not requested again before \d{4}-\d\d-\d\d/);
    expect(sb().sandbox.store.removalRequestsSent('lab', 'u00005')).toBe(1);
    expect(sb().sandbox.store.getUser('lab', 'u00005')).toBeDefined();
  });

  it('a removal whose answer was lost, shown applied by the members read back, is settled: the user who joins again is removed again', async () => {
    const { env, configDir } = await start();
    const store = sb().sandbox.store;
    const user = store.getUser('lab', 'u00005') as NonNullable<ReturnType<typeof store.getUser>>;
    let lost = false;
    sb().sandbox.intercept((req) => {
      if (lost || req.method !== 'DELETE' || !req.path.endsWith('/members/u00005')) return undefined;
      lost = true;
      return { kind: 'applyThenReset' };
    });
    const deletes = (): number => sb().sandbox.requests.filter((q) => q.method === 'DELETE' && q.path.endsWith('/members/u00005')).length;
    const first = await runCli(['members', 'offboard', 'u00005', '--from-organization', '--yes'], { env, configDir });
    expect(first.code, first.stderr).toBe(0);
    expect(store.getUser('lab', 'u00005')).toBeUndefined();
    expect(deletes()).toBe(1);
    store.addUser('lab', user);
    const again = await runCli(['members', 'offboard', 'u00005', '--from-organization', '--yes'], { env, configDir });
    expect(again.code, again.stderr).toBe(0);
    expect(deletes()).toBe(2);
    expect(store.getUser('lab', 'u00005')).toBeUndefined();
  });

  it('--rerequest-after <days> says when a requested removal is asked for again: 0 asks at once, on purpose', async () => {
    const { env, configDir } = await start({ callerRole: 'read' });
    expect((await runCli(['members', 'offboard', 'u00005', '--from-organization', '--yes'], { env, configDir })).code).toBe(6);
    const later = await runCli(['members', 'offboard', 'u00005', '--from-organization', '--yes', '--rerequest-after', '30'], { env, configDir });
    expect(later.stderr).toMatch(/not requested again before (\d{4}-\d\d-\d\d)/);
    const [, until] = /not requested again before (\d{4}-\d\d-\d\d)/.exec(later.stderr) ?? [];
    expect(Date.parse(until as string) - Date.parse(new Date().toISOString().slice(0, 10))).toBeGreaterThanOrEqual(29 * 86_400_000);
    expect(sb().sandbox.store.removalRequestsSent('lab', 'u00005')).toBe(1);
    const now = await runCli(['members', 'offboard', 'u00005', '--from-organization', '--yes', '--rerequest-after', '0'], { env, configDir });
    expect(now.code, now.stderr).toBe(6);
    expect(sb().sandbox.store.removalRequestsSent('lab', 'u00005')).toBe(2);
    const bad = await runCli(['members', 'offboard', 'u00005', '--rerequest-after', '2'], { env, configDir });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--rerequest-after only works with --from-organization');
  });

  it('a run killed with SIGKILL while its invitation is in flight leaves a record: the next run does not invite again', async () => {
    const { env, configDir } = await start();
    const held = gate();
    sb().sandbox.intercept(writeFault({ write: 'invite', fault: { kind: 'hold', until: held.until } }));
    const childEnv = { PATH: process.env.PATH ?? '', HOME: configDir, CI: 'true', TEAMCTL_CONFIG_DIR: configDir, TEAMCTL_STATE_DIR: configDir, ...(env as Record<string, string>) };
    const child = spawn(process.execPath, [resolvePath('bin/teamctl.js'), 'members', 'add', 'new.hire@example.com', '--invite'], { env: childEnv, stdio: 'ignore' });
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
    // Bounded by the child: it sends its invitation within its own start-up time.
    for (let i = 0; i < 600 && puts('/v1/orgs/lab/invites') === 0; i++) await new Promise((r) => setTimeout(r, 50));
    expect(puts('/v1/orgs/lab/invites')).toBe(1);
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');
    held.open(); // the service had it: the invitation goes out
    await turns(() => sb().sandbox.store.invitationsSent('lab', 'new.hire@example.com') === 1);
    const again = await runCli(['members', 'add', 'new.hire@example.com', '--invite'], { env, configDir });
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toMatch(/pending/);
    expect(sb().sandbox.store.invitationsSent('lab', 'new.hire@example.com')).toBe(1);
  });
  it('apply --force of an applied invitation plan does not send the invitation again: the journal says it may have gone out', async () => {
    const { env, configDir } = await start();
    const plan = join(mkdtempSync(join(tmpdir(), 'teamctl-once-')), 'plan.json');
    const made = await runCli(['members', 'add', 'new.hire@example.com', '--invite', '--plan-out', plan], { env, configDir });
    expect(made.code, made.stderr).toBe(0);
    expect((await runCli(['apply', plan], { env, configDir })).code).toBe(0);
    expect(sb().sandbox.store.invitationsSent('lab', 'new.hire@example.com')).toBe(1);
    const forced = await runCli(['apply', plan, '--force'], { env, configDir });
    expect(forced.stderr).toMatch(/new\.hire@example\.com invited \d{4}-\d\d-\d\d, pending/);
    expect(sb().sandbox.store.invitationsSent('lab', 'new.hire@example.com')).toBe(1);
  });

  it('a saved invitation plan made with --reinvite-after 0.5 applies: a fraction of a day is a number of days', async () => {
    const { env, configDir } = await start();
    const plan = join(mkdtempSync(join(tmpdir(), 'teamctl-once-')), 'plan.json');
    expect((await runCli(['members', 'add', 'new.hire@example.com', '--invite', '--reinvite-after', '0.5', '--plan-out', plan], { env, configDir })).code).toBe(0);
    const applied = await runCli(['apply', plan], { env, configDir });
    expect(applied.code, applied.stderr).toBe(0);
    expect(sb().sandbox.store.invitationsSent('lab', 'new.hire@example.com')).toBe(1);
  });

  it('a removal answered 202 through `apply` of a saved plan is recorded: the same plan applied again, and a new one, request nothing more', async () => {
    const { env, configDir } = await start({ callerRole: 'read' });
    const plan = join(mkdtempSync(join(tmpdir(), 'teamctl-once-')), 'plan.json');
    const made = await runCli(['members', 'offboard', 'u00005', '--from-organization', '--plan-out', plan], { env, configDir });
    expect(made.code, made.stderr).toBe(0);
    expect((await runCli(['apply', plan], { env, configDir })).code).toBe(6); // requested: still a member
    expect(sb().sandbox.store.removalRequestsSent('lab', 'u00005')).toBe(1);
    const forced = await runCli(['apply', plan, '--force'], { env, configDir });
    expect(forced.stderr).toMatch(/requested \d{4}-\d\d-\d\d, not requested again before \d{4}-\d\d-\d\d/);
    const again = await runCli(['members', 'offboard', 'u00005', '--from-organization', '--plan-out', plan], { env, configDir });
    expect(again.code, again.stderr).toBe(0);
    await runCli(['apply', plan], { env, configDir });
    expect(sb().sandbox.store.removalRequestsSent('lab', 'u00005')).toBe(1);
  });

  it('two `apply` of one saved `teams create` plan that meet send one creation: the second waits for the lock and finds the title taken', async () => {
    const { env, configDir } = await start();
    const plan = join(mkdtempSync(join(tmpdir(), 'teamctl-once-')), 'plan.json');
    expect((await runCli(['teams', 'create', 'Data Platform', '--plan-out', plan], { env, configDir })).code).toBe(0);
    const held = gate();
    sb().sandbox.intercept(writeFault({ write: 'team-create', fault: { kind: 'hold', until: held.until } }));
    const first = runCli(['apply', plan], { env, configDir });
    await turns(() => puts('/v1/orgs/lab/teams') === 1);
    const second = started(['apply', plan, '--force'], { env, configDir });
    await turns(() => second.said().includes('waiting for it to finish'));
    held.open();
    const [a, b] = await Promise.all([first, second.run]);
    expect(a.code, a.stderr).toBe(0);
    expect(b.stderr).toContain('waiting for it to finish');
    expect(b.code, b.stderr).toBe(3); // the title is taken now: the plan is stale, nothing sent
    expect(sb().sandbox.store.teamsCreated('lab', 'Data Platform')).toBe(1);
  });

  it('a saved `teams create` plan whose creation was answered 503 and applied late: applied again at once, it waits out the hold-back and creates none', async () => {
    const { env, configDir } = await start();
    const plan = join(mkdtempSync(join(tmpdir(), 'teamctl-once-')), 'plan.json');
    expect((await runCli(['teams', 'create', 'Ops', '--plan-out', plan], { env, configDir })).code).toBe(0);
    const late = gate();
    sb().sandbox.intercept(writeFault({ write: 'team-create', fault: { kind: 'late', until: late.until } }));
    expect((await runCli(['apply', plan, '--no-settle'], { env, configDir })).code).toBe(6);
    sb().sandbox.clearIntercepts();
    const sleep = async (): Promise<void> => {
      late.open();
      await turns(() => sb().sandbox.store.teamsTitled('lab', 'Ops') === 1);
    };
    const again = await runCli(['apply', plan, '--force'], { env, configDir, sleep });
    expect(again.stderr).toContain('1 team creation with an unknown outcome held back');
    expect(again.code, again.stderr).toBe(3);
    expect(sb().sandbox.store.teamsCreated('lab', 'Ops')).toBe(1);
  });

  describe('a creation of unknown outcome is settled before the run ends', () => {
    /** A clock the injected sleep moves on: the hold-back time passes without real time. */
    function clock(onSleep: () => Promise<void> = async () => {}) {
      let t = Date.parse('2026-11-28T09:00:00Z');
      const slept: number[] = [];
      return { slept, now: () => t, sleep: async (ms: number) => void (slept.push(ms), (t += ms), await onSleep()) };
    }
    /** The first creation answered 503 without being processed; the ones after it pass. */
    const firstRefused = (): void => {
      let seen = 0;
      sb().sandbox.intercept((req) => (req.method === 'PUT' && req.path === '/v1/orgs/lab/teams' && seen++ === 0 ? { kind: 'respond', status: 503, body: { error: { code: 503, message: 'unavailable' } } } : undefined));
    };

    it('`teams create`: the listing after the hold-back time proves it lost, so it is sent again (recorded first): one team, exit 0', async () => {
      const { env, configDir } = await start();
      firstRefused();
      const { slept, now, sleep } = clock();
      const r = await runCli(['teams', 'create', 'Ops'], { env, configDir, now, sleep });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toContain('1 team creation with an unknown outcome held back: waiting 60s');
      expect(slept.reduce((a, b) => a + b, 0)).toBe(60_000);
      expect(puts('/v1/orgs/lab/teams')).toBe(2);
      expect(sb().sandbox.store.teamsTitled('lab', 'Ops')).toBe(1);
      // Nothing is left to settle: the next run neither waits nor sends.
      const again = await runCli(['teams', 'create', 'Ops', '--dry-run'], { env, configDir });
      expect(again.stderr).not.toContain('held back');
    });

    it('`teams create`: a creation the service applies while the run waits is found, not sent again', async () => {
      const { env, configDir } = await start();
      const late = gate();
      sb().sandbox.intercept(writeFault({ write: 'team-create', fault: { kind: 'late', until: late.until } }));
      const { now, sleep } = clock(async () => {
        late.open();
        await turns(() => sb().sandbox.store.teamsTitled('lab', 'Ops') === 1);
      });
      const r = await runCli(['teams', 'create', 'Ops', '--hold-back', '5'], { env, configDir, now, sleep });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toContain('waiting 5s');
      expect(puts('/v1/orgs/lab/teams')).toBe(1);
      expect(sb().sandbox.store.teamsCreated('lab', 'Ops')).toBe(1);
    });

    it('`members sync --create-teams`: the team proven lost is created again and filled in the same run', async () => {
      const { env, configDir } = await start();
      firstRefused();
      const { now, sleep } = clock();
      const roster = join(mkdtempSync(join(tmpdir(), 'teamctl-once-')), 'org.csv');
      writeFileSync(roster, 'team,email\nOps,user00003@example.com\nOps,user00004@example.com\n');
      const r = await runCli(['members', 'sync', '--roster', roster, '--create-teams', '--yes'], { env, configDir, now, sleep });
      expect(r.code, r.stderr).toBe(0);
      expect(puts('/v1/orgs/lab/teams')).toBe(2);
      const [id] = sb().sandbox.store.teamIds('lab').filter((t) => sb().sandbox.store.teamTitle('lab', t) === 'Ops');
      expect(sb().sandbox.store.teamMembers('lab', id as string).map((m) => m.userId).sort()).toEqual(['u00003', 'u00004']);
    });

    it('--hold-back takes whole seconds: anything else is exit 2 with nothing sent', async () => {
      const { env, configDir } = await start();
      const r = await runCli(['teams', 'create', 'Ops', '--hold-back', '1.5'], { env, configDir });
      expect(r.code).toBe(2);
      expect(r.stderr).toContain('--hold-back takes a whole number of seconds from 0 to 86400, not "1.5"');
      expect(puts('/v1/orgs/lab/teams')).toBe(0);
    });
  });
});
