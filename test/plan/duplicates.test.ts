// Duplicate detection (src/plan/duplicates.ts).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { duplicateLines, findDuplicates } from '../../src/plan/duplicates.js';

const e = (id: string, translations: Record<string, string>, createdAt = '2026-01-01T00:00:00Z') => ({ id, translations, createdAt });

describe('findDuplicates', () => {
  it('groups identical translations (trim, NFC, key case) and then shared key terms, keeping the oldest', () => {
    const groups = findDuplicates(
      [
        e('b', { en: 'bank', fr: 'banque' }, '2026-02-01T00:00:00Z'),
        e('a', { EN: ' bank ', fr: 'banque' }, '2026-01-01T00:00:00Z'),
        e('c', { en: 'bank', fr: 'rive' }, '2026-03-01T00:00:00Z'),
        e('d', { en: 'café' }),
        e('f', { en: 'cafe\u0301' }),
        e('g', { en: 'door' }),
      ],
      'en',
    );
    expect(groups).toEqual([
      { reason: 'same translations', key: 'bank', keep: 'a', others: ['b'] },
      { reason: 'same translations', key: 'café', keep: 'd', others: ['f'] },
      { reason: 'same key term', key: 'bank', keep: 'a', others: ['c'] },
    ]);
    expect(duplicateLines(groups.slice(0, 1), 'en')).toEqual(['2 entries with the same translations "bank": a (oldest), b — to keep only the oldest: teamctl glossary delete b']);
  });

  it('never lists an entry twice as one to delete, and never the kept one', () => {
    const entry = fc.record({ en: fc.constantFrom('x', 'y', 'z'), fr: fc.constantFrom('1', '2') });
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 12 }), (ts) => {
        const entries = ts.map((t, i) => e(`e${i}`, t));
        const groups = findDuplicates(entries, 'en');
        const deleted = groups.flatMap((g) => g.others);
        expect(new Set(deleted).size).toBe(deleted.length);
        for (const g of groups) expect(g.others).not.toContain(g.keep);
      }),
    );
  });
});
