// What a `glossary sync` plan shows (README, "The glossary"; `teamctl help environment`, "Plans at
// a terminal"): the changes line by line, the entries not in the file (kept, or not listed with
// --prune), each group of duplicates with what stays and what goes, the counts, and a plan taller
// than the terminal folded.
import { describe, expect, it } from 'vitest';
import type { GlossaryEntry } from '../../src/api/types.js';
import { formatSyncPlan } from '../../src/glossary/syncView.js';
import type { SyncPlan } from '../../src/plan/glossarySync.js';

const entry = (id: string, en: string, de: string): GlossaryEntry => ({
  object: 'glossary-entry',
  id,
  translations: { en, de },
  createdAt: '2026-11-01T00:00:00Z',
  updatedAt: '2026-11-01T00:00:00Z',
  urls: { location: `/v1/glossary/${id}` },
});

const existing = [entry('g1', 'bank', 'Bank'), entry('g2', 'river', 'Fluss'), entry('g3', 'extra', 'Extra'), entry('g4', 'bank', 'Ufer'), entry('g5', 'bank', 'Bankett')];

const plan = (over: Partial<SyncPlan> = {}): SyncPlan => ({
  operations: [
    { line: 2, operation: { type: 'insert', translations: { en: 'tree', de: 'Baum' } } },
    { line: 3, operation: { type: 'update', id: 'g2', translations: { en: 'river', de: 'Strom' } } },
    { line: 0, operation: { type: 'delete', id: 'g5' } },
  ],
  present: [{ line: 4, existingId: 'g1' }],
  conflicts: [],
  unknownIds: [],
  notInFile: [{ id: 'g3', key: 'extra' }],
  duplicates: [{ key: 'bank', keep: 'g1', named: [], others: ['g4', 'g5'] }],
  problems: [],
  ...over,
});

describe('formatSyncPlan', () => {
  it('without --prune: the changes, the entries kept, the duplicates kept, the counts with those not in the file', () => {
    expect(formatSyncPlan('terms.csv', 'acme', existing, plan(), 'en', false).split('\n')).toEqual([
      'Plan for terms.csv against the glossary of acme (5 entries):',
      '  + insert  line 2: en=tree, de=Baum',
      '  ~ update  g2 line 3: de: Fluss → Strom',
      '  - delete  g5: en=bank, de=Bankett',
      'Not in terms.csv (kept; --prune deletes them):',
      '  g3: en "extra"',
      '! duplicates: the en term "bank" is on 3 entries: g1 stays, g4, g5 (kept; --prune deletes them)',
      '1 to insert, 1 to update, 1 to delete, 1 unchanged, 1 not in the file',
    ]);
  });

  it('with --prune: no entries kept to list, duplicates deleted, no count of those not in the file', () => {
    expect(formatSyncPlan('terms.csv', 'acme', existing, plan(), 'en', true).split('\n')).toEqual([
      'Plan for terms.csv against the glossary of acme (5 entries):',
      '  + insert  line 2: en=tree, de=Baum',
      '  ~ update  g2 line 3: de: Fluss → Strom',
      '  - delete  g5: en=bank, de=Bankett',
      '! duplicates: the en term "bank" is on 3 entries: g1 stays, g4, g5 (deleted)',
      '1 to insert, 1 to update, 1 to delete, 1 unchanged',
    ]);
  });

  it('duplicates that rows name all stay; nothing kept or changed says only the counts', () => {
    const named = plan({ operations: [], notInFile: [], duplicates: [{ key: 'bank', keep: 'g1', named: ['g4'], others: [] }] });
    expect(formatSyncPlan('t.csv', 'acme', existing, named, 'en', false).split('\n')).toEqual([
      'Plan for t.csv against the glossary of acme (5 entries):',
      '! duplicates: the en term "bank" is on 2 entries: g1, g4 stay (rows of the file name them)',
      '0 to insert, 0 to update, 0 to delete, 1 unchanged, 0 not in the file',
    ]);
    const one = plan({ operations: [], notInFile: [], present: [], duplicates: [{ key: 'bank', keep: 'g1', named: [], others: ['g4'] }] });
    expect(formatSyncPlan('t.csv', 'acme', [], one, 'en', true).split('\n')).toEqual([
      'Plan for t.csv against the glossary of acme (0 entries):',
      '! duplicates: the en term "bank" is on 2 entries: g1 stays, g4 (deleted)',
      '0 to insert, 0 to update, 0 to delete, 0 unchanged',
    ]);
  });

  it('a file name or organization with a line break is said on one line', () => {
    const text = formatSyncPlan('a\nb.csv', 'ac\nme', existing, plan({ operations: [], duplicates: [] }), 'en', false);
    expect(text.split('\n').slice(0, 2)).toEqual(['Plan for a\\nb.csv against the glossary of ac\\nme (5 entries):', 'Not in a\\nb.csv (kept; --prune deletes them):']);
  });

  it('taller than the terminal: the changes and the entries kept folded to five lines each, the rest counted', () => {
    const inserts = Array.from({ length: 7 }, (_, i) => ({ line: i + 2, operation: { type: 'insert' as const, translations: { en: `t${i}` } } }));
    const kept = Array.from({ length: 6 }, (_, i) => ({ id: `k${i}`, key: `x${i}` }));
    const tall = plan({ operations: inserts, notInFile: kept, duplicates: [] });
    // 7 + 6 + 0 + 3 lines: folded on a terminal of 15 rows, not on one of 16 or off a terminal.
    const folded = formatSyncPlan('t.csv', 'acme', existing, tall, 'en', false, 15).split('\n');
    expect(folded).toEqual([
      'Plan for t.csv against the glossary of acme (5 entries):',
      ...inserts.slice(0, 5).map((p, i) => `  + insert  line ${p.line}: en=t${i}`),
      '    … and 2 more (--report keeps them all)',
      'Not in t.csv (kept; --prune deletes them):',
      ...kept.slice(0, 5).map((k) => `  ${k.id}: en "${k.key}"`),
      '    … and 1 more (--report keeps them all)',
      '7 to insert, 0 to update, 0 to delete, 1 unchanged, 6 not in the file',
    ]);
    expect(formatSyncPlan('t.csv', 'acme', existing, tall, 'en', false, 16).split('\n')).toHaveLength(16);
    expect(formatSyncPlan('t.csv', 'acme', existing, tall, 'en', false).split('\n')).toHaveLength(16);
    // Each group of duplicates is a line of the plan too: one more makes it taller than 16 rows.
    const withDuplicate = plan({ operations: inserts, notInFile: kept, duplicates: [{ key: 'bank', keep: 'g1', named: [], others: ['g4'] }] });
    expect(formatSyncPlan('t.csv', 'acme', existing, withDuplicate, 'en', false, 16).split('\n')).toHaveLength(16);
    // With --prune the entries kept are not listed, so they do not count toward the height.
    expect(formatSyncPlan('t.csv', 'acme', existing, tall, 'en', true, 11).split('\n')).toHaveLength(9);
  });
});
