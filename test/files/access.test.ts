// The access file (`teamctl help access`): columns resource, team or user, role; general access
// as a row with * in team; CSV, TSV and .xlsx through the same checks; every problem named by
// file and line. Then its names looked up (README, "Access"): unknown teams, users, resources and
// titles two resources share are problems of the file, with their lines.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAccessFile, readAccessFile } from '../../src/files/access.js';
import { desiredAccess } from '../../src/access/desired.js';
import type { Directory } from '../../src/access/directory.js';
import { InputFileError } from '../../src/errors.js';
import { xlsx } from '../helpers/xlsx.js';

const problems = (text: string): string[] => {
  try {
    parseAccessFile(text, 'access.csv');
  } catch (err) {
    if (err instanceof InputFileError) return err.problems.map((p) => `${p.line}: ${p.message}`);
    throw err;
  }
  return [];
};

describe('reading an access file', () => {
  it('reads grants of teams and users, and general access; the columns in any order and case', () => {
    const file = parseAccessFile('Role,User,Resource,Team\nedit,,space:Handbook,Design\nread,ann@example.com,site: Docs,\ninherit,,Collection:c1,*\nguest,,space:s2,*\n', 'access.csv');
    expect(file.rows).toEqual([
      { line: 2, kind: 'space', resource: 'Handbook', subject: { kind: 'team', name: 'Design' }, level: 'edit' },
      { line: 3, kind: 'site', resource: 'Docs', subject: { kind: 'user', name: 'ann@example.com' }, level: 'read' },
      { line: 4, kind: 'collection', resource: 'c1', subject: { kind: 'everyone' }, level: 'inherit' },
      { line: 5, kind: 'space', resource: 's2', subject: { kind: 'everyone' }, level: null },
    ]);
    expect(parseAccessFile('resource,team,role\nspace:a:b,t1,admin\n', 'a.csv').rows[0]).toMatchObject({ resource: 'a:b', subject: { kind: 'team', name: 't1' } });
  });

  it('names every problem with its line: a resource without its kind, a team and a user, neither, a role unknown, inherit on a grant', () => {
    expect(
      problems('resource,team,user,role\nHandbook,Design,,edit\nspace:x,Design,ann@example.com,edit\nspace:x,,,edit\nspace:x,Design,,owner\nspace:x,Design,,inherit\nspace:x,*,,everyone\nspace:,Design,,read\n'),
    ).toEqual([
      '2: the resource "Handbook" is not space:, collection: or site: then an id or a title',
      '3: a row names a team or a user, not both',
      '4: a row names a team or a user (or * in "team" for the space\'s general access)',
      '5: unknown role "owner": one of admin, create, edit, review, comment, read, guest',
      '6: `inherit` is a general access level: only a row with * in "team" takes it',
      '7: unknown general access "everyone": one of admin, create, edit, review, comment, read, guest, inherit',
      '8: the resource "space:" names no space',
    ]);
  });

  it('refuses a header without resource or role, an unknown column, an empty file', () => {
    expect(problems('resource,team\nspace:x,Design\n')).toEqual(['1: no "role" column: an access file has the columns resource, team, user, role']);
    expect(problems('resource,team,rol\n')).toEqual(['1: unknown column "rol": an access file has the columns resource, team, user, role']);
    expect(problems('resource,role\n')).toEqual(['1: no "team" or "user" column: an access file has the columns resource, team, user, role']);
    expect(problems('')).toEqual(['0: the file is empty: an access file has the columns resource, team, user, role']);
  });

  it('reads a TSV and a sheet of an .xlsx as the CSV', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'teamctl-access-'));
    writeFileSync(join(dir, 'access.tsv'), 'resource\tteam\tuser\trole\nspace:Handbook\tDesign\t\tedit\n');
    writeFileSync(join(dir, 'access.xlsx'), xlsx([{ name: 'Sheet1', rows: [['resource', 'team', 'user', 'role'], ['space:Handbook', 'Design', '', 'edit']] }]));
    const expected = [{ line: 2, kind: 'space', resource: 'Handbook', subject: { kind: 'team', name: 'Design' }, level: 'edit' }];
    expect((await readAccessFile('access.tsv', dir)).rows).toEqual(expected);
    expect((await readAccessFile('access.xlsx', dir)).rows).toEqual(expected);
  });
});

const directory: Directory = {
  resources: [
    { kind: 'space', id: 's1', title: 'Handbook', defaultLevel: 'inherit' },
    { kind: 'space', id: 's2', title: 'Notes', defaultLevel: null },
    { kind: 'space', id: 's3', title: 'Notes', defaultLevel: null },
  ],
  teams: [{ id: 't1', title: 'Design' }],
  users: [{ id: 'u1', email: 'ann@example.com' }],
};

describe('the access a file asks for', () => {
  it('looks up each name: resources and teams by id or title, users by e-mail or id', () => {
    const desired = desiredAccess(parseAccessFile('resource,team,user,role\nspace:Handbook,Design,,edit\nspace:s2,,ANN@example.com,guest\nspace:s1,*,,read\nspace:handbook,t1,,edit\n', 'a.csv'), directory);
    expect(desired.grants.map((x) => `${x.resource.id} ${x.subject.kind}:${x.subject.id} ${x.role} line ${x.line}`)).toEqual(['s1 team:t1 edit line 2', 's2 user:u1 null line 3']);
    expect(desired.general.map((x) => `${x.resource.id} ${x.level}`)).toEqual(['s1 read']);
    expect(desired.resources.map((r) => r.id)).toEqual(['s1', 's2']);
  });

  it('an unknown resource, team or user, a shared title, and one grant given two roles are each a problem with its line', () => {
    const file = parseAccessFile(
      'resource,team,user,role\nspace:Blog,Design,,edit\nspace:Notes,Design,,edit\nspace:s1,Sales,,edit\nspace:s1,,bob@example.com,read\nspace:s1,Design,,edit\nspace:s1,t1,,read\nspace:s1,*,,read\nspace:s1,*,,edit\n',
      'a.csv',
    );
    let thrown: unknown;
    try {
      desiredAccess(file, directory);
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(InputFileError);
    expect((thrown as InputFileError).problems.map((p) => `${p.file}:${p.line}: ${p.message}`)).toEqual([
      'a.csv:2: no space has the id or title "Blog" (`teamctl access list` lists them)',
      'a.csv:3: the title "Notes" is shared by 2 spaces (s2, s3): name one by its id',
      'a.csv:4: no team has the id or title "Sales" (`teamctl teams list` lists them; `teamctl teams create` makes one)',
      'a.csv:5: no member of the organization has the e-mail "bob@example.com" (`teamctl users list` lists them)',
      'a.csv:7: team "t1" is given edit on space "s1" on line 6',
      'a.csv:9: the general access of space "s1" is read on line 8',
    ]);
  });
});
