// Users outside the organization (`teamctl help organization`, "Who is in the organization"): the pure part.
import { describe, expect, it } from 'vitest';
import type { UserEntry } from '../../src/model/users.js';
import { distinctUsers, namesOneOf, outsidersAmong, userKey, withoutOutsiders } from '../../src/plan/organization.js';

const email = (e: string) => ({ id: null, email: e });
const id = (i: string) => ({ id: i, email: null });
const entry = (key: string, line = 0): UserEntry => ({ key, kind: key.includes('@') ? 'email' : 'id', line });

describe('outsidersAmong', () => {
  const members = [
    { id: 'u1', email: 'Ada@Example.com' },
    { id: 'u2', email: null },
  ];
  it('matches e-mails trimmed and in any case, ids exactly', () => {
    expect(outsidersAmong([email(' ada@example.COM '), id('u2'), id('U2'), email('bob@example.com'), id('u1')], members)).toEqual([id('U2'), email('bob@example.com')]);
  });
  it('names each outsider once, in the order first named', () => {
    expect(outsidersAmong([email('b@x.io'), email('a@x.io'), email('B@x.io')], [])).toEqual([email('b@x.io'), email('a@x.io')]);
  });
  it('a member known only by id is not matched by an e-mail', () => {
    expect(outsidersAmong([email('u2@example.com')], members)).toEqual([email('u2@example.com')]);
  });
});

describe('keys and filters', () => {
  it('an e-mail and an id never share a key', () => {
    expect(userKey(email('u1'))).not.toBe(userKey(id('u1')));
    expect(distinctUsers([email('A@x.io'), email('a@x.io'), id('a@x.io')])).toEqual([email('A@x.io'), id('a@x.io')]);
  });
  it('withoutOutsiders leaves them out of the adds and the roster, never out of the removals', () => {
    const change = { add: [entry('a@x.io'), entry('u9')], roster: [entry('A@X.io', 2), entry('c@x.io', 3)], remove: [entry('a@x.io')], prune: true };
    const out = withoutOutsiders(change, [email('a@x.io'), id('u9')]);
    expect(out).toEqual({ add: [], roster: [entry('c@x.io', 3)], remove: [entry('a@x.io')], prune: true });
    expect(withoutOutsiders({ remove: [entry('a@x.io')] }, [email('a@x.io')])).toEqual({ remove: [entry('a@x.io')] });
    expect(namesOneOf([id('u9')])(entry('u9'))).toBe(true);
    expect(namesOneOf([id('u9')])(entry('u8'))).toBe(false);
  });
});
