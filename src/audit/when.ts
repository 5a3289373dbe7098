// `--since` and `--until` of `teamctl audit list` (`teamctl help audit`, "Filters"): a date or
// date-time in ISO 8601, or a duration back from now (`7d`, `12h`, `30m`, `2w`). Pure: the clock
// is handed in.
import { UsageError } from '../errors.js';

const units: Record<string, number> = { w: 7 * 86_400_000, d: 86_400_000, h: 3_600_000, m: 60_000, s: 1000 };
const date = /^(\d{4})-(\d\d)-(\d\d)$/;
const dateTime = /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d{1,9})?)?(Z|[+-]\d\d:\d\d)$/i;

/** The instant `value` names, as the service's date-time (UTC, milliseconds); `now` for durations. */
export function parseWhen(value: string, flag: string, now: Date): string {
  const v = value.trim();
  const duration = /^(\d{1,6})([wdhms])$/.exec(v);
  if (duration) return new Date(now.getTime() - Number(duration[1]) * (units[duration[2] as string] as number)).toISOString();
  const day = date.exec(v);
  if (day) {
    const at = new Date(`${v}T00:00:00Z`);
    // A day that does not exist (2026-02-30) is not read as another one.
    if (!Number.isNaN(at.getTime()) && at.toISOString().startsWith(v)) return at.toISOString();
  } else if (dateTime.test(v) && !Number.isNaN(Date.parse(v))) {
    return new Date(Date.parse(v)).toISOString();
  } else if (/^\d{4}-\d\d-\d\dT\d\d:\d\d/.test(v)) {
    throw new UsageError(`${flag} ${JSON.stringify(value)}: a date-time needs its zone (Z or an offset such as +02:00)`);
  }
  throw new UsageError(`${flag} ${JSON.stringify(value)} is neither a date (2026-03-01, 2026-03-01T09:00:00Z) nor a duration (7d, 12h, 30m)`);
}
