// The rows of a group export (src/files/groups/rows.ts; `teamctl help rosters`, "Groups from the
// identity provider"): a person's role per group and overall with --role-map, cells read trimmed,
// inactive people counted once each, and every problem listed at once.
import { describe, expect, it } from 'vitest';
import { InputFileError } from '../../../src/errors.js';
import { parseGroupExport } from '../../../src/files/groups/read.js';
import { parseRoleMap } from '../../../src/files/role-map.js';
import { refusal } from '../../helpers/refusal.js';

const google = (...rows: string[]): string => ['Group Email [Required],Member Email,Member Type,Member Role', ...rows].join('\n');
const roleMap = parseRoleMap('OWNER=owner,MEMBER=member');

describe("a group export's rows", () => {
  it("a person's role is the highest of their rows, in either order; each group keeps its own", () => {
    for (const rows of [
      ['eng,ada@example.com,USER,MEMBER', 'design,ada@example.com,USER,OWNER'],
      ['design,ada@example.com,USER,OWNER', 'eng,ada@example.com,USER,MEMBER'],
    ]) {
      const [ada] = parseGroupExport(google(...rows), 'g.csv', { roleMap }).members;
      expect(ada?.role, rows.join(' / ')).toBe('owner');
      expect(Object.fromEntries(ada?.groupRoles ?? [])).toEqual({ eng: 'member', design: 'owner' });
    }
  });

  it('one group named on two rows keeps the higher of their roles', () => {
    for (const rows of [
      ['eng,ada@example.com,USER,OWNER', 'eng,ada@example.com,USER,MEMBER'],
      ['eng,ada@example.com,USER,MEMBER', 'eng,ada@example.com,USER,OWNER'],
    ]) {
      const [ada] = parseGroupExport(google(...rows), 'g.csv', { roleMap }).members;
      expect(Object.fromEntries(ada?.groupRoles ?? []), rows.join(' / ')).toEqual({ eng: 'owner' });
      expect(ada?.role).toBe('owner');
    }
  });

  it('a role cell is read trimmed; a blank one gives no role and is no problem', () => {
    const read = parseGroupExport(google('eng,ada@example.com,USER, OWNER ', 'eng,bo@example.com,USER,', 'eng,cy@example.com,USER,  '), 'g.csv', { roleMap });
    expect(read.members.map((m) => [m.entry.key, m.role])).toEqual([
      ['ada@example.com', 'owner'],
      ['bo@example.com', undefined],
      ['cy@example.com', undefined],
    ]);
    expect(read.members[1]).not.toHaveProperty('role');
    expect(read.members[1]).not.toHaveProperty('groupRoles');
    // A later row without a role leaves the earlier role as it was.
    const [ada] = parseGroupExport(google('eng,ada@example.com,USER,MEMBER', 'design,ada@example.com,USER,'), 'g.csv', { roleMap }).members;
    expect(ada?.role).toBe('member');
    expect(Object.fromEntries(ada?.groupRoles ?? [])).toEqual({ eng: 'member' });
  });

  it('an unknown role names the map that reads every unknown value, never a blank one', () => {
    const lines = refusal(() => parseGroupExport(google('eng,ada@example.com,USER,CREATOR', 'eng,bo@example.com,USER,'), 'g.csv', { roleMap }));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^g\.csv:2: unknown role "CREATOR" \(expected owner or member\): map it with /);
    expect(lines[0]).not.toMatch(/=owner,=|,=|"="/);
  });

  it('a row shorter than the header reads the cells it lacks as empty', () => {
    const [ada] = parseGroupExport(google('eng,ada@example.com'), 'g.csv', { roleMap }).members;
    expect(ada?.entry.key).toBe('ada@example.com');
    expect(ada).not.toHaveProperty('role');
    const [bo] = parseGroupExport('email,group,sso\nbo@example.com,eng\n', 'own.csv', {}).members;
    expect(bo?.entry.key).toBe('bo@example.com');
    expect(bo).not.toHaveProperty('sso');
    expect(parseGroupExport('email,group,sso\nbo@example.com,eng,yes\n', 'own.csv', {}).members[0]?.sso).toBe(true);
    expect(refusal(() => parseGroupExport('group,email\neng\n', 'own.csv', {}))).toEqual(['own.csv:2: empty user cell (column "email")']);
    expect(refusal(() => parseGroupExport('email,group\ncy@example.com\n', 'own.csv', {}))).toEqual(['own.csv:2: empty group cell (column "group")']);
    // A short row's missing role is no unknown role for the map the problem suggests.
    expect(refusal(() => parseGroupExport(google('eng,ada@example.com', 'eng,bo@example.com,USER,CREATOR'), 'g.csv', { roleMap }))).toEqual([
      'g.csv:3: unknown role "CREATOR" (expected owner or member): map it with --role-map owner=owner,member=member,CREATOR=member',
    ]);
  });

  it('an empty group cell names every group column, one after the other', () => {
    expect(refusal(() => parseGroupExport('email,group,groups\nada@example.com,,\n', 'own.csv', {}))).toEqual(['own.csv:2: empty group cell (column "group", "groups")']);
  });

  it('a user cell of spaces is an empty user cell, named by its column', () => {
    expect(refusal(() => parseGroupExport('email,group\n   ,eng\n', 'own.csv', {}))).toEqual(['own.csv:2: empty user cell (column "email")']);
  });

  it('an sso cell is read trimmed and in any case; a bad one is said trimmed', () => {
    const read = parseGroupExport('email,group,sso\nada@example.com,eng, YES \nbo@example.com,eng, no \n', 'own.csv', {});
    expect(read.members.map((m) => [m.entry.key, m.sso])).toEqual([
      ['ada@example.com', true],
      ['bo@example.com', undefined],
    ]);
    expect(refusal(() => parseGroupExport('email,group,sso\nada@example.com,eng, maybe \n', 'own.csv', {}))).toEqual(['own.csv:2: invalid sso cell "maybe" (expected true, false, yes or no)']);
  });

  it('an empty group cell names its column trimmed', () => {
    expect(refusal(() => parseGroupExport('email, group \nada@example.com,\n', 'own.csv', {}))).toEqual(['own.csv:2: empty group cell (column "group")']);
  });

  it('counts inactive people once each, even those whose user cell is wrong, and says which line contradicts which', () => {
    const okta = (...rows: string[]): string => ['Group name,Okta username,Okta user status', ...rows].join('\n');
    const read = parseGroupExport(okta('eng,,SUSPENDED', 'eng,not an address@,SUSPENDED', 'eng,ada@example.com,ACTIVE'), 'okta.csv', {});
    expect(read.inactive).toBe(2);
    expect(read.members.map((m) => m.entry.key)).toEqual(['ada@example.com']);
    // Inactive on lines 2 and 4, active on line 3: the first inactive line is the one said.
    expect(refusal(() => parseGroupExport(okta('eng,ada@example.com,SUSPENDED', 'design,ada@example.com,ACTIVE', 'ops,ada@example.com,SUSPENDED'), 'okta.csv', {}))).toEqual([
      'okta.csv:3: "ada@example.com" is inactive on line 2 and active on line 3',
    ]);
  });

  it('lists at most the first 50 problems, counting them all', () => {
    const rows = Array.from({ length: 60 }, (_, i) => `not-an-address-${i}@,eng`);
    try {
      parseGroupExport(['email,group', ...rows].join('\n'), 'own.csv', {});
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(InputFileError);
      expect((err as InputFileError).problems).toHaveLength(InputFileError.maxListed);
      expect((err as InputFileError).message).toContain('60');
    }
  });
});
