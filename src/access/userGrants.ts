// User grants through the one journal (`teamctl help access`): a grant to a user may notify
// them, so it is recorded before it is sent, under the journal's lock, and settled by listing
// the resource's user grants — at the start of the next run and by this run's read-back. One
// whose outcome is still unknown holds back the same grant: not sent again until the listing
// shows it landed or its hold-back time has passed.
import type { Journal } from '../journal/journal.js';
import { grantKey, type Grant } from '../model/access.js';
import type { AccessChange } from '../plan/access.js';

/** The journal a run's user grants go through, and what earlier runs left unsettled. */
export interface JournaledGrants {
  journal: Journal;
  /** `space:<id> user:<id>` → when an earlier run sent it (ISO), for grants still held back. */
  held: Map<string, string>;
  holdBackMs: number;
  now: () => number;
}

const keyOf = (record: { resource: string; user: string }): string => `${record.resource} user:${record.user}`;

/**
 * Settles the recorded user grants against the grants listed now: one the listing shows landed
 * and is forgotten, one absent after its hold-back time is forgotten too (it may be sent again);
 * the rest are held back. With `resources` (`space:<id>`), only the records of those resources:
 * the listing covered them alone.
 */
export async function settleUserGrants(journaled: JournaledGrants, grants: readonly Grant[], resources?: ReadonlySet<string>): Promise<void> {
  if (journaled.journal.writes('grant').length === 0) return;
  const listed = new Set(grants.filter((g) => g.subject.kind === 'user').map(grantKey));
  const covered = (w: { resource: string }): boolean => resources === undefined || resources.has(w.resource);
  const held = await journaled.journal.settleWrites('grant', (w) => listed.has(keyOf(w)), new Date(journaled.now()), journaled.holdBackMs, covered);
  for (const key of [...journaled.held.keys()]) if (covered({ resource: key.split(' ')[0] as string })) journaled.held.delete(key);
  for (const { record } of held) journaled.held.set(keyOf(record), record.sentAt);
}

/** The journal of this run's user grants, settled against `grants` (the listing the plan is made from). */
export async function journaledGrants(journal: Journal, grants: readonly Grant[], holdBackMs: number, now: () => number): Promise<JournaledGrants> {
  const journaled: JournaledGrants = { journal, held: new Map(), holdBackMs, now };
  await settleUserGrants(journaled, grants);
  return journaled;
}

/**
 * What a run that sends nothing (a dry run, a saved plan) says of the planned user grants an
 * earlier run's unknown outcome holds back: the real run would not send them yet.
 */
export function heldBackGrants(journaled: JournaledGrants, changes: readonly AccessChange[]): string[] {
  const held: string[] = [];
  for (const c of changes) {
    const earlier = c.action === 'grant' && c.subject.kind === 'user' ? journaled.held.get(grantKey(c)) : undefined;
    if (c.action === 'grant' && earlier !== undefined) {
      held.push(`${c.subject.name} on ${c.resource.kind} ${c.resource.title}: held back, not sent by a real run until the listing shows it or the hold-back time passes (an earlier run's request, sent ${earlier}, may still apply it)`);
    }
  }
  return held;
}

