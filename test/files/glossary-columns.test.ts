// The language columns of a glossary as rows (CSV export and `glossary list`): the translation of
// an entry for a column whatever the case of its key, the warnings of what a CSV export leaves
// out and of keys differing only in case, and the columns of `glossary list`.
import { describe, expect, it } from 'vitest';
import type { GlossaryEntry } from '../../src/api/types.js';
import { csvLanguages, glossaryColumns, omittedKeysWarning, pickTranslation, spellingConflictsWarning } from '../../src/files/glossary-columns.js';

const entry = (id: string, translations: Record<string, string>, updatedAt = '2026-11-20T09:15:00Z'): GlossaryEntry => ({ id, translations, updatedAt }) as GlossaryEntry;
const omitted = 'the CSV import format cannot carry (`id` is the id column; the others are not language keys like en or pt-BR)';

describe('pickTranslation', () => {
  it('the first non-empty spelling in the entry\'s key order; a conflict only when the values differ once normalised', () => {
    expect(pickTranslation({ en: '', EN: 'door', En: 'Door' }, 'eN')).toEqual({ value: 'door', conflict: { keys: ['EN', 'En'] } });
    expect(pickTranslation({ en: 'wall', EN: 'wall ' }, 'en')).toEqual({ value: 'wall' });
    expect(pickTranslation({ fr: 'porte', n: 3 } as Record<string, unknown>, 'de')).toEqual({ value: '' });
    expect(pickTranslation({ de: 7 } as Record<string, unknown>, 'de')).toEqual({ value: '' });
  });
});

describe('csvLanguages and omittedKeysWarning', () => {
  it('no key left out: no warning, no entry counted', () => {
    const found = csvLanguages([{ translations: { en: 'a', fr: 'b' } }, { translations: { en: '' } }]);
    expect(found).toEqual({ columns: ['en', 'fr'], omitted: [], entriesLeftOut: 0 });
    expect(omittedKeysWarning(found)).toBeUndefined();
  });

  it('one key left out, no entry lost: said in the singular, without a count of entries', () => {
    const found = csvLanguages([{ translations: { en: 'bank', 'English name': 'Bank' } }, { translations: { en: 'door', 'English name': '' } }]);
    expect(found).toEqual({ columns: ['en'], omitted: [{ key: 'English name', entries: 1 }], entriesLeftOut: 0 });
    expect(omittedKeysWarning(found)).toBe(`left out a translation key ${omitted}: "English name" (1 entry); use --format json or tbx to export them`);
  });

  it('two keys left out, two entries with nothing else: plural words', () => {
    const found = csvLanguages([{ translations: { id: 'x' } }, { translations: { ID: 'y', note: 'z' } }, { translations: { en: 'e', note: 'n' } }]);
    expect(found.entriesLeftOut).toBe(2);
    expect(omittedKeysWarning(found)).toBe(
      `left out 2 translation keys ${omitted}: "id" (2 entries), "note" (2 entries); 2 entries with nothing else are not in the file; use --format json or tbx to export them`,
    );
  });
});

describe('spellingConflictsWarning', () => {
  const conflict = (n: number) => ({ id: `e${n}`, column: 'en', keys: ['en', 'EN', 'En'] });
  it('none: no warning', () => {
    expect(spellingConflictsWarning([])).toBeUndefined();
  });

  it('five: each named with its keys, no "more"', () => {
    expect(spellingConflictsWarning([1, 2, 3, 4, 5].map(conflict))).toBe(
      '5 entries have one language under keys differing only in case, with different translations: e1 (en ≠ EN ≠ En), e2 (en ≠ EN ≠ En), e3 (en ≠ EN ≠ En), e4 (en ≠ EN ≠ En), e5 (en ≠ EN ≠ En); the column shows the first of them (the one an import compares with)',
    );
  });

  it('seven: the first five named, and how many more', () => {
    expect(spellingConflictsWarning([1, 2, 3, 4, 5, 6, 7].map(conflict))).toBe(
      '7 entries have one language under keys differing only in case, with different translations: e1 (en ≠ EN ≠ En), e2 (en ≠ EN ≠ En), e3 (en ≠ EN ≠ En), e4 (en ≠ EN ≠ En), e5 (en ≠ EN ≠ En) and 2 more; the column shows the first of them (the one an import compares with)',
    );
  });
});

describe('glossaryColumns (`glossary list`)', () => {
  it('id, a column per language (a key that is no language key as lang:<key>), then updatedAt: each column\'s value and flags', () => {
    const conflicts: { id: string; column: string; keys: string[] }[] = [];
    const columns = glossaryColumns(['en', 'id', 'English name'], conflicts);
    expect(columns.map((c) => c.header)).toEqual(['id', 'en', 'lang:id', 'lang:English name', 'updatedAt']);
    const e = entry('e1', { EN: 'bank', en: 'Bank', id: 'bank (id)' });
    expect(columns.map((c) => c.value(e))).toEqual(['e1', 'bank', 'bank (id)', '', '2026-11-20T09:15:00Z']);
    expect(conflicts).toEqual([{ id: 'e1', column: 'en', keys: ['EN', 'en'] }]);
    const [id, en, , , updatedAt] = columns;
    expect([id?.whole, id?.id, id?.optional]).toEqual([true, true, undefined]);
    expect([en?.whole, en?.id, en?.table, en?.optional]).toEqual([undefined, undefined, undefined, undefined]);
    expect(updatedAt?.optional).toBe(true);
    expect(typeof updatedAt?.table === 'function' ? updatedAt.table(e) : updatedAt?.table).toBe('2026-11-20');
  });

  it('records conflicts in a list of its own when none is given', () => {
    const columns = glossaryColumns(['fr']);
    expect(columns.map((c) => c.value(entry('e2', { fr: 'porte', FR: 'Porte' })))).toEqual(['e2', 'porte', '2026-11-20T09:15:00Z']);
  });
});
