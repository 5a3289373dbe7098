// A saved members plan (README, "Review, then apply"): its body checked field by field (a plan
// file comes from outside and may be edited or truncated), and what moved in a team since.
import type { TeamMemberRole } from '../api/types.js';
import { ShapeError, array, boolean, object, oneOf, string, stringOrNull, wholeNumber, type Json } from '../engine/shape.js';
import type { UserRef } from '../model/users.js';
import type { PlannedUser } from '../engine/boundUsers.js';
import type { CurrentMember, MembersPlan } from '../plan/members.js';
import type { MembersPlanBody, SavedTeamPlan } from './change.js';
import { plural } from '../output/words.js';
import { teamMemberRoles } from '../choices.js';

const roles: readonly TeamMemberRole[] = teamMemberRoles;

export function user(value: Json, path: string): UserRef {
  const o = object(value, path, ['id', 'email']);
  const ref = { id: stringOrNull(o.id, `${path}.id`), email: stringOrNull(o.email, `${path}.email`) };
  if (ref.id === null && ref.email === null) throw new ShapeError(`${path} has neither id nor email`);
  return ref;
}

function membersPlan(value: Json, path: string): MembersPlan {
  const o = object(value, path, ['add', 'remove', 'roleChanges', 'unchanged', 'notMember', 'notInRoster', 'kept']);
  return {
    add: array(o.add, `${path}.add`).map((a, i) => {
      const p = `${path}.add[${i}]`;
      const add = object(a, p, ['user', 'role', 'roleAsked']);
      return { user: user(add.user, `${p}.user`), role: oneOf(add.role, `${p}.role`, roles), ...(add.roleAsked === true ? { roleAsked: true as const } : {}) };
    }),
    remove: array(o.remove, `${path}.remove`).map((r, i) => {
      const p = `${path}.remove[${i}]`;
      const removal = object(r, p, ['user', 'role', 'pruned']);
      return { user: user(removal.user, `${p}.user`), role: oneOf(removal.role, `${p}.role`, roles), pruned: boolean(removal.pruned, `${p}.pruned`) };
    }),
    roleChanges: array(o.roleChanges, `${path}.roleChanges`).map((c, i) => {
      const p = `${path}.roleChanges[${i}]`;
      const change = object(c, p, ['user', 'from', 'to']);
      return { user: user(change.user, `${p}.user`), from: oneOf(change.from, `${p}.from`, roles), to: oneOf(change.to, `${p}.to`, roles) };
    }),
    unchanged: wholeNumber(o.unchanged, `${path}.unchanged`),
    notMember: array(o.notMember, `${path}.notMember`).map((u, i) => user(u, `${path}.notMember[${i}]`)),
    // Plans saved before it existed have no notInRoster.
    ...(o.notInRoster !== undefined ? { notInRoster: array(o.notInRoster, `${path}.notInRoster`).map((u, i) => user(u, `${path}.notInRoster[${i}]`)) } : {}),
    ...(o.kept !== undefined ? { kept: array(o.kept, `${path}.kept`).map((u, i) => user(u, `${path}.kept[${i}]`)) } : {}),
  };
}

function teamPlan(value: Json, path: string): SavedTeamPlan {
  const o = object(value, path, ['team', 'title', 'state', 'plan', 'unchanged', 'file']);
  const state = object(o.state, `${path}.state`, ['digest', 'members']);
  return {
    team: string(o.team, `${path}.team`),
    ...(o.title !== undefined ? { title: string(o.title, `${path}.title`) } : {}),
    state: {
      digest: string(state.digest, `${path}.state.digest`),
      members: array(state.members, `${path}.state.members`).map((m, i) => {
        const p = `${path}.state.members[${i}]`;
        const row = array(m, p);
        return [string(row[0], `${p}[0]`), stringOrNull(row[1] ?? null, `${p}[1]`), oneOf(row[2], `${p}[2]`, roles)];
      }),
    },
    plan: membersPlan(o.plan, `${path}.plan`),
    unchanged: array(o.unchanged, `${path}.unchanged`).map((u, i) => user(u, `${path}.unchanged[${i}]`)),
    ...(o.file !== undefined ? { file: string(o.file, `${path}.file`) } : {}),
  };
}

/**
 * The body of a members plan, checked; throws ShapeError naming the first wrong field by its path
 * from `root` (`body`, or `body.teams` where an organization plan holds it).
 */
export function membersPlanBody(value: Json, root = 'body'): MembersPlanBody {
  const o = object(value, root, ['teams', 'options']);
  const options = object(o.options, `${root}.options`, ['force', 'batchSize', 'concurrency', 'maxRemovals', 'minOwners']);
  const teams = array(o.teams, `${root}.teams`).map((t, i) => teamPlan(t, `${root}.teams[${i}]`));
  if (teams.length === 0) throw new ShapeError(`${root}.teams is empty`);
  // One entry per team, as --plan-out writes it: a team twice would be counted, and sent, twice.
  const first = new Map<string, number>();
  teams.forEach(({ team }, i) => {
    const at = first.get(team);
    if (at !== undefined) throw new ShapeError(`${root}.teams[${i}] names team ${JSON.stringify(team)} again (as ${root}.teams[${at}] does)`);
    first.set(team, i);
  });
  return {
    teams,
    options: {
      force: boolean(options.force, `${root}.options.force`),
      batchSize: wholeNumber(options.batchSize, `${root}.options.batchSize`, 1),
      concurrency: wholeNumber(options.concurrency, `${root}.options.concurrency`, 1),
      maxRemovals: options.maxRemovals === null ? null : string(options.maxRemovals, `${root}.options.maxRemovals`),
      ...(options.minOwners !== undefined ? { minOwners: wholeNumber(options.minOwners, `${root}.options.minOwners`, 1) } : {}),
    },
  };
}


/** What changed in a team since the plan was made, in words; undefined when nothing did. */
export function teamMoved(saved: SavedTeamPlan['state'], now: readonly CurrentMember[]): string | undefined {
  const before = new Map(saved.members.map(([id, , role]) => [id, role]));
  const after = new Map(now.map((m) => [m.id, m.role]));
  let added = 0;
  let removed = 0;
  let roles = 0;
  for (const [id, role] of after) {
    const was = before.get(id);
    if (was === undefined) added++;
    else if (was !== role) roles++;
  }
  for (const id of before.keys()) if (!after.has(id)) removed++;
  if (added + removed + roles === 0) return undefined;
  return [
    ...(added > 0 ? [`${plural(added, 'member')} added`] : []),
    ...(removed > 0 ? [`${plural(removed, 'member')} removed`] : []),
    ...(roles > 0 ? [`${plural(roles, 'role')} changed`] : []),
  ].join(', ');
}

/**
 * The members a team's plan removes or changes the role of, each with where the plan names it
 * (`root` as in membersPlanBody): bound by id and e-mail to the team's members read at apply.
 */
export function actedOn(saved: SavedTeamPlan, at: string): PlannedUser[] {
  return [
    ...saved.plan.remove.map((r, i) => ({ where: `${at}.plan.remove[${i}].user`, user: r.user })),
    ...saved.plan.roleChanges.map((c, i) => ({ where: `${at}.plan.roleChanges[${i}].user`, user: c.user })),
  ];
}
