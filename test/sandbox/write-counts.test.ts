// What the sandbox counts of the writes a client must never send twice (README, sandbox): the
// invitations it accepted per e-mail, the teams it created per title, and the removals it sent the
// admins as requests (202) per user — so a test proves "exactly once" from the state.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SandboxStore, StoreError } from '../../src/sandbox/store.js';
import type { SandboxData } from '../../src/sandbox/store.js';
import { call, start } from '../helpers/sandbox-http.js';

const org = 'acme';
const invites = `/v1/orgs/${org}/invites`;
const teams = `/v1/orgs/${org}/teams`;
const member = (userId: string) => `/v1/orgs/${org}/members/${userId}`;

describe('invitations sent', () => {
  it('counts every accepted invitation of an e-mail, a repeat too, whether it stays pending or joins at once', async () => {
    const sb = await start({ seed: 'empty' });
    const known = sb.store.users(org)[0]!;
    sb.store.createOrganization('globex');
    expect(sb.store.invitationsSent(org, 'new@example.com')).toBe(0);
    expect((await call(sb, 'POST', invites, { body: { emails: ['new@example.com'] } })).status).toBe(200);
    expect((await call(sb, 'POST', invites, { body: { emails: ['  NEW@example.com'] } })).status).toBe(200);
    // Still one pending invitation, but two e-mails sent.
    expect(sb.store.members.invitations(org)).toHaveLength(1);
    expect(sb.store.invitationsSent(org, 'New@Example.com')).toBe(2);
    // A current member invited again: nothing changes, yet the invitation was sent.
    expect((await call(sb, 'POST', invites, { body: { emails: [known.email] } })).status).toBe(200);
    expect(sb.store.invitationsSent(org, known.email)).toBe(1);
    // A known account invited to another organization joins it at once: counted there, not here.
    expect((await call(sb, 'POST', '/v1/orgs/globex/invites', { body: { emails: [known.email] } })).status).toBe(200);
    expect(sb.store.invitationsSent('globex', known.email)).toBe(1);
    expect(sb.store.invitationsSent(org, known.email)).toBe(1);
  });

  it('counts an e-mail given twice in one request once, and nothing of a request refused', async () => {
    const sb = await start({ seed: 'empty' });
    expect((await call(sb, 'POST', invites, { body: { emails: ['a@example.com', 'A@example.com', { email: 'b@example.com', role: 'edit' }] } })).status).toBe(200);
    expect(sb.store.sentCounts(org).invitationsSent).toEqual({ 'a@example.com': 1, 'b@example.com': 1 });
    expect((await call(sb, 'POST', invites, { body: { emails: ['c@example.com', 'not an e-mail'] } })).status).toBe(400);
    expect((await call(sb, 'POST', invites, { body: { emails: ['c@example.com'] }, token: 'wrong' })).status).toBe(401);
    expect(sb.store.invitationsSent(org, 'c@example.com')).toBe(0);
  });
});

describe('teams created', () => {
  it('counts every team created per title, and the store tells the teams titled so now', async () => {
    const sb = await start({ seed: 'empty' });
    const first = await call<{ id: string }>(sb, 'PUT', teams, { body: { title: 'Ops' } });
    await call(sb, 'PUT', teams, { body: { title: 'Ops' } });
    await call(sb, 'PUT', teams, { body: { title: 'ops' } });
    expect(sb.store.teamsCreated(org, 'Ops')).toBe(2);
    expect(sb.store.teamsTitled(org, 'Ops')).toBe(2);
    expect(sb.store.teamsTitled(org, 'ops')).toBe(1);
    // Deleted: no longer titled so, still created twice.
    expect((await call(sb, 'DELETE', `${teams}/${first.body.id}`)).status).toBe(205);
    expect(sb.store.teamsTitled(org, 'Ops')).toBe(1);
    expect(sb.store.teamsCreated(org, 'Ops')).toBe(2);
    // Seeded teams and those a test creates in the store were never sent.
    expect(sb.store.teamsTitled(org, 'Product Design')).toBe(1);
    expect(sb.store.teamsCreated(org, 'Product Design')).toBe(0);
    sb.store.createTeam(org, 'by-hand', 'Ops');
    expect(sb.store.teamsTitled(org, 'Ops')).toBe(2);
    expect(sb.store.sentCounts(org).teamsCreated).toEqual({ Ops: 2, ops: 1 });
  });

  it('counts nothing of a creation refused', async () => {
    const sb = await start({ seed: 'empty' });
    expect((await call(sb, 'PUT', teams, { body: { title: 'Ops', members: ['nobody'] } })).status).toBe(400);
    expect(sb.store.teamsCreated(org, 'Ops')).toBe(0);
    expect(sb.store.teamsTitled(org, 'Ops')).toBe(0);
  });
});

describe('removal requests sent', () => {
  it('with a caller role other than admin, counts every removal answered 202; the member stays, one request kept', async () => {
    const sb = await start({ seed: 'empty', callerRole: 'read' });
    const [a, b] = sb.store.users(org);
    expect((await call(sb, 'DELETE', member(a!.id))).status).toBe(202);
    expect((await call(sb, 'DELETE', member(a!.id))).status).toBe(202);
    expect((await call(sb, 'DELETE', member(b!.id))).status).toBe(202);
    expect(sb.store.removalRequestsSent(org, a!.id)).toBe(2);
    expect(sb.store.removalRequestsSent(org, b!.id)).toBe(1);
    expect(sb.store.getUser(org, a!.id)).toBeDefined();
    expect(sb.store.members.removalRequests(org).map((r) => r.userId)).toEqual([a!.id, b!.id]);
    // Not a member: 204, nothing sent.
    expect((await call(sb, 'DELETE', member('nobody'))).status).toBe(204);
    expect(sb.store.sentCounts(org).removalRequestsSent).toEqual({ [a!.id]: 2, [b!.id]: 1 });
  });

  it('with removalNeedsApproval too; an admin caller removes at once (205) and sends no request', async () => {
    const approval = await start({ seed: 'empty', removalNeedsApproval: true });
    const a = approval.store.users(org)[0]!;
    expect((await call(approval, 'DELETE', member(a.id))).status).toBe(202);
    expect(approval.store.removalRequestsSent(org, a.id)).toBe(1);
    const admin = await start({ seed: 'empty', callerRole: 'admin' });
    const b = admin.store.users(org)[0]!;
    expect((await call(admin, 'DELETE', member(b.id))).status).toBe(205);
    expect(admin.store.removalRequestsSent(org, b.id)).toBe(0);
    expect(admin.store.getUser(org, b.id)).toBeUndefined();
  });

  it('setRemovalNeedsApproval switches the answer from the next request on: 205 before, 202 and counted after', async () => {
    const sb = await start({ seed: 'empty' });
    const [a, b] = sb.store.users(org);
    expect((await call(sb, 'DELETE', member(a!.id))).status).toBe(205);
    sb.setRemovalNeedsApproval(true);
    expect((await call(sb, 'DELETE', member(b!.id))).status).toBe(202);
    expect(sb.store.sentCounts(org).removalRequestsSent).toEqual({ [b!.id]: 1 });
    sb.setRemovalNeedsApproval(false);
    expect((await call(sb, 'DELETE', member(b!.id))).status).toBe(205);
    expect(sb.store.removalRequestsSent(org, b!.id)).toBe(1);
    expect(sb.store.getUser(org, b!.id)).toBeUndefined();
  });
});

describe('the counts in the data file', () => {
  it('are kept across a restart, and left out when there are none', async () => {
    const data = join(mkdtempSync(join(tmpdir(), 'teamctl-counts-')), 'sandbox.json');
    const sb = await start({ seed: 'empty', dataFile: data, callerRole: 'read' });
    const a = sb.store.users(org)[0]!;
    await call(sb, 'POST', invites, { body: { emails: ['new@example.com'] } });
    await call(sb, 'POST', invites, { body: { emails: ['new@example.com'] } });
    await call(sb, 'PUT', teams, { body: { title: 'Ops' } });
    await call(sb, 'DELETE', member(a.id));
    await sb.close();
    const saved = JSON.parse(readFileSync(data, 'utf8')) as SandboxData;
    expect(saved.organizations[0]?.sent).toEqual({ invitations: { 'new@example.com': 2 }, teams: { Ops: 1 }, removalRequests: { [a.id]: 1 } });
    const again = await start({ dataFile: data });
    expect(again.store.invitationsSent(org, 'new@example.com')).toBe(2);
    expect(again.store.teamsCreated(org, 'Ops')).toBe(1);
    expect(again.store.removalRequestsSent(org, a.id)).toBe(1);
    expect(new SandboxStore().toJSON().organizations).toEqual([]);
    const fresh = await start({ seed: 'empty' });
    expect(fresh.store.toJSON().organizations[0]).not.toHaveProperty('sent');
  });

  it('refuses counts that are not whole numbers >= 1, naming the organization', () => {
    const data = (sent: unknown) => ({ version: 1, organizations: [{ id: org, users: [], teams: [], glossary: [], sent }] });
    expect(() => SandboxStore.fromJSON(data({ teams: { Ops: 0 } }))).toThrow(new StoreError('organization acme: sent.teams["Ops"] must be a whole number >= 1'));
    expect(() => SandboxStore.fromJSON(data({ invitations: ['a@example.com'] }))).toThrow(/organization acme: sent.invitations must be an object of counts/);
    expect(() => SandboxStore.fromJSON(data('many'))).toThrow(/organization acme: sent must be an object of counts/);
    expect(() => SandboxStore.fromJSON(data({ removalRequests: { u1: 1.5 } }))).toThrow(/sent.removalRequests\["u1"\] must be a whole number/);
    // An e-mail key is taken trimmed and in lower case.
    const store = SandboxStore.fromJSON(data({ invitations: { 'A@Example.com': 2 } }));
    expect(store.invitationsSent(org, 'a@example.com')).toBe(2);
  });

});
