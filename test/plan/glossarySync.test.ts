// The glossary sync planner (src/plan/glossarySync.ts): examples, and properties — applying the
// plan yields the file's view for the file's languages and keeps the others; a second plan is
// empty; without prune nothing is ever deleted.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { GlossaryTranslations } from '../../src/api/types.js';
import type { GlossaryRow } from '../../src/model/entries.js';
import { normaliseTranslations } from '../../src/model/entries.js';
import { applyOperations } from '../../src/plan/glossary.js';
import { planGlossarySync } from '../../src/plan/glossarySync.js';

const entry = (id: string, translations: GlossaryTranslations, createdAt = '2026-01-01T00:00:00Z') => ({ id, translations, createdAt });
const row = (line: number, translations: GlossaryTranslations, id?: string): GlossaryRow => ({ line, translations, ...(id ? { id } : {}) });
const opts = { key: 'en', languages: ['en', 'fr'], prune: false };

describe('planGlossarySync', () => {
  it('updates in place, removes an emptied language, keeps languages the file has no column for, inserts the rest', () => {
    const existing = [entry('e1', { en: 'bank', fr: 'rive', de: 'Bank' }), entry('e2', { en: 'door', fr: 'porte' }), entry('e3', { en: 'team', fr: 'équipe' })];
    const plan = planGlossarySync(existing, [row(2, { en: 'bank', fr: 'banque' }), row(3, { en: 'door' }), row(4, { en: 'team', fr: 'équipe' }), row(5, { en: 'river', fr: 'rivière' })], opts);
    expect(plan.operations).toEqual([
      { line: 2, operation: { type: 'update', id: 'e1', translations: { en: 'bank', fr: 'banque', de: 'Bank' } } },
      { line: 3, operation: { type: 'update', id: 'e2', translations: { en: 'door' } } },
      { line: 5, operation: { type: 'insert', translations: { en: 'river', fr: 'rivière' } } },
    ]);
    expect(plan.present).toEqual([{ line: 4, existingId: 'e3' }]);
  });

  it('deletes unmatched entries only with prune, and lists them otherwise', () => {
    const existing = [entry('e1', { en: 'bank' }), entry('e2', { en: 'gone' })];
    expect(planGlossarySync(existing, [row(2, { en: 'bank' })], opts).notInFile).toEqual([{ id: 'e2', key: 'gone' }]);
    expect(planGlossarySync(existing, [row(2, { en: 'bank' })], { ...opts, prune: true }).operations).toEqual([{ line: 0, operation: { type: 'delete', id: 'e2' } }]);
  });

  it('reports entries sharing a key term; with prune keeps the matched one (by id), else the oldest, and deletes the others', () => {
    const existing = [entry('e2', { en: 'bank', fr: 'b' }, '2026-02-01T00:00:00Z'), entry('e1', { en: 'bank', fr: 'a' }, '2026-01-01T00:00:00Z'), entry('e3', { en: 'bank', fr: 'c' }, '2026-03-01T00:00:00Z')];
    const byTerm = planGlossarySync(existing, [row(2, { en: 'bank', fr: 'a' })], { ...opts, prune: true });
    expect(byTerm.duplicates).toEqual([{ key: 'bank', keep: 'e1', named: [], others: ['e2', 'e3'] }]);
    expect(byTerm.operations.map((o) => o.operation)).toEqual([
      { type: 'delete', id: 'e2' },
      { type: 'delete', id: 'e3' },
    ]);
    const byId = planGlossarySync(existing, [row(2, { en: 'bank', fr: 'c' }, 'e3')], { ...opts, prune: true });
    expect(byId.duplicates).toEqual([{ key: 'bank', keep: 'e3', named: [], others: ['e1', 'e2'] }]);
    expect(byId.operations.map((o) => o.operation.type === 'delete' && o.operation.id)).toEqual(['e2', 'e1']);
  });

  it('a duplicate a row of the file names by id stays: it is never among those pruned', () => {
    const existing = [entry('e1', { en: 'bank', fr: 'a' }, '2026-01-01T00:00:00Z'), entry('e2', { en: 'bank', fr: 'b' }, '2026-02-01T00:00:00Z'), entry('e3', { en: 'bank', fr: 'c' }, '2026-03-01T00:00:00Z')];
    const plan = planGlossarySync(existing, [row(2, { en: 'bank', fr: 'a' }, 'e1'), row(3, { en: 'bank', fr: 'b' }, 'e2')], { ...opts, prune: true });
    expect(plan.duplicates).toEqual([{ key: 'bank', keep: 'e1', named: ['e2'], others: ['e3'] }]);
    expect(plan.operations.map((o) => o.operation)).toEqual([{ type: 'delete', id: 'e3' }]);
  });

  it('a row without a translation is a problem of that row, never an empty insert or update', () => {
    const plan = planGlossarySync([entry('e1', { en: 'bank' })], [row(2, {}, 'e1'), row(3, { en: ' ' }), row(4, { en: 'door' })], opts);
    expect(plan.problems.map((p) => p.line)).toEqual([2, 3]);
    expect(plan.operations.map((o) => o.operation)).toEqual([{ type: 'insert', translations: { en: 'door' } }]);
  });

  it('a row without a key term is the oldest unmatched entry without one that holds its translations: a second sync plans nothing', () => {
    const existing = [entry('g1', { en: 'bank', de: 'Nur' }), entry('g2', { de: 'Nur', fr: 'x' }, '2026-01-02T00:00:00Z'), entry('g3', { de: 'Nur' }, '2026-01-03T00:00:00Z')];
    const plan = planGlossarySync(existing, [row(2, { en: '', de: 'Nur' })], { key: 'en', languages: ['en', 'de'], prune: false });
    expect(plan.present).toEqual([{ line: 2, existingId: 'g2' }]);
    expect(plan.operations).toEqual([]);
    const fresh = planGlossarySync([entry('g1', { en: 'bank' })], [row(2, { de: 'Nur-Deutsch' })], { key: 'en', languages: ['en', 'de'], prune: false });
    expect(fresh.operations).toEqual([{ line: 2, operation: { type: 'insert', translations: { de: 'Nur-Deutsch' } } }]);
    const after = applyOperations([entry('g1', { en: 'bank' })], fresh.operations.map((o) => o.operation)).map((e) => ({ ...e, createdAt: '2027-01-01T00:00:00Z' }));
    expect(planGlossarySync(after, [row(2, { de: 'Nur-Deutsch' })], { key: 'en', languages: ['en', 'de'], prune: false }).operations).toEqual([]);
  });

  it('an unknown id is matched by its key term, and two rows matching one entry are a problem', () => {
    const existing = [entry('e1', { en: 'bank', fr: 'rive' })];
    const unknown = planGlossarySync(existing, [row(2, { en: 'bank', fr: 'banque' }, 'zz')], opts);
    expect(unknown.unknownIds).toEqual([{ line: 2, id: 'zz' }]);
    expect(unknown.operations[0]?.operation).toMatchObject({ type: 'update', id: 'e1' });
    const twice = planGlossarySync(existing, [row(2, { en: 'other', fr: 'x' }, 'e1'), row(3, { en: 'bank', fr: 'y' })], opts);
    expect(twice.problems).toEqual([{ line: 3, message: 'this row and line 2 both match entry e1; the file must say one thing of each entry' }]);
  });
});

// Small pools so matches, duplicates and emptied languages all happen.
const term = fc.constantFrom('bank', 'door', 'team', 'river', 'café', 'cafe\u0301');
const word = fc.constantFrom('a', 'b', 'c');
// Some entries and rows have no term in the key language (en): a CAT tool's concept with a
// German term only, the official TBX-Basic sample's six such concepts.
const defined = (t: Record<string, string | undefined>): GlossaryTranslations => Object.fromEntries(Object.entries(t).filter(([, v]) => v !== undefined)) as GlossaryTranslations;
const entries = fc
  .array(fc.record({ en: fc.option(term, { nil: undefined, freq: 4 }), fr: fc.option(word, { nil: undefined }), de: fc.option(word, { nil: undefined }) }), { maxLength: 8 })
  .map((es) => es.map(defined).filter((t) => Object.keys(t).length > 0).map((t, i) => entry(`e${i}`, t, `2026-01-0${(i % 9) + 1}T00:00:00Z`)));
// Rows with distinct key terms (the reader refuses two rows with one term and other translations),
// and distinct rows without one (the reader merges identical rows).
const rows = fc
  .uniqueArray(fc.record({ en: fc.option(term, { nil: undefined, freq: 4 }), fr: fc.option(word, { nil: undefined }) }), { selector: (r) => r.en?.normalize('NFC') ?? `no en: ${r.fr}`, maxLength: 6 })
  .map((rs) => rs.map(defined).filter((t) => Object.keys(t).length > 0).map((t, i) => row(i + 2, t)));

describe('planGlossarySync: properties', () => {
  it('applied, the plan yields the file for its languages and keeps the others; a second plan is empty', () => {
    fc.assert(
      fc.property(entries, rows, fc.boolean(), (existing, fileRows, prune) => {
        const plan = planGlossarySync(existing, fileRows, { ...opts, prune });
        fc.pre(plan.problems.length === 0);
        if (!prune) expect(plan.operations.some((o) => o.operation.type === 'delete')).toBe(false);
        const after = applyOperations(existing, plan.operations.map((o) => o.operation)).map((e, i) => ({ ...e, createdAt: `2027-01-01T00:00:${String(i).padStart(2, '0')}Z` }));
        for (const r of fileRows) {
          const want = normaliseTranslations(r.translations);
          const found = after.filter((e) => {
            const n = normaliseTranslations(e.translations);
            return n.get('en') === want.get('en') && n.get('fr') === want.get('fr');
          });
          expect(found.length).toBeGreaterThanOrEqual(1);
        }
        if (prune) expect(after).toHaveLength(fileRows.length);
        // Languages without a column (de) are never touched on matched entries.
        for (const e of after) {
          const before = existing.find((x) => x.id === e.id);
          if (before) expect(e.translations.de).toBe(before.translations.de);
        }
        const again = planGlossarySync(after, fileRows, { ...opts, prune });
        expect(again.operations).toEqual([]);
      }),
      { numRuns: 500 },
    );
  });
});
