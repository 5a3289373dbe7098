// The organization's translations (`teamctl help translations`, "The sandbox"): each one translates a source
// space from its language into another, as the published document's `Translation` gives it, and
// may be run again (POST …/translations/{translationId}/run). Reached as `store.translations`,
// part of the store's one facade; the data file keeps them per organization (`translations`).
//
// The document says a run is "triggered" (204) and that a translation is `pending`, `running` or
// `completed`; it does not say how long each lasts. The sandbox's choices: a run counts at once
// in `stats.runs` and `updatedAt`, is `pending` for `pendingMs`, `running` for `runningMs`, then
// `completed`; a run asked for while one is under way starts again (and counts). Time is the
// store's `now`, which tests set: no timer moves a status on.
import { StoreError } from './store-data.js';
import type { StoredTranslation } from './translation-data.js';

export type { StoredTranslation } from './translation-data.js';

export type TranslationStatus = 'pending' | 'running' | 'completed';

/** How long a run is pending, then running (ms of the store's clock). */
export const runTimes = { pendingMs: 5_000, runningMs: 60_000 } as const;

export class TranslationStore {
  private readonly byOrg = new Map<string, Map<string, StoredTranslation>>();
  /** The store's clock (ms): what moves a run's status on. Tests set it. */
  now: () => number = () => Date.now();

  constructor(
    private readonly requireOrg: (orgId: string) => unknown,
    private readonly changed: () => void,
  ) {}

  private of(orgId: string): Map<string, StoredTranslation> {
    this.requireOrg(orgId);
    let map = this.byOrg.get(orgId);
    if (map === undefined) this.byOrg.set(orgId, (map = new Map()));
    return map;
  }

  /** Adds a translation (the seed, the data file, tests). */
  add(orgId: string, translation: StoredTranslation): void {
    const map = this.of(orgId);
    if (map.has(translation.id)) throw new StoreError(`translation ${translation.id} already exists in organization ${orgId}`);
    map.set(translation.id, { ...translation, source: { ...translation.source } });
    this.changed();
  }

  /** The organization's translations, in creation order. */
  list(orgId: string): StoredTranslation[] {
    return [...this.of(orgId).values()];
  }

  get(orgId: string, id: string): StoredTranslation | undefined {
    return this.of(orgId).get(id);
  }

  /** A translation's status now: a translation never run is pending (sandbox's choice). */
  status(t: StoredTranslation): TranslationStatus {
    if (t.lastRunAt === undefined) return 'pending';
    const since = this.now() - Date.parse(t.lastRunAt);
    if (since < runTimes.pendingMs) return 'pending';
    return since < runTimes.pendingMs + runTimes.runningMs ? 'running' : 'completed';
  }

  /** The service's run: counted and started at once. False for an unknown translation. */
  run(orgId: string, id: string): boolean {
    const t = this.of(orgId).get(id);
    if (t === undefined) return false;
    const at = new Date(this.now()).toISOString();
    t.runs += 1;
    t.lastRunAt = at;
    t.updatedAt = at;
    this.changed();
    return true;
  }

  toJSON(orgId: string): { translations?: StoredTranslation[] } {
    const list = [...(this.byOrg.get(orgId)?.values() ?? [])];
    return list.length > 0 ? { translations: list.map((t) => ({ ...t, source: { ...t.source } })) } : {};
  }

  /** Loads the data file's translations of one organization, checked. */
  load(orgId: string, data: unknown): void {
    if (!Array.isArray(data)) throw new StoreError(`organization ${orgId}: translations must be a list`);
    for (const t of data as Partial<StoredTranslation>[]) {
      const ok =
        typeof t?.id === 'string' && typeof t.language === 'string' && typeof t.source?.space === 'string' && typeof t.source.language === 'string' &&
        typeof t.createdAt === 'string' && typeof t.updatedAt === 'string' && Number.isInteger(t.runs) && Number.isInteger(t.words) && Number.isInteger(t.pages) &&
        (t.lastRunAt === undefined || typeof t.lastRunAt === 'string');
      if (!ok) throw new StoreError(`organization ${orgId}: a translation is not one the sandbox wrote`);
      this.add(orgId, t as StoredTranslation);
    }
  }
}
