// What teamctl accepts as a token (src/token.ts; README, "auth"): the length bounds at their edges,
// written out as numbers so that a changed bound fails here.
import { describe, expect, it } from 'vitest';
import { UsageError } from '../src/errors.js';
import { checkToken, isShortToken, shortTokenAccepted } from '../src/token.js';

const token = (length: number): string => 'abcdefghijklmnopqrstuvwxyz0123456789'.repeat(Math.ceil(length / 36)).slice(0, length);

describe('checkToken: the length bounds', () => {
  for (const strict of [true, false]) {
    it(`${strict ? 'login (strict)' : 'a configured token'}: a short token is sendable (the service decides); 4096 accepted, 4097 refused`, () => {
      expect(() => checkToken(token(1), 'test', strict)).not.toThrow();
      expect(() => checkToken(token(15), 'test', strict)).not.toThrow();
      expect(() => checkToken(token(4096), 'test', strict)).not.toThrow();
      expect(() => checkToken(token(4097), 'test', strict)).toThrow(new UsageError(`the token from test has 4097 characters: a token has at most 4096; nothing was ${strict ? 'stored' : 'sent'}`));
    });
  }

  it('a token of 15 characters is short (asked of the service first), one of 16 is not', () => {
    expect(isShortToken(token(15))).toBe(true);
    expect(isShortToken(token(16))).toBe(false);
    expect(shortTokenAccepted(token(15), 'TEAMCTL_TOKEN', 'changed').message).toBe(
      'the token from TEAMCTL_TOKEN has 15 characters: the service accepts it, but teamctl works only with tokens of at least 16, which it can keep out of output; nothing was changed',
    );
  });
});

const strictWords = 'has characters a bearer token cannot have (letters, digits and - . _ ~ + / only, = at the end)';
const sendableWords = 'has white space, control or non-ASCII characters, which a request header cannot carry';
const refusal = (source: string, why: string, strict: boolean): UsageError => new UsageError(`the token from ${source} ${why}; nothing was ${strict ? 'stored' : 'sent'}`);

describe('checkToken: the characters', () => {
  const base = 'abcdefghijklmnoz';

  it('login accepts the bearer alphabet, with = only at the end', () => {
    for (const ok of [`${base}-._~+/`, `ABCXYZ${base}0189`, `${base}=`, `${base}==`, `-${base}`, `/${base}`]) expect(() => checkToken(ok, 'the prompt', true)).not.toThrow();
    for (const bad of [`${base}=a`, `=${base}`, `${base}!`, `!${base}`, `${base} x`, `${base}é`, `${base}\u0000`, `ab"${base}`, `${base}:`, `${base}@`, `${base}[`, `${base}\``, `${base}{`]) {
      expect(() => checkToken(bad, 'the prompt', true), JSON.stringify(bad)).toThrow(refusal('the prompt', strictWords, true));
    }
  });

  it('a configured token need only be visible ASCII (0x21 to 0x7e), anywhere in it', () => {
    for (const ok of [`${base}!`, `!${base}`, `${base}~`, `${base}=a`, `${base}"{}:@[]\``]) expect(() => checkToken(ok, 'TEAMCTL_TOKEN', false)).not.toThrow();
    for (const bad of [`${base} `, ` ${base}`, `${base}\t`, `${base}\u007f`, `\u007f${base}`, `${base}é`, `${base}\n`, `ab\u0000${base}`]) {
      expect(() => checkToken(bad, 'TEAMCTL_TOKEN', false), JSON.stringify(bad)).toThrow(refusal('TEAMCTL_TOKEN', sendableWords, false));
    }
  });

  it('the words name the source and what was not done', () => {
    expect(() => checkToken(`${base} `, 'the config file', false)).toThrow(
      'the token from the config file has white space, control or non-ASCII characters, which a request header cannot carry; nothing was sent',
    );
    expect(() => checkToken(`${base}!`, 'standard input', true)).toThrow(
      'the token from standard input has characters a bearer token cannot have (letters, digits and - . _ ~ + / only, = at the end); nothing was stored',
    );
  });
});
