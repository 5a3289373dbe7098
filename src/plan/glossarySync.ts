// Pure planning of `glossary sync` (README, "The glossary"): the file is
// the desired glossary. No I/O, no printing.
// - A row with an `id` the glossary has is that entry; any other row is matched by its key term
//   (trim + NFC, exactly, as the import compares). When several entries share the term
//   (duplicates another tool made), the row matches the oldest (createdAt, then id). A row without
//   a key term is the oldest unmatched entry without one that holds all its translations
//   (keylessMatch, the import's rule too), so syncing a file again plans nothing.
// - For the file's language columns the file is the truth: a different translation is an
//   update, an empty cell removes that language's translation; languages the file has no column
//   for are kept. The update carries the whole resulting map (an `update` replaces the
//   translations). A matched entry already equal to that is unchanged.
// - An unmatched row is an insert.
// - Entries no row matched: with prune, deleted; without, listed as not in the file. Entries
//   sharing a key term are listed as duplicates; with prune every one but the kept one (the
//   matched entry, else the oldest) is deleted.
// - Two rows matching one entry (one by id, one by its term) are a problem of the second row: the
//   file would say two things of one entry.
// - A row without any translation is a problem of that row, never an insert or an update to an
//   empty map: the service needs at least one translation. (The file reader already refuses such
//   rows; the planner does not rely on it.)
import type { GlossaryEntry, GlossaryTranslations } from '../api/types.js';
import type { FileProblem } from '../errors.js';
import type { GlossaryRow } from '../model/entries.js';
import { normaliseTranslations, sameTranslations } from '../model/entries.js';
import { keylessMatch, older, type GlossaryPlan, type PlannedOperation } from './glossary.js';

export interface SyncOptions {
  /** The key language, as spelled in the file. */
  key: string;
  /** The file's language columns, as spelled in its header. */
  languages: readonly string[];
  prune: boolean;
}

export interface SyncPlan extends GlossaryPlan {
  /** Entries no row matched, left as they are (without prune). */
  notInFile: { id: string; key: string }[];
  /** Entries that share one key term: the one kept, and the others (deleted with prune). */
  /**
   * Entries sharing a key term: `keep` (the matched one, else the oldest) and `named` (others a
   * row of the file matched too: they stay) stay; `others` are unmatched (deleted with prune).
   */
  duplicates: { key: string; keep: string; named: string[]; others: string[] }[];
  /** Rows that say a second thing of an entry another row already matched. */
  problems: { line: number; message: string }[];
}

type Entry = Pick<GlossaryEntry, 'id' | 'translations'> & Partial<Pick<GlossaryEntry, 'createdAt'>>;

const term = (translations: GlossaryTranslations, keyLower: string): string | undefined => normaliseTranslations(translations).get(keyLower);


/** The entry's translations with the file's languages replaced by the row's: the desired map. */
function syncedTranslations(entry: GlossaryTranslations, row: GlossaryTranslations, languages: readonly string[]): GlossaryTranslations {
  const fileLanguages = new Set(languages.map((l) => l.toLowerCase()));
  const out: GlossaryTranslations = {};
  const spelling = new Map<string, string>();
  for (const [k, v] of Object.entries(entry)) {
    if (!spelling.has(k.toLowerCase())) spelling.set(k.toLowerCase(), k);
    // Languages the file has a column for come from the row; the others stay.
    if (!fileLanguages.has(k.toLowerCase()) && typeof v === 'string' && v.trim() !== '') out[k] = v;
  }
  for (const [k, v] of Object.entries(row)) {
    const value = v.trim().normalize('NFC');
    if (value !== '') out[spelling.get(k.toLowerCase()) ?? k] = value;
  }
  return out;
}

export function planGlossarySync(existing: readonly Entry[], rows: readonly GlossaryRow[], opts: SyncOptions): SyncPlan {
  const keyLower = opts.key.toLowerCase();
  const byId = new Map(existing.map((e) => [e.id, e]));
  const byTerm = new Map<string, Entry[]>();
  for (const e of existing) {
    const t = term(e.translations, keyLower);
    if (t !== undefined) byTerm.set(t, [...(byTerm.get(t) ?? []), e]);
  }
  for (const group of byTerm.values()) group.sort(older);
  const keyless = existing.filter((e) => term(e.translations, keyLower) === undefined).sort(older);

  const plan: SyncPlan = { operations: [], present: [], conflicts: [], unknownIds: [], notInFile: [], duplicates: [], problems: [] };
  const matched = new Map<string, number>(); // entry id → the line that matched it

  for (const row of rows) {
    if (Object.values(row.translations).every((v) => v.trim() === '')) {
      plan.problems.push({ line: row.line, message: 'row has no translation; an entry needs at least one' });
      continue;
    }
    let entry: Entry | undefined;
    if (row.id !== undefined) {
      entry = byId.get(row.id);
      if (!entry) plan.unknownIds.push({ line: row.line, id: row.id });
    }
    if (!entry) {
      const t = term(row.translations, keyLower);
      // The identity rule of import and sync alike (plan/glossary.ts keylessMatch): by the key
      // term, else, for a row without one, by every translation it has.
      entry = t === undefined ? keylessMatch(row.translations, keyless.filter((e) => !matched.has(e.id)), keyLower) : byTerm.get(t)?.[0];
    }
    if (!entry) {
      const translations: GlossaryTranslations = {};
      for (const [k, v] of Object.entries(row.translations)) translations[k] = v.trim().normalize('NFC');
      plan.operations.push({ line: row.line, operation: { type: 'insert', translations } });
      continue;
    }
    const earlier = matched.get(entry.id);
    if (earlier !== undefined) {
      plan.problems.push({ line: row.line, message: `this row and line ${earlier} both match entry ${entry.id}; the file must say one thing of each entry` });
      continue;
    }
    matched.set(entry.id, row.line);
    const desired = syncedTranslations(entry.translations, row.translations, opts.languages);
    if (sameTranslations(desired, entry.translations)) plan.present.push({ line: row.line, existingId: entry.id });
    else plan.operations.push({ line: row.line, operation: { type: 'update', id: entry.id, translations: desired } });
  }

  // Duplicates: entries sharing a key term; the kept one is the matched one, else the oldest.
  // The others are unmatched entries like any other: deleted with prune, else not in the file.
  for (const [t, group] of byTerm) {
    if (group.length < 2) continue;
    const keep = group.find((e) => matched.has(e.id)) ?? (group[0] as Entry);
    const rest = group.filter((e) => e !== keep);
    plan.duplicates.push({ key: t, keep: keep.id, named: rest.filter((e) => matched.has(e.id)).map((e) => e.id), others: rest.filter((e) => !matched.has(e.id)).map((e) => e.id) });
  }

  const deletes: PlannedOperation[] = [];
  for (const e of existing) {
    if (matched.has(e.id)) continue;
    if (opts.prune) deletes.push({ line: 0, operation: { type: 'delete', id: e.id } });
    else plan.notInFile.push({ id: e.id, key: term(e.translations, keyLower) ?? '' });
  }
  const byLine = (a: { line: number }, b: { line: number }) => a.line - b.line;
  plan.operations.sort(byLine);
  plan.operations.push(...deletes);
  plan.present.sort(byLine);
  plan.unknownIds.sort(byLine);
  return plan;
}

/** A sync plan's row problems as file problems (exit 2, nothing sent). */
export function syncProblems(plan: SyncPlan, file: string): FileProblem[] {
  return plan.problems.map((p) => ({ file, line: p.line, message: p.message }));
}
