// The filters of `teamctl audit list` (`teamctl help audit`, "Filters"), resolved to what the
// service wants: `--action` checked against the organization's actions, `--actor` an e-mail or a
// user id (→ the member's id), `--target` an e-mail, a team title, a space, collection or site
// title, or an id (→ the id). A title that names several things, or an unknown action, is a usage
// error (exit 2) naming the candidates; nothing else is read or sent.
import type { ApiClient } from '../api/client.js';
import type { AuditEventAction } from '../api/audit.js';
import { UsageError } from '../errors.js';
import { closest } from '../model/closest.js';
import { titleKey } from '../model/titles.js';
import { resourceKinds } from '../choices.js';

/** The action names `word` most likely meant (`teamctl help audit`, "Filters"): a few edits away, or holding it. */
export const nearestNames = (word: string, names: readonly string[]): string[] => closest(word, names, { anywhere: true, edits: 2 });

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
