// The executor against the in-process sandbox, through the real HTTP client: the sandbox's
// state and request log are the reference.
import { afterEach, describe, expect, it } from 'vitest';
import { ApiClient } from '../../src/api/client.js';
import type { TeamMemberRole } from '../../src/api/types.js';
import { AuthError, ServiceError } from '../../src/errors.js';
import type { UserEntry } from '../../src/model/users.js';
import { executePlan, sendIsolating } from '../../src/members/apply.js';
import { appliedReport, planAsExecuted, reportRows, unexplainedDifferences, verify } from '../../src/members/report.js';
import { readTeam } from '../../src/members/team.js';
import { planMembers, type MembersChange } from '../../src/plan/members.js';
import { startSandbox, type RequestLogEntry, type Sandbox } from '../../src/sandbox/server.js';

let sandbox: Sandbox | undefined;
let client: ApiClient | undefined;
afterEach(async () => {
  await client?.close();
  await sandbox?.close();
  sandbox = undefined;
  client = undefined;
});

const id = (key: string): UserEntry => ({ key, kind: 'id', line: 0 });
const email = (key: string): UserEntry => ({ key, kind: 'email', line: 0 });
const rosterEntry = (key: string, role: TeamMemberRole): UserEntry => ({ ...(key.includes('@') ? email(key) : id(key)), role });

/** A sandbox with 30 users u00001…u00030 (user00001@example.com …) and team `t` with `members`. */
async function setup(members: [string, TeamMemberRole][], options: { maxBatch?: number; latencyMs?: number } = {}) {
  sandbox = await startSandbox({ port: 0, seed: 'empty', ...options });
  sandbox.store.addUsers('acme', 30);
  sandbox.store.createTeam('acme', 't');
  sandbox.store.setTeamMembers('acme', 't', members.map(([userId, role]) => ({ userId, role })));
  client = new ApiClient({ baseUrl: sandbox.url, token: sandbox.token, userAgent: 'test', timeoutMs: 5000, sleep: async () => {} });
  return { sandbox, client };
}

async function run(change: MembersChange, options: { batchSize?: number; concurrency?: number } = {}) {
  if (!sandbox || !client) throw new Error('setup first');
  const current = await readTeam(client, 'acme', 't', 'in test');
  const plan = planMembers(current, change);
  const before = sandbox.requests.length;
  const result = await executePlan(current, plan, { client, org: 'acme', team: 't', batchSize: options.batchSize ?? 100, concurrency: options.concurrency ?? 8 });
  return { plan, result, requests: sandbox.requests.slice(before) };
}

const team = () => Object.fromEntries(sandbox!.store.teamMembers('acme', 't').map((m) => [m.userId, m.role]));
const describeRequest = (r: RequestLogEntry) => {
  const single = /\/members\/([^/]+)$/.exec(r.path);
  if (r.method === 'GET') return 'GET';
  if (single) return `PUT ${single[1]} ${(r.body as { role?: string }).role ?? ''}`;
  return `PUT bulk ${JSON.stringify(r.body)}`;
};

describe('executePlan', () => {
  it('adds ids and e-mails in bulk batches and sets an owner role with the single-user PUT on the resolved id', async () => {
    await setup([['u00001', 'owner']]);
    const { result, requests } = await run({ add: [id('u00002'), email('USER00003@Example.com'), id('u00004')], role: 'owner' }, { batchSize: 2 });
    expect(team()).toEqual({ u00001: 'owner', u00002: 'owner', u00003: 'owner', u00004: 'owner' });
    expect(requests.map(describeRequest)).toEqual([
      'PUT bulk {"add":["u00002","USER00003@Example.com"]}',
      'PUT bulk {"add":["u00004"]}',
      'GET',
      ...['PUT u00002 owner', 'PUT u00003 owner', 'PUT u00004 owner'].map(() => expect.stringMatching(/^PUT u0000[234] owner$/)),
    ]);
    // The e-mail user is reported with the id the team read back gave it.
    expect(result.added.map((a) => a.user)).toEqual([
      { id: 'u00002', email: 'user00002@example.com' },
      { id: 'u00003', email: 'user00003@example.com' },
      { id: 'u00004', email: 'user00004@example.com' },
    ]);
    expect(result.failed).toEqual([]);
    expect(result.roleChanged).toEqual([]);
  });

  it('fixes a new member whose role the service chose differently (its default is not documented)', async () => {
    await setup([['u00001', 'owner']]);
    // This service makes every bulk-added user an owner.
    sandbox!.intercept((req) => {
      const add = (req.body as { add?: string[] } | undefined)?.add;
      if (req.method !== 'PUT' || !add) return undefined;
      for (const userId of add) sandbox!.store.putTeamMember('acme', 't', userId, 'owner');
      return { kind: 'respond', status: 204 };
    });
    const { result, requests } = await run({ add: [id('u00005')] });
    expect(team()).toEqual({ u00001: 'owner', u00005: 'member' });
    expect(requests.map(describeRequest)).toEqual(['PUT bulk {"add":["u00005"]}', 'GET', 'PUT u00005 member']);
    expect(result.added).toEqual([{ user: { id: 'u00005', email: 'user00005@example.com' }, role: 'member', status: 204 }]);
  });

  it('isolates an unknown user: its batch is split until it fails alone, the others are added', async () => {
    await setup([]);
    const users = ['u00001', 'u00002', 'nobody@example.com', 'u00004', 'u00005', 'u00006', 'u00007', 'u00008'];
    const { result, requests } = await run({ add: users.map((u) => (u.includes('@') ? email(u) : id(u))) });
    expect(Object.keys(team()).sort()).toEqual(['u00001', 'u00002', 'u00004', 'u00005', 'u00006', 'u00007', 'u00008']);
    expect(result.failed).toEqual([
      expect.objectContaining({ action: 'add', user: { id: null, email: 'nobody@example.com' }, status: 400, mayHaveApplied: false }),
    ]);
    expect(result.failed[0]?.message).toMatch(/^add: no user of organization acme matches "nobody@example.com"/);
    // 8 → 4+4 → 2+2 → 1+1: a handful of requests, not one per user.
    expect(requests.filter((r) => r.method === 'PUT').length).toBe(7);
  });

  it('halves a batch the service refuses as too large (413)', async () => {
    await setup([], { maxBatch: 3 });
    const { result } = await run({ add: ['u00001', 'u00002', 'u00003', 'u00004', 'u00005', 'u00006', 'u00007'].map(id) }, { batchSize: 7 });
    expect(Object.keys(team())).toHaveLength(7);
    expect(result.failed).toEqual([]);
    expect(result.added).toHaveLength(7);
  });

  it('changes roles in place, every promotion before the first demotion, removals last', async () => {
    await setup([
      ['u00001', 'owner'],
      ['u00002', 'owner'],
      ['u00003', 'member'],
      ['u00004', 'member'],
      ['u00005', 'member'],
      ['u00006', 'owner'],
    ]);
    const roster = [
      rosterEntry('u00001', 'member'),
      rosterEntry('u00002', 'member'),
      rosterEntry('user00003@example.com', 'owner'),
      rosterEntry('u00004', 'owner'),
      rosterEntry('u00005', 'member'),
      rosterEntry('u00009', 'member'),
    ];
    const { result, requests } = await run({ roster, prune: true }, { concurrency: 1 });
    expect(team()).toEqual({ u00001: 'member', u00002: 'member', u00003: 'owner', u00004: 'owner', u00005: 'member', u00009: 'member' });
    const kinds = requests.map(describeRequest);
    expect(kinds).toEqual([
      'PUT bulk {"add":["u00009"]}',
      'GET',
      expect.stringMatching(/owner$/),
      expect.stringMatching(/owner$/),
      expect.stringMatching(/member$/),
      expect.stringMatching(/member$/),
      'PUT bulk {"remove":["u00006"]}',
    ]);
    // Nobody who stays was removed (and re-added).
    expect(requests.flatMap((r) => (r.body as { remove?: string[] } | undefined)?.remove ?? [])).toEqual(['u00006']);
    expect(result.roleChanged.map((c) => [c.user.id, c.from, c.to])).toEqual([
      ['u00003', 'member', 'owner'],
      ['u00004', 'member', 'owner'],
      ['u00001', 'owner', 'member'],
      ['u00002', 'owner', 'member'],
    ]);
    expect(result.removed.map((r) => [r.user.id, r.pruned])).toEqual([['u00006', true]]);
  });

  it('starts no demotion before every promotion has been answered, even with requests in parallel', async () => {
    // 10 owners hand over to 10 members; a slow link keeps several requests in flight.
    const owners = Array.from({ length: 10 }, (_, i): [string, TeamMemberRole] => [`u${String(i + 1).padStart(5, '0')}`, 'owner']);
    const others = Array.from({ length: 10 }, (_, i): [string, TeamMemberRole] => [`u${String(i + 11).padStart(5, '0')}`, 'member']);
    await setup([...owners, ...others], { latencyMs: 20 });
    const unansweredPromotionsAtDemotion: number[] = [];
    let maxInFlight = 0;
    sandbox!.intercept((req) => {
      const role = (req.body as { role?: string } | undefined)?.role;
      if (req.method !== 'PUT' || role === undefined) return undefined;
      const pending = sandbox!.requests.filter((r) => r.status === 0 && r.method === 'PUT');
      maxInFlight = Math.max(maxInFlight, pending.length);
      if (role === 'member') unansweredPromotionsAtDemotion.push(pending.filter((r) => (r.body as { role?: string }).role === 'owner').length);
      return undefined;
    });
    const roster = [...owners.map(([u]) => rosterEntry(u, 'member')), ...others.map(([u]) => rosterEntry(u, 'owner'))];
    const { result } = await run({ roster }, { concurrency: 4 });
    expect(result.failed).toEqual([]);
    expect(unansweredPromotionsAtDemotion).toHaveLength(10);
    expect(unansweredPromotionsAtDemotion.every((n) => n === 0)).toBe(true);
    expect(maxInFlight).toBeGreaterThan(1);
    expect(maxInFlight).toBeLessThanOrEqual(4);
    expect(Object.values(team()).filter((r) => r === 'owner')).toHaveLength(10);
  });

  it('holds back demotions and removals that would leave no owner when a promotion failed', async () => {
    await setup([
      ['u00001', 'owner'],
      ['u00002', 'member'],
      ['u00003', 'member'],
    ]);
    sandbox!.intercept((req) => (req.method === 'PUT' && req.path.endsWith('/members/u00002') ? { kind: 'respond', status: 400, body: { error: { code: 400, message: 'no' } } } : undefined));
    const { result, requests } = await run({ roster: [rosterEntry('u00002', 'owner'), rosterEntry('u00003', 'member'), rosterEntry('u00001', 'member')] });
    // u00001 is still the owner: its demotion was not sent.
    expect(team()).toEqual({ u00001: 'owner', u00002: 'member', u00003: 'member' });
    expect(requests.map(describeRequest)).toEqual(['GET', 'PUT u00002 owner']); // the team read again before the role changes
    expect(result.failed.map((f) => [f.action, f.user.id, f.status])).toEqual([
      ['role', 'u00002', 400],
      ['role', 'u00001', null],
    ]);
    expect(result.failed[1]?.message).toMatch(/without an owner/);
    expect(result.accepted).toBe(0);
  });

  it('stops at a refused token: nothing more is sent after the first 401', async () => {
    await setup([['u00001', 'owner']]);
    sandbox!.intercept((req) => (req.method === 'PUT' ? { kind: 'respond', status: 401, body: { error: { code: 401, message: 'token revoked' } } } : undefined));
    const { result, requests } = await run({ add: ['u00002', 'u00003', 'u00004'].map(id), remove: [id('u00001')] }, { batchSize: 1 });
    expect(requests).toHaveLength(1);
    expect(result.stoppedBy).toBeInstanceOf(AuthError);
    expect(result.failed.map((f) => [f.action, f.user.id])).toEqual([
      ['add', 'u00002'],
      ['add', 'u00003'],
      ['add', 'u00004'],
      ['remove', 'u00001'],
    ]);
    expect(team()).toEqual({ u00001: 'owner' });
  });

  it('marks a failure whose answer proves nothing (500) as possibly applied', async () => {
    await setup([['u00001', 'member']]);
    sandbox!.intercept((req) => (req.method === 'PUT' ? { kind: 'applyThen', status: 500, body: { error: { code: 500, message: 'oops' } } } : undefined));
    const { result } = await run({ add: [id('u00001')], role: 'owner' });
    expect(result.failed).toEqual([expect.objectContaining({ action: 'role', status: 500, mayHaveApplied: true })]);
    expect(team()).toEqual({ u00001: 'owner' });
  });
});

describe('executePlan: adds settled by reading the team again', () => {
  it('sends adds only; a new member a not-member removal names the other way is removed again right after the re-read (remove wins)', async () => {
    await setup([['u00001', 'owner']]);
    const { result, requests } = await run(
      { add: [email('user00007@example.com'), id('u00008'), email('user00009@example.com')], remove: [id('u00007'), id('u00010'), email('USER00008@example.com')] },
      { batchSize: 2 },
    );
    expect(team()).toEqual({ u00001: 'owner', u00009: 'member' });
    // No removal rides along with the adds; the two found by the re-read are removed in bulk.
    expect(requests.map(describeRequest)).toEqual([
      'PUT bulk {"add":["user00007@example.com","u00008"]}',
      'PUT bulk {"add":["user00009@example.com"]}',
      'GET',
      'PUT bulk {"remove":["u00007","u00008"]}',
    ]);
    expect(result.overruled).toEqual([
      { user: { id: 'u00007', email: 'user00007@example.com' }, adds: [{ id: null, email: 'user00007@example.com' }], role: 'member', status: 204, message: 'named in both add and remove (remove wins)' },
      { user: { id: 'u00008', email: 'user00008@example.com' }, adds: [{ id: 'u00008', email: null }], role: 'member', status: 204, message: 'named in both add and remove (remove wins)' },
    ]);
    expect(result.added.map((a) => a.user.id)).toEqual(['u00009']);
    expect(result.removed).toEqual([]);
    expect(result.failed).toEqual([]);
  });

  it('keeps bulk requests within --batch-size however many not-members are named for removal', async () => {
    // The sandbox refuses more than 5 add+remove entries per request.
    await setup([['u00001', 'owner']], { maxBatch: 5 });
    const ghosts = Array.from({ length: 50 }, (_, i) => id(`ghost${i}`));
    const { result, requests } = await run({ add: [email('user00002@example.com'), id('u00003')], remove: [...ghosts, email('nobody@example.com')] }, { batchSize: 5 });
    expect(requests.map(describeRequest)).toEqual(['PUT bulk {"add":["user00002@example.com","u00003"]}', 'GET']);
    expect(team()).toEqual({ u00001: 'owner', u00002: 'member', u00003: 'member' });
    expect(result.added.map((a) => a.user.id)).toEqual(['u00002', 'u00003']);
    expect(result.overruled).toEqual([]);
    expect(result.failed).toEqual([]);
  });

  it('reports a failed removal of a new member named in both add and remove, and expects them absent', async () => {
    await setup([['u00001', 'owner']]);
    sandbox!.intercept((req) =>
      req.method === 'PUT' && (req.body as { remove?: string[] } | undefined)?.remove ? { kind: 'respond', status: 400, body: { error: { code: 400, message: 'no' } } } : undefined,
    );
    const { plan, result } = await run({ add: [email('user00007@example.com')], remove: [id('u00007')] });
    expect(team()).toEqual({ u00001: 'owner', u00007: 'member' });
    expect(result.overruled).toEqual([]);
    expect(result.added).toEqual([]);
    expect(result.failed).toEqual([
      {
        action: 'remove',
        user: { id: 'u00007', email: 'user00007@example.com' },
        role: 'member',
        pruned: false,
        overrules: [{ id: null, email: 'user00007@example.com' }],
        status: 400,
        message: 'named in both add and remove (remove wins), but removing the user again failed: no',
        mayHaveApplied: false,
      },
    ]);
    // Verification expects the user absent: the difference is the reported failure.
    const verification = await verify(client!, 'acme', 't', [{ id: 'u00001', email: 'user00001@example.com', role: 'owner' }], planAsExecuted(plan, result));
    expect(verification.differences).toEqual([{ user: { id: 'u00007', email: 'user00007@example.com' }, expected: 'absent', actual: 'member' }]);
    expect(unexplainedDifferences(verification, result.failed)).toEqual([]);
  });

  it('removes again a user named in both whose bulk add answer was lost', async () => {
    await setup([['u00001', 'owner']]);
    sandbox!.intercept((req) => (req.method === 'PUT' && (req.body as { add?: string[] } | undefined)?.add ? { kind: 'applyThenReset' } : undefined));
    const { result, requests } = await run({ add: [email('user00007@example.com'), id('u00005')], remove: [id('u00007')] });
    expect(team()).toEqual({ u00001: 'owner', u00005: 'member' });
    expect(requests.filter((r) => r.method === 'PUT').map(describeRequest).at(-1)).toBe('PUT bulk {"remove":["u00007"]}');
    expect(result.overruled.map((o) => o.user)).toEqual([{ id: 'u00007', email: 'user00007@example.com' }]);
    expect(result.added).toEqual([{ user: { id: 'u00005', email: 'user00005@example.com' }, role: 'member', status: null }]);
    expect(result.failed).toEqual([]);
    expect(result.accepted).toBeGreaterThan(0);
  });

  it('never carries removals in a bulk add (two different ids never name one user either)', async () => {
    await setup([['u00001', 'owner']]);
    const { result, requests } = await run({ add: [id('u00008')], remove: [id('u00009')] });
    expect(requests.map(describeRequest)).toEqual(['PUT bulk {"add":["u00008"]}', 'GET']);
    expect(result.added.map((a) => a.user.id)).toEqual(['u00008']);
  });

  it('fails an accepted add that is absent when read again, when no removal can explain it', async () => {
    await setup([['u00001', 'owner']]);
    // The service says yes and does nothing.
    sandbox!.intercept((req) => (req.method === 'PUT' && req.path.endsWith('/members') ? { kind: 'respond', status: 204 } : undefined));
    const { result } = await run({ add: [id('u00005')], remove: [id('u00006')] });
    expect(result.added).toEqual([]);
    expect(result.overruled).toEqual([]);
    expect(result.failed).toEqual([
      { action: 'add', user: { id: 'u00005', email: null }, role: 'member', status: null, message: 'the service accepted the add, but the user is not in the team when read again', mayHaveApplied: false },
    ]);
  });

  it('settles a bulk add whose answer was lost: users present are added (roles fixed), users absent fail', async () => {
    await setup([['u00001', 'owner']]);
    // The service applies the add for u00005 only, then the connection drops (every retry).
    sandbox!.intercept((req) => {
      if (req.method !== 'PUT' || !req.path.endsWith('/members')) return undefined;
      sandbox!.store.updateTeamMembers('acme', 't', ['u00005'], []);
      return { kind: 'reset' };
    });
    const { result, requests } = await run({ add: [id('u00005'), email('user00006@example.com')], role: 'owner' });
    expect(team()).toEqual({ u00001: 'owner', u00005: 'owner' });
    expect(requests.filter((r) => r.method === 'PUT' && !r.path.endsWith('/members')).map(describeRequest)).toEqual(['PUT u00005 owner']);
    expect(result.added).toEqual([{ user: { id: 'u00005', email: 'user00005@example.com' }, role: 'owner', status: null }]);
    expect(result.failed).toEqual([
      expect.objectContaining({ action: 'add', user: { id: null, email: 'user00006@example.com' }, status: null, mayHaveApplied: false }),
    ]);
    expect(result.failed[0]?.message).toMatch(/; the user is not in the team when read again$/);
    expect(result.accepted).toBeGreaterThan(0);
  });

  it('reports a non-member named by e-mail and by id once; with one role, one role change', async () => {
    await setup([['u00001', 'owner']]);
    const { result, requests } = await run({ add: [email('user00005@example.com'), id('u00005')], role: 'owner' });
    expect(team()).toEqual({ u00001: 'owner', u00005: 'owner' });
    expect(requests.map(describeRequest)).toEqual(['PUT bulk {"add":["user00005@example.com","u00005"]}', 'GET', 'PUT u00005 owner']);
    expect(result.added).toEqual([{ user: { id: 'u00005', email: 'user00005@example.com' }, role: 'owner', status: 204 }]);
    expect(result.failed).toEqual([]);
  });

  it('sends no role for a non-member named twice with two roles, and reports it failed once', async () => {
    await setup([['u00001', 'owner']]);
    const { result, requests } = await run({ roster: [rosterEntry('u00001', 'owner'), rosterEntry('user00005@example.com', 'owner'), rosterEntry('u00005', 'member')] });
    expect(requests.map(describeRequest)).toEqual(['PUT bulk {"add":["user00005@example.com","u00005"]}', 'GET']);
    expect(result.added).toEqual([{ user: { id: 'u00005', email: 'user00005@example.com' }, role: 'member', status: 204 }]);
    expect(result.failed).toEqual([
      {
        action: 'role',
        user: { id: 'u00005', email: 'user00005@example.com' },
        from: 'member',
        to: 'owner',
        newMember: true,
        namedTwice: true,
        status: null,
        message: 'named twice with different roles ("user00005@example.com" as owner and "u00005" as member); role left as the service set it (member)',
        mayHaveApplied: false,
      },
    ]);
  });
});

describe('executePlan: an add that names a member already in the team', () => {
  /**
   * The first listing does not show u00001's e-mail (the service resolves an address the
   * listing did not give), so the planner takes `user00001@example.com` for a new user; the
   * service's bulk add resolves it to u00001, an owner already, and the re-read shows it.
   */
  async function runHidden(change: MembersChange) {
    const current = (await readTeam(client!, 'acme', 't', 'in test')).map((m) => (m.id === 'u00001' ? { ...m, email: null } : m));
    const plan = planMembers(current, change);
    expect(plan.add[0]?.user).toEqual({ id: null, email: 'user00001@example.com' });
    const before = sandbox!.requests.length;
    const result = await executePlan(current, plan, { client: client!, org: 'acme', team: 't', batchSize: 100, concurrency: 8 });
    const verification = await verify(client!, 'acme', 't', current, planAsExecuted(plan, result));
    return { current, plan, result, verification, requests: sandbox!.requests.slice(before) };
  }

  it('without a role asked: no role change for the existing owner, reported unchanged (already a member), verified', async () => {
    await setup([
      ['u00001', 'owner'],
      ['u00002', 'member'],
    ]);
    const { plan, result, verification, requests } = await runHidden({ add: [email('user00001@example.com'), id('u00003')] });
    // The owner stays an owner: nothing but the bulk add and the re-read is sent.
    expect(team()).toEqual({ u00001: 'owner', u00002: 'member', u00003: 'member' });
    expect(requests.map(describeRequest)).toEqual(['PUT bulk {"add":["user00001@example.com","u00003"]}', 'GET', 'GET']);
    expect(result.alreadyMembers).toEqual([
      { user: { id: 'u00001', email: 'user00001@example.com' }, adds: [{ id: null, email: 'user00001@example.com' }], role: 'owner' },
    ]);
    expect(result.added.map((a) => a.user.id)).toEqual(['u00003']);
    expect(result.roleChanged).toEqual([]);
    expect(result.failed).toEqual([]);
    expect(verification).toEqual({ differences: [] });
    const report = appliedReport(plan, result, verification);
    expect(report.added).toEqual([{ id: 'u00003', email: 'user00003@example.com' }]);
    expect(report.unchanged).toBe(2);
    expect(report.verified).toBe(true);
    expect(reportRows({ plan, result, verification, unchangedNamed: [] }).map((r) => [r.user.id, r.action, r.outcome, r.message])).toEqual([
      ['u00003', 'add', 'added', 'as member'],
      ['u00001', 'none', 'unchanged', 'already a member (owner)'],
    ]);
  });

  it('with the role asked for explicitly: changes it in place and reports a role change', async () => {
    await setup([
      ['u00001', 'owner'],
      ['u00002', 'owner'],
    ]);
    const { plan, result, verification, requests } = await runHidden({ add: [email('user00001@example.com')], role: 'member' });
    expect(team()).toEqual({ u00001: 'member', u00002: 'owner' });
    expect(requests.map(describeRequest)).toEqual(['PUT bulk {"add":["user00001@example.com"]}', 'GET', 'PUT u00001 member', 'GET']);
    expect(result.added).toEqual([]);
    expect(result.roleChanged).toEqual([{ user: { id: 'u00001', email: 'user00001@example.com' }, from: 'owner', to: 'member', status: 204 }]);
    expect(verification).toEqual({ differences: [] });
    const report = appliedReport(plan, result, verification);
    expect(report.unchanged).toBe(1);
    expect(report.verified).toBe(true);
  });
});

describe('sendIsolating', () => {
  const badRequest = () => new ServiceError('bad', { status: 400, outcome: 'rejected' });
  it('splits a batch answered 400 until each bad item fails alone', async () => {
    const sent: number[][] = [];
    const r = await sendIsolating([1, 2, 3, 4, 5, 6], 6, async (batch) => {
      sent.push(batch);
      if (batch.includes(3) || batch.includes(6)) throw badRequest();
    });
    expect(r.sent.flat().sort()).toEqual([1, 2, 4, 5]);
    expect(r.failed.map((f) => f.items)).toEqual([[3], [6]]);
  });
  it('does not split for other failures', async () => {
    const r = await sendIsolating([1, 2, 3], 3, async () => {
      throw new ServiceError('down', { status: 500, outcome: 'unknown' });
    });
    expect(r.failed.map((f) => f.items)).toEqual([[1, 2, 3]]);
  });
});

