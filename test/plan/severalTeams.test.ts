// The organization roster's planner (src/plan/severalTeams.ts), property-tested: applying each
// team's plan gives exactly the roster's members and roles for every named team, a second plan is
// empty, and teams the roster does not name get no plan.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TeamMemberRole } from '../../src/api/types.js';
import type { UserEntry } from '../../src/model/users.js';
import { applyPlan, isEmptyPlan, type CurrentMember } from '../../src/plan/members.js';
import { planSeveralTeams, rowsByTeam } from '../../src/plan/severalTeams.js';

const teamNames = ['eng', 'design', 'ops', 'legal'];
const role = fc.constantFrom<TeamMemberRole>('owner', 'member');
// Users u0…u11; each team has some of them now, and the roster names some per team.
const world = fc.record({
  current: fc.array(fc.array(fc.record({ user: fc.nat({ max: 11 }), role }), { maxLength: 10 }), { minLength: 4, maxLength: 4 }),
  roster: fc.array(fc.array(fc.record({ user: fc.nat({ max: 11 }), role }), { maxLength: 10 }), { minLength: 4, maxLength: 4 }),
  named: fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }),
});

const uniqueBy = <T>(items: T[], key: (t: T) => number): T[] => [...new Map(items.map((i) => [key(i), i])).values()];

describe('planSeveralTeams', () => {
  it('applying every team plan yields the roster exactly, a second plan is empty, unnamed teams get none', () => {
    fc.assert(
      fc.property(world, ({ current, roster, named }) => {
        const teams = new Map<string, CurrentMember[]>(
          teamNames.map((t, i) => [t, uniqueBy(current[i] ?? [], (m) => m.user).map((m) => ({ id: `u${m.user}`, email: `user${m.user}@example.com`, role: m.role }))]),
        );
        let line = 1;
        const rows: UserEntry[] = teamNames.flatMap((t, i) =>
          named[i]
            ? uniqueBy(roster[i] ?? [], (r) => r.user).map((r) => ({ key: r.user % 2 ? `u${r.user}` : `USER${r.user}@example.com`, kind: r.user % 2 ? ('id' as const) : ('email' as const), role: r.role, team: t, line: ++line }))
            : [],
        );
        fc.pre(rows.length > 0);
        const byTeam = rowsByTeam(rows);
        const plans = planSeveralTeams(teams, byTeam, true);
        expect([...plans.keys()].sort()).toEqual([...byTeam.keys()].sort());
        const after = new Map(teams);
        for (const [team, plan] of plans) {
          const result = applyPlan(teams.get(team) ?? [], plan);
          const want = (byTeam.get(team) ?? []).map((r) => [r.kind === 'id' ? r.key : `u${r.key.slice(4, r.key.indexOf('@'))}`, r.role]);
          const got = result.map((m) => [m.id ?? `u${(m.email ?? '').slice(4, (m.email ?? '').indexOf('@'))}`, m.role]);
          expect(got.sort()).toEqual(want.sort());
          after.set(team, result.map((m) => ({ id: m.id ?? `u${(m.email ?? '').toLowerCase().slice(4, (m.email ?? '').indexOf('@'))}`, email: m.email?.toLowerCase() ?? null, role: m.role })));
        }
        for (const plan of planSeveralTeams(after, byTeam, true).values()) expect(isEmptyPlan(plan)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('refuses a row without a team (the caller only gives it an organization roster)', () => {
    expect(() => rowsByTeam([{ key: 'u1', kind: 'id', line: 2 }])).toThrow();
  });
});
