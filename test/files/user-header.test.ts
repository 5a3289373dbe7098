// The header of a user file (src/files/user-header.ts; `teamctl help rosters`, "The roster"): which column is
// which, exactly, for every spelling it knows; the problems a header is refused with, word for word,
// with their file and line; the first lines that are neither a header nor a user; the rows status
// columns leave out and how they are counted; and a roster's `orgRole` cells
// (`teamctl help organization`, "Organization roles and leavers").
import { describe, expect, it } from 'vitest';
import { InputFileError } from '../../src/errors.js';
import { parseUserFile, type UserFile, type UserFileOptions } from '../../src/files/users.js';
import { InactiveRows, bracketedProperty, notAUserLine, objectId, orgRoleOf, readHeader } from '../../src/files/user-header.js';

const roster: UserFileOptions = { readRoles: true, dropInactive: true };
const list: UserFileOptions = { readRoles: false };

/** The problems a file is refused with, as `file:line: message` (fails the test when it is accepted). */
function lines(run: () => unknown): string[] {
  try {
    run();
  } catch (err) {
    if (err instanceof InputFileError) return err.problems.map((p) => `${p.file}:${p.line}: ${p.message}`);
    throw err;
  }
  throw new Error('expected an InputFileError');
}
const keys = (f: UserFile): string[] => f.users.map((u) => u.key);
const row = (line: number, ...cells: string[]) => ({ line, cells });

describe('which column is which', () => {
  it.each([
    ['Email Address', 'email'],
    ['EmailAddress', 'email'],
    ['E-mail', 'email'],
    ['E-mail Address', 'email'],
    ['Mail', 'email'],
    ['Work Email', 'email'],
    ['Primary Email', 'email'],
    ['UserPrincipalName', 'email'],
    ['User Principal Name', 'email'],
    ['saml_name_id', 'email'],
    ['SAML Name ID', 'email'],
    ['User ID', 'id'],
    ['userid', 'id'],
    ['User_Name', 'user'],
    ['USERNAME', 'user'],
    ['Login', 'user'],
    ['Member [memberObjectIdOrUpn]', 'user'],
    ['Sign-in [USERPRINCIPALNAME] REQUIRED', 'email'],
    ['Email   [Required]  ', 'email'],
  ])('%j is the %s column, at its index, named as written', (heading, column) => {
    expect(readHeader(['Department', heading, 'Title'], false, undefined)).toStrictEqual({
      userIndex: 1,
      userHeading: heading.trim(),
      userColumn: column,
      roleIndex: undefined,
      teamIndex: undefined,
      statusIndexes: [],
    });
  });

  it.each(['Org Role', 'organization role', 'Organisation_Role', 'orgRole', ' ORGROLE '])('%j is the orgRole column of a roster, at its index', (heading) => {
    expect(readHeader(['team', 'email', 'role', heading], true, undefined)).toStrictEqual({
      userIndex: 1,
      userHeading: 'email',
      userColumn: 'email',
      roleIndex: 2,
      teamIndex: 0,
      statusIndexes: [],
      orgRoleIndex: 3,
    });
    // A roster without one has no orgRoleIndex at all; an add or remove file reads neither teams nor organization roles.
    expect(readHeader(['team', 'email', 'role'], true, undefined)).toStrictEqual({ userIndex: 1, userHeading: 'email', userColumn: 'email', roleIndex: 2, teamIndex: 0, statusIndexes: [] });
    expect(readHeader(['team', 'email', 'role', heading], false, undefined)).toStrictEqual({
      userIndex: 1,
      userHeading: 'email',
      userColumn: 'email',
      roleIndex: 2,
      teamIndex: undefined,
      statusIndexes: [],
    });
  });

  it('a heading is compared trimmed, in any case, with runs of spaces and underscores as one space and a bracketed suffix dropped', () => {
    for (const heading of ['  E-MAIL  ', 'Work__Email', 'work _ email', 'Email Address [Required]', 'Email Address[x]', 'Primary Email [UPLOAD ONLY] ']) {
      expect((readHeader(['name', heading], false, undefined) as { userColumn: string }).userColumn, heading).toBe('email');
    }
    // A bracket before the end is part of the name: no user column here.
    expect(readHeader(['name', '[x] email'], false, undefined)).toMatch(/^no user column in the header \(found "name", "\[x\] email"\)/);
    expect(readHeader(['name', 'email [x] y'], false, undefined)).toMatch(/^no user column/);
    expect(readHeader(['name', 'Email [Required] Address'], false, undefined)).toMatch(/^no user column/);
    expect(readHeader(['name', 'Email [x]y'], false, undefined)).toMatch(/^no user column/);
  });

  it("the property an Entra template names in brackets: letters only, at the end or before 'Required', in any case", () => {
    expect(bracketedProperty('User name [userPrincipalName] Required')).toBe('userprincipalname');
    expect(bracketedProperty('  User name [userPrincipalName]   REQUIRED  ')).toBe('userprincipalname');
    expect(bracketedProperty('User name [userPrincipalName]required')).toBe('userprincipalname');
    expect(bracketedProperty('User name [userPrincipalName]')).toBe('userprincipalname');
    expect(bracketedProperty('x [a]')).toBe('a');
    for (const cell of ['User name [userPrincipalName] Optional', 'User name [user_principal] Required', 'User name [] Required', 'User name userPrincipalName', '[userPrincipalName] Required x']) {
      expect(bracketedProperty(cell), cell).toBe('');
    }
  });

  it('an id column beside the e-mail column backs it; not beside another user column, nor when there are two', () => {
    expect(readHeader(['id', 'name', 'email'], false, undefined)).toMatchObject({ userIndex: 2, userColumn: 'email', idIndex: 0 });
    expect(readHeader(['id', 'name', 'user'], false, undefined)).toStrictEqual({ userIndex: 0, userHeading: 'id', userColumn: 'id', roleIndex: undefined, teamIndex: undefined, statusIndexes: [] });
    expect(readHeader(['id', 'email', 'User ID'], false, undefined)).not.toHaveProperty('idIndex');
    expect(readHeader(['email', 'login'], false, undefined)).not.toHaveProperty('idIndex');
  });

  it('status columns are found by their name, at every index they are at', () => {
    expect(readHeader(['Status [READ ONLY]', 'email', 'accountEnabled', 'Account_Enabled', 'Enabled', 'Account type', 'New Status [UPLOAD ONLY]', 'state'], true, undefined)).toMatchObject({
      statusIndexes: [0, 2, 3, 4, 5, 6],
    });
  });

  it('--user-column: the column of that name (compared like any heading), whatever it holds, with the other columns as usual', () => {
    expect(readHeader(['team', ' Staff Mail ', 'role', 'Status', 'orgRole'], true, 'staff_mail')).toStrictEqual({
      userIndex: 1,
      userHeading: 'Staff Mail',
      userColumn: 'user',
      roleIndex: 2,
      teamIndex: 0,
      statusIndexes: [3],
      orgRoleIndex: 4,
    });
    // It wins over a column teamctl would have chosen.
    expect(readHeader(['email', 'Backup'], false, 'BACKUP')).toMatchObject({ userIndex: 1, userHeading: 'Backup', userColumn: 'user' });
  });
});

describe('headers refused, word for word, on their line', () => {
  it('two role, orgRole or team columns in a roster; an add file does not read them', () => {
    expect(lines(() => parseUserFile('email,Org Role,orgrole\nada@example.com,admin,admin\n', 'org.csv', roster))).toEqual(['org.csv:1: column "orgRole" appears more than once in the header']);
    expect(lines(() => parseUserFile('email,role,Role\nada@example.com,owner,owner\n', 'r.csv', roster))).toEqual(['r.csv:1: column "role" appears more than once in the header']);
    expect(lines(() => parseUserFile('team,email,TEAM\neng,ada@example.com,eng\n', 'org.csv', roster))).toEqual(['org.csv:1: column "team" appears more than once in the header']);
    expect(keys(parseUserFile('email,Org Role,orgrole,team,team\nada@example.com,x,y,a,b\n', 'add.csv', list))).toEqual(['ada@example.com']);
    // Each refusal is said before --user-column is looked at.
    expect(readHeader(['staff', 'role', 'role'], true, 'staff')).toBe('column "role" appears more than once in the header');
    expect(readHeader(['staff', 'orgrole', 'orgrole'], true, 'staff')).toBe('column "orgRole" appears more than once in the header');
    expect(readHeader(['staff', 'team', 'team'], true, 'staff')).toBe('column "team" appears more than once in the header');
  });

  it('two columns that could be the user column, each named as written, and what to do', () => {
    expect(readHeader([' Login ', 'name', 'username'], false, undefined)).toBe('2 columns could be the user column ("Login", "username"): name the one to read with --user-column "Login"');
    expect(readHeader(['id', 'User ID', 'userid'], false, undefined)).toBe('3 columns could be the id column ("id", "User ID", "userid"): name the one to read with --user-column "id"');
    expect(readHeader(['Mail', 'x', 'mail '], false, undefined)).toBe(
      '2 columns could be the e-mail column ("Mail", "mail"): rename one of them (--user-column picks a column by its name, and theirs are the same)',
    );
    expect(readHeader(['E-mail', 'Email Address [Required]', 'e-mail'], false, undefined)).toBe(
      '3 columns could be the e-mail column ("E-mail", "Email Address [Required]", "e-mail"): rename one of them (--user-column picks a column by its name, and theirs are the same)',
    );
  });

  it("a template of Entra object ids: which column, and --user-column only when the file has another column", () => {
    const why = "holds Microsoft Entra object ids, which are not users teamctl can name: use a file with a column of user principal names (e-mails), such as the userPrincipalName column of Entra's user download";
    expect(lines(() => parseUserFile(' Object ID [objectId] Required \n0b1f5f5e-1c9a-4c7f-9a5e-2f1d2c3b4a5d\n', 'r.csv', roster))).toEqual([`r.csv:1: column "Object ID [objectId] Required" ${why}`]);
    expect(lines(() => parseUserFile('Name,Group [groupObjectId] Required\nAda,0b1f5f5e-1c9a-4c7f-9a5e-2f1d2c3b4a5d\n', 'r.csv', roster))).toEqual([
      `r.csv:1: column "Group [groupObjectId] Required" ${why}, or name such a column of this file with --user-column`,
    ]);
    // A user column beside it is read; a bracketed name that only contains "objectid" is no object id column.
    expect(keys(parseUserFile('Group [groupObjectId] Required,email\nx,ada@example.com\n', 'r.csv', roster))).toEqual(['ada@example.com']);
    expect(readHeader(['Group [groupObjectId] Required', 'email', 'login'], true, undefined)).toMatchObject({ userIndex: 1, userColumn: 'email' });
    expect(readHeader(['Group [groupObjectId] Required', 'login'], true, undefined)).toMatchObject({ userIndex: 1, userColumn: 'user' });
    expect(readHeader(['Group [groupObjectId] Required', 'email', 'id'], true, undefined)).toMatchObject({ userIndex: 1, userColumn: 'email', idIndex: 2 });
    expect(readHeader(['Name', 'Group [objectIdList] Required'], true, undefined)).toBe(
      'no user column in the header (found "Name", "Group [objectIdList] Required"); accepted: email (or Email Address, EmailAddress, E-mail, Mail, UserPrincipalName), id (or User ID), user (or Username, Login), in any case, a [bracketed] suffix ignored — or name the column with --user-column',
    );
  });

  it('a first line of two values or more without a user column is a header without one; one value, or blanks beside it, is no header', () => {
    expect(lines(() => parseUserFile('Name,Title\nAda,Dr\n', 'l.csv', list))[0]).toMatch(/^l\.csv:1: no user column in the header \(found "Name", "Title"\); accepted: /);
    expect(readHeader(['Staff', '', ' '], false, undefined)).toBeNull();
    expect(readHeader(['ada@example.com'], false, undefined)).toBeNull();
    expect(readHeader([' ', ''], false, undefined)).toBeNull();
    // A known column alone is a header, even a role, a team or a status column.
    expect(readHeader(['role'], true, undefined)).toMatch(/^no user column in the header \(found "role"\)/);
    expect(readHeader(['team'], true, undefined)).toMatch(/^no user column in the header \(found "team"\)/);
    expect(readHeader(['team'], false, undefined)).toBeNull();
    expect(readHeader(['Status'], true, undefined)).toBeNull();
    expect(readHeader(['Status', 'x'], true, undefined)).toMatch(/^no user column in the header \(found "Status", "x"\)/);
  });
});

describe('a first line that is neither a header nor a user', () => {
  it("Entra's version line, in any case and spacing, with or without its v", () => {
    for (const value of ['version:v1.0', 'VERSION : V2', 'Version:1', 'version:v1.0 ']) {
      expect(notAUserLine(row(1, value, ''), [row(1, value)]), value).toBe(
        `"${value.trim()}" is neither a header nor a user (Microsoft Entra's bulk template starts so): delete this line, so that the header below it is the first`,
      );
    }
    // Not the version line: not at the start, no number, or beside another value.
    expect(notAUserLine(row(1, 'my version:1'), [row(1, 'my version:1')])).toBeUndefined();
    expect(notAUserLine(row(1, 'version:x1'), [row(1, 'version:x1')])).toBeUndefined();
    expect(notAUserLine(row(1, 'version:v1.0', 'x'), [row(1, 'version:v1.0', 'x')])).toBeUndefined();
  });

  it('one value that is no e-mail above e-mails: the 20 lines below it are looked at, blank ones skipped', () => {
    const emails = (n: number) => Array.from({ length: n }, (_, i) => row(i + 2, ` u${i}@example.com `));
    const first = row(1, ' Staff ', '');
    const said = '"Staff" is not an e-mail like the lines below it: if it is the header, name it with --user-column "Staff"';
    expect(notAUserLine(first, [first, ...emails(20), row(22, 'bo')])).toBe(said);
    expect(notAUserLine(first, [first, ...emails(19), row(21, 'bo')])).toBeUndefined();
    expect(notAUserLine(first, [first, row(2, ''), row(3, ' '), row(4), ...emails(2)])).toBe(said);
    expect(notAUserLine(first, [first, row(2, '', 'bo@example.com')])).toBeUndefined();
    // Nothing below it, or an e-mail itself: a user.
    expect(notAUserLine(first, [first])).toBeUndefined();
    expect(notAUserLine(row(1, 'ada@example.com'), [row(1, 'ada@example.com'), ...emails(2)])).toBeUndefined();
    expect(notAUserLine(row(1, 'Staff', 'Dept'), [row(1, 'Staff', 'Dept'), ...emails(2)])).toBeUndefined();
  });
});

describe('rows status columns leave out', () => {
  it.each([
    ['Status', ['Suspended', 'DEPROVISIONED', 'deactivated', 'Disabled', 'INACTIVE', 'Bot']],
    ['accountEnabled', ['False']],
    ['Account Enabled', ['false', 'No']],
    ['Enabled', ['FALSE']],
    ['Account type', ['Bot', 'deactivated']],
    ['New Status [UPLOAD ONLY]', ['Suspended']],
  ])('%s: %j', (column, values) => {
    const inactive = new InactiveRows(['email', ` ${column} `], [1]);
    for (const [i, value] of values.entries()) expect(inactive.leftOut(row(i + 2, 'x@example.com', ` ${value} `)), value).toBe(true);
    for (const value of ['Active', 'true', 'yes', 'Member', '']) expect(inactive.leftOut(row(9, 'x@example.com', value)), value).toBe(false);
    expect(inactive.leftOut(row(9, 'x@example.com'))).toBe(false);
  });

  it('a status column does not mark with another column\'s values', () => {
    const inactive = new InactiveRows(['email', 'Enabled', 'New Status', 'Account type', 'accountEnabled'], [1, 2, 3, 4]);
    for (const value of ['No', 'Deactivated', 'Disabled', 'Bot', 'Suspended']) expect(inactive.leftOut(row(2, 'x@example.com', value, '', '', '')), `Enabled ${value}`).toBe(false);
    for (const value of ['False', 'Deactivated', 'Bot']) expect(inactive.leftOut(row(2, 'x@example.com', '', value, '', '')), `New Status ${value}`).toBe(false);
    for (const value of ['False', 'Suspended', 'Disabled']) expect(inactive.leftOut(row(2, 'x@example.com', '', '', value, '')), `Account type ${value}`).toBe(false);
    for (const value of ['No', 'Suspended']) expect(inactive.leftOut(row(2, 'x@example.com', '', '', '', value)), `accountEnabled ${value}`).toBe(false);
    // Kept, each value said unknown to its column; none said left out.
    expect(inactive.warnings('f.csv', 1).map((w) => /^status "(.+)" in column "(.+)" is not one teamctl knows/.exec(w.message)?.slice(1))).toEqual([
      ...['No', 'Deactivated', 'Disabled', 'Bot', 'Suspended'].map((v) => [v, 'Enabled']),
      ...['False', 'Deactivated', 'Bot'].map((v) => [v, 'New Status']),
      ...['False', 'Suspended', 'Disabled'].map((v) => [v, 'Account type']),
      ...['No', 'Suspended'].map((v) => [v, 'accountEnabled']),
    ]);
  });

  it('a row is counted under the first column that marks it; each column says its count, the values it saw as written, and bots when it saw one', () => {
    const inactive = new InactiveRows([' Status ', 'email', 'Account type', 'accountEnabled'], [0, 2, 3]);
    const marked = [
      row(2, 'Suspended', 'a@x.io', 'Bot', 'false'),
      row(3, 'suspended', 'b@x.io', '', ''),
      row(4, 'Suspended', 'c@x.io', '', ''),
      row(5, '', 'd@x.io', 'BOT', 'FALSE'),
      row(6, 'Active', 'e@x.io', '', 'False'),
    ];
    expect(marked.map((r) => inactive.leftOut(r))).toEqual([true, true, true, true, true]);
    expect(inactive.leftOut(row(7, 'Active', 'f@x.io', 'Member', 'True'))).toBe(false);
    expect(inactive.warnings('hr.csv', 3)).toEqual([
      { file: 'hr.csv', line: 3, message: '3 rows marked inactive by column "Status" ("Suspended", "suspended") left out' },
      { file: 'hr.csv', line: 3, message: '1 row marked inactive or as bots by column "Account type" ("BOT") left out' },
      { file: 'hr.csv', line: 3, message: '1 row marked inactive by column "accountEnabled" ("False") left out' },
    ]);
  });

  it('a status column with no name known to the reader marks nothing', () => {
    const inactive = new InactiveRows(['email', 'state'], [1]);
    expect(inactive.leftOut(row(2, 'a@x.io', 'suspended'))).toBe(false);
    expect(inactive.warnings('f.csv', 1)).toEqual([]);
  });

  it('in a roster: left out and said once per column, on the header line; an add file keeps them', () => {
    const text = 'email,Status,Account type\nada@example.com,Active,Member\nbo@example.com,Bot,Member\n';
    const f = parseUserFile(text, 'slack.csv', roster);
    expect(keys(f)).toEqual(['ada@example.com']);
    expect(f.warnings).toEqual([{ file: 'slack.csv', line: 1, message: '1 row marked inactive or as bots by column "Status" ("Bot") left out' }]);
    expect(keys(parseUserFile(text, 'slack.csv', { readRoles: true }))).toEqual(['ada@example.com', 'bo@example.com']);
  });
});

describe("a roster's orgRole cells", () => {
  it('a role in any case, guest as no role (null), an empty cell as nothing said; anything else is a problem', () => {
    const problems: string[] = [];
    expect(orgRoleOf(' ADMIN ', problems)).toBe('admin');
    for (const role of ['create', 'edit', 'review', 'comment', 'read']) expect(orgRoleOf(role, problems)).toBe(role);
    expect(orgRoleOf(' Guest ', problems)).toBeNull();
    expect(orgRoleOf('  ', problems)).toBeUndefined();
    expect(problems).toEqual([]);
    expect(orgRoleOf(' owner ', problems)).toBeUndefined();
    expect(problems).toEqual(['unknown organization role "owner" (expected admin, create, edit, review, comment, read or guest; an empty cell keeps the role)']);
  });

  it('read into each entry of a roster, refused on its line; one role per user', () => {
    const f = parseUserFile('team,email,Org Role\neng,ada@example.com,Admin\neng,bo@example.com,guest\neng,cy@example.com,\ndesign,ada@example.com,admin\n', 'org.csv', { ...roster, orgRoles: true });
    expect(f.users.map((u) => [u.team, u.key, u.orgRole])).toEqual([
      ['eng', 'ada@example.com', 'admin'],
      ['eng', 'bo@example.com', null],
      ['eng', 'cy@example.com', undefined],
      ['design', 'ada@example.com', 'admin'],
    ]);
    expect(f.header).toEqual({ userColumn: 'email', roleColumn: false, teamColumn: true, userHeading: 'email', orgRoleColumn: true });
    expect(lines(() => parseUserFile('team,email,orgRole\neng,ada@example.com,boss\neng,bo@example.com,edit\nops,BO@example.com,guest\n', 'org.csv', { ...roster, orgRoles: true }))).toEqual([
      'org.csv:2: unknown organization role "boss" (expected admin, create, edit, review, comment, read or guest; an empty cell keeps the role): map it with --role-map boss=read',
      'org.csv:4: "BO@example.com" has the organization role edit on line 3 and guest on line 4',
    ]);
  });
});

describe('object ids', () => {
  it('a GUID in any case, whole', () => {
    expect(objectId.test('0B1F5F5E-1C9A-4C7F-9A5E-2F1D2C3B4A5D')).toBe(true);
    for (const value of ['x0b1f5f5e-1c9a-4c7f-9a5e-2f1d2c3b4a5d', '0b1f5f5e-1c9a-4c7f-9a5e-2f1d2c3b4a5dx', '0b1f5f5-1c9a-4c7f-9a5e-2f1d2c3b4a5d', '0b1f5f5e-1c9-4c7f-9a5e-2f1d2c3b4a5d', '0b1f5f5e-1c9a-4c7-9a5e-2f1d2c3b4a5d', '0b1f5f5e-1c9a-4c7f-9a5-2f1d2c3b4a5d', '0b1f5f5e-1c9a-4c7f-9a5e-2f1d2c3b4a5', '0b1f5f5g-1c9a-4c7f-9a5e-2f1d2c3b4a5d']) {
      expect(objectId.test(value), value).toBe(false);
    }
  });
});
