// The journal of glossary batches whose outcome is not known yet (`teamctl help reliability`, "Reliability"): a batch
// is recorded before its PUT is sent and forgotten once its outcome is known. What is left — sent,
// outcome unknown, or in flight when the run was interrupted — the next run against the same
// service and organization settles first: operations found in the glossary landed; the others are
// held back (not sent again) while the service may still apply them, so an immediate re-run
// cannot double a batch still in flight. After the settle window they are taken as lost.
//
// One journal per service origin and organization (canonical: scheme, host with the loopback
// names made one, port; a sandbox by its identity), in the state folder of the machine's user
// (README, "Settings"), shared by every profile, config folder and HOME, so another of them or
// `localhost` for `127.0.0.1` finds the same records. A run that changes the service holds the
// journal's lock file from before it reads the state until its last request: one writer per
// service and organization on this machine (the next one waits, or refuses with --no-wait). Every
// change to the journal re-reads the file under that lock; a journal that cannot be read stops the
// run, since forgetting it could double a batch.
import { createHash, randomBytes } from 'node:crypto';
import { chmod, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { GlossaryOperation } from '../api/types.js';
import { writeFileAtomic } from '../files/atomic.js';
import { translationsKey } from '../model/entries.js';
import type { GlossaryEntryLike } from '../plan/glossary.js';
import { earlierRecords } from './earlier.js';
import { JournalError } from './journalError.js';
import { clampTime, journalOrigin, readJournalFile, type JournalBatch, type JournalFile, type JournalState, type NewWrite, type WriteKind, type WriteRecord } from './journalFile.js';
import { JournalLock, type LockOptions } from './lock.js';
import { homeOf, prepareStateFolder, type JournalHome } from './stateFolder.js';

export { JournalError } from './journalError.js';
export type { LockOptions } from './lock.js';
export { journalOrigin, type JournalBatch, type NewWrite, type WriteKind, type WriteRecord } from './journalFile.js';
export type { JournalHome } from './stateFolder.js';

/** What settling found: what landed since, what was taken as lost, and what is held back. */
export interface Settled {
  landed: number;
  lost: number;
  held: { operation: GlossaryOperation; sentAt: string }[];
}

/** Whether two base URLs name one service for the journal (a URL that cannot be read names none). */
function sameService(a: string, b: string): boolean {
  try {
    return journalOrigin(a) === journalOrigin(b);
  } catch {
    return false;
  }
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
   * Opens the journal of `baseUrl` and `organization` in the state folder of `home` (a string: one
   * folder for both). With `lock`, first takes its lock (one writer per service and organization on
   * this machine); without, it is a read-only copy for a dry run. What earlier versions left in the
   * config folder joins it (README, "Settings").
   */
  static async open(home: string | JournalHome, baseUrl: string, organization: string, lock?: LockOptions): Promise<Journal> {
    const { state, config, sandbox } = homeOf(home);
    const origin = sandbox !== undefined && sameService(sandbox.baseUrl, baseUrl) ? `sandbox:${sandbox.id}` : journalOrigin(baseUrl);
    const dir = join(state.dir, 'journal');
    const name = `${createHash('sha256').update(`${origin}\n${organization}`).digest('hex').slice(0, 20)}.json`;
    const journal = new Journal(join(dir, name), origin, organization, lock !== undefined);
    await prepareStateFolder(state, lock !== undefined);
    if (lock) {
      await mkdir(dir, { recursive: true, mode: 0o700 }).catch((err: NodeJS.ErrnoException) => {
        throw new JournalError(`the journal folder ${dir} cannot be created (${err.code === 'EEXIST' || err.code === 'ENOTDIR' ? 'a file is in its place' : err.message}); nothing was sent`, {
          hint: 'teamctl records there every request the service cannot take twice before sending it: move the file aside, then run again',
        });
      });
      journal.lock = await JournalLock.take(`${journal.path}.lock`, `${organization} at ${origin}`, lock);
    }
    try {
      journal.state = await readJournalFile(journal.path);
      const earlier = await earlierRecords(config, name, journal.path, { origin, organization });
      const known = new Set([...journal.state.batches, ...journal.state.writes].map((r) => r.id));
      const { batches, writes } = earlier.found;
      if (batches.length + writes.length > 0) {
        await journal.changeState((now) => ({ batches: [...now.batches, ...batches.filter((b) => !known.has(b.id))], writes: [...now.writes, ...writes.filter((w) => !known.has(w.id))] }));
      }
      if (lock) await earlier.moved();
    } catch (err) {
      await journal.close();
      throw err;
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
    const held = await this.settleWrites('team', (w) => listed.has(key(w.title)), now, holdBackMs);
    return held.map(({ record, until }) => ({ title: record.title, until }));
  }

  /**
   * Settles the records of one kind: one that `landed` is forgotten; one that has not landed once
   * `holdBackMs` has passed since it was sent did not land and cannot land later, and is forgotten
   * too (it may be sent again). The others are held: returned with the time their hold-back ends.
   * Records outside `listed` (what the listing did not cover) are left as they are.
   */
  async settleWrites<K extends WriteKind>(
    kind: K,
    landed: (record: Extract<WriteRecord, { kind: K }>) => boolean,
    now: Date,
    holdBackMs: number,
    listed: (record: Extract<WriteRecord, { kind: K }>) => boolean = () => true,
  ): Promise<{ record: Extract<WriteRecord, { kind: K }>; until: number }[]> {
    const records = this.writes(kind).filter(listed);
    // A time ahead of the clock (a clock set back) counts as now, and is written back as now, as a batch's is.
    const ahead = new Set(records.filter((w) => clampTime(w.sentAt, now).fixed).map((w) => w.id));
    const sent = (w: WriteRecord): number => clampTime(w.sentAt, now).time;
    const held = records.filter((w) => !landed(w) && now.getTime() - sent(w) < holdBackMs);
    const done = new Set(records.filter((w) => !held.includes(w)).map((w) => w.id));
    if (done.size + ahead.size > 0) {
      await this.changeWrites((current) => current.filter((w) => !done.has(w.id)).map((w) => (ahead.has(w.id) ? { ...w, sentAt: now.toISOString() } : w)));
    }
    return held.map((w) => ({ record: w, until: sent(w) + holdBackMs }));
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
    const next = edit(await readJournalFile(this.path));
    const file: JournalFile = { version: 1, origin: this.origin, organization: this.organization, batches: next.batches, ...(next.writes.length > 0 ? { writes: next.writes } : {}) };
    try {
      await writeFileAtomic(this.path, JSON.stringify(file) + '\n', `the glossary journal ${this.path}`, { own: true });
      await chmod(this.path, 0o600);
    } catch (err) {
      throw new JournalError(`the journal ${this.path} could not be written (${(err as Error).message}); nothing was sent`, {
        hint: 'teamctl records there every request the service cannot take twice before sending it; free the disk or fix the permissions of the state folder, then run again',
      });
    }
    this.state = next;
  }
}

/**
 * The journal a write that cannot be repeated is recorded in before it is sent (`teamctl help
 * reliability`). Every such write goes through here: one without a journal held under its lock is
 * a bug, and nothing is sent.
 */
export function lockedJournal(journal: Journal | undefined): Journal {
  if (journal?.locked !== true) throw new Error('a write that cannot be repeated, about to be sent without the journal held under its lock');
  return journal;
}

/**
 * Runs `use` with the journal of `baseUrl` and `organization` open, and closes it after: under its
 * lock when `lock` is given (a run that sends writes that cannot be repeated: the next such run
 * waits, then plans again from what this one left), else a read-only copy (a dry run).
 */
export async function withJournalOf<T>(home: string | JournalHome, baseUrl: string, organization: string, lock: LockOptions | undefined, use: (journal: Journal) => Promise<T>): Promise<T> {
  const journal = await Journal.open(home, baseUrl, organization, lock);
  try {
    return await use(journal);
  } finally {
    await journal.close();
  }
}
