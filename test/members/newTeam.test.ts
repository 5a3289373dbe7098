// A team an organization roster names and the organization lacks, created then filled in one run
// (`teamctl help rosters`, "Many teams from one roster"; README, "Teams by id or title"), against the
// sandbox: the members its creation is sent with, the plan's words, an answer that proves
// nothing settled by the listing and never sent again, the read-back, the members the service
// adds itself, and the report, summary and tally of each end.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../../src/api/client.js';
import { Context } from '../../src/context.js';
import { Journal } from '../../src/journal/journal.js';
import type { UserEntry } from '../../src/model/users.js';
import { membersDomain } from '../../src/members/change.js';
import { creationMembers, newTeamDomain, organizationMembers, type OrganizationMembers } from '../../src/members/newTeam.js';
import type { MembersReport } from '../../src/members/report.js';
import { planMembers, refOfEntry } from '../../src/plan/members.js';
import type { Sandbox } from '../../src/sandbox/server.js';
import { fakeStreams } from '../helpers/streams.js';
import { heldJournal } from '../helpers/journal.js';
import type { HoldBackRun } from '../../src/journal/teamCreations.js';
import { mail, sandboxPerTest, uid } from '../helpers/sandbox-client.js';

let sandbox: Sandbox | undefined;
let client: ApiClient | undefined;
const start = sandboxPerTest();

const byEmail = (key: string, role?: 'owner' | 'member'): UserEntry => ({ key, kind: 'email', line: 2, ...(role ? { role } : {}) });
const byId = (key: string, role?: 'owner' | 'member'): UserEntry => ({ key, kind: 'id', line: 2, ...(role ? { role } : {}) });

async function setup(options: { creatorJoins?: boolean } = {}) {
  ({ sandbox, client } = await start(options));
  sandbox.store.addUsers('acme', 10);
  return { sandbox, client, store: sandbox.store };
}

const settings = { force: false, batchSize: 100, concurrency: 4 };

async function domain(rows: UserEntry[], options: { prune?: boolean; title?: string; holdBack?: HoldBackRun; journal?: Journal } = {}) {
  const streams = fakeStreams();
  const ctx = new Context({ streams, env: {} }, { color: false, yes: true });
  const c = client as ApiClient;
  const members = await organizationMembers(c, 'acme');
  const title = options.title ?? 'Data Platform';
  const journal = options.journal ?? (await heldJournal('https://api.example.test/v1', 'acme'));
  const d = newTeamDomain(ctx, { client: c, baseUrl: 'https://api.example.test/v1', org: 'acme', title, rows, members, command: 'members sync', settings, prune: options.prune ?? false, journal, ...(options.holdBack ? { holdBack: options.holdBack } : {}) });
  // The members domain the new team is planned with (from an empty team), to compare with.
  const planned = membersDomain(ctx, { client: c, baseUrl: 'https://api.example.test/v1', org: 'acme', team: title, command: 'members sync', current: [], plan: planMembers([], { roster: rows, prune: options.prune ?? false }), named: rows.map(refOfEntry), settings });
  const execute = () => d.execute({ increment() {}, stop() {} }, () => false);
  return { d, planned, execute, journal, warnings: () => streams.err() };
}

const titled = (title: string): string[] => (sandbox as Sandbox).store.teamIds('acme').filter((id) => (sandbox as Sandbox).store.teamTitle('acme', id) === title);
const creations = (): unknown[] => (sandbox as Sandbox).requests.filter((q) => q.method === 'PUT' && q.path === '/v1/orgs/acme/teams').map((q) => q.body);
const members = (team: string): Record<string, string> => Object.fromEntries((sandbox as Sandbox).store.teamMembers('acme', team).map((m) => [m.userId, m.role]));

describe('the members a creation is sent with', () => {
  it('reads the organization members by id and by e-mail', async () => {
    const { client } = await setup();
    const org = await organizationMembers(client, 'acme');
    for (const n of [1, 5, 10]) {
      expect(org.ids.has(uid(n))).toBe(true);
      expect(org.byEmail.get(mail(n))).toBe(uid(n));
    }
    expect(org.ids.has(uid(11))).toBe(false);
  });

  it('takes the rows the organization has, each once, by e-mail in any case or by id', () => {
    const org: OrganizationMembers = { ids: new Set(['u1', 'u2', 'u3']), byEmail: new Map([['ann@example.com', 'u1']]) };
    const rows = [byId('u2'), byEmail(' Ann@Example.com '), byId('u2'), byId('ghost'), byEmail('bob@example.com'), byEmail('ann@example.com'), byId(' u3 ')];
    expect(creationMembers(rows, org)).toEqual(['u2', 'u1', 'u3']);
    // An e-mail is looked up by e-mail only, whatever id has that text.
    expect(creationMembers([byEmail('u3')], org)).toEqual([]);
    expect(creationMembers([], org)).toEqual([]);
  });
});

describe('the plan', () => {
  it('says the creation and how many members it is sent with, then the adds', async () => {
    await setup();
    const { d, planned } = await domain([byEmail(mail(4), 'owner'), byId(uid(5)), byEmail('ghost@example.com')]);
    expect(await d.planText(false)).toBe(`+ create team "Data Platform" with 2 members\n${await planned.planText(false)}`);
    const one = await domain([byId(uid(5))], { title: 'A\u0007B' });
    expect((await one.d.planText(false)).split('\n')[0]).toBe('+ create team "A\\u0007B" with 1 member');
  });

  it('counts the creation and its read-back as two requests more; names the title until it is made; a plan file is refused', async () => {
    await setup();
    const { d, planned } = await domain([byEmail(mail(4), 'owner'), byId(uid(5))]);
    expect(d.work()).toEqual({ ...planned.work(), requests: planned.work().requests + 2 });
    expect(d.team).toBe('Data Platform');
    expect(d.pruned).toBe(0);
    expect(() => d.planFile()).toThrow('a plan that creates teams is refused before it is written');
    expect(d.isEmpty()).toBe(false);
  });
});

describe('creating, then filling', () => {
  it('creates the team once with the members the organization has, gives the owners their role, and reports the creation', async () => {
    const { sandbox } = await setup();
    const { d, execute } = await domain([byEmail(mail(4), 'owner'), byId(uid(5)), byEmail(mail(6), 'member')]);
    const view = await execute();
    const [id] = titled('Data Platform');
    expect(id).toBeDefined();
    expect(d.team).toBe(id);
    expect(creations()).toEqual([{ title: 'Data Platform', members: [uid(4), uid(5), uid(6)] }]);
    expect(members(id as string)).toEqual({ [uid(4)]: 'owner', [uid(5)]: 'member', [uid(6)]: 'member' });
    const joined = "as member, with the team's creation";
    expect(view.rows).toEqual([
      { user: { id: uid(4), email: mail(4) }, action: 'add', outcome: 'added', status: 201, message: joined },
      { user: { id: uid(5), email: mail(5) }, action: 'add', outcome: 'added', status: 201, message: joined },
      { user: { id: uid(6), email: mail(6) }, action: 'add', outcome: 'added', status: 201, message: joined },
      expect.objectContaining({ user: { id: uid(4), email: mail(4) }, action: 'role', outcome: 'role-changed' }),
    ]);
    const report = view.json as MembersReport;
    expect(report.added).toEqual([4, 5, 6].map((n) => ({ id: uid(n), email: mail(n) })));
    expect(report.roleChanged).toEqual([{ user: { id: uid(4), email: mail(4) }, from: 'member', to: 'owner' }]);
    // u5 and u6 came in with the creation: added, not unchanged.
    expect(report.unchanged).toBe(0);
    expect(report.failed).toEqual([]);
    expect(view.tally).toMatchObject({ total: 4, applied: 4, failed: 0 });
    expect(view.doc.title).toBe(`Result for team ${id}: 3 added, 0 removed, 1 role changed, 0 failed, verified`);
    // The summary counts as the report does: the creation's members added, none unchanged.
    expect(view.summary(undefined).split('\n')).toEqual([
      `Created team ${id} ("Data Platform") with 3 members.`,
      'Done: 3 added, 0 removed, 1 role changed, 0 unchanged, 0 not in the roster (kept), 0 not a member, 0 failed',
      'Verified: the team read back matches the plan.',
    ]);
    expect(sandbox.requests.filter((q) => q.method === 'GET' && q.path === '/v1/orgs/acme/teams')).toEqual([]);
  });

  it('a team its creation fills wholly has nothing more to send', async () => {
    const { sandbox } = await setup();
    const { execute } = await domain([byId(uid(5))]);
    const mark = sandbox.requests.length;
    const view = await execute();
    const [id] = titled('Data Platform');
    expect(sandbox.requests.slice(mark).filter((q) => q.method !== 'GET').map((q) => `${q.method} ${q.path}`)).toEqual(['PUT /v1/orgs/acme/teams']);
    expect(view.rows).toEqual([{ user: { id: uid(5), email: mail(5) }, action: 'add', outcome: 'added', status: 201, message: "as member, with the team's creation" }]);
    expect(view.tally).toMatchObject({ total: 1, applied: 1, failed: 0 });
    expect((view.json as MembersReport).unchanged).toBe(0);
    expect(view.summary(undefined).split('\n')).toEqual([
      `Created team ${id} ("Data Platform") with 1 member.`,
      'Done: 1 added, 0 removed, 0 roles changed, 0 unchanged, 0 not in the roster (kept), 0 not a member, 0 failed',
      'Verified: the team read back matches the plan.',
    ]);
    expect(view.doc.title).toBe(`Result for team ${id}: 1 added, 0 removed, 0 roles changed, 0 failed, verified`);
    // Read once after its creation; nothing sent, so not read again to verify.
    expect(sandbox.requests.filter((q) => q.path === `/v1/orgs/acme/teams/${id}/members`).map((q) => q.method)).toEqual(['GET']);
  });

  it('an owner role the service refuses after the creation: added without it, as for any new member', async () => {
    const { sandbox } = await setup();
    sandbox.intercept((req) => (req.method === 'PUT' && req.path.endsWith(`/members/${uid(4)}`) ? { kind: 'respond', status: 422, body: { error: { code: 422, message: 'no owners here' } } } : undefined));
    const { execute } = await domain([byEmail(mail(4), 'owner'), byId(uid(5)), byId(uid(6))]);
    const view = await execute();
    const [id] = titled('Data Platform');
    expect(members(id as string)).toEqual({ [uid(4)]: 'member', [uid(5)]: 'member', [uid(6)]: 'member' });
    const report = view.json as MembersReport;
    expect(report.added.map((u) => u.id)).toEqual([uid(4), uid(5), uid(6)]);
    expect(report.unchanged).toBe(0);
    expect(report.failed.map((f) => [f.user.id, f.action, f.status])).toEqual([[uid(4), 'role', 422]]);
    expect(view.tally).toMatchObject({ total: 4, applied: 3, failed: 1 });
    expect(view.summary(undefined).split('\n').slice(1, 3)).toEqual([
      'Done: 3 added (1 without the owner role asked for), 0 removed, 0 roles changed, 0 unchanged, 0 not in the roster (kept), 0 not a member, 0 failed',
      expect.stringMatching(new RegExp(`^  added without the owner role: ${mail(4).replace('.', '\\.')} \\(422\\): .*no owners here`)),
    ]);
  });

  it('a row the organization lacks is added after the creation, and fails as for any team', async () => {
    await setup();
    const { execute } = await domain([byId(uid(5)), byEmail('ghost@example.com')]);
    const view = await execute();
    expect(creations()).toEqual([{ title: 'Data Platform', members: [uid(5)] }]);
    const report = view.json as MembersReport;
    expect(report.added).toEqual([{ id: uid(5), email: mail(5) }]);
    expect(report.failed.map((f) => f.user.email)).toEqual(['ghost@example.com']);
    expect(view.tally).toMatchObject({ total: 2, applied: 1, failed: 1 });
  });

  it('members the service made at the creation are kept, with a warning under --prune', async () => {
    await setup({ creatorJoins: true });
    const quiet = await domain([byId(uid(5), 'owner')]);
    await quiet.execute();
    expect(quiet.warnings()).toBe('');
    // --prune warns only when the service made someone the roster leaves out a member.
    const named = await domain([byId(uid(7), 'owner'), { key: 'admin@sandbox.example.com', kind: 'email', line: 3, role: 'owner' }], { prune: true, title: 'Named' });
    await named.execute();
    expect(named.warnings()).toBe('');
    const pruning = await domain([byId(uid(6), 'owner')], { prune: true, title: 'Ops' });
    const view = await pruning.execute();
    const [id] = titled('Ops');
    expect(members(id as string)).toEqual({ [uid(6)]: 'owner', 'u-sandbox-admin': 'owner' });
    expect(pruning.warnings()).toBe(
      `warning: team ${id} ("Ops"): the service made admin@sandbox.example.com a member when creating it; not in the roster, kept in this run (the next run with --prune removes it)\n`,
    );
    expect((view.json as MembersReport).added).toEqual([{ id: uid(6), email: mail(6) }]);
  });

  it('several such members are named together', async () => {
    const { sandbox, store } = await setup();
    let added = false;
    sandbox.intercept((req) => {
      const m = /^\/v1\/orgs\/acme\/teams\/([^/]+)\/members$/.exec(req.path);
      if (req.method === 'GET' && m && !added) {
        added = true;
        store.setTeamMembers('acme', m[1] as string, [
          { userId: uid(5), role: 'member' },
          { userId: uid(7), role: 'owner' },
          { userId: uid(8), role: 'member' },
        ]);
      }
      return undefined;
    });
    const { execute, warnings } = await domain([byId(uid(5))], { prune: true });
    await execute();
    const [id] = titled('Data Platform');
    expect(warnings()).toBe(`warning: team ${id} ("Data Platform"): the service made ${mail(7)}, ${mail(8)} members when creating it; not in the roster, kept in this run (the next run with --prune removes them)\n`);
    expect(members(id as string)).toEqual({ [uid(5)]: 'member', [uid(7)]: 'owner', [uid(8)]: 'member' });
  });
});

describe('a creation whose answer proves nothing', () => {
  it('made by the service: the one team of exactly that title found by the listing is filled, reported with the lost answer', async () => {
    const { sandbox, store } = await setup();
    // A team of that title in another case is not the one made.
    store.addTeam('acme', 'data platform', [], new Date().toISOString());
    sandbox.intercept((req) => (req.method === 'PUT' && req.path === '/v1/orgs/acme/teams' ? { kind: 'applyThenReset' } : undefined));
    const { d, execute } = await domain([byEmail(mail(4), 'owner'), byId(uid(5))]);
    const view = await execute();
    const [id] = titled('Data Platform');
    expect(creations()).toHaveLength(1);
    expect(d.team).toBe(id);
    expect(members(id as string)).toEqual({ [uid(4)]: 'owner', [uid(5)]: 'member' });
    const note = "as member, with the team's creation (the answer was lost; the listing shows it)";
    expect(view.rows.slice(0, 2)).toEqual([
      { user: { id: uid(4), email: mail(4) }, action: 'add', outcome: 'added', status: null, message: note },
      { user: { id: uid(5), email: mail(5) }, action: 'add', outcome: 'added', status: null, message: note },
    ]);
  });

  it('not made yet: unknown (it may still land), never sent again, every planned change unknown with why', async () => {
    const { sandbox } = await setup();
    sandbox.intercept((req) => (req.method === 'PUT' && req.path === '/v1/orgs/acme/teams' ? { kind: 'reset' } : undefined));
    const { d, execute, planned } = await domain([byEmail(mail(4), 'owner'), byId(uid(5))]);
    const view = await execute();
    expect(creations()).toHaveLength(1);
    expect(titled('Data Platform')).toEqual([]);
    expect(d.team).toBe('Data Platform');
    const message = view.rows[0]?.message ?? '';
    expect(message).toMatch(/^the creation of team "Data Platform" has an unknown outcome: PUT .*; the listing shows no team of that title yet: outcome unknown, not sent again before the hold-back time has passed$/);
    // Said unknown, never failed (`teamctl help reliability`).
    expect(view.summary(undefined)).toBe(`unknown: ${message}`);
    expect(view.rows.map((r) => [r.outcome, r.status, r.message])).toEqual(planned.planned().rows.map(() => ['unknown', null, message]));
    const report = view.json as MembersReport;
    expect(report).toMatchObject({ dryRun: false, added: [], roleChanged: [], failed: [], verified: false });
    expect(report.unknown).toEqual((planned.planned().json as MembersReport).added.map((user) => ({ user, action: 'add', status: null, message })));
    const units = planned.work().units;
    expect(view.tally).toEqual({ total: units, applied: 0, failed: units, unknown: units, unexplained: 0, unverifiable: false, firstFailure: message });
    expect(view.doc).toEqual(planned.planned().doc);
  });

  it('recorded in the journal before it is sent: kept as unknown while it may still land, forgotten once made or refused', async () => {
    const { sandbox } = await setup();
    const base = 'https://api.example.test/v1';
    // Each answer in a config folder of its own; what the journal's file holds after the run.
    const recorded = async (answer: 'reset' | 'refuse' | 'applyThenReset') => {
      const config = mkdtempSync(join(tmpdir(), 'teamctl-newteam-'));
      sandbox.clearIntercepts();
      sandbox.intercept((req) => {
        if (req.method !== 'PUT' || req.path !== '/v1/orgs/acme/teams') return undefined;
        return answer === 'refuse' ? { kind: 'respond', status: 422, body: { error: { code: 422, message: 'bad title' } } } : { kind: answer };
      });
      const journal = await Journal.open(config, base, 'acme', { wait: false, onWait: () => {} });
      try {
        await (await domain([byId(uid(5))], { journal })).execute();
      } finally {
        await journal.close();
      }
      return (await Journal.open(config, base, 'acme')).writes('team').map((w) => [w.title, w.outcome]);
    };
    expect(await recorded('reset')).toEqual([['Data Platform', 'unknown']]);
    expect(titled('Data Platform')).toEqual([]);
    expect(await recorded('refuse')).toEqual([]);
    expect(await recorded('applyThenReset')).toEqual([]);
    expect(titled('Data Platform')).toHaveLength(1);
    expect(creations()).toHaveLength(3);
  });

  it('two teams of that title already: none is taken for it', async () => {
    const { sandbox, store } = await setup();
    const a = store.addTeam('acme', 'Data Platform', [], new Date().toISOString());
    const b = store.addTeam('acme', 'Data Platform', [], new Date().toISOString());
    sandbox.intercept((req) => (req.method === 'PUT' && req.path === '/v1/orgs/acme/teams' ? { kind: 'reset' } : undefined));
    const { execute } = await domain([byId(uid(5))]);
    const view = await execute();
    expect(view.summary(undefined)).toMatch(new RegExp(`; the listing shows 2 teams of that title \\(${a}, ${b}\\) yet: outcome unknown, not sent again before the hold-back time has passed$`));
    expect(members(a)).toEqual({});
    expect(members(b)).toEqual({});
  });

  it('the teams cannot be listed: unknown, said why, not sent again', async () => {
    const { sandbox } = await setup();
    sandbox.intercept((req) => {
      if (req.method === 'PUT' && req.path === '/v1/orgs/acme/teams') return { kind: 'reset' };
      if (req.method === 'GET' && req.path === '/v1/orgs/acme/teams') return { kind: 'respond', status: 403, body: { error: { code: 403, message: 'no listing for you' } } };
      return undefined;
    });
    const { execute } = await domain([byId(uid(5))]);
    const view = await execute();
    expect(creations()).toHaveLength(1);
    expect(view.summary(undefined)).toMatch(/^unknown: the creation of team "Data Platform" has an unknown outcome: PUT .*; the teams could not be listed to see whether it was made \(.*no listing for you.*\): not sent again$/);
    expect(view.rows.map((r) => r.outcome)).toEqual(['unknown']);
    expect(view.tally).toMatchObject({ unknown: 1, failed: 1, unverifiable: false });
  });

  it('one the service cannot have processed (a 429 asking a wait too long): failed as sent, the teams not listed', async () => {
    const { sandbox } = await setup();
    sandbox.intercept((req) =>
      req.method === 'PUT' && req.path === '/v1/orgs/acme/teams' ? { kind: 'respond', status: 429, headers: { 'retry-after': '3600' }, body: { error: { code: 429, message: 'slow down' } } } : undefined,
    );
    const { execute } = await domain([byId(uid(5))]);
    const view = await execute();
    expect(creations()).toHaveLength(1);
    expect(view.summary(undefined)).toMatch(/^team "Data Platform" was not created: PUT .* answered 429: the service asked to wait 3600s before retrying, longer than the 60s teamctl waits$/);
    expect(view.rows.map((r) => [r.outcome, r.status])).toEqual([['failed', 429]]);
    expect(sandbox.requests.filter((q) => q.method === 'GET' && q.path === '/v1/orgs/acme/teams')).toEqual([]);
  });

  it('refused by the service: failed with its status, the teams not listed', async () => {
    const { sandbox } = await setup();
    sandbox.intercept((req) => (req.method === 'PUT' && req.path === '/v1/orgs/acme/teams' ? { kind: 'respond', status: 422, body: { error: { code: 422, message: 'bad title' } } } : undefined));
    const { execute } = await domain([byId(uid(5))]);
    const view = await execute();
    expect(view.summary(undefined)).toMatch(/^team "Data Platform" was not created: PUT .*bad title$/);
    expect(view.rows.map((r) => [r.outcome, r.status])).toEqual([['failed', 422]]);
    expect((view.json as MembersReport).failed.map((f) => f.status)).toEqual([422]);
    expect(sandbox.requests.filter((q) => q.method === 'GET' && q.path === '/v1/orgs/acme/teams')).toEqual([]);
  });
});

describe('a team created but not read back', () => {
  it('fails what is left, unverified, naming the team to finish', async () => {
    const { sandbox } = await setup();
    sandbox.intercept((req) => (req.method === 'GET' && /^\/v1\/orgs\/acme\/teams\/[^/]+\/members$/.test(req.path) ? { kind: 'respond', status: 403, body: { error: { code: 403, message: 'hidden' } } } : undefined));
    const { d, execute, planned } = await domain([byEmail(mail(4), 'owner'), byId(uid(5))]);
    const view = await execute();
    const [id] = titled('Data Platform');
    expect(d.team).toBe(id);
    const message = view.summary(undefined);
    expect(message).toMatch(new RegExp(`^team created as ${id}, but it could not be read back to fill it: .*hidden.*; run again to finish it$`));
    expect(view.rows.every((r) => r.outcome === 'failed' && r.status === null && r.message === message)).toBe(true);
    const units = planned.work().units;
    expect(view.tally).toEqual({ total: units, applied: 0, failed: units, unknown: 0, unexplained: 0, unverifiable: true, firstFailure: message });
  });

  it('a read the service failed names the team and that it was just created', async () => {
    const { sandbox } = await setup();
    sandbox.intercept((req) => (req.method === 'GET' && /^\/v1\/orgs\/acme\/teams\/[^/]+\/members$/.test(req.path) ? { kind: 'respond', status: 500, body: { error: { code: 500, message: 'down' } } } : undefined));
    const { execute } = await domain([byId(uid(5))]);
    const view = await execute();
    const [id] = titled('Data Platform');
    expect(view.summary(undefined)).toMatch(new RegExp(`^team created as ${id}, but it could not be read back to fill it: could not read the whole team ${id} after creating it: .*down.*; run again to finish it$`));
    expect(view.tally).toMatchObject({ applied: 0, unverifiable: true });
  });
});

describe('a creation of unknown outcome settled before the run goes on', () => {
  const holdBack = (settle = true): HoldBackRun & { waits: number[] } => {
    let t = Date.parse('2026-11-28T09:00:00Z');
    const waits: number[] = [];
    return { holdBackMs: 60_000, settle, waits, now: () => t, wait: async (ms) => void (waits.push(ms), (t += ms)) };
  };
  const refusedOnce = (sandbox: Sandbox): void => {
    let n = 0;
    sandbox.intercept((req) => (req.method === 'PUT' && req.path === '/v1/orgs/acme/teams' && n++ === 0 ? { kind: 'respond', status: 503, body: { error: { code: 503, message: 'unavailable' } } } : undefined));
  };

  it('one the listing after the hold-back time proves lost is sent again, recorded first, then filled: reported as sent again', async () => {
    const { sandbox } = await setup();
    refusedOnce(sandbox);
    const hold = holdBack();
    const { d, execute, journal } = await domain([byEmail(mail(4), 'owner'), byId(uid(5))], { holdBack: hold });
    const view = await execute();
    const [id] = titled('Data Platform');
    expect(creations()).toHaveLength(2);
    expect(hold.waits).toEqual([60_000]);
    expect(d.team).toBe(id);
    expect(members(id as string)).toEqual({ [uid(4)]: 'owner', [uid(5)]: 'member' });
    expect(view.rows[0]?.message).toBe("as member, with the team's creation (sent again once the listing after the hold-back time showed none: 2 sends)");
    expect(journal.writes('team')).toEqual([]);
  });

  it('one the service made while the run waited is found and filled, not sent again', async () => {
    const { sandbox, store } = await setup();
    sandbox.intercept((req) => (req.method === 'PUT' && req.path === '/v1/orgs/acme/teams' ? { kind: 'reset' } : undefined));
    const hold = holdBack();
    hold.wait = async (ms) => {
      hold.waits.push(ms);
      store.addTeam('acme', 'Data Platform', [], new Date().toISOString());
    };
    const { d, execute, journal } = await domain([byId(uid(5))], { holdBack: hold });
    const view = await execute();
    const [id] = titled('Data Platform');
    expect(creations()).toHaveLength(1);
    expect(hold.waits).toEqual([60_000]);
    expect(d.team).toBe(id);
    // Made empty by the service: its member is added after it, as to any team.
    expect(members(id as string)).toEqual({ [uid(5)]: 'member' });
    expect(view.rows[0]).toMatchObject({ action: 'add', outcome: 'added', message: 'as member' });
    expect(journal.writes('team')).toEqual([]);
  });

  it('a creation answered at once, or with --no-settle one of unknown outcome, waits for nothing', async () => {
    const { sandbox } = await setup();
    const hold = holdBack();
    await (await domain([byId(uid(5))], { holdBack: hold, title: 'Made' })).execute();
    expect(hold.waits).toEqual([]);
    refusedOnce(sandbox);
    const none = holdBack(false);
    const view = await (await domain([byId(uid(5))], { holdBack: none })).execute();
    expect([none.waits, view.rows[0]?.outcome, creations().length]).toEqual([[], 'unknown', 2]);
  });

  it('a creation the service refused is not settled: no wait, one send; one of unknown outcome left unknown is kept in the journal', async () => {
    const { sandbox } = await setup();
    sandbox.intercept((req) => (req.method === 'PUT' && req.path === '/v1/orgs/acme/teams' ? { kind: 'respond', status: 400, body: { error: { code: 400, message: 'no' } } } : undefined));
    const hold = holdBack();
    const refused = await (await domain([byId(uid(5))], { holdBack: hold })).execute();
    expect([hold.waits, creations().length, refused.rows[0]?.outcome]).toEqual([[], 1, 'failed']);
    sandbox.clearIntercepts();
    sandbox.intercept((req) => (req.method === 'PUT' && req.path === '/v1/orgs/acme/teams' ? { kind: 'reset' } : undefined));
    const { execute, journal } = await domain([byId(uid(5))]);
    await execute();
    expect(journal.writes('team').map((w) => [w.title, w.outcome])).toEqual([['Data Platform', 'unknown']]);
  });

  it('a creation sent again and refused is failed with the words of the service', async () => {
    const { sandbox } = await setup();
    let n = 0;
    sandbox.intercept((req) => (req.method === 'PUT' && req.path === '/v1/orgs/acme/teams' ? (n++ === 0 ? { kind: 'reset' } : { kind: 'respond', status: 400, body: { error: { code: 400, message: 'refused now' } } }) : undefined));
    const view = await (await domain([byId(uid(5))], { holdBack: holdBack() })).execute();
    expect(n).toBe(2);
    expect(view.rows[0]?.outcome).toBe('failed');
    expect(view.summary(undefined)).toMatch(/^team "Data Platform" was not created: .*refused now/);
  });
});
