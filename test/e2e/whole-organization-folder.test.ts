// A roster folder with --prune-organization is the whole organization (`teamctl help rosters`,
// "A folder of team rosters"): a team with no file is drift (exit 8 with --exit-code), said by
// its title and id, listed in the JSON report, and never removed.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli, sandboxWithEnv, type SandboxEnv } from './harness.js';

let s: SandboxEnv;
let dir: string;
const keepDir = mkdtempSync(join(tmpdir(), 'teamctl-whole-org-keep-'));
const keep = ['--keep-file', join(keepDir, 'keep.csv')];
beforeEach(async () => {
  // Two teams of their own (the demo's removed); every other member of the organization kept
  // (--keep-file), so that the organization's part of the plan is empty.
  s = await sandboxWithEnv({ seed: 'empty' });
  const { store } = s.sandbox;
  for (const id of store.teamIds('acme')) store.deleteTeam('acme', id);
  writeFileSync(join(keepDir, 'keep.csv'), `email\n${store.users('acme').map((u) => u.email).join('\n')}\n`);
  store.addUsers('acme', 4);
  store.createTeam('acme', 'alpha', 'Alpha Squad');
  store.createTeam('acme', 'beta', 'Beta Squad');
  store.setTeamMembers('acme', 'alpha', [{ userId: 'u00001', role: 'owner' }, { userId: 'u00002', role: 'member' }]);
  store.setTeamMembers('acme', 'beta', [{ userId: 'u00003', role: 'owner' }, { userId: 'u00004', role: 'member' }]);
  s.env.TEAMCTL_TEAM = 'alpha';
  dir = mkdtempSync(join(tmpdir(), 'teamctl-whole-org-'));
});
afterEach(async () => {
  await s.sandbox.close();
});

const run = (argv: string[]) => runCli(argv, { env: s.env, cwd: dir });

describe('members sync --roster <folder> --prune-organization', () => {
  it('a team with no file is drift: exit 8 with --exit-code, named by title and id, in teamsWithoutFile; no team removed, nothing sent', async () => {
    expect((await run(['members', 'list', '--team', 'alpha', '--write-folder', 'teams'])).code).toBe(0);
    const teams = s.sandbox.store.teamIds('acme').sort();
    const from = s.sandbox.requests.length;
    const r = await run(['members', 'sync', '--roster', 'teams', '--prune-organization', ...keep, '--dry-run', '--exit-code', '--json']);
    expect(r.code, r.stderr).toBe(8);
    expect(r.stderr).toContain('warning: the roster folder is the whole organization (--prune-organization), and 1 team of it has no file: "Beta Squad" (beta); it is left as it is (never removed)');
    const report = JSON.parse(r.stdout) as { teamsWithoutFile: { id: string; title: string }[] };
    expect(report.teamsWithoutFile).toEqual([{ id: 'beta', title: 'Beta Squad' }]);
    // The same folder without --exit-code: exit 0, said all the same.
    const plain = await run(['members', 'sync', '--roster', 'teams', '--prune-organization', ...keep, '--dry-run']);
    expect(plain.code, plain.stderr).toBe(0);
    expect(plain.stderr).toContain('"Beta Squad" (beta)');
    expect(s.sandbox.requests.slice(from).filter((q) => q.method !== 'GET')).toEqual([]);
    expect(s.sandbox.store.teamIds('acme').sort()).toEqual(teams);
  });

  it('every team with its file: no team is said to have none; without --prune-organization a partial folder says nothing of the others', async () => {
    expect((await run(['members', 'list', '--all-teams', '--write-folder', 'all'])).code).toBe(0);
    const whole = await run(['members', 'sync', '--roster', 'all', '--prune-organization', ...keep, '--dry-run', '--exit-code', '--json']);
    expect(whole.code, whole.stderr).toBe(0);
    expect(whole.stderr).not.toContain('no file');
    expect(JSON.parse(whole.stdout)).not.toHaveProperty('teamsWithoutFile');
    expect((await run(['members', 'list', '--team', 'alpha', '--write-folder', 'one'])).code).toBe(0);
    const partial = await run(['members', 'sync', '--roster', 'one', '--prune', '--dry-run', '--exit-code']);
    expect(partial.code, partial.stderr).toBe(0);
    expect(partial.stderr).not.toContain('no file');
  });
});
