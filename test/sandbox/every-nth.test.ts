import { describe, expect, it } from 'vitest';
import { everyNth } from '../../src/sandbox/every-nth.js';

const req = (method: string, path = '/v1/orgs/acme/translations-glossary') => ({ method, path, query: {}, body: undefined, headers: {} });

describe('everyNth', () => {
  it('gives its fault to every n-th request it picks, and counts only those', () => {
    const hook = everyNth(3, 'lost-answer', (r) => r.method === 'PUT');
    const kinds = ['PUT', 'GET', 'PUT', 'PUT', 'GET', 'PUT', 'PUT', 'PUT'].map((m) => hook(req(m))?.kind);
    expect(kinds).toEqual([undefined, undefined, undefined, 'applyThenReset', undefined, undefined, undefined, 'applyThenReset']);
  });

  it('a 503 that applied nothing, and a 429 with Retry-After', () => {
    expect(everyNth(1, 'unavailable')(req('GET'))).toMatchObject({ kind: 'respond', status: 503 });
    expect(everyNth(1, 'rate-limit')(req('GET'))).toMatchObject({ kind: 'respond', status: 429, headers: { 'retry-after': '1' } });
  });

  it('refuses an n that is not a whole number from 1', () => {
    for (const n of [0, -1, 1.5, Number.NaN]) expect(() => everyNth(n, 'unavailable')).toThrow(RangeError);
  });
});
