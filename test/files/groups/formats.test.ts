// Which provider wrote a group export, known by its header or named with --format, and how each
// provider's columns are read (`teamctl help rosters`, "Groups from the identity provider").
import { describe, expect, it } from 'vitest';
import { entraNotPerson } from '../../../src/files/groups/entra.js';
import { parseGroupExport, type GroupExportOptions } from '../../../src/files/groups/read.js';
import type { GroupExportFormat } from '../../../src/files/groups/types.js';
import { refusal } from '../../helpers/refusal.js';

/** The `file:line: message` lines an export is refused with, exit 2. */
const refused = (text: string, file: string, opts: GroupExportOptions = {}): string[] => refusal(() => parseGroupExport(text, file, opts));

const headers: [GroupExportFormat, string, string?][] = [
  ['okta', 'Group name,Okta username,Okta user status\nEng,ada@example.com,ACTIVE\n'],
  ['okta', 'Group name,Group membership type,Username\nEng,Direct,ada@example.com\n'],
  ['entra-members', 'Object ID,User principal name,Display name,Member type\n1,ada@example.com,Ada,User\n'],
  ['entra-members', 'id,userPrincipalName,displayName,objectType\n1,ada@example.com,Ada,User\n'],
  ['entra', 'GroupName,DisplayName,UserPrincipalName\nEng,Ada,ada@example.com\n'],
  ['entra', '"Group Display Name","Mail","@odata.type"\n"Eng","ada@example.com","#microsoft.graph.user"\n'],
  ['google', 'Group Email [Required],Member Email,Member Type,Member Role\neng@example.com,ada@example.com,USER,MEMBER\n', 'eng@example.com'],
  ['google', 'Member Email,Member Role\nada@example.com,MEMBER\n'],
  ['jumpcloud', 'FirstName,LastName,Username,Email,Group1,Group2\nAda,L,ada,ada@example.com,Eng,\n'],
  ['teamctl', 'email,group\nada@example.com,Eng\n'],
  ['teamctl', 'userPrincipalName,groups\nada@example.com,Eng\n'],
];

describe('detection by header', () => {
  it.each(headers)('%s: %j', (format, text, group = 'Eng') => {
    const read = parseGroupExport(text, 'Eng.csv', {});
    expect(read.format).toBe(format);
    expect(read.members.map((m) => [m.entry.key, m.groups])).toEqual([['ada@example.com', [group]]]);
    // Every provider's people are its accounts (SSO); teamctl's own only with its sso column.
    expect(read.members[0]?.sso).toBe(format === 'teamctl' ? undefined : true);
  });

  it.each(headers)('--format %s names the same format', (format, text) => {
    expect(parseGroupExport(text, 'Eng.csv', { format }).format).toBe(format);
  });
});

describe('--format naming a provider whose columns the file lacks: exit 2, naming the file and the columns expected', () => {
  it.each([
    ['okta', 'email,group\nada@example.com,Eng\n', `g.csv:1: no user column in the header (expected one of "okta username", "username", "login") (--format okta reads "Group name" and "Okta username" (Okta's Group Membership report))`],
    ['okta', 'Okta username\nada@example.com\n', `g.csv:1: no group column in the header (expected "Group name") (--format okta reads "Group name" and "Okta username" (Okta's Group Membership report))`],
    ['google', 'email,group\nada@example.com,Eng\n', `g.csv:1: no user column in the header (expected one of "member email") (--format google reads "Member Email", and "Group Email [Required]" unless the file is one group's)`],
    ['jumpcloud', 'email,group\nada@example.com,Eng\n', `g.csv:1: no group column in the header (expected "Group1", "Group2" …) (--format jumpcloud reads "Email" and group columns "Group1", "Group2" … (JumpCloud's user CSV))`],
    ['entra', 'email,group\nada@example.com,Eng\n', `g.csv:1: no group column in the header (expected "GroupName", "Group Name" or "GroupDisplayName") (--format entra reads a group name column ("GroupName") and "UserPrincipalName" (Get-MgGroupMember … | Export-Csv))`],
    ['entra-members', 'email\nada@example.com\n', `g.csv:1: no user column in the header (expected one of "user principal name", "userprincipalname", "mail") (--format entra-members reads "User principal name" and "Member type" or "Object ID" (Entra's Download members))`],
    ['teamctl', 'name,group\nAda,Eng\n', /^g\.csv:1: no user column in the header \(found "name", "group"\).* \(--format teamctl reads a user column/],
  ] as [GroupExportFormat, string, string | RegExp][])('--format %s on %j', (format, text, expected) => {
    const lines = refused(text, 'g.csv', { format });
    expect(lines).toHaveLength(1);
    if (typeof expected === 'string') expect(lines[0]).toBe(expected);
    else expect(lines[0]).toMatch(expected);
  });
});

describe("providers' columns", () => {
  it('reads several group columns, skipping empty cells, and a group named in several columns once', () => {
    const read = parseGroupExport('Email,Group1,Group2,Group3\nada@example.com,Eng,,Ops\nbo@example.com,,,\ncy@example.com,Eng,Eng,\ncy@example.com,Ops,Ops,Eng\n', 'jc.csv', {});
    expect(read.members.map((m) => [m.entry.key, m.groups])).toEqual([
      ['ada@example.com', ['Eng', 'Ops']],
      ['bo@example.com', []],
      ['cy@example.com', ['Eng', 'Ops']],
    ]);
    expect(read.groups).toEqual(['Eng', 'Ops']);
  });

  it("does not split a provider's group cell: a group name may hold a comma or a semicolon", () => {
    const read = parseGroupExport('Group name,Okta username\n"R&D, Berlin",ada@example.com\n', 'okta.csv', {});
    expect(read.members.map((m) => m.groups)).toEqual([['R&D, Berlin']]);
  });

  it("counts Entra's members that are no users, in any spelling of the type", () => {
    expect(['User', 'user', '#microsoft.graph.user', ''].map(entraNotPerson)).toEqual([false, false, false, false]);
    expect(['Group', 'Service Principal', 'Device', '#microsoft.graph.group', '#microsoft.graph.servicePrincipal', '#microsoft.graph.device', '#microsoft.graph.orgContact'].map(entraNotPerson)).toEqual(Array(7).fill(true));
  });

  it("Google's member types in any case", () => {
    const read = parseGroupExport('Member Email,Member Type\nada@example.com,user\neng@example.com,group\nC0123,Customer\n', 'eng.csv', {});
    expect([read.members.map((m) => m.entry.key), read.notPeople]).toEqual([['ada@example.com'], 2]);
  });

  it('--user-column names the user column of a provider, Entra reading mail instead of the user principal name', () => {
    const text = 'Object ID,User principal name,Mail,Member type\n1,ada.l@contoso.onmicrosoft.com,ada@contoso.com,User\n';
    expect(parseGroupExport(text, 'eng.csv', {}).members.map((m) => m.entry.key)).toEqual(['ada.l@contoso.onmicrosoft.com']);
    expect(parseGroupExport(text, 'eng.csv', { userColumn: 'mail' }).members.map((m) => m.entry.key)).toEqual(['ada@contoso.com']);
    expect(refused(text, 'eng.csv', { userColumn: 'Email' })).toEqual(['eng.csv:1: no column "Email" in the header, which --user-column names']);
  });

  it("refuses a provider's bad rows with file and line, all at once", () => {
    const google = 'Group Email [Required],Member Email,Member Type\neng@example.com,ada,USER\n,bo@example.com,USER\neng@example.com,not a group,GROUP\n';
    expect(refused(google, 'g.csv')).toEqual(['g.csv:2: invalid e-mail address "ada"', 'g.csv:3: empty group cell (column "Group Email [Required]")']);
    const entra = 'GroupName,UserPrincipalName,@odata.type\nEng,,#microsoft.graph.user\nEng,bo@example.com,#microsoft.graph.user\n,cy@example.com,#microsoft.graph.user\n';
    expect(refused(entra, 'e.csv')).toEqual(['e.csv:2: empty user cell (column "UserPrincipalName")', 'e.csv:4: empty group cell (column "GroupName")']);
  });

  it('--group is refused for an export with a group column, naming it', () => {
    expect(refused('Group name,Okta username\nEng,ada@example.com\n', 'okta.csv', { group: 'Ops' })).toEqual(['okta.csv:1: --group names the one group of an export without group column, and this one has "Group name"']);
    expect(refused('Email,Group1,Group2\nada@example.com,Eng,\n', 'jc.csv', { group: 'Ops' })).toEqual(['jc.csv:1: --group names the one group of an export without group column, and this one has "Group1", "Group2"']);
  });

  it('names the group of a one-group .xlsx sheet by its workbook', () => {
    const read = parseGroupExport('Member Email\nada@example.com\n', 'exports/eng.xlsx:Sheet1!', {});
    expect(read.groups).toEqual(['eng']);
  });
});
