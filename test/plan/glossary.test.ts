import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { GlossaryOperation } from '../../src/api/types.js';
import { InputFileError } from '../../src/errors.js';
import { glossaryToCsv } from '../helpers/glossary-writers.js';
import { normaliseTranslations, sameTranslations, type GlossaryRow } from '../../src/model/entries.js';
import { parseGlossaryFile } from '../../src/files/glossary/read.js';
import {
  applyOperations,
  landedOperations,
  planGlossaryImport,
  type GlossaryEntryLike,
  type OnConflict,
  type PlannedOperation,
} from '../../src/plan/glossary.js';

const entry = (id: string, translations: Record<string, string>): GlossaryEntryLike => ({ id, translations });
const row = (line: number, translations: Record<string, string>, id?: string): GlossaryRow =>
  id === undefined ? { line, translations } : { line, id, translations };
const plan = (existing: GlossaryEntryLike[], rows: GlossaryRow[], onConflict: OnConflict = 'skip', key = 'en') =>
  planGlossaryImport(existing, rows, { key, onConflict });
const empty = { operations: [], present: [], conflicts: [], unknownIds: [] };

const bank = entry('g1', { en: 'bank', fr: 'banque', de: 'Bank' });
const door = entry('g2', { en: 'door', fr: 'porte' });

describe('planGlossaryImport', () => {
  it('inserts everything into an empty glossary, keeping lines', () => {
    expect(plan([], [row(2, { en: 'bank' }), row(3, { en: 'door', fr: 'porte' })])).toEqual({
      ...empty,
      operations: [
        { line: 2, operation: { type: 'insert', translations: { en: 'bank' } } },
        { line: 3, operation: { type: 'insert', translations: { en: 'door', fr: 'porte' } } },
      ],
    });
  });

  it('a row equal to an entry is present', () => {
    expect(plan([bank, door], [row(2, { fr: 'porte', en: 'door' })])).toEqual({
      ...empty,
      present: [{ line: 2, existingId: 'g2' }],
    });
  });

  it('equality is after trimming and NFC on the glossary side too; empty values are no translation', () => {
    const existing = [entry('g1', { en: ' cafe\u0301 ', fr: '', de: 'Kaffee' })];
    expect(plan(existing, [row(2, { en: 'caf\u00e9', de: 'Kaffee' })]).present).toEqual([{ line: 2, existingId: 'g1' }]);
  });

  it('language keys match case-insensitively and keep the glossary spelling', () => {
    const existing = [entry('g1', { en: 'bank', 'pt-BR': 'banco' })];
    expect(plan(existing, [row(2, { EN: 'bank', 'PT-br': 'banco' })], 'skip', 'EN').present).toHaveLength(1);
    expect(plan(existing, [row(3, { EN: 'door', 'pt-br': 'porta' })], 'skip', 'EN').operations).toEqual([
      { line: 3, operation: { type: 'insert', translations: { en: 'door', 'pt-BR': 'porta' } } },
    ]);
  });

  it('same key term, other translations: a conflict, skipped by default', () => {
    expect(plan([bank, door], [row(2, { en: 'bank', fr: 'rive' })])).toEqual({
      ...empty,
      conflicts: [{ line: 2, key: 'bank', existingId: 'g1' }],
    });
  });

  it('a row that says nothing its entry does not hold (fewer languages) is present, not a conflict', () => {
    expect(plan([bank], [row(2, { en: 'bank' })])).toEqual({ ...empty, present: [{ line: 2, existingId: 'g1' }] });
    expect(plan([bank], [row(2, { en: 'bank', fr: 'rive' })]).conflicts).toEqual([{ line: 2, key: 'bank', existingId: 'g1' }]);
  });

  it('a row without a key term is present when an entry without one holds its translations, else inserted', () => {
    const germanOnly = { id: 'g9', translations: { de: 'Nur-Deutsch', fr: 'Seulement' } };
    expect(plan([bank, germanOnly], [row(2, { de: 'Nur-Deutsch' })])).toEqual({ ...empty, present: [{ line: 2, existingId: 'g9' }] });
    // An entry with a key term is not this row's entry, even when it holds the translation.
    expect(plan([{ id: 'g1', translations: { en: 'bank', de: 'Bank' } }], [row(2, { de: 'Bank' })]).operations).toEqual([{ line: 2, operation: { type: 'insert', translations: { de: 'Bank' } } }]);
  });

  it('--on-conflict update merges the row into the entry, the row winning', () => {
    expect(plan([bank, door], [row(2, { en: 'bank', fr: 'rive', it: 'banca' })], 'update')).toEqual({
      ...empty,
      operations: [
        {
          line: 2,
          operation: { type: 'update', id: 'g1', translations: { en: 'bank', fr: 'rive', de: 'Bank', it: 'banca' } },
          conflict: { key: 'bank', existingId: 'g1' },
        },
      ],
    });
  });

  it('--on-conflict update with nothing new is present', () => {
    expect(plan([bank], [row(2, { en: 'bank', fr: 'banque' })], 'update')).toEqual({
      ...empty,
      present: [{ line: 2, existingId: 'g1' }],
    });
  });

  it('--on-conflict insert inserts anyway, noting the conflict', () => {
    expect(plan([bank], [row(2, { en: 'bank', fr: 'rive' })], 'insert').operations).toEqual([
      {
        line: 2,
        operation: { type: 'insert', translations: { en: 'bank', fr: 'rive' } },
        conflict: { key: 'bank', existingId: 'g1' },
      },
    ]);
  });

  it('key terms match exactly: case matters, other languages do not count', () => {
    expect(plan([bank], [row(2, { en: 'Bank', fr: 'rive' })]).operations).toHaveLength(1);
    expect(plan([bank], [row(2, { fr: 'banque', en: 'shore' })]).operations).toHaveLength(1);
    expect(plan([bank], [row(2, { fr: 'banque' })]).operations).toHaveLength(1); // no key term: no conflict
  });

  it('the key option picks the key language', () => {
    expect(plan([bank], [row(2, { en: 'shore', fr: 'banque' })], 'skip', 'fr').conflicts).toEqual([
      { line: 2, key: 'banque', existingId: 'g1' },
    ]);
  });

  it('a key term matching several entries is never resolved by guessing under update', () => {
    const twins = [entry('g1', { en: 'bank', fr: 'banque' }), entry('g2', { en: 'bank', fr: 'rive' })];
    expect(plan(twins, [row(2, { en: 'bank', fr: 'talus' })], 'update')).toEqual({
      ...empty,
      conflicts: [{ line: 2, key: 'bank', existingId: 'g1' }],
    });
    expect(plan(twins, [row(2, { en: 'bank', fr: 'talus' })], 'insert').operations).toHaveLength(1);
  });

  it('a row with a known id updates that entry with the merged translations', () => {
    expect(plan([bank, door], [row(2, { en: 'shore', fr: 'rive' }, 'g1')])).toEqual({
      ...empty,
      operations: [
        { line: 2, operation: { type: 'update', id: 'g1', translations: { en: 'shore', fr: 'rive', de: 'Bank' } } },
      ],
    });
  });

  it('an id row whose merge changes nothing is present (e.g. a --lang export imported again)', () => {
    expect(plan([bank], [row(2, { en: 'bank' }, 'g1')])).toEqual({ ...empty, present: [{ line: 2, existingId: 'g1' }] });
  });

  it('a row with an unknown id is listed and planned by its translations', () => {
    expect(plan([bank], [row(2, { en: 'door' }, 'zz'), row(3, { en: 'bank', fr: 'banque', de: 'Bank' }, 'yy')])).toEqual({
      ...empty,
      operations: [{ line: 2, operation: { type: 'insert', translations: { en: 'door' } } }],
      present: [{ line: 3, existingId: 'g1' }],
      unknownIds: [
        { line: 2, id: 'zz' },
        { line: 3, id: 'yy' },
      ],
    });
  });

  it('rows without an id match the glossary as the id rows leave it', () => {
    // Line 2 renames g1's term; line 3 then has no entry with "bank" to conflict with.
    const p = plan([bank], [row(2, { en: 'bench', fr: 'banc', de: 'Bank' }, 'g1'), row(3, { en: 'bank', fr: 'rive' })]);
    expect(p.operations.map((o) => o.operation.type)).toEqual(['update', 'insert']);
    // A row equal to what an id row makes of an entry is present.
    const q = plan([bank], [row(2, { en: 'shore' }, 'g1'), row(3, { en: 'shore', fr: 'banque', de: 'Bank' })]);
    expect(q.present).toEqual([{ line: 3, existingId: 'g1' }]);
  });

  it('a row never updates an entry another row names by id', () => {
    const p = plan([bank], [row(2, { fr: 'banque 2' }, 'g1'), row(3, { en: 'bank', fr: 'rive' })], 'update');
    expect(p.operations).toHaveLength(1);
    expect(p.conflicts).toEqual([{ line: 3, key: 'bank', existingId: 'g1' }]);
  });

  it('homonym rows (unknown ids) do not both update one entry', () => {
    const rows = [row(2, { en: 'bank', fr: 'banque' }, 'x1'), row(3, { en: 'bank', fr: 'rive' }, 'x2')];
    const p = plan([entry('g1', { en: 'bank', fr: 'talus' })], rows, 'update');
    expect(p.operations).toEqual([]);
    expect(p.conflicts.map((c) => c.line)).toEqual([2, 3]);
    // Into an empty glossary both are inserted, as exported.
    expect(plan([], rows, 'update').operations).toHaveLength(2);
  });

  it('lists operations in line order', () => {
    const p = plan([bank], [row(2, { en: 'a' }), row(3, { en: 'x' }, 'g1'), row(4, { en: 'b' })]);
    expect(p.operations.map((o) => o.line)).toEqual([2, 3, 4]);
  });
});

describe('applyOperations', () => {
  it('inserts, updates (replacing the map) and deletes', () => {
    const ops: GlossaryOperation[] = [
      { type: 'insert', translations: { en: 'new' } },
      { type: 'update', id: 'g1', translations: { en: 'shore' } },
      { type: 'delete', id: 'g2' },
    ];
    expect(applyOperations([bank, door], ops)).toEqual([entry('g1', { en: 'shore' }), entry('new-0', { en: 'new' })]);
    expect([bank.translations.en, door.translations.en]).toEqual(['bank', 'door']); // inputs untouched
  });
  it('an unknown id throws', () => {
    expect(() => applyOperations([], [{ type: 'delete', id: 'x' }])).toThrow('delete of unknown glossary entry x');
  });
});

const insert = (line: number, translations: Record<string, string>): PlannedOperation => ({
  line,
  operation: { type: 'insert', translations },
});
const update = (line: number, id: string, translations: Record<string, string>): PlannedOperation => ({
  line,
  operation: { type: 'update', id, translations },
});
const del = (line: number, id: string): PlannedOperation => ({ line, operation: { type: 'delete', id } });
const lineNumbers = (r: { landed: PlannedOperation[]; pending: PlannedOperation[] }) => ({
  landed: r.landed.map((o) => o.line),
  pending: r.pending.map((o) => o.line),
});

describe('landedOperations', () => {
  const before = [bank, door];
  const batch = [insert(1, { en: 'key' }), update(2, 'g1', { en: 'shore' }), del(3, 'g2')];

  it('nothing landed: everything pending', () => {
    expect(lineNumbers(landedOperations(batch, before, before))).toEqual({ landed: [], pending: [1, 2, 3] });
  });

  it('everything landed', () => {
    const after = applyOperations(before, batch.map((o) => o.operation), (i) => `srv-${i}`);
    expect(lineNumbers(landedOperations(batch, before, after))).toEqual({ landed: [1, 2, 3], pending: [] });
  });

  it('some landed', () => {
    const after = applyOperations(before, [batch[1]?.operation as GlossaryOperation]);
    expect(lineNumbers(landedOperations(batch, before, after))).toEqual({ landed: [2], pending: [1, 3] });
    const after2 = [...before, entry('srv-9', { en: 'key' })];
    expect(lineNumbers(landedOperations(batch, before, after2))).toEqual({ landed: [1], pending: [2, 3] });
  });

  it('identical inserts are counted one by one', () => {
    const twice = [insert(1, { en: 'x' }), insert(2, { en: 'x' })];
    expect(lineNumbers(landedOperations(twice, before, before))).toEqual({ landed: [], pending: [1, 2] });
    expect(lineNumbers(landedOperations(twice, before, [...before, entry('n1', { en: 'x' })]))).toEqual({
      landed: [1],
      pending: [2],
    });
    const both = [...before, entry('n1', { en: 'x' }), entry('n2', { en: 'x' })];
    expect(lineNumbers(landedOperations(twice, before, both))).toEqual({ landed: [1, 2], pending: [] });
  });

  it('an insert equal to an entry that was already there has not landed until a new one appears', () => {
    const dup = [insert(1, { en: 'bank', fr: 'banque', de: 'Bank' })];
    expect(lineNumbers(landedOperations(dup, before, before))).toEqual({ landed: [], pending: [1] });
    const after = [...before, entry('n1', { de: 'Bank', fr: 'banque', en: 'bank' })];
    expect(lineNumbers(landedOperations(dup, before, after))).toEqual({ landed: [1], pending: [] });
  });

  it('works with a simulated `before` whose earlier inserts carry made-up ids', () => {
    // An earlier batch inserted {en: x}; the simulator named it new-0, the service srv-1.
    const simulated = applyOperations(before, [{ type: 'insert', translations: { en: 'x' } }]);
    const listed = [...before, entry('srv-1', { en: 'x' })];
    const again = [insert(5, { en: 'x' })];
    expect(lineNumbers(landedOperations(again, simulated, listed))).toEqual({ landed: [], pending: [5] });
    expect(lineNumbers(landedOperations(again, simulated, [...listed, entry('srv-2', { en: 'x' })]))).toEqual({
      landed: [5],
      pending: [],
    });
  });

  it('an existing entry changed into the same translations is not taken for the insert', () => {
    const ins = [insert(1, { en: 'x' })];
    const after = [entry('g1', { en: 'x' }), door]; // someone else edited g1
    expect(lineNumbers(landedOperations(ins, before, after))).toEqual({ landed: [], pending: [1] });
  });

  it('an update compares normalised translations; an update of a vanished entry is pending', () => {
    const up = [update(1, 'g2', { en: 'gate' })];
    expect(lineNumbers(landedOperations(up, before, [bank, entry('g2', { EN: ' gate ' })]))).toEqual({
      landed: [1],
      pending: [],
    });
    expect(lineNumbers(landedOperations(up, before, [bank]))).toEqual({ landed: [], pending: [1] });
  });
});

// ---------------------------------------------------------------------------------------------
// Properties

const norm = (t: Record<string, string>) => [...normaliseTranslations(t)].sort().join('|');
/** Multiset of normalised translation maps. */
const contents = (g: readonly GlossaryEntryLike[]) => g.map((e) => norm(e.translations)).sort();

// Small pools so that keys, terms and whole rows collide often.
const term = fc.constantFrom('bank', 'Bank', 'door', 'café', 'cafe\u0301', ' key ', 'x', 'y');
const rowLanguage = fc.constantFrom('en', 'fr', 'de');
const glossaryLanguage = fc.constantFrom('en', 'fr', 'de', 'EN');
const existingGlossary = fc
  .array(fc.dictionary(glossaryLanguage, term, { minKeys: 1, maxKeys: 3 }), { maxLength: 8 })
  .map((list) =>
    list
      .filter((t) => !('en' in t && 'EN' in t))
      .map((translations, i) => entry(`g${i}`, translations)),
  );

/**
 * Rows as the reader would give them: written to CSV and read back, dropping rows the reader
 * rejects until the file is valid (so the planner sees only what a real import can see).
 */
function readable(raw: { id?: string; translations: Record<string, string> }[], key?: string) {
  let candidates = raw.map((r) => ({ id: r.id ?? '', translations: r.translations }));
  for (;;) {
    const csv = glossaryToCsv(candidates, { languages: ['en', 'fr', 'de'].filter((l) => candidates.some((c) => l in c.translations)) });
    try {
      return parseGlossaryFile(csv, 'p.csv', key === undefined ? {} : { key });
    } catch (err) {
      if (!(err instanceof InputFileError)) throw err;
      const bad = new Set(err.problems.map((p) => p.line));
      if (bad.has(1)) return parseGlossaryFile('en\n', 'p.csv');
      // Row i is on line i + 2 (no line breaks in these cells).
      candidates = candidates.filter((c, i) => !bad.has(i + 2) && Object.values(c.translations).some((v) => v.trim() !== ''));
    }
  }
}

const fileRows = (existing: GlossaryEntryLike[]) =>
  fc.array(
    fc.record(
      {
        id: fc.oneof(fc.constant(undefined), fc.constantFrom(...existing.map((e) => e.id), 'zz1', 'zz2')),
        translations: fc.dictionary(rowLanguage, term, { minKeys: 1, maxKeys: 3 }),
      },
      { requiredKeys: ['translations'] },
    ),
    { maxLength: 8 },
  );

describe('planner properties', () => {
  it('importing a file twice equals importing it once; every row is accounted for once', () => {
    fc.assert(
      fc.property(
        existingGlossary.chain((existing) =>
          fc.tuple(fc.constant(existing), fileRows(existing), fc.constantFrom<OnConflict>('skip', 'update', 'insert'), fc.option(rowLanguage)),
        ),
        ([existing, raw, onConflict, keyLanguage]) => {
          const file = readable(raw, keyLanguage ?? undefined);
          const opts = { key: file.key, onConflict };
          const first = planGlossaryImport(existing, file.rows, opts);

          const accounted = [...first.operations, ...first.present, ...first.conflicts].map((x) => x.line).sort((a, b) => a - b);
          expect(accounted).toEqual(file.rows.map((r) => r.line));
          const ids = first.operations.flatMap((o) => (o.operation.type === 'insert' ? [] : [o.operation.id]));
          expect(new Set(ids).size).toBe(ids.length); // at most one operation per entry

          const after = applyOperations(existing, first.operations.map((o) => o.operation));
          // What was planned (or found present) is in the glossary now.
          for (const line of [...first.operations, ...first.present].map((x) => x.line)) {
            const r = file.rows.find((x) => x.line === line) as GlossaryRow;
            const wanted = normaliseTranslations(r.translations);
            const holder = after.some((e) => {
              const have = normaliseTranslations(e.translations);
              return [...wanted].every(([k, v]) => have.get(k) === v);
            });
            expect(holder).toBe(true);
          }
          // Nothing already there was lost: entries only change by the planned updates.
          expect(after.length).toBe(existing.length + first.operations.filter((o) => o.operation.type === 'insert').length);

          const second = planGlossaryImport(after, file.rows, opts);
          expect(second.operations).toEqual([]);
          expect(second.conflicts.map((c) => c.line)).toEqual(first.conflicts.map((c) => c.line));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('export → import into an empty glossary → export gives the same CSV; importing again inserts nothing', () => {
    const valueChars = fc.constantFrom('a', 'b', 'é', ',', '"', ' ', '😀', ';', "'", '=');
    const value = fc
      .string({ unit: valueChars, minLength: 1, maxLength: 6 })
      .map((s) => s.trim())
      // (A term starting with an apostrophe before = + - @ loses it on import: the reader takes it
      // for the one `export --excel` adds — a documented decision, src/files/glossary/rows.ts.)
      .filter((s) => s !== '' && !/^'[=+\-@]/.test(s));
    const glossary = fc
      .uniqueArray(
        fc.record({
          id: fc.stringMatching(/^[a-z0-9]{1,6}$/),
          translations: fc.dictionary(fc.constantFrom('en', 'fr', 'de', 'pt-BR'), value, { minKeys: 1, maxKeys: 4 }),
        }),
        { selector: (e) => e.id, maxLength: 10 },
      );
    fc.assert(
      fc.property(glossary, fc.constantFrom<OnConflict>('skip', 'update', 'insert'), (g, onConflict) => {
        const csv = glossaryToCsv(g);
        const file = parseGlossaryFile(csv, 'export.csv');
        const opts = { key: file.key, onConflict };

        const intoEmpty = planGlossaryImport([], file.rows, opts);
        expect(intoEmpty.operations.every((o) => o.operation.type === 'insert')).toBe(true);
        const recreated = applyOperations([], intoEmpty.operations.map((o) => o.operation), (i) => `new${i}`);
        expect(glossaryToCsv(recreated, { includeId: false })).toBe(glossaryToCsv(g, { includeId: false }));
        expect(contents(recreated)).toEqual(contents(g));

        expect(planGlossaryImport(recreated, file.rows, opts).operations).toEqual([]);
        const again = planGlossaryImport(g, file.rows, opts);
        expect(again.operations).toEqual([]);
        expect(again.present).toHaveLength(file.rows.length);
      }),
      { numRuns: 300 },
    );
  });

  it('landedOperations: resending the pending operations gives the same glossary as one clean send', () => {
    const translations = fc.dictionary(fc.constantFrom('en', 'fr'), fc.constantFrom('a', 'b', 'c'), { minKeys: 1, maxKeys: 2 });
    const scenario = fc
      .array(translations, { maxLength: 6 })
      .map((list) => list.map((t, i) => entry(`g${i}`, t)))
      .chain((before) =>
        fc.record({
          before: fc.constant(before),
          // For each entry: nothing, an update or a delete; plus some inserts, duplicates likely.
          changes: fc.tuple(
            ...before.map(() =>
              fc.oneof(fc.constant(null), fc.record({ kind: fc.constant('update' as const), translations }), fc.constant({ kind: 'delete' as const })),
            ),
          ),
          inserts: fc.array(translations, { maxLength: 5 }),
          landedMask: fc.array(fc.boolean(), { minLength: 20, maxLength: 20 }),
          shuffleSeed: fc.integer(),
        }),
      );
    fc.assert(
      fc.property(scenario, ({ before, changes, inserts, landedMask, shuffleSeed }) => {
        const ops: PlannedOperation[] = [];
        changes.forEach((c, i) => {
          const id = `g${i}`;
          if (c?.kind === 'update') ops.push(update(ops.length, id, c.translations));
          if (c?.kind === 'delete') ops.push(del(ops.length, id));
        });
        for (const t of inserts) ops.push(insert(ops.length, t));
        // Some order the batch might have had.
        const batch = [...ops].sort((a, b) => ((a.line * 7919 + shuffleSeed) % 13) - ((b.line * 7919 + shuffleSeed) % 13));

        const sentOk = batch.filter((_, i) => landedMask[i]);
        const after = applyOperations(before, sentOk.map((o) => o.operation), (i) => `srv-a${i}`);
        const { landed, pending } = landedOperations(batch, before, after);
        expect([...landed, ...pending].sort((a, b) => a.line - b.line)).toEqual([...batch].sort((a, b) => a.line - b.line));

        const resent = applyOperations(after, pending.map((o) => o.operation), (i) => `srv-b${i}`);
        const clean = applyOperations(before, batch.map((o) => o.operation), (i) => `srv-c${i}`);
        // Entries that existed keep their identity: same translations or gone in both.
        for (const e of before) {
          const x = resent.find((r) => r.id === e.id);
          const y = clean.find((r) => r.id === e.id);
          expect(x === undefined).toBe(y === undefined);
          if (x && y) expect(sameTranslations(x.translations, y.translations)).toBe(true);
        }
        // New entries: the same multiset, so nothing lost and nothing doubled.
        const isNew = (e: GlossaryEntryLike) => !before.some((b) => b.id === e.id);
        expect(contents(resent.filter(isNew))).toEqual(contents(clean.filter(isNew)));
      }),
      { numRuns: 1000 },
    );
  });
});

describe('the identity rule: an export of any languages imports back as present', () => {
  it('for any glossary and any choice of languages (the first the key), every row of the export is present: no insert, no conflict', () => {
    const languages = fc.uniqueArray(fc.constantFrom('en', 'fr', 'de'), { minLength: 1, maxLength: 3 });
    fc.assert(
      fc.property(existingGlossary, languages, (existing, chosen) => {
        fc.pre(existing.every((e) => !('EN' in e.translations)));
        const exported = existing.map((e) => ({ id: '', translations: Object.fromEntries(chosen.filter((l) => l in e.translations).map((l) => [l, e.translations[l] as string])) })).filter((e) => Object.keys(e.translations).length > 0);
        fc.pre(exported.length > 0);
        let file: ReturnType<typeof parseGlossaryFile>;
        try {
          file = parseGlossaryFile(glossaryToCsv(exported, { languages: chosen, includeId: false }), 'export.csv');
        } catch (err) {
          // Homonyms in the key language (two entries, one term, other translations): the reader
          // refuses such a file, naming both lines; another --key reads it.
          if (err instanceof InputFileError && err.problems.every((p) => /term .* is also on line \d+ with other translations/.test(p.message))) return fc.pre(false);
          throw err;
        }
        const result = planGlossaryImport(existing, file.rows, { key: file.key, onConflict: 'skip' });
        expect(result.operations).toEqual([]);
        expect(result.conflicts).toEqual([]);
        expect(result.present).toHaveLength(file.rows.length);
      }),
      { numRuns: 500 },
    );
  });
});
