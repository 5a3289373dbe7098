// The glossary's batches against the journal (`teamctl help reliability`): the PUT recorded before
// it is sent and forgotten once its outcome is known, and the planned operations an earlier run may
// still apply held back.
import type { GlossaryOperation } from '../api/types.js';
import { translationsKey } from '../model/entries.js';
import type { PlannedOperation } from '../plan/glossary.js';
import type { Journal, Settled } from './journal.js';
import { writeOutcome } from '../api/outcome.js';

/** Splits planned operations into those to send and those an earlier run may still apply. */
export function holdBack(planned: readonly PlannedOperation[], held: Settled['held']): { send: PlannedOperation[]; held: { planned: PlannedOperation; sentAt: string }[] } {
  const waiting = [...held];
  const send: PlannedOperation[] = [];
  const out: { planned: PlannedOperation; sentAt: string }[] = [];
  for (const p of planned) {
    const i = waiting.findIndex((h) => sameOperation(h.operation, p.operation));
    if (i < 0) send.push(p);
    else {
      out.push({ planned: p, sentAt: (waiting[i] as { sentAt: string }).sentAt });
      waiting.splice(i, 1);
    }
  }
  return { send, held: out };
}

function sameOperation(a: GlossaryOperation, b: GlossaryOperation): boolean {
  if (a.type === 'insert' && b.type === 'insert') return translationsKey(a.translations) === translationsKey(b.translations);
  if (a.type === 'update' && b.type === 'update') return a.id === b.id;
  return a.type === 'delete' && b.type === 'delete' && a.id === b.id;
}

/**
 * The glossary PUT, journaled: recorded before it is sent, forgotten once its outcome is known —
 * kept when the outcome is unknown (or the process ends with the request in flight).
 */
export function journaled(
  update: (operations: GlossaryOperation[]) => Promise<void>,
  journal: Journal,
  now: () => Date = () => new Date(),
): (operations: GlossaryOperation[]) => Promise<void> {
  return async (operations) => {
    const id = await journal.sending(operations, now());
    try {
      await update(operations);
    } catch (err) {
      if (writeOutcome(err) === 'failed') await journal.settled(id, []);
      throw err;
    }
    await journal.settled(id, []);
  };
}
