// members list --write-folder names each file by its team's title, made safe for file systems,
// refuses a second file for a team that has one, and --all-teams writes every team; the folder
// then reads back as the teams it was written from (`teamctl help rosters`, "A folder of team rosters").
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli, sandboxWithEnv, type SandboxEnv } from './harness.js';

let s: SandboxEnv;
let dir: string;
beforeEach(async () => {
  s = await sandboxWithEnv();
  dir = mkdtempSync(join(tmpdir(), 'teamctl-write-folder-'));
});
afterEach(async () => {
  await s.sandbox.close();
});

const run = (argv: string[]) => runCli(argv, { env: s.env, cwd: dir });
const memberListings = (from: number): string[] => s.sandbox.requests.slice(from).map((r) => r.path).filter((p) => p.endsWith('/members'));

describe('members list --write-folder: one file per team', () => {
  it('refuses to write Product Design.csv beside design.csv, the same team by its id: exit 2 naming both, nothing written or listed', async () => {
    mkdirSync(join(dir, 'teams'));
    writeFileSync(join(dir, 'teams', 'design.csv'), 'email\nmine@example.com\n');
    const from = s.sandbox.requests.length;
    const r = await run(['members', 'list', '--team', 'Product Design', '--write-folder', 'teams']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('teams/design.csv is already the roster of team "Product Design" (design), and teams/Product Design.csv would be a second one; nothing was written');
    expect(readdirSync(join(dir, 'teams'))).toEqual(['design.csv']);
    expect(readFileSync(join(dir, 'teams', 'design.csv'), 'utf8')).toBe('email\nmine@example.com\n');
    expect(memberListings(from)).toEqual([]);
  });

  it('refuses a file naming the team by its title in another case or extension, and one named `<title> (<id>)`', async () => {
    for (const present of ['product design.tsv', 'Product Design (design).csv']) {
      const folder = join(dir, present);
      mkdirSync(folder);
      writeFileSync(join(folder, present), 'email\nmine@example.com\n');
      const r = await run(['members', 'list', '--team', 'design', '--write-folder', present]);
      expect(r.code, present).toBe(2);
      expect(r.stderr).toContain(`${join(present, present)} is already the roster of team "Product Design" (design), and ${join(present, 'Product Design.csv')} would be a second one`);
      expect(readdirSync(folder)).toEqual([present]);
    }
  });

  it('writes over the team’s own file, and leaves other files alone', async () => {
    mkdirSync(join(dir, 'teams'));
    writeFileSync(join(dir, 'teams', 'Product Design.csv'), 'email\nold@example.com\n');
    writeFileSync(join(dir, 'teams', 'notes.csv'), 'not a team\n');
    const r = await run(['members', 'list', '--team', 'design', '--write-folder', 'teams']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('Wrote teams/Product Design.csv: ');
    expect(r.stderr).toContain('members of team "Product Design" (design).');
    const emails = s.sandbox.store.teamMembers('acme', 'design').map((m) => s.sandbox.store.getUser('acme', m.userId)?.email);
    const written = readFileSync(join(dir, 'teams', 'Product Design.csv'), 'utf8');
    for (const email of emails) expect(written).toContain(`,${email},`);
    expect(written).not.toContain('old@example.com');
    expect(readFileSync(join(dir, 'teams', 'notes.csv'), 'utf8')).toBe('not a team\n');
  });
});

describe('members list --all-teams --write-folder: every team, by title made safe', () => {
  it('a title that is no safe name, or one file systems take for another, is made safe and given its id; the folder syncs back to no change', async () => {
    const { store } = s.sandbox;
    const odd: [string, string][] = [
      ['rd-ops', 'R&D / Ops'],
      ['rd-ops-2', 'R&D : Ops'],
      ['con', 'CON'],
      ['dots', 'Sales...'],
      ['eng-lower', 'Growth'],
      ['eng-upper', 'GROWTH'],
      ['long', 'L'.repeat(300)],
    ];
    for (const [id, title] of odd) {
      store.createTeam('acme', id, title);
      store.setTeamMembers('acme', id, [{ userId: store.teamMembers('acme', 'engineering')[0]!.userId, role: 'owner' }]);
    }
    const r = await run(['members', 'list', '--all-teams', '--write-folder', 'all']);
    expect(r.code, r.stderr).toBe(0);
    const files = readdirSync(join(dir, 'all')).sort();
    expect(files).toHaveLength(store.teamIds('acme').length);
    for (const name of ['R&D _ Ops (rd-ops).csv', 'R&D _ Ops (rd-ops-2).csv', 'CON_ (con).csv', 'Sales (dots).csv', 'Growth (eng-lower).csv', 'GROWTH (eng-upper).csv', `${'L'.repeat(180)} (long).csv`, 'Product Design.csv', 'Platform Engineering.csv']) {
      expect(files).toContain(name);
    }
    for (const name of files) expect(Buffer.byteLength(name)).toBeLessThanOrEqual(255);
    // Each file reads back as its team: nothing to change, every team of the organization named.
    const drift = await run(['members', 'sync', '--roster', 'all', '--prune', '--dry-run', '--exit-code', '--json']);
    expect(drift.code, drift.stderr).toBe(0);
    const teams = (JSON.parse(drift.stdout) as { teams: { team: string }[] }).teams.map((t) => t.team).sort();
    expect(teams).toEqual(store.teamIds('acme').sort());
  });

  it('members list --all-teams lists every team with its team column, without a team setting', async () => {
    const r = await runCli(['members', 'list', '--all-teams', '-o', 'csv'], { env: { ...s.env, TEAMCTL_TEAM: undefined } });
    expect(r.code, r.stderr).toBe(0);
    const rows = r.stdout.trim().split('\n');
    expect(rows[0]).toBe('team,id,email,displayName,role,orgRole');
    const total = s.sandbox.store.teamIds('acme').reduce((n, id) => n + s.sandbox.store.teamMembers('acme', id).length, 0);
    expect(rows).toHaveLength(total + 1);
  });
});
