import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import type { ExecuteResult } from '../../src/members/results.js';
import {
  appliedReport,
  dryRunReport,
  formatPlan,
  formatSummary,
  planAsExecuted,
  membersCsv,
  reportRows,
  settleInconclusive,
  unchangedNamedMembers,
  type Verification,
} from '../../src/members/report.js';
import { csvText } from '../../src/engine/csv.js';
import type { UserRef } from '../../src/model/users.js';
import type { CurrentMember, MembersPlan } from '../../src/plan/members.js';
import { describeUser, planMembers } from '../../src/plan/members.js';
import { UserMap } from '../../src/plan/userMap.js';

const ada: UserRef = { id: 'u1', email: 'Ada@Example.com' };
const bob: UserRef = { id: 'u2', email: 'bob@example.com' };
const cy: UserRef = { id: 'u3', email: null };
const newcomer: UserRef = { id: null, email: 'new@example.com' };
const ghost: UserRef = { id: null, email: 'ghost@example.com' };

const current: CurrentMember[] = [
  { id: 'u1', email: 'Ada@Example.com', role: 'owner' },
  { id: 'u2', email: 'bob@example.com', role: 'member' },
  { id: 'u3', email: null, role: 'member' },
  { id: 'u4', email: 'dan@example.com', role: 'member' },
];

const plan: MembersPlan = {
  add: [{ user: newcomer, role: 'member' }],
  remove: [{ user: cy, role: 'member', pruned: true }],
  roleChanges: [{ user: bob, from: 'member', to: 'owner' }],
  unchanged: 2,
  notMember: [ghost],
};

const success: ExecuteResult = {
  added: [{ user: { id: 'u9', email: 'new@example.com' }, role: 'member', status: 204 }],
  overruled: [],
  alreadyMembers: [],
  removed: [{ user: cy, role: 'member', pruned: true, status: 204 }],
  roleChanged: [{ user: bob, from: 'member', to: 'owner', status: 204 }],
  failed: [],
  accepted: 3,
};

describe('the JSON report (`teamctl help formatting`, "Reports")', () => {
  it('has exactly the contract keys, in order, for a dry run', () => {
    const report = dryRunReport(plan);
    expect(Object.keys(report)).toEqual(['dryRun', 'added', 'removed', 'roleChanged', 'unchanged', 'notMember', 'failed', 'verified']);
    expect(report).toEqual({
      dryRun: true,
      added: [newcomer],
      removed: [cy],
      roleChanged: [{ user: bob, from: 'member', to: 'owner' }],
      unchanged: 2,
      notMember: [ghost],
      failed: [],
      verified: false,
    });
  });

  it('lists what was applied, and is verified when the team read back matches', () => {
    const report = appliedReport(plan, success, { differences: [] });
    expect(report).toEqual({
      dryRun: false,
      added: [{ id: 'u9', email: 'new@example.com' }],
      removed: [cy],
      roleChanged: [{ user: bob, from: 'member', to: 'owner' }],
      unchanged: 2,
      notMember: [ghost],
      failed: [],
      verified: true,
    });
  });

  it('adds a `verify` failure for a difference no failure explains, and is not verified', () => {
    const verification: Verification = { differences: [{ user: bob, expected: 'owner', actual: 'member' }] };
    const report = appliedReport(plan, success, verification);
    expect(report.verified).toBe(false);
    expect(report.failed).toEqual([{ user: bob, action: 'verify', status: null, message: 'verification: expected owner, found member' }]);
  });

  it('does not repeat a difference that a failure explains', () => {
    const failedAdd: ExecuteResult = {
      ...success,
      added: [],
      failed: [{ action: 'add', user: newcomer, role: 'member', status: 400, message: 'no such user', mayHaveApplied: false }],
    };
    const verification: Verification = { differences: [{ user: newcomer, expected: 'member', actual: 'absent' }] };
    const report = appliedReport(plan, failedAdd, verification);
    expect(report.failed).toEqual([{ user: newcomer, action: 'add', status: 400, message: 'no such user' }]);
    expect(report.verified).toBe(false);
  });

  it('is not verified when the team could not be read back', () => {
    expect(appliedReport(plan, success, { differences: [], readError: 'down' }).verified).toBe(false);
  });
});

describe('settleInconclusive', () => {
  const lost: ExecuteResult = {
    ...success,
    roleChanged: [],
    failed: [{ action: 'role', user: bob, from: 'member', to: 'owner', newMember: false, status: 500, message: 'oops', mayHaveApplied: true }],
    accepted: 2,
  };
  it('counts a possibly applied change as done when the team read back shows it', () => {
    const settled = settleInconclusive(lost, { differences: [] });
    expect(settled.failed).toEqual([]);
    expect(settled.roleChanged).toEqual([{ user: bob, from: 'member', to: 'owner', status: 204 }]);
    expect(settled.accepted).toBe(3);
  });
  it('keeps it failed when the team shows otherwise, or could not be read', () => {
    expect(settleInconclusive(lost, { differences: [{ user: bob, expected: 'owner', actual: 'member' }] }).failed).toHaveLength(1);
    expect(settleInconclusive(lost, { differences: [], readError: 'down' }).failed).toHaveLength(1);
  });
  it('settles an error answer whose change the read-back shows made (a 503 after applying), never a change that was not sent', () => {
    const answered: ExecuteResult = { ...lost, failed: [{ ...lost.failed[0]!, status: 503, mayHaveApplied: false }] };
    expect(settleInconclusive(answered, { differences: [] }).failed).toEqual([]);
    expect(settleInconclusive(answered, { differences: [{ user: bob, expected: 'owner', actual: 'member' }] }).failed).toHaveLength(1);
    const notSent: ExecuteResult = { ...lost, failed: [{ ...lost.failed[0]!, status: null, mayHaveApplied: false, message: 'not sent: it would leave the team without an owner' }] };
    expect(settleInconclusive(notSent, { differences: [] }).failed).toHaveLength(1);
  });
});

describe('the CSV report', () => {
  it('has one row per user touched or named, with action, outcome, status and message', async () => {
    const dan = current[3]!;
    const rows = reportRows({
      plan,
      result: success,
      verification: { differences: [{ user: bob, expected: 'owner', actual: 'member' }] },
      unchangedNamed: [dan],
    });
    const csv = await csvText(membersCsv, rows);
    expect(parse(csv)).toEqual([
      ['user', 'action', 'outcome', 'status', 'message'],
      ['new@example.com', 'add', 'added', '204', 'as member'],
      ['bob@example.com', 'role', 'unverified', '204', 'member → owner; verification: expected owner, found member'],
      ['u3', 'remove', 'removed', '204', 'not in the roster'],
      ['ghost@example.com', 'remove', 'not-member', '', 'not a member'],
      ['dan@example.com', 'none', 'unchanged', '', 'already a member (member)'],
    ]);
  });

  it('marks every planned change `planned` on a dry run', () => {
    const rows = reportRows({ plan, unchangedNamed: [] });
    expect(rows.map((r) => [r.action, r.outcome])).toEqual([
      ['add', 'planned'],
      ['role', 'planned'],
      ['remove', 'planned'],
      ['remove', 'not-member'],
    ]);
  });

  it('folds a failed role for a new member into its add row', () => {
    const result: ExecuteResult = {
      ...success,
      failed: [{ action: 'role', user: { id: 'u9', email: 'new@example.com' }, from: 'member', to: 'owner', newMember: true, status: 403, message: 'denied', mayHaveApplied: false }],
    };
    const rows = reportRows({ plan, result, unchangedNamed: [] });
    expect(rows.filter((r) => r.user.email === 'new@example.com')).toEqual([
      { user: { id: 'u9', email: 'new@example.com' }, action: 'add', outcome: 'failed', status: 403, message: 'added, but the role member was not set: denied' },
    ]);
  });

  it('lists a new member removed again (named in both add and remove) as not a member, and verifies it as absent', () => {
    const carol: UserRef = { id: null, email: 'carol@example.com' };
    const carolRead: UserRef = { id: 'u7', email: 'carol@example.com' };
    const withBoth: MembersPlan = { ...plan, add: [{ user: carol, role: 'member' }], notMember: [{ id: 'u7', email: null }] };
    const overruled = { user: carolRead, adds: [withBoth.add[0]!.user], role: 'member' as const, status: 204, message: 'named in both add and remove (remove wins)' };
    const result: ExecuteResult = { ...success, added: [], overruled: [overruled] };
    const executed = planAsExecuted(withBoth, result);
    expect(executed.add).toEqual([]);
    expect(executed.notMember).toEqual([{ id: 'u7', email: null }, carolRead]);
    expect(planAsExecuted(withBoth, success)).toBe(withBoth);
    const report = appliedReport(withBoth, result, { differences: [] });
    expect(report.added).toEqual([]);
    expect(report.removed).toEqual([cy]);
    expect(report.notMember).toEqual([{ id: 'u7', email: null }, carolRead]);
    expect(report.verified).toBe(true);
    const rows = reportRows({ plan: withBoth, result, verification: { differences: [] }, unchangedNamed: [] });
    expect(rows.filter((r) => r.outcome === 'not-member').map((r) => [describeUser(r.user), r.action, r.status, r.message])).toEqual([
      ['carol@example.com', 'add', 204, 'named in both add and remove (remove wins)'],
      ['u7', 'remove', null, 'not a member'],
    ]);

    // Its removal failed with no conclusive answer: still expected absent; when the team read
    // back shows it absent, it is settled as overruled, never as `removed`.
    const failedRemoval: ExecuteResult = {
      ...success,
      added: [],
      failed: [{ action: 'remove', user: carolRead, role: 'member', pruned: false, overrules: [carol], status: 500, message: 'oops', mayHaveApplied: true }],
    };
    expect(planAsExecuted(withBoth, failedRemoval).notMember).toEqual([{ id: 'u7', email: null }, carolRead]);
    expect(planAsExecuted(withBoth, failedRemoval).add).toEqual([]);
    const settled = settleInconclusive(failedRemoval, { differences: [] });
    expect(settled.failed).toEqual([]);
    expect(settled.removed).toEqual(success.removed);
    expect(settled.overruled).toEqual([{ ...overruled, message: 'named in both add and remove (remove wins)' }]);
  });

  it('reports an add that named a member already in the team as unchanged, not added; with a role asked, as a role change', () => {
    const alias: UserRef = { id: null, email: 'ada.alias@example.com' };
    const withAlias: MembersPlan = { ...plan, add: [{ user: alias, role: 'member' }] };
    const result: ExecuteResult = { ...success, added: [], alreadyMembers: [{ user: ada, adds: [alias], role: 'owner' }] };
    const executed = planAsExecuted(withAlias, result);
    expect(executed.add).toEqual([]);
    expect(executed.roleChanges).toEqual(plan.roleChanges);
    expect(executed.unchanged).toBe(2);
    const report = appliedReport(withAlias, result, { differences: [] });
    expect(report.added).toEqual([]);
    expect(report.unchanged).toBe(2);
    const rows = reportRows({ plan: withAlias, result, verification: { differences: [] }, unchangedNamed: [current[0]!] });
    // Once, although the input named that member too.
    expect(rows.filter((r) => r.outcome === 'unchanged')).toEqual([{ user: ada, action: 'none', outcome: 'unchanged', status: null, message: 'already a member (owner)' }]);

    const asked: ExecuteResult = {
      ...success,
      added: [],
      roleChanged: [...success.roleChanged, { user: ada, from: 'owner', to: 'member', status: 204 }],
      alreadyMembers: [{ user: ada, adds: [alias], role: 'owner', to: 'member' }],
    };
    const executedAsked = planAsExecuted(withAlias, asked);
    expect(executedAsked.roleChanges).toEqual([...plan.roleChanges, { user: ada, from: 'owner', to: 'member' }]);
    expect(executedAsked.unchanged).toBe(1);
    expect(appliedReport(withAlias, asked, { differences: [] }).unchanged).toBe(1);
    expect(reportRows({ plan: withAlias, result: asked, unchangedNamed: [] }).filter((r) => r.user === ada).map((r) => [r.action, r.outcome])).toEqual([['role', 'role-changed']]);
  });

  it('folds a new member named twice with two roles into one failed add row', () => {
    const u9: UserRef = { id: 'u9', email: 'new@example.com' };
    const result: ExecuteResult = {
      ...success,
      failed: [{ action: 'role', user: u9, from: 'member', to: 'owner', newMember: true, namedTwice: true, status: null, message: 'named twice with different roles (…)', mayHaveApplied: false }],
    };
    const rows = reportRows({ plan, result, unchangedNamed: [] });
    expect(rows.filter((r) => r.user.email === 'new@example.com')).toEqual([
      { user: u9, action: 'add', outcome: 'failed', status: null, message: 'added; named twice with different roles (…)' },
    ]);
  });

  it('quotes cells as RFC 4180 says', async () => {
    const csv = await csvText(membersCsv, [{ user: ghost, action: 'add', outcome: 'failed', status: 400, message: 'bad, "really"\nbad' }]);
    expect(csv).toBe('user,action,outcome,status,message\nghost@example.com,add,failed,400,"bad, ""really""\nbad"\n');
  });
});

describe('unchangedNamedMembers', () => {
  it('finds the named members the plan leaves alone, once each, by id or e-mail in any case', () => {
    const named: UserRef[] = [{ id: null, email: 'ADA@example.com' }, { id: 'u1', email: null }, { id: 'u2', email: null }, newcomer];
    const p = planMembers(current, { add: [{ key: 'ADA@example.com', kind: 'email', line: 0 }, { key: 'u2', kind: 'id', line: 0 }], remove: [{ key: 'u2', kind: 'id', line: 0 }] });
    expect(unchangedNamedMembers(current, named, p)).toEqual([current[0]]);
  });
});

describe('UserMap', () => {
  it('finds users by id, else by e-mail ignoring case', () => {
    const map = UserMap.of<number>([
      [ada, 1],
      [newcomer, 2],
    ]);
    expect(map.get({ id: 'u1', email: null })).toBe(1);
    expect(map.get({ id: null, email: 'ada@EXAMPLE.com' })).toBe(1);
    expect(map.get({ id: 'u9', email: 'NEW@example.com' })).toBe(2);
    expect(map.get({ id: 'u7', email: null })).toBeUndefined();
  });
});

describe('the plan and summary on stderr', () => {
  it('prints + add, ~ role from → to, - remove, then the counts', async () => {
    expect(await formatPlan(plan, 'engineering', 4, false)).toBe(
      [
        'Plan for team engineering (4 members now):',
        '  + new@example.com (member)',
        '  ~ bob@example.com: member → owner',
        '  - u3 (not in the roster)',
        '    ghost@example.com: not a member',
        '1 to add, 1 to remove, 1 role change, 2 unchanged, 1 not a member',
      ].join('\n'),
    );
  });

  it('says when there is nothing to change, and colours only when asked', async () => {
    const empty: MembersPlan = { add: [], remove: [], roleChanges: [], unchanged: 4, notMember: [] };
    expect(await formatPlan(empty, 't', 4, false)).toContain('  nothing to change');
    const coloured = await formatPlan(plan, 't', 4, true);
    expect(coloured).toContain('\u001b[32m  + new@example.com (member)');
    expect(await formatPlan(plan, 't', 4, false)).not.toContain('\u001b[');
  });

  it('summarises counts, failures and the verification', () => {
    const report = appliedReport(plan, success, { differences: [{ user: bob, expected: 'owner', actual: 'member' }] });
    expect(formatSummary(report, { differences: [{ user: bob, expected: 'owner', actual: 'member' }] })).toBe(
      [
        'Done: 1 added, 1 removed, 1 role changed, 2 unchanged, 1 not a member, 0 failed',
        'Verification: the team read back differs from the plan for 1 user:',
        '  bob@example.com: expected owner, found member',
      ].join('\n'),
    );
    expect(formatSummary(appliedReport(plan, success, { differences: [] }), { differences: [] })).toContain('Verified: the team read back matches the plan.');
  });

  it('gives each planned change one outcome: a new owner added without the owner role is counted with the added, not again as failed', () => {
    const owners: MembersPlan = {
      add: [{ user: newcomer, role: 'owner', roleAsked: true }, { user: ghost, role: 'owner', roleAsked: true }],
      remove: [{ user: cy, role: 'member', pruned: true }],
      roleChanges: [],
      unchanged: 3,
      notMember: [],
    };
    const interrupted: ExecuteResult = {
      added: [{ user: { id: 'u9', email: 'new@example.com' }, role: 'owner', status: 204 }],
      overruled: [],
      alreadyMembers: [],
      removed: [],
      roleChanged: [],
      failed: [
        { user: { id: 'u9', email: 'new@example.com' }, action: 'role', from: 'member', to: 'owner', newMember: true, status: null, message: 'not sent: the run was interrupted', mayHaveApplied: false },
        { user: ghost, action: 'add', role: 'owner', status: null, message: 'not sent: the run was interrupted', mayHaveApplied: false },
        { user: cy, action: 'remove', role: 'member', pruned: true, status: null, message: 'not sent: the run was interrupted', mayHaveApplied: false },
      ],
      accepted: 1,
    };
    const notRead = { differences: [], readError: 'not read again: the run was interrupted' };
    const text = formatSummary(appliedReport(owners, interrupted, notRead), notRead);
    // Three planned changes, three outcomes: one added (without its role), two failed.
    expect(text.split('\n')).toEqual([
      'Done: 1 added (1 without the owner role asked for), 0 removed, 0 roles changed, 3 unchanged, 0 not a member, 2 failed',
      '  added without the owner role: new@example.com: not sent: the run was interrupted',
      '  failed: add ghost@example.com: not sent: the run was interrupted',
      '  failed: remove u3: not sent: the run was interrupted',
      'Not verified: not read again: the run was interrupted',
    ]);
  });
});

describe('the plan for people', () => {
  const many = (n: number, role: 'owner' | 'member'): CurrentMember[] => Array.from({ length: n }, (_, i) => ({ id: `x${i}`, email: null, role }));
  it('names the role requests that follow the bulk add of new owners', async () => {
    const p = planMembers([{ id: 'u1', email: null, role: 'owner' }], { add: [{ key: 'u2', kind: 'id', line: 0 }, { key: 'u3', kind: 'id', line: 0 }], role: 'owner' });
    expect(await formatPlan(p, 't', 1, false)).toContain('2 to add (2 as owner: a role request each after the bulk add)');
  });
  it('folds each action after its first lines when asked, saying how many more', async () => {
    const current = many(30, 'member');
    const p = planMembers(current, { remove: current.map((m) => ({ key: m.id, kind: 'id' as const, line: 0 })) });
    const text = await formatPlan(p, 't', 30, false, 5);
    expect(text.split('\n').filter((l) => l.startsWith('  - '))).toHaveLength(5);
    expect(text).toContain('    … and 25 more (--report keeps them all)');
  });
});
