// Pure glossary planning: (the glossary as listed, the rows of a file) → operations, and, after an
// ambiguous failure, which operations of a batch already landed. No I/O, no printing.
//
// Decisions where the contract is silent:
// - Comparison: values trimmed + NFC on both sides, empty values mean "no translation"; language
//   keys compare case-insensitively (BCP 47 tags are case-insensitive). Key *terms* compare
//   exactly after trim + NFC: "Polish" and "polish" are different terms.
// - A row's language keys take the spelling the glossary already uses for that language (the
//   first one met in listing order), so a file headed `EN` does not fork an `en` glossary.
// - Updates send existing ∪ row, the row winning: languages the file does not have are kept, and
//   the result is the same whether the service's update replaces the map or patches it. So an
//   import never removes a translation; an empty cell means "leave as is".
// - An id row is "present" when that merge changes nothing (so importing an `--lang` export again
//   is a no-op); otherwise it is an update of that entry.
// - A row whose id is not in the glossary is listed in `unknownIds` and then planned like a row
//   without an id (matched by its translations, then its key term). That is what lets an export
//   be imported into another (e.g. empty) organization, and imported there again without
//   inserting anything (contract: export → import recreates; importing it again inserts nothing).
// - Rows naming known ids are planned first; the other rows are then matched against the
//   glossary as those rows will leave it. Each entry gets at most one operation per import, and a
//   re-run of the same file plans nothing.
// - `conflicts` lists only the conflicts left unresolved (skipped). With `--on-conflict update` or
//   `insert` a conflict becomes an operation that carries `conflict` for the report, and is
//   counted as updated/inserted.
// - With `update`, a conflict is never resolved by guessing; it stays a (skipped) conflict when
//   the key term matches several entries, when the entry is named by id in another row (the
//   update would undo that row on the next run), or when several content-matched rows of the file
//   share the key term with other translations (homonyms: which one is the entry?).
// - A conflict `update` whose merge changes nothing (the row is a subset of the entry) is present.
import type { GlossaryEntry, GlossaryOperation, GlossaryTranslations } from '../api/types.js';
import { normaliseTranslations, sameTranslations, signature, type GlossaryRow } from '../model/entries.js';

import type { OnConflict } from '../choices.js';

export type { OnConflict };

/** What the planner needs of an entry. */
export type GlossaryEntryLike = Pick<GlossaryEntry, 'id' | 'translations'>;

export interface PlannedOperation {
  /** The file line the operation comes from. */
  line: number;
  operation: GlossaryOperation;
  /** Set when the operation resolves a key conflict (`--on-conflict update|insert`). */
  conflict?: { key: string; existingId: string };
}

export interface GlossaryPlan {
  /** In file line order. */
  operations: PlannedOperation[];
  /** Rows already in the glossary. */
  present: { line: number; existingId: string }[];
  /** Skipped conflicts: `key` is the row's key term. */
  conflicts: { line: number; key: string; existingId: string }[];
  /** Rows naming an id the glossary does not have; they were planned by their translations. */
  unknownIds: { line: number; id: string }[];
}

export interface GlossaryPlanOptions {
  /** The key language (as spelled in the file's header). */
  key: string;
  onConflict: OnConflict;
}

/** Older first: createdAt, then id — the entry a group of duplicates keeps. */
export function older(a: { id: string; createdAt?: string | undefined }, b: { id: string; createdAt?: string | undefined }): number {
  return (a.createdAt ?? '').localeCompare(b.createdAt ?? '') || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** Whether `entry` holds every translation of `row` (both normalised): the row says nothing new. */
export function covers(entry: Map<string, string>, row: Map<string, string>): boolean {
  for (const [k, v] of row) if (entry.get(k) !== v) return false;
  return true;
}

/**
 * The identity rule for a row without a term in the key language (README, "The glossary"),
 * the same for import and sync: it is the oldest of `candidates` — entries without a key term
 * either — that holds every translation the row has. Undefined when none does (a new entry).
 */
export function keylessMatch<E extends GlossaryEntryLike>(row: GlossaryTranslations, candidates: readonly E[], keyLower: string): E | undefined {
  const mine = normaliseTranslations(row);
  if (mine.size === 0 || mine.has(keyLower)) return undefined;
  return candidates.find((e) => {
    const theirs = normaliseTranslations(e.translations);
    return !theirs.has(keyLower) && covers(theirs, mine);
  });
}


/** existing ∪ row, the row winning, in the existing entry's key spelling; empty values dropped. */
function merge(existing: GlossaryTranslations, row: GlossaryTranslations): GlossaryTranslations {
  const out: GlossaryTranslations = {};
  const spelling = new Map<string, string>();
  for (const [k, v] of Object.entries(existing)) {
    if (typeof v !== 'string' || v.trim() === '') continue;
    out[k] = v;
    if (!spelling.has(k.toLowerCase())) spelling.set(k.toLowerCase(), k);
  }
  for (const [k, v] of Object.entries(row)) {
    const lower = k.toLowerCase();
    const target = spelling.get(lower) ?? k;
    // Drop other spellings of the same language so the map holds it once.
    for (const other of Object.keys(out)) if (other !== target && other.toLowerCase() === lower) delete out[other];
    out[target] = v;
    spelling.set(lower, target);
  }
  return out;
}

interface Working {
  id: string;
  translations: GlossaryTranslations;
  sig: string;
  /** The key term, normalised, or undefined. */
  term: string | undefined;
}

export function planGlossaryImport(
  existing: readonly GlossaryEntryLike[],
  rows: readonly GlossaryRow[],
  opts: GlossaryPlanOptions,
): GlossaryPlan {
  const keyLower = opts.key.toLowerCase();
  // The glossary's own spelling of each language.
  const spelling = new Map<string, string>();
  for (const entry of existing) {
    for (const k of Object.keys(entry.translations)) if (!spelling.has(k.toLowerCase())) spelling.set(k.toLowerCase(), k);
  }
  const respell = (t: GlossaryTranslations): GlossaryTranslations => {
    const out: GlossaryTranslations = {};
    for (const [k, v] of Object.entries(t)) {
      const value = v.trim().normalize('NFC');
      if (value !== '') out[spelling.get(k.toLowerCase()) ?? k] = value;
    }
    return out;
  };
  const describe = (id: string, translations: GlossaryTranslations): Working => {
    const n = normaliseTranslations(translations);
    return { id, translations, sig: signature(n), term: n.get(keyLower) };
  };

  const state = new Map<string, Working>();
  for (const entry of existing) if (!state.has(entry.id)) state.set(entry.id, describe(entry.id, entry.translations));

  const plan: GlossaryPlan = { operations: [], present: [], conflicts: [], unknownIds: [] };
  const updates = new Map<string, PlannedOperation & { operation: { type: 'update' } }>();
  const byId = rows.filter((r) => r.id !== undefined && state.has(r.id));
  const byContent = rows.filter((r) => r.id === undefined || !state.has(r.id));
  // Entries some row names by id: only that row may change them, in this run and the next.
  const named = new Set(byId.map((r) => r.id));

  // 1. Rows naming an entry: updates of that entry.
  for (const row of byId) {
    const id = row.id as string;
    const current = state.get(id) as Working;
    const merged = merge(current.translations, respell(row.translations));
    const next = describe(id, merged);
    if (next.sig === current.sig) {
      // (A second row for an entry already updated adds nothing; the parser merges those.)
      if (!updates.has(id)) plan.present.push({ line: row.line, existingId: id });
      continue;
    }
    state.set(id, next);
    const planned = updates.get(id);
    if (planned) planned.operation.translations = merged;
    else {
      const op: PlannedOperation & { operation: { type: 'update' } } = {
        line: row.line,
        operation: { type: 'update', id, translations: merged },
      };
      updates.set(id, op);
      plan.operations.push(op);
    }
  }

  // 2. The other rows, by content, against the glossary as step 1 leaves it.
  const bySig = new Map<string, Working[]>();
  const byTerm = new Map<string, Working[]>();
  for (const w of state.values()) {
    bySig.set(w.sig, [...(bySig.get(w.sig) ?? []), w]);
    if (w.term !== undefined) byTerm.set(w.term, [...(byTerm.get(w.term) ?? []), w]);
  }
  const described = byContent.map((row) => {
    const translations = respell(row.translations);
    return { row, translations, mine: describe('', translations) };
  });
  const variants = new Map<string, Set<string>>(); // key term → signatures of rows with it
  for (const { mine } of described) {
    if (mine.term !== undefined) variants.set(mine.term, (variants.get(mine.term) ?? new Set()).add(mine.sig));
  }
  const keyless = [...state.values()].filter((w) => w.term === undefined);
  for (const { row, translations, mine } of described) {
    if (row.id !== undefined) plan.unknownIds.push({ line: row.line, id: row.id });
    const same = bySig.get(mine.sig)?.[0];
    if (same) {
      plan.present.push({ line: row.line, existingId: same.id });
      continue;
    }
    const term = mine.term;
    const matches = term === undefined ? [] : (byTerm.get(term) ?? []);
    // A row that says nothing its entry does not hold already is present, not a conflict: a file
    // covering fewer languages than the glossary (an --lang export, a CAT tool's pair).
    const holding = term === undefined ? keylessMatch(translations, keyless, keyLower) : matches.find((w) => covers(normaliseTranslations(w.translations), normaliseTranslations(translations)));
    if (holding) {
      plan.present.push({ line: row.line, existingId: holding.id });
      continue;
    }
    const first = matches[0];
    if (term === undefined || first === undefined || opts.onConflict === 'insert') {
      const op: PlannedOperation = { line: row.line, operation: { type: 'insert', translations } };
      if (term !== undefined && first !== undefined) op.conflict = { key: term, existingId: first.id };
      plan.operations.push(op);
      continue;
    }
    const ambiguous =
      matches.length > 1 || named.has(first.id) || updates.has(first.id) || (variants.get(term)?.size ?? 0) > 1;
    if (opts.onConflict === 'skip' || ambiguous) {
      plan.conflicts.push({ line: row.line, key: term, existingId: first.id });
      continue;
    }
    // (A merge that changes nothing cannot come here: such a row is covered by `first`, so present above.)
    const merged = merge(first.translations, translations);
    const op: PlannedOperation & { operation: { type: 'update' } } = {
      line: row.line,
      operation: { type: 'update', id: first.id, translations: merged },
      conflict: { key: term, existingId: first.id },
    };
    updates.set(first.id, op);
    plan.operations.push(op);
  }

  const byLine = (a: { line: number }, b: { line: number }) => a.line - b.line;
  plan.operations.sort(byLine);
  plan.present.sort(byLine);
  plan.conflicts.sort(byLine);
  plan.unknownIds.sort(byLine);
  return plan;
}

/**
 * The glossary after operations, as the service would leave it (update replaces the map; an
 * update or delete of an unknown id throws). New entries get ids from `newId`. For tests, and for
 * an executor that wants the expected state after a successful batch.
 */
export function applyOperations(
  glossary: readonly GlossaryEntryLike[],
  operations: readonly GlossaryOperation[],
  newId: (index: number) => string = (i) => `new-${i}`,
): GlossaryEntryLike[] {
  const out = glossary.map((e) => ({ id: e.id, translations: { ...e.translations } }));
  operations.forEach((op, i) => {
    if (op.type === 'insert') {
      out.push({ id: newId(i), translations: { ...op.translations } });
      return;
    }
    const at = out.findIndex((e) => e.id === op.id);
    const target = out[at];
    if (!target) throw new Error(`${op.type} of unknown glossary entry ${op.id}`);
    if (op.type === 'update') target.translations = { ...op.translations };
    else out.splice(at, 1);
  });
  return out;
}

/**
 * After a glossary PUT failed in a way that may or may not have been processed, tells which
 * operations of that batch already landed, from the glossary before the batch and as listed
 * again after. Resending only `pending` loses nothing and doubles nothing:
 * - update landed ⇔ the entry now has exactly those translations (normalised);
 * - delete landed ⇔ the id is gone;
 * - insert landed ⇔ the number of entries with exactly those translations grew beyond what the
 *   batch's landed updates and deletes explain. Identical inserts are counted: if two were sent
 *   and one more such entry exists, the first landed and the second is pending.
 * `before` must include what earlier batches did (list again, or use applyOperations on it).
 */
export function landedOperations<T extends { operation: GlossaryOperation }>(
  batch: readonly T[],
  before: readonly GlossaryEntryLike[],
  after: readonly GlossaryEntryLike[],
): { landed: T[]; pending: T[] } {
  const afterById = new Map(after.map((e) => [e.id, e]));
  const landedSet = new Set<T>();

  // Updates and deletes are found by id.
  const expected = new Map<string, GlossaryTranslations | null>(); // id → state after landed ops
  for (const item of batch) {
    const op = item.operation;
    if (op.type === 'update') {
      const now = afterById.get(op.id);
      if (now && sameTranslations(now.translations, op.translations)) {
        landedSet.add(item);
        expected.set(op.id, op.translations);
      }
    } else if (op.type === 'delete') {
      if (!afterById.has(op.id)) {
        landedSet.add(item);
        expected.set(op.id, null);
      }
    }
  }

  // Inserts: count entries per signature before (adjusted by the landed updates and deletes)
  // and after; the growth is how many of the identical inserts landed, in batch order.
  const count = (entries: Iterable<GlossaryTranslations | null>) => {
    const counts = new Map<string, number>();
    for (const t of entries) {
      if (t === null) continue;
      const s = signature(normaliseTranslations(t));
      counts.set(s, (counts.get(s) ?? 0) + 1);
    }
    return counts;
  };
  const beforeIds = new Set(before.map((e) => e.id));
  const baseline = count([
    ...before.map((e) => (expected.has(e.id) ? (expected.get(e.id) ?? null) : e.translations)),
  ]);
  // An insert also needs an entry under an id that did not exist before: an entry changed into
  // the same translations by someone else is not taken for our insert.
  const now = count(after.map((e) => e.translations));
  const growth = new Map<string, number>();
  for (const [s, n] of now) growth.set(s, n - (baseline.get(s) ?? 0));
  const newEntries = count(after.filter((e) => !beforeIds.has(e.id)).map((e) => e.translations));
  for (const item of batch) {
    const op = item.operation;
    if (op.type !== 'insert') continue;
    const s = signature(normaliseTranslations(op.translations));
    const left = Math.min(growth.get(s) ?? 0, newEntries.get(s) ?? 0);
    if (left > 0) {
      landedSet.add(item);
      growth.set(s, (growth.get(s) ?? 0) - 1);
      newEntries.set(s, (newEntries.get(s) ?? 0) - 1);
    }
  }

  const landed: T[] = [];
  const pending: T[] = [];
  for (const item of batch) (landedSet.has(item) ? landed : pending).push(item);
  return { landed, pending };
}
