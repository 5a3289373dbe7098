// What earlier versions left in the config folder (README, "Settings"): the journal they kept there,
// one per config folder; per-profile journals older still (batches naming their base URL); and
// one invitation record per organization and e-mail. The journal of a service and organization
// takes theirs on first use, under its lock, and what was moved is then removed (a dry run reads
// them only), so an upgrade never sends again a write an earlier version recorded.
import { randomBytes } from 'node:crypto';
import { readdir, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { sameFile, writeFileAtomic } from '../files/atomic.js';
import { readRegularText } from '../files/regular.js';
import { isBatch, journalOrigin, readJournalFile, type JournalBatch, type JournalState, type WriteRecord } from './journalFile.js';

export interface Earlier {
  /** The records found, to add to the journal. */
  found: JournalState;
  /** Removes what was moved, once the journal holds it. */
  moved: () => Promise<void>;
}

/** Whose records the journal `path` (named `name`) takes: one service origin and organization. */
interface Owner {
  origin: string;
  organization: string;
}

/** The records earlier versions left in `configDir` for the journal at `path`. */
export async function earlierRecords(configDir: string, name: string, path: string, owner: Owner): Promise<Earlier> {
  const parts = [await configJournal(join(configDir, 'journal', name), path), await legacyBatches(join(configDir, 'journal'), owner), await invitationRecords(configDir, owner)];
  return {
    found: { batches: parts.flatMap((p) => p.found.batches), writes: parts.flatMap((p) => p.found.writes) },
    moved: async () => {
      for (const part of parts) await part.moved();
    },
  };
}

const nothing: Earlier = { found: { batches: [], writes: [] }, moved: async () => {} };

/** The journal an earlier version kept in the config folder; one that cannot be read stops the run. */
async function configJournal(old: string, path: string): Promise<Earlier> {
  // The state folder is the config folder, maybe under another name (a link): nothing to move.
  if (await sameFile(old, path)) return nothing;
  // Removed once moved, an empty one too.
  return { found: await readJournalFile(old), moved: () => unlink(old).catch(() => {}) };
}

/** Per-profile journals of earlier versions: this service's and organization's batches. */
async function legacyBatches(dir: string, owner: Owner): Promise<Earlier> {
  const batches: JournalBatch[] = [];
  const rewrites: (() => Promise<void>)[] = [];
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    if (!name.endsWith('.json') || /^[0-9a-f]{20}\.json$/.test(name)) continue;
    const path = join(dir, name);
    let all: (JournalBatch & { baseUrl?: unknown; organization?: unknown })[];
    try {
      // Never waiting on a FIFO nor reading through a link: such a file is left alone.
      const data = JSON.parse(await readRegularText(path, { own: true })) as { batches?: unknown };
      if (!Array.isArray(data.batches)) continue;
      all = data.batches.filter(isBatch) as typeof all;
    } catch {
      continue;
    }
    const ours = (b: (typeof all)[number]): boolean => {
      try {
        return typeof b.baseUrl === 'string' && journalOrigin(b.baseUrl) === owner.origin && b.organization === owner.organization;
      } catch {
        return false;
      }
    };
    const moving = all.filter(ours);
    if (moving.length === 0) continue;
    batches.push(...moving.map((b) => ({ id: b.id, sentAt: b.sentAt, operations: b.operations })));
    const rest = all.filter((b) => !ours(b));
    rewrites.push(() => (rest.length === 0 ? unlink(path).catch(() => {}) : writeFileAtomic(path, JSON.stringify({ batches: rest }) + '\n', path, { own: true })));
  }
  return {
    found: { batches, writes: [] },
    moved: async () => {
      for (const rewrite of rewrites) await rewrite();
    },
  };
}

/** Invitation records (`invitations/`, one file per organization and e-mail) of this service and organization. */
async function invitationRecords(configDir: string, owner: Owner): Promise<Earlier> {
  const folder = join(configDir, 'invitations');
  const writes: WriteRecord[] = [];
  const paths: string[] = [];
  for (const name of (await readdir(folder).catch(() => [] as string[])).filter((n) => /^[0-9a-f]{40}\.json$/.test(n))) {
    const path = join(folder, name);
    let record: { email?: unknown; organization?: unknown; baseUrl?: unknown; invitedAt?: unknown };
    try {
      record = JSON.parse(await readRegularText(path, { own: true, maxBytes: 16 * 1024 })) as typeof record;
      if (typeof record.baseUrl !== 'string' || journalOrigin(record.baseUrl) !== owner.origin || record.organization !== owner.organization) continue;
    } catch {
      continue; // not a record teamctl wrote, or of another service: left as it is
    }
    const { email, invitedAt } = record;
    if (typeof email !== 'string' || typeof invitedAt !== 'string' || Number.isNaN(Date.parse(invitedAt))) continue;
    writes.push({ kind: 'invitation', id: randomBytes(6).toString('hex'), email, sentAt: new Date(invitedAt).toISOString(), outcome: 'invited' });
    paths.push(path);
  }
  return {
    found: { batches: [], writes },
    moved: async () => {
      for (const path of paths) await unlink(path).catch(() => {});
    },
  };
}
