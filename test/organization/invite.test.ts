// Joiners' invitations (`teamctl help organization`, "Joiners") against the sandbox: the plan's words, the invitations
// sent a hundred a request, those who joined placed in their teams at once, the pending ones, a
// rejected or lost answer, an interruption, a listing that fails, and the report, summary and
// tally of each.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AuthError } from '../../src/errors.js';
import type { ApiClient } from '../../src/api/client.js';
import { Context } from '../../src/context.js';
import { notSentMessage } from '../../src/engine/interrupted.js';
import { recordedInvitation } from '../../src/organization/invitations.js';
import { Journal } from '../../src/journal/journal.js';
import { inviteDomain, invitesPerRequest, type Invitee, type PendingInvitee } from '../../src/organization/invitations.js';
import type { Sandbox } from '../../src/sandbox/server.js';
import { fakeStreams } from '../helpers/streams.js';
import { sandboxPerTest } from '../helpers/sandbox-client.js';

let sandbox: Sandbox | undefined;
let client: ApiClient | undefined;
const start = sandboxPerTest();

const settings = { force: false, batchSize: 100, concurrency: 4 };
const pendingOne: PendingInvitee = { email: 'waiting@example.com', invitedAt: '2030-01-03T10:00:00.000Z' };

/**
 * Organization lab: u00001–u00004 (u00001 admin); team t: u00001 owner; team v: u00002 owner;
 * team w: u00003 owner. Accounts the sandbox knows join at once: known@example.com (known1),
 * and sso@example.com (sso1), a member of organization other. Any other e-mail stays pending.
 */
async function setup(invitees: Invitee[], pending: PendingInvitee[] = [], o: { sso?: boolean; reinviteAfterDays?: number } = {}) {
  ({ sandbox, client } = await start());
  const store = sandbox.store;
  store.createOrganization('lab');
  store.addUsers('lab', 4);
  store.members.setRole('lab', 'u00001', 'admin');
  for (const [team, owner] of [['t', 'u00001'], ['v', 'u00002'], ['w', 'u00003']] as const) {
    store.createTeam('lab', team);
    store.setTeamMembers('lab', team, [{ userId: owner, role: 'owner' }]);
  }
  store.members.addAccount({ id: 'known1', displayName: 'Known', email: 'known@example.com' });
  store.createOrganization('other');
  store.addUser('other', { id: 'sso1', displayName: 'Sso', email: 'sso@example.com', role: 'read', disabled: false, joinedAt: new Date().toISOString(), sso: false, spaces: 0, sites: 0 });
  const configDir = mkdtempSync(join(tmpdir(), 'teamctl-invite-'));
  const streams = fakeStreams();
  const ctx = new Context({ streams, env: { TEAMCTL_CONFIG_DIR: configDir } }, { color: false });
  const baseUrl = client.base.origin + client.base.prefix;
  const journal = await Journal.open(configDir, baseUrl, 'lab', { wait: false, onWait: () => {} });
  const domain = inviteDomain(ctx, { client, baseUrl, org: 'lab', command: 'members sync', journal, invitees, pending, sso: o.sso ?? false, reinviteAfterDays: o.reinviteAfterDays ?? 7, settings });
  let units = 0;
  const progress = { increment: (n = 1) => void (units += n), stop() {} };
  return { sandbox, store, domain, configDir, baseUrl, journal, progress, units: () => units };
}

const invites = () => (sandbox as Sandbox).requests.filter((q) => q.method === 'POST' && q.path === '/v1/orgs/lab/invites');

const known: Invitee = { email: 'known@example.com', role: 'edit', teams: [{ team: 't', role: 'owner' }, { team: 'v', role: undefined }] };
const fresh: Invitee = { email: 'new@example.com', role: null, teams: [{ team: 't', role: undefined }] };
const already: Invitee = { email: 'user00003@example.com', role: 'read', teams: [{ team: 'w', role: undefined }] };
const sso: Invitee = { email: 'SSO@example.com', role: 'read', teams: [] };
const unknownPeople = (n: number): Invitee[] => Array.from({ length: n }, (_, i) => ({ email: `p${i + 1}@example.com`, role: 'read', teams: [] }));
const ref = (email: string, id: string | null = null) => ({ id, email });

describe('the plan', () => {
  it('lists each invitee with their role and teams, then the pending ones until when', async () => {
    const { domain } = await setup([known, fresh, sso], [pendingOne], { reinviteAfterDays: 3 });
    expect(await domain.planText(false)).toBe(
      [
        'Invitations to organization lab: 3 to invite, 1 pending; who joins is then added to their teams (3 to add)',
        '  ✉ known@example.com (edit) → then t (owner), v',
        '  ✉ new@example.com (guest) → then t',
        '  ✉ SSO@example.com (read)',
        '  … waiting@example.com invited 2030-01-03, pending: placed in teams by a run after they accept (not invited again before 2030-01-06)',
      ].join('\n'),
    );
    expect(domain.isEmpty()).toBe(false);
    expect(domain.refusals()).toEqual([]);
    expect(domain.nothingToDoLine).toBe('Nothing to change.');
    const planned = domain.planned();
    expect(planned.rows).toEqual([
      { team: '', user: ref('known@example.com'), action: 'invite', outcome: 'planned', status: null, message: 'as edit → then t (owner), v' },
      { team: '', user: ref('new@example.com'), action: 'invite', outcome: 'planned', status: null, message: 'as guest → then t' },
      { team: '', user: ref('SSO@example.com'), action: 'invite', outcome: 'planned', status: null, message: 'as read' },
      { team: '', user: ref('waiting@example.com'), action: 'invite', outcome: 'pending', status: null, message: 'invited 2030-01-03; not invited again before 2030-01-06 (--reinvite-after)' },
    ]);
    expect(planned.json).toEqual({
      invited: [ref('known@example.com'), ref('new@example.com'), ref('SSO@example.com')],
      pending: [ref('waiting@example.com')],
      failedSSOEmails: [],
      placed: [],
      failed: [],
      unknown: [],
    });
    expect(planned.doc).toEqual({
      title: 'Invitations to lab: 3 to invite, 1 pending',
      sections: [
        {
          heading: 'Invitations',
          columns: ['user', 'team', 'action', 'outcome', 'message'],
          rows: [
            ['known@example.com', '', 'invite', 'planned', 'as edit → then t (owner), v'],
            ['new@example.com', '', 'invite', 'planned', 'as guest → then t'],
            ['SSO@example.com', '', 'invite', 'planned', 'as read'],
            ['waiting@example.com', '', 'invite', 'pending', 'invited 2030-01-03; not invited again before 2030-01-06 (--reinvite-after)'],
          ],
        },
      ],
    });
    // Each invitation and each team to place them in; the requests: the invitations, a hundred each, and the listing.
    expect(domain.work()).toEqual({ label: 'members sync', units: 6, requests: 2 });
  });

  it('only pending invitees: not empty (drift), nothing to invite', async () => {
    const { domain } = await setup([], [pendingOne]);
    expect(domain.isEmpty()).toBe(false);
    expect(await domain.planText(false)).toBe('Invitations to organization lab: 0 to invite, 1 pending\n  … waiting@example.com invited 2030-01-03, pending: placed in teams by a run after they accept (not invited again before 2030-01-10)');
  });

  it('nobody: empty, no plan text, no section; nothing to do says so', async () => {
    const { domain } = await setup([], []);
    expect(domain.isEmpty()).toBe(true);
    expect(await domain.planText(false)).toBe('');
    expect(domain.planned().doc).toEqual({ title: 'Invitations to lab: 0 to invite, 0 pending', sections: [] });
    const none = domain.nothingToDo();
    expect(none.rows).toEqual([]);
    expect(none.json).toEqual({ invited: [], pending: [], failedSSOEmails: [], placed: [], failed: [], unknown: [] });
    expect(none.doc).toEqual({ title: 'No invitations', sections: [] });
    expect(none.summary(undefined)).toBe('');
    expect(none.tally).toEqual({ total: 0, applied: 0, failed: 0, unknown: 0, unexplained: 0, unverifiable: false, firstFailure: undefined });
  });

  it(`counts one request per ${invitesPerRequest} invitees, and the listing`, async () => {
    expect((await setup(unknownPeople(invitesPerRequest))).domain.work().requests).toBe(2);
    expect((await setup(unknownPeople(invitesPerRequest + 1))).domain.work()).toEqual({ label: 'members sync', units: invitesPerRequest + 1, requests: 3 });
  });

  it('its plan file keeps the invitees, the pending ones and how they are sent', async () => {
    const { domain, baseUrl } = await setup([known], [pendingOne], { sso: true, reinviteAfterDays: 3 });
    const file = domain.planFile();
    expect({ kind: file.kind, command: file.command, baseUrl: file.baseUrl, organization: file.organization }).toEqual({ kind: 'organization', command: 'members sync', baseUrl, organization: 'lab' });
    expect(file.body).toEqual({ invitees: [known], pending: [pendingOne], sso: true, reinviteAfterDays: 3, batchSize: 100, concurrency: 4 });
    expect(domain.csv.header).toEqual([]);
    expect(domain.csv.record(domain.planned().rows[0] as never)).toEqual([]);
    expect([domain.words.nothingApplied({} as never), domain.words.partial({} as never), domain.words.hint(undefined)]).toEqual(['', '', '']);
    await domain.confirm({} as never);
  });
});

describe('execute', () => {
  it('invites, places those who joined in their teams at once, says who is pending; records each invitation', async () => {
    const { domain, progress, store, journal } = await setup([known, fresh, already, sso], [pendingOne], { sso: true });
    const view = await domain.execute(progress, () => false);
    expect(invites().map((q) => q.body)).toEqual([
      {
        emails: [
          { email: 'known@example.com', role: 'edit' },
          { email: 'new@example.com', role: null },
          { email: 'user00003@example.com', role: 'read' },
          { email: 'SSO@example.com', role: 'read' },
        ],
        sso: true,
      },
    ]);
    expect(view.rows).toEqual([
      { team: '', user: ref('known@example.com', 'known1'), action: 'invite', outcome: 'joined', status: 200, message: 'joined the organization' },
      { team: '', user: ref('new@example.com'), action: 'invite', outcome: 'invited', status: 200, message: 'invited, pending: placed in their teams by a run after they join' },
      { team: '', user: ref('user00003@example.com', 'u00003'), action: 'invite', outcome: 'joined', status: 200, message: 'joined the organization' },
      { team: '', user: ref('SSO@example.com', 'sso1'), action: 'invite', outcome: 'joined', status: 200, message: 'invited, but not added as an SSO user (a member of another organization); joined the organization' },
      { team: '', user: ref('waiting@example.com'), action: 'invite', outcome: 'pending', status: null, message: 'invited 2030-01-03; not invited again before 2030-01-10 (--reinvite-after)' },
      { team: 't', user: ref('known@example.com', 'known1'), action: 'add', outcome: 'added', status: 204, message: 'as owner' },
      { team: 'v', user: ref('known@example.com', 'known1'), action: 'add', outcome: 'added', status: 204, message: 'as member' },
    ]);
    // Placed: known1 in t as owner and in v; u00003, in w already, left as they are.
    expect(store.teamMembers('lab', 't').map((m) => `${m.userId} ${m.role}`).sort()).toEqual(['known1 owner', 'u00001 owner']);
    expect(store.teamMembers('lab', 'v').map((m) => `${m.userId} ${m.role}`).sort()).toEqual(['known1 member', 'u00002 owner']);
    expect(store.teamMembers('lab', 'w').map((m) => `${m.userId} ${m.role}`)).toEqual(['u00003 owner']);
    const json = view.json as { invited: unknown[]; pending: unknown[]; failedSSOEmails: string[]; placed: { team: string; added: unknown[] }[]; failed: unknown[] };
    expect(json.invited).toEqual([ref('known@example.com', 'known1'), ref('new@example.com'), ref('user00003@example.com', 'u00003'), ref('SSO@example.com', 'sso1')]);
    expect(json.pending).toEqual([ref('new@example.com'), ref('waiting@example.com')]);
    expect(json.failedSSOEmails).toEqual(['SSO@example.com']);
    expect(json.placed.map((p) => [p.team, p.added])).toEqual([
      ['t', [ref('known@example.com', 'known1')]],
      ['v', [ref('known@example.com', 'known1')]],
      ['w', []],
    ]);
    expect(json.failed).toEqual([]);
    expect(view.doc.title).toBe('Invitations to lab');
    expect(view.doc.sections[0]?.rows.at(-1)).toEqual(['known@example.com', 'v', 'add', 'added', 'as member']);
    expect(view.summary('r.csv')).toBe(
      [
        'Invitations: 3 joined, 1 invited and pending, 0 failed; 1 invited earlier, still pending.',
        'team t:',
        'Done: 1 added, 0 removed, 0 roles changed, 1 unchanged, 0 not a member, 0 failed',
        'Verified: the team read back matches the plan.',
        'team v:',
        'Done: 1 added, 0 removed, 0 roles changed, 1 unchanged, 0 not a member, 0 failed',
        'Verified: the team read back matches the plan.',
        'team w:',
        'Done: 0 added, 0 removed, 0 roles changed, 1 unchanged, 0 not a member, 0 failed',
        'Verified: the team read back matches the plan.',
      ].join('\n'),
    );
    expect(view.tally).toEqual({ total: 6, applied: 6, failed: 0, unknown: 0, unexplained: 0, unverifiable: false, firstFailure: undefined });
    for (const email of ['known@example.com', 'new@example.com', 'user00003@example.com', 'SSO@example.com']) {
      const record = recordedInvitation(journal, email);
      expect(record?.email).toBe(email);
      expect(Date.now() - Date.parse(record?.sentAt ?? '')).toBeLessThan(60_000);
    }
  });

  it('only pending invitees: nothing is sent or read', async () => {
    const { sandbox, domain, progress } = await setup([], [pendingOne]);
    const view = await domain.execute(progress, () => false);
    expect(sandbox.requests).toEqual([]);
    expect(view.rows).toEqual([{ team: '', user: ref('waiting@example.com'), action: 'invite', outcome: 'pending', status: null, message: 'invited 2030-01-03; not invited again before 2030-01-10 (--reinvite-after)' }]);
    expect(view.summary(undefined)).toBe('Invitations: 0 joined, 0 invited and pending, 0 failed; 1 invited earlier, still pending.');
    expect(view.tally).toEqual({ total: 0, applied: 0, failed: 0, unknown: 0, unexplained: 0, unverifiable: false, firstFailure: undefined });
  });

  it('two who joined are placed in one team; a member listed without an e-mail is nobody’s match', async () => {
    const { sandbox, store, domain, progress } = await setup([known, { ...sso, teams: [{ team: 't', role: undefined }] }], []);
    // The listing read after the invitations holds a member without an e-mail besides them.
    const item = (id: string, email?: string) => ({ object: 'member', id, role: 'read', user: { object: 'user', id, displayName: id, ...(email === undefined ? {} : { email }) }, disabled: false, joinedAt: '2024-01-14T00:00:00.000Z', sso: false, spaces: 0, teams: 0, sites: 0 });
    sandbox.intercept((req) =>
      req.method === 'GET' && req.path === '/v1/orgs/lab/members' ? { kind: 'respond', status: 200, body: { items: [item('nomail'), ...store.users('lab').map((u) => item(u.id, u.email))] } } : undefined,
    );
    const view = await domain.execute(progress, () => false);
    expect(store.teamMembers('lab', 't').map((m) => `${m.userId} ${m.role}`).sort()).toEqual(['known1 owner', 'sso1 member', 'u00001 owner']);
    expect(view.rows.filter((r) => r.team === 't').map((r) => r.user.id)).toEqual(['known1', 'sso1']);
  });

  it('a rejected invitation fails, unrecorded, and nothing is read or placed', async () => {
    const { sandbox, domain, progress, units, journal } = await setup([known, fresh], []);
    sandbox.intercept((req) => (req.method === 'POST' ? { kind: 'respond', status: 400, body: { error: { code: 400, message: 'no such thing' } } } : undefined));
    const view = await domain.execute(progress, () => false);
    const message = view.rows[0]?.message ?? '';
    expect(message).toContain('no such thing');
    expect(view.rows).toEqual([
      { team: '', user: ref('known@example.com'), action: 'invite', outcome: 'failed', status: 400, message },
      { team: '', user: ref('new@example.com'), action: 'invite', outcome: 'failed', status: 400, message },
    ]);
    expect(sandbox.requests.map((q) => q.method)).toEqual(['POST']);
    expect(units()).toBe(2);
    expect(recordedInvitation(journal, 'known@example.com')).toBeUndefined();
    expect((view.json as { failed: unknown[] }).failed).toEqual([
      { user: ref('known@example.com'), action: 'invite', status: 400, message },
      { user: ref('new@example.com'), action: 'invite', status: 400, message },
    ]);
    expect((view.json as { invited: unknown[]; pending: unknown[] }).invited).toEqual([]);
    expect(view.summary(undefined)).toBe(
      ['Invitations: 0 joined, 0 invited and pending, 2 failed.', `  failed: invite known@example.com (400): ${message}`, `  failed: invite new@example.com (400): ${message}`].join('\n'),
    );
    expect(view.tally).toEqual({ total: 2, applied: 0, failed: 2, unknown: 0, unexplained: 0, unverifiable: false, firstFailure: message });
  });

  it('an invitation refused for the token or asked to wait too long failed without doubt: not recorded', async () => {
    for (const answer of [{ status: 403 }, { status: 429, headers: { 'retry-after': '3600' } }]) {
      const { sandbox, domain, progress, journal } = await setup([fresh], []);
      sandbox.intercept((req) => (req.method === 'POST' ? { kind: 'respond', ...answer, body: { error: { code: answer.status, message: 'not now' } } } : undefined));
      const view = await domain.execute(progress, () => false);
      expect(view.rows.map((r) => [r.outcome, r.status])).toEqual([['failed', answer.status]]);
      expect(recordedInvitation(journal, 'new@example.com')).toBeUndefined();
    }
  });

  it('an invitation whose answer is lost is recorded and settled by the listing: joined, or failed and not sent again', async () => {
    const { sandbox, domain, progress, journal } = await setup([known, fresh], []);
    sandbox.intercept((req) => (req.method === 'POST' ? { kind: 'applyThenReset' } : undefined));
    const view = await domain.execute(progress, () => false);
    expect(invites()).toHaveLength(1);
    const lost = (view.rows[0]?.message ?? '').replace(/; joined the organization$/, '');
    expect(view.rows.slice(0, 2)).toEqual([
      { team: '', user: ref('known@example.com', 'known1'), action: 'invite', outcome: 'joined', status: null, message: `${lost}; joined the organization` },
      { team: '', user: ref('new@example.com'), action: 'invite', outcome: 'unknown', status: null, message: `${lost}; not a member when read again: recorded as sent, not invited again before --reinvite-after` },
    ]);
    expect((recordedInvitation(journal, 'new@example.com'))?.email).toBe('new@example.com');
    expect((recordedInvitation(journal, 'known@example.com'))?.email).toBe('known@example.com');
    expect(view.tally).toMatchObject({ total: 4, applied: 3, failed: 1, unknown: 1, firstFailure: `${lost}; not a member when read again: recorded as sent, not invited again before --reinvite-after` });
  });

  it('when the members cannot be read: nobody placed, an invited row says why, a lost answer stays unknown', async () => {
    const { sandbox, domain, progress } = await setup([known, sso], [], { sso: true });
    sandbox.intercept((req) => (req.method === 'GET' && req.path === '/v1/orgs/lab/members' ? { kind: 'respond', status: 403, body: { error: { code: 403, message: 'not yours' } } } : undefined));
    const view = await domain.execute(progress, () => false);
    const why = (view.rows[0]?.message ?? '').replace(/^not placed in teams: the members could not be read \((.*)\)$/, '$1');
    expect(why).toContain('not yours');
    expect(view.rows.map((r) => [r.outcome, r.message])).toEqual([
      ['invited', `not placed in teams: the members could not be read (${why})`],
      ['invited', `invited, but not added as an SSO user (a member of another organization); not placed in teams: the members could not be read (${why})`],
    ]);
    expect(sandbox.requests.filter((q) => q.path.includes('/teams/'))).toEqual([]);
  });

  it('a lost answer and an unreadable listing: unknown, counted as such', async () => {
    const { sandbox, domain, progress } = await setup([fresh], []);
    sandbox.intercept((req) => (req.method === 'POST' ? { kind: 'applyThenReset' } : req.method === 'GET' ? { kind: 'respond', status: 403, body: { error: { code: 403, message: 'no' } } } : undefined));
    const view = await domain.execute(progress, () => false);
    expect(view.rows.map((r) => r.outcome)).toEqual(['unknown']);
    expect(view.rows[0]?.message).not.toContain('not placed');
    // Listed as unknown, never as failed (`teamctl help reliability`).
    const report = view.json as { failed: unknown[]; unknown: { action: string; user: { email: string } }[] };
    expect(report.failed).toEqual([]);
    expect(report.unknown.map((f) => [f.action, f.user.email])).toEqual([['invite', 'new@example.com']]);
    expect(view.tally).toMatchObject({ total: 1, applied: 0, failed: 1, unknown: 1 });
    expect(view.summary(undefined)).toMatch(/^Invitations: 0 joined, 0 invited and pending, 0 failed, 1 of unknown outcome\.\n {2}unknown: invite new@example\.com: POST \S+ failed \(UND_ERR_SOCKET\)$/);
  });

  it('interrupted before a batch: not sent, each said so (twenty at most), nothing placed', async () => {
    const { sandbox, domain, progress, units } = await setup([known, ...unknownPeople(20)], [pendingOne]);
    const view = await domain.execute(progress, () => true);
    expect(sandbox.requests).toEqual([]);
    expect(view.rows.slice(0, 21).every((r) => r.outcome === 'failed' && r.status === null && r.message === notSentMessage)).toBe(true);
    expect(view.rows).toHaveLength(22);
    expect(units()).toBe(0);
    const lines = view.summary(undefined).split('\n');
    expect(lines[0]).toBe('Invitations: 0 joined, 0 invited and pending, 21 failed; 1 invited earlier, still pending.');
    expect(lines[1]).toBe(`  failed: invite known@example.com: ${notSentMessage}`);
    expect(lines).toHaveLength(21);
    expect(view.tally).toMatchObject({ total: 21, applied: 0, failed: 21, unknown: 0, firstFailure: notSentMessage });
  });

  it(`sends ${invitesPerRequest} e-mails a request; an interruption after the first stops the rest and the placement`, async () => {
    const people = [known, ...unknownPeople(invitesPerRequest)];
    const { sandbox, domain, progress } = await setup(people, []);
    const view = await domain.execute(progress, () => invites().length > 0);
    expect(invites().map((q) => (q.body as { emails: unknown[] }).emails.length)).toEqual([invitesPerRequest]);
    expect(view.rows.map((r) => r.outcome)).toEqual(['joined', ...Array.from({ length: invitesPerRequest - 1 }, () => 'invited'), 'failed']);
    expect(view.rows.at(-1)?.user).toEqual(ref(`p${invitesPerRequest}@example.com`));
    expect(sandbox.requests.filter((q) => q.path.includes('/teams/'))).toEqual([]);
  });

  it('an interruption between two teams leaves the second unplaced', async () => {
    const { sandbox, store, domain, progress } = await setup([known], []);
    const view = await domain.execute(progress, () => sandbox.requests.some((q) => q.method !== 'GET' && q.path.includes('/teams/')));
    expect(store.teamMembers('lab', 't').map((m) => m.userId).sort()).toEqual(['known1', 'u00001']);
    expect(store.teamMembers('lab', 'v').map((m) => m.userId)).toEqual(['u00002']);
    expect((view.json as { placed: { team: string }[] }).placed.map((p) => p.team)).toEqual(['t']);
  });

  it('a team that cannot be read fails its placement, saying what it was read for; the invitation and the other teams stand', async () => {
    const { sandbox, store, domain, progress } = await setup([known], []);
    sandbox.intercept((req) => (req.method === 'GET' && req.path === '/v1/orgs/lab/teams/t/members' ? { kind: 'respond', status: 400, body: { error: { code: 400, message: 'bad team' } } } : undefined));
    const view = await domain.execute(progress, () => false);
    expect(store.teamMembers('lab', 't').map((m) => m.userId)).toEqual(['u00001']);
    expect(store.teamMembers('lab', 'v').map((m) => m.userId).sort()).toEqual(['known1', 'u00002']);
    expect(sandbox.requests.filter((q) => q.method !== 'GET' && q.path.includes('/teams/t/'))).toEqual([]);
    const placement = view.rows.filter((r) => r.team === 't');
    expect(placement).toHaveLength(1);
    expect(placement[0]).toMatchObject({ user: { id: 'known1', email: 'known@example.com' }, action: 'add', outcome: 'failed', status: 400 });
    expect(placement[0]?.message).toMatch(/^not placed in team t: could not read the whole team t to place the invitees who joined: .*bad team/);
    expect(view.rows[0]).toMatchObject({ outcome: 'joined', user: { id: 'known1' } });
    expect(view.tally).toMatchObject({ total: 3, applied: 2, failed: 1, unknown: 0 });
    expect(view.tally.firstFailure).toBe(placement[0]?.message);
    const placed = (view.json as { placed: { team: string; failed: unknown[]; added: unknown[] }[] }).placed;
    expect(placed.map((p) => [p.team, p.added.length, p.failed.length])).toEqual([['t', 0, 1], ['v', 1, 0]]);
    expect(view.summary(undefined)).toMatch(/\nteam t:\nNot placed: 1 invitee who joined; could not read the whole team t to place the invitees who joined: .*bad team.*\nteam v:\n/);
    expect(view.tally.stoppedBy).toBeUndefined();
  });

  it('a refused token while reading a team to place them stops the run as for any change, its exit code the token\'s', async () => {
    const { sandbox, domain, progress } = await setup([known], []);
    sandbox.intercept((req) => (req.method === 'GET' && req.path === '/v1/orgs/lab/teams/t/members' ? { kind: 'respond', status: 401, body: { error: { code: 401, message: 'token expired' } } } : undefined));
    const view = await domain.execute(progress, () => false);
    expect(view.tally.stoppedBy).toBeInstanceOf(AuthError);
    expect(view.rows.filter((r) => r.team === 't').map((r) => [r.outcome, r.status])).toEqual([['failed', 401]]);
  });

  it('a placement that fails is counted with the invitations', async () => {
    const { sandbox, domain, progress } = await setup([known], []);
    sandbox.intercept((req) => (req.method !== 'GET' && req.path.includes('/teams/v/') ? { kind: 'respond', status: 400, body: { error: { code: 400, message: 'not v' } } } : undefined));
    const view = await domain.execute(progress, () => false);
    const failure = view.tally.firstFailure ?? '';
    expect(failure).toContain('not v');
    expect(view.tally).toMatchObject({ total: 3, applied: 2, failed: 1, unknown: 0 });
    expect(view.summary(undefined).split('\n')[0]).toBe('Invitations: 1 joined, 0 invited and pending, 0 failed.');
  });

  it("a placement whose answers were lost and whose team cannot be read again is counted unknown and unverified", async () => {
    const { sandbox, domain, progress } = await setup([known], []);
    let reads = 0;
    sandbox.intercept((req) => {
      if (req.path !== '/v1/orgs/lab/teams/v/members') return undefined;
      if (req.method === 'GET' && ++reads === 1) return undefined;
      return { kind: 'respond', status: 500, body: { error: { code: 500, message: 'v is down' } } };
    });
    const view = await domain.execute(progress, () => false);
    expect(view.tally).toMatchObject({ total: 3, applied: 2, failed: 1, unknown: 1, unverifiable: true });
  });

  it('as many invitees as pending ones: a plan to show, not empty', async () => {
    const { domain } = await setup([fresh], [pendingOne]);
    expect(domain.isEmpty()).toBe(false);
    expect((await domain.planText(false)).split('\n')[0]).toBe('Invitations to organization lab: 1 to invite, 1 pending; who joins is then added to their teams (1 to add)');
  });

  it('a bug is thrown, not reported as a failed invitation or listing', async () => {
    const { domain, progress, baseUrl } = await setup([known], []);
    const realBase = (client as ApiClient).base;
    const broken = { base: realBase, request: async () => { throw new TypeError('a bug'); } } as unknown as ApiClient;
    const send = inviteDomain(new Context({ streams: fakeStreams(), env: {} }, { color: false }), { client: broken, baseUrl, org: 'lab', command: 'c', journal: await Journal.open(mkdtempSync(join(tmpdir(), 'teamctl-invite-')), baseUrl, 'lab', { wait: false, onWait: () => {} }), invitees: [known], pending: [], sso: false, reinviteAfterDays: 7, settings });
    await expect(send.execute(progress, () => false)).rejects.toThrow('a bug');
    const answers = { base: realBase, request: async (method: string) => { if (method === 'POST') return { status: 200, data: { users: [], invited: 0, failedSSOEmails: [] } }; throw new TypeError('a listing bug'); }, pages: async function* () { yield* []; throw new TypeError('a listing bug'); } } as unknown as ApiClient;
    const settle = inviteDomain(new Context({ streams: fakeStreams(), env: {} }, { color: false }), { client: answers, baseUrl, org: 'lab', command: 'c', journal: await Journal.open(mkdtempSync(join(tmpdir(), 'teamctl-invite-')), baseUrl, 'lab', { wait: false, onWait: () => {} }), invitees: [known], pending: [], sso: false, reinviteAfterDays: 7, settings });
    await expect(settle.execute(progress, () => false)).rejects.toThrow('a listing bug');
    expect(domain.isEmpty()).toBe(false);
  });
});
