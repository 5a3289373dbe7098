// A saved plan names every user by id and e-mail (README, "Review, then apply"): before anything
// is sent, the service's user of each id the plan acts on must still have the e-mail the plan
// shows, so a plan edited after its review never changes someone other than the person shown.
import { GuardError } from '../errors.js';
import { emailKey } from '../model/users.js';
import { oneLine } from '../output/terminal.js';

/** A user a plan acts on, with where the plan names it (`body.plan.changes[2].user`). */
export interface PlannedUser {
  where: string;
  user: { id: string | null; email: string | null };
}

const sameEmail = (a: string | null, b: string | null): boolean => (a === null || b === null ? a === b : emailKey(a) === emailKey(b));

/**
 * Refuses the plan (exit 3, nothing sent) when the service's user of an id it names has another
 * e-mail. `current` is what was read anyway (a team's members, the organization's members), by
 * id; an id it lacks is left to the staleness check, which names it.
 */
export function checkBoundUsers(path: string, planned: readonly PlannedUser[], current: ReadonlyMap<string, string | null>): void {
  const wrong = planned.flatMap(({ where, user }) => {
    if (user.id === null || !current.has(user.id)) return [];
    const has = current.get(user.id) ?? null;
    if (sameEmail(user.email, has)) return [];
    return [`${where} names user ${user.id} with e-mail ${user.email ?? '(none)'}, but the service's user ${user.id} has ${has ?? 'no e-mail'}`];
  });
  if (wrong.length === 0) return;
  throw new GuardError(oneLine(`${path} does not match the service's users: ${wrong.join('; ')}; nothing was sent`), {
    hint: 'the plan was edited after it was made: make a new plan (--plan-out) and have it reviewed again',
  });
}
