// A roster's `sso` column (`teamctl help rosters`, "The roster"): read with --set-sso (the reader's
// `sso` option) into `sso: true` on the entry; true/yes and false/no in any case, an empty cell not
// said; any other value, a second `sso` column, or one user said SSO on one row and not on
// another is a problem naming the file and line. Without the option the column is ignored.
import { describe, expect, it } from 'vitest';
import { parseUserFile, type UserFileOptions } from '../../src/files/users.js';
import { refusal } from '../helpers/refusal.js';

const roster: UserFileOptions = { readRoles: true, dropInactive: true, sso: true };
const problems = (text: string, opts = roster): string[] => refusal(() => parseUserFile(text, 'r.csv', opts));

describe('the sso column', () => {
  it('true and yes (any case) mark an SSO member; false, no and an empty cell leave it unsaid', () => {
    const file = parseUserFile('email,SSO\na@x.io,true\nb@x.io, YES \nc@x.io,false\nd@x.io,No\ne@x.io,\nf@x.io\n', 'r.csv', roster);
    expect(file.users.map((u) => [u.key, u.sso ?? null])).toEqual([
      ['a@x.io', true],
      ['b@x.io', true],
      ['c@x.io', null],
      ['d@x.io', null],
      ['e@x.io', null],
      ['f@x.io', null],
    ]);
    // (Only `sso: true` is carried: an entry not said SSO has no such field.)
    expect(Object.keys(file.users[2]!)).not.toContain('sso');
    expect(file.header?.ssoColumn).toBe(true);
  });

  it('is ignored without --set-sso, like any other column, whatever it holds', () => {
    const file = parseUserFile('email,sso\na@x.io,true\nb@x.io,maybe\n', 'r.csv', { readRoles: true });
    expect(file.users.map((u) => u.sso)).toEqual([undefined, undefined]);
    expect(file.header?.ssoColumn).toBeUndefined();
    expect(parseUserFile('email\na@x.io\n', 'r.csv', roster).header?.ssoColumn).toBeUndefined();
  });

  it('refuses an unknown value and a second sso column, naming the file and line', () => {
    expect(problems('email,sso\na@x.io,true\nb@x.io,enabled\nc@x.io,1\n')).toEqual([
      'r.csv:3: unknown sso value "enabled" (expected true, yes, false or no; an empty cell says nothing)',
      'r.csv:4: unknown sso value "1" (expected true, yes, false or no; an empty cell says nothing)',
    ]);
    expect(problems('email,sso,SSO\na@x.io,true,true\n')).toEqual(['r.csv:1: column "sso" appears more than once in the header']);
  });

  it('one answer per user across an organization roster\'s teams: SSO on one row and not on another is a problem; the same answer twice is fine', () => {
    const same = parseUserFile('team,email,sso\neng,a@x.io,yes\ndesign,A@x.io,true\nops,a@x.io,\n', 'r.csv', roster);
    expect(same.users.map((u) => [u.team, u.sso ?? null])).toEqual([
      ['eng', true],
      ['design', true],
      ['ops', null],
    ]);
    expect(problems('team,email,sso\neng,a@x.io,yes\ndesign,a@x.io,no\n')).toEqual(['r.csv:3: "a@x.io" is SSO on line 2 and not SSO on line 3']);
    expect(problems('team,email,sso\neng,a@x.io,false\ndesign,a@x.io,true\n')).toEqual(['r.csv:3: "a@x.io" is not SSO on line 2 and SSO on line 3']);
  });

  it('a user on two rows of one team counts once, SSO if a row says so', () => {
    const file = parseUserFile('email,sso\na@x.io,\na@x.io,true\n', 'r.csv', roster);
    expect(file.users).toHaveLength(1);
    expect(file.users[0]?.sso).toBe(true);
    expect(file.warnings.map((w) => w.message)).toEqual(['"a@x.io" is also on line 2; counted once']);
  });
});
