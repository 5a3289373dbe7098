// The final verification of a glossary run (`teamctl help reliability`, "Reliability: requests whose outcome is
// unknown"): the glossary listed after the run against what the run expects — the glossary as first
// read plus the operations confirmed. The listing is counted page by page and never held whole
// (test/bench/README.md: a 100k-entry run stays in bounded memory); only what a discrepancy can
// name is kept: the entries the run updated or deleted, and the new entries of each inserted
// translation set. Pure but for reading the pages.
import type { GlossaryTranslations } from '../api/types.js';
import { sameTranslations, translationsKey } from '../model/entries.js';
import type { GlossaryEntryLike, PlannedOperation } from '../plan/glossary.js';
import { noun, plural } from '../output/words.js';
import type { ApplyResult, Discrepancy } from './outcomes.js';

const byLine = (a: { line: number }, b: { line: number }) => a.line - b.line;

/** The pages of a listing, as the API client yields them (or as a test gives them). */
export type Pages = AsyncIterable<readonly GlossaryEntryLike[]> | Iterable<readonly GlossaryEntryLike[]>;

/** translationsKey, once per translation map (an insert's map is counted and then grouped). */
function keyCache(): (t: GlossaryTranslations) => string {
  const keys = new WeakMap<GlossaryTranslations, string>();
  return (t) => {
    let k = keys.get(t);
    if (k === undefined) keys.set(t, (k = translationsKey(t)));
    return k;
  };
}

/** One translation set some insert of the run has: entries expected, entries listed, and the new ones. */
interface InsertTally {
  expected: number;
  actual: number;
  /** Ids of listed entries that were not in the glossary first read, in listing order (one, mostly: kept without an array). */
  fresh: string | string[] | undefined;
}

const freshIds = (t: InsertTally): string[] => (t.fresh === undefined ? [] : typeof t.fresh === 'string' ? [t.fresh] : t.fresh);

/** What the final listing shows of the run, read page by page. */
interface Listed {
  /** The translations now of the entries the run updated or deleted (absent: gone). */
  byId: Map<string, GlossaryTranslations>;
  tallies: Map<string, InsertTally>;
}

async function countListing(pages: Pages, initialIds: ReadonlySet<string>, watched: ReadonlySet<string>, tallies: Map<string, InsertTally>): Promise<Listed> {
  const byId = new Map<string, GlossaryTranslations>();
  for await (const page of pages) {
    for (const e of page) {
      if (watched.has(e.id)) byId.set(e.id, e.translations);
      const t = tallies.get(translationsKey(e.translations));
      if (t === undefined) continue;
      t.actual++;
      if (initialIds.has(e.id)) continue;
      if (t.fresh === undefined) t.fresh = e.id;
      else if (typeof t.fresh === 'string') t.fresh = [t.fresh, e.id];
      else t.fresh.push(e.id);
    }
  }
  return { byId, tallies };
}

/**
 * Compares the glossary listed after a run, `pages`, with what the run expects: `initial` (as
 * first read) with `applied` (in the order confirmed). `uncertain` are failed operations whose
 * outcome was unknown: found in the glossary, they landed late. Reads `pages` once; an error of
 * the listing propagates. See the file comment.
 */
export async function verifyGlossary(
  initial: readonly GlossaryEntryLike[],
  applied: readonly PlannedOperation[],
  uncertain: readonly PlannedOperation[],
  pages: Pages,
): Promise<{ landedLate: PlannedOperation[]; discrepancies: Discrepancy[] }> {
  const landedLate: PlannedOperation[] = [];
  const discrepancies: Discrepancy[] = [];
  const initialIds = new Set(initial.map((e) => e.id));

  // What the listing must be searched for: the ids of updates and deletes, and the translation
  // sets of inserts.
  const watched = new Set<string>();
  const keyOf = keyCache();
  const tallies = new Map<string, InsertTally>();
  for (const { operation: op } of [...applied, ...uncertain]) {
    if (op.type !== 'insert') watched.add(op.id);
    else if (!tallies.has(keyOf(op.translations))) tallies.set(keyOf(op.translations), { expected: 0, actual: 0, fresh: undefined });
  }
  const { byId: finalById } = await countListing(pages, initialIds, watched, tallies);

  // Updates and deletes, by id.
  for (const planned of uncertain) {
    const op = planned.operation;
    if (op.type === 'update') {
      const now = finalById.get(op.id);
      if (now && sameTranslations(now, op.translations)) landedLate.push(planned);
    } else if (op.type === 'delete' && initialIds.has(op.id) && !finalById.has(op.id)) landedLate.push(planned);
  }
  const lastById = new Map<string, PlannedOperation>();
  for (const planned of applied) if (planned.operation.type !== 'insert') lastById.set(planned.operation.id, planned);
  for (const planned of lastById.values()) {
    const op = planned.operation;
    if (op.type === 'update') {
      const now = finalById.get(op.id);
      if (now && sameTranslations(now, op.translations)) continue;
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

  // Inserts, by translation set: how many entries have it, against how many the run expects (the
  // glossary first read, as the updates and deletes that landed left it, plus the inserts).
  const changed = new Map<string, GlossaryTranslations | null>();
  for (const { operation: op } of [...applied, ...landedLate]) {
    if (op.type === 'insert') (tallies.get(keyOf(op.translations)) as InsertTally).expected++;
    else changed.set(op.id, op.type === 'update' ? op.translations : null);
  }
  const expect = (t: GlossaryTranslations | null | undefined): void => {
    const tally = t ? tallies.get(translationsKey(t)) : undefined;
    if (tally) tally.expected++;
  };
  for (const e of initial) expect(changed.has(e.id) ? changed.get(e.id) : e.translations);
  for (const [id, t] of changed) if (!initialIds.has(id)) expect(t);
  // The inserts of the translation sets whose counts differ (none, when all went well).
  const groups = new Map<InsertTally, { applied: PlannedOperation[]; uncertain: PlannedOperation[] }>();
  const group = (planned: PlannedOperation, into: 'applied' | 'uncertain'): void => {
    if (planned.operation.type !== 'insert') return;
    const t = tallies.get(keyOf(planned.operation.translations)) as InsertTally;
    if (t.actual === t.expected) return;
    let g = groups.get(t);
    if (!g) groups.set(t, (g = { applied: [], uncertain: [] }));
    g[into].push(planned);
  };
  for (const planned of applied) group(planned, 'applied');
  for (const planned of uncertain) group(planned, 'uncertain');

  for (const [tally, g] of groups) {
    const diff = tally.actual - tally.expected;
    if (diff > 0) {
      const late = g.uncertain.slice(0, diff);
      landedLate.push(...late);
      const extra = diff - late.length;
      if (extra === 0) continue;
      // Entries this run may have created: new since the first read, in listing order; the last
      // ones are taken for the duplicates.
      const fresh = freshIds(tally);
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

/**
 * The run's result as the final listing settles it: a failed operation whose outcome was unknown
 * and that is in the glossary after all moves to `applied` ("landed late"). A confirmed
 * insert/update/delete the listing does not show moves the other way, from `applied` to `failed`
 * (`missing`): the counts say what the glossary holds, not what the service answered. A
 * translation set present more often than expected (a duplicate: someone else inserted the same
 * translations meanwhile) stays in `discrepancies`, naming the line and the entry ids.
 */
export function settleByListing(result: ApplyResult, verdict: Awaited<ReturnType<typeof verifyGlossary>>, notice: (message: string) => void): void {
  const { landedLate, discrepancies } = verdict;
  if (landedLate.length > 0) {
    const late = new Set(landedLate);
    result.failed = result.failed.filter((f) => !late.has(f.planned));
    result.applied.push(...landedLate);
    result.landedLate = landedLate;
    notice(`${plural(landedLate.length, 'operation')} reported failed above landed after all (line ${landedLate.map((p) => p.line).join(', ')})`);
  }
  // A confirmed operation the glossary does not show was not applied, whatever the service said.
  const missing = new Map(discrepancies.filter((d) => d.missing).map((d) => [d.planned, d]));
  if (missing.size > 0) {
    result.applied = result.applied.filter((p) => !missing.has(p));
    for (const d of missing.values()) result.failed.push({ line: d.line, status: null, message: d.message, planned: d.planned, missing: true });
  }
  result.discrepancies = discrepancies.filter((d) => !d.missing);
}
