// The secret registry (src/redact.ts): a registered token is replaced in every spelling an
// escaping writer could give it — as it is, JSON, XML, CSV and Markdown — and in nothing else.
import { describe, expect, it } from 'vitest';
import { addSecret, redact } from '../../src/redact.js';

describe('redact', () => {
  const secret = `tok"<>&'|_*[x]\\end0123456789`;
  addSecret(secret);

  it.each([
    ['as it is', secret],
    ['JSON', JSON.stringify(secret).slice(1, -1)],
    ['XML', secret.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;')],
    ['CSV', secret.replace(/"/g, '""')],
    ['Markdown text', secret.replace(/\\/g, '\\\\').replace(/[|`*_[\]#~!()]/g, (c) => `\\${c}`)],
    ['a Markdown table cell', secret.replace(/\|/g, '\\|')],
  ])('replaces the token written %s', (_how, spelled) => {
    expect(spelled).not.toBe('');
    expect(redact(`before ${spelled} after ${spelled}`)).toBe('before *** after ***');
  });

  it('leaves other text alone, and does not register what is too short to redact safely', () => {
    expect(redact('tok and 0123456789 apart')).toBe('tok and 0123456789 apart');
    addSecret('abc');
    expect(redact('abc abcd')).toBe('abc abcd');
    addSecret('wxyz');
    expect(redact('a wxyz b')).toBe('a *** b');
  });
});
