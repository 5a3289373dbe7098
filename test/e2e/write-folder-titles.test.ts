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

describe('members list --write-folder: its words and its checks', () => {
  /** A new team whose one member, an owner, is design's first member. */
  const teamOfOne = (id: string, title: string): void => {
    const { store } = s.sandbox;
    store.createTeam('acme', id, title);
    store.setTeamMembers('acme', id, [{ userId: store.teamMembers('acme', 'design')[0]!.userId, role: 'owner' }]);
  };

  it('says how many members each file holds, one in the singular; a file of another team, or of no roster extension, is left alone', async () => {
    const { store } = s.sandbox;
    teamOfOne('solo', 'Solo');
    mkdirSync(join(dir, 'teams'));
    writeFileSync(join(dir, 'teams', 'Platform Engineering.csv'), 'email\nkept@example.com\n');
    writeFileSync(join(dir, 'teams', 'solo.txt'), 'not a roster\n');
    const one = await run(['members', 'list', '--team', 'solo', '--write-folder', 'teams']);
    expect(one.code, one.stderr).toBe(0);
    expect(one.stderr).toContain('Wrote teams/Solo.csv: 1 member of team "Solo" (solo).');
    const n = store.teamMembers('acme', 'design').length;
    expect(n).toBeGreaterThan(1);
    const several = await run(['members', 'list', '--team', 'design', '--write-folder', 'teams']);
    expect(several.code, several.stderr).toBe(0);
    expect(several.stderr).toContain(`Wrote teams/Product Design.csv: ${n} members of team "Product Design" (design).`);
    expect(readFileSync(join(dir, 'teams', 'Platform Engineering.csv'), 'utf8')).toBe('email\nkept@example.com\n');
    expect(readFileSync(join(dir, 'teams', 'solo.txt'), 'utf8')).toBe('not a roster\n');
    expect(readdirSync(join(dir, 'teams')).sort()).toEqual(['Platform Engineering.csv', 'Product Design.csv', 'Solo.csv', 'solo.txt']);
  });

  it('a hidden file is no roster, even one whose name is a team\'s title', async () => {
    teamOfOne('dot', '.dot');
    mkdirSync(join(dir, 'hidden'));
    writeFileSync(join(dir, 'hidden', '.dot.csv'), 'email\n');
    const r = await run(['members', 'list', '--team', 'dot', '--write-folder', 'hidden']);
    expect(r.code, r.stderr).toBe(0);
    expect(readdirSync(join(dir, 'hidden'))).toContain('.dot.csv');
    expect(readdirSync(join(dir, 'hidden'))).toHaveLength(2);
  });

  it('two older files of one team are both named, with what to do; nothing written', async () => {
    mkdirSync(join(dir, 'two'));
    writeFileSync(join(dir, 'two', 'design.csv'), 'email\n');
    writeFileSync(join(dir, 'two', 'product design.tsv'), 'email\n');
    const r = await run(['members', 'list', '--team', 'design', '--write-folder', 'two']);
    expect(r.code).toBe(2);
    const second = 'is already the roster of team "Product Design" (design), and two/Product Design.csv would be a second one';
    expect(r.stderr).toContain(`two/design.csv ${second}`);
    expect(r.stderr).toContain(`two/product design.tsv ${second}`);
    expect(r.stderr).toContain(`would be a second one; two/`);
    expect(r.stderr).toContain('remove or rename the older file (a roster folder holds one file per team), then run again');
    expect(readdirSync(join(dir, 'two')).sort()).toEqual(['design.csv', 'product design.tsv']);
  });

  it('a file where the folder goes, or a folder where a roster goes: refused naming --write-folder and the path', async () => {
    writeFileSync(join(dir, 'plain'), 'a file\n');
    const file = await run(['members', 'list', '--team', 'design', '--write-folder', 'plain']);
    expect(file.code).not.toBe(0);
    expect(file.stderr).toContain('--write-folder plain');
    mkdirSync(join(dir, 'taken', 'Product Design.csv'), { recursive: true });
    const folder = await run(['members', 'list', '--team', 'design', '--write-folder', 'taken']);
    expect(folder.code).not.toBe(0);
    expect(folder.stderr).toContain('--write-folder taken/Product Design.csv');
  });
});
