// A roster folder (`teamctl help rosters`, "A folder of team rosters"): which files of the folder
// are rosters (by extension in any case; hidden files, other files and folders left alone; links
// to files followed), the team each names (the file name, NFC), in name order; the refusals of
// the folder, every one at once; and the folder read as one organization roster.
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputFileError, UsageError } from '../../src/errors.js';
import { folderFiles, isFolder, readRosterFolder } from '../../src/files/rosterFolder.js';

/** A folder `teams` in a new working folder, holding `files`. */
function workFolder(files: Record<string, string>): string {
  const cwd = mkdtempSync(join(tmpdir(), 'teamctl-folder-'));
  mkdirSync(join(cwd, 'teams'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(cwd, 'teams', name), text);
  return cwd;
}

async function problems(run: Promise<unknown>): Promise<{ lines: string[]; total: number }> {
  const err = await run.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(InputFileError);
  const e = err as InputFileError;
  return { lines: e.problems.map((p) => `${p.file}:${p.line}: ${p.message}`), total: e.total };
}

describe('isFolder', () => {
  it('a folder, relative to the working folder, is one; a file or a missing path is not', async () => {
    const cwd = workFolder({ 'a.csv': 'email\n' });
    expect(await isFolder('teams', cwd)).toBe(true);
    expect(await isFolder(join(cwd, 'teams'), '/')).toBe(true);
    expect(await isFolder('teams/a.csv', cwd)).toBe(false);
    expect(await isFolder('missing', cwd)).toBe(false);
  });
});

describe('folderFiles', () => {
  it('the .csv, .tsv and .xlsx files in any case, in name order, each naming its team; the rest left alone', async () => {
    const cwd = workFolder({ 'web.csv': '', 'Data.TSV': '', 'b.xlsx': '', '.hidden.csv': '', 'notes.txt': '', 'csv': '', 'a.json': '' });
    mkdirSync(join(cwd, 'teams', 'sub.txt'));
    writeFileSync(join(cwd, 'real.csv'), '');
    symlinkSync(join(cwd, 'real.csv'), join(cwd, 'teams', 'linked.csv'));
    expect(await folderFiles('teams', cwd)).toEqual([
      { path: 'teams/Data.TSV', team: 'Data' },
      { path: 'teams/b.xlsx', team: 'b' },
      { path: 'teams/linked.csv', team: 'linked' },
      { path: 'teams/web.csv', team: 'web' },
    ]);
  });

  it('in the order of the names’ UTF-16 code units, whatever order the folder lists them in', async () => {
    // The file system lists names in UTF-8 byte order, where U+FF21 comes before U+1F600.
    const cwd = workFolder({ '\uFF21.csv': '', '\u{1F600}.csv': '', 'z.csv': '', '\u00E9.csv': '' });
    expect((await folderFiles('teams', cwd)).map((f) => f.team)).toEqual(['z', '\u00E9', '\u{1F600}', '\uFF21']);
  });

  it('a team named in decomposed form is the same team as in composed form: one file per team', async () => {
    const cwd = workFolder({ 'Caf\u00e9.csv': '', 'Cafe\u0301.tsv': '' });
    const found = await problems(folderFiles('teams', cwd));
    expect(found.lines).toEqual(['teams/Caf\u00e9.csv:0: teams/Cafe\u0301.tsv names team "Caf\u00e9" too: one file per team']);
  });

  it('refuses every file whose name cannot be a team, and every second file of a team, at once', async () => {
    const cwd = workFolder({ '.csv': '', 'a\u0007b.csv': '', 'x.csv': '', 'x.xlsx': '', 'x.tsv': '' });
    const found = await problems(folderFiles('teams', cwd));
    expect(found.lines).toEqual([
      'teams/a\u0007b.csv:0: the file name names the team, and "a\\u0007b" cannot be one: it contains a control character',
      'teams/x.tsv:0: teams/x.csv names team "x" too: one file per team',
      'teams/x.xlsx:0: teams/x.tsv names team "x" too: one file per team',
    ]);
    expect(found.total).toBe(3);
  });

  it('a folder with no roster in it is a usage error saying what one holds', async () => {
    const cwd = workFolder({ 'README.md': '', '.team.csv': '' });
    const err = (await folderFiles('teams', cwd).catch((e: unknown) => e)) as UsageError;
    expect(err).toBeInstanceOf(UsageError);
    expect(err.message).toBe("the roster folder teams holds no roster: a roster folder holds one .csv, .tsv, .xlsx file per team, named by the team's id or title; nothing was sent");
  });
});

describe('readRosterFolder', () => {
  it('every file’s users with their team and own line; the header of the first file, with a role column when any has one', async () => {
    const cwd = workFolder({ 'b.csv': 'email,role\nada@x.io,owner\n', 'a.csv': 'email\ngrace@x.io\nada@x.io\n' });
    const read = await readRosterFolder('teams', { readRoles: false }, cwd);
    expect(read.file).toBe('teams');
    expect(read.files.map((f) => f.team)).toEqual(['a', 'b']);
    expect(read.users.map((u) => [u.team, u.key, u.line, u.role])).toEqual([
      ['a', 'grace@x.io', 2, undefined],
      ['a', 'ada@x.io', 3, undefined],
      ['b', 'ada@x.io', 2, 'owner'],
    ]);
    expect(read.header).toEqual({ userColumn: 'email', roleColumn: true, teamColumn: true, userHeading: 'email' });
  });

  it('an organization role column in any file is one of the roster; a user’s one role across files is no conflict', async () => {
    const cwd = workFolder({ 'a.csv': 'email\nada@x.io\n', 'b.csv': 'email,orgRole\nada@x.io,admin\n', 'c.csv': 'email,orgRole\nADA@x.io,admin\ngrace@x.io,\n' });
    const read = await readRosterFolder('teams', { readRoles: true, orgRoles: true }, cwd);
    expect(read.header).toEqual({ userColumn: 'email', roleColumn: false, teamColumn: true, userHeading: 'email', orgRoleColumn: true });
    expect(read.users.map((u) => [u.team, u.key, u.orgRole])).toEqual([
      ['a', 'ada@x.io', undefined],
      ['b', 'ada@x.io', 'admin'],
      ['c', 'ADA@x.io', 'admin'],
      ['c', 'grace@x.io', undefined],
    ]);
  });

  it('files without a header: the header of an organization roster of e-mails', async () => {
    const cwd = workFolder({ 'a.csv': 'ada@x.io\n' });
    expect((await readRosterFolder('teams', { readRoles: true }, cwd)).header).toEqual({ userColumn: 'email', roleColumn: false, teamColumn: true, userHeading: 'email' });
  });

  it('every problem of every file at once, with the count of those not listed; a guest and another role for one user', async () => {
    const rows = Array.from({ length: 52 }, (_, i) => `bad${i}`).join('\n');
    const cwd = workFolder({
      'a.csv': `email\n${rows}\n`,
      'b.csv': 'team,email\nb,ada@x.io\n',
      'c.csv': 'email\n',
      'd.csv': 'email,orgRole\nada@x.io,guest\n',
      'e.csv': 'email,orgRole\nada@x.io,read\n',
    });
    const found = await problems(readRosterFolder('teams', { readRoles: true, orgRoles: true }, cwd));
    expect(found.total).toBe(52 + 3);
    expect(found.lines).toHaveLength(50);
    expect(found.lines[0]).toMatch(/^teams\/a\.csv:2: /);
    // The other files' problems are counted, past the 50 listed.
    const b = await problems(readRosterFolder('teams', { readRoles: true, orgRoles: true }, workFolder({ 'b.csv': 'team,email\nb,ada@x.io\n', 'c.csv': 'email\n', 'd.csv': 'email,orgRole\nada@x.io,guest\n', 'e.csv': 'email,orgRole\nada@x.io,read\n' })));
    expect(b.lines).toEqual([
      'teams/b.csv:1: a file of a roster folder is one team\'s roster, named by its file name ("b"), and this one has a "team" column: remove the column, or give the file as an organization roster (--roster teams/b.csv)',
      'teams/c.csv:0: no users: refusing to sync team "c" to an empty roster (remove the file to leave the team alone)',
      'teams/e.csv:2: "ada@x.io" has the organization role guest in teams/d.csv:2 and read here',
    ]);
    expect(b.total).toBe(3);
    const other = await problems(readRosterFolder('teams', { readRoles: true, orgRoles: true }, workFolder({ 'd.csv': 'email,orgRole\nada@x.io,read\n', 'e.csv': 'email,orgRole\nada@x.io,guest\n' })));
    expect(other.lines).toEqual(['teams/e.csv:2: "ada@x.io" has the organization role read in teams/d.csv:2 and guest here']);
  });
});
