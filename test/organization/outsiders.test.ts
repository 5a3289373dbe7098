// Who is in the organization, known at plan time (src/organization/outsiders.ts; `teamctl help organization`, "Who is in the
// organization"): a few users looked up one by one, more through one listing, against the sandbox;
// the refusals' words; and what the check adds to a domain's plan, refusals and JSON.
import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../../src/api/client.js';
import type { ChangeDomain } from '../../src/engine/run.js';
import { AuthError } from '../../src/errors.js';
import { findOutsiders, lookupLimit, matchesNobodyRefusal, namesOf, outsidersRefusal, unmatchedError, withOrganizationCheck } from '../../src/organization/outsiders.js';
import type { Sandbox } from '../../src/sandbox/server.js';
import { mail, sandboxPerTest, uid } from '../helpers/sandbox-client.js';

let sandbox: Sandbox | undefined;
let client: ApiClient | undefined;
const start = sandboxPerTest();

const byId = (n: number | string) => ({ id: typeof n === 'number' ? uid(n) : n, email: null });
const byEmail = (e: string) => ({ id: null, email: e });

/** A sandbox whose organization acme has 30 users, u00001…u00030 (user00001@example.com …). */
async function setup() {
  ({ sandbox, client } = await start());
  sandbox.store.addUsers('acme', 30);
  return { sandbox, client };
}

describe('findOutsiders', () => {
  it('asks nothing for no users', async () => {
    const { sandbox, client } = await setup();
    expect(await findOutsiders(client, 'acme', [])).toEqual([]);
    expect(sandbox.requests).toEqual([]);
  });

  it(`looks up to ${lookupLimit} users one by one — an id by its member, an e-mail by the search — each once, and names those outside in order`, async () => {
    const { sandbox, client } = await setup();
    const users = [byEmail(' USER00001@example.com '), byId(2), byId('nobody'), byEmail('stranger@example.com'), byId(2), byEmail('user00003@EXAMPLE.com'), byId(4), byId(5), byId(6), byId(7), byId('ghost')];
    expect(await findOutsiders(client, 'acme', users)).toEqual([byId('nobody'), byEmail('stranger@example.com'), byId('ghost')]);
    const gets = sandbox.requests.map((q) => `${q.path}${q.query.search === undefined ? '' : `?search=${q.query.search}`}`).sort();
    expect(gets).toHaveLength(lookupLimit);
    expect(gets).toContain('/v1/orgs/acme/members?search=USER00001@example.com');
    expect(gets).toContain('/v1/orgs/acme/members/u00002');
    expect(gets).toContain('/v1/orgs/acme/members/nobody');
    expect(sandbox.requests.every((q) => q.method === 'GET')).toBe(true);
  });

  it(`checks more than ${lookupLimit} users against one listing of the members`, async () => {
    const { sandbox, client } = await setup();
    const users = [...Array.from({ length: 9 }, (_, i) => byId(i + 1)), byEmail(' User00010@Example.com'), byId('nobody'), byEmail('stranger@example.com'), byEmail(mail(11))];
    expect(await findOutsiders(client, 'acme', users)).toEqual([byId('nobody'), byEmail('stranger@example.com')]);
    expect(sandbox.requests.map((q) => q.path)).toEqual(['/v1/orgs/acme/members']);
  });

  it('a lookup that fails stops the check with its error', async () => {
    const { sandbox, client } = await setup();
    sandbox.intercept((req) => (req.path.endsWith('/members/u00002') ? { kind: 'respond', status: 401, body: { error: { code: 401, message: 'no' } } } : undefined));
    await expect(findOutsiders(client, 'acme', [byId(1), byId(2)])).rejects.toBeInstanceOf(AuthError);
  });
});

describe('the words', () => {
  const names = (n: number) => Array.from({ length: n }, (_, i) => byEmail(`p${i + 1}@x.io`));
  it('names ten users, then how many more', () => {
    expect(namesOf(names(1))).toBe('p1@x.io');
    expect(namesOf(names(10))).toBe('p1@x.io, p2@x.io, p3@x.io, p4@x.io, p5@x.io, p6@x.io, p7@x.io, p8@x.io, p9@x.io, p10@x.io');
    expect(namesOf(names(12))).toBe('p1@x.io, p2@x.io, p3@x.io, p4@x.io, p5@x.io, p6@x.io, p7@x.io, p8@x.io, p9@x.io, p10@x.io and 2 more');
  });

  it('refuses users outside the organization, one or several', () => {
    const hint =
      'check the spelling of each e-mail (`teamctl users list --search <name>` finds members); --invite invites them, and --skip-unknown leaves them out (for an organization whose people arrive through SSO)';
    expect(outsidersRefusal('acme', names(1))).toEqual({ what: '1 user to add is not in organization acme: p1@x.io', hint });
    expect(outsidersRefusal('acme', names(2))).toEqual({ what: '2 users to add are not in organization acme: p1@x.io, p2@x.io', hint });
  });

  it('refuses a roster that matches nobody, saying how it was read', () => {
    const hint = 'check that the file names people by their e-mail or user id; name the column to read with --user-column <name>';
    expect(matchesNobodyRefusal('people.csv', 'login', 3)).toEqual({
      what: 'none of the 3 users of people.csv (read from its column "login") is a member of the organization or of its teams, yet the plan would remove members',
      hint,
    });
    expect(matchesNobodyRefusal('people.txt', undefined, 1)).toEqual({
      what: 'none of the 1 user of people.txt (read as one user per line) is a member of the organization or of its teams, yet the plan would remove members',
      hint,
    });
  });
});

describe('withOrganizationCheck', () => {
  const refusal = { what: 'inner', hint: 'its hint' };
  const inner = {
    planText: async () => 'Plan for team t',
    refusals: () => [refusal],
    planned: () => ({ json: { added: ['x'] } }),
  } as unknown as ChangeDomain<unknown>;

  it('leaves a domain as it is when nothing is outside and nothing refused', () => {
    expect(withOrganizationCheck(inner, 'acme', [], [])).toBe(inner);
  });

  it('lists the users outside under the plan, fifty at most, in the JSON too, and adds its refusals', async () => {
    const outside = Array.from({ length: 52 }, (_, i) => (i === 0 ? byId('u-zero') : byEmail(`p${i}@x.io`)));
    const checked = withOrganizationCheck(inner, 'acme', outside, [{ what: 'outer', hint: 'h' }]);
    const lines = (await checked.planText(false)).split('\n');
    expect(lines.slice(0, 4)).toEqual(['Plan for team t', 'Not in organization acme (52):', '  ? u-zero (not in the organization)', '  ? p1@x.io (not in the organization)']);
    expect(lines).toHaveLength(2 + 50 + 1);
    expect(lines.at(-2)).toBe('  ? p49@x.io (not in the organization)');
    expect(lines.at(-1)).toBe('  … and 2 more');
    expect(checked.refusals()).toEqual([refusal, { what: 'outer', hint: 'h' }]);
    expect(checked.planned().json).toEqual({ added: ['x'], notInOrganization: outside });
  });

  it('fifty users outside are all listed; with none outside, only the refusals are added', async () => {
    const outside = Array.from({ length: 50 }, (_, i) => byEmail(`p${i}@x.io`));
    const lines = (await withOrganizationCheck(inner, 'acme', outside, []).planText(false)).split('\n');
    expect(lines).toHaveLength(2 + 50);
    expect(lines.at(-1)).toBe('  ? p49@x.io (not in the organization)');
    const refusedOnly = withOrganizationCheck(inner, 'acme', [], [{ what: 'none match', hint: 'h' }]);
    expect(await refusedOnly.planText(false)).toBe('Plan for team t');
    expect(refusedOnly.refusals()).toEqual([refusal, { what: 'none match', hint: 'h' }]);
    expect(refusedOnly.planned().json).toEqual({ added: ['x'], notInOrganization: [] });
  });
});

describe('unmatchedError', () => {
  const known = [
    { id: 'u00001', email: 'Alice.Martin@Example.com' },
    { id: 'u00002', email: 'bruno.keller@example.com' },
  ];

  it('exit 5, naming each unmatched user, with the closest member (as the service spells them) for each that has one', () => {
    const err = unmatchedError('acme', [{ id: null, email: 'alice.martn@example.com' }, { id: 'u00003x', email: null }, { id: null, email: 'zz@elsewhere.org' }], known);
    expect(err.exitCode).toBe(5);
    expect(err.message).toBe('3 named users match nobody in organization acme: alice.martn@example.com, u00003x, zz@elsewhere.org; nothing was sent');
    expect(err.hint).toBe('did you mean Alice.Martin@Example.com (for alice.martn@example.com); u00001 (for u00003x)? --missing-ok goes on without those (`teamctl users list --search <name>` finds members)');
  });

  it('no suggestion when nobody is close', () => {
    const err = unmatchedError('acme', [{ id: null, email: 'zz@elsewhere.org' }], known);
    expect(err.message).toBe('1 named user matches nobody in organization acme: zz@elsewhere.org; nothing was sent');
    expect(err.hint).toBe('--missing-ok goes on without them (`teamctl users list --search <name>` finds members)');
  });
});
