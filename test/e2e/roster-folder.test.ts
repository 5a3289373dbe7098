// A roster folder (`teamctl help rosters`, "A folder of team rosters"): `--roster teams` reads each
// .csv/.tsv/.xlsx file as one team's roster named by its file name, and plans and applies exactly as
// the organization roster holding the same rows; `members list --write-folder` bootstraps it.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli, sandboxWithEnv, type SandboxEnv } from './harness.js';

let s: SandboxEnv;
let dir: string;
beforeEach(async () => {
  s = await sandboxWithEnv();
  dir = mkdtempSync(join(tmpdir(), 'teamctl-folder-'));
});
afterEach(async () => {
  await s.sandbox.close();
});

const run = (argv: string[]) => runCli(argv, { env: s.env, cwd: dir });

/** The team's members as e-mail → role, from the sandbox's state. */
function state(team: string): Record<string, string> {
  const { store } = s.sandbox;
  return Object.fromEntries(store.teamMembers('acme', team).map((m) => [store.getUser('acme', m.userId)?.email.toLowerCase() ?? m.userId, m.role]));
}

/** The rows of a roster CSV (header first), and the CSV with `edit` applied to its data rows. */
function edited(path: string, edit: (rows: string[]) => string[]): void {
  const [header = '', ...rows] = readFileSync(path, 'utf8').trimEnd().split('\n');
  writeFileSync(path, [header, ...edit(rows)].join('\n') + '\n');
}

describe('members sync --roster <folder>', () => {
  it('bootstraps the folder from the service, which then plans nothing', async () => {
    const wrote = await run(['members', 'list', '--team', 'engineering,Product Design', '--write-folder', 'teams']);
    expect(wrote.code, wrote.stderr).toBe(0);
    expect(wrote.stdout).toBe('');
    // Each file named by its team's title.
    expect(readdirSync(join(dir, 'teams')).sort()).toEqual(['Platform Engineering.csv', 'Product Design.csv']);
    expect(readFileSync(join(dir, 'teams', 'Platform Engineering.csv'), 'utf8').split('\n')[0]).toBe('id,email,displayName,role,orgRole');
    const drift = await run(['members', 'sync', '--roster', 'teams', '--prune', '--dry-run', '--exit-code']);
    expect(drift.code, drift.stderr).toBe(0);
    expect(drift.stderr).toContain('Roster folder teams: teams/Platform Engineering.csv → team "Platform Engineering", teams/Product Design.csv → team "Product Design".');
    expect(drift.stderr).toContain('No changes for 2 teams: "Platform Engineering" (engineering), "Product Design" (design)');
  });

  it('syncs a folder of three teams: one by id, one by title, one to create', async () => {
    expect((await run(['members', 'list', '--team', 'engineering,Product Design', '--write-folder', 'teams'])).code).toBe(0);
    const before = { engineering: state('engineering'), design: state('design') };
    // engineering gains a member; in design, bruno.keller becomes an owner; a new team.
    edited(join(dir, 'teams', 'Platform Engineering.csv'), (rows) => [...rows, ',pedro.alves@example.com,,member,']);
    edited(join(dir, 'teams', 'Product Design.csv'), (rows) => rows.map((r) => (r.includes('bruno.keller@example.com') ? r.replace(',member,', ',owner,') : r)));
    writeFileSync(join(dir, 'teams', 'Data Platform.tsv'), 'email\trole\nemil.lindqvist@example.com\towner\nkenji.sato@example.com\tmember\n');
    writeFileSync(join(dir, 'teams', 'README.md'), 'not a roster\n');

    const refused = await run(['members', 'sync', '--roster', 'teams', '--prune', '--dry-run']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('teams/Data Platform.tsv:2: team "Data Platform": no team of organization acme has the id or title "Data Platform"; --create-teams creates it');

    const r = await run(['members', 'sync', '--roster', 'teams', '--prune', '--create-teams', '--yes', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(state('engineering')).toEqual({ ...before.engineering, 'pedro.alves@example.com': 'member' });
    expect(state('design')).toEqual({ ...before.design, 'bruno.keller@example.com': 'owner' });
    const created = s.sandbox.store.teamIds('acme').find((id) => s.sandbox.store.teamTitle('acme', id) === 'Data Platform');
    expect(created).toBeDefined();
    expect(state(created as string)).toEqual({ 'emil.lindqvist@example.com': 'owner', 'kenji.sato@example.com': 'member' });
    // Each team with its file, the created one by the id it was given.
    const teams = (JSON.parse(r.stdout) as { teams: { team: string; file: string }[] }).teams;
    expect(teams.map((t) => [t.team, t.file])).toEqual([
      ['engineering', 'teams/Platform Engineering.csv'],
      ['design', 'teams/Product Design.csv'],
      [created, 'teams/Data Platform.tsv'],
    ]);

    // Run again: nothing to do.
    const again = await run(['members', 'sync', '--roster', 'teams', '--prune', '--dry-run', '--exit-code']);
    expect(again.code, again.stderr).toBe(0);
  });

  it('plans exactly as the organization roster beside it, and applies the same', async () => {
    mkdirSync(join(dir, 'teams'));
    writeFileSync(join(dir, 'teams', 'engineering.csv'), 'email,role,orgRole\nkenji.sato@example.com,owner,admin\npedro.alves@example.com,member,\n' + Object.keys(state('engineering')).filter((e) => e !== 'kenji.sato@example.com' && e !== 'thomas.muller@example.com').map((e) => `${e},,\n`).join(''));
    writeFileSync(join(dir, 'teams', 'Product Design.csv'), 'email,role\n' + Object.keys(state('design')).map((e) => `${e},${e === 'bruno.keller@example.com' ? 'owner' : ''}\n`).join(''));
    // The same rows as one organization roster with a team column, in the folder's order (by file name).
    const org = ['team,email,role,orgRole'];
    for (const [file, team] of [['Product Design.csv', 'Product Design'], ['engineering.csv', 'engineering']] as const) {
      const [head = '', ...rows] = readFileSync(join(dir, 'teams', file), 'utf8').trimEnd().split('\n');
      const hasOrgRole = head.includes('orgRole');
      for (const row of rows) org.push(`${team},${row}${hasOrgRole ? '' : ','}`);
    }
    writeFileSync(join(dir, 'org.csv'), org.join('\n') + '\n');

    const flags = ['--prune', '--org-roles', '--dry-run', '--json'];
    const folder = await run(['members', 'sync', '--roster', 'teams', ...flags]);
    const roster = await run(['members', 'sync', '--roster', 'org.csv', ...flags]);
    expect(folder.code, folder.stderr).toBe(0);
    expect(roster.code, roster.stderr).toBe(0);
    // The same report, each team with the file it came from (`file` right after `team`).
    const files: Record<string, string> = { design: 'teams/Product Design.csv', engineering: 'teams/engineering.csv' };
    const folderJson = JSON.parse(folder.stdout) as { teams: { team: string; file?: string }[] };
    const rosterJson = JSON.parse(roster.stdout) as { teams: { team: string; file?: string }[] };
    expect(folderJson.teams.map((t) => Object.keys(t).slice(0, 2))).toEqual([['team', 'file'], ['team', 'file']]);
    expect(rosterJson.teams.every((t) => !('file' in t))).toBe(true);
    expect(folderJson).toEqual({ ...rosterJson, teams: rosterJson.teams.map((t) => ({ ...t, file: files[t.team] })) });
    const planOf = (stderr: string) => stderr.split('\n').filter((l) => !/^Roster folder |names its 2 teams/.test(l));
    expect(planOf(folder.stderr)).toEqual(planOf(roster.stderr));
    expect(folder.stderr).toContain('+ pedro.alves@example.com');
    expect(folder.stderr).toContain('- thomas.muller@example.com');

    // Saved plans of both hold the same changes; the folder's is applied, and the roster then plans nothing.
    expect((await run(['members', 'sync', '--roster', 'teams', '--prune', '--org-roles', '--plan-out', 'folder.json'])).code).toBe(0);
    expect((await run(['members', 'sync', '--roster', 'org.csv', '--prune', '--org-roles', '--plan-out', 'org.json'])).code).toBe(0);
    const changes = async (plan: string) => JSON.parse((await run(['apply', '--show', plan, '--json'])).stdout).changes as unknown[];
    expect(await changes('folder.json')).toEqual(await changes('org.json'));
    const applied = await run(['apply', 'folder.json']);
    expect(applied.code, applied.stderr).toBe(0);
    expect(state('engineering')['pedro.alves@example.com']).toBe('member');
    expect(state('engineering')['thomas.muller@example.com']).toBeUndefined();
    expect(s.sandbox.store.findUser('acme', 'kenji.sato@example.com')?.role).toBe('admin');
    const after = await run(['members', 'sync', '--roster', 'org.csv', '--prune', '--org-roles', '--dry-run', '--exit-code']);
    expect(after.code, after.stderr).toBe(0);
  });

  it.each([
    ['a file with its own team column', { 'design.csv': 'team,email\ndesign,kenji.sato@example.com\n' }, 'teams/design.csv:1: a file of a roster folder is one team\'s roster, named by its file name ("design"), and this one has a "team" column'],
    ['a file with no users', { 'design.csv': 'email\n' }, 'teams/design.csv: no users: refusing to sync team "design" to an empty roster'],
    ['two files for one team', { 'design.csv': 'email\nkenji.sato@example.com\n', 'design.tsv': 'email\nkenji.sato@example.com\n' }, 'teams/design.tsv: teams/design.csv names team "design" too'],
    ['no roster file', { 'README.md': 'x\n' }, 'the roster folder teams holds no roster'],
    ['two organization roles', { 'design.csv': 'email,orgRole\nkenji.sato@example.com,admin\n', 'engineering.csv': 'email,orgRole\nkenji.sato@example.com,read\n' }, 'teams/engineering.csv:2: "kenji.sato@example.com" has the organization role admin in teams/design.csv:2 and read here'],
  ])('refuses %s: exit 2, nothing sent', async (_what, files, message) => {
    mkdirSync(join(dir, 'teams'));
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, 'teams', name), text);
    const before = s.sandbox.requests.length;
    const r = await run(['members', 'sync', '--roster', 'teams', '--prune', '--org-roles', '--dry-run']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(message);
    expect(s.sandbox.requests.length).toBe(before);
  });

  it('--write-folder writes CSV only, and refuses a team that cannot be a file name', async () => {
    const json = await run(['members', 'list', '--team', 'engineering', '--write-folder', 'teams', '--json']);
    expect([json.code, json.stderr]).toEqual([2, 'error: --write-folder writes CSV rosters, not -o json: leave -o out, or give -o csv\n']);
    const slash = await run(['members', 'list', '--team', 'a/b', '--write-folder', 'teams']);
    expect(slash.code).toBe(2);
    expect(slash.stderr).toContain('invalid team "a/b" in "a/b": it contains "/"; nothing was sent');
  });
});
