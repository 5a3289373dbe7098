// Other tools' role columns (`teamctl help rosters`, "Other tools' role columns"): `--role-map
// <from=to,…>` maps a roster's role and organization-role values (`Maintainer=owner,
// Developer=member,Organization admin=admin`) before they are read; `from` matches trimmed and in
// any case, an empty `to` is an empty cell (member; no organization role change). A value neither
// known nor mapped is a problem of its line naming `--role-map`, with a mapping of every such value
// of the file that, given as printed, reads it.
import { organizationRoles, teamMemberRoles } from '../choices.js';
import { UsageError } from '../errors.js';
import { quote } from '../output/words.js';

/** A role map: lower-cased `from` → `to` as written (lower case). */
export type RoleMap = ReadonlyMap<string, string>;

const targets: readonly string[] = [...teamMemberRoles, ...organizationRoles, 'guest', ''];

/** `--role-map Maintainer=owner,Developer=member`: checked, every `to` a role teamctl knows (or empty). */
export function parseRoleMap(value: string): RoleMap {
  const map = new Map<string, string>();
  for (const pair of value.split(',')) {
    const at = pair.indexOf('=');
    const from = pair.slice(0, at).trim();
    if (at === -1 || from === '') throw new UsageError(`--role-map takes from=to pairs separated by commas, like Maintainer=owner,Developer=member — not ${quote(pair.trim())}`);
    const to = pair.slice(at + 1).trim().toLowerCase();
    if (!targets.includes(to)) throw new UsageError(`--role-map: ${quote(to)} (for ${quote(from)}) is no role teamctl knows (${targets.filter((t) => t !== '').join(', ')}; empty for none)`);
    const earlier = map.get(from.toLowerCase());
    if (earlier !== undefined && earlier !== to) throw new UsageError(`--role-map maps ${quote(from)} twice, to ${quote(earlier)} and ${quote(to)}`);
    map.set(from.toLowerCase(), to);
  }
  return map;
}

/** A cell through the map: its mapped value, or the cell trimmed. */
export function mapRole(cell: string, map: RoleMap | undefined): string {
  const value = cell.trim();
  return map?.get(value.toLowerCase()) ?? value;
}

/** Values that say "nothing" (a spreadsheet's or pandas' empty cell). */
const nothing = /^(nan|none|null|n\/a|-|—)$/i;

/** The role an unknown value most likely means, for the suggested mapping. */
function guess(value: string, column: 'team' | 'organization'): string {
  if (nothing.test(value)) return '';
  if (column === 'team') return /owner|maintainer|admin|manager/i.test(value) ? 'owner' : 'member';
  if (/admin|owner/i.test(value)) return 'admin';
  return /guest/i.test(value) ? 'guest' : 'read';
}

/** A shell word for a suggestion: bare when it is plain, JSON-quoted otherwise. */
const word = (text: string): string => (/^[A-Za-z0-9=,_.@-]+$/.test(text) ? text : JSON.stringify(text));

/**
 * The `--role-map` that maps every unknown value of the file (with what `given` maps already),
 * for the messages: `--role-map "Maintainer=owner,Developer=member"`.
 */
export function roleMapSuggestion(unknown: ReadonlyMap<string, 'team' | 'organization'>, given: RoleMap | undefined): string {
  const pairs = [...(given ?? new Map<string, string>()).entries()].map(([from, to]) => `${from}=${to}`);
  for (const [value, column] of unknown) pairs.push(`${value}=${guess(value, column)}`);
  return `--role-map ${word(pairs.join(','))}`;
}
