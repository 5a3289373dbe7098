// teamctl's own group export (`teamctl help rosters`, "Groups from the identity provider").
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputFileError, UsageError } from '../../../src/errors.js';
import { parseGroupExport, parseGroupExportFormat, readGroupExport, groupExportFormats } from '../../../src/files/groups/read.js';
import { parseRoleMap } from '../../../src/files/role-map.js';
import { parseStatusMap } from '../../../src/files/status-map.js';
import { xlsx } from '../../helpers/xlsx.js';
import { refusal } from '../../helpers/refusal.js';

const people = (text: string, file = 'groups.csv', opts = {}): [string, string[], number, boolean][] =>
  parseGroupExport(text, file, opts).members.map((m) => [m.entry.key, m.groups, m.entry.line, m.sso === true]);

describe("teamctl's own group export", () => {
  it('reads a user column and a group column, one row a membership, a person on several rows merged keeping the first line', () => {
    const text = 'email,group\nada@example.com,Engineering\nbo@example.com,Design\nADA@example.com,Design\n';
    const read = parseGroupExport(text, 'groups.csv', {});
    expect(read.format).toBe('teamctl');
    expect(people(text)).toEqual([
      ['ada@example.com', ['Engineering', 'Design'], 2, false],
      ['bo@example.com', ['Design'], 3, false],
    ]);
    expect(read.groups).toEqual(['Engineering', 'Design']);
    expect(read.members[0]?.entry).toEqual({ key: 'ada@example.com', kind: 'email', line: 2, file: 'groups.csv' });
    expect([read.notPeople, read.inactive, read.warnings]).toEqual([0, 0, []]);
  });

  it('reads several groups in one cell, separated by ; or , and a groups column under any roster spelling of the user column', () => {
    const text = 'Email Address,Groups\nada@example.com,"eng; ops"\nbo@example.com,"design,eng"\n';
    expect(people(text)).toEqual([
      ['ada@example.com', ['eng', 'ops'], 2, false],
      ['bo@example.com', ['design', 'eng'], 3, false],
    ]);
    expect(parseGroupExport(text, 'g.csv', {}).groups).toEqual(['eng', 'ops', 'design']);
    expect(people('userPrincipalName;group\nada@example.com;eng\n')).toEqual([['ada@example.com', ['eng'], 2, false]]);
  });

  it('marks SSO people only where its sso column says so (true, yes; false, no, empty are not)', () => {
    const text = 'email,group,sso\na@example.com,g,true\nb@example.com,g,YES\nc@example.com,g,false\nd@example.com,g,no\ne@example.com,g,\n';
    expect(people(text).map(([key, , , sso]) => [key, sso])).toEqual([
      ['a@example.com', true],
      ['b@example.com', true],
      ['c@example.com', false],
      ['d@example.com', false],
      ['e@example.com', false],
    ]);
    expect(refusal(() => parseGroupExport('email,group,sso\na@example.com,g,maybe\n', 'g.csv', {}))).toEqual(['g.csv:2: invalid sso cell "maybe" (expected true, false, yes or no)']);
  });

  it('refuses bad rows with their file and line, every one at once: a bad e-mail, an empty group cell, an empty user', () => {
    const text = 'email,group\nada@example.com,eng\nnot-an-email,eng\nbo@example.com,\n,eng\n';
    expect(refusal(() => parseGroupExport(text, 'g.csv', {}))).toEqual([
      'g.csv:3: invalid e-mail address "not-an-email"',
      'g.csv:4: empty group cell (column "group")',
      'g.csv:5: empty user cell (column "email")',
    ]);
  });

  it('leaves inactive people out, counting them once, while their groups still count; --status-map adds values', () => {
    const text = 'email,group,status\nada@example.com,eng,active\nbo@example.com,ops,suspended\nbo@example.com,eng,suspended\ncy@example.com,legal,Terminated\n';
    const read = parseGroupExport(text, 'g.csv', { statusMap: parseStatusMap('Terminated=inactive') });
    expect(read.members.map((m) => m.entry.key)).toEqual(['ada@example.com']);
    expect(read.inactive).toBe(2);
    expect(read.groups).toEqual(['eng', 'ops', 'legal']);
    expect(read.warnings.map((w) => w.message)).toEqual(['3 rows marked inactive by column "status" ("suspended", "Terminated") left out']);
  });

  it('refuses a person marked inactive on one row and active on another, naming both lines', () => {
    const text = 'email,group,status\nada@example.com,eng,suspended\nbo@example.com,eng,active\nADA@example.com,ops,active\nbo@example.com,ops,Disabled\n';
    expect(refusal(() => parseGroupExport(text, 'g.csv', {}))).toEqual(['g.csv:4: "ADA@example.com" is inactive on line 2 and active on line 4', 'g.csv:5: "bo@example.com" is active on line 3 and inactive on line 5']);
  });

  it('reads the role column only with --role-map, keeping the highest role of a person', () => {
    const text = 'email,group,role\nada@example.com,eng,Maintainer\nada@example.com,ops,Developer\nbo@example.com,eng,Developer\n';
    expect(parseGroupExport(text, 'g.csv', {}).members.map((m) => m.role)).toEqual([undefined, undefined]);
    const read = parseGroupExport(text, 'g.csv', { roleMap: parseRoleMap('Maintainer=owner,Developer=member') });
    expect(read.members.map((m) => [m.entry.key, m.role])).toEqual([
      ['ada@example.com', 'owner'],
      ['bo@example.com', 'member'],
    ]);
    expect(refusal(() => parseGroupExport(text, 'g.csv', { roleMap: parseRoleMap('Maintainer=owner') }))).toEqual([
      'g.csv:3: unknown role "Developer" (expected owner or member): map it with --role-map maintainer=owner,Developer=member',
      'g.csv:4: unknown role "Developer" (expected owner or member): map it with --role-map maintainer=owner,Developer=member',
    ]);
  });

  it('takes the group of an export without group column from --group, else from its file name', () => {
    const text = 'email\nada@example.com\nbo@example.com\n';
    expect(people(text, 'exports/Platform Team.csv')).toEqual([
      ['ada@example.com', ['Platform Team'], 2, false],
      ['bo@example.com', ['Platform Team'], 3, false],
    ]);
    expect(parseGroupExport(text, 'exports/Platform Team.csv', {}).groups).toEqual(['Platform Team']);
    expect(parseGroupExport(text, 'x.csv', { group: 'eng' }).members.map((m) => m.groups)).toEqual([['eng'], ['eng']]);
    expect(refusal(() => parseGroupExport('email,group\na@example.com,eng\n', 'g.csv', { group: 'ops' }))).toEqual(['g.csv:1: --group names the one group of an export without group column, and this one has "group"']);
  });

  it('notes a row repeating a person in the same groups, and skips PowerShell\'s #TYPE line keeping line numbers', () => {
    const read = parseGroupExport('#TYPE System.Management.Automation.PSCustomObject\r\n"Mail","Group"\r\n"ada@example.com","eng"\r\n"ada@example.com","eng"\r\n', 'g.csv', {});
    expect(read.members.map((m) => [m.entry.key, m.entry.line, m.groups])).toEqual([['ada@example.com', 3, ['eng']]]);
    expect(read.warnings.map((w) => `${w.line}: ${w.message}`)).toEqual([
      `1: "#TYPE System.Management.Automation.PSCustomObject" is the type line PowerShell's Export-Csv writes (without -NoTypeInformation): skipped`,
      '4: "ada@example.com" is also on line 3 in the same groups; counted once',
    ]);
  });

  it('refuses an empty file, a header without user column, and --user-column naming no column', () => {
    expect(refusal(() => parseGroupExport('', 'g.csv', {}))).toEqual(['g.csv:0: empty group export: its first line names its columns (a user column, and the groups)']);
    expect(refusal(() => parseGroupExport('name,group\nAda,eng\n', 'g.csv', {}))[0]).toMatch(/^g\.csv:1: no user column in the header \(found "name", "group"\)/);
    expect(people('login name,group\nada@example.com,eng\n', 'g.csv', { userColumn: 'Login Name' })).toEqual([['ada@example.com', ['eng'], 2, false]]);
  });

  it('reads a file through the bounded reader, and --sheet only for an .xlsx', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'groups-'));
    await writeFile(join(dir, 'eng.csv'), 'email\nada@example.com\n');
    const read = await readGroupExport('eng.csv', {}, dir);
    expect([read.file, read.groups, read.members.map((m) => m.entry.key)]).toEqual(['eng.csv', ['eng'], ['ada@example.com']]);
    await expect(readGroupExport('eng.csv', { sheet: 'Sheet1' }, dir)).rejects.toThrow(UsageError);
    await expect(readGroupExport('missing.csv', {}, dir)).rejects.toThrow(InputFileError);
  });

  it('reads another encoding with --encoding, as a roster does', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'groups-'));
    await writeFile(join(dir, 'g.csv'), Buffer.from('email,group\nada@example.com,M\xfcnchen\n', 'latin1'));
    await expect(readGroupExport('g.csv', {}, dir)).rejects.toThrow(InputFileError);
    const read = await readGroupExport('g.csv', { encoding: 'windows-1252', encodingFlag: true }, dir);
    expect(read.groups).toEqual(['München']);
  });

  it('reads an .xlsx through the roster\'s reader: --sheet picks the sheet, the workbook names a one-group export', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'groups-'));
    const rows = (group: string): string[][] => [['Member Email', 'Member Type'], [`${group}@example.com`, 'USER']];
    await writeFile(join(dir, 'design.xlsx'), xlsx([{ name: 'First', rows: rows('ada') }, { name: 'Second', rows: rows('bo') }]));
    const first = await readGroupExport('design.xlsx', {}, dir);
    expect([first.format, first.groups, first.members.map((m) => [m.entry.key, m.entry.file, m.entry.line])]).toEqual(['google', ['design'], [['ada@example.com', 'design.xlsx:First!', 2]]]);
    const second = await readGroupExport('design.xlsx', { sheet: 'Second' }, dir);
    expect(second.members.map((m) => m.entry.key)).toEqual(['bo@example.com']);
  });
});

describe('--format', () => {
  it('takes the formats teamctl reads, in any case, and refuses any other naming them', () => {
    expect(groupExportFormats.map((f) => parseGroupExportFormat(f.toUpperCase()))).toEqual(groupExportFormats);
    expect(() => parseGroupExportFormat('azure')).toThrow(new UsageError(`--format: "azure" is no group export teamctl reads (${groupExportFormats.join(', ')})`));
  });
});
