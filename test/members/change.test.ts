// The members domain of the change engine, unit by unit (`teamctl help guards`, "Safety guards"; `teamctl help exit-codes`, "Exit codes",
// "Reports"): what each guard refuses and at which count, the words of a failed or partial run,
// the report's Markdown, the work the progress bar counts and what a saved plan keeps. The
// end-to-end tests drive the same code through main(); these pin each sentence and number.
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../src/api/client.js';
import { Context } from '../../src/context.js';
import type { Tally } from '../../src/engine/exit.js';
import { stateDigest, type PlanFile } from '../../src/engine/planFile.js';
import { membersDomain, type MembersPlanBody, type MembersRunSettings } from '../../src/members/change.js';
import type { CurrentMember, MembersPlan } from '../../src/plan/members.js';
import { startSandbox, type Interceptor, type Sandbox } from '../../src/sandbox/server.js';
import { fakeStreams } from '../helpers/streams.js';

const mail = (i: number) => `user${i}@example.com`;
const member = (i: number, role: CurrentMember['role'] = 'member'): CurrentMember => ({ id: `u${i}`, email: mail(i), role });
const ref = (i: number) => ({ id: `u${i}`, email: mail(i) });
const emptyPlan = (): MembersPlan => ({ add: [], remove: [], roleChanges: [], unchanged: 0, notMember: [] });

/** The client is never called by what these tests exercise (execute is end-to-end's). */
const noClient = new Proxy({}, { get: () => { throw new Error('no request expected'); } }) as ApiClient;

function domain(current: CurrentMember[], plan: MembersPlan, settings: Partial<MembersRunSettings> = {}, flags: { yes?: boolean } = {}) {
  const streams = fakeStreams();
  const ctx = new Context({ streams, env: {} }, { color: false, ...flags });
  const d = membersDomain(ctx, {
    client: noClient,
    baseUrl: 'https://api.example.test/v1',
    org: 'acme',
    team: 't',
    command: 'members sync',
    current,
    plan,
    named: [],
    settings: { force: false, batchSize: 100, concurrency: 8, ...settings },
  });
  return { d, ctx, warnings: () => streams.err() };
}

const tally = (t: Partial<Tally>): Tally => ({ total: 0, applied: 0, failed: 0, unknown: 0, unexplained: 0, unverifiable: false, ...t });

describe('--max-removals', () => {
  const current = Array.from({ length: 10 }, (_, i) => member(i + 1));
  const removing = (n: number): MembersPlan => ({ ...emptyPlan(), remove: current.slice(0, n).map((m) => ({ user: ref(Number(m.id.slice(1))), role: 'member', pruned: true })), unchanged: 10 - n });

  it('passes at its limit and refuses one more, naming the counts and the limit', () => {
    expect(domain(current, removing(3), { maxRemovals: '3' }).d.refusals()).toEqual([]);
    expect(domain(current, removing(4), { maxRemovals: '3' }).d.refusals()).toEqual([
      { what: 'the plan removes 4 of 10 members, more than --max-removals 3 allows (3)', hint: 'check the roster; to apply it anyway, pass --force or a higher --max-removals' },
    ]);
    expect(domain(current, removing(3), { maxRemovals: '20%' }).d.refusals()).toEqual([
      { what: 'the plan removes 3 of 10 members, more than --max-removals 20% allows (2)', hint: 'check the roster; to apply it anyway, pass --force or a higher --max-removals' },
    ]);
  });

  it('names the team when a run covers several; --force turns the refusal into a warning', () => {
    expect(domain(current, removing(4), { maxRemovals: '3', teamInMessages: true }).d.refusals()[0]?.what).toBe(
      'the plan removes 4 of 10 members of team t, more than --max-removals 3 allows (3)',
    );
    const forced = domain(current, removing(4), { maxRemovals: '3', force: true });
    expect(forced.d.refusals()).toEqual([]);
    expect(forced.warnings()).toBe('warning: the plan removes 4 of 10 members, more than --max-removals 3 allows (3); going ahead because of --force\n');
  });

  it('is no guard when not given (members add and remove)', () => {
    expect(domain(current, removing(10)).d.refusals()).toEqual([]);
  });
});

describe('the last-owner guard', () => {
  const hint =
    'keep an owner: give someone the owner role first (`teamctl members set-role <user> --role owner --team t`, or a roster line with the owner role); ' +
    'to leave the team without an owner anyway, pass --force';

  it('names its only owner and how the plan loses it', () => {
    const current = [member(1, 'owner'), member(2)];
    const demote = { ...emptyPlan(), roleChanges: [{ user: ref(1), from: 'owner' as const, to: 'member' as const }], unchanged: 1 };
    expect(domain(current, demote).d.refusals()).toEqual([{ what: 'the plan would leave team t without an owner: it demotes user1@example.com (its only owner)', hint }]);
    const remove = { ...emptyPlan(), remove: [{ user: ref(1), role: 'owner' as const, pruned: false }], unchanged: 1 };
    expect(domain(current, remove).d.refusals()).toEqual([{ what: 'the plan would leave team t without an owner: it removes user1@example.com (its only owner)', hint }]);
  });

  it('several owners: those demoted, then those removed, ten names at most each', () => {
    const current = Array.from({ length: 14 }, (_, i) => member(i + 1, 'owner'));
    const plan: MembersPlan = {
      ...emptyPlan(),
      roleChanges: [{ user: ref(1), from: 'owner', to: 'member' }],
      remove: current.slice(1).map((m, i) => ({ user: ref(i + 2), role: m.role, pruned: true })),
    };
    const removed = Array.from({ length: 10 }, (_, i) => mail(i + 2)).join(', ');
    expect(domain(current, plan).d.refusals()[0]?.what).toBe(
      `the plan would leave team t without an owner: it demotes user1@example.com and removes ${removed} and 3 more (all 14 of its owners)`,
    );
    const eleven = { ...emptyPlan(), roleChanges: current.slice(0, 11).map((_, i) => ({ user: ref(i + 1), from: 'owner' as const, to: 'member' as const })), remove: current.slice(11).map((m, i) => ({ user: ref(i + 12), role: m.role, pruned: false })) };
    expect(domain(current, eleven).d.refusals()[0]?.what).toBe(
      `the plan would leave team t without an owner: it demotes ${Array.from({ length: 10 }, (_, i) => mail(i + 1)).join(', ')} and 1 more and removes user12@example.com, user13@example.com, user14@example.com (all 14 of its owners)`,
    );
  });

  it('exactly ten owners are all named', () => {
    const current = Array.from({ length: 10 }, (_, i) => member(i + 1, 'owner'));
    const plan: MembersPlan = { ...emptyPlan(), remove: current.map((m, i) => ({ user: ref(i + 1), role: m.role, pruned: true })) };
    expect(domain(current, plan).d.refusals()[0]?.what).toBe(
      `the plan would leave team t without an owner: it removes ${Array.from({ length: 10 }, (_, i) => mail(i + 1)).join(', ')} (all 10 of its owners)`,
    );
  });

  it('--force goes ahead with a warning; a team without an owner now is not guarded', () => {
    const current = [member(1, 'owner')];
    const forced = domain(current, { ...emptyPlan(), remove: [{ user: ref(1), role: 'owner', pruned: false }] }, { force: true });
    expect(forced.d.refusals()).toEqual([]);
    expect(forced.warnings()).toBe('warning: the plan would leave team t without an owner: it removes user1@example.com (its only owner); going ahead because of --force\n');
    expect(domain([member(1), member(2)], { ...emptyPlan(), remove: [{ user: ref(1), role: 'member', pruned: false }], unchanged: 1 }).d.refusals()).toEqual([]);
  });
});

describe('--min-owners', () => {
  const owners = (n: number) => Array.from({ length: n }, (_, i) => member(i + 1, 'owner'));
  const demoting = (from: number, to: number): MembersPlan => ({
    ...emptyPlan(),
    roleChanges: Array.from({ length: to - from + 1 }, (_, i) => ({ user: ref(from + i), from: 'owner' as const, to: 'member' as const })),
  });

  it('passes when exactly n owners are left and refuses n-1, naming what is lost and how', () => {
    // Three owners; demoting one leaves 2.
    expect(domain(owners(3), demoting(3, 3), { minOwners: 2 }).d.refusals()).toEqual([]);
    expect(domain(owners(3), demoting(2, 3), { minOwners: 2 }).d.refusals()).toEqual([
      {
        what: 'the plan would leave team t with 1 owner, fewer than --min-owners 2: it demotes user2@example.com, user3@example.com',
        hint: 'keep 2 owners in team t, or pass a lower --min-owners or --force',
      },
    ]);
    const removing = { ...emptyPlan(), remove: [{ user: ref(3), role: 'owner' as const, pruned: true }], roleChanges: [{ user: ref(2), from: 'owner' as const, to: 'member' as const }] };
    expect(domain(owners(3), removing, { minOwners: 3 }).d.refusals()[0]?.what).toBe(
      'the plan would leave team t with 1 owner, fewer than --min-owners 3: it demotes user2@example.com and removes user3@example.com',
    );
    expect(domain(owners(3), demoting(1, 3), { minOwners: 2 }).d.refusals()[0]?.what).toBe(
      'the plan would leave team t with 0 owners, fewer than --min-owners 2: it demotes user1@example.com, user2@example.com, user3@example.com',
    );
  });

  it('a team with fewer than n owners now is not guarded; more than ten lost are counted', () => {
    expect(domain(owners(2), demoting(1, 1), { minOwners: 3 }).d.refusals()).toEqual([]);
    expect(domain(owners(2), demoting(1, 1), { minOwners: 2 }).d.refusals()).toHaveLength(1);
    const what = domain(owners(13), demoting(1, 12), { minOwners: 2 }).d.refusals()[0]?.what;
    expect(what).toBe(`the plan would leave team t with 1 owner, fewer than --min-owners 2: it demotes ${Array.from({ length: 10 }, (_, i) => mail(i + 1)).join(', ')} and 2 more`);
    const removed = { ...emptyPlan(), remove: owners(13).slice(0, 12).map((m, i) => ({ user: ref(i + 1), role: m.role, pruned: true })) };
    expect(domain(owners(13), removed, { minOwners: 2 }).d.refusals()[0]?.what).toBe(
      `the plan would leave team t with 1 owner, fewer than --min-owners 2: it removes ${Array.from({ length: 10 }, (_, i) => mail(i + 1)).join(', ')} and 2 more`,
    );
  });

  it('names only owners, ten at most, and counts new owners the plan adds', () => {
    const mixed = [member(1, 'owner'), member(2, 'owner'), member(3), member(4), member(5)];
    expect(domain(mixed, demoting(1, 1), { minOwners: 2 }).d.refusals()[0]?.what).toBe(
      'the plan would leave team t with 1 owner, fewer than --min-owners 2: it demotes user1@example.com',
    );
    const promoted = { ...demoting(1, 1), add: [{ user: { id: null, email: 'new@example.com' }, role: 'owner' as const, roleAsked: true as const }] };
    expect(domain(mixed, promoted, { minOwners: 2 }).d.refusals()).toEqual([]);
    expect(domain(owners(11), demoting(1, 10), { minOwners: 2 }).d.refusals()[0]?.what).toBe(
      `the plan would leave team t with 1 owner, fewer than --min-owners 2: it demotes ${Array.from({ length: 10 }, (_, i) => mail(i + 1)).join(', ')}`,
    );
  });

  it('--force warns instead of refusing', () => {
    const forced = domain(owners(3), demoting(2, 3), { minOwners: 2, force: true });
    expect(forced.d.refusals()).toEqual([]);
    expect(forced.warnings()).toBe('warning: the plan would leave team t with 1 owner, fewer than --min-owners 2: it demotes user2@example.com, user3@example.com; going ahead because of --force\n');
  });
});

describe('the --prune confirmation', () => {
  const current = [member(1, 'owner'), member(2), member(3)];
  it('asks only for what --prune removes, in the words of the question', async () => {
    const named = domain(current, { ...emptyPlan(), remove: [{ user: ref(2), role: 'member', pruned: false }], unchanged: 2 });
    await expect(named.d.confirm(named.ctx)).resolves.toBeUndefined();
    const one = domain(current, { ...emptyPlan(), remove: [{ user: ref(2), role: 'member', pruned: true }, { user: ref(3), role: 'member', pruned: false }], unchanged: 1 });
    await expect(one.d.confirm(one.ctx)).rejects.toThrow('--prune would remove 1 member missing from the roster from team t, which needs confirmation; nothing was sent');
    const two = domain(current, { ...emptyPlan(), remove: [{ user: ref(2), role: 'member', pruned: true }, { user: ref(3), role: 'member', pruned: true }], unchanged: 1 });
    await expect(two.d.confirm(two.ctx)).rejects.toThrow('--prune would remove 2 members missing from the roster from team t, which needs confirmation');
    expect(two.d.pruned).toBe(2);
  });

  it('a saved plan being applied is its own confirmation', async () => {
    const saved = domain(current, { ...emptyPlan(), remove: [{ user: ref(2), role: 'member', pruned: true }], unchanged: 2 }, { confirmed: true });
    await expect(saved.d.confirm(saved.ctx)).resolves.toBeUndefined();
  });
});

describe('the report and the work counted', () => {
  const current = [member(1, 'owner'), member(2), member(3), member(4)];
  const plan: MembersPlan = {
    add: [
      { user: { id: null, email: 'new1@example.com' }, role: 'owner', roleAsked: true },
      { user: { id: null, email: 'new2@example.com' }, role: 'member' },
      { user: { id: null, email: 'new3@example.com' }, role: 'owner', roleAsked: true },
    ],
    remove: [{ user: ref(4), role: 'member', pruned: true }],
    roleChanges: [{ user: ref(2), from: 'member', to: 'owner' }],
    unchanged: 2,
    notMember: [{ id: null, email: 'gone@example.com' }],
    notInRoster: [],
  };

  it('work: each change and each owner role is a unit; requests are the batches, the read after adds, each owner role and each role change', () => {
    expect(domain(current, plan, { batchSize: 2 }).d.work()).toEqual({ label: 'members sync', units: 7, requests: 2 + 1 + 2 + 1 + 1 });
    expect(domain(current, plan, { batchSize: 3 }).d.work()).toEqual({ label: 'members sync', units: 7, requests: 1 + 1 + 2 + 1 + 1 });
    expect(domain(current, { ...emptyPlan(), remove: plan.remove, unchanged: 3 }, { batchSize: 2 }).d.work()).toEqual({ label: 'members sync', units: 1, requests: 1 });
  });

  it('the dry run: counts in the title and a table per kind of change, no "Not verified" table', () => {
    const view = domain(current, plan).d.planned();
    expect(view.doc.title).toBe('Plan for team t: 3 to add, 1 to remove, 1 role change, 2 unchanged, 0 not in the roster (kept)');
    expect(view.doc.sections.map((s) => [s.heading, s.columns, s.rows])).toEqual([
      ['Added', ['user', 'outcome', 'status', 'message'], [['new1@example.com', 'planned', '', 'as owner'], ['new2@example.com', 'planned', '', 'as member'], ['new3@example.com', 'planned', '', 'as owner']]],
      ['Removed', ['user', 'outcome', 'status', 'message'], [['user4@example.com', 'planned', '', expect.any(String)]]],
      ['Role changes', ['user', 'outcome', 'status', 'message'], [['user2@example.com', 'planned', '', 'member → owner']]],
    ]);
    expect(domain(current, { ...plan, notInRoster: undefined, roleChanges: [...plan.roleChanges, { user: ref(3), from: 'member', to: 'owner' }] }).d.planned().doc.title).toBe(
      'Plan for team t: 3 to add, 1 to remove, 2 role changes, 2 unchanged',
    );
  });

  it('nothing to do: the title of a verified result, and the line that says so', () => {
    const { d } = domain(current, { ...emptyPlan(), unchanged: 4 });
    const view = d.nothingToDo();
    expect(view.doc.title).toBe('Result for team t: 0 added, 0 removed, 0 roles changed, 0 failed, verified');
    expect(view.tally).toEqual({ total: 0, applied: 0, failed: 0, unknown: 0, unexplained: 0, unverifiable: false, firstFailure: undefined, stoppedBy: undefined });
    expect(d.nothingToDoLine).toBe('Nothing to change: the team already matches.');
    expect(d.isEmpty()).toBe(true);
    expect(domain(current, plan).d.isEmpty()).toBe(false);
  });

  it('a saved plan keeps the team as read, the plan and the options given (--min-owners only when given)', () => {
    const file = domain(current, plan, { maxRemovals: '10%', batchSize: 7, concurrency: 3, force: true }).d.planFile() as PlanFile<MembersPlanBody>;
    expect(file.kind).toBe('members');
    expect(file.body.teams).toEqual([
      {
        team: 't',
        state: { digest: stateDigest([['u1', 'owner'], ['u2', 'member'], ['u3', 'member'], ['u4', 'member']]), members: [['u1', mail(1), 'owner'], ['u2', mail(2), 'member'], ['u3', mail(3), 'member'], ['u4', mail(4), 'member']] },
        plan,
        unchanged: [],
      },
    ]);
    expect(file.body.options).toStrictEqual({ force: true, batchSize: 7, concurrency: 3, maxRemovals: '10%' });
    expect((domain(current, plan, { minOwners: 2 }).d.planFile() as PlanFile<MembersPlanBody>).body.options).toStrictEqual({ force: false, batchSize: 100, concurrency: 8, maxRemovals: null, minOwners: 2 });
  });
});

describe('the plan at a terminal', () => {
  it('folds when its lines (each change, each user not a member or not in the roster, and three more) exceed the screen, 24 rows here', async () => {
    const current = Array.from({ length: 20 }, (_, i) => member(i + 1));
    const plan = (notInRoster: number): MembersPlan => ({
      add: Array.from({ length: 6 }, (_, i) => ({ user: { id: null, email: `new${i}@example.com` }, role: 'member' as const })),
      remove: Array.from({ length: 6 }, (_, i) => ({ user: ref(i + 1), role: 'member' as const, pruned: false })),
      roleChanges: Array.from({ length: 6 }, (_, i) => ({ user: ref(i + 7), from: 'member' as const, to: 'owner' as const })),
      unchanged: 8 - notInRoster,
      notMember: [{ id: null, email: 'gone1@example.com' }, { id: null, email: 'gone2@example.com' }],
      notInRoster: Array.from({ length: notInRoster }, (_, i) => ref(i + 13)),
    });
    const at = (p: MembersPlan) => {
      const ctx = new Context({ streams: fakeStreams({ stderrIsTTY: true, stdinIsTTY: true }), env: {} }, { color: false });
      return membersDomain(ctx, { client: noClient, baseUrl: 'https://api.example.test/v1', org: 'acme', team: 't', command: 'members sync', current, plan: p, named: [], settings: { force: false, batchSize: 100, concurrency: 8 } }).planText(false);
    };
    // 6 + 6 + 6 + 2 + 1 + 3 = 24 lines fit; one more folds each kind to 5 lines.
    expect(await at(plan(1))).not.toContain('more (--report keeps them all)');
    expect(await at(plan(2))).toContain('… and 1 more (--report keeps them all)');
  });
});

describe('the words of a run that did not go through', () => {
  const { d } = domain([member(1)], emptyPlan());

  it('nothing applied: how many failed of how many, and the first failure when there is one', () => {
    expect(d.words.nothingApplied(tally({ total: 3, failed: 3, firstFailure: 'HTTP 400: no such user' }))).toBe('nothing was changed: 3 of 3 changes failed (first: HTTP 400: no such user)');
    expect(d.words.nothingApplied(tally({ total: 2, failed: 0 }))).toBe('nothing was changed: 0 of 2 changes failed');
  });

  it('partial: each problem named, and whether the other changes were applied', () => {
    expect(d.words.partial(tally({ total: 5, failed: 2, applied: 3 }))).toBe('2 of 5 changes failed; the other changes were applied');
    expect(d.words.partial(tally({ total: 5, applied: 5, unverifiable: true }))).toBe('the result could not be verified');
    expect(d.words.partial(tally({ total: 5, applied: 5, unexplained: 1 }))).toBe('the team read back differs from the plan for 1 user');
    expect(d.words.partial(tally({ total: 5, failed: 1, applied: 4, unverifiable: true, unexplained: 2 }))).toBe(
      '1 of 5 changes failed; the result could not be verified; the team read back differs from the plan for 2 users; the other changes were applied',
    );
  });

  it('the hint points at the report when there is one', () => {
    expect(d.words.hint(undefined)).toBe('the summary above lists each user; --report <file.csv> keeps it');
    expect(d.words.hint('out/report.csv')).toBe("each user's outcome is in out/report.csv");
  });
});

describe('sending, against the sandbox: the report of what happened', () => {
  let sandbox: Sandbox | undefined;
  afterEach(async () => {
    await sandbox?.close();
    sandbox = undefined;
  });
  const u = (i: number) => ({ id: `u0000${i}`, email: `user0000${i}@example.com` });
  const current: CurrentMember[] = [{ ...u(1), role: 'owner' }, { ...u(2), role: 'member' }, { ...u(3), role: 'member' }, { ...u(4), role: 'member' }, { ...u(7), role: 'member' }];
  const plan: MembersPlan = {
    add: [{ user: { id: null, email: 'user00005@example.com' }, role: 'member' }, { user: { id: null, email: 'user00006@example.com' }, role: 'owner', roleAsked: true }],
    remove: [{ user: u(4), role: 'member', pruned: false }],
    roleChanges: [{ user: u(2), from: 'member', to: 'owner' }],
    unchanged: 3,
    notMember: [{ id: null, email: 'nobody@example.com' }],
  };

  async function run(intercept: (s: Sandbox) => Interceptor, interrupted = false) {
    sandbox = await startSandbox({ port: 0, seed: 'empty' });
    sandbox.store.addUsers('acme', 8);
    sandbox.store.setTeamMembers('acme', 'engineering', current.map((m) => ({ userId: m.id, role: m.role })));
    sandbox.intercept(intercept(sandbox));
    const env = { TEAMCTL_BASE_URL: sandbox.url, TEAMCTL_TOKEN: sandbox.token, TEAMCTL_CONFIG_DIR: '/nonexistent' };
    const ctx = new Context({ streams: fakeStreams(), env, sleep: async () => {} }, {});
    const d = membersDomain(ctx, {
      client: await ctx.client(),
      baseUrl: sandbox.url,
      org: 'acme',
      team: 'engineering',
      command: 'members sync',
      current,
      plan,
      // u00007 is named and stays as it is: it has a row in --report, and no table here.
      named: [u(3), u(7)],
      settings: { force: false, batchSize: 100, concurrency: 4 },
    });
    return d.execute({ increment() {}, stop() {} }, () => interrupted);
  }
  const sections = (view: { doc: { sections: { heading: string; rows: string[][] }[] } }) => view.doc.sections.map((s) => [s.heading, s.rows]);

  it('a table per kind of change with each status; what the verification found unplanned under "Not verified", a named member left as it was among them', async () => {
    // While the role change is sent, someone else removes the owner and the member the input named.
    const view = await run((s) => (req) => {
      if (req.method === 'PUT' && req.path.endsWith('/members/u00002')) {
        s.store.setTeamMembers('acme', 'engineering', s.store.teamMembers('acme', 'engineering').filter((m) => m.userId !== 'u00003' && m.userId !== 'u00001'));
      }
      return undefined;
    });
    expect(view.doc.title).toBe('Result for team engineering: 2 added, 1 removed, 1 role changed, 2 failed');
    expect(sections(view)).toEqual([
      ['Added', [['user00005@example.com', 'added', '204', 'as member'], ['user00006@example.com', 'added', '204', 'as owner']]],
      ['Removed', [['user00004@example.com', 'removed', '204', '']]],
      ['Role changes', [['user00002@example.com', 'role-changed', '204', 'member → owner']]],
      [
        'Not verified',
        [
          ['user00003@example.com', 'unverified', '', 'already a member (member); verification: expected member, found not a member'],
          ['user00001@example.com', 'unverified', '', 'verification: expected owner, found not a member'],
        ],
      ],
    ]);
    expect(new Set(view.doc.sections.map((s) => s.columns.join(',')))).toEqual(new Set(['user,outcome,status,message']));
    expect(view.tally).toEqual({ total: 4, applied: 4, failed: 0, unknown: 0, unexplained: 2, unverifiable: false, firstFailure: undefined, stoppedBy: undefined });
  });

  it('interrupted before anything was sent: every change failed, the team not read again', async () => {
    const view = await run(() => () => undefined, true);
    expect(view.summary(undefined)).toBe(
      [
        'Interrupted: nothing applied, 4 not sent (the run was stopped)',
        '  not sent: add user00005@example.com',
        '  not sent: add user00006@example.com',
        '  not sent: role user00002@example.com',
        '  not sent: remove user00004@example.com',
      ].join('\n'),
    );
    expect(view.tally).toMatchObject({ total: 4, applied: 0, failed: 4, unknown: 0, unverifiable: true, firstFailure: 'not sent: the run was interrupted' });
    expect(sandbox?.requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('stopped by a refused token: not read again, and says after what', async () => {
    const view = await run(() => (req) => (req.method !== 'GET' ? { kind: 'respond', status: 401, body: { error: { code: 401, message: 'bad token' } } } : undefined));
    expect(view.summary(undefined)).toMatch(/\nNot verified: not read again after: authentication failed \(401\): bad token$/);
    expect(view.tally).toMatchObject({ total: 4, applied: 0, failed: 4, unknown: 0, unverifiable: true, firstFailure: 'bad token' });
    expect(view.tally.stoppedBy?.status).toBe(401);
  });

  it('changes whose outcome is unknown: settled by the read after them, or counted as unknown when the team cannot be read', async () => {
    const reset: (s: Sandbox) => Interceptor = () => (req) => (req.method === 'PUT' && req.path.endsWith('/engineering/members') ? { kind: 'reset' } : undefined);
    const settled = await run(reset);
    expect(settled.tally).toMatchObject({ total: 4, applied: 1, failed: 3, unknown: 0, unexplained: 0, unverifiable: false });
    await sandbox?.close();
    const unread = await run((s) => {
      const inner = reset(s);
      return (req) => (req.method === 'GET' ? { kind: 'respond', status: 500, body: { error: { code: 500, message: 'down' } } } : inner(req));
    });
    expect(unread.tally).toMatchObject({ total: 4, applied: 1, failed: 3, unknown: 3, unexplained: 0, unverifiable: true });
  });
});
