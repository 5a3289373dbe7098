// A saved teams plan (README, "Review, then apply"): its body checked field by field, and what
// moved in the organization's teams since the plan was made.
import { array, boolean, object, oneOf, string, wholeNumber, type Json } from '../engine/shape.js';
import { teamsState, titleProblem, type ListedTeam, type TeamChange } from '../plan/teamChanges.js';
import { ShapeError } from '../engine/shape.js';
import type { TeamsPlanBody } from './change.js';

function title(value: Json, path: string): string {
  const text = string(value, path);
  const problem = titleProblem(text);
  if (problem !== undefined) throw new ShapeError(`${path}: ${problem}`);
  return text;
}

function change(value: Json, path: string): TeamChange {
  const action = oneOf(object(value, path).action, `${path}.action`, ['create', 'rename', 'delete'] as const);
  const o = object(value, path, { create: ['action', 'title'], rename: ['action', 'team', 'from', 'title'], delete: ['action', 'team', 'title', 'members'] }[action]);
  if (action === 'create') return { action, title: title(o.title, `${path}.title`) };
  if (action === 'rename') return { action, team: string(o.team, `${path}.team`), from: string(o.from, `${path}.from`), title: title(o.title, `${path}.title`) };
  return { action, team: string(o.team, `${path}.team`), title: string(o.title, `${path}.title`), members: wholeNumber(o.members, `${path}.members`) };
}

export function teamsPlanBody(value: Json): TeamsPlanBody {
  const o = object(value, 'body', ['changes', 'state', 'force']);
  return {
    changes: array(o.changes, 'body.changes').map((c, i) => change(c, `body.changes[${i}]`)),
    state: array(o.state, 'body.state').map((s, i) => string(s, `body.state[${i}]`)),
    force: boolean(o.force, 'body.force'),
  };
}

/** What moved since the plan was made, in words; undefined when nothing it touches did. */
export function teamsMoved(body: TeamsPlanBody, teams: readonly ListedTeam[]): string | undefined {
  const now = teamsState(body.changes, teams);
  const moved = body.state.flatMap((was, i) => (now[i] === was ? [] : [`${was} is now ${now[i] ?? 'missing'}`]));
  return moved.length === 0 ? undefined : moved.join('; ');
}
