// A journal file (`teamctl help reliability`, "The journal"): its records, their checks, the
// journal's name for a service, and reading one back. A file that is not one teamctl wrote stops
// the run (forgetting it could double a write).
import type { GlossaryOperation } from '../api/types.js';
import { isLoopback } from '../api/url.js';
import { FileKindError, readRegularText } from '../files/regular.js';
import { JournalError, notOurs } from './journalError.js';

export interface JournalBatch {
  id: string;
  /** ISO time the PUT was (about to be) sent. */
  sentAt: string;
  /** The operations whose outcome is unknown. */
  operations: GlossaryOperation[];
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
export function clampTime(sentAt: string, now: Date): { time: number; fixed: boolean } {
  const time = Date.parse(sentAt);
  if (Number.isNaN(time) || time > now.getTime()) return { time: now.getTime(), fixed: true };
  return { time, fixed: false };
}

export interface JournalFile {
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
 * second team), a removal from the organization sent as a request (it mails the admins) or a
 * user's grant on a space, collection or site (`resource` as `space:<id>`; it may notify the user),
 * or a translation's run (billable; `runs` is the translation's `stats.runs` before it was sent:
 * a listing that shows more ran it).
 * Recorded as `sending` before its request leaves, then given the outcome that was answered.
 * `sending` left behind means the run ended with the request in flight: the service may have it.
 */
export type WriteRecord =
  | { kind: 'invitation'; id: string; email: string; sentAt: string; outcome: 'sending' | 'invited' | 'unknown' }
  | { kind: 'team'; id: string; title: string; sentAt: string; outcome: 'sending' | 'unknown' }
  | { kind: 'removal'; id: string; user: string; email: string | null; sentAt: string; outcome: 'sending' | 'requested' | 'unknown' }
  | { kind: 'grant'; id: string; resource: string; user: string; sentAt: string; outcome: 'sending' | 'unknown' }
  | { kind: 'translation-run'; id: string; translation: string; runs: number; sentAt: string; outcome: 'sending' | 'unknown' };

export type WriteKind = WriteRecord['kind'];
/** A record as a caller gives it: the journal adds its id and time. */
export type NewWrite = WriteRecord extends infer R ? (R extends WriteRecord ? Omit<R, 'id' | 'sentAt' | 'outcome'> : never) : never;

/** What a journal file holds. */
export interface JournalState {
  batches: JournalBatch[];
  writes: WriteRecord[];
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
  if (w.kind === 'grant') return isText(w.resource) && isText(w.user) && ['sending', 'unknown'].includes(w.outcome as string);
  if (w.kind === 'translation-run') return isText(w.translation) && Number.isInteger(w.runs) && (w.runs as number) >= 0 && ['sending', 'unknown'].includes(w.outcome as string);
  if (w.kind === 'removal') return isText(w.user) && (w.email === null || isText(w.email)) && ['sending', 'requested', 'unknown'].includes(w.outcome as string);
  return false;
}

export function isBatch(value: unknown): value is JournalBatch {
  const b = value as Partial<JournalBatch> | null;
  return typeof b === 'object' && b !== null && typeof b.id === 'string' && typeof b.sentAt === 'string' && Array.isArray(b.operations);
}

/** A journal file's records; none when it does not exist. */
export async function readJournalFile(path: string): Promise<JournalState> {
  let text: string;
  try {
    text = await readRegularText(path, { own: true });
  } catch (err) {
    if (err instanceof FileKindError) throw notOurs('journal', err);
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { batches: [], writes: [] };
    throw corrupt(path, (err as Error).message);
  }
  let data: Partial<JournalFile> | null;
  try {
    data = JSON.parse(text) as Partial<JournalFile> | null;
  } catch {
    throw corrupt(path, 'it is not JSON');
  }
  if (typeof data !== 'object' || data === null || !Array.isArray(data.batches) || !data.batches.every(isBatch)) {
    throw corrupt(path, 'it is not a teamctl journal');
  }
  if (data.writes !== undefined && !(Array.isArray(data.writes) && data.writes.every(isWrite))) throw corrupt(path, 'a write record is not one teamctl wrote');
  return { batches: data.batches, writes: data.writes ?? [] };
}
