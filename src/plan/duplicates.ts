// Entries that already duplicate each other (README, "The glossary"): the same translations,
// or the same key term, on several entries — made by other tools, or by an earlier run whose
// outcome was unknown. Pure: the groups, the entry each keeps (the oldest: createdAt, then id),
// and the ones a clean-up deletes.
import type { GlossaryEntry } from '../api/types.js';
import { normaliseTranslations, translationsKey } from '../model/entries.js';
import { older } from './glossary.js';

export interface DuplicateGroup {
  reason: 'same translations' | 'same key term';
  /** The key term they share (for people). */
  key: string;
  keep: string;
  others: string[];
}

type Entry = Pick<GlossaryEntry, 'id' | 'translations'> & Partial<Pick<GlossaryEntry, 'createdAt'>>;


function groupsBy(entries: readonly Entry[], keyOf: (e: Entry) => string | undefined): Entry[][] {
  const groups = new Map<string, Entry[]>();
  for (const e of entries) {
    const k = keyOf(e);
    if (k === undefined) continue;
    groups.set(k, [...(groups.get(k) ?? []), e]);
  }
  return [...groups.values()].filter((g) => g.length > 1).map((g) => [...g].sort(older));
}

/** Groups of duplicates: identical translations first; then other entries sharing a key term. */
export function findDuplicates(entries: readonly Entry[], key: string): DuplicateGroup[] {
  const keyLower = key.toLowerCase();
  const term = (e: Entry): string => normaliseTranslations(e.translations).get(keyLower) ?? '';
  const out: DuplicateGroup[] = [];
  const inIdentical = new Set<string>();
  for (const group of groupsBy(entries, (e) => translationsKey(e.translations))) {
    const [keep, ...others] = group as [Entry, ...Entry[]];
    out.push({ reason: 'same translations', key: term(keep), keep: keep.id, others: others.map((e) => e.id) });
    for (const e of others) inIdentical.add(e.id);
  }
  // Same key term, other translations: what is left once identical copies are counted once.
  for (const group of groupsBy(entries.filter((e) => !inIdentical.has(e.id)), (e) => normaliseTranslations(e.translations).get(keyLower))) {
    const [keep, ...others] = group as [Entry, ...Entry[]];
    out.push({ reason: 'same key term', key: term(keep), keep: keep.id, others: others.map((e) => e.id) });
  }
  return out;
}

/** One line per group, with the command that deletes the others. */
export function duplicateLines(groups: readonly DuplicateGroup[], key: string): string[] {
  return groups.map(
    (g) =>
      `${g.others.length + 1} entries with the ${g.reason === 'same translations' ? 'same translations' : `same ${key} term`} ${JSON.stringify(g.key)}: ${g.keep} (oldest), ${g.others.join(', ')} — ` +
      `to keep only the oldest: teamctl glossary delete ${g.others.join(' ')}`,
  );
}

/**
 * Rows whose key term no entry has as written but an entry has in another case (`Bank` in the
 * file, `bank` in the glossary): key terms match case-sensitively, so such a row is another entry —
 * never merged silently, and said with its line (`teamctl help guards`, "The plan").
 */
export function caseVariantLines(entries: readonly Entry[], rows: readonly { line: number; translations: Record<string, string> }[], key: string): { line: number; message: string }[] {
  const keyLower = key.toLowerCase();
  const exact = new Set<string>();
  const folded = new Map<string, Entry>();
  for (const e of [...entries].sort(older)) {
    const term = normaliseTranslations(e.translations).get(keyLower);
    if (term === undefined) continue;
    exact.add(term);
    if (!folded.has(term.toLowerCase())) folded.set(term.toLowerCase(), e);
  }
  const out: { line: number; message: string }[] = [];
  for (const row of rows) {
    const term = normaliseTranslations(row.translations).get(keyLower);
    if (term === undefined || exact.has(term)) continue;
    const variant = folded.get(term.toLowerCase());
    if (variant === undefined) continue;
    const theirs = normaliseTranslations(variant.translations).get(keyLower) ?? '';
    out.push({ line: row.line, message: `${key} term ${JSON.stringify(term)} differs from entry ${variant.id}'s ${JSON.stringify(theirs)} only in case: another entry, as terms match case-sensitively` });
  }
  return out;
}
