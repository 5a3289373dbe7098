// A roster folder with the organization's flags (`teamctl help rosters`, "A folder of team
// rosters": everything a roster has works on a folder), end to end against the sandbox, whose
// state is the reference: --invite, --prune-organization (the folder is the whole organization),
// --keep-file, and the reports (JSON, --report CSV, Markdown) naming the file of each team.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from './harness.js';
import { email, startLab, uid, type Lab } from './lab.js';

let lab: Lab;
let dir: string;
beforeEach(async () => {
  // Organization lab: u1 admin, u2–u7 read. Team t: u1 owner, u2, u3, u4; team v: u5 owner, u6. u7 is in no team.
  lab = await startLab(7, { t: [1, 2, 3, 4], v: [5, 6] });
  dir = mkdtempSync(join(tmpdir(), 'teamctl-folder-org-'));
  mkdirSync(join(dir, 'teams'));
});
afterEach(async () => {
  await lab.sandbox.close();
});

/** Runs teamctl in the test's folder, where `teams/` is the roster folder. */
const run = (args: string[], env: Record<string, string> = {}) => runCli(args, { env: { ...lab.env, ...env }, configDir: lab.configDir, cwd: dir });
/** Writes `teams/<name>` with a header and one line per user. */
const teamFile = (name: string, lines: readonly string[], header = 'email,role'): void => writeFileSync(join(dir, 'teams', name), [header, ...lines].join('\n') + '\n');
const inOrg = (id: string): boolean => lab.sandbox.store.getUser('lab', id) !== undefined;
const team = (t: string): string[] => Object.keys(lab.team(t)).sort();

interface FolderReport {
  teams: { team: string; file?: string; added: { id: string | null; email: string | null }[]; removed: { id: string | null }[] }[];
  placed?: { team: string; file?: string; added: { email: string | null }[] }[];
  removedFromOrganization?: { id: string | null }[];
  kept?: { id: string | null; email: string | null }[];
}

describe('members sync --roster <folder>: the reports name each file', () => {
  it('JSON, --report CSV and the Markdown of the plan and of the result name the file of each team; the changes are applied', async () => {
    teamFile('t.csv', [`${email(1)},owner`, email(2), email(3), email(4), email(7)]);
    teamFile('v.csv', [`${email(5)},owner`, email(6)]);

    const plan = await run(['members', 'sync', '--roster', 'teams', '--dry-run', '-o', 'markdown']);
    expect(plan.code, plan.stderr).toBe(0);
    expect(plan.stdout).toContain('#### t \\(teams/t.csv\\): Added (1)');
    expect(plan.stdout).toContain('| team | file |\n| --- | --- |\n| v | teams/v.csv |');
    expect(team('t')).toEqual([uid(1), uid(2), uid(3), uid(4)]);

    const summary = join(dir, 'summary.md');
    const r = await run(['members', 'sync', '--roster', 'teams', '--yes', '--json', '--report', 'report.csv'], { GITHUB_STEP_SUMMARY: summary });
    expect(r.code, r.stderr).toBe(0);
    expect(team('t')).toEqual([uid(1), uid(2), uid(3), uid(4), uid(7)]);
    expect(team('v')).toEqual([uid(5), uid(6)]);

    const json = JSON.parse(r.stdout) as FolderReport;
    expect(json.teams.map((t) => [t.team, t.file, t.added.map((u) => u.id)])).toEqual([
      ['t', 'teams/t.csv', [uid(7)]],
      ['v', 'teams/v.csv', []],
    ]);
    expect(json.teams.map((t) => Object.keys(t).slice(0, 2))).toEqual([['team', 'file'], ['team', 'file']]);

    // The documented columns first, then `file`: a reader of the documented columns reads on.
    const [header, ...rows] = readFileSync(join(dir, 'report.csv'), 'utf8').trimEnd().split('\n');
    expect(header).toBe('team,teamTitle,user,action,outcome,status,message,file');
    expect(rows).toContain(`t,t,${email(7)},add,added,204,as member,teams/t.csv`);
    expect(rows).toContain(`v,v,${email(5)},none,unchanged,,already a member (owner),teams/v.csv`);
    expect(rows.every((row) => row.endsWith(`,teams/${row.split(',')[0]}.csv`))).toBe(true);

    const markdown = readFileSync(summary, 'utf8');
    expect(markdown).toContain('### Result for 2 teams: 1 added, 0 removed, 0 roles changed, 0 failed');
    expect(markdown).toContain(`#### t \\(teams/t.csv\\): Added (1)`);
    expect(markdown).toContain('| v | teams/v.csv |');
  });

  it('a plan saved from a folder keeps the file of each team: `apply` of it names them in JSON and the --report CSV, and applies the same changes', async () => {
    teamFile('t.csv', [`${email(1)},owner`, email(2), email(3), email(4), email(7)]);
    teamFile('v.csv', [`${email(5)},owner`]);
    const made = await run(['members', 'sync', '--roster', 'teams', '--prune', '--plan-out', 'plan.json']);
    expect(made.code, made.stderr).toBe(0);
    const saved = JSON.parse(readFileSync(join(dir, 'plan.json'), 'utf8')) as { body: { teams: { team: string; file?: string }[] } };
    expect(saved.body.teams.map((t) => [t.team, t.file])).toEqual([['t', 'teams/t.csv'], ['v', 'teams/v.csv']]);
    const r = await run(['apply', 'plan.json', '--json', '--report', 'applied.csv']);
    expect(r.code, r.stderr).toBe(0);
    expect(team('t')).toEqual([uid(1), uid(2), uid(3), uid(4), uid(7)]);
    expect(team('v')).toEqual([uid(5)]);
    const json = JSON.parse(r.stdout) as FolderReport;
    expect(json.teams.map((t) => [t.team, t.file, t.added.map((u) => u.id), t.removed.map((u) => u.id)])).toEqual([
      ['t', 'teams/t.csv', [uid(7)], []],
      ['v', 'teams/v.csv', [], [uid(6)]],
    ]);
    const [header, ...rows] = readFileSync(join(dir, 'applied.csv'), 'utf8').trimEnd().split('\n');
    expect(header).toBe('team,teamTitle,user,action,outcome,status,message,file');
    expect(rows.every((row) => row.endsWith(`,teams/${row.split(',')[0]}.csv`))).toBe(true);
  });

  it('an organization roster holding the same rows reports without files', async () => {
    const org = join(dir, 'org.csv');
    writeFileSync(org, ['team,email,role', `t,${email(1)},owner`, `t,${email(2)},`, `t,${email(3)},`, `t,${email(4)},`, `t,${email(7)},`, `v,${email(5)},owner`, `v,${email(6)},`].join('\n') + '\n');
    const r = await run(['members', 'sync', '--roster', 'org.csv', '--yes', '--json', '--report', 'report.csv']);
    expect(r.code, r.stderr).toBe(0);
    expect(team('t')).toContain(uid(7));
    // Each team's title beside its id (teamTitle), and no file.
    expect((JSON.parse(r.stdout) as FolderReport).teams.map((t) => Object.keys(t).slice(0, 3))).toEqual([
      ['team', 'teamTitle', 'dryRun'],
      ['team', 'teamTitle', 'dryRun'],
    ]);
    expect(readFileSync(join(dir, 'report.csv'), 'utf8').split('\n')[0]).toBe('team,teamTitle,user,action,outcome,status,message');
  });

  it('two files naming one team, one by its id and one by its title, are refused: exit 2, nothing sent', async () => {
    lab.sandbox.store.createTeam('lab', 'w', 'Web');
    lab.sandbox.store.setTeamMembers('lab', 'w', [{ userId: uid(1), role: 'owner' }]);
    teamFile('w.csv', [`${email(1)},owner`]);
    teamFile('Web.csv', [`${email(2)},owner`]);
    const r = await run(['members', 'sync', '--roster', 'teams', '--prune', '--yes']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('teams/w.csv: teams/Web.csv names the same team ("w"): one file per team');
    // Two spellings of one title to create are one team too.
    rmSync(join(dir, 'teams', 'Web.csv'));
    teamFile('Data.csv', [`${email(2)},owner`]);
    teamFile('data.tsv', [`${email(3)}\towner`], 'email\trole');
    const create = await run(['members', 'sync', '--roster', 'teams', '--create-teams', '--yes']);
    expect(create.code).toBe(2);
    expect(create.stderr).toContain('teams/data.tsv: teams/Data.csv has the same name in another case or form, which macOS and Windows take for one file: rename one');
    expect(lab.writes()).toEqual([]);
  });
});

describe('members sync --roster <folder> and the organization', () => {
  it('--invite: a user of a team file outside the organization is invited, joins and is placed in that team; the report names the file', async () => {
    lab.sandbox.store.members.addAccount({ id: 'known1', displayName: 'Known One', email: 'known@example.com' });
    teamFile('t.csv', [`${email(1)},owner`, email(2), email(3), email(4)]);
    teamFile('v.csv', [`${email(5)},owner`, email(6), 'known@example.com,owner']);
    const plain = await run(['members', 'sync', '--roster', 'teams', '--dry-run']);
    expect(plain.code).toBe(3);
    expect(plain.stderr).toContain('known@example.com');

    const r = await run(['members', 'sync', '--roster', 'teams', '--invite', '--yes', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(lab.writes().filter((w) => w.startsWith('POST /v1/orgs/lab/invites'))).toHaveLength(1);
    expect(inOrg('known1')).toBe(true);
    expect(lab.team('v')).toEqual({ [uid(5)]: 'owner', [uid(6)]: 'member', known1: 'owner' });
    expect(team('t')).toEqual([uid(1), uid(2), uid(3), uid(4)]);
    const json = JSON.parse(r.stdout) as FolderReport;
    expect(json.placed?.map((p) => [p.team, p.file, p.added.map((u) => u.email)])).toEqual([['v', 'teams/v.csv', ['known@example.com']]]);
    expect(json.teams.map((t) => t.file)).toEqual(['teams/t.csv', 'teams/v.csv']);
  });

  it('--prune-organization: the folder is the whole organization; a member in no file leaves it, those in a file stay', async () => {
    teamFile('t.csv', [`${email(1)},owner`, email(2), email(3), email(4)]);
    teamFile('v.csv', [`${email(5)},owner`, email(6)]);
    const r = await run(['members', 'sync', '--roster', 'teams', '--prune-organization', '--yes', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(lab.writes()).toEqual([`DELETE /v1/orgs/lab/members/${uid(7)}`]);
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => inOrg(uid(n)))).toEqual([true, true, true, true, true, true, false]);
    expect((JSON.parse(r.stdout) as FolderReport).removedFromOrganization?.map((u) => u.id)).toEqual([uid(7)]);
  });

  it('--keep-file: a kept user absent from every file stays in their team with --prune and in the organization with --prune-organization', async () => {
    // u4 (in t) and u7 (in no team) are in no file, and kept; u3 moves from t to v: pruned from t only.
    teamFile('t.csv', [`${email(1)},owner`, email(2)]);
    teamFile('v.csv', [`${email(5)},owner`, email(6), email(3)]);
    const keep = join(dir, 'keep.csv');
    writeFileSync(keep, `email\n${email(4)}\n${email(7)}\n`);
    const r = await run(['members', 'sync', '--roster', 'teams', '--prune', '--prune-organization', '--keep-file', keep, '--yes', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(team('t')).toEqual([uid(1), uid(2), uid(4)]);
    expect(team('v')).toEqual([uid(3), uid(5), uid(6)]);
    expect([1, 2, 3, 4, 5, 6, 7].every((n) => inOrg(uid(n)))).toBe(true);
    expect(lab.writes().filter((w) => w.startsWith('DELETE /v1/orgs/lab/members/'))).toEqual([]);
    const json = JSON.parse(r.stdout) as FolderReport;
    expect(json.teams.find((t) => t.team === 't')?.removed.map((u) => u.id)).toEqual([uid(3)]);
    expect(json.kept?.map((u) => u.id).sort()).toEqual([uid(4), uid(7)]);

    // Without the keep file, the same folder removes both.
    const bare = await run(['members', 'sync', '--roster', 'teams', '--prune', '--prune-organization', '--max-org-removals', '2', '--yes']);
    expect(bare.code, bare.stderr).toBe(0);
    expect(team('t')).toEqual([uid(1), uid(2)]);
    expect([inOrg(uid(4)), inOrg(uid(7))]).toEqual([false, false]);
  });
});
