// Edges of the glossary planners (src/plan/glossary.ts, glossarySync.ts, duplicates.ts,
// organization.ts) that the examples and properties beside them do not reach: which entry is the
// older, how a language keeps the glossary's spelling, a listing that repeats an id, rows given
// out of line order, and an entry someone else changed while a batch was in flight.
import { describe, expect, it } from 'vitest';
import type { GlossaryTranslations } from '../../src/api/types.js';
import type { GlossaryRow } from '../../src/model/entries.js';
import { duplicateLines, findDuplicates } from '../../src/plan/duplicates.js';
import { keylessMatch, landedOperations, older, planGlossaryImport, type GlossaryEntryLike, type OnConflict } from '../../src/plan/glossary.js';
import { planGlossarySync } from '../../src/plan/glossarySync.js';
import { rowsByTeam } from '../../src/plan/severalTeams.js';

const entry = (id: string, translations: GlossaryTranslations): GlossaryEntryLike => ({ id, translations });
const row = (line: number, translations: GlossaryTranslations, id?: string): GlossaryRow => ({ line, translations, ...(id !== undefined ? { id } : {}) });
type Listed = { id: string; translations: GlossaryTranslations; createdAt?: string };
const plan = (existing: GlossaryEntryLike[], rows: GlossaryRow[], onConflict: OnConflict = 'skip') => planGlossaryImport(existing, rows, { key: 'en', onConflict });

describe('older', () => {
  it('orders by createdAt, then by id; a missing createdAt is the oldest', () => {
    expect(older({ id: 'b', createdAt: '2026-01-01' }, { id: 'a', createdAt: '2026-02-01' })).toBeLessThan(0);
    expect(older({ id: 'a', createdAt: '2026-02-01' }, { id: 'b', createdAt: '2026-01-01' })).toBeGreaterThan(0);
    expect(older({ id: 'a', createdAt: '2026-01-01' }, { id: 'b', createdAt: '2026-01-01' })).toBe(-1);
    expect(older({ id: 'b', createdAt: '2026-01-01' }, { id: 'a', createdAt: '2026-01-01' })).toBe(1);
    expect(older({ id: 'a', createdAt: '2026-01-01' }, { id: 'a', createdAt: '2026-01-01' })).toBe(0);
    expect(older({ id: 'z' }, { id: 'a', createdAt: '2026-01-01' })).toBeLessThan(0);
    expect(older({ id: 'b' }, { id: 'a' })).toBe(1);
  });
});

describe('keylessMatch', () => {
  const keyless = [entry('k1', { fr: 'banque', de: 'Bank' })];
  it('matches nothing for a row with no translation at all (every entry would hold it)', () => {
    expect(keylessMatch({}, keyless, 'en')).toBeUndefined();
    expect(keylessMatch({ fr: '  ' }, keyless, 'en')).toBeUndefined();
    expect(keylessMatch({ fr: 'banque' }, keyless, 'en')).toBe(keyless[0]);
  });
});

describe('planGlossaryImport: spelling and normalisation', () => {
  it('writes a new entry with the first spelling of each language the glossary uses, trimmed and NFC, without empty cells', () => {
    const existing = [entry('g1', { EN: 'bank' }), entry('g2', { en: 'door', Fr: 'porte' })];
    expect(plan(existing, [row(2, { en: '  cafe\u0301 ', fr: 'café', de: ' ' })]).operations).toEqual([
      { line: 2, operation: { type: 'insert', translations: { EN: 'café', Fr: 'café' } } },
    ]);
  });

  it('an update keeps the entry\'s own spelling of a language, and holds each language once', () => {
    // g1 spells English "EN", g2 "en": a row for g2 keeps "en" although the glossary met "EN" first.
    const existing = [entry('g1', { EN: 'bank' }), entry('g2', { en: 'door', fr: 'porte' }), entry('g3', { 'pt-BR': 'a', 'pt-br': 'b', fr: 'x' })];
    const ops = plan(existing, [row(2, { en: 'gate' }, 'g2'), row(3, { 'PT-BR': 'c' }, 'g3')]).operations;
    expect(ops).toEqual([
      { line: 2, operation: { type: 'update', id: 'g2', translations: { en: 'gate', fr: 'porte' } } },
      { line: 3, operation: { type: 'update', id: 'g3', translations: { 'pt-BR': 'c', fr: 'x' } } },
    ]);
  });

  it('an update drops the entry\'s empty values rather than sending them back', () => {
    expect(plan([entry('g1', { en: 'bank', fr: '  ', it: '' })], [row(2, { de: 'Bank' }, 'g1')]).operations).toEqual([
      { line: 2, operation: { type: 'update', id: 'g1', translations: { en: 'bank', de: 'Bank' } } },
    ]);
  });
});

describe('planGlossaryImport: listings and rows as they come', () => {
  it('an id listed twice (pages that overlap) is the entry as first listed', () => {
    const existing = [entry('g1', { en: 'bank', fr: 'banque' }), entry('g1', { en: 'bank', fr: 'rive' })];
    expect(plan(existing, [row(2, { en: 'bank', fr: 'banque' }, 'g1')])).toEqual({ operations: [], present: [{ line: 2, existingId: 'g1' }], conflicts: [], unknownIds: [] });
  });

  it('a second row for an entry the first row updates is part of that update, not present', () => {
    const result = plan([entry('g1', { en: 'bank', fr: 'banque' })], [row(2, { en: 'bank', fr: 'rive' }, 'g1'), row(3, { fr: 'rive' }, 'g1')]);
    expect(result.operations).toEqual([{ line: 2, operation: { type: 'update', id: 'g1', translations: { en: 'bank', fr: 'rive' } } }]);
    expect(result.present).toEqual([]);
  });

  it('a row equal to an entry is that entry, even when an older entry holds more', () => {
    const existing = [entry('g1', { en: 'bank', fr: 'banque', de: 'Bank' }), entry('g2', { en: 'bank', fr: 'banque' })];
    expect(plan(existing, [row(2, { en: 'bank', fr: 'banque' })]).present).toEqual([{ line: 2, existingId: 'g2' }]);
  });

  it('lists every part of the plan in line order, whatever the order of the rows', () => {
    const existing = [entry('g1', { en: 'bank' }), entry('g2', { en: 'door', fr: 'porte' }), entry('g3', { en: 'team', fr: 'équipe' })];
    const rows = [
      row(9, { en: 'bank' }, 'g1'), // present by id
      row(8, { en: 'door', fr: 'portail' }), // conflict
      row(7, { en: 'team', fr: 'équipe' }), // present by content
      row(6, { en: 'river' }, 'gone-2'), // unknown id, insert
      row(5, { en: 'gate', fr: 'portail' }, 'gone-1'), // unknown id, insert
      row(4, { en: 'team', fr: 'groupe' }), // conflict
    ];
    const result = plan(existing, rows);
    expect(result.present.map((p) => p.line)).toEqual([7, 9]);
    expect(result.conflicts.map((c) => c.line)).toEqual([4, 8]);
    expect(result.unknownIds).toEqual([{ line: 5, id: 'gone-1' }, { line: 6, id: 'gone-2' }]);
    expect(result.operations.map((o) => o.line)).toEqual([5, 6]);
  });
});

describe('landedOperations', () => {
  it('an entry someone else changed into the same translations is not taken for a second insert', () => {
    const before = [entry('g1', { en: 'door' })];
    // Two identical inserts; one new entry appeared, and g1 was changed by someone else into the same.
    const after = [entry('g1', { en: 'bank' }), entry('n1', { en: 'bank' })];
    const batch = [{ operation: { type: 'insert' as const, translations: { en: 'bank' } } }, { operation: { type: 'insert' as const, translations: { en: 'bank' } } }];
    const { landed, pending } = landedOperations(batch, before, after);
    expect(landed).toEqual([batch[0]]);
    expect(pending).toEqual([batch[1]]);
  });
});

describe('planGlossarySync: spelling and normalisation', () => {
  const opts = { key: 'en', languages: ['EN', 'FR'], prune: false };

  it('an update keeps the entry\'s spelling of each language (its first), trims and normalises the file\'s values', () => {
    const existing = [{ id: 'e1', translations: { En: 'bank', EN: 'old', fr: 'rive', de: 'Bank' } }];
    expect(planGlossarySync(existing, [row(2, { EN: ' bank ', FR: 'banque\u0301' })], opts).operations).toEqual([
      { line: 2, operation: { type: 'update', id: 'e1', translations: { En: 'bank', fr: 'banqué', de: 'Bank' } } },
    ]);
  });

  it('keeps only the languages the file has no column for, and only those with a value', () => {
    const existing = [{ id: 'e1', translations: { en: 'bank', fr: 'rive', de: 'Bank', it: '  ' } }];
    expect(planGlossarySync(existing, [row(2, { EN: 'bank', FR: '' })], opts).operations).toEqual([
      { line: 2, operation: { type: 'update', id: 'e1', translations: { en: 'bank', de: 'Bank' } } },
    ]);
  });

  it('an insert is trimmed and NFC', () => {
    expect(planGlossarySync([], [row(2, { EN: ' cafe\u0301 ', FR: 'café' })], opts).operations).toEqual([{ line: 2, operation: { type: 'insert', translations: { EN: 'café', FR: 'café' } } }]);
  });

  it('names the row without a translation', () => {
    expect(planGlossarySync([], [row(2, { EN: ' ', FR: '' })], opts).problems).toEqual([{ line: 2, message: 'row has no translation; an entry needs at least one' }]);
  });
});

describe('planGlossarySync: matching', () => {
  const opts = { key: 'en', languages: ['en', 'fr'], prune: false };

  it('a row whose id is known is not listed as unknown; an unknown id is, and the row is matched by its term', () => {
    const existing = [{ id: 'e1', translations: { en: 'bank', fr: 'banque' } }];
    expect(planGlossarySync(existing, [row(2, { en: 'bank', fr: 'banque' }, 'e1')], opts).unknownIds).toEqual([]);
    const byTerm = planGlossarySync(existing, [row(2, { en: 'bank', fr: 'banque' }, 'gone')], opts);
    expect(byTerm.unknownIds).toEqual([{ line: 2, id: 'gone' }]);
    expect(byTerm.present).toEqual([{ line: 2, existingId: 'e1' }]);
  });

  it('a keyless row matches only an entry without a key term, the oldest one not matched yet', () => {
    const existing: Listed[] = [
      { id: 'k2', translations: { fr: 'banque' }, createdAt: '2026-02-01' },
      { id: 'with-key', translations: { en: 'bank', fr: 'banque' }, createdAt: '2025-01-01' },
      { id: 'k1', translations: { fr: 'banque' }, createdAt: '2026-01-01' },
    ];
    const result = planGlossarySync(existing, [row(2, { fr: 'banque' }), row(3, { fr: 'banque' }), row(4, { fr: 'banque' })], opts);
    expect(result.present).toEqual([{ line: 2, existingId: 'k1' }, { line: 3, existingId: 'k2' }]);
    expect(result.operations).toEqual([{ line: 4, operation: { type: 'insert', translations: { fr: 'banque' } } }]);
  });

  it('lists no duplicates where no key term is shared; lists a keyless entry not in the file with an empty key', () => {
    const existing: Listed[] = [{ id: 'e1', translations: { en: 'bank' } }, { id: 'e2', translations: { en: 'door' } }, { id: 'k', translations: { fr: 'porte' } }];
    const result = planGlossarySync(existing, [row(2, { en: 'bank' }), row(3, { en: 'door' })], opts);
    expect(result.duplicates).toEqual([]);
    expect(result.notInFile).toEqual([{ id: 'k', key: '' }]);
    const pair = planGlossarySync([...existing, { id: 'e3', translations: { en: 'bank', fr: 'rive' } }], [row(2, { en: 'bank' })], opts);
    expect(pair.duplicates).toEqual([{ key: 'bank', keep: 'e1', named: [], others: ['e3'] }]);
  });

  it('lists inserts, updates, present rows and unknown ids in line order, whatever the order of the rows; deletes last', () => {
    const existing = [{ id: 'e1', translations: { en: 'bank' } }, { id: 'e2', translations: { en: 'door' } }, { id: 'e3', translations: { en: 'gone' } }];
    const rows = [row(9, { en: 'door' }), row(8, { en: 'river' }, 'x2'), row(7, { en: 'bank', fr: 'banque' }), row(6, { en: 'bank2' }, 'x1'), row(5, { en: 'team' })];
    const result = planGlossarySync(existing, rows, { ...opts, prune: true });
    expect(result.operations.map((o) => [o.line, o.operation.type])).toEqual([[5, 'insert'], [6, 'insert'], [7, 'update'], [8, 'insert'], [0, 'delete']]);
    expect(result.present).toEqual([{ line: 9, existingId: 'e2' }]);
    expect(result.unknownIds.map((u) => u.line)).toEqual([6, 8]);
    const present = planGlossarySync(existing, [row(4, { en: 'door' }), row(3, { en: 'bank' })], opts).present;
    expect(present.map((p) => p.line)).toEqual([3, 4]);
  });
});

describe('duplicates', () => {
  it('says which kind of duplicate, with the key language, and the command that deletes the others', () => {
    const groups = findDuplicates(
      [
        { id: 'a', translations: { en: 'bank', fr: 'banque' }, createdAt: '2026-01-01' },
        { id: 'b', translations: { en: 'bank', fr: 'rive' }, createdAt: '2026-02-01' },
        { id: 'c', translations: { en: 'bank', fr: 'berge' }, createdAt: '2026-03-01' },
        { id: 'd', translations: { fr: 'porte' }, createdAt: '2026-01-01' },
        { id: 'e', translations: { fr: 'porte' }, createdAt: '2026-02-01' },
      ],
      'en',
    );
    expect(duplicateLines(groups, 'en')).toEqual([
      '2 entries with the same translations "": d (oldest), e — to keep only the oldest: teamctl glossary delete e',
      '3 entries with the same en term "bank": a (oldest), b, c — to keep only the oldest: teamctl glossary delete b c',
    ]);
  });
});

describe('rowsByTeam', () => {
  it('refuses a row without a team: only an organization roster comes here', () => {
    expect(() => rowsByTeam([{ key: 'a@example.com', kind: 'email', line: 2 }])).toThrow('an organization roster row without a team');
  });
});
