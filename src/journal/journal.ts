// The journal of glossary batches whose outcome is not known yet (`teamctl help reliability`, "Reliability"): a batch
// is recorded before its PUT is sent and forgotten once its outcome is known. What is left — sent,
// outcome unknown, or in flight when the run was interrupted — the next run against the same
// service and organization settles first: operations found in the glossary landed; the others are
// held back (not sent again) while the service may still apply them, so an immediate re-run
// cannot double a batch still in flight. After the settle window they are taken as lost.
//
// One journal per service origin and organization (canonical: scheme, host with the loopback
// names made one, port), shared by every profile, so another profile or `localhost` for
// `127.0.0.1` finds the same batches. A run that changes the glossary holds the journal's lock
// file from before it reads the glossary until its last request: one writer per glossary on this
// machine (the next one waits, or refuses with --no-wait). Every change to the journal re-reads
// the file under that lock; a journal that cannot be read stops the run, since forgetting it could
// double a batch.
import { createHash, randomBytes } from 'node:crypto';
import { chmod, mkdir, readdir, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { GlossaryOperation } from '../api/types.js';
import { isLoopback } from '../api/url.js';
import { writeFileAtomic } from '../files/atomic.js';
import { FileKindError, readRegularText } from '../files/regular.js';
import { translationsKey } from '../model/entries.js';
import type { GlossaryEntryLike } from '../plan/glossary.js';
import { JournalError, notOurs } from './journalError.js';
import { JournalLock, type LockOptions } from './lock.js';

export { JournalError } from './journalError.js';
export type { LockOptions } from './lock.js';

export interface JournalBatch {
  id: string;
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



/** The journal's name for a service: scheme, lowercase host (loopback names made one), port. */
export function journalOrigin(baseUrl: string): string {
  const url = new URL(baseUrl);
  const scheme = url.protocol.replace(/:$/, '').toLowerCase();
  // WHATWG URL gives IPv6 in brackets; a trailing dot names the same host. Loopback is what
  // decides plain http and the proxy too (isLoopback), so one host is never two journals.
  const host = url.hostname.toLowerCase().replace(/^\[|\]$/g, '').replace(/\.$/, '');
  const loopback = isLoopback(url.hostname);
  const port = url.port || (scheme === 'https' ? '443' : '80');
  return `${scheme}://${loopback ? 'loopback' : host}:${port}`;
}

/** Times from the file: a future or unreadable one counts as now (and is written back as now). */
function clampTime(sentAt: string, now: Date): { time: number; fixed: boolean } {
  const time = Date.parse(sentAt);
  if (Number.isNaN(time) || time > now.getTime()) return { time: now.getTime(), fixed: true };
  return { time, fixed: false };
}

interface JournalFile {
  version: 1;
  origin: string;
  organization: string;
  batches: JournalBatch[];
  /** The other writes that cannot be repeated (absent in journals that hold glossary batches only). */
  writes?: WriteRecord[];
}

/**
 * A write other than the glossary PUT that the service cannot take twice (`teamctl help
 * reliability`): an invitation (it mails the invitee), a team creation (a second one makes a
 * second team) or a removal from the organization sent as a request (it mails the admins).
 * Recorded as `sending` before its request leaves, then given the outcome that was answered.
 * `sending` left behind means the run ended with the request in flight: the service may have it.
 */
export type WriteRecord =
  | { kind: 'invitation'; id: string; email: string; sentAt: string; outcome: 'sending' | 'invited' | 'unknown' }
  | { kind: 'team'; id: string; title: string; sentAt: string; outcome: 'sending' | 'unknown' }
  | { kind: 'removal'; id: string; user: string; email: string | null; sentAt: string; outcome: 'sending' | 'requested' | 'unknown' };

export type WriteKind = WriteRecord['kind'];
/** A record as a caller gives it: the journal adds its id and time. */
export type NewWrite = WriteRecord extends infer R ? (R extends WriteRecord ? Omit<R, 'id' | 'sentAt' | 'outcome'> : never) : never;

/** The journal's files: one per service origin and organization, shared by every profile. */
interface JournalState {
  batches: JournalBatch[];
  writes: WriteRecord[];
}



export class Journal {
  /** The lock this run holds, when it opened the journal to write it. */
  private lock: JournalLock | undefined;
  /** The batches and write records as last read or written (a dry run works on this copy alone). */
  private state: JournalState = { batches: [], writes: [] };

  private get batches(): JournalBatch[] {
    return this.state.batches;
  }

  private constructor(
    readonly path: string,
    private readonly origin: string,
    private readonly organization: string,
    /** Whether this run may write the journal (it holds the lock). */
    private readonly writable: boolean,
  ) {}

  /**
   * Opens the journal of `baseUrl` and `organization` in `configDir`. With `lock`, first takes
   * its lock (one writer per glossary); without, it is a read-only copy for a dry run.
   */
  static async open(configDir: string, baseUrl: string, organization: string, lock?: LockOptions): Promise<Journal> {
    const origin = journalOrigin(baseUrl);
    const dir = join(configDir, 'journal');
    const name = createHash('sha256').update(`${origin}\n${organization}`).digest('hex').slice(0, 20);
    const journal = new Journal(join(dir, `${name}.json`), origin, organization, lock !== undefined);
    if (lock) {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      journal.lock = await JournalLock.take(`${journal.path}.lock`, `${organization} at ${origin}`, lock);
      try {
        journal.state = await journal.read();
        await journal.adoptLegacy(dir);
        await journal.adoptInvitations(configDir);
      } catch (err) {
        await journal.close();
        throw err;
      }
    } else {
      journal.state = await journal.read();
      await journal.adoptInvitations(configDir);
    }
    return journal;
  }

  /** Lets the next run in. */
  async close(): Promise<void> {
    await this.lock?.release();
  }

  pending(): JournalBatch[] {
    return this.batches;
  }

  /** Whether this run holds the lock (and so may send writes that cannot be repeated). */
  get locked(): boolean {
    return this.lock?.held === true;
  }

  /** The write records of one kind, as last read or written. */
  writes<K extends WriteKind>(kind: K): Extract<WriteRecord, { kind: K }>[] {
    return this.state.writes.filter((w): w is Extract<WriteRecord, { kind: K }> => w.kind === kind);
  }

  /**
   * Records writes about to be sent (outcome `sending`) and returns their ids, in order. Nothing
   * may be sent when this throws: the journal could not be written (JournalError), or this run
   * does not hold the lock.
   */
  async intend(writes: readonly NewWrite[], now: Date): Promise<string[]> {
    if (!this.writable) throw new Error('a write recorded in a journal opened without its lock');
    const records = writes.map((w) => ({ ...w, id: randomBytes(6).toString('hex'), sentAt: now.toISOString(), outcome: 'sending' }) as WriteRecord);
    await this.changeWrites((current) => [...current, ...records]);
    return records.map((r) => r.id);
  }

  /**
   * Settles the recorded team creations against the titles the organization lists now (`key`
   * folds a title as people read it): one listed landed, and is forgotten; one still absent once
   * `holdBackMs` has passed since it was sent did not land and cannot land later, and is
   * forgotten too (it may be created again). The others are held: returned with the time their
   * hold-back ends, not to be created again before then.
   */
  async settleTeams(titles: readonly string[], key: (title: string) => string, now: Date, holdBackMs: number): Promise<{ title: string; until: number }[]> {
    const listed = new Set(titles.map(key));
    const records = this.writes('team');
    const held = records.filter((w) => !listed.has(key(w.title)) && now.getTime() - Date.parse(w.sentAt) < holdBackMs);
    const done = new Set(records.filter((w) => !held.includes(w)).map((w) => w.id));
    if (done.size > 0) await this.changeWrites((current) => current.filter((w) => !done.has(w.id)));
    return held.map((w) => ({ title: w.title, until: Date.parse(w.sentAt) + holdBackMs }));
  }

  /**
   * Settles the recorded removals against the organization's members listed now: a user no longer
   * a member was removed (by this request or another way), so the record is forgotten and a later
   * removal of the same user, who may join again, is sent.
   */
  async settleRemovals(members: ReadonlySet<string>): Promise<void> {
    const gone = new Set(this.writes('removal').filter((w) => !members.has(w.user)).map((w) => w.id));
    if (gone.size > 0) await this.changeWrites((current) => current.filter((w) => !gone.has(w.id)));
  }

  /** Gives recorded writes their outcome; `done` forgets them (their outcome needs no record). */
  async answered(ids: readonly string[], outcome: WriteRecord['outcome'] | 'done'): Promise<void> {
    const which = new Set(ids);
    await this.changeWrites((current) =>
      current.flatMap((w) => (!which.has(w.id) ? [w] : outcome === 'done' ? [] : [{ ...w, outcome } as WriteRecord])),
    );
  }

  /** Records a batch about to be sent; returns its id. A journal that cannot be written sends nothing. */
  async sending(operations: GlossaryOperation[], now: Date): Promise<string> {
    const id = randomBytes(6).toString('hex');
    await this.change((batches) => [...batches, { id, sentAt: now.toISOString(), operations }]);
    return id;
  }

  /** The batch's outcome is known, except for `unknown` operations (kept, or the batch is forgotten). */
  async settled(id: string, unknown: readonly GlossaryOperation[]): Promise<void> {
    await this.change((batches) =>
      batches.flatMap((b) => (b.id !== id ? [b] : unknown.length > 0 ? [{ ...b, operations: [...unknown] }] : [])),
    );
  }

  /**
   * Settles what earlier runs left against the glossary as listed now: landed operations are
   * forgotten; the rest is held back until `windowMs` after it was sent, then taken as lost.
   */
  async settle(glossary: readonly GlossaryEntryLike[], now: Date, windowMs: number): Promise<Settled> {
    const result: Settled = { landed: 0, lost: 0, held: [] };
    if (this.batches.length === 0) return result;
    const ids = new Set(glossary.map((e) => e.id));
    const byId = new Map(glossary.map((e) => [e.id, e]));
    const present = new Map<string, number>();
    for (const e of glossary) present.set(translationsKey(e.translations), (present.get(translationsKey(e.translations)) ?? 0) + 1);
    const landed = (op: GlossaryOperation): boolean => {
      if (op.type === 'delete') return !ids.has(op.id);
      if (op.type === 'update') {
        const current = byId.get(op.id);
        return current !== undefined && translationsKey(current.translations) === translationsKey(op.translations);
      }
      const key = translationsKey(op.translations);
      const n = present.get(key) ?? 0;
      if (n === 0) return false;
      present.set(key, n - 1); // each entry accounts for one insert
      return true;
    };
    const kept: JournalBatch[] = [];
    for (const batch of this.batches) {
      const { time, fixed } = clampTime(batch.sentAt, now);
      const sentAt = fixed ? now.toISOString() : batch.sentAt;
      const expired = now.getTime() - time > windowMs;
      const waiting: GlossaryOperation[] = [];
      for (const op of batch.operations) {
        if (landed(op)) result.landed++;
        else if (expired) result.lost++;
        else {
          waiting.push(op);
          result.held.push({ operation: op, sentAt });
        }
      }
      if (waiting.length > 0) kept.push({ id: batch.id, sentAt, operations: waiting });
    }
    const settledIds = new Set(this.batches.map((b) => b.id));
    // Batches recorded meanwhile (none while the lock is held; kept all the same) stay as they are.
    await this.change((batches) => [...batches.filter((b) => !settledIds.has(b.id)), ...kept]);
    return result;
  }

  /** Read-modify-write of the glossary batches under the lock; a dry run's copy changes in memory only. */
  private async change(edit: (batches: JournalBatch[]) => JournalBatch[]): Promise<void> {
    await this.changeState((state) => ({ ...state, batches: edit(state.batches) }));
  }

  private async changeWrites(edit: (writes: WriteRecord[]) => WriteRecord[]): Promise<void> {
    await this.changeState((state) => ({ ...state, writes: edit(state.writes) }));
  }

  /** The changes of this process, one after another: two at once would each write what the other had not read. */
  private changes: Promise<unknown> = Promise.resolve();

  private changeState(edit: (state: JournalState) => JournalState): Promise<void> {
    const next = this.changes.then(() => this.changeStateNow(edit));
    this.changes = next.catch(() => {});
    return next;
  }

  private async changeStateNow(edit: (state: JournalState) => JournalState): Promise<void> {
    if (!this.writable) {
      this.state = edit(this.state);
      return;
    }
    const next = edit(await this.read());
    const file: JournalFile = { version: 1, origin: this.origin, organization: this.organization, batches: next.batches, ...(next.writes.length > 0 ? { writes: next.writes } : {}) };
    try {
      await writeFileAtomic(this.path, JSON.stringify(file) + '\n', `the glossary journal ${this.path}`, { own: true });
      await chmod(this.path, 0o600);
    } catch (err) {
      throw new JournalError(`the journal ${this.path} could not be written (${(err as Error).message}); nothing was sent`, {
        hint: 'teamctl records there every request the service cannot take twice before sending it; free the disk or fix the permissions of the config folder, then run again',
      });
    }
    this.state = next;
  }

  private async read(): Promise<JournalState> {
    let text: string;
    try {
      text = await readRegularText(this.path, { own: true });
    } catch (err) {
      if (err instanceof FileKindError) throw notOurs('journal', err);
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { batches: [], writes: [] };
      throw corrupt(this.path, (err as Error).message);
    }
    let data: Partial<JournalFile> | null;
    try {
      data = JSON.parse(text) as Partial<JournalFile> | null;
    } catch {
      throw corrupt(this.path, 'it is not JSON');
    }
    if (typeof data !== 'object' || data === null || !Array.isArray(data.batches) || !data.batches.every(isBatch)) {
      throw corrupt(this.path, 'it is not a teamctl journal');
    }
    if (data.writes !== undefined && !(Array.isArray(data.writes) && data.writes.every(isWrite))) throw corrupt(this.path, 'a write record is not one teamctl wrote');
    return { batches: data.batches, writes: data.writes ?? [] };
  }

  /**
   * Invitation records of earlier versions (\`invitations/\`, one file per organization and
   * e-mail): this service's and organization's become the journal's (a dry run reads them only),
   * so an upgrade never invites a pending invitee again.
   */
  private async adoptInvitations(configDir: string): Promise<void> {
    const folder = join(configDir, 'invitations');
    const names = await readdir(folder).catch(() => [] as string[]);
    for (const name of names.filter((n) => /^[0-9a-f]{40}\.json$/.test(n))) {
      const path = join(folder, name);
      let record: { email?: unknown; organization?: unknown; baseUrl?: unknown; invitedAt?: unknown };
      try {
        record = JSON.parse(await readRegularText(path, { own: true, maxBytes: 16 * 1024 })) as typeof record;
        if (typeof record.baseUrl !== 'string' || journalOrigin(record.baseUrl) !== this.origin || record.organization !== this.organization) continue;
      } catch {
        continue; // not a record teamctl wrote, or of another service: left as it is
      }
      const { email, invitedAt } = record;
      if (typeof email !== 'string' || typeof invitedAt !== 'string' || Number.isNaN(Date.parse(invitedAt))) continue;
      const write: WriteRecord = { kind: 'invitation', id: randomBytes(6).toString('hex'), email, sentAt: new Date(invitedAt).toISOString(), outcome: 'invited' };
      await this.changeWrites((current) => [...current, write]);
      if (this.writable) await unlink(path).catch(() => {});
    }
  }

  /** Journals of earlier versions (one per profile, batches naming their base URL): this glossary's batches move here. */
  private async adoptLegacy(dir: string): Promise<void> {
    for (const name of await readdir(dir)) {
      if (!name.endsWith('.json') || /^[0-9a-f]{20}\.json$/.test(name)) continue;
      const path = join(dir, name);
      let batches: (JournalBatch & { baseUrl?: unknown; organization?: unknown })[];
      try {
        // Never waiting on a FIFO nor reading through a link: such a file is left alone.
        const data = JSON.parse(await readRegularText(path, { own: true })) as { batches?: unknown };
        if (!Array.isArray(data.batches)) continue;
        batches = data.batches.filter(isBatch) as typeof batches;
      } catch {
        continue;
      }
      const ours = (b: (typeof batches)[number]): boolean => {
        try {
          return typeof b.baseUrl === 'string' && journalOrigin(b.baseUrl) === this.origin && b.organization === this.organization;
        } catch {
          return false;
        }
      };
      const moving = batches.filter(ours);
      if (moving.length === 0) continue;
      await this.change((current) => [...current, ...moving.map((b) => ({ id: b.id, sentAt: b.sentAt, operations: b.operations }))]);
      const rest = batches.filter((b) => !ours(b));
      if (rest.length === 0) await unlink(path).catch(() => {});
      else await writeFileAtomic(path, JSON.stringify({ batches: rest }) + '\n', path, { own: true });
    }
  }

}


function corrupt(path: string, why: string): JournalError {
  return new JournalError(`the glossary journal ${path} cannot be read (${why}); nothing was sent`, {
    hint:
      'it records glossary requests whose outcome was unknown, which could still land: check the glossary for duplicates ' +
      '(teamctl glossary list), then move the file aside and run again',
  });
}

const isText = (v: unknown): v is string => typeof v === 'string';

function isWrite(value: unknown): value is WriteRecord {
  const w = value as Partial<Record<string, unknown>> | null;
  if (typeof w !== 'object' || w === null || !isText(w.id) || !isText(w.sentAt) || Number.isNaN(Date.parse(w.sentAt))) return false;
  if (w.kind === 'invitation') return isText(w.email) && ['sending', 'invited', 'unknown'].includes(w.outcome as string);
  if (w.kind === 'team') return isText(w.title) && ['sending', 'unknown'].includes(w.outcome as string);
  if (w.kind === 'removal') return isText(w.user) && (w.email === null || isText(w.email)) && ['sending', 'requested', 'unknown'].includes(w.outcome as string);
  return false;
}

function isBatch(value: unknown): value is JournalBatch {
  const b = value as Partial<JournalBatch> | null;
  return typeof b === 'object' && b !== null && typeof b.id === 'string' && typeof b.sentAt === 'string' && Array.isArray(b.operations);
}

/**
 * Runs `use` with the journal of `baseUrl` and `organization` open, and closes it after: under its
 * lock when `lock` is given (a run that sends writes that cannot be repeated: the next such run
 * waits, then plans again from what this one left), else a read-only copy (a dry run).
 */
/**
 * The journal a write that cannot be repeated is recorded in before it is sent (`teamctl help
 * reliability`). Every such write goes through here: one without a journal held under its lock is
 * a bug, and nothing is sent.
 */
export function lockedJournal(journal: Journal | undefined): Journal {
  if (journal?.locked !== true) throw new Error('a write that cannot be repeated, about to be sent without the journal held under its lock');
  return journal;
}

export async function withJournalOf<T>(configDir: string, baseUrl: string, organization: string, lock: LockOptions | undefined, use: (journal: Journal) => Promise<T>): Promise<T> {
  const journal = await Journal.open(configDir, baseUrl, organization, lock);
  try {
    return await use(journal);
  } finally {
    await journal.close();
  }
}
