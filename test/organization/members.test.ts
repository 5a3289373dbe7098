// The organization's members as a domain of the change engine (`teamctl help organization`, "Organization roles and
// leavers"), against the sandbox: the plan's words in one part or two, the guards it hands the
// planner, the confirmation, role changes before removals, 205, 204 and 202, a lost answer
// settled by reading the members, a read-back that differs or fails, an interruption, and the
// report, summary, tally and exit words of each.
import { heldJournal } from '../helpers/journal.js';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../../src/api/client.js';
import { Context } from '../../src/context.js';
import { GuardError } from '../../src/errors.js';
import { notSentMessage } from '../../src/engine/interrupted.js';
import { orgMembersDomain, organizationParts, plannedOrganization, recordedRemoval, type OrgDomainInput } from '../../src/organization/members.js';
import { callerOf, orgMemberOf, readOrgMembers } from '../../src/organization/read.js';
import type { OrgChange, OrgPlan, OrganizationRole } from '../../src/plan/organization.js';
import type { Sandbox, SandboxOptions } from '../../src/sandbox/server.js';
import { fakeStreams } from '../helpers/streams.js';
import { mail, sandboxPerTest, uid } from '../helpers/sandbox-client.js';

let sandbox: Sandbox | undefined;
let client: ApiClient | undefined;
const start = sandboxPerTest();

const ref = (n: number) => ({ id: uid(n), email: mail(n) });
const role = (n: number, from: OrganizationRole, to: OrganizationRole): OrgChange => ({ action: 'role', user: ref(n), from, to });
const removal = (n: number, pruned = false, r: 'read' | 'edit' | 'admin' | null = 'read'): OrgChange => ({ action: 'remove', user: ref(n), role: r, pruned });
const plan = (changes: OrgChange[], rest: Partial<OrgPlan> = {}): OrgPlan => ({ changes, unchanged: [], notMember: [], kept: [], keptNamed: [], ...rest });

/** Organization lab: u00001 admin, u00002 edit, u00003–u00008 read. */
async function setup(options: SandboxOptions = {}, flags: { yes?: boolean } = {}) {
  ({ sandbox, client } = await start(options));
  const store = sandbox.store;
  store.createOrganization('lab');
  store.addUsers('lab', 8);
  store.members.setRole('lab', uid(1), 'admin');
  store.members.setRole('lab', uid(2), 'edit');
  const streams = fakeStreams();
  const ctx = new Context({ streams, env: { TEAMCTL_CONFIG_DIR: mkdtempSync(join(tmpdir(), 'teamctl-orgm-')) } }, { color: false, ...flags });
  const members = await readOrgMembers(client, 'lab');
  const c = client;
  const journal = await heldJournal(c.base.origin + c.base.prefix, 'lab');
  const domain = (p: OrgPlan, input: Partial<OrgDomainInput> = {}) =>
    orgMembersDomain(ctx, { client: c, baseUrl: c.base.origin + c.base.prefix, org: 'lab', command: 'users set-role', members, plan: p, caller: undefined, maxOrgRemovals: '5', force: false, concurrency: 2, journal, ...input });
  let units = 0;
  const progress = { increment: (n = 1) => void (units += n), stop() {} };
  return { sandbox, store, ctx, members, domain, progress, journal, units: () => units, warnings: () => streams.err() };
}

const ghost = { id: null, email: 'ghost@example.com' };
/** u00003 read → edit, u00002 edit → read, u00004 out (not in the roster), u00005 out (named); u00006 unchanged, ghost not a member, u00007 kept. */
const full = () => plan([role(3, 'read', 'edit'), role(2, 'edit', 'read'), removal(4, true), removal(5)], { unchanged: [ref(6)], notMember: [ghost], kept: [ref(7)] });
const writes = () => (sandbox as Sandbox).requests.filter((q) => q.method !== 'GET').map((q) => `${q.method} ${q.path}`);
const json = (view: { json: unknown }) => view.json as Record<string, unknown>;
const tally = (t: object) => ({ total: 0, applied: 0, failed: 0, unknown: 0, unexplained: 0, unverifiable: false, firstFailure: undefined, ...t });
const row = (action: string, n: number | typeof ghost, outcome: string, status: number | null, message: string) => ({ action, user: typeof n === 'number' ? ref(n) : n, outcome, status, message });
const quiet = [
  row('none', 6, 'unchanged', null, 'already has that organization role'),
  row('none', ghost, 'not-member', null, 'not a member of the organization'),
  row('none', 7, 'kept', null, 'kept (protected)'),
];
const oneByOne = (changes: number) => ({ label: 'users set-role', units: changes, requests: changes });

describe('the plan', () => {
  it('says each change, the kept and those not members under one heading; the report of a dry run', async () => {
    const { domain } = await setup();
    const d = domain(full());
    expect(await d.planText(false)).toBe(
      [
        'Organization lab: 2 organization role changes, 2 out of the organization',
        '  ~ user00003@example.com: read → edit (organization role)',
        '  ~ user00002@example.com: edit → read (organization role)',
        '  - user00004@example.com (read) out of the organization (not in the roster)',
        '  - user00005@example.com (read) out of the organization (named)',
        '  = user00007@example.com kept (protected)',
        '  ? ghost@example.com is not a member of the organization: nothing to do',
      ].join('\n'),
    );
    expect(d.isEmpty()).toBe(false);
    expect(d.work()).toEqual(oneByOne(4));
    expect(d.nothingToDoLine).toBe('Nothing to change in organization lab.');
    const planned = d.planned();
    expect(planned.rows).toEqual([row('org-role', 3, 'planned', null, ''), row('org-role', 2, 'planned', null, ''), row('remove-from-organization', 4, 'planned', null, ''), row('remove-from-organization', 5, 'planned', null, ''), ...quiet]);
    expect(planned.json).toEqual({
      dryRun: true,
      orgRoleChanged: [
        { user: ref(3), from: 'read', to: 'edit' },
        { user: ref(2), from: 'edit', to: 'read' },
      ],
      ssoMemberSet: [],
      removedFromOrganization: [ref(4), ref(5)],
      removalRequested: [],
      notInOrganization: [ghost],
      kept: [ref(7)],
      failed: [],
      unknown: [],
      verified: false,
    });
    expect(planned.doc).toEqual({
      title: 'Plan for organization lab: 2 organization role changes, 2 out of the organization',
      sections: [
        {
          heading: 'Organization',
          columns: ['user', 'action', 'outcome', 'status', 'message'],
          rows: [
            ['user00003@example.com', 'org-role', 'planned', '', ''],
            ['user00002@example.com', 'org-role', 'planned', '', ''],
            ['user00004@example.com', 'remove-from-organization', 'planned', '', ''],
            ['user00005@example.com', 'remove-from-organization', 'planned', '', ''],
          ],
        },
      ],
    });
  });

  it('a caller who is no admin: the removals are requests to the admins', async () => {
    const { domain } = await setup();
    const d = domain(plan([role(3, 'read', null), removal(4, true, null)]), { caller: { id: 'x', role: 'edit' } });
    const lines = (await d.planText(false)).split('\n');
    expect(lines[0]).toBe('Organization lab: 1 organization role change, 1 out of the organization');
    expect(lines[2]).toBe('  - user00004@example.com (guest) out of the organization, requested from its admins (not in the roster)');
    expect(d.planned().rows.map((r) => r.message)).toEqual(['', 'to be requested from the admins']);
    // An admin, or a caller whose role is not known, removes.
    for (const caller of [{ id: 'x', role: 'admin' as const }, { id: 'x' }]) expect(domain(plan([removal(4)]), { caller }).planned().rows[0]?.message).toBe('');
  });

  it('nothing to change: a heading alone; the report lists the users nothing is sent for, without a section', async () => {
    const { domain } = await setup();
    const d = domain(plan([], { unchanged: [ref(6)], notMember: [ghost], kept: [ref(7)] }));
    expect(d.isEmpty()).toBe(true);
    expect(await domain(plan([])).planText(false)).toBe('Organization lab: 0 organization role changes, 0 out of the organization');
    const none = d.nothingToDo();
    expect(none.rows).toEqual(quiet);
    expect(none.doc).toEqual({ title: 'Organization lab: nothing to change', sections: [] });
    expect(none.json).toEqual({ dryRun: false, orgRoleChanged: [], ssoMemberSet: [], removedFromOrganization: [], removalRequested: [], notInOrganization: [ghost], kept: [ref(7)], failed: [], unknown: [], verified: true });
    expect(none.summary(undefined)).toBe('Nothing to change.');
    expect(none.tally).toEqual(tally({}));
  });

  it('its plan file: the whole plan, the state it was made from, the options', async () => {
    const { domain, members } = await setup();
    const file = domain(full(), { caller: { id: uid(1), role: 'admin' }, force: true, maxOrgRemovals: '3' }).planFile();
    expect({ kind: file.kind, command: file.command, organization: file.organization, baseUrl: file.baseUrl }).toEqual({ kind: 'organization', command: 'users set-role', organization: 'lab', baseUrl: `${(sandbox as Sandbox).url}/v1` });
    expect(file.body).toEqual({
      plan: full(),
      state: ['u00003: read', 'u00002: edit', 'u00004: read', 'u00005: read', 'admins: u00001', 'caller: u00001'],
      options: { force: true, maxOrgRemovals: '3', concurrency: 2 },
    });
    expect(members).toHaveLength(8);
    expect((domain(plan([])).planFile().body as { state: string[] }).state).toEqual(['admins: u00001', 'caller: (unknown)']);
  });
});

describe('in two parts', () => {
  it('the roles part says the heading, its changes and the quiet users; the removals part only its removals', async () => {
    const { ctx, members } = await setup();
    const c = client as ApiClient;
    const input = { client: c, baseUrl: 'b', org: 'lab', command: 'members sync', members, caller: undefined, maxOrgRemovals: '5', force: false, concurrency: 2 };
    const { roles, removals } = organizationParts(ctx, { ...input, plan: full() });
    expect(await roles.domain.planText(false)).toBe(
      [
        'Organization lab: 2 organization role changes, 2 out of the organization',
        '  ~ user00003@example.com: read → edit (organization role)',
        '  ~ user00002@example.com: edit → read (organization role)',
        '  = user00007@example.com kept (protected)',
        '  ? ghost@example.com is not a member of the organization: nothing to do',
      ].join('\n'),
    );
    expect(await removals.domain.planText(false)).toBe('  - user00004@example.com (read) out of the organization (not in the roster)\n  - user00005@example.com (read) out of the organization (named)');
    expect(roles.domain.work()).toEqual({ label: 'members sync', units: 2, requests: 2 });
    expect(removals.domain.planned().rows.map((r) => r.user.id)).toEqual([uid(4), uid(5)]);
    expect(removals.domain.planned().json).toMatchObject({ notInOrganization: [], kept: [], removedFromOrganization: [ref(4), ref(5)], orgRoleChanged: [] });
    expect(roles.domain.planned().rows.map((r) => r.outcome)).toEqual(['planned', 'planned', 'unchanged', 'not-member', 'kept']);
    expect(roles.row(row('org-role', 3, 'applied', 200, 'm') as never)).toEqual({ team: '', ...row('org-role', 3, 'applied', 200, 'm') });
    // The saved plan is the whole one, from either part.
    expect((removals.domain.planFile().body as { plan: OrgPlan }).plan).toEqual(full());

    // Only removals: the roles part says nothing, the removals part the heading.
    const out = organizationParts(ctx, { ...input, plan: plan([removal(4, true)]) });
    expect(await out.roles.domain.planText(false)).toBe('');
    expect(out.roles.domain.isEmpty()).toBe(true);
    expect(await out.removals.domain.planText(false)).toBe('Organization lab: 0 organization role changes, 1 out of the organization\n  - user00004@example.com (read) out of the organization (not in the roster)');
    // Only a kept user listed: the roles part holds the heading.
    const kept = organizationParts(ctx, { ...input, plan: plan([removal(4, true)], { kept: [ref(7)] }) });
    expect(await kept.roles.domain.planText(false)).toBe('Organization lab: 0 organization role changes, 1 out of the organization\n  = user00007@example.com kept (protected)');
    expect(await kept.removals.domain.planText(false)).toBe('  - user00004@example.com (read) out of the organization (not in the roster)');
    const notMember = organizationParts(ctx, { ...input, plan: plan([], { notMember: [ghost] }) });
    expect(await notMember.roles.domain.planText(false)).toBe('Organization lab: 0 organization role changes, 0 out of the organization\n  ? ghost@example.com is not a member of the organization: nothing to do');
    expect(await notMember.removals.domain.planText(false)).toBe('');
    // Nothing for the organization at all (a run that changes teams only): neither part says a heading.
    const none = organizationParts(ctx, { ...input, plan: plan([]) });
    expect(await none.roles.domain.planText(false)).toBe('');
    expect(await none.removals.domain.planText(false)).toBe('');
  });

  it('the guards check the whole plan once, in the roles part, which warns about kept users named', async () => {
    const { ctx, members, warnings } = await setup();
    const input = { client: client as ApiClient, baseUrl: 'b', org: 'lab', command: 'members sync', members, caller: { id: uid(5) }, maxOrgRemovals: '1', force: false, concurrency: 2 };
    const { roles, removals } = organizationParts(ctx, { ...input, plan: plan([role(3, 'read', 'edit'), removal(4), removal(5)], { keptNamed: [ref(4)] }) });
    expect(removals.domain.refusals()).toEqual([]);
    expect(warnings()).toBe('');
    expect(roles.domain.refusals().map((r) => r.what)).toEqual([
      'the plan would remove user00005@example.com, the user of the token teamctl runs with',
      'the plan removes 2 of 8 members of the organization, more than --max-org-removals 1 allows (1)',
    ]);
    expect(warnings()).toBe('warning: user00004@example.com is kept (protected), but named explicitly: changed anyway\n');
  });
});

describe('refusals', () => {
  it('hands the planner the caller, --max-org-removals and --force, and warns as it says', async () => {
    const { domain, warnings } = await setup();
    const two = plan([removal(4), removal(5)]);
    expect(domain(two, { maxOrgRemovals: '2' }).refusals()).toEqual([]);
    expect(domain(two, { maxOrgRemovals: '1' }).refusals()).toHaveLength(1);
    expect(domain(two, { maxOrgRemovals: '1', force: true }).refusals()).toEqual([]);
    expect(warnings()).toContain('warning: the plan removes 2 of 8 members of the organization, more than --max-org-removals 1 allows (1)');
    expect(domain(plan([role(3, 'read', 'edit')]), { caller: { id: 'x', role: 'edit' } }).refusals()[0]?.what).toBe("changing organization roles needs an admin, and the token's user is edit in the organization (1 role change planned)");
    expect(domain(plan([role(3, 'read', 'edit')]), { caller: { id: 'x', role: 'admin' } }).refusals()).toEqual([]);
  });
});

describe('confirm', () => {
  it('asks for removals only, unless the plan was confirmed by its review or --yes', async () => {
    const { domain, ctx } = await setup();
    await domain(plan([role(3, 'read', 'edit')])).confirm(ctx);
    await domain(full(), { confirmed: true }).confirm(ctx);
    const err = await domain(full()).confirm(ctx).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GuardError);
    expect((err as GuardError).message).toBe('removing 2 users from organization lab, which needs confirmation; nothing was sent');
    const one = await domain(plan([removal(4)])).confirm(ctx).catch((e: unknown) => e);
    expect((one as GuardError).message).toBe('removing 1 user from organization lab, which needs confirmation; nothing was sent');
    const yes = new Context({ streams: fakeStreams(), env: {} }, { color: false, yes: true });
    await domain(full()).confirm(yes);
  });

  it('on a terminal, asks how many leave which organization', async () => {
    const { domain } = await setup();
    const streams = fakeStreams({ stdin: 'y\n', stdinIsTTY: true, stderrIsTTY: true });
    await domain(full()).confirm(new Context({ streams, env: {} }, { color: false }));
    expect(streams.err()).toContain('Remove 2 users from organization lab? [y/N]');
  });
});

describe('execute', () => {
  it('role changes one after another in the plan’s order, then the removals; read back and verified', async () => {
    const { domain, store, progress, units } = await setup();
    const view = await domain(plan([...full().changes, removal(99)], { unchanged: [ref(6)], notMember: [ghost], kept: [ref(7)] })).execute(progress, () => false);
    const sent = writes();
    expect(sent.slice(0, 2)).toEqual([`PATCH /v1/orgs/lab/members/${uid(3)}`, `PATCH /v1/orgs/lab/members/${uid(2)}`]);
    expect(sent.slice(2).sort()).toEqual([`DELETE /v1/orgs/lab/members/${uid(4)}`, `DELETE /v1/orgs/lab/members/${uid(5)}`, `DELETE /v1/orgs/lab/members/${uid(99)}`]);
    expect([store.getUser('lab', uid(3))?.role, store.getUser('lab', uid(2))?.role, store.getUser('lab', uid(4)), store.getUser('lab', uid(5))]).toEqual(['edit', 'read', undefined, undefined]);
    expect(units()).toBe(5);
    expect(view.rows).toEqual([
      row('org-role', 3, 'applied', 200, 'read → edit'),
      row('org-role', 2, 'applied', 200, 'edit → read'),
      row('remove-from-organization', 4, 'applied', 205, 'removed from the organization'),
      row('remove-from-organization', 5, 'applied', 205, 'removed from the organization'),
      row('remove-from-organization', 99, 'applied', 204, 'was not a member'),
      ...quiet,
    ]);
    expect(view.json).toEqual({
      dryRun: false,
      orgRoleChanged: [
        { user: ref(3), from: 'read', to: 'edit' },
        { user: ref(2), from: 'edit', to: 'read' },
      ],
      ssoMemberSet: [],
      removedFromOrganization: [ref(4), ref(5), ref(99)],
      removalRequested: [],
      notInOrganization: [ghost],
      kept: [ref(7)],
      failed: [],
      unknown: [],
      verified: true,
    });
    expect(view.doc.title).toBe('Result for organization lab');
    expect(view.doc.sections[0]?.rows).toEqual([
      ['user00003@example.com', 'org-role', 'applied', '200', 'read → edit'],
      ['user00002@example.com', 'org-role', 'applied', '200', 'edit → read'],
      ['user00004@example.com', 'remove-from-organization', 'applied', '205', 'removed from the organization'],
      ['user00005@example.com', 'remove-from-organization', 'applied', '205', 'removed from the organization'],
      ['user00099@example.com', 'remove-from-organization', 'applied', '204', 'was not a member'],
    ]);
    expect(view.summary(undefined)).toBe('Organization: 2 organization roles changed, 3 removed from the organization.');
    expect(view.tally).toEqual(tally({ total: 5, applied: 5 }));
  });

  it('a removal sent to the admins as a request (202): still a member, no discrepancy, a partial run', async () => {
    const { domain, store, progress, journal } = await setup({ removalNeedsApproval: true });
    const view = await domain(plan([removal(4), removal(5)])).execute(progress, () => false);
    // Each request is kept in the journal: not requested again before --rerequest-after days.
    expect(journal.writes('removal').map((w) => [w.user, w.email, w.outcome])).toEqual([[uid(4), mail(4), 'requested'], [uid(5), mail(5), 'requested']]);
    const message = "removal requested from the organization's admins: still a member";
    expect(view.rows).toEqual([row('remove-from-organization', 4, 'requested', 202, message), row('remove-from-organization', 5, 'requested', 202, message)]);
    expect(store.getUser('lab', uid(4))).toBeDefined();
    expect(json(view)).toMatchObject({ removalRequested: [ref(4), ref(5)], removedFromOrganization: [], failed: [], verified: true });
    expect(view.summary(undefined)).toBe(
      [
        'Organization: 2 removals requested.',
        '  requested: user00004@example.com stays a member until an admin of the organization approves',
        '  requested: user00005@example.com stays a member until an admin of the organization approves',
      ].join('\n'),
    );
    expect(view.tally).toEqual(tally({ total: 2, applied: 2, failed: 2, firstFailure: "removal requested from the organization's admins" }));
  });

  it('a rejected change fails with its status and words; the others go on', async () => {
    const { sandbox, domain, progress } = await setup();
    sandbox.intercept((req) => (req.method === 'PATCH' && req.path.endsWith(uid(3)) ? { kind: 'respond', status: 400, body: { error: { code: 400, message: 'not that role' } } } : undefined));
    const view = await domain(plan([role(3, 'read', 'edit'), removal(4)])).execute(progress, () => false);
    const message = view.rows[0]?.message ?? '';
    expect(message).toContain('not that role');
    expect(view.rows).toEqual([row('org-role', 3, 'failed', 400, message), row('remove-from-organization', 4, 'applied', 205, 'removed from the organization')]);
    expect(json(view).failed).toEqual([{ user: ref(3), action: 'org-role', status: 400, message }]);
    expect(json(view).orgRoleChanged).toEqual([]);
    expect(view.summary(undefined)).toBe(`Organization: 1 removed from the organization, 1 failed.\n  failed: org-role user00003@example.com (400): ${message}`);
    expect(view.tally).toEqual(tally({ total: 2, applied: 1, failed: 1, firstFailure: message }));
  });

  it('a removal refused for the token or asked to wait too long failed without doubt: not settled by the read-back', async () => {
    const { sandbox, domain, progress } = await setup();
    sandbox.intercept((req) =>
      req.method === 'DELETE' && req.path.endsWith(uid(4))
        ? { kind: 'respond', status: 403, body: { error: { code: 403, message: 'not yours' } } }
        : req.method === 'DELETE'
          ? { kind: 'respond', status: 429, headers: { 'retry-after': '3600' }, body: { error: { code: 429, message: 'later' } } }
          : undefined,
    );
    const view = await domain(plan([removal(4), removal(5)])).execute(progress, () => false);
    expect(view.rows.map((r) => [r.outcome, r.status])).toEqual([
      ['failed', 403],
      ['failed', 429],
    ]);
    expect(view.rows.every((r) => !r.message.includes('read again'))).toBe(true);
    expect(view.tally).toMatchObject({ failed: 2, unknown: 0 });
  });

  it('the summary lists twenty failures at most', async () => {
    const { domain, progress } = await setup();
    // Users who are not members: each role change is refused (404).
    const view = await domain(plan(Array.from({ length: 21 }, (_, i) => role(11 + i, 'read', 'edit')))).execute(progress, () => false);
    const lines = view.summary(undefined).split('\n');
    expect(lines[0]).toBe('Organization: nothing applied, 21 failed.');
    expect(lines).toHaveLength(21);
    expect(lines[20]).toMatch(/^ {2}failed: org-role user00030@example\.com \(404\): /);
  });

  it('nothing applied: said so, with each failure', async () => {
    const { sandbox, domain, progress } = await setup();
    sandbox.intercept((req) => (req.method === 'PATCH' ? { kind: 'respond', status: 400, body: { error: { code: 400, message: 'no' } } } : undefined));
    const view = await domain(plan([role(3, 'read', 'edit')])).execute(progress, () => false);
    expect(view.summary(undefined).split('\n')[0]).toBe('Organization: nothing applied, 1 failed.');
  });

  it('a lost answer is settled by the members read again: a removal applied, or unknown while still a member, never sent again; a role change stays unknown', async () => {
    const { sandbox, domain, progress } = await setup();
    sandbox.intercept((req) =>
      req.method === 'DELETE' && req.path.endsWith(uid(4)) ? { kind: 'applyThenReset' } : req.method === 'DELETE' && req.path.endsWith(uid(5)) ? { kind: 'reset' } : req.method === 'PATCH' ? { kind: 'reset' } : undefined,
    );
    const view = await domain(plan([role(3, 'read', 'edit'), removal(4), removal(5)])).execute(progress, () => false);
    expect(writes().filter((w) => w.startsWith('DELETE')).sort()).toEqual([`DELETE /v1/orgs/lab/members/${uid(4)}`, `DELETE /v1/orgs/lab/members/${uid(5)}`]);
    const lost = view.rows[0]?.message ?? '';
    expect(lost).toContain('failed');
    const still = '; still a member when read again: outcome unknown (it may be applied later, or wait for an admin), recorded, not sent again before --rerequest-after';
    const lostDelete = (view.rows[2]?.message ?? '').replace(still, '');
    expect(lostDelete).toContain('failed (UND_ERR_SOCKET)');
    expect(view.rows).toEqual([
      row('org-role', 3, 'unknown', null, lost),
      row('remove-from-organization', 4, 'applied', null, 'removed (the answer was lost; the members read back show it)'),
      row('remove-from-organization', 5, 'unknown', null, `${lostDelete}${still}`),
    ]);
    expect(json(view).failed).toEqual([]);
    expect(json(view).unknown).toEqual([
      { user: ref(3), action: 'org-role', status: null, message: lost },
      { user: ref(5), action: 'remove-from-organization', status: null, message: `${lostDelete}${still}` },
    ]);
    expect(view.summary(undefined).split('\n')).toEqual([
      'Organization: 1 removed from the organization, 2 of unknown outcome.',
      `  unknown: org-role user00003@example.com: ${lost}`,
      `  unknown: remove-from-organization user00005@example.com: ${lostDelete}${still}`,
    ]);
    expect(view.tally).toEqual(tally({ total: 3, applied: 1, failed: 2, unknown: 2, firstFailure: lost }));
  });

  it('a change the service accepted but the members read back contradict is failed, saying what was read', async () => {
    const { sandbox, store, domain, progress } = await setup();
    const c = client as ApiClient;
    const member = (await c.request('GET', `/orgs/lab/members/${uid(3)}`)).data;
    sandbox.intercept((req) => {
      if (req.method === 'PATCH' && req.path.endsWith(uid(3))) return { kind: 'respond', status: 200, body: member };
      if (req.method === 'PATCH' && req.path.endsWith(uid(6))) {
        store.members.remove('lab', uid(6));
        return { kind: 'respond', status: 200, body: member };
      }
      return req.method === 'DELETE' ? { kind: 'respond', status: 205 } : undefined;
    });
    const view = await domain(plan([role(3, 'read', 'edit'), role(6, 'read', 'edit'), removal(4)])).execute(progress, () => false);
    expect(view.rows.map((r) => [r.outcome, r.message])).toEqual([
      ['failed', 'the service accepted it, but the members read back differ (read)'],
      ['failed', 'the service accepted it, but the members read back differ (not a member)'],
      ['failed', 'the service accepted it, but the members read back differ (read)'],
    ]);
    expect(json(view).verified).toBe(true);
  });

  it('a read-back that fails: the applied changes are not verified, and the run says so', async () => {
    const { sandbox, domain, progress } = await setup();
    sandbox.intercept((req) => (req.method === 'GET' && req.path === '/v1/orgs/lab/members' ? { kind: 'respond', status: 403, body: { error: { code: 403, message: 'no listing' } } } : req.method === 'PATCH' && req.path.endsWith(uid(2)) ? { kind: 'respond', status: 400, body: { error: { code: 400, message: 'no' } } } : undefined));
    const view = await domain(plan([role(3, 'read', 'edit'), role(2, 'edit', 'read'), removal(4)])).execute(progress, () => false);
    const why = (view.rows[0]?.message ?? '').replace(/^read → edit; not verified: /, '');
    expect(why).toContain('no listing');
    expect(view.rows.map((r) => [r.outcome, r.message])).toEqual([
      ['applied', `read → edit; not verified: ${why}`],
      ['failed', view.rows[1]?.message],
      ['applied', `removed from the organization; not verified: ${why}`],
    ]);
    expect(view.rows[1]?.message).not.toContain('not verified');
    expect(json(view).verified).toBe(false);
    expect(view.tally).toMatchObject({ total: 3, applied: 2, failed: 1, unverifiable: true });
  });

  it('interrupted: what was not sent is said so, with the failures before it; nothing read back', async () => {
    const { sandbox, domain, progress, units } = await setup();
    sandbox.intercept((req) => (req.method === 'PATCH' && req.path.endsWith(uid(3)) ? { kind: 'respond', status: 400, body: { error: { code: 400, message: 'no' } } } : undefined));
    const mark = sandbox.requests.length;
    const view = await domain(full()).execute(progress, () => sandbox.requests.filter((q) => q.method !== 'GET').length >= 2);
    const failure = view.rows[0]?.message ?? '';
    expect(view.rows.slice(0, 4)).toEqual([
      row('org-role', 3, 'failed', 400, failure),
      row('org-role', 2, 'applied', 200, 'edit → read'),
      row('remove-from-organization', 4, 'failed', null, notSentMessage),
      row('remove-from-organization', 5, 'failed', null, notSentMessage),
    ]);
    expect(units()).toBe(4);
    expect(sandbox.requests.slice(mark).filter((q) => q.method === 'GET')).toEqual([]);
    expect(json(view).verified).toBe(false);
    expect(view.summary('r.csv').split('\n')).toEqual([
      'Interrupted: 1 organization roles changed, 1 failed, 2 not sent (the run was stopped)',
      `  failed: org-role user00003@example.com (400): ${failure}`,
      '  not sent: remove-from-organization user00004@example.com',
      '  not sent: remove-from-organization user00005@example.com',
    ]);
    expect(view.tally).toMatchObject({ total: 4, applied: 1, failed: 3, unknown: 0, unverifiable: true, firstFailure: failure });
  });

  it('a bug is thrown, not reported as a failed change or an unverified result', async () => {
    const { domain, progress } = await setup();
    const base = (client as ApiClient).base;
    const bug = () => Promise.reject(new TypeError('a bug'));
    const throwing = { base, request: bug, pages: async function* () { yield* []; throw new TypeError('a listing bug'); } } as unknown as ApiClient;
    await expect(domain(plan([role(3, 'read', 'edit')]), { client: throwing }).execute(progress, () => false)).rejects.toThrow('a bug');
    await expect(domain(plan([removal(4)]), { client: throwing }).execute(progress, () => false)).rejects.toThrow('a bug');
    const answering = { base, request: async () => ({ status: 205, data: undefined }), pages: throwing.pages } as unknown as ApiClient;
    await expect(domain(plan([removal(4)]), { client: answering }).execute(progress, () => false)).rejects.toThrow('a listing bug');
  });
});

describe('the words and the CSV', () => {
  it('words a run that applied nothing, a partial one, and the hint', async () => {
    const { words } = (await setup()).domain(plan([]));
    expect(words.nothingApplied(tally({ total: 1, failed: 1, firstFailure: 'boom' }))).toBe('none of the 1 organization change was applied: boom');
    expect(words.nothingApplied(tally({ total: 3, failed: 3 }))).toBe('none of the 3 organization changes was applied: see above');
    expect(words.partial(tally({ total: 3, failed: 1 }))).toBe('1 of 3 organization changes failed or are requests waiting for an admin');
    expect(words.partial(tally({ total: 3, failed: 2, unknown: 1, unverifiable: true }))).toBe(
      '1 of 3 organization changes failed or are requests waiting for an admin; 1 of 3 organization changes of unknown outcome (sent, the answer lost: the service may have applied it); the result could not be verified',
    );
    expect(words.hint(undefined)).toBe('the summary above lists each user; `teamctl users list` shows the members now');
    expect(words.hint('r.csv')).toBe('r.csv lists each change');
  });

  it('one CSV row per user and action', async () => {
    const { csv } = (await setup()).domain(plan([]));
    expect(csv.header).toEqual(['user', 'action', 'outcome', 'status', 'message']);
    expect(csv.record(row('org-role', 3, 'applied', 200, 'read → edit') as never)).toEqual(['user00003@example.com', 'org-role', 'applied', '200', 'read → edit']);
    expect(csv.record(row('none', ghost, 'not-member', null, 'm') as never)).toEqual(['ghost@example.com', 'none', 'not-member', '', 'm']);
  });
});

describe('reading the organization', () => {
  it('a member as the planner needs it: no e-mail is null, disabled only when true', () => {
    expect(orgMemberOf({ user: { id: 'a' }, role: 'edit' } as never)).toEqual({ id: 'a', email: null, role: 'edit', disabled: false, sso: false });
    expect(orgMemberOf({ user: { id: 'a', email: 'a@x.io' }, role: null, disabled: true, sso: true } as never)).toEqual({ id: 'a', email: 'a@x.io', role: null, disabled: true, sso: true });
  });

  it("the caller: the token's user, with their role when a member", async () => {
    const { members } = await setup({ callerRole: 'edit' });
    const c = client as ApiClient;
    expect(await callerOf(c, members)).toStrictEqual({ id: 'u-sandbox-admin', role: 'edit' });
    expect(await callerOf(c, [])).toStrictEqual({ id: 'u-sandbox-admin' });
    // Found by id among others, whatever their order.
    const other = { id: 'u-other', email: 'o@example.com', role: 'admin' as const, disabled: false };
    expect(await callerOf(c, [other, ...members])).toStrictEqual({ id: 'u-sandbox-admin', role: 'edit' });
    expect(await callerOf(c, [other])).toStrictEqual({ id: 'u-sandbox-admin' });
  });

  it('plannedOrganization: the members and the caller read, the plan made of them, its two parts', async () => {
    const { ctx } = await setup({ callerRole: 'edit' });
    const c = client as ApiClient;
    let seen: string[] = [];
    const made = await plannedOrganization(ctx, { client: c, org: 'lab', command: 'members offboard', maxOrgRemovals: '5', force: false, concurrency: 2 }, (members) => {
      seen = members.map((m) => `${m.id} ${m.role ?? 'guest'}`);
      return plan([role(3, 'read', 'edit'), removal(4)]);
    });
    expect(seen).toContain('u-sandbox-admin edit');
    expect(seen).toContain(`${uid(3)} read`);
    expect(seen).toHaveLength(9);
    expect(made.plan.changes).toHaveLength(2);
    expect(await made.removals.domain.planText(false)).toBe('  - user00004@example.com (read) out of the organization, requested from its admins (named)');
    const file = made.roles.domain.planFile();
    expect(file.baseUrl).toBe(`${(sandbox as Sandbox).url}/v1`);
    expect(file.command).toBe('members offboard');
    expect((file.body as { state: string[] }).state.at(-1)).toBe('caller: u-sandbox-admin');
    expect(made.roles.domain.refusals()[0]?.what).toContain("the token's user is edit");
  });
});

describe('recordedRemoval: a removal the journal records, within --rerequest-after days', () => {
  const day = 86_400_000;
  const t0 = Date.parse('2026-11-28T09:00:00Z');
  it('the latest record of that user within the days, with the day it may be requested again; none at the limit or for another user', async () => {
    const journal = await heldJournal('https://api.example.com', 'lab');
    await journal.intend([{ kind: 'removal', user: uid(4), email: mail(4) }], new Date(t0 - 3 * day));
    await journal.intend([{ kind: 'removal', user: uid(4), email: mail(4) }], new Date(t0 - 1 * day));
    await journal.intend([{ kind: 'removal', user: uid(4), email: mail(4) }], new Date(t0 - 2 * day));
    expect(recordedRemoval(journal, uid(4), t0)).toEqual({ sentAt: '2026-11-27T09:00:00.000Z', until: '2026-12-04' });
    expect(recordedRemoval(journal, uid(4), t0, 3)).toEqual({ sentAt: '2026-11-27T09:00:00.000Z', until: '2026-11-30' });
    expect(recordedRemoval(journal, uid(4), t0 + 6 * day - 1, 7)).toMatchObject({ sentAt: '2026-11-27T09:00:00.000Z' });
    expect(recordedRemoval(journal, uid(4), t0 + 6 * day, 7)).toBeUndefined();
    expect(recordedRemoval(journal, uid(4), t0, 0)).toBeUndefined();
    expect(recordedRemoval(journal, uid(5), t0)).toBeUndefined();
    expect(recordedRemoval(undefined, uid(4), t0)).toBeUndefined();
  });

  it('a plan says when a recorded removal was requested; a run sends it not again, and with 0 days sends it again', async () => {
    const { domain, progress, journal, sandbox } = await setup({ removalNeedsApproval: true });
    await journal.intend([{ kind: 'removal', user: uid(4), email: mail(4) }], new Date(Date.now() - 86_400_000));
    const again = domain(plan([removal(4)]));
    expect(await again.planText(false)).toMatch(/^ {2}- user00004@example\.com \(read\) out of the organization \(named\); requested \d{4}-\d\d-\d\d, not requested again before \d{4}-\d\d-\d\d$/m);
    const view = await again.execute(progress, () => false);
    expect(view.rows[0]).toMatchObject({ outcome: 'requested', status: null });
    expect(view.rows[0]?.message).toMatch(/^removal requested \d{4}-\d\d-\d\d: still a member; not requested again before \d{4}-\d\d-\d\d$/);
    expect(writes()).toEqual([]);
    await domain(plan([removal(4)]), { rerequestAfterDays: 0 }).execute(progress, () => false);
    expect(writes()).toEqual([`DELETE /v1/orgs/lab/members/${uid(4)}`]);
    expect(sandbox.requests.length).toBeGreaterThan(0);
  });

  it('a removal applied (205) leaves no record; a role change of a user whose removal is recorded says nothing of it', async () => {
    const { domain, progress, journal } = await setup();
    await domain(plan([removal(5)])).execute(progress, () => false);
    expect(journal.writes('removal')).toEqual([]);
    await journal.intend([{ kind: 'removal', user: uid(3), email: mail(3) }], new Date(Date.now() - 86_400_000));
    expect(await domain(plan([role(3, 'read', 'edit')])).planText(false)).not.toContain('requested');
  });
});
