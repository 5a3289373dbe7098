// One team creation through the journal (`teamctl help reliability`): recorded before it is
// sent, sent once (the client retries only what cannot have been processed), and an answer that
// proves nothing settled by the teams listing, never by sending it again on a guess.
import type { ApiClient } from '../api/client.js';
import { createTeam, listTeams } from '../api/organization.js';
import { writeOutcome } from '../api/outcome.js';
import { TeamctlError } from '../errors.js';
import { titleKey } from '../model/titles.js';
import { lockedJournal, type Journal } from './journal.js';
import { settleOwnCreations, type CreationSent, type HoldBackRun } from './teamCreations.js';

/** What a creation needs: where, the title, the journal it is recorded in, and its hold-back time. */
export interface CreationInput {
  client: ApiClient;
  org: string;
  title: string;
  /** The journal the creation is recorded in before it is sent (held under its lock when sending). */
  journal?: Journal | undefined;
  /** How a creation of unknown outcome is settled before the run ends (default: not: exit 6). */
  holdBack?: HoldBackRun | undefined;
}

/** A creation's outcome: the team's id (with a note on how it was known), or why it was not made. */
export type Created = { id: string; note: string } | { failure: string; status: number | null; unknown?: boolean };

/**
 * Sends the creation once (the client retries only what cannot have been processed); an answer
 * that proves nothing is settled by listing the teams of that title, never by sending it again.
 */
export async function createTeamOnce(client: ApiClient, org: string, title: string, members: readonly string[], journal: Journal | undefined, now: Date): Promise<Created> {
  // Recorded before it is sent (`teamctl help reliability`): a journal that cannot be written sends nothing.
  let ids: string[];
  const recording = lockedJournal(journal);
  try {
    ids = await recording.intend([{ kind: 'team', title }], now);
  } catch (err) {
    if (!(err instanceof TeamctlError)) throw err;
    return { failure: `not sent: ${err.message}`, status: null };
  }
  try {
    const id = (await createTeam(client, org, title, members)).id;
    await recording.answered(ids, 'done');
    return { id, note: '' };
  } catch (err) {
    if (!(err instanceof TeamctlError)) throw err;
    const unknown = writeOutcome(err) === 'unknown';
    const status = err.status ?? null;
    await recording.answered(ids, unknown ? 'unknown' : 'done');
    if (!unknown) return { failure: err.message, status };
    const found: string[] = [];
    try {
      for await (const page of listTeams(client, org, title, 1000)) for (const t of page) if (t.title === title) found.push(t.id);
    } catch (listing) {
      if (!(listing instanceof TeamctlError)) throw listing;
      return { failure: `${err.message}; the teams could not be listed to see whether it was made (${listing.message}): not sent again`, status, unknown: true };
    }
    const [id] = found;
    if (found.length === 1 && id !== undefined) {
      await recording.answered(ids, 'done');
      return { id, note: 'the answer was lost; the listing shows it' };
    }
    const seen = found.length === 0 ? 'no team of that title' : `${found.length} teams of that title (${found.join(', ')})`;
    // It may still land: the journal holds it, and a later run settles it by the listing (exit 6).
    return { failure: `${err.message}; the listing shows ${seen} yet: outcome unknown, not sent again before the hold-back time has passed`, status, unknown: true };
  }
}

/** The teams whose title holds `title` (the service's search), every page. */
async function teamsTitled(client: ApiClient, org: string, title: string): Promise<{ id: string; title: string }[]> {
  const found: { id: string; title: string }[] = [];
  for await (const page of listTeams(client, org, title, 1000)) for (const t of page) found.push({ id: t.id, title: t.title });
  return found;
}

/**
 * A creation still of unknown outcome, settled before the run goes on (`teamctl help
 * reliability`, "The hold-back time"): made once a listing after the hold-back time shows it,
 * sent again (recorded first) when the listing proves it lost, left unknown with --no-settle.
 */
export async function settledCreation(created: Created, input: CreationInput, members: readonly string[], interrupted: () => boolean): Promise<Created> {
  const hold = input.holdBack;
  if (!('failure' in created) || created.unknown !== true || hold === undefined || !hold.settle) return created;
  const { client, org, title } = input;
  const journal = lockedJournal(input.journal);
  const send = async (): Promise<CreationSent> => {
    const again = await createTeamOnce(client, org, title, members, journal, new Date(hold.now()));
    return 'id' in again ? { id: again.id } : again.unknown === true ? 'unknown' : { failure: again.failure };
  };
  const done = (await settleOwnCreations([title], journal, hold, { list: () => teamsTitled(client, org, title), key: titleKey, send }, interrupted)).get(title);
  if (done === undefined) return created;
  if ('failure' in done) return { failure: done.failure, status: null };
  return { id: done.id, note: done.sends > 1 ? `sent again once the listing after the hold-back time showed none: ${done.sends} sends` : 'the answer was lost; the listing after the hold-back time shows it' };
}
