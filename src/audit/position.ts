// The position of `teamctl audit list --follow-from <state-file>` (`teamctl help audit`, "Follow
// from a state file"): the newest time a run emitted, and the ids of the events of that very time
// it has emitted, since several events may share one time. The next run asks from that time on
// (`from` is inclusive) and leaves out those ids: an event is emitted once, whatever shares its
// time. Pure: reading and writing the file is the command's.
import { UsageError } from '../errors.js';
import type { AuditFilters } from '../api/audit.js';

export interface Position {
  version: 1;
  /** The organization the events are of. */
  organization: string;
  /** The filters of the run (action, actor, target as ids): a position is of one listing. */
  filters: { action?: string; actor?: string; target?: string };
  /** The time of the newest event emitted (or the start asked for when none was). */
  at: string;
  /** The ids of the events emitted whose time is `at`. */
  ids: string[];
}

/** The least an event must hold to be placed. */
export interface Placed {
  id: string;
  occurredAt: string;
}

export type PositionFilters = Pick<AuditFilters, 'action' | 'actor' | 'target'>;

/** The filters as a position keeps them: only those given. */
export function positionFilters(f: PositionFilters): Position['filters'] {
  return { ...(f.action ? { action: f.action } : {}), ...(f.actor ? { actor: f.actor } : {}), ...(f.target ? { target: f.target } : {}) };
}

const sameFilters = (a: Position['filters'], b: Position['filters']): boolean => a.action === b.action && a.actor === b.actor && a.target === b.target;

/** Reads a state file's text: refused (exit 2, naming `file`) when it is not a position of this organization and these filters. */
export function parsePosition(text: string, file: string, organization: string, filters: PositionFilters): Position {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new UsageError(`${file}: the state file is not JSON; it holds no position of \`audit list --follow-from\``, { hint: 'name another file, or remove it to start again from --since' });
  }
  const d = data as Partial<Position> | null;
  const valid =
    typeof d === 'object' && d !== null && d.version === 1 && typeof d.organization === 'string' && typeof d.at === 'string' && !Number.isNaN(Date.parse(d.at)) &&
    Array.isArray(d.ids) && d.ids.every((id) => typeof id === 'string') && typeof d.filters === 'object' && d.filters !== null &&
    Object.values(d.filters).every((v) => typeof v === 'string');
  if (!valid) throw new UsageError(`${file}: the state file is corrupt: expected {"version":1,"organization","filters","at","ids"}`, { hint: 'name another file, or remove it to start again from --since' });
  const position = d as Position;
  if (position.organization !== organization) {
    throw new UsageError(`${file}: the state file is the position of organization ${JSON.stringify(position.organization)}, not ${JSON.stringify(organization)}`, { hint: 'each organization needs its own state file' });
  }
  if (!sameFilters(position.filters, positionFilters(filters))) {
    throw new UsageError(`${file}: the state file is the position of other filters (${JSON.stringify(position.filters)})`, { hint: 'each set of --action, --actor and --target needs its own state file' });
  }
  return position;
}

const time = (e: Placed): number => Date.parse(e.occurredAt);

/** Whether `event` comes after the position: a later time, or the same time and an id not emitted yet. */
export function isAfter(event: Placed, position: Pick<Position, 'at' | 'ids'>): boolean {
  const at = Date.parse(position.at);
  return time(event) > at || (time(event) === at && !position.ids.includes(event.id));
}

/** The events of `listed` after the position, each once, oldest first (the order a follow run emits). */
export function eventsAfter<T extends Placed>(listed: readonly T[], position: Pick<Position, 'at' | 'ids'>): T[] {
  const seen = new Set<string>();
  const after = listed.filter((e) => {
    if (seen.has(e.id) || !isAfter(e, position)) return false;
    seen.add(e.id);
    return true;
  });
  // Stable: events of one time keep their order, reversed from the service's newest first.
  return after.reverse().sort((a, b) => time(a) - time(b));
}

/** The position once `emitted` (oldest first, all after `position`) have been emitted. */
export function advance(position: Position, emitted: readonly Placed[]): Position {
  const newest = emitted[emitted.length - 1];
  if (newest === undefined) return position;
  const at = time(newest);
  const ids = emitted.filter((e) => time(e) === at).map((e) => e.id);
  // Still the same time: the ids emitted before at that time stay emitted.
  const kept = at === Date.parse(position.at) ? position.ids : [];
  return { ...position, at: new Date(at).toISOString(), ids: [...new Set([...kept, ...ids])] };
}

/** The text of a state file. */
export function formatPosition(position: Position): string {
  return JSON.stringify(position, null, 2) + '\n';
}
