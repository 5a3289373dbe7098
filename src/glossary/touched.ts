// What a glossary change touches (`teamctl help translations`): each planned operation with the
// translations it writes and those of the entry it changes, so the languages it touched can be
// told from those it kept (src/plan/translations.ts, touchedLanguages).
import type { GlossaryEntry } from '../api/types.js';
import type { PlannedOperation } from '../plan/glossary.js';

export interface TouchedEntry {
  translations: Readonly<Record<string, string>>;
  /** The entry as it was; absent for an insert, and for a delete (every language of it is touched). */
  before?: Readonly<Record<string, string>>;
}

export function touchedEntries(operations: readonly PlannedOperation[], existing: readonly GlossaryEntry[]): TouchedEntry[] {
  const byId = new Map(existing.map((e) => [e.id, e.translations]));
  return operations.map(({ operation: op }) => {
    if (op.type === 'insert') return { translations: op.translations };
    if (op.type === 'delete') return { translations: byId.get(op.id) ?? {} };
    const before = byId.get(op.id);
    return before === undefined ? { translations: op.translations } : { translations: op.translations, before };
  });
}
