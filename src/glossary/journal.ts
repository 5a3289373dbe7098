// The journal of glossary batches whose outcome is not known yet (README, "Reliability"): a batch
// is recorded before its PUT is sent and forgotten once its outcome is known. What is left — sent,
// outcome unknown, or in flight when the run was interrupted — the next run against the same
// service and organization settles first: operations found in the glossary landed; the others are
// held back (not sent again) while the service may still apply them, so an immediate re-run
// cannot double a batch still in flight. After the settle window they are taken as lost.
// One small JSON file per profile, in the config folder, written atomically, mode 0600.
import { chmod, mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { GlossaryOperation } from '../api/types.js';
import { ServiceError, TeamctlError } from '../errors.js';
import { writeFileAtomic } from '../files/atomic.js';
import { translationsKey, type GlossaryEntryLike, type PlannedOperation } from '../plan/glossary.js';

export interface JournalBatch {
  id: string;
  baseUrl: string;
  organization: string;
  /** ISO time the PUT was (about to be) sent. */
  sentAt: string;
  /** The operations whose outcome is unknown. */
  operations: GlossaryOperation[];
}

/** What settling found: what landed since, what was taken as lost, and what is held back. */
export interface Settled {
  landed: number;
  lost: number;
  held: { operation: GlossaryOperation; sentAt: string }[];
}

export class Journal {
  private batches: JournalBatch[] = [];

  private constructor(private readonly path: string) {}

  static async open(configDir: string, profile: string): Promise<Journal> {
    const journal = new Journal(join(configDir, 'journal', `${profile.replace(/[^A-Za-z0-9_.-]/g, '_')}.json`));
    try {
      const data = JSON.parse(await readFile(journal.path, 'utf8')) as { batches?: unknown };
      if (Array.isArray(data.batches)) journal.batches = data.batches.filter(isBatch);
    } catch {
      // No journal yet (or an unreadable one, which remembers nothing): start empty.
    }
    return journal;
  }

  pending(baseUrl: string, organization: string): JournalBatch[] {
    return this.batches.filter((b) => b.baseUrl === baseUrl && b.organization === organization);
  }

  /** Records a batch about to be sent; returns its id. */
  async sending(baseUrl: string, organization: string, operations: GlossaryOperation[], now: Date): Promise<string> {
    const id = randomBytes(6).toString('hex');
    this.batches.push({ id, baseUrl, organization, sentAt: now.toISOString(), operations });
    await this.save();
    return id;
  }

  /** The batch's outcome is known, except for `unknown` operations (kept, or the batch is forgotten). */
  async settled(id: string, unknown: readonly GlossaryOperation[]): Promise<void> {
    const batch = this.batches.find((b) => b.id === id);
    if (!batch) return;
    if (unknown.length > 0) batch.operations = [...unknown];
    else this.batches = this.batches.filter((b) => b !== batch);
    await this.save();
  }

  /**
   * Settles what earlier runs left for this service and organization against the glossary as
   * listed now: landed operations are forgotten; the rest is held back until `windowMs` after it
   * was sent, then taken as lost.
   */
  async settle(baseUrl: string, organization: string, glossary: readonly GlossaryEntryLike[], now: Date, windowMs: number): Promise<Settled> {
    const result: Settled = { landed: 0, lost: 0, held: [] };
    const pending = this.pending(baseUrl, organization);
    if (pending.length === 0) return result;
    const ids = new Set(glossary.map((e) => e.id));
    const byId = new Map(glossary.map((e) => [e.id, e]));
    const present = new Map<string, number>();
    for (const e of glossary) present.set(translationsKey(e.translations), (present.get(translationsKey(e.translations)) ?? 0) + 1);
    const landed = (op: GlossaryOperation): boolean => {
      if (op.type === 'delete') return !ids.has(op.id);
      if (op.type === 'update') return byId.get(op.id) !== undefined && translationsKey(byId.get(op.id)?.translations ?? {}) === translationsKey(op.translations);
      const key = translationsKey(op.translations);
      const n = present.get(key) ?? 0;
      if (n === 0) return false;
      present.set(key, n - 1); // each entry accounts for one insert
      return true;
    };
    for (const batch of pending) {
      const expired = now.getTime() - Date.parse(batch.sentAt) > windowMs;
      for (const op of batch.operations) {
        if (landed(op)) result.landed++;
        else if (expired) result.lost++;
        else result.held.push({ operation: op, sentAt: batch.sentAt });
      }
      await this.settled(batch.id, expired ? [] : batch.operations.filter((op) => result.held.some((h) => h.operation === op)));
    }
    return result;
  }

  private async save(): Promise<void> {
    const dir = join(this.path, '..');
    await mkdir(dir, { recursive: true, mode: 0o700 });
    await writeFileAtomic(this.path, JSON.stringify({ batches: this.batches }) + '\n', `the glossary journal ${this.path}`);
    await chmod(this.path, 0o600);
  }
}

function isBatch(value: unknown): value is JournalBatch {
  const b = value as Partial<JournalBatch> | null;
  return typeof b === 'object' && b !== null && typeof b.id === 'string' && typeof b.baseUrl === 'string' && typeof b.organization === 'string' && typeof b.sentAt === 'string' && Array.isArray(b.operations);
}

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
  if (a.type !== b.type) return false;
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
  baseUrl: string,
  organization: string,
  now: () => Date = () => new Date(),
): (operations: GlossaryOperation[]) => Promise<void> {
  return async (operations) => {
    const id = await journal.sending(baseUrl, organization, operations, now());
    try {
      await update(operations);
    } catch (err) {
      const unknown = !(err instanceof TeamctlError) || (err instanceof ServiceError && err.outcome === 'unknown');
      if (!unknown) await journal.settled(id, []);
      throw err;
    }
    await journal.settled(id, []);
  };
}
