// The record of applied plans (src/engine/appliedPlans.ts): one file per plan id, created before
// the first change; a second apply (or one running at the same moment) is refused, --force says so.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appliedRecord, checkNotApplied, claimPlan } from '../../src/engine/appliedPlans.js';
import { GuardError, UsageError } from '../../src/errors.js';

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
    // Letters, digits, '_' and '-' are kept as they are.
    await claimPlan(dir, 'Plan_2026-ab', 'plan.json', false, noWarn);
    expect(readdirSync(join(dir, 'applied-plans')).sort()).toEqual(['Plan_2026-ab.json', '______escape___.json']);
  });

  it('writes the record as one JSON line', async () => {
    const dir = newDir();
    await claimPlan(dir, 'abc123def456', 'plan.json', false, noWarn);
    const text = readFileSync(join(dir, 'applied-plans', 'abc123def456.json'), 'utf8');
    expect(text.endsWith('}\n')).toBe(true);
    expect(text.split('\n')).toHaveLength(2);
  });

  it('tells `plan show` when and where a plan was applied, and nothing for one never applied', async () => {
    const dir = newDir();
    expect(await appliedRecord(dir, 'abc123def456')).toBeUndefined();
    await claimPlan(dir, 'abc123def456', 'plan.json', false, noWarn);
    expect(await appliedRecord(dir, 'abc123def456')).toEqual({ appliedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), pid: process.pid, host: hostname() });
    expect(await appliedRecord(dir, 'ffff0000ffff')).toBeUndefined();
  });

  it('refuses a claim over a record it cannot read, without saying when', async () => {
    const dir = newDir();
    mkdirSync(join(dir, 'applied-plans'));
    writeFileSync(join(dir, 'applied-plans', 'abc123def456.json'), '{"plan": "pl');
    expect(await appliedRecord(dir, 'abc123def456')).toBe('unreadable');
    const err = (await claimPlan(dir, 'abc123def456', 'plan.json', false, noWarn).catch((e: unknown) => e)) as GuardError;
    expect(err).toBeInstanceOf(GuardError);
    expect(err.message).toBe('plan.json was already applied; a plan applies once, and nothing was sent');
  });

  it('a dry run is refused over a record it cannot read or that is no record, as the apply would be', async () => {
    for (const text of ['{"plan": "pl', '[]', '{"plan":"p.json"}']) {
      const dir = newDir();
      mkdirSync(join(dir, 'applied-plans'));
      writeFileSync(join(dir, 'applied-plans', 'abc123def456.json'), text);
      const err = (await checkNotApplied(dir, 'abc123def456', 'plan.json').catch((e: unknown) => e)) as GuardError;
      expect(err, text).toBeInstanceOf(GuardError);
      expect(err.message).toBe('plan.json was already applied; a plan applies once, and nothing was sent');
      expect(await appliedRecord(dir, 'abc123def456')).toBe('unreadable');
    }
  });

  it('a record missing any one of its fields, or with one of another type, is no record', async () => {
    const whole = { plan: 'p.json', appliedAt: '2026-01-02T03:04:05.000Z', pid: 42, host: 'ci-7' };
    const { appliedAt, pid, host } = whole;
    const broken = [{ plan: 'p.json', pid, host }, { plan: 'p.json', appliedAt, host }, { plan: 'p.json', appliedAt, pid }, { ...whole, appliedAt: 1 }, { ...whole, pid: '42' }, { ...whole, host: null }, null];
    for (const record of broken) {
      const dir = newDir();
      mkdirSync(join(dir, 'applied-plans'));
      writeFileSync(join(dir, 'applied-plans', 'abc123def456.json'), JSON.stringify(record));
      expect(await appliedRecord(dir, 'abc123def456'), JSON.stringify(record)).toBe('unreadable');
    }
    const dir = newDir();
    mkdirSync(join(dir, 'applied-plans'));
    writeFileSync(join(dir, 'applied-plans', 'abc123def456.json'), JSON.stringify(whole));
    expect(await appliedRecord(dir, 'abc123def456')).toEqual({ appliedAt, pid, host });
  });

  it('a folder in a record\'s place is no file of teamctl\'s: refused, naming it, with nothing sent (never taken as applied or not)', async () => {
    const dir = newDir();
    mkdirSync(join(dir, 'applied-plans', 'abc123def456.json'), { recursive: true });
    for (const look of [() => appliedRecord(dir, 'abc123def456'), () => checkNotApplied(dir, 'abc123def456', 'plan.json')]) {
      const err = (await look().catch((e: unknown) => e)) as UsageError;
      expect(err).toBeInstanceOf(UsageError);
      expect(err.message).toBe(`the applied-plan record ${join(dir, 'applied-plans', 'abc123def456.json')} is a directory, not a regular file; nothing was sent`);
    }
  });

  it('says what kept it from recording a claim, and that nothing was sent (exit 2)', async () => {
    const dir = newDir();
    mkdirSync(join(dir, 'applied-plans', 'abc123def456.json'), { recursive: true }); // a folder where the record goes
    const err = (await claimPlan(dir, 'abc123def456', 'plan.json', true, noWarn).catch((e: unknown) => e)) as UsageError;
    expect(err).toBeInstanceOf(UsageError);
    expect(err.exitCode).toBe(2);
    expect(err.message).toBe(`the applied-plan record ${join(dir, 'applied-plans', 'abc123def456.json')} is a directory, not a regular file; nothing was sent`);
  });
});
