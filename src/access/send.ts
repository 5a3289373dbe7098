// Sending an access plan (README, "Access"): grants and role changes first, then general access,
// then revocations, each phase's requests side by side within --concurrency. A failure is its
// change's row, never thrown; a write that did not succeed is classed by writeOutcome (a lost
// answer is unknown, exit 6). A user grant goes through the journal (src/access/userGrants.ts):
// recorded before it is sent, never sent again on a guess; the read-back lists the resource's
// users and settles it.
import type { ApiClient } from '../api/client.js';
import { notSentMessage } from '../engine/interrupted.js';
import { TeamctlError } from '../errors.js';
import { writeOutcome } from '../api/outcome.js';
import { lockedJournal } from '../journal/journal.js';
import { runPool } from '../members/pool.js';
import { grantKey, levelName, resourceKey, type Grant } from '../model/access.js';
import type { Progress } from '../output/progress.js';
import type { AccessChange } from '../plan/access.js';
import { readGrants } from './grants.js';
import { settleUserGrants, type JournaledGrants } from './userGrants.js';

/** One change's outcome: `planned` in a dry run. */
export interface AccessRow {
  action: AccessChange['action'];
  /** `space:<id>`. */
  resource: string;
  title: string;
  /** `team:<id>`, `user:<id>`, or `*` for general access. */
  subject: string;
  /** The team's title or the user's e-mail (or id). */
  name: string;
  from: string;
  role: string;
  outcome: 'planned' | 'applied' | 'failed' | 'unknown';
  status: number | null;
  message: string;
}

export function rowOf(c: AccessChange, outcome: AccessRow['outcome'], status: number | null, message: string): AccessRow {
  const general = c.action === 'general-access';
  return {
    action: c.action,
    resource: resourceKey(c.resource),
    title: c.resource.title,
    subject: general ? '*' : `${c.subject.kind}:${c.subject.id}`,
    name: general ? 'general access' : c.subject.name,
    from: c.action === 'grant' ? '' : levelName(c.from),
    role: c.action === 'revoke' ? '' : levelName(general ? c.level : c.role),
    outcome,
    status,
    message,
  };
}

export async function sendOne(client: ApiClient, org: string, c: AccessChange, journaled: JournaledGrants | undefined): Promise<AccessRow> {
  const { grant, changeRole, revoke, setDefaultLevel } = await import('../api/access.js');
  let record: string | undefined;
  try {
    if (c.action === 'grant' && c.subject.kind === 'user') {
      const earlier = journaled?.held.get(grantKey(c));
      if (earlier !== undefined) return rowOf(c, 'unknown', null, `not sent: an earlier run's request (sent ${earlier}) may still apply it`);
      const journal = lockedJournal(journaled?.journal);
      [record] = await journal.intend([{ kind: 'grant', resource: resourceKey(c.resource), user: c.subject.id }], new Date((journaled as JournaledGrants).now()));
    }
    if (c.action === 'grant') await grant(client, org, c.resource, c.subject.kind, [c.subject.id], c.role);
    else if (c.action === 'change-role') await changeRole(client, org, c.resource, c.subject.kind, c.subject.id, c.role);
    else if (c.action === 'general-access') await setDefaultLevel(client, org, c.resource, c.level);
    else return rowOf(c, 'applied', (await revoke(client, org, c.resource, c.subject.kind, c.subject.id)) ? 205 : 204, '');
    if (record !== undefined) await journaled?.journal.answered([record], 'done');
    return rowOf(c, 'applied', c.action === 'general-access' ? 200 : 204, '');
  } catch (err) {
    if (!(err instanceof TeamctlError)) throw err;
    // A write whose answer was lost may have landed: the read-back (and the journal) settle it, nothing sends it again.
    const outcome = writeOutcome(err);
    if (record !== undefined) await journaled?.journal.answered([record], outcome === 'unknown' ? 'unknown' : 'done');
    return rowOf(c, outcome, err.status ?? null, err.message);
  }
}

const phase = (c: AccessChange): number => (c.action === 'grant' || c.action === 'change-role' ? 0 : c.action === 'general-access' ? 1 : 2);

/** Sends the changes phase after phase; once `interrupted()`, the rest are rows "not sent". */
export async function sendAccessChanges(client: ApiClient, org: string, changes: readonly AccessChange[], concurrency: number, progress: Progress, interrupted: () => boolean, journaled?: JournaledGrants): Promise<AccessRow[]> {
  const rows: AccessRow[] = new Array<AccessRow>(changes.length);
  for (const p of [0, 1, 2]) {
    const indexes = changes.flatMap((c, i) => (phase(c) === p ? [i] : []));
    const settled = await runPool(indexes, concurrency, async (i) => {
      const c = changes[i] as AccessChange;
      const row = interrupted() ? rowOf(c, 'failed', null, notSentMessage) : await sendOne(client, org, c, journaled);
      progress.increment();
      return row;
    });
    settled.forEach((s, j) => {
      if (!s.ok) throw s.error;
      rows[indexes[j] as number] = s.value;
    });
  }
  return rows;
}

/**
 * The resources the plan touched, read again: an applied change the listing contradicts becomes
 * failed; a grant of unknown outcome is applied when the listing shows it, and stays unknown
 * otherwise (never sent again in this run). False when the listing failed (rows unverified).
 */
export async function readBackAccess(client: ApiClient, org: string, changes: readonly AccessChange[], rows: AccessRow[], concurrency: number, journaled?: JournaledGrants): Promise<boolean> {
  const { listResources } = await import('../api/access.js');
  const touched = [...new Map(changes.map((c) => [resourceKey(c.resource), c.resource])).values()];
  let grants: Map<string, Grant>;
  const levels = new Map<string, string>();
  try {
    const listed = await readGrants(client, org, touched, concurrency);
    grants = new Map(listed.map((g) => [grantKey(g), g]));
    // The journal's user grants on these resources, settled by this listing.
    if (journaled?.journal.locked === true) await settleUserGrants(journaled, listed, new Set(touched.map(resourceKey)));
    if (changes.some((c) => c.action === 'general-access')) {
      for (const kind of new Set(touched.map((r) => r.kind))) for await (const page of listResources(client, org, kind, 1000)) for (const r of page) levels.set(resourceKey(r), levelName(r.defaultLevel));
    }
  } catch (err) {
    if (!(err instanceof TeamctlError)) throw err;
    for (const row of rows) if (row.outcome === 'applied') row.message = [row.message, `not verified: ${err.message}`].filter(Boolean).join('; ');
    return false;
  }
  changes.forEach((c, i) => {
    const row = rows[i] as AccessRow;
    if (row.outcome !== 'applied' && row.outcome !== 'unknown') return;
    const now = c.action === 'general-access' ? levels.get(resourceKey(c.resource)) : grants.has(grantKey(c)) ? levelName((grants.get(grantKey(c)) as Grant).role) : undefined;
    const holds = c.action === 'revoke' ? now === undefined : now === row.role;
    if (row.outcome === 'unknown') {
      if (holds) Object.assign(row, { outcome: 'applied', message: `${row.message}; the listing shows it applied` });
      else row.message = `${row.message}; the listing does not show it: outcome unknown, not sent again`;
    } else if (!holds) {
      Object.assign(row, { outcome: 'failed', message: `the service accepted it, but the listing read back shows ${now === undefined ? 'no grant' : now}` });
    }
  });
  return true;
}
