// Team creations of unknown outcome against the journal (`teamctl help reliability`): held back
// until a listing after the hold-back time proves them landed or lost; a lost one is sent again,
// recorded first, while the retry budget lasts.
import { defaultRetryPolicy } from '../api/retry.js';
import type { HoldBack } from './holdBack.js';
import type { Journal } from './journal.js';

/** A run's hold-back time and --no-settle, its clock, and how it waits (a line; a countdown on a terminal). */
export interface HoldBackRun extends HoldBack {
  now: () => number;
  wait: (ms: number, count: number) => Promise<void>;
}

/** The retry budget of a creation whose outcome is unknown: sent at most this many times in a run. */
const maxSends = defaultRetryPolicy.retries + 1;

/**
 * The team creations earlier runs left of unknown outcome, settled before a run plans (`teamctl
 * help reliability`): by the listing now, and — in a run that sends, under the lock — by a listing
 * once their hold-back time has passed, waited for (--no-settle or not: a title is never created
 * on a guess). Returns what is still held back (a dry run does not wait, and `warn`s of them):
 * titles not to plan a creation of.
 */
export async function settleTeamCreations(journal: Journal, list: () => Promise<string[]>, key: (title: string) => string, run: HoldBackRun, warn: (message: string) => void = () => {}): Promise<{ title: string; until: number }[]> {
  if (journal.writes('team').length === 0) return [];
  let held = await journal.settleTeams(await list(), key, new Date(run.now()), run.holdBackMs);
  if (held.length > 0 && !journal.locked) warn(`${held.map((h) => JSON.stringify(h.title)).join(', ')}: created by an earlier run whose outcome is not known yet; a run that sends waits for it`);
  if (held.length === 0 || !journal.locked) return held;
  await run.wait(Math.max(0, Math.max(...held.map((h) => h.until)) - run.now()), held.length);
  held = await journal.settleTeams(await list(), key, new Date(run.now()), run.holdBackMs);
  return held;
}

/** What became of a creation this run settled: the id it landed under, or why it was not made. */
export type SettledCreation = { id: string; sends: number } | { failure: string };

/** What one more send of a creation gave: its id, an unknown outcome, or a failure. */
export type CreationSent = { id: string } | 'unknown' | { failure: string };

/**
 * This run's team creations whose outcome is unknown, settled before it ends (`teamctl help
 * reliability`): once the hold-back time has passed, a listing shows each one landed, or proves
 * it lost, and a lost one is sent again (`send` records it first) while the retry budget lasts.
 * A title missing from the result is still unknown: its record stays in the journal for a later
 * run (exit 6). With --no-settle, or a listing that fails, nothing more is done.
 */
export async function settleOwnCreations(
  titles: readonly string[],
  journal: Journal,
  run: HoldBackRun,
  teams: { list: () => Promise<readonly { id: string; title: string }[]>; key: (title: string) => string; send: (title: string) => Promise<CreationSent> },
  interrupted: () => boolean,
): Promise<Map<string, SettledCreation>> {
  const settled = new Map<string, SettledCreation>();
  const sends = new Map(titles.map((t) => [t, 1]));
  let open = [...titles];
  // Each round waits once for all, then lists once: bounded by the budget of sends (and a round
  // that found every title still held by the clock counts against it too).
  for (let round = 1; open.length > 0 && run.settle && round <= maxSends * 2 && !interrupted(); round++) {
    await run.wait(run.holdBackMs, open.length);
    if (interrupted()) break; // the wait ended early: nothing more is sent, the journal keeps them
    let listed: readonly { id: string; title: string }[];
    try {
      listed = await teams.list();
    } catch {
      return settled; // unknown still: the journal keeps them for a later run
    }
    const held = new Set((await journal.settleTeams(listed.map((t) => t.title), teams.key, new Date(run.now()), run.holdBackMs)).map((h) => teams.key(h.title)));
    const next: string[] = [];
    for (const title of open) {
      const count = sends.get(title) ?? 1;
      const found = listed.find((t) => teams.key(t.title) === teams.key(title));
      if (found !== undefined) settled.set(title, { id: found.id, sends: count });
      else if (held.has(teams.key(title)) || interrupted()) next.push(title);
      else if (count >= maxSends) settled.set(title, { failure: `the listing after the hold-back time shows no team of that title; sent ${count} times, the retry budget: not sent again` });
      else {
        sends.set(title, count + 1);
        const sent = await teams.send(title);
        if (sent === 'unknown') next.push(title);
        else settled.set(title, 'id' in sent ? { id: sent.id, sends: count + 1 } : sent);
      }
    }
    open = next;
  }
  return settled;
}
