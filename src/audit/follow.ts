// `teamctl audit list --follow-from <state-file>` (`teamctl help audit`, "Follow from a state
// file"): the events after the file's position, oldest first, then the new position written —
// with the one atomic writer — only once stdout has taken every byte. A run stopped before that
// (killed, a reader gone, a write failing) leaves the position where it was: the next run emits
// the same events again, and none is lost; a run that wrote its position never emits them again.
// `to` is fixed when the run starts, so events recorded while it pages wait for the next run.
import type { AuditEvent, AuditFilters } from '../api/audit.js';
import type { ApiClient } from '../api/client.js';
import { ServiceError, TeamctlError, UsageError } from '../errors.js';
import { watchStdout, type IO } from '../io.js';
import type { OutputFormat } from '../settings.js';
import { advance, eventsAfter, formatPosition, parsePosition, positionFilters, type Position } from './position.js';

/** The most events one follow run takes: more, and --until splits them (memory stays bounded). */
export const maxFollowEvents = 100_000;

export interface FollowRun {
  client: ApiClient;
  org: string;
  io: IO;
  format: OutputFormat;
  /** The state file as named, and its path. */
  file: string;
  path: string;
  /** `from` when the file does not exist yet (--since); undefined: from the first event. */
  since: string | undefined;
  /** The run's end: --until, else the run's start. */
  to: string;
  filters: Pick<AuditFilters, 'action' | 'actor' | 'target'>;
  /** Writes the events in the chosen format. */
  write(events: AuditEvent[]): Promise<void>;
}

/** The position the state file holds, or the start one (since, no ids) when there is no file yet. */
async function readPosition(run: FollowRun): Promise<{ position: Position; existed: boolean }> {
  const { readRegularText } = await import('../files/regular.js');
  let text: string | undefined;
  try {
    text = await readRegularText(run.path, { own: true, maxBytes: 16 * 1024 * 1024 });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT') {
      const why = err instanceof Error && code === undefined ? err.message : (code ?? String(err));
      throw new UsageError(`${run.file}: cannot read the state file (${why})`, { hint: 'the state file must be a regular file, not a link' });
    }
  }
  if (text === undefined) {
    const at = run.since ?? new Date(0).toISOString();
    return { position: { version: 1, organization: run.org, filters: positionFilters(run.filters), at, ids: [] }, existed: false };
  }
  return { position: parsePosition(text, run.file, run.org, run.filters), existed: true };
}

/** Resolves once stdout has taken everything written so far; false when it failed or closed. */
function flushed(io: IO): Promise<boolean> {
  const { stdout } = io.streams;
  const state = watchStdout(stdout);
  if (state.closed || state.error) return Promise.resolve(false);
  return new Promise((resolve) => {
    stdout.write('', (err) => resolve(!err && !state.closed && state.error === undefined));
  });
}

/** One follow run; returns the number of events emitted. */
export async function follow(run: FollowRun): Promise<number> {
  const { listAuditEvents } = await import('../api/audit.js');
  const { position, existed } = await readPosition(run);
  if (Date.parse(run.to) < Date.parse(position.at)) return 0;
  const listed: AuditEvent[] = [];
  for await (const page of listAuditEvents(run.client, run.org, { ...run.filters, from: position.at, to: run.to })) {
    listed.push(...page);
    if (listed.length > maxFollowEvents) {
      throw new ServiceError(`more than ${maxFollowEvents.toLocaleString('en-US')} audit events after the position in ${run.file}; nothing was emitted`, {
        hint: 'take them in parts with --until (the position follows each part)',
      });
    }
  }
  const emitted = eventsAfter(listed, position);
  if (emitted.length > 0) await run.write(emitted);
  if (!(await flushed(run.io))) {
    throw new TeamctlError(`standard output did not take every event; ${run.file} keeps its position, and the next run emits them again`);
  }
  if (emitted.length > 0 || !existed) {
    const { writeFileAtomic } = await import('../files/atomic.js');
    await writeFileAtomic(run.path, formatPosition(advance(position, emitted)), run.file, { own: true });
  }
  return emitted.length;
}
