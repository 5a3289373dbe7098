// The journal's settling (src/glossary/journal.ts), on an injected clock.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Journal, holdBack } from '../../src/glossary/journal.js';

const base = 'http://127.0.0.1:1/v1';
const at = (s: number) => new Date(Date.UTC(2026, 10, 22, 12, 0, s));

describe('Journal', () => {
  it('landed operations are forgotten, recent ones held, old ones taken as lost; per service and organization', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'teamctl-journal-'));
    const journal = await Journal.open(dir, 'default');
    await journal.sending(base, 'acme', [{ type: 'insert', translations: { en: 'bank' } }, { type: 'insert', translations: { en: 'door' } }, { type: 'delete', id: 'gone' }], at(0));
    await journal.sending(base, 'other', [{ type: 'insert', translations: { en: 'x' } }], at(0));
    const glossary = [{ id: 'e1', translations: { en: 'bank' } }];
    const soon = await journal.settle(base, 'acme', glossary, at(10), 60_000);
    expect(soon).toEqual({ landed: 2, lost: 0, held: [{ operation: { type: 'insert', translations: { en: 'door' } }, sentAt: at(0).toISOString() }] });
    // Reopened from disk: only what is still unknown remains.
    const again = await Journal.open(dir, 'default');
    expect(again.pending(base, 'acme').flatMap((b) => b.operations)).toEqual([{ type: 'insert', translations: { en: 'door' } }]);
    expect(again.pending(base, 'other')).toHaveLength(1);
    const late = await again.settle(base, 'acme', glossary, at(120), 60_000);
    expect(late).toEqual({ landed: 0, lost: 1, held: [] });
    expect(again.pending(base, 'acme')).toEqual([]);
  });

  it('holds back exactly the planned operations an earlier run may still apply', () => {
    const planned = [
      { line: 2, operation: { type: 'insert' as const, translations: { en: 'door' } } },
      { line: 3, operation: { type: 'insert' as const, translations: { en: 'bank' } } },
      { line: 4, operation: { type: 'update' as const, id: 'e1', translations: { en: 'x' } } },
    ];
    const { send, held } = holdBack(planned, [
      { operation: { type: 'insert', translations: { EN: ' door ' } }, sentAt: 't' },
      { operation: { type: 'update', id: 'e1', translations: { en: 'y' } }, sentAt: 't' },
    ]);
    expect(send.map((p) => p.line)).toEqual([3]);
    expect(held.map((h) => h.planned.line)).toEqual([2, 4]);
  });
});
