// What teamctl accepts as a token (src/token.ts; README, "auth"): the length bounds at their edges,
// written out as numbers so that a changed bound fails here.
import { describe, expect, it } from 'vitest';
import { UsageError } from '../src/errors.js';
import { checkToken } from '../src/token.js';

const token = (length: number): string => 'abcdefghijklmnopqrstuvwxyz0123456789'.repeat(Math.ceil(length / 36)).slice(0, length);

describe('checkToken: the length bounds', () => {
  for (const strict of [true, false]) {
    it(`${strict ? 'login (strict)' : 'a configured token'}: 15 characters refused, 16 accepted; 4096 accepted, 4097 refused`, () => {
      expect(() => checkToken(token(15), 'test', strict)).toThrow(new UsageError(`the token from test has 15 characters: a token has at least 16; nothing was ${strict ? 'stored' : 'sent'}`));
      expect(() => checkToken(token(16), 'test', strict)).not.toThrow();
      expect(() => checkToken(token(4096), 'test', strict)).not.toThrow();
      expect(() => checkToken(token(4097), 'test', strict)).toThrow(new UsageError(`the token from test has 4097 characters: a token has at most 4096; nothing was ${strict ? 'stored' : 'sent'}`));
    });
  }
});
