// The record of applied plans (src/engine/appliedPlans.ts): one file per plan id, created before
// the first change; a second apply (or one running at the same moment) is refused, --force says so.
import { existsSync, mkdtempSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkNotApplied, claimPlan } from '../../src/engine/appliedPlans.js';
import { GuardError } from '../../src/errors.js';

const newDir = (): string => mkdtempSync(join(tmpdir(), 'teamctl-applied-'));
const noWarn = (m: string): never => {
  throw new Error(`unexpected warning: ${m}`);
};

describe('applied plans', () => {
  it('records a claimed plan with when, which process and which host, in a 0600 file named by its id', async () => {
    const dir = newDir();
    await claimPlan(dir, 'abc123def456', 'plan.json', false, noWarn);
    const files = readdirSync(join(dir, 'applied-plans'));
    expect(files).toEqual(['abc123def456.json']);
    const path = join(dir, 'applied-plans', files[0]!);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, 'applied-plans')).mode & 0o777).toBe(0o700);
    const record = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
    expect(record).toEqual({ plan: 'plan.json', appliedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), pid: process.pid, host: hostname() });
  });

  it('refuses a second claim and a check of the same id, naming when and where it was applied, with the way out', async () => {
    const dir = newDir();
    await checkNotApplied(dir, 'abc123def456', 'plan.json'); // never applied: fine
    await claimPlan(dir, 'abc123def456', 'plan.json', false, noWarn);
    for (const attempt of [() => claimPlan(dir, 'abc123def456', 'copy.json', false, noWarn), () => checkNotApplied(dir, 'abc123def456', 'copy.json')]) {
      const err = (await attempt().catch((e: unknown) => e)) as GuardError;
      expect(err).toBeInstanceOf(GuardError);
      expect(err.exitCode).toBe(3);
      expect(err.message).toMatch(new RegExp(`^copy\\.json was already applied at \\d{4}-\\S+ \\(process ${process.pid} on ${hostname().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\); a plan applies once, and nothing was sent$`));
      expect(err.hint).toBe('make a new plan (--plan-out) for what is left to do, or apply this one again with --force');
    }
    // Another plan is another record.
    await claimPlan(dir, 'ffff0000ffff', 'other.json', false, noWarn);
  });

  it('--force claims an applied plan again and says so; without --force nothing is said', async () => {
    const dir = newDir();
    const said: string[] = [];
    await claimPlan(dir, 'abc123def456', 'plan.json', true, (m) => said.push(m));
    expect(said).toEqual(['--force: applying plan.json whatever earlier applies of it did']);
    await claimPlan(dir, 'abc123def456', 'plan.json', true, (m) => said.push(m));
    expect(said).toHaveLength(2);
  });

  it('keeps ids from the file system: separators and dots in an id never leave the folder', async () => {
    const dir = newDir();
    await claimPlan(dir, '../../escape/..', 'plan.json', false, noWarn);
    expect(readdirSync(join(dir, 'applied-plans'))).toEqual(['______escape___.json']);
    expect(existsSync(join(dir, '..', 'escape'))).toBe(false);
  });
});
