// HR statuses teamctl does not know (`teamctl help rosters`, "Inactive accounts"): `--status-map
// <value=active|inactive,…>` says what other values of a well-known status column mean
// (`Terminated=inactive,On leave=active`); `value` matches trimmed and in any case. A value neither
// known nor mapped keeps its row, with a warning naming it, its file and line, and the map that
// reads every such value.
import { UsageError } from '../errors.js';
import { quote } from '../output/words.js';

/** What a status value means. */
export type AccountState = 'active' | 'inactive';

/** A status map: lower-cased value → what it means. */
export type StatusMap = ReadonlyMap<string, AccountState>;

/** `--status-map Terminated=inactive,On leave=active`: checked, every meaning `active` or `inactive`. */
export function parseStatusMap(value: string): StatusMap {
  const map = new Map<string, AccountState>();
  for (const pair of value.split(',')) {
    const at = pair.indexOf('=');
    const from = pair.slice(0, at).trim();
    if (at === -1 || from === '') throw new UsageError(`--status-map takes value=active or value=inactive pairs separated by commas, like Terminated=inactive — not ${quote(pair.trim())}`);
    const to = pair.slice(at + 1).trim().toLowerCase();
    if (to !== 'active' && to !== 'inactive') throw new UsageError(`--status-map: ${quote(from)} maps to ${quote(to)}; a status is active or inactive`);
    const earlier = map.get(from.toLowerCase());
    if (earlier !== undefined && earlier !== to) throw new UsageError(`--status-map maps ${quote(from)} twice, to ${earlier} and ${to}`);
    map.set(from.toLowerCase(), to);
  }
  return map;
}

/** What an unknown status most likely means, for the suggested map: a leaver's words are inactive. */
const leaverWords = /terminat|left|leaver|leaving|depart|deleted|removed|offboard|disabled|deactiv|suspend|archiv|locked|expired|retired|resigned|inactive|former/i;
const guess = (value: string): AccountState => (leaverWords.test(value) || /^(no|false|n|0)$/i.test(value) ? 'inactive' : 'active');

/** A shell word for a suggestion: bare when it is plain, JSON-quoted otherwise. */
const word = (text: string): string => (/^[A-Za-z0-9=,_.@-]+$/.test(text) ? text : JSON.stringify(text));

/** The `--status-map` that maps every unknown value (with what `given` maps already), for the warnings. */
export function statusMapSuggestion(unknown: Iterable<string>, given: StatusMap | undefined): string {
  const pairs = [...(given ?? new Map<string, AccountState>()).entries()].map(([from, to]) => `${from}=${to}`);
  for (const value of unknown) pairs.push(`${value}=${guess(value)}`);
  return `--status-map ${word(pairs.join(','))}`;
}
