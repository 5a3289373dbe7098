// A full disk, end to end (`teamctl help reliability`, "Reliability"): every file teamctl writes —
// --report, --plan-out, `glossary export -f`, the config file `auth login` writes, an invitation
// record, an applied-plan record, GITHUB_STEP_SUMMARY — fails with one `error:` line naming the
// file and the cause, never a stack. The full disk is an injected write error: a file opened in a
// "full" folder opens, and every write into it fails with ENOSPC, as on a full tmpfs. A run that
// already changed the service still prints its summary and exits 6; the sandbox's state shows
// what was applied.
import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type * as FsPromises from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { email, startLab, type Lab } from './lab.js';
import { newConfigDir, runCli, sandboxWithEnv, type SandboxEnv } from './harness.js';

const disk = vi.hoisted(() => ({
  /** Folders whose files take no more bytes. */
  full: [] as string[],
  isFull(path: unknown): boolean {
    return this.full.some((folder) => String(path).startsWith(folder));
  },
  enospc(): Error {
    return Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28, syscall: 'write' });
  },
}));

vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof FsPromises>();
  const open = async (...args: Parameters<typeof real.open>) => {
    const handle = await real.open(...args);
    if (!disk.isFull(args[0])) return handle;
    return new Proxy(handle, {
      get(target, key) {
        if (key === 'write' || key === 'writeFile' || key === 'appendFile') return () => Promise.reject(disk.enospc());
        const value: unknown = Reflect.get(target, key);
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
  };
  return { ...real, open, default: { ...real, open } };
});

// The config file is written by conf (its own atomic writer): its write fails the same way.
vi.mock('conf', async (importOriginal) => {
  const Real = (await importOriginal<{ default: new (options: object) => { readonly path: string; get store(): object; set store(value: object) } }>()).default;
  class FullConf extends Real {
    override get store(): object {
      return super.store;
    }
    override set store(value: object) {
      if (disk.isFull(this.path)) throw disk.enospc();
      super.store = value;
    }
  }
  return { default: FullConf };
});

const noStack = (stderr: string): void => {
  expect(stderr).not.toContain('unexpected failure');
  expect(stderr).not.toMatch(/\n\s+at /);
};

const dir = mkdtempSync(join(tmpdir(), 'teamctl-full-disk-'));
const full = join(dir, 'full');
mkdirSync(full);
let n = 0;
const input = (lines: readonly string[]): string => {
  const path = join(dir, `in${++n}.csv`);
  writeFileSync(path, lines.join('\n') + '\n');
  return path;
};

let s: SandboxEnv;
beforeEach(async () => {
  disk.full = [full];
  s = await sandboxWithEnv({ seed: 'empty' });
  s.sandbox.store.addUsers('acme', 6);
  s.sandbox.store.createTeam('acme', 't');
  s.sandbox.store.setTeamMembers('acme', 't', [{ userId: 'u00001', role: 'owner' }]);
  s.env.TEAMCTL_TEAM = 't';
});
afterEach(async () => {
  disk.full = [];
  await s.sandbox.close();
});
const members = (): string[] => s.sandbox.store.teamMembers('acme', 't').map((m) => m.userId).sort();
const writes = (): number => s.sandbox.requests.filter((r) => r.method !== 'GET').length;

describe('a full disk', () => {
  it('--report after the change was applied: the summary, one error line naming the report, exit 6', async () => {
    const report = join(full, 'report.csv');
    const r = await runCli(['members', 'add', 'u00002', 'u00003', '--report', report], { env: s.env });
    expect(members()).toEqual(['u00001', 'u00002', 'u00003']);
    expect(r.code, r.stderr).toBe(6);
    expect(r.stderr).toMatch(/Done: 2 added/);
    expect(r.stderr).toContain(`but the report could not be written: cannot write --report ${report}: no space left in ${full}`);
    noStack(r.stderr);
    expect(readdirSync(full)).toEqual([]);
  });

  it('--report of a dry run, and --plan-out: exit 2, one error line naming the file, nothing sent', async () => {
    for (const flags of [['--dry-run', '--report', join(full, 'dry.csv')], ['--plan-out', join(full, 'plan.json')]]) {
      const r = await runCli(['members', 'add', 'u00004', ...flags], { env: s.env });
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toContain(`error: cannot write ${flags.at(-2)} ${flags.at(-1)}: no space left in ${full}`);
      noStack(r.stderr);
    }
    expect(writes()).toBe(0);
    expect(readdirSync(full)).toEqual([]);
  });

  it('glossary export -f: exit 2, one error line naming the file, no file left', async () => {
    s.sandbox.store.applyGlossaryOperations('acme', [{ type: 'insert', translations: { en: 'color', fr: 'couleur' } }], '2026-01-01T00:00:00Z');
    const out = join(full, 'glossary.csv');
    const r = await runCli(['glossary', 'export', '-f', out], { env: s.env });
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toContain(`error: cannot write -f ${out}: no space left in ${full}`);
    noStack(r.stderr);
    expect(readdirSync(full)).toEqual([]);
  });

  it('auth login: the config file, named, exit 2', async () => {
    const configDir = join(full, `config${++n}`);
    const r = await runCli(['auth', 'login', '--base-url', s.sandbox.url, '--with-token'], { configDir, stdin: `${s.sandbox.token}\n` });
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toContain(`error: cannot write the config file ${join(configDir, 'config.json')}: no space left in ${configDir}`);
    noStack(r.stderr);
    expect(r.stderr).not.toContain(s.sandbox.token);
  });

  it('the applied-plan record: exit 2, nothing sent, and the plan can be applied once the disk has room', async () => {
    const plan = join(dir, `plan${++n}.json`);
    expect((await runCli(['members', 'add', 'u00005', '--plan-out', plan], { env: s.env })).code).toBe(0);
    const configDir = newConfigDir();
    disk.full = [join(configDir, 'applied-plans')];
    const r = await runCli(['apply', plan], { env: s.env, configDir });
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toMatch(new RegExp(`error: cannot record that ${plan} is applied in ${join(configDir, 'applied-plans')}/\\S+: no space left in ${join(configDir, 'applied-plans')}; nothing was sent`));
    noStack(r.stderr);
    expect(writes()).toBe(0);
    disk.full = [];
    const again = await runCli(['apply', plan], { env: s.env, configDir });
    expect(again.code, again.stderr).toBe(0);
    expect(members()).toContain('u00005');
  });

  it('GITHUB_STEP_SUMMARY: a warning naming the file and the cause; the run itself succeeds', async () => {
    const summary = join(full, 'summary.md');
    const r = await runCli(['members', 'add', 'u00006'], { env: { ...s.env, GITHUB_STEP_SUMMARY: summary } });
    expect(r.code, r.stderr).toBe(0);
    expect(members()).toContain('u00006');
    expect(r.stderr).toContain(`warning: cannot write GITHUB_STEP_SUMMARY (${summary}): no space left in ${full}; the summary was not written\n`);
    noStack(r.stderr);
  });
});

describe('a full disk under the journal of invitations', () => {
  let lab: Lab;
  beforeEach(async () => {
    lab = await startLab(3, { t: [1, 2] }, {}, { TEAMCTL_TEAM: 't' });
  });
  afterEach(async () => {
    await lab.sandbox.close();
  });

  it('the journal cannot be written: the invitation is not sent, the journal and the cause are named, no stack', async () => {
    disk.full = [join(lab.configDir, 'journal')];
    const roster = input(['email', email(1), email(2), 'new.hire@example.com']);
    const r = await lab.run(['members', 'sync', '--roster', roster, '--invite']);
    // Recorded before it is sent: a record that cannot be written sends nothing.
    expect(lab.sandbox.store.members.invitations('lab')).toEqual([]);
    expect(r.code, r.stderr).not.toBe(0);
    expect(r.stderr).toMatch(/the lock of the journal .*could not be created \(ENOSPC: no space left on device, write\); nothing was sent/);
    noStack(r.stderr);
  });
});
