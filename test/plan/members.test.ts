import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TeamMemberRole } from '../../src/api/types.js';
import { InputFileError, UsageError } from '../../src/errors.js';
import type { UserEntry } from '../../src/model/users.js';
import type { UserRef } from '../../src/model/users.js';
import type { CurrentMember, ExpectedMember, MembersChange, MembersPlan } from '../../src/plan/members.js';
import {
  applyPlan,
  compareEndState,
  describeUser,
  expectedEndState,
  isEmptyPlan,
  maxRemovalsAllowed,
  ownersLost,
  planMembers,
} from '../../src/plan/members.js';

const email = (key: string, role?: TeamMemberRole, line = 0): UserEntry => ({
  key,
  kind: 'email',
  line,
  ...(role ? { role } : {}),
});
const id = (key: string, role?: TeamMemberRole, line = 0): UserEntry => ({ key, kind: 'id', line, ...(role ? { role } : {}) });
const inRoster = (file: string, entries: UserEntry[]): UserEntry[] => entries.map((e) => ({ ...e, file }));

const team: CurrentMember[] = [
  { id: 'u1', email: 'Ada@Example.com', role: 'owner' },
  { id: 'u2', email: 'bob@example.com', role: 'member' },
  { id: 'u3', email: null, role: 'member' },
  { id: 'u4', email: 'dan@example.com', role: 'owner' },
];
const ada: UserRef = { id: 'u1', email: 'Ada@Example.com' };
const bob: UserRef = { id: 'u2', email: 'bob@example.com' };
const u3: UserRef = { id: 'u3', email: null };
const dan: UserRef = { id: 'u4', email: 'dan@example.com' };

describe('planMembers: add and remove', () => {
  it('adds new users as members and leaves existing members their role', () => {
    const plan = planMembers(team, { add: [email('new@example.com'), id('u9'), email('ADA@example.com'), id('u2')] });
    expect(plan).toEqual({
      add: [
        { user: { id: null, email: 'new@example.com' }, role: 'member' },
        { user: { id: 'u9', email: null }, role: 'member' },
      ],
      remove: [],
      roleChanges: [],
      unchanged: 4,
      notMember: [],
    });
  });

  it('sets the role given to add, for new and existing members alike', () => {
    const plan = planMembers(team, { add: [email('new@example.com'), email('bob@EXAMPLE.com'), id('u1')], role: 'owner' });
    // The role was asked for (the executor may use it on a user who turns out to be a member).
    expect(plan.add).toEqual([{ user: { id: null, email: 'new@example.com' }, role: 'owner', roleAsked: true }]);
    expect(plan.roleChanges).toEqual([{ user: bob, from: 'member', to: 'owner' }]);
    expect(plan.unchanged).toBe(3);
    const demote = planMembers(team, { add: [id('u1'), id('u2')], role: 'member' });
    expect(demote.roleChanges).toEqual([{ user: ada, from: 'owner', to: 'member' }]);
  });

  it('removes members matched by id or by e-mail in any case, and reports non-members', () => {
    const plan = planMembers(team, {
      remove: [email(' ada@EXAMPLE.COM '), id('u3'), email('ghost@example.com'), id('u99'), id('U3'), id('u3')],
    });
    expect(plan).toEqual({
      add: [],
      remove: [
        { user: ada, role: 'owner', pruned: false },
        { user: u3, role: 'member', pruned: false },
      ],
      roleChanges: [],
      unchanged: 2,
      notMember: [
        { id: null, email: 'ghost@example.com' },
        { id: 'u99', email: null },
        { id: 'U3', email: null },
      ],
    });
  });

  it('removes a user named in both add and remove (the service rule)', () => {
    const plan = planMembers(team, {
      add: [email('bob@example.com'), email('new@example.com'), id('u3')],
      remove: [id('u2'), email('NEW@example.com')],
      role: 'owner',
    });
    expect(plan.add).toEqual([]);
    expect(plan.remove).toEqual([{ user: bob, role: 'member', pruned: false }]);
    expect(plan.roleChanges).toEqual([{ user: u3, from: 'member', to: 'owner' }]);
    expect(plan.notMember).toEqual([{ id: null, email: 'NEW@example.com' }]);
  });

  it('merges a user named twice, by different spellings of the e-mail', () => {
    const plan = planMembers([], { add: [email('New@Example.com'), email('new@example.COM')] });
    expect(plan.add).toEqual([{ user: { id: null, email: 'New@Example.com' }, role: 'member' }]);
  });

  it('does not match a member without a known e-mail by e-mail', () => {
    const plan = planMembers([{ id: 'u3', email: null, role: 'member' }], { add: [email('carol@example.com')] });
    expect(plan.add).toEqual([{ user: { id: null, email: 'carol@example.com' }, role: 'member' }]);
  });

  it('plans nothing for nothing', () => {
    const plan = planMembers(team, {});
    expect(isEmptyPlan(plan)).toBe(true);
    expect(plan.unchanged).toBe(4);
  });
});

describe('planMembers: a roster row with an e-mail and an id', () => {
  const row = (key: string, backing: string, line = 2): UserEntry => ({ key, kind: 'email', id: backing, line, file: 'org.csv', role: 'member' });

  it('plans as the e-mail does when the id agrees, names no member (another system\'s id), or names the member the e-mail cannot (no known e-mail)', () => {
    const plan = planMembers(team, { roster: [row('bob@example.com', 'u2'), row('new@example.com', 'okta-00u1'), row('carol@example.com', 'u3', 4)] });
    expect(plan.add).toEqual([{ user: { id: null, email: 'new@example.com' }, role: 'member', roleAsked: true }]);
    // u3 has no known e-mail: the row is that member, not a new user named carol.
    expect(plan.notInRoster).toEqual([ada, dan]);
    expect(plan.unchanged).toBe(2);
  });

  it('a row with an empty e-mail, read by its id, is a member of the team or refused (an employee number is never added)', () => {
    const byId = (key: string, line: number): UserEntry => ({ key, kind: 'id', idOnly: true, line, file: 'org.csv' });
    expect(planMembers(team, { roster: [byId('u3', 2), row('ada@example.com', 'u1', 3)], prune: true }).remove.map((r) => r.user.id)).toEqual(['u2', 'u4']);
    expect(() => planMembers(team, { roster: [byId('1001', 5)] })).toThrow(
      'org.csv:5: empty e-mail cell, and id "1001" is no member of this team: an `id` column of another system (an employee number) is not a user id; fill in the e-mail',
    );
  });

  it('refuses a row whose id is another member than its e-mail, naming the line and both', () => {
    const err = (() => {
      try {
        planMembers(team, { roster: [row('bob@example.com', 'u1', 7)] });
      } catch (e) {
        return e as InputFileError;
      }
      throw new Error('expected a refusal');
    })();
    expect(err).toBeInstanceOf(InputFileError);
    expect(err.problems).toEqual([
      { file: 'org.csv', line: 7, message: '"bob@example.com" and id "u1" are two different people: the id is "Ada@Example.com" in this team, and "bob@example.com" is member "u2"; correct the row\'s e-mail or its id' },
    ]);
    expect(() => planMembers(team, { roster: [row('ghost@example.com', 'u4')] })).toThrow(
      '"ghost@example.com" and id "u4" are two different people: the id is "dan@example.com" in this team; correct the row\'s e-mail or its id',
    );
  });
});

describe('planMembers: roster', () => {
  const roster = inRoster('roster.csv', [
    email('ada@example.com', 'member', 2),
    id('u2', 'owner', 3),
    email('new@example.com', 'owner', 4),
    id('u9', 'member', 5),
  ]);

  it('adds missing users with their role, changes roles in place, keeps the rest without prune', () => {
    expect(planMembers(team, { roster })).toEqual({
      add: [
        { user: { id: null, email: 'new@example.com' }, role: 'owner', roleAsked: true },
        { user: { id: 'u9', email: null }, role: 'member', roleAsked: true },
      ],
      remove: [],
      roleChanges: [
        { user: bob, from: 'member', to: 'owner' },
        { user: ada, from: 'owner', to: 'member' },
      ],
      // u3 and dan are left out of the roster: kept, and counted apart from the unchanged.
      unchanged: 0,
      notMember: [],
      notInRoster: [u3, dan],
    });
  });

  it('removes members absent from the roster only with prune', () => {
    const plan = planMembers(team, { roster, prune: true });
    expect(plan.remove).toEqual([
      { user: u3, role: 'member', pruned: true },
      { user: dan, role: 'owner', pruned: true },
    ]);
    expect(plan.unchanged).toBe(0);
  });

  it('keeps the role of a member whose roster entry has no role (a roster without a role column)', () => {
    // An HR export with only `email`: every owner stays an owner, a new user joins as member.
    const plan = planMembers(team, { roster: [email('dan@example.com'), email('ADA@example.com'), id('u2'), email('new@example.com')] });
    expect(plan.roleChanges).toEqual([]);
    expect(plan.add).toEqual([{ user: { id: null, email: 'new@example.com' }, role: 'member' }]);
    expect(plan.unchanged).toBe(3);
    expect(plan.notInRoster).toEqual([u3]);
    expect(applyPlan(team, plan).filter((m) => m.role === 'owner').map((m) => m.id)).toEqual(['u1', 'u4']);
  });

  it('prunes against a role-less roster without touching the roles of those who stay', () => {
    const plan = planMembers(team, { roster: [id('u1'), id('u2')], prune: true });
    expect(plan.roleChanges).toEqual([]);
    expect(plan.remove.map((r) => r.user.id)).toEqual(['u3', 'u4']);
  });

  it('merges a role-less entry with a role given for the same member elsewhere', () => {
    const plan = planMembers(team, { roster: [id('u2'), email('bob@example.com', 'owner')] });
    expect(plan.roleChanges).toEqual([{ user: bob, from: 'member', to: 'owner' }]);
    const withAdd = planMembers(team, { roster: [id('u1')], add: [email('ada@example.com')], role: 'member' });
    expect(withAdd.roleChanges).toEqual([{ user: ada, from: 'owner', to: 'member' }]);
  });

  it('removes a user named in the roster and in remove', () => {
    const plan = planMembers(team, { roster, remove: [email('BOB@example.com'), email('new@example.com')], prune: true });
    expect(plan.remove).toEqual([
      { user: bob, role: 'member', pruned: false },
      { user: u3, role: 'member', pruned: true },
      { user: dan, role: 'owner', pruned: true },
    ]);
    expect(plan.add).toEqual([{ user: { id: 'u9', email: null }, role: 'member', roleAsked: true }]);
    expect(plan.roleChanges).toEqual([{ user: ada, from: 'owner', to: 'member' }]);
    expect(plan.notMember).toEqual([{ id: null, email: 'new@example.com' }]);
  });

  it('keeps a member named by add from being pruned, with their role', () => {
    const plan = planMembers(team, { roster, add: [id('u4')], prune: true });
    expect(plan.remove).toEqual([{ user: u3, role: 'member', pruned: true }]);
    expect(plan.roleChanges.map((c) => c.user.id)).toEqual(['u2', 'u1']);
  });

  it('takes the roster role for a user also named by add without a role', () => {
    const plan = planMembers(team, { roster: [id('u2', 'owner')], add: [email('bob@example.com')] });
    expect(plan.roleChanges).toEqual([{ user: bob, from: 'member', to: 'owner' }]);
  });

  it('orders promotions before demotions', () => {
    const plan = planMembers(team, {
      roster: [id('u1', 'member'), id('u2', 'owner'), id('u4', 'member'), id('u3', 'owner')],
    });
    expect(plan.roleChanges.map((c) => `${c.user.id}:${c.to}`)).toEqual(['u2:owner', 'u3:owner', 'u1:member', 'u4:member']);
  });

  it('merges a member named by id and by e-mail with the same role', () => {
    const plan = planMembers(team, { roster: [id('u2', 'owner'), email('bob@example.com', 'owner')] });
    expect(plan.roleChanges).toEqual([{ user: bob, from: 'member', to: 'owner' }]);
  });

  it('refuses a member named by id and by e-mail with different roles, naming both lines', () => {
    const entries = inRoster('roster.csv', [id('u2', 'owner', 3), email('BOB@example.com', 'member', 7)]);
    const run = (): unknown => planMembers(team, { roster: entries });
    expect(run).toThrow(InputFileError);
    expect(run).toThrow(
      'roster.csv:7: "BOB@example.com" (member) and "u2" on line 3 (owner) are the same member with different roles',
    );
  });

  it('refuses a role given to add that contradicts the roster', () => {
    const roster = inRoster('r.csv', [id('u2', 'owner', 2)]);
    const run = (): unknown => planMembers(team, { roster, add: [id('u2')], role: 'member' });
    expect(run).toThrow(UsageError);
    expect(run).toThrow('"u2" (member) and "u2" on r.csv:2 (owner) are the same member with different roles');
  });

  it('refuses prune without a roster, and an empty roster', () => {
    expect(() => planMembers(team, { prune: true })).toThrow(new UsageError('--prune needs --roster'));
    expect(() => planMembers(team, { roster: [], prune: true })).toThrow(new UsageError('the roster has no users'));
  });
});

describe('applyPlan, expectedEndState, compareEndState', () => {
  const plan = planMembers(team, {
    roster: [email('ada@example.com', 'member'), id('u2', 'owner'), email('new@example.com', 'owner'), id('u9')],
    prune: true,
  });

  it('simulates the plan: removals gone, roles changed, new members last', () => {
    expect(applyPlan(team, plan)).toEqual([
      { id: 'u1', email: 'Ada@Example.com', role: 'member' },
      { id: 'u2', email: 'bob@example.com', role: 'owner' },
      { id: null, email: 'new@example.com', role: 'owner' },
      { id: 'u9', email: null, role: 'member' },
    ]);
  });

  it('treats adding an existing member in a hand-made plan as a role update', () => {
    const handMade: MembersPlan = {
      add: [{ user: { id: null, email: 'BOB@example.com' }, role: 'owner' }],
      remove: [],
      roleChanges: [],
      unchanged: 0,
      notMember: [],
    };
    expect(applyPlan(team, handMade).find((m) => m.id === 'u2')?.role).toBe('owner');
    expect(applyPlan(team, handMade)).toHaveLength(4);
  });

  it('lists what must be present and what must be absent', () => {
    const withGhost = planMembers(team, { remove: [id('u3'), email('ghost@example.com')] });
    expect(expectedEndState(team, withGhost)).toEqual({
      members: [
        { id: 'u1', email: 'Ada@Example.com', role: 'owner' },
        { id: 'u2', email: 'bob@example.com', role: 'member' },
        { id: 'u4', email: 'dan@example.com', role: 'owner' },
      ],
      absent: [u3, { id: null, email: 'ghost@example.com' }],
    });
  });

  it('finds no difference when the service did exactly what was planned', () => {
    const listed: CurrentMember[] = [
      { id: 'u9', email: 'nine@example.com', role: 'member' },
      { id: 'u1', email: 'ada@example.com', role: 'member' },
      { id: 'u2', email: 'bob@example.com', role: 'owner' },
      { id: 'u7', email: 'NEW@example.com', role: 'owner' },
    ];
    expect(compareEndState(expectedEndState(team, plan), listed)).toEqual([]);
  });

  it('reports missing members, wrong roles, members still present and unexpected members', () => {
    const listed: CurrentMember[] = [
      { id: 'u1', email: 'ada@example.com', role: 'owner' },
      { id: 'u2', email: 'bob@example.com', role: 'owner' },
      { id: 'u4', email: 'dan@example.com', role: 'owner' },
      { id: 'u8', email: 'eve@example.com', role: 'member' },
      { id: 'u9', email: null, role: 'member' },
    ];
    expect(compareEndState(expectedEndState(team, plan), listed)).toEqual([
      { user: { id: 'u1', email: 'ada@example.com' }, expected: 'member', actual: 'owner' },
      { user: { id: null, email: 'new@example.com' }, expected: 'owner', actual: 'absent' },
      { user: dan, expected: 'absent', actual: 'owner' },
      { user: { id: 'u8', email: 'eve@example.com' }, expected: 'absent', actual: 'member' },
    ]);
  });

  it('reports a user expected as added by e-mail and to be absent by id (remove wins), once', () => {
    // The planner could not tell that "carol@example.com" and "u7" are one non-member.
    const handMade = planMembers(team, { add: [email('carol@example.com')], remove: [id('u7')] });
    expect(handMade.add).toHaveLength(1);
    expect(handMade.notMember).toEqual([{ id: 'u7', email: null }]);
    const listed: CurrentMember[] = [...team, { id: 'u7', email: 'carol@example.com', role: 'member' }];
    expect(compareEndState(expectedEndState(team, handMade), listed)).toEqual([
      { user: { id: 'u7', email: 'carol@example.com' }, expected: 'absent', actual: 'member' },
    ]);
  });

  it('describes users by e-mail, else id', () => {
    expect([ada, u3, { id: null, email: null }].map(describeUser)).toEqual(['Ada@Example.com', 'u3', '(unknown user)']);
  });
});

describe('ownersLost (the last-owner guard)', () => {
  it('names every current owner when the plan leaves none', () => {
    const plan = planMembers(team, { add: [id('u1')], remove: [email('dan@example.com')], role: 'member' });
    expect(ownersLost(team, plan).map((m) => m.id)).toEqual(['u1', 'u4']);
    expect(ownersLost(team, planMembers(team, { remove: [id('u1'), id('u4')] })).map((m) => m.id)).toEqual(['u1', 'u4']);
    const pruned = planMembers(team, { roster: [id('u2'), id('u3')], prune: true });
    expect(ownersLost(team, pruned).map((m) => m.id)).toEqual(['u1', 'u4']);
  });

  it('is empty when an owner stays, a new owner comes, or there was no owner to lose', () => {
    expect(ownersLost(team, planMembers(team, { remove: [id('u1')] }))).toEqual([]);
    expect(ownersLost(team, planMembers(team, { roster: [id('u1', 'member'), id('u4', 'member'), id('u2', 'owner')] }))).toEqual([]);
    expect(ownersLost(team, planMembers(team, { remove: [id('u1'), id('u4')], add: [email('new@example.com')], role: 'owner' }))).toEqual([]);
    const ownerless: CurrentMember[] = [{ id: 'u2', email: null, role: 'member' }];
    expect(ownersLost(ownerless, planMembers(ownerless, { remove: [id('u2')] }))).toEqual([]);
  });

  it('never fires for a role-less roster without prune', () => {
    expect(ownersLost(team, planMembers(team, { roster: [id('u2'), id('u3')] }))).toEqual([]);
  });
});

describe('maxRemovalsAllowed', () => {
  it.each([
    ['25%', 10, 2],
    ['25%', 3, 1],
    ['25%', 0, 1],
    [' 25% ', 100, 25],
    ['100%', 7, 7],
    ['12.5%', 16, 2],
    ['12.75%', 400, 51],
    ['0%', 50, 0],
    ['5', 3, 5],
    ['0', 10, 0],
    ['007', 10, 7],
  ] as const)('%j of %i members allows %i', (spec, count, allowed) => {
    expect(maxRemovalsAllowed(spec, count)).toBe(allowed);
  });

  it('defaults to 25%', () => {
    expect(maxRemovalsAllowed(undefined, 40)).toBe(10);
  });

  it.each(['', 'abc', '-1', '1.5', '101%', '%', '25%%', '1e3', '25 %', '99999999999999999999', 'x25%', '+25%', '.5%', '5.%', '100.5%'])('refuses %j', (spec) => {
    expect(() => maxRemovalsAllowed(spec, 10)).toThrow(
      new UsageError(
        `invalid --max-removals ${JSON.stringify(spec)}: expected a number of members (5) or a percentage of 0-100% (25%)`,
      ),
    );
  });
});

// ---- properties ----------------------------------------------------------------------------

const roleArb = fc.constantFrom<TeamMemberRole>('owner', 'member');

/** One user of a small world: in the team or not, and how each input names them. */
const personArb = fc.record({
  hasEmail: fc.boolean(),
  inTeam: fc.boolean(),
  role: roleArb,
  inRoster: fc.boolean(),
  rosterRole: roleArb,
  inAdd: fc.boolean(),
  inRemove: fc.boolean(),
  byEmail: fc.boolean(),
  caseSeed: fc.nat(),
});
type Person = (typeof personArb extends fc.Arbitrary<infer T> ? T : never) & { id: string; email: string | null };

const worldArb = fc.array(personArb, { maxLength: 24 }).map((people): Person[] =>
  people.map((p, i) => ({ ...p, id: `u${i}`, email: p.hasEmail ? `User${i}.Name@Example.com` : null })),
);

/** The e-mail in a case picked by the seed's bits. */
function recase(value: string, seed: number): string {
  return [...value].map((ch, i) => ((seed >> (i % 30)) & 1 ? ch.toUpperCase() : ch.toLowerCase())).join('');
}
function nameOf(p: Person, role?: TeamMemberRole): UserEntry {
  const entry: UserEntry = p.byEmail && p.email ? email(recase(p.email, p.caseSeed)) : id(p.id);
  return role ? { ...entry, role } : entry;
}
const currentOf = (world: Person[]): CurrentMember[] =>
  world.filter((p) => p.inTeam).map((p) => ({ id: p.id, email: p.email, role: p.role }));
const rosterOf = (world: Person[]): UserEntry[] => world.filter((p) => p.inRoster).map((p) => nameOf(p, p.rosterRole));

/** The world's person an expected or listed member is (the service knows both id and e-mail). */
function personOf(world: Person[], m: { id: string | null; email: string | null }): Person {
  const found = world.find(
    (p) => (m.id !== null && p.id === m.id) || (m.email !== null && p.email?.toLowerCase() === m.email.toLowerCase()),
  );
  if (!found) throw new Error(`no person for ${JSON.stringify(m)}`);
  return found;
}
/** The team as the service would list it after the plan ran exactly. */
const listingOf = (world: Person[], end: ExpectedMember[]): CurrentMember[] =>
  end.map((m) => {
    const p = personOf(world, m);
    return { id: p.id, email: p.email, role: m.role };
  });
const sameRef = (a: UserRef, b: UserRef): boolean =>
  (a.id !== null && a.id === b.id) || (a.email !== null && b.email !== null && a.email.toLowerCase() === b.email.toLowerCase());

describe('planMembers properties', () => {
  it('applying a roster plan with prune yields exactly the roster, and a second plan is empty', () => {
    fc.assert(
      fc.property(worldArb, (world) => {
        const roster = rosterOf(world);
        fc.pre(roster.length > 0);
        const current = currentOf(world);
        const plan = planMembers(current, { roster, prune: true });
        const end = applyPlan(current, plan);

        const expected = world.filter((p) => p.inRoster).map((p) => `${p.id}:${p.rosterRole}`).sort();
        expect(end.map((m) => `${personOf(world, m).id}:${m.role}`).sort()).toEqual(expected);

        const listing = listingOf(world, end);
        const again = planMembers(listing, { roster, prune: true });
        expect(again).toEqual({ add: [], remove: [], roleChanges: [], unchanged: listing.length, notMember: [] });
        expect(compareEndState(expectedEndState(current, plan), listing)).toEqual([]);
      }),
    );
  });

  it('a roster without roles never plans a role change: members keep theirs, new users are members', () => {
    fc.assert(
      fc.property(worldArb, fc.boolean(), fc.boolean(), (world, prune, withAdd) => {
        const roster = world.filter((p) => p.inRoster).map((p) => nameOf(p));
        fc.pre(roster.length > 0);
        const current = currentOf(world);
        const add = withAdd ? world.filter((p) => p.inAdd).map((p) => nameOf(p, undefined)) : [];
        const plan = planMembers(current, { roster, prune, add });
        expect(plan.roleChanges).toEqual([]);
        for (const a of plan.add) expect(a.role).toBe('member');
        const end = applyPlan(current, plan);
        for (const m of end) {
          const p = personOf(world, m);
          expect(m.role).toBe(p.inTeam ? p.role : 'member');
        }
        // Whatever the roster, a team keeps an owner unless pruning removes them all.
        if (!prune) expect(ownersLost(current, plan)).toEqual([]);
        const listing = listingOf(world, end);
        expect(compareEndState(expectedEndState(current, plan), listing)).toEqual([]);
        expect(isEmptyPlan(planMembers(listing, { roster, prune, add }))).toBe(true);
      }),
    );
  });

  it('without prune, members absent from the roster stay as they are', () => {
    fc.assert(
      fc.property(worldArb, (world) => {
        const roster = rosterOf(world);
        fc.pre(roster.length > 0);
        const plan = planMembers(currentOf(world), { roster });
        expect(plan.remove).toEqual([]);
        const end = applyPlan(currentOf(world), plan);
        for (const p of world) {
          const m = end.find((e) => personOf(world, e).id === p.id);
          if (p.inRoster) expect(m?.role).toBe(p.rosterRole);
          else if (p.inTeam) expect(m?.role).toBe(p.role);
          else expect(m).toBeUndefined();
        }
      }),
    );
  });

  it('add and remove: removal wins, added users are present, roles follow the add rules', () => {
    fc.assert(
      fc.property(worldArb, fc.option(roleArb, { nil: undefined }), (world, role) => {
        const current = currentOf(world);
        const change: MembersChange = {
          add: world.filter((p) => p.inAdd).map((p) => nameOf(p)),
          // Members are named the other way round from add (id vs e-mail), so both spellings
          // must meet; a non-member can only be recognised when named the same way (any case).
          remove: world
            .filter((p) => p.inRemove)
            .map((p) => nameOf(p.inTeam ? { ...p, byEmail: !p.byEmail } : { ...p, caseSeed: ~p.caseSeed })),
          ...(role ? { role } : {}),
        };
        const plan = planMembers(current, change);
        const end = applyPlan(current, plan);
        const endRole = (p: Person): TeamMemberRole | undefined =>
          end.find((m) => personOf(world, m).id === p.id)?.role;
        for (const p of world) {
          if (p.inRemove) expect(endRole(p)).toBeUndefined();
          else if (p.inAdd) expect(endRole(p)).toBe(role ?? (p.inTeam ? p.role : 'member'));
          else expect(endRole(p)).toBe(p.inTeam ? p.role : undefined);
        }
        for (const a of plan.add) expect(plan.remove.some((r) => sameRef(r.user, a.user))).toBe(false);
        expect(plan.notMember).toHaveLength(world.filter((p) => p.inRemove && !p.inTeam).length);
      }),
    );
  });

  it('e-mail case differences never produce a change', () => {
    fc.assert(
      fc.property(worldArb, (world) => {
        const current = currentOf(world);
        fc.pre(current.length > 0);
        const members = world.filter((p) => p.inTeam);
        const roster = members.map((p) => (p.email ? email(recase(p.email, p.caseSeed), p.role) : id(p.id, p.role)));
        const add = members.filter((p) => p.email).map((p) => email(recase(p.email ?? '', ~p.caseSeed)));
        const plan = planMembers(current, { roster, prune: true, add });
        expect(isEmptyPlan(plan)).toBe(true);
        expect(plan.unchanged).toBe(current.length);
      }),
    );
  });

  it('counts add up: removals leave the team, unchanged + removed + role changes = team size', () => {
    fc.assert(
      fc.property(worldArb, fc.boolean(), (world, prune) => {
        const current = currentOf(world);
        const roster = rosterOf(world);
        const change: MembersChange = {
          add: world.filter((p) => p.inAdd && !p.inRoster).map((p) => nameOf(p)),
          remove: world.filter((p) => p.inRemove).map((p) => nameOf(p)),
          ...(roster.length > 0 ? { roster, prune } : {}),
        };
        const plan = planMembers(current, change);
        const end = applyPlan(current, plan);
        const stayed = end.filter((m) => m.id !== null && current.some((c) => c.id === m.id));
        expect(stayed).toHaveLength(current.length - plan.remove.length);
        expect(end).toHaveLength(current.length - plan.remove.length + plan.add.length);
        expect(plan.unchanged + plan.remove.length + plan.roleChanges.length + (plan.notInRoster?.length ?? 0)).toBe(current.length);
        // Kept though the roster leaves them out: only a roster sync without prune, and exactly the members the roster does not name.
        const named = new Set(world.filter((p) => p.inRoster || p.inRemove || p.inAdd).map((p) => p.id));
        if (roster.length > 0 && !prune) {
          expect(plan.notInRoster?.map((u) => u.id).sort()).toEqual(current.filter((m) => !named.has(personOf(world, m).id)).map((m) => m.id).sort());
        } else expect(plan.notInRoster).toBeUndefined();
        expect(new Set(plan.remove.map((r) => r.user.id)).size).toBe(plan.remove.length);
      }),
    );
  });

  it('role changes happen in place, never as remove + add, promotions first', () => {
    fc.assert(
      fc.property(worldArb, fc.boolean(), (world, prune) => {
        const current = currentOf(world);
        const roster = rosterOf(world);
        fc.pre(roster.length > 0);
        const plan = planMembers(current, { roster, prune });
        // Nobody added is already a member; nobody changing role is also removed.
        for (const a of plan.add) expect(current.some((m) => sameRef(a.user, m))).toBe(false);
        for (const c of plan.roleChanges) expect(plan.remove.some((r) => sameRef(r.user, c.user))).toBe(false);
        // Every member whose roster role differs has exactly one role change, with both refs filled.
        const differing = world.filter((p) => p.inTeam && p.inRoster && p.role !== p.rosterRole);
        expect(plan.roleChanges.map((c) => c.user)).toEqual(
          expect.arrayContaining(differing.map((p) => ({ id: p.id, email: p.email }))),
        );
        expect(plan.roleChanges).toHaveLength(differing.length);
        const firstDemotion = plan.roleChanges.findIndex((c) => c.to === 'member');
        if (firstDemotion >= 0) expect(plan.roleChanges.slice(firstDemotion).every((c) => c.to === 'member')).toBe(true);
      }),
    );
  });
});
