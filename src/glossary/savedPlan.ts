// A saved glossary plan (README, "Review, then apply"): its body checked field by field, and what
// moved in the glossary since the plan was made.
import type { GlossaryEntry, GlossaryOperation, GlossaryTranslations } from '../api/types.js';
import { ShapeError, array, object, oneOf, string, wholeNumber, type Json } from '../engine/shape.js';
import type { GlossaryPlan, PlannedOperation } from '../plan/glossary.js';
import { glossaryState, type GlossaryPlanBody } from './change.js';
import { onConflictActions } from '../choices.js';
import { plural } from '../output/words.js';

function translations(value: Json, path: string): GlossaryTranslations {
  const o = object(value, path);
  const out: GlossaryTranslations = {};
  for (const [k, v] of Object.entries(o)) out[k] = string(v, `${path}.${k}`);
  return out;
}

function operation(value: Json, path: string): GlossaryOperation {
  const type = oneOf(object(value, path).type, `${path}.type`, ['insert', 'update', 'delete'] as const);
  const o = object(value, path, { insert: ['type', 'translations'], update: ['type', 'id', 'translations'], delete: ['type', 'id'] }[type]);
  if (type === 'insert') return { type, translations: translations(o.translations, `${path}.translations`) };
  if (type === 'update') return { type, id: string(o.id, `${path}.id`), translations: translations(o.translations, `${path}.translations`) };
  return { type, id: string(o.id, `${path}.id`) };
}

function plannedOperation(value: Json, path: string): PlannedOperation {
  const o = object(value, path, ['line', 'operation', 'conflict']);
  const planned: PlannedOperation = { line: wholeNumber(o.line, `${path}.line`), operation: operation(o.operation, `${path}.operation`) };
  if (o.conflict !== undefined) {
    const c = object(o.conflict, `${path}.conflict`, ['key', 'existingId']);
    planned.conflict = { key: string(c.key, `${path}.conflict.key`), existingId: string(c.existingId, `${path}.conflict.existingId`) };
  }
  return planned;
}

function glossaryPlan(value: Json, path: string): GlossaryPlan {
  // A sync plan also says, for its reviewer, what it leaves alone (notInFile, duplicates, problems): named, never applied.
  const o = object(value, path, ['operations', 'present', 'conflicts', 'unknownIds', 'notInFile', 'duplicates', 'problems']);
  const lineAndId = (v: Json, p: string) => {
    const x = object(v, p, ['line', 'existingId', 'key']);
    return { line: wholeNumber(x.line, `${p}.line`), existingId: string(x.existingId, `${p}.existingId`) };
  };
  return {
    operations: array(o.operations, `${path}.operations`).map((op, i) => plannedOperation(op, `${path}.operations[${i}]`)),
    present: array(o.present, `${path}.present`).map((p, i) => lineAndId(p, `${path}.present[${i}]`)),
    conflicts: array(o.conflicts, `${path}.conflicts`).map((c, i) => {
      const p = `${path}.conflicts[${i}]`;
      return { ...lineAndId(c, p), key: string(object(c, p).key, `${p}.key`) };
    }),
    unknownIds: array(o.unknownIds, `${path}.unknownIds`).map((u, i) => {
      const p = `${path}.unknownIds[${i}]`;
      const x = object(u, p, ['line', 'id']);
      return { line: wholeNumber(x.line, `${p}.line`), id: string(x.id, `${p}.id`) };
    }),
  };
}

/** The body of a glossary plan, checked; throws ShapeError naming the first wrong field. */
export function glossaryPlanBody(value: Json): GlossaryPlanBody {
  const o = object(value, 'body', ['file', 'key', 'state', 'plan', 'terms', 'options', 'deletions']);
  const state = object(o.state, 'body.state', ['digest', 'entries']);
  const entries: Record<string, string> = {};
  for (const [id, digest] of Object.entries(object(state.entries, 'body.state.entries'))) entries[id] = string(digest, `body.state.entries.${id}`);
  const options = object(o.options, 'body.options', ['batchSize', 'onConflict']);
  return {
    file: string(o.file, 'body.file'),
    key: string(o.key, 'body.key'),
    state: { digest: string(state.digest, 'body.state.digest'), entries },
    plan: glossaryPlan(o.plan, 'body.plan'),
    terms: array(o.terms, 'body.terms').map((t, i) => {
      const pair = array(t, `body.terms[${i}]`);
      return [wholeNumber(pair[0], `body.terms[${i}][0]`), string(pair[1], `body.terms[${i}][1]`)] as [number, string];
    }),
    options: {
      batchSize: wholeNumber(options.batchSize, 'body.options.batchSize', 1),
      onConflict: oneOf(options.onConflict, 'body.options.onConflict', onConflictActions),
    },
    ...(o.deletions !== undefined ? { deletions: deletionRules(o.deletions) } : {}),
  };
}

function deletionRules(value: Json): { maxDeletions: string | null; force: boolean } {
  const o = object(value, 'body.deletions', ['maxDeletions', 'force']);
  return {
    maxDeletions: o.maxDeletions === null ? null : string(o.maxDeletions, 'body.deletions.maxDeletions'),
    force: o.force === true,
  };
}

/** What changed in the glossary since the plan was made, in words; undefined when nothing did. */
export function glossaryMoved(saved: GlossaryPlanBody['state'], now: readonly GlossaryEntry[]): string | undefined {
  const current = glossaryState(now);
  if (current.digest === saved.digest) return undefined;
  let added = 0;
  let changed = 0;
  for (const [id, digest] of Object.entries(current.entries)) {
    const was = saved.entries[id];
    if (was === undefined) added++;
    else if (was !== digest) changed++;
  }
  const removed = Object.keys(saved.entries).filter((id) => current.entries[id] === undefined).length;
  // The digest differs but no entry does: the plan's own fields disagree, so it was edited.
  if (added + removed + changed === 0) throw new ShapeError('body.state.digest does not match its entries');
  return [
    ...(added > 0 ? [`${plural(added, 'entry', 'entries')} added`] : []),
    ...(removed > 0 ? [`${plural(removed, 'entry', 'entries')} deleted`] : []),
    ...(changed > 0 ? [`${plural(changed, 'entry', 'entries')} changed`] : []),
  ].join(', ');
}
