// One organization's glossary entries, with the orders its listings page through kept up to
// date as entries change: by id always, and by a language's translation once a listing has asked
// for that order (README, sandbox: "Rehearsing at scale"). No request sorts or copies the whole
// glossary.
import { randomBytes } from 'node:crypto';
import type { GlossaryTranslations } from '../api/types.js';
import { translationIn } from './language-keys.js';
import { compareStrings, SortedList } from './sorted-list.js';

/** A glossary entry without its URL. */
export interface StoredGlossaryEntry {
  id: string;
  translations: GlossaryTranslations;
  createdAt: string;
  updatedAt: string;
}

/**
 * Sort key of a glossary listing: [0 when the entry has the orderBy translation else 1, that
 * translation (or ''), id]. Without orderBy every key is [0, '', id], that is: by id.
 */
export type GlossarySortKey = [number, string, string];

/** One page of a keyset-paginated listing. */
export interface KeysetPage<T, K> {
  items: T[];
  /** Total size of the listing. */
  count: number;
  /** Key of the last item when more items follow it; absent on the last page. */
  nextAfter?: K;
}

function compareGlossaryKeys(a: GlossarySortKey, b: GlossarySortKey): number {
  return a[0] - b[0] || compareStrings(a[1], b[1]) || compareStrings(a[2], b[2]);
}

/**
 * The sort key of an entry in a listing ordered by `orderBy` (or by id). The translation is
 * matched case-insensitively (sandbox's choice: the published document's language keys are lower
 * case, e.g. `pt-br`, while glossaries commonly use `pt-BR`).
 */
function glossarySortKey(entry: StoredGlossaryEntry, orderBy: string | undefined): GlossarySortKey {
  if (orderBy === undefined) return [0, '', entry.id];
  const value = translationIn(entry.translations, orderBy);
  // Entries without that translation come last (then by id).
  return value === undefined ? [1, '', entry.id] : [0, value, entry.id];
}

/** Language orders kept at once; the least recently listed is dropped beyond this (rebuilt on demand). */
const maxLanguageOrders = 4;

export class GlossaryEntries {
  private readonly entries = new Map<string, StoredGlossaryEntry>();
  private readonly byId = new SortedList<string>(compareStrings);
  /** orderBy as asked → the entries' sort keys in that order. */
  private readonly byLanguage = new Map<string, SortedList<GlossarySortKey>>();

  get size(): number {
    return this.entries.size;
  }

  has(id: string): boolean {
    return this.entries.has(id);
  }

  get(id: string): StoredGlossaryEntry | undefined {
    return this.entries.get(id);
  }

  /** Every entry, by id. */
  all(): StoredGlossaryEntry[] {
    return this.byId.values().map((id) => this.entries.get(id) as StoredGlossaryEntry);
  }

  /** Adds an entry (the caller has checked its id is new). */
  add(entry: StoredGlossaryEntry): void {
    this.entries.set(entry.id, entry);
    this.byId.insert(entry.id);
    for (const [language, order] of this.byLanguage) order.insert(glossarySortKey(entry, language));
  }

  /** Replaces an entry's translations (sandbox's choice: the service does not say whether it replaces or merges). */
  update(entry: StoredGlossaryEntry, translations: GlossaryTranslations, now: string): void {
    for (const [language, order] of this.byLanguage) order.delete(glossarySortKey(entry, language));
    entry.translations = translations;
    entry.updatedAt = now;
    for (const [language, order] of this.byLanguage) order.insert(glossarySortKey(entry, language));
  }

  delete(id: string): void {
    const entry = this.entries.get(id);
    if (!entry) return;
    this.entries.delete(id);
    this.byId.delete(id);
    for (const [language, order] of this.byLanguage) order.delete(glossarySortKey(entry, language));
  }

  /** One page ordered by id or by the `orderBy` translation, after the key `after`. */
  page(orderBy: string | undefined, after: GlossarySortKey | undefined, limit: number): KeysetPage<StoredGlossaryEntry, GlossarySortKey> {
    let keys: GlossarySortKey[];
    let more: boolean;
    if (orderBy === undefined) {
      const page = this.byId.page(after?.[2], limit);
      keys = page.keys.map((id) => [0, '', id]);
      more = page.more;
    } else {
      ({ keys, more } = this.languageOrder(orderBy).page(after, limit));
    }
    const result: KeysetPage<StoredGlossaryEntry, GlossarySortKey> = {
      items: keys.map((key) => this.entries.get(key[2]) as StoredGlossaryEntry),
      count: this.entries.size,
    };
    const last = keys[keys.length - 1];
    if (more && last !== undefined) result.nextAfter = last;
    return result;
  }

  /** The order by `language`, built once (one sort) on first use, then kept up to date. */
  private languageOrder(language: string): SortedList<GlossarySortKey> {
    let order = this.byLanguage.get(language);
    if (order) {
      // Most recently used last, so the oldest is the first dropped.
      this.byLanguage.delete(language);
    } else {
      order = SortedList.from(
        [...this.entries.values()].map((e) => glossarySortKey(e, language)),
        compareGlossaryKeys,
      );
      if (this.byLanguage.size >= maxLanguageOrders) this.byLanguage.delete(this.byLanguage.keys().next().value as string);
    }
    this.byLanguage.set(language, order);
    return order;
  }
}

/** A fresh opaque glossary entry id: `ge_` + 16 random base-36 characters. */
export function newGlossaryEntryId(): string {
  const bytes = randomBytes(16);
  let id = 'ge_';
  for (const b of bytes) id += (b % 36).toString(36);
  return id;
}
