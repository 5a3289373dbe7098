// Other tools' role columns (`teamctl help rosters`, "Other tools' role columns"): `--role-map`
// read as a user writes it (pairs trimmed, `from` in any case, an empty `to`), each malformed map
// refused in its words, a cell mapped, and the map suggested for a file's unknown values — the
// empty values of spreadsheets and pandas matched only whole — printed as a shell word.
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/errors.js';
import { mapRole, parseRoleMap, roleMapSuggestion } from '../../src/files/role-map.js';
import { parseUserFile } from '../../src/files/users.js';

/** The words `--role-map value` is refused with (fails the test when it is accepted). */
function refusal(value: string): string {
  try {
    parseRoleMap(value);
  } catch (err) {
    expect(err).toBeInstanceOf(UsageError);
    return (err as Error).message;
  }
  throw new Error(`expected --role-map ${value} to be refused`);
}

const known = 'owner, member, admin, create, edit, review, comment, read, guest; empty for none';

describe('parseRoleMap', () => {
  it('reads pairs trimmed, `from` in lower case, `to` in lower case; an empty `to` is an empty cell', () => {
    expect([...parseRoleMap(' Maintainer = Owner ,Developer=member,Organization admin=ADMIN,NaN=').entries()]).toEqual([
      ['maintainer', 'owner'],
      ['developer', 'member'],
      ['organization admin', 'admin'],
      ['nan', ''],
    ]);
  });

  it('takes every role teamctl knows, and a value mapped twice to the same role', () => {
    const roles = ['owner', 'member', 'admin', 'create', 'edit', 'review', 'comment', 'read', 'guest'];
    const map = parseRoleMap(roles.map((r, i) => `v${i}=${r}`).join(','));
    expect([...map.values()]).toEqual(roles);
    expect([...parseRoleMap('Dev=member,dev=Member').entries()]).toEqual([['dev', 'member']]);
  });

  it('refuses a pair without `=` or without `from`, quoting the pair trimmed', () => {
    const words = (pair: string): string => `--role-map takes from=to pairs separated by commas, like Maintainer=owner,Developer=member — not "${pair}"`;
    expect(refusal('Maintainer=owner, Developer ')).toBe(words('Developer'));
    expect(refusal('=owner')).toBe(words('=owner'));
    expect(refusal('  =owner')).toBe(words('=owner'));
    expect(refusal('Maintainer=owner,,Developer=member')).toBe(words(''));
    expect(refusal('')).toBe(words(''));
  });

  it('refuses a `to` that is no role, naming it, its `from` and the roles it may be', () => {
    expect(refusal('Developer=coder')).toBe(`--role-map: "coder" (for "Developer") is no role teamctl knows (${known})`);
    expect(refusal(' Lead = Boss ')).toBe(`--role-map: "boss" (for "Lead") is no role teamctl knows (${known})`);
    expect(refusal('a=owner=member')).toBe(`--role-map: "owner=member" (for "a") is no role teamctl knows (${known})`);
  });

  it('refuses a value mapped to two roles, in any case, naming both', () => {
    expect(refusal('Developer=member,developer=owner')).toBe('--role-map maps "developer" twice, to "member" and "owner"');
    expect(refusal('NaN=,nan=read')).toBe('--role-map maps "nan" twice, to "" and "read"');
  });
});

describe('mapRole', () => {
  it('maps a cell trimmed and in any case; a cell not mapped is the cell trimmed', () => {
    const map = parseRoleMap('Maintainer=owner,NaN=');
    expect(mapRole('  MAINTAINER ', map)).toBe('owner');
    expect(mapRole('nan', map)).toBe('');
    expect(mapRole(' Developer ', map)).toBe('Developer');
    expect(mapRole(' owner ', undefined)).toBe('owner');
  });
});

describe('roleMapSuggestion', () => {
  const suggest = (values: [string, 'team' | 'organization'][], given?: string): string =>
    roleMapSuggestion(new Map(values), given === undefined ? undefined : parseRoleMap(given));

  it('guesses a team role: owner for what sounds like one, member otherwise', () => {
    expect(suggest([['Maintainer', 'team'], ['Group OWNER', 'team'], ['Admin', 'team'], ['Manager', 'team'], ['Developer', 'team'], ['Reporter', 'team']])).toBe(
      '--role-map "Maintainer=owner,Group OWNER=owner,Admin=owner,Manager=owner,Developer=member,Reporter=member"',
    );
  });

  it('guesses an organization role: admin for admins and owners, guest for guests, read otherwise', () => {
    expect(suggest([['Organization admin', 'organization'], ['Owner', 'organization'], ['External Guest', 'organization'], ['User', 'organization']])).toBe(
      '--role-map "Organization admin=admin,Owner=admin,External Guest=guest,User=read"',
    );
  });

  it('maps the empty values of spreadsheets and pandas to an empty cell, in any case, in either column', () => {
    expect(suggest([['NaN', 'organization'], ['none', 'team'], ['NULL', 'organization'], ['n/a', 'team'], ['-', 'organization'], ['—', 'team']])).toBe(
      '--role-map "NaN=,none=,NULL=,n/a=,-=,—="',
    );
  });

  it('matches an empty value only whole: a value that holds one is guessed like any other', () => {
    expect(suggest([['Nancy', 'organization'], ['xnan', 'team'], ['None yet', 'organization'], ['nullable', 'team'], ['n/a admin', 'organization'], ['--', 'team'], ['—x', 'organization']])).toBe(
      '--role-map "Nancy=read,xnan=member,None yet=read,nullable=member,n/a admin=admin,--=member,—x=read"',
    );
  });

  it('puts the pairs given first, then the unknown values; a word of plain characters is left bare', () => {
    expect(suggest([['Developer', 'team']], 'Maintainer=owner,Lead=')).toBe('--role-map maintainer=owner,lead=,Developer=member');
    expect(suggest([['dev_1.x@corp-A', 'team']])).toBe('--role-map dev_1.x@corp-A=member');
    expect(suggest([['say "hi"', 'team']])).toBe('--role-map "say \\"hi\\"=member"');
    expect(suggest([['a/b', 'team']])).toBe('--role-map "a/b=member"');
    expect(roleMapSuggestion(new Map([['Dev', 'team']]), new Map())).toBe('--role-map Dev=member');
  });
});

describe('a roster read through --role-map', () => {
  it('reads mapped values as the roles they map to, an empty `to` as an empty cell, and suggests a map with the given pairs for what is left', () => {
    const roleMap = parseRoleMap('Maintainer=owner,Developer=member,NaN=');
    const file = parseUserFile('email,role,orgRole\nada@x.io, maintainer ,NaN\ngrace@x.io,DEVELOPER,read\n', 'r.csv', { readRoles: true, orgRoles: true, roleMap });
    expect(file.users.map((u) => [u.key, u.role, u.orgRole])).toEqual([
      ['ada@x.io', 'owner', undefined],
      ['grace@x.io', 'member', 'read'],
    ]);
    expect(() => parseUserFile('email,role\nada@x.io,Reporter\n', 'r.csv', { readRoles: true, roleMap })).toThrow(
      'r.csv:2: unknown role "Reporter" (expected owner or member): map it with --role-map maintainer=owner,developer=member,nan=,Reporter=member',
    );
  });
});
