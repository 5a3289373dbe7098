// What the journal and its lock say when they cannot be used (`teamctl help reliability`): the run
// stops with nothing sent (exit 1).
import { TeamctlError } from '../errors.js';
import type { FileKindError } from '../files/regular.js';

/** The journal could not be read or written: nothing was sent because of it (exit 1). */
export class JournalError extends TeamctlError {}

/** The journal or its lock is a link, a FIFO or another file teamctl never writes there. */
export function notOurs(what: 'journal' | 'lock', err: FileKindError): JournalError {
  return new JournalError(`the glossary ${what} ${err.path} ${err.message}; nothing was sent`, {
    hint: `teamctl keeps its ${what} there as a regular file of its own: remove what is there, then run again`,
  });
}
