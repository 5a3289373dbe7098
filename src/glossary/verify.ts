// The final verification of a glossary run (README, "Reliability: requests whose outcome is
// unknown"): the glossary listed after the run against what the run expects — the glossary as first
// read plus the operations confirmed. Pure.
import type { GlossaryTranslations } from '../api/types.js';
import { sameTranslations, translationsKey } from '../model/entries.js';
import type { GlossaryEntryLike, PlannedOperation } from '../plan/glossary.js';
import { noun } from '../output/words.js';
import type { Discrepancy } from './apply.js';

const byLine = (a: { line: number }, b: { line: number }) => a.line - b.line;

/** translationsKey, once per translation map (an insert's map is counted and then grouped). */
function keyCache(): (t: GlossaryTranslations) => string {
  const keys = new WeakMap<GlossaryTranslations, string>();
  return (t) => {
    let k = keys.get(t);
    if (k === undefined) keys.set(t, (k = translationsKey(t)));
    return k;
  };
}

function countByKey(translations: Iterable<GlossaryTranslations>, keyOf: (t: GlossaryTranslations) => string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const t of translations) {
    const k = keyOf(t);
    counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  return counts;
}

/**
 * Compares the glossary listed after a run with what the run expects: `initial` (as first read)
 * with `applied` (in the order confirmed). `uncertain` are failed operations whose outcome was
 * unknown: found in the glossary, they landed late. Pure; see the file comment.
 */
export function verifyGlossary(
  initial: readonly GlossaryEntryLike[],
  applied: readonly PlannedOperation[],
  uncertain: readonly PlannedOperation[],
  final: readonly GlossaryEntryLike[],
): { landedLate: PlannedOperation[]; discrepancies: Discrepancy[] } {
  const landedLate: PlannedOperation[] = [];
  const discrepancies: Discrepancy[] = [];
  const initialIds = new Set(initial.map((e) => e.id));
  const finalById = new Map(final.map((e) => [e.id, e]));

  // Updates and deletes, by id.
  for (const planned of uncertain) {
    const op = planned.operation;
    if (op.type === 'update') {
      const now = finalById.get(op.id);
      if (now && sameTranslations(now.translations, op.translations)) landedLate.push(planned);
    } else if (op.type === 'delete' && initialIds.has(op.id) && !finalById.has(op.id)) landedLate.push(planned);
  }
  const lastById = new Map<string, PlannedOperation>();
  for (const planned of applied) if (planned.operation.type !== 'insert') lastById.set(planned.operation.id, planned);
  for (const planned of lastById.values()) {
    const op = planned.operation;
    if (op.type === 'update') {
      const now = finalById.get(op.id);
      if (now && sameTranslations(now.translations, op.translations)) continue;
      discrepancies.push({
        line: planned.line,
        planned,
        ids: [op.id],
        missing: true,
        message:
          `the update of entry ${op.id} was confirmed but is not in the glossary listed after the run ` +
          `(${now ? 'the entry has other translations' : 'the entry is gone'}); someone may have changed it meanwhile — check it and run the import again`,
      });
    } else if (op.type === 'delete' && finalById.has(op.id)) {
      discrepancies.push({ line: planned.line, planned, ids: [op.id], missing: true, message: `the delete of entry ${op.id} was confirmed but the entry is still there` });
    }
  }

  // Inserts, by translation set: how many entries have it, against how many the run expects.
  const expectedMap = new Map(initial.map((e) => [e.id, e.translations]));
  const expectedInserts: GlossaryTranslations[] = [];
  for (const { operation: op } of [...applied, ...landedLate]) {
    if (op.type === 'insert') expectedInserts.push(op.translations);
    else if (op.type === 'update') expectedMap.set(op.id, op.translations);
    else expectedMap.delete(op.id);
  }
  const keyOf = keyCache();
  const expected = countByKey([...expectedMap.values(), ...expectedInserts], keyOf);
  const actual = countByKey(
    (function* () {
      for (const e of final) yield e.translations;
    })(),
    translationsKey, // the final listing's maps are met once
  );
  // The inserts of the translation sets whose counts differ (none, when all went well).
  const groups = new Map<string, { applied: PlannedOperation[]; uncertain: PlannedOperation[] }>();
  const group = (planned: PlannedOperation, into: 'applied' | 'uncertain'): void => {
    if (planned.operation.type !== 'insert') return;
    const k = keyOf(planned.operation.translations);
    if ((actual.get(k) ?? 0) === (expected.get(k) ?? 0)) return;
    let g = groups.get(k);
    if (!g) groups.set(k, (g = { applied: [], uncertain: [] }));
    g[into].push(planned);
  };
  for (const planned of applied) group(planned, 'applied');
  for (const planned of uncertain) group(planned, 'uncertain');

  for (const [key, g] of groups) {
    const diff = (actual.get(key) ?? 0) - (expected.get(key) ?? 0);
    if (diff > 0) {
      const late = g.uncertain.slice(0, diff);
      landedLate.push(...late);
      const extra = diff - late.length;
      if (extra === 0) continue;
      // Entries this run may have created: new since the first read, in listing order; the last
      // ones are taken for the duplicates.
      const fresh = final.filter((e) => !initialIds.has(e.id) && translationsKey(e.translations) === key).map((e) => e.id);
      const dups = fresh.length >= extra ? fresh.slice(fresh.length - extra) : fresh;
      const keep = fresh.filter((id) => !dups.includes(id));
      const planned = [...g.applied, ...late][0] ?? (g.uncertain[0] as PlannedOperation);
      const ids = dups.join(', ');
      discrepancies.push({
        line: planned.line,
        planned,
        ids: dups,
        message:
          `duplicate ${noun(dups.length, 'entry', 'entries')} ${ids} appeared after a request whose outcome was unknown ` +
          `(or someone else inserted the same translations meanwhile)${keep.length > 0 ? `; the same translations are in ${keep.join(', ')}` : ''}: ` +
          `delete ${noun(dups.length, 'it', 'them')}: teamctl glossary delete ${dups.join(' ')}`,
      });
    } else if (diff < 0) {
      const missing = g.applied.slice(Math.max(0, g.applied.length + diff));
      for (const planned of missing) {
        discrepancies.push({
          line: planned.line,
          planned,
          ids: [],
          missing: true,
          message:
            'the insert was confirmed but is not in the glossary listed after the run; someone may have deleted or changed it meanwhile — run the import again to add it',
        });
      }
    }
  }
  landedLate.sort(byLine);
  discrepancies.sort(byLine);
  return { landedLate, discrepancies };
}

