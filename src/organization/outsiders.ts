// Who is in the organization, known at plan time (`teamctl help organization`, "Who is in the organization"): the users
// a plan would add to a team are looked up among the organization's members before anything is
// sent. A few are looked up one by one (an id by GET …/members/{userId}, an e-mail by the
// service's search), more through one listing of the members, so `members add` of one user in an
// organization of 10,000 costs a request or two. The users found outside are left out of the plan
// and refused (exit 3, dry runs too), or, with --skip-unknown, left out with a warning.
import type { ApiClient } from '../api/client.js';
import type { ChangeDomain, Refusal } from '../engine/run.js';
import { NotFoundError } from '../errors.js';
import { closest } from '../model/closest.js';
import { emailKey, type UserRef } from '../model/users.js';
import { plural } from '../output/words.js';
import { describeUser } from '../plan/members.js';
import { distinctUsers, outsidersAmong, type KnownMember } from '../plan/organization.js';
import { runPool } from '../members/pool.js';

/** Users looked up one by one at most; more are checked against one listing of the members. */
export const lookupLimit = 10;

/** The users among `users` that are not members of the organization, each once, in order. */
export async function findOutsiders(client: ApiClient, org: string, users: readonly UserRef[]): Promise<UserRef[]> {
  const distinct = distinctUsers(users);
  const api = await import('../api/organization.js');
  if (distinct.length > lookupLimit) {
    const members: KnownMember[] = [];
    for await (const page of api.listOrganizationMembers(client, org, {}, 1000)) for (const m of page) members.push({ id: m.user.id, email: m.user.email ?? null });
    return outsidersAmong(distinct, members);
  }
  const found = await runPool(distinct, lookupLimit, async (u) =>
    u.email !== null ? api.findMemberByEmail(client, org, u.email) : api.getOrganizationMember(client, org, u.id ?? ''),
  );
  return distinct.filter((_, i) => {
    const r = found[i];
    if (r === undefined || !r.ok) throw r?.error;
    return r.value === undefined;
  });
}

/** The names of users for a message: the first ten, then how many more. */
export function namesOf(users: readonly UserRef[]): string {
  const shown = users.slice(0, 10).map(describeUser).join(', ');
  return users.length > 10 ? `${shown} and ${users.length - 10} more` : shown;
}

/** The refusal of users outside the organization. */
export function outsidersRefusal(org: string, outsiders: readonly UserRef[]): Refusal {
  return {
    what: `${plural(outsiders.length, 'user')} to add ${outsiders.length === 1 ? 'is' : 'are'} not in organization ${org}: ${namesOf(outsiders)}`,
    hint: 'check the spelling of each e-mail (`teamctl users list --search <name>` finds members); --invite invites them, and --skip-unknown leaves them out (for an organization whose people arrive through SSO)',
  };
}

/**
 * The refusal of a roster that matches nobody (`teamctl help organization`, "Who is in the organization"): none of its
 * users is a member of the organization or of the teams it names, and the plan would remove
 * members. Most often the wrong column was read (a login for an e-mail).
 */
export function matchesNobodyRefusal(file: string, column: string | undefined, users: number): Refusal {
  const read = column === undefined ? 'read as one user per line' : `read from its column ${JSON.stringify(column)}`;
  return {
    what: `none of the ${plural(users, 'user')} of ${file} (${read}) is a member of the organization or of its teams, yet the plan would remove members`,
    hint: 'check that the file names people by their e-mail or user id; name the column to read with --user-column <name>',
  };
}

/**
 * The domain with what the organization check found: the users outside listed under the plan and
 * in the JSON report (`notInOrganization`), and the refusals that go with them.
 */
export function withOrganizationCheck<Row>(domain: ChangeDomain<Row>, org: string, outsiders: readonly UserRef[], refusals: readonly Refusal[]): ChangeDomain<Row> {
  if (outsiders.length === 0 && refusals.length === 0) return domain;
  const listed = outsiders.map((u) => ({ id: u.id, email: u.email }));
  return {
    ...domain,
    async planText(color) {
      const text = await domain.planText(color);
      if (outsiders.length === 0) return text;
      const lines = outsiders.slice(0, 50).map((u) => `  ? ${describeUser(u)} (not in the organization)`);
      const more = outsiders.length > 50 ? [`  … and ${outsiders.length - 50} more`] : [];
      return [text, `Not in organization ${org} (${outsiders.length}):`, ...lines, ...more].join('\n');
    },
    refusals: () => [...domain.refusals(), ...refusals],
    planned() {
      const view = domain.planned();
      return { ...view, json: { ...(view.json as object), notInOrganization: listed } };
    },
  };
}

/**
 * The error of named users who match nobody in the organization (`teamctl help exit-codes`): most
 * often a typo, so exit 5 before anything is sent, naming each, with the closest of `known` (the
 * members the command looked among) where one is close enough; --missing-ok goes on without them.
 */
export function unmatchedError(org: string, unmatched: readonly UserRef[], known: readonly { id: string; email: string | null }[]): NotFoundError {
  const emails = new Map(known.flatMap((m) => (m.email === null ? [] : [[emailKey(m.email), m.email] as const])));
  const ids = known.map((m) => m.id);
  const guesses = unmatched.flatMap((u) => {
    // The closest one: e-mails that share a domain are all a few edits apart.
    const [near] = u.email !== null ? closest(emailKey(u.email), [...emails.keys()]).map((k) => emails.get(k) as string) : closest(u.id ?? '', ids);
    return near === undefined ? [] : [`${near} (for ${describeUser(u)})`];
  });
  const n = unmatched.length;
  const names = unmatched.map(describeUser).join(', ');
  return new NotFoundError(`${n === 1 ? '1 named user matches' : `${n} named users match`} nobody in organization ${org}: ${names}; nothing was sent`, {
    hint: `${guesses.length > 0 ? `did you mean ${guesses.join('; ')}? ` : ''}--missing-ok goes on without ${n === 1 ? 'them' : 'those'} (\`teamctl users list --search <name>\` finds members)`,
  });
}
