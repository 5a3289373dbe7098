// What people see of a `glossary sync` plan (stderr): the changes, line by line, the entries not
// in the file and the duplicates, then the counts. Unchanged rows are only counted: a synced
// glossary of 10,000 terms should plan in one line.
import type { GlossaryEntry } from '../api/types.js';
import type { SyncPlan } from '../plan/glossarySync.js';
import { listSome, planLine } from './importView.js';

export function formatSyncPlan(file: string, org: string, existing: readonly GlossaryEntry[], plan: SyncPlan, key: string, prune: boolean): string {
  const byId = new Map(existing.map((e) => [e.id, e]));
  const lines = [`Plan for ${file} against the glossary of ${org} (${existing.length} entries):`];
  listSome(plan.operations.map((p) => `  ${planLine(p, byId, key)}`), (l) => lines.push(l), 'changes (--report keeps them all)');
  if (!prune && plan.notInFile.length > 0) {
    lines.push(`Not in ${file} (kept; --prune deletes them):`);
    listSome(plan.notInFile.map((e) => `  ${e.id}: ${key} ${JSON.stringify(e.key)}`), (l) => lines.push(l), 'entries');
  }
  for (const d of plan.duplicates) {
    const fate = prune ? 'deleted' : 'kept; --prune deletes them';
    lines.push(`! duplicates: the ${key} term ${JSON.stringify(d.key)} is on ${d.others.length + 1} entries: ${d.keep} stays, ${d.others.join(', ')} (${fate})`);
  }
  const n = (type: string): number => plan.operations.filter((p) => p.operation.type === type).length;
  lines.push(
    `${n('insert')} to insert, ${n('update')} to update, ${n('delete')} to delete, ${plan.present.length} unchanged` +
      (prune ? '' : `, ${plan.notInFile.length} not in the file`),
  );
  return lines.join('\n');
}
