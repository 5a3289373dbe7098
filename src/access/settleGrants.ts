// The end-of-run settle of user grants (`teamctl help reliability`, "The hold-back time"): the
// rule of src/journal/settleHeld.ts for the grants still of unknown outcome after the read-back.
// Once their hold-back time has passed, the resources' user grants are listed: one listed is
// applied, one proven missing is sent again (recorded first) while the retry budget lasts; with
// --no-settle, an interruption or a listing that fails, the journal keeps them for a later run.
import type { ApiClient } from '../api/client.js';
import { defaultRetryPolicy } from '../api/retry.js';
import { TeamctlError } from '../errors.js';
import { settleHeld } from '../journal/settleHeld.js';
import type { HoldBackRun } from '../journal/teamCreations.js';
import { grantKey, resourceKey } from '../model/access.js';
import type { AccessChange } from '../plan/access.js';
import { readGrants } from './grants.js';
import { sendOne, type AccessRow } from './send.js';
import { settleUserGrants, type JournaledGrants } from './userGrants.js';

/** Sends of one grant in a run, at most: the retry budget. */
const maxSends = defaultRetryPolicy.retries + 1;

export async function settleUnknownGrants(client: ApiClient, org: string, changes: readonly AccessChange[], rows: AccessRow[], journaled: JournaledGrants | undefined, run: HoldBackRun, interrupted: () => boolean): Promise<void> {
  if (journaled === undefined || !journaled.journal.locked || !run.settle) return;
  const open = changes.flatMap((c, i) => (c.action === 'grant' && c.subject.kind === 'user' && rows[i]?.outcome === 'unknown' ? [i] : []));
  if (open.length === 0) return;
  const sends = new Map(open.map((i) => [i, 1]));
  let failed = false;
  const sentAt = (i: number): number | undefined => {
    const c = changes[i] as Extract<AccessChange, { action: 'grant' }>;
    const record = journaled.journal.writes('grant').find((w) => w.resource === resourceKey(c.resource) && w.user === c.subject.id);
    return record === undefined ? undefined : Date.parse(record.sentAt);
  };
  const waiting = (): number[] => open.filter((i) => rows[i]?.outcome === 'unknown' && (sends.get(i) ?? 1) <= maxSends && sentAt(i) !== undefined);
  await settleHeld(
    {
      resendable() {
        const due = waiting();
        return due.length === 0 ? undefined : { count: due.length, firstSentAt: Math.min(...due.map((i) => sentAt(i) as number)) };
      },
      async settleDue() {
        const due = waiting();
        const resources = [...new Map(due.map((i) => [resourceKey(changes[i]!.resource), changes[i]!.resource])).values()];
        let listed;
        try {
          listed = await readGrants(client, org, resources, 8, ['user']);
        } catch (err) {
          if (!(err instanceof TeamctlError)) throw err;
          failed = true; // unknown still: the journal keeps them for a later run
          return;
        }
        await settleUserGrants(journaled, listed, new Set(resources.map(resourceKey)));
        const keys = new Map(listed.map((g) => [grantKey(g), g]));
        for (const i of due) {
          const c = changes[i] as Extract<AccessChange, { action: 'grant' }>;
          const row = rows[i] as AccessRow;
          const count = sends.get(i) ?? 1;
          if (keys.has(grantKey(c))) Object.assign(row, { outcome: 'applied', message: `${row.message}; the listing after the hold-back time shows it` });
          else if (journaled.held.has(grantKey(c)) || interrupted()) continue;
          else if (count >= maxSends) Object.assign(row, { outcome: 'failed', message: `the listing after the hold-back time shows no such grant; sent ${count} times, the retry budget: not sent again` });
          else {
            sends.set(i, count + 1);
            Object.assign(row, await sendOne(client, org, c, journaled));
          }
        }
      },
      stopped: () => failed || interrupted(),
    },
    { holdBackMs: run.holdBackMs, now: run.now, wait: run.wait, maxRounds: maxSends * 2 },
  );
}
