// A user as a value (src/files/userValues.ts; `teamctl help rosters`, "The roster"): its kind, its
// shape, its length counted in characters, and the characters that would make a plan lie, each
// refused in its own words; command-line users checked like a file's rows.
import { describe, expect, it } from 'vitest';
import { InputFileError, UsageError } from '../../src/errors.js';
import { quote } from '../../src/output/words.js';
import { classifyUser, maxEmailLength, maxIdLength, parseUserArgument, parseUserArguments, throwProblems, userIdentity, userProblem } from '../../src/files/userValues.js';

const problem = (value: string): string | null => {
  const { key, kind } = classifyUser(value);
  return userProblem(key, kind);
};

describe('a user as a value', () => {
  it('is an e-mail when it holds @, else an id; trimmed and in NFC', () => {
    expect(classifyUser('  ana@example.com ')).toEqual({ key: 'ana@example.com', kind: 'email' });
    expect(classifyUser('u-42')).toEqual({ key: 'u-42', kind: 'id' });
    expect(classifyUser('Chloe\u0301@example.com').key).toBe('Chloé@example.com');
  });

  it('accepts the shapes of an e-mail and refuses what is not one', () => {
    for (const ok of ['ana@example.com', 'a.b+c@mail.example.co.uk', 'Chloé@exämple.fr']) expect(problem(ok), ok).toBeNull();
    for (const bad of ['ana@example', '@example.com', 'ana@.com', 'ana@example.', 'a b@example.com', 'ana@exa mple.com', 'ana@ex@ample.com', 'a"b@example.com', 'a<b>@example.com', 'ana@exa;mple.com', 'ana@example..com']) {
      expect(problem(bad), bad).toBe(`invalid e-mail address ${quote(bad)}`);
    }
    // The whole value, not a part of it (the expression is anchored at both ends).
    expect(problem('x ana@example.com')).toBe('invalid e-mail address "x ana@example.com"');
    expect(problem('ana@example.com x')).toBe('invalid e-mail address "ana@example.com x"');
  });

  it('counts its length in characters: an e-mail up to 254, an id up to 255', () => {
    expect([maxEmailLength, maxIdLength]).toEqual([254, 255]);
    const email = (n: number): string => `${'a'.repeat(n - '@example.com'.length)}@example.com`;
    expect(problem(email(254))).toBeNull();
    expect(problem(email(255))).toBe('invalid e-mail address (255 characters; at most 254)');
    expect(problem('u'.repeat(255))).toBeNull();
    expect(problem('u'.repeat(256))).toBe('invalid user id (256 characters; at most 255)');
    // Characters, not UTF-16 units: 255 characters outside the BMP are 510 units and still fit.
    expect(problem('𠀀'.repeat(255))).toBeNull();
    expect(problem('𠀀'.repeat(256))).toBe('invalid user id (256 characters; at most 255)');
  });

  it('refuses characters that would make a plan lie, naming them', () => {
    expect(problem('ana\u200b@example.com')).toBe(`invalid user ${quote('ana\u200b@example.com')}: contains an invisible or direction character (U+200B) that would hide what the plan shows`);
    expect(problem('u\u00ad1')).toBe(`invalid user ${quote('u\u00ad1')}: contains an invisible or direction character (U+00AD) that would hide what the plan shows`);
    expect(problem('u\ufeff1')).toMatch(/\(U\+FEFF\)/);
    expect(problem('ａｎａ@example.com')).toBe('invalid user "ａｎａ@example.com": contains look-alike characters (such as fullwidth letters); write it as "ana@example.com"');
    // Plain letters and digits are neither.
    expect(problem('ana@example.com')).toBeNull();
    expect(problem('user_01')).toBeNull();
  });

  it('refuses an id with a space, a control or replacement character, or what would change a URL path', () => {
    expect(problem('')).toBe('empty user');
    expect(problem('u 1')).toBe('invalid user id "u 1" (ids contain no spaces)');
    expect(problem('u\u00011')).toBe(`invalid user id ${quote('u\u00011')} (is the file UTF-8?)`);
    expect(problem('u\ufffd1')).toBe(`invalid user id ${quote('u\ufffd1')} (is the file UTF-8?)`);
    expect(problem('..')).toMatch(/^invalid user id "\.\.": /);
  });

  it('names one user by one identity: e-mails in any case, ids as written', () => {
    expect(userIdentity({ key: 'Ana@Example.com', kind: 'email' })).toBe(userIdentity({ key: 'ana@example.com', kind: 'email' }));
    expect(userIdentity({ key: 'U1', kind: 'id' })).not.toBe(userIdentity({ key: 'u1', kind: 'id' }));
    expect(userIdentity({ key: 'u1', kind: 'id' })).toBe('id:u1');
  });

  it('checks command-line users like rows: each problem at its position, every one at once', () => {
    expect(parseUserArgument(' ana@example.com ')).toEqual({ key: 'ana@example.com', kind: 'email', line: 0 });
    expect(() => parseUserArgument('ana@example')).toThrow(new UsageError('invalid e-mail address "ana@example"'));
    const { users, problems } = parseUserArguments(['ana@example.com', 'bad@x', 'u1', 'u 2'], '--add');
    expect(users.map((u) => u.key)).toEqual(['ana@example.com', 'u1']);
    expect(problems).toEqual([
      { file: '--add', line: 2, message: 'invalid e-mail address "bad@x"' },
      { file: '--add', line: 4, message: 'invalid user id "u 2" (ids contain no spaces)' },
    ]);
    expect(() => throwProblems([])).not.toThrow();
    const many = Array.from({ length: 60 }, (_, i) => ({ file: 'f', line: i + 1, message: 'm' }));
    try {
      throwProblems(many);
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(InputFileError);
      expect((err as InputFileError).problems).toHaveLength(InputFileError.maxListed);
    }
  });
});
