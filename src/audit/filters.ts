// The filters of `teamctl audit list` (`teamctl help audit`, "Filters"), resolved to what the
// service wants: `--action` checked against the organization's actions, `--actor` an e-mail or a
// user id (→ the member's id), `--target` an e-mail, a team title, a space, collection or site
// title, or an id (→ the id). A title that names several things, or an unknown action, is a usage
// error (exit 2) naming the candidates; nothing else is read or sent.
import type { ApiClient } from '../api/client.js';
import type { AuditEventAction } from '../api/audit.js';
import { UsageError } from '../errors.js';
import { titleKey } from '../model/titles.js';
import { resourceKinds } from '../choices.js';

/** Edit distance (insertions, deletions, substitutions). */
function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row[j] = Math.min((previous[j] as number) + 1, (row[j - 1] as number) + 1, (previous[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = row;
  }
  return previous[b.length] as number;
}

/** The names `word` most likely meant, closest first (at most three): few edits away, or holding it. */
export function nearestNames(word: string, names: readonly string[]): string[] {
  const limit = Math.max(2, Math.floor(word.length / 3));
  return names
    .map((name) => ({ name, d: name.includes(word) ? 0 : distance(word, name) }))
    .filter((c) => c.d <= limit)
    .sort((a, b) => a.d - b.d || a.name.localeCompare(b.name))
    .slice(0, 3)
    .map((c) => c.name);
}

/** `--action`: one of the organization's action names, exactly. */
export function checkAction(action: string, actions: readonly AuditEventAction[]): string {
  const names = actions.map((a) => a.id);
  if (names.includes(action)) return action;
  const near = nearestNames(action, names);
  throw new UsageError(`--action ${JSON.stringify(action)} is not an audit action of the organization`, {
    hint: `${near.length > 0 ? `did you mean ${near.join(' or ')}? ` : ''}\`teamctl audit actions\` lists them`,
  });
}

/** `--actor`: an e-mail becomes the member's user id; anything else is an id already. */
export async function resolveActor(client: ApiClient, org: string, actor: string): Promise<string> {
  const { memberId } = await import('../api/organization.js');
  return memberId(client, org, actor);
}

/** One thing a target title may name. */
export interface Candidate {
  kind: string;
  id: string;
  title: string;
}

/** The candidates `value` names among `all`: by id first (exactly), else by title (any case). */
export function pickTarget(value: string, all: readonly Candidate[]): string {
  if (all.some((c) => c.id === value)) return value;
  const named = all.filter((c) => titleKey(c.title) === titleKey(value.trim()));
  if (named.length === 1) return (named[0] as Candidate).id;
  if (named.length === 0) return value;
  throw new UsageError(`--target ${JSON.stringify(value)} names ${named.length} things: ${named.map((c) => `${c.kind} ${JSON.stringify(c.title)} (${c.id})`).join(', ')}`, {
    hint: 'give the id of the one you mean',
  });
}

/** `--target`: an e-mail → the member's id; a team's, space's, collection's or site's title or id → its id; else the value as an id. */
export async function resolveTarget(client: ApiClient, org: string, target: string): Promise<string> {
  if (target.includes('@')) return resolveActor(client, org, target);
  const [{ listTeams }, { listResources }] = await Promise.all([import('../api/organization.js'), import('../api/access.js')]);
  const all: Candidate[] = [];
  for await (const page of listTeams(client, org, undefined, 1000)) all.push(...page.map((t) => ({ kind: 'team', id: t.id, title: t.title })));
  for (const kind of resourceKinds) {
    for await (const page of listResources(client, org, kind, 1000)) all.push(...page.map((r) => ({ kind, id: r.id, title: r.title })));
  }
  return pickTarget(target, all);
}
