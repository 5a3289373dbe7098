// What people see of a `glossary sync` plan (stderr): the changes, line by line, the entries not
// in the file and the duplicates, then the counts. Unchanged rows are only counted: a synced
// glossary of 10,000 terms should plan in one line. On a terminal a plan taller than the screen
// folds (`teamctl help environment`, "Plans at a terminal").
import type { GlossaryEntry } from '../api/types.js';
import type { SyncPlan } from '../plan/glossarySync.js';
import { planLine } from './importView.js';
import { foldLimit, foldedList } from '../output/fold.js';
import { oneLine } from '../output/terminal.js';

export function formatSyncPlan(file: string, org: string, existing: readonly GlossaryEntry[], plan: SyncPlan, key: string, prune: boolean, screenRows?: number): string {
  const byId = new Map(existing.map((e) => [e.id, e]));
  const lines = [`Plan for ${oneLine(file)} against the glossary of ${oneLine(org)} (${existing.length} entries):`];
  const kept = prune ? [] : plan.notInFile.map((e) => `  ${e.id}: ${key} ${JSON.stringify(e.key)}`);
  const limit = foldLimit(screenRows, plan.operations.length + kept.length + plan.duplicates.length + 3);
  lines.push(...foldedList(plan.operations.map((p) => `  ${planLine(p, byId, key)}`), limit));
  if (kept.length > 0) {
    lines.push(`Not in ${oneLine(file)} (kept; --prune deletes them):`);
    lines.push(...foldedList(kept, limit));
  }
  for (const d of plan.duplicates) {
    // What the line says happens is what the counts below count: an entry a row names stays.
    const staying = [d.keep, ...d.named];
    const stay = d.named.length === 0 ? `${d.keep} stays` : `${staying.join(', ')} stay (rows of the file name them)`;
    const fate = prune ? 'deleted' : 'kept; --prune deletes them';
    const rest = d.others.length === 0 ? '' : `, ${d.others.join(', ')} (${fate})`;
    lines.push(`! duplicates: the ${key} term ${JSON.stringify(d.key)} is on ${staying.length + d.others.length} entries: ${stay}${rest}`);
  }
  const n = (type: string): number => plan.operations.filter((p) => p.operation.type === type).length;
  lines.push(
    `${n('insert')} to insert, ${n('update')} to update, ${n('delete')} to delete, ${plan.present.length} unchanged` +
      (prune ? '' : `, ${plan.notInFile.length} not in the file`),
  );
  return lines.join('\n');
}
