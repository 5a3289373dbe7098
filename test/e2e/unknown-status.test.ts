// An HR status teamctl does not know (`teamctl help rosters`, "Inactive accounts"): the row is
// kept with a warning naming the value, its file and line, and the --status-map that reads it;
// following the hint as printed leaves the row out, and the sandbox's team shows it.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli, sandboxWithEnv, type SandboxEnv } from './harness.js';

let s: SandboxEnv | undefined;
afterEach(async () => {
  await s?.sandbox.close();
  s = undefined;
});

const uid = (n: number): string => `u${String(n).padStart(5, '0')}`;
const mail = (n: number): string => `user${String(n).padStart(5, '0')}@example.com`;

async function teamOfThree(): Promise<SandboxEnv> {
  s = await sandboxWithEnv({ seed: 'empty' });
  s.sandbox.store.addUsers('acme', 5);
  s.sandbox.store.createTeam('acme', 't');
  s.sandbox.store.setTeamMembers('acme', 't', [1, 2, 3].map((n) => ({ userId: uid(n), role: n === 1 ? ('owner' as const) : ('member' as const) })));
  s.env.TEAMCTL_TEAM = 't';
  return s;
}
const members = (): string[] => s!.sandbox.store.teamMembers('acme', 't').map((m) => m.userId).sort();

describe('an HR status teamctl does not know', () => {
  it('Terminated: kept with a warning naming it, its file and line; the --status-map the warning prints leaves the row out', async () => {
    await teamOfThree();
    const dir = mkdtempSync(join(tmpdir(), 'teamctl-status-'));
    const roster = join(dir, 'hr.csv');
    writeFileSync(roster, `Email,Status\n${mail(1)},Active\n${mail(2)},Active\n${mail(3)},Terminated\n${mail(4)},Terminated\n`);
    const dry = await runCli(['members', 'sync', '--roster', roster, '--prune', '--dry-run'], { env: s!.env });
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stderr).toContain(`${roster}:4: status "Terminated" in column "Status" is not one teamctl knows, so its 2 rows (the first here) are kept as active: say what it means with --status-map Terminated=inactive`);
    const hint = /say what it means with (--status-map) (\S+)/.exec(dry.stderr);
    expect(hint).not.toBeNull();

    // Following the hint: user 3 leaves the team, user 4 is not added; no warning is left.
    const run = await runCli(['members', 'sync', '--roster', roster, '--prune', '--yes', hint![1] as string, hint![2] as string], { env: s!.env });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).not.toContain('is not one teamctl knows');
    expect(run.stderr).toContain('2 rows marked inactive by column "Status" ("Terminated") left out');
    expect(members()).toEqual([uid(1), uid(2)]);
  });

  it('a value mapped active raises no warning and keeps the row; --status-map alone, or with a bad state, is exit 2 with nothing sent', async () => {
    await teamOfThree();
    const dir = mkdtempSync(join(tmpdir(), 'teamctl-status-'));
    const roster = join(dir, 'hr.csv');
    writeFileSync(roster, `Email,Status\n${mail(1)},Active\n${mail(2)},On leave\n${mail(3)},Active\n`);
    const kept = await runCli(['members', 'sync', '--roster', roster, '--prune', '--yes', '--status-map', 'On leave=active'], { env: s!.env });
    expect(kept.code, kept.stderr).toBe(0);
    expect(kept.stderr).not.toContain('not one teamctl knows');
    expect(members()).toEqual([uid(1), uid(2), uid(3)]);
    const before = s!.sandbox.requests.length;
    const alone = await runCli(['members', 'sync', '--add', mail(4), '--status-map', 'Terminated=inactive'], { env: s!.env });
    expect(alone.code).toBe(2);
    expect(alone.stderr).toContain('--status-map says what the status values of a roster or an --add-file mean');
    const bad = await runCli(['members', 'sync', '--roster', roster, '--status-map', 'Terminated=gone'], { env: s!.env });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--status-map: "Terminated" maps to "gone"; a status is active or inactive');
    expect(s!.sandbox.requests.length).toBe(before);
  });
});
