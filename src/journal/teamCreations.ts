// Team creations of unknown outcome against the journal (`teamctl help reliability`): held back
// until a listing after the hold-back time proves them landed or lost.
import type { Journal } from './journal.js';

/** How long a write of unknown outcome is held back before a listing may prove it lost (`teamctl help reliability`). */
export const defaultHoldBackMs = 60_000;

export interface HoldBack {
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  holdBackMs: number;
  /** Said once when the run waits for writes still held back. */
  say: (message: string) => void;
}

/**
 * The team creations earlier runs left of unknown outcome, settled before a run plans (`teamctl
 * help reliability`): by the listing now, and — in a run that sends, under the lock — by a listing
 * once their hold-back time has passed, waited for. Returns what is still held back (a dry run
 * does not wait): titles not to plan a creation of.
 */
export async function settleTeamCreations(journal: Journal, list: () => Promise<string[]>, key: (title: string) => string, hold: HoldBack): Promise<{ title: string; until: number }[]> {
  if (journal.writes('team').length === 0) return [];
  let held = await journal.settleTeams(await list(), key, new Date(hold.now()), hold.holdBackMs);
  if (held.length === 0 || !journal.locked) return held;
  const wait = Math.max(...held.map((h) => h.until)) - hold.now();
  hold.say(`waiting ${Math.ceil(wait / 1000)} s for ${held.length === 1 ? 'a team creation' : `${held.length} team creations`} of an earlier run whose outcome is unknown (${held.map((h) => JSON.stringify(h.title)).join(', ')}), then listing the teams again`);
  await hold.sleep(Math.max(0, wait));
  held = await journal.settleTeams(await list(), key, new Date(hold.now()), hold.holdBackMs);
  return held;
}
