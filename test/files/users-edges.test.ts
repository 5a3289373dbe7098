// Edges of the user-file reader (src/files/users.ts; `teamctl help rosters`, "The roster") that the examples beside
// it do not reach: every header spelling of HR exports, padded cells, rows shorter than the
// header, lines that are neither a header nor a user, limits at n and n+1, and exactly which
// fields an entry carries.
import { describe, expect, it } from 'vitest';
import type { FileProblem } from '../../src/errors.js';
import { InputFileError } from '../../src/errors.js';
import { maxEmailLength, maxIdLength, parseUserFile, userIdentity, userProblem, type UserFile, type UserFileOptions } from '../../src/files/users.js';

const roster: UserFileOptions = { readRoles: true, dropInactive: true };
const list: UserFileOptions = { readRoles: false };

function problemsOf(run: () => unknown): FileProblem[] {
  try {
    run();
  } catch (err) {
    if (err instanceof InputFileError) return err.problems;
    throw err;
  }
  throw new Error('expected an InputFileError');
}
const lines = (run: () => unknown): string[] => problemsOf(run).map((p) => `${p.file}:${p.line}: ${p.message}`);
const keys = (f: UserFile): string[] => f.users.map((u) => u.key);

describe('header spellings', () => {
  it.each([
    ['E-mail Address', 'email'],
    ['Work Email', 'email'],
    ['Primary Email', 'email'],
    ['Primary_Email', 'email'],
    ['Work  Email', 'email'],
    ['User Principal Name', 'email'],
    ['Email[Required]', 'email'],
    ['UserId', 'id'],
    ['User Name', 'user'],
    ['Username', 'user'],
    ['Sign-in name [userPrincipalName]', 'email'],
    ['User [userPrincipalName]Required', 'email'],
  ])('%s names the %s column', (heading, column) => {
    const f = parseUserFile(`${heading},Department\nada@example.com,R&D\n`, 'hr.csv', list);
    expect(f.header?.userColumn).toBe(column);
    expect(keys(f)).toEqual(['ada@example.com']);
  });

  it('a bracket in the middle of a heading names nothing', () => {
    expect(keys(parseUserFile('email,Manager [Mail] Address\nada@example.com,bo@example.com\n', 'hr.csv', list))).toEqual(['ada@example.com']);
  });

  it('names the cells it found, trimmed, when none is a user column', () => {
    expect(lines(() => parseUserFile(' First Name , Last Name \nAda,Lovelace\n', 'hr.csv', list))[0]).toMatch(/^hr\.csv:1: no user column in the header \(found "First Name", "Last Name"\); accepted: /);
  });

  it('refuses a team column twice in a roster', () => {
    expect(lines(() => parseUserFile('team,email,team\neng,ada@example.com,ops\n', 'org.csv', roster))).toEqual(['org.csv:1: column "team" appears more than once in the header']);
  });

  it('--user-column: names the cells found, trimmed; refuses a column named twice; names a padded column in its messages as written', () => {
    expect(lines(() => parseUserFile(' Staff ,Dept\nada@example.com,x\n', 's.csv', { ...list, userColumn: 'mail' }))).toEqual(['s.csv:1: no column "mail" in the header (found "Staff", "Dept"), which --user-column names']);
    expect(lines(() => parseUserFile('Staff,staff\nada@example.com,x\n', 's.csv', { ...list, userColumn: 'Staff' }))).toEqual(['s.csv:1: column "Staff" appears more than once in the header']);
    expect(lines(() => parseUserFile(' Staff ,Dept\n,x\n', 's.csv', { ...list, userColumn: 'staff' }))).toEqual(['s.csv:2: empty user cell (column "Staff")']);
  });

  it('names a padded user column in its messages as written, trimmed', () => {
    expect(lines(() => parseUserFile(' Email ,Dept\n,x\n', 'hr.csv', list))).toEqual(['hr.csv:2: empty user cell (column "Email")']);
  });
});

describe('status columns', () => {
  it.each([
    ['Status', 'Disabled'],
    ['Status', 'inactive'],
    ['Account Enabled', 'No'],
    ['Account Enabled', 'FALSE'],
    [' Status ', ' Suspended '],
  ])('%s %s leaves the row out, with one warning naming the column', (column, value) => {
    const f = parseUserFile(`email,${column}\nada@example.com,Active\nbo@example.com,${value}\n`, 'hr.csv', roster);
    expect(keys(f)).toEqual(['ada@example.com']);
    expect(f.warnings).toEqual([{ file: 'hr.csv', line: 1, message: `1 row marked inactive by column "${column.trim()}" ("${value.trim()}") left out` }]);
  });

  it('a status column first is read too; a file where nothing is inactive has no warning', () => {
    const f = parseUserFile('Status,email\nDisabled,ada@example.com\nActive,bo@example.com\n', 'hr.csv', roster);
    expect(keys(f)).toEqual(['bo@example.com']);
    const none = parseUserFile('email,Status\nada@example.com,Active\nbo@example.com\n', 'hr.csv', roster);
    expect(keys(none)).toEqual(['ada@example.com', 'bo@example.com']);
    expect(none.warnings).toEqual([]);
  });
});

describe('rows shorter than the header, and padded cells', () => {
  it('a row too short to reach the id column is read by its e-mail; a padded id backs the e-mail', () => {
    const f = parseUserFile('email,name,id\nada@example.com\nbo@example.com,Bo, u2 \n', 'export.csv', list);
    expect(f.users).toStrictEqual([
      { key: 'ada@example.com', kind: 'email', line: 2, file: 'export.csv' },
      { key: 'bo@example.com', kind: 'email', line: 3, file: 'export.csv', id: 'u2' },
    ]);
  });

  it('an id column holding an e-mail gives an entry without a backing id', () => {
    expect(parseUserFile('id\nada@example.com\nu2\n', 'ids.csv', list).users).toStrictEqual([
      { key: 'ada@example.com', kind: 'email', line: 2, file: 'ids.csv' },
      { key: 'u2', kind: 'id', line: 3, file: 'ids.csv' },
    ]);
  });

  it('a roster row too short to reach its team column, and a padded team', () => {
    expect(lines(() => parseUserFile('email,role,team\nada@example.com,owner\n', 'org.csv', roster))).toEqual(['org.csv:2: empty team cell (an organization roster names the team on every row)']);
    expect(parseUserFile('email,role,team\nada@example.com,owner, eng \n', 'org.csv', roster).users).toStrictEqual([{ key: 'ada@example.com', kind: 'email', line: 2, file: 'org.csv', role: 'owner', team: 'eng' }]);
  });

  it('an entry of a file without a team column has no team field at all', () => {
    expect(Object.keys(parseUserFile('email\nada@example.com\n', 'r.csv', roster).users[0] ?? {}).sort()).toEqual(['file', 'key', 'kind', 'line']);
  });

  it('names an unknown role trimmed', () => {
    expect(lines(() => parseUserFile('email,role\nada@example.com, admin \n', 'r.csv', roster))).toEqual(['r.csv:2: unknown role "admin" (expected owner or member): map it with --role-map admin=owner']);
  });
});

describe('lists without a header', () => {
  it('a trailing empty or blank cell is not a second value; two values are named, trimmed', () => {
    expect(keys(parseUserFile('ada@example.com, \nbo@example.com,\n', 'l.csv', list))).toEqual(['ada@example.com', 'bo@example.com']);
    expect(lines(() => parseUserFile('ada@example.com\nbo@example.com , cy@example.com\n', 'l.csv', list))).toEqual([
      'l.csv:2: several values on one line ("bo@example.com", "cy@example.com"); without a header, each line holds one user',
    ]);
  });

  it('says what a header needs only on a first line that fails', () => {
    expect(lines(() => parseUserFile('not an id\nalso bad\n', 'l.csv', list))).toEqual([
      'l.csv:1: invalid user id "not an id" (ids contain no spaces) (no header found: a header names an "email", "id" or "user" column)',
      'l.csv:2: invalid user id "also bad" (ids contain no spaces)',
    ]);
  });

  it('a one-line list is its user; a first line above a mix of ids and e-mails is a user too', () => {
    expect(keys(parseUserFile('Staff\n', 'l.csv', list))).toEqual(['Staff']);
    expect(keys(parseUserFile('Staff\nada@example.com\nbo\n', 'l.csv', list))).toEqual(['Staff', 'ada@example.com', 'bo']);
  });

  it('a first line that is not an e-mail above e-mails may be a header: named trimmed, even with empty cells beside it', () => {
    const expected = ['l.csv:1: "Staff" is not an e-mail like the lines below it: if it is the header, name it with --user-column "Staff"'];
    expect(lines(() => parseUserFile(' Staff ,,\nada@example.com\nbo@example.com\n', 'l.csv', list))).toEqual(expected);
    expect(lines(() => parseUserFile('Staff, \nada@example.com\n\n,\nbo@example.com\n', 'l.csv', list))).toEqual(expected);
    expect(lines(() => parseUserFile('release version: 2\nada@example.com\n', 'l.csv', list))).toEqual([
      'l.csv:1: "release version: 2" is not an e-mail like the lines below it: if it is the header, name it with --user-column "release version: 2"',
    ]);
  });

  it("Entra's version line, however it is spaced", () => {
    for (const first of ['Version : v1.0', 'version:1.0']) {
      expect(lines(() => parseUserFile(`${first}\nUser name [userPrincipalName] Required\nada@example.com\n`, 'entra.csv', roster))[0]).toBe(
        `entra.csv:1: "${first}" is neither a header nor a user (Microsoft Entra's bulk template starts so): delete this line, so that the header below it is the first`,
      );
    }
  });
});

describe('limits and identities', () => {
  it('ids and e-mails at their longest are read; one character more is refused', () => {
    const id = 'u'.repeat(maxIdLength);
    expect(userProblem(id, 'id')).toBeNull();
    expect(userProblem(id + 'u', 'id')).toBe(`invalid user id (${maxIdLength + 1} characters; at most ${maxIdLength})`);
    const email = `${'a'.repeat(maxEmailLength - '@example.com'.length)}@example.com`;
    expect(userProblem(email, 'email')).toBeNull();
    expect(userProblem('a' + email, 'email')).toBe(`invalid e-mail address (${maxEmailLength + 1} characters; at most ${maxEmailLength})`);
  });

  it('names an invisible character by its code point, four hex digits at least', () => {
    // (The message holds the character itself: the terminal layer escapes it when printed.)
    expect(userProblem('ada\u00adx', 'id')).toBe('invalid user "ada\u00adx": contains an invisible or direction character (U+00AD) that would hide what the plan shows');
  });

  it('an id identity is trimmed', () => {
    expect(userIdentity({ key: ' u1 ', kind: 'id' })).toBe('id:u1');
  });
});
