// One journal per machine user (README, "Settings"): runs from two config folders and two HOMEs on
// one machine share the state folder's journal and lock, so each write the service cannot take
// twice is sent once; and a state or journal folder teamctl cannot use stops a write with one line
// naming it, exit 1, nothing sent. The sandbox's counts of what it was sent are the reference.
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { SandboxOptions } from '../../src/sandbox/server.js';
import { isWrite, writeFault, type WriteName } from '../../src/sandbox/write-faults.js';
import { gate, labWithTeam, started, turns } from '../helpers/meet.js';
import { newConfigDir, runCli, sandboxWithEnv, type SandboxEnv } from './harness.js';

let s: SandboxEnv | undefined;
afterEach(async () => {
  await s?.sandbox.close();
  s = undefined;
});
const sb = (): SandboxEnv => s as SandboxEnv;
const tmp = (): string => mkdtempSync(join(tmpdir(), 'teamctl-statehome-'));

/** Organization lab, 10 members, u1 admin; team t. The env names no state folder: XDG_STATE_HOME decides. */
async function start(options: SandboxOptions = {}): Promise<{ env: Record<string, string | undefined>; xdg: string }> {
  s = await sandboxWithEnv({ seed: 'empty', ...options });
  labWithTeam(s.sandbox.store);
  const xdg = tmp();
  return { env: { ...s.env, TEAMCTL_ORG: 'lab', TEAMCTL_TEAM: 't', TEAMCTL_STATE_DIR: undefined, XDG_STATE_HOME: xdg }, xdg };
}

const terms = (): string => {
  const file = join(tmp(), 'g.csv');
  writeFileSync(file, 'en,fr\nbank,banque\ndoor,porte\n');
  return file;
};

/** The four writes the service cannot take twice, each with its command and the sandbox's count of it. */
const writes: { write: WriteName; options?: SandboxOptions; args: () => string[]; sent: () => number }[] = [
  { write: 'invite', args: () => ['members', 'add', 'kx@example.com', '--invite'], sent: () => sb().sandbox.store.invitationsSent('lab', 'kx@example.com') },
  { write: 'team-create', args: () => ['teams', 'create', 'Kteam'], sent: () => sb().sandbox.store.teamsCreated('lab', 'Kteam') },
  { write: 'glossary', args: () => ['glossary', 'import', terms()], sent: () => sb().sandbox.store.glossaryEntries('lab').length },
  { write: 'member-removal', options: { callerRole: 'read' }, args: () => ['members', 'offboard', 'u00009', '--from-organization', '--yes'], sent: () => sb().sandbox.store.removalRequestsSent('lab', 'u00009') },
];

describe('one journal per machine user', () => {
  for (const { write, options, args, sent } of writes) {
    it(`two runs from two config folders and two HOMEs that meet send one ${write}: the second waits for the lock`, async () => {
      const { env, xdg } = await start(options);
      const held = gate();
      sb().sandbox.intercept(writeFault({ write, fault: { kind: 'hold', until: held.until } }));
      const requests = (): number => sb().sandbox.requests.filter((q) => isWrite(q, write)).length;
      const first = runCli(args(), { env, configDir: newConfigDir() });
      await turns(() => requests() === 1);
      const second = started(args(), { env, configDir: newConfigDir() });
      await turns(() => second.said().includes('waiting for it to finish'));
      held.open();
      const [a, b] = await Promise.all([first, second.run]);
      expect([a.code, b.code], a.stderr + b.stderr).not.toContain(1);
      // An invitation, a team, two terms, a removal request: once.
      expect(sent()).toBe(write === 'glossary' ? 2 : 1);
      expect(requests()).toBe(1);
      expect(existsSync(join(xdg, 'teamctl', 'journal'))).toBe(true);
    });
  }

  it('a team creation answered 503 and applied later: a run from another HOME waits out the hold-back, finds it, creates none', async () => {
    const { env } = await start();
    const late = gate();
    sb().sandbox.intercept(writeFault({ write: 'team-create', fault: { kind: 'late', until: late.until } }));
    expect((await runCli(['teams', 'create', 'Ops', '--no-settle'], { env, configDir: newConfigDir() })).code).toBe(6);
    sb().sandbox.clearIntercepts();
    const sleep = async (): Promise<void> => {
      late.open();
      await turns(() => sb().sandbox.store.teamsTitled('lab', 'Ops') === 1);
    };
    const second = await runCli(['teams', 'create', 'Ops'], { env, configDir: newConfigDir(), sleep });
    expect(second.stderr).toContain('1 team creation with an unknown outcome held back');
    expect(sb().sandbox.store.teamsCreated('lab', 'Ops')).toBe(1);
  });

  it('a saved plan applied from one config folder is refused from another (exit 3), nothing sent', async () => {
    const { env } = await start();
    const plan = join(tmp(), 'plan.json');
    expect((await runCli(['teams', 'create', 'Ops', '--plan-out', plan], { env, configDir: newConfigDir() })).code).toBe(0);
    expect((await runCli(['apply', plan], { env, configDir: newConfigDir() })).code).toBe(0);
    const again = await runCli(['apply', plan], { env, configDir: newConfigDir() });
    expect(again.code, again.stderr).toBe(3);
    expect(again.stderr).toContain('was already applied');
    expect(sb().sandbox.store.teamsCreated('lab', 'Ops')).toBe(1);
  });
});

describe('a state folder teamctl cannot use', () => {
  for (const { write, options, args } of writes) {
    it(`${write}: a file where the state folder or its journal folder goes is one line naming it, exit 1, nothing sent`, async () => {
      const { env } = await start(options);
      const state = tmp();
      writeFileSync(join(state, 'journal'), 'a file');
      const file = join(tmp(), 'state');
      writeFileSync(file, 'a file');
      const cases: [string, string][] = [
        [state, `error: the journal folder ${join(state, 'journal')} cannot be created (a file is in its place); nothing was sent`],
        [file, `error: the state folder ${file} or a folder above it is a file, not a folder; nothing was sent`],
        [join(file, 'below'), `error: the state folder ${join(file, 'below')} or a folder above it is a file, not a folder; nothing was sent`],
      ];
      for (const [dir, said] of cases) {
        const r = await runCli([...args(), '--yes'], { env: { ...env, TEAMCTL_STATE_DIR: dir } });
        expect(r.code, r.stderr).toBe(1);
        expect(r.stderr.split('\n').filter((line) => line.startsWith('error:'))).toEqual([said]);
        expect(r.stderr).not.toMatch(/\n\s+at /);
      }
      expect(sb().sandbox.requests.filter((q) => isWrite(q, write))).toEqual([]);
    });
  }

  it('a dry run reads nothing from a state folder that does not exist, and creates none', async () => {
    const { env } = await start();
    const dir = join(tmp(), 'not-yet');
    const r = await runCli(['teams', 'create', 'Ops', '--dry-run'], { env: { ...env, TEAMCTL_STATE_DIR: dir } });
    expect(r.code, r.stderr).toBe(0);
    expect(existsSync(dir)).toBe(false);
    mkdirSync(dir);
  });
});
