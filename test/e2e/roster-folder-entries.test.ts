// What a roster folder may hold (`teamctl help rosters`, "A folder of team rosters"): every entry
// named like a roster is a regular file (a FIFO is never opened), no two names are one file where
// names are compared in any case or form, and at most 1,000 of them; each refusal is exit 2 naming
// the entry, before any request. `members list --write-folder` writes no two such names either.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli, sandboxWithEnv, type SandboxEnv } from './harness.js';

let s: SandboxEnv;
let dir: string;
beforeEach(async () => {
  s = await sandboxWithEnv();
  dir = mkdtempSync(join(tmpdir(), 'teamctl-folder-entries-'));
  mkdirSync(join(dir, 'teams'));
});
afterEach(async () => {
  await s.sandbox.close();
});

const run = (argv: string[]) => runCli(argv, { env: s.env, cwd: dir });
const roster = (name: string, text = 'email\nkenji.sato@example.com\n'): void => writeFileSync(join(dir, 'teams', name), text);
const teamState = (): string => JSON.stringify(s.sandbox.store.teamIds('acme').map((t) => s.sandbox.store.teamMembers('acme', t)));

/** `members sync --roster teams --prune`: exit 2 with `message`, no request at all, no team changed. */
async function refused(message: string): Promise<void> {
  const before = teamState();
  const requests = s.sandbox.requests.length;
  const r = await run(['members', 'sync', '--roster', 'teams', '--prune', '--yes']);
  expect(r.code, r.stderr).toBe(2);
  expect(r.stderr).toContain(message);
  expect(s.sandbox.requests.length).toBe(requests);
  expect(teamState()).toBe(before);
}

describe('the entries of a roster folder', () => {
  it('a FIFO named like a roster is named and refused, never opened (a read would wait for a writer forever)', async () => {
    roster('engineering.csv');
    execFileSync('mkfifo', [join(dir, 'teams', 'docs.csv')]);
    await refused('teams/docs.csv: a FIFO, not a regular file');
  });

  it('a folder named docs.csv, and a link to one or to nothing, are named and refused', async () => {
    roster('engineering.csv');
    mkdirSync(join(dir, 'teams', 'docs.csv'));
    symlinkSync(join(dir, 'teams', 'docs.csv'), join(dir, 'teams', 'ops.tsv'));
    symlinkSync(join(dir, 'nowhere.csv'), join(dir, 'teams', 'qa.csv'));
    await refused('teams/docs.csv: a folder, not a regular file');
    await refused('teams/ops.tsv: a folder, not a regular file');
    await refused('teams/qa.csv: a link to nothing, not a regular file');
  });

  it('two names one file system takes for one, by case or by composed form: named and refused', async () => {
    roster('eng.csv');
    roster('ENG.csv');
    await refused('teams/eng.csv: teams/ENG.csv has the same name in another case or form');
    execFileSync('rm', [join(dir, 'teams', 'ENG.csv')]);
    roster('Caf\u00e9.csv');
    roster('Cafe\u0301.tsv');
    await refused(`teams/Caf\u00e9.csv: teams/Cafe\u0301.tsv names team "Caf\u00e9" too`);
  });

  it('more than 1,000 roster files: refused before any file is read or any request sent; 1,000 are read', async () => {
    for (let i = 0; i <= 1000; i++) roster(`team-${String(i).padStart(4, '0')}.csv`, 'not read\n');
    await refused('the roster folder teams holds 1001 roster files, more than the 1000 teams a roster folder may have; nothing was sent');
    execFileSync('rm', [join(dir, 'teams', 'team-1000.csv')]);
    // 1,000 files are read: the problems are now each file's own.
    const r = await run(['members', 'sync', '--roster', 'teams', '--dry-run']);
    expect(r.code).toBe(2);
    expect(r.stderr).not.toContain('more than the 1000 teams');
  });
});

describe('the teams of a roster folder', () => {
  it('are resolved from one listing: 50 files naming no team are refused after one request, not one per file', async () => {
    for (let i = 0; i < 50; i++) roster(`nobody-${i}.csv`);
    const requests = s.sandbox.requests.length;
    const r = await run(['members', 'sync', '--roster', 'teams', '--dry-run']);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toContain('teams/nobody-0.csv:2: team "nobody-0": no team of organization acme has the id or title "nobody-0"');
    expect(s.sandbox.requests.slice(requests).map((q) => `${q.method} ${q.path}`)).toEqual(['GET /v1/orgs/acme/teams']);
  });
});

