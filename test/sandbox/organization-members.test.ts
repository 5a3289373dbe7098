// The organization's members in the sandbox over HTTP (global fetch), as the published document
// gives them: GET, PATCH (role) and DELETE /orgs/{org}/members/{userId}, and POST
// /orgs/{org}/invites; the listing (GET /orgs/{org}/members) and the teams kept consistent with
// them; and the invitations, removal requests and known accounts kept by the data file.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { OrganizationMember, Page, TeamMemberItem } from '../../src/api/types.js';
import type { Sandbox } from '../../src/sandbox/server.js';
import { call, expectError, start } from '../helpers/sandbox-http.js';

const memberPath = (userId: string, org = 'acme') => `/v1/orgs/${org}/members/${encodeURIComponent(userId)}`;
const invitesPath = (org = 'acme') => `/v1/orgs/${org}/invites`;

interface InviteAnswer {
  users: string[];
  invited: number;
  failedSSOEmails?: string[];
}

async function listed(sb: Sandbox, query = ''): Promise<Page<OrganizationMember>> {
  return (await call<Page<OrganizationMember>>(sb, 'GET', `/v1/orgs/acme/members?limit=1000${query}`)).body;
}

/** A member of the demo seed's both teams (engineering and design). */
function memberOfBothTeams(sb: Sandbox): string {
  const inBoth = sb.store.users('acme').find((u) => sb.store.teamCount('acme', u.id) === 2);
  expect(inBoth).toBeDefined();
  return inBoth!.id;
}

describe('GET /orgs/{org}/members/{userId}', () => {
  it('answers the member as the listing shows it', async () => {
    const sb = await start();
    const id = memberOfBothTeams(sb);
    const got = await call<OrganizationMember>(sb, 'GET', memberPath(id));
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({ object: 'member', id, teams: 2 });
    expect(got.body.user.id).toBe(id);
    expect((await listed(sb)).items.find((m) => m.id === id)).toEqual(got.body);
  });

  it('answers 404 for a user who is not a member, or an unknown organization, and 401 without the token', async () => {
    const sb = await start();
    expectError(await call(sb, 'GET', memberPath('nobody')), 404, /not a member of organization acme/);
    expectError(await call(sb, 'GET', memberPath(sb.store.users('acme')[0]!.id, 'globex')), 404, /organization globex not found/);
    expectError(await call(sb, 'GET', memberPath(sb.store.users('acme')[0]!.id), { token: null }), 401);
  });
});

describe('PATCH /orgs/{org}/members/{userId}', () => {
  it('changes the role (null: a guest), answers the member, and the listing shows the change', async () => {
    const sb = await start();
    const id = sb.store.users('acme').find((u) => u.role !== 'review')!.id;
    const patched = await call<OrganizationMember>(sb, 'PATCH', memberPath(id), { body: { role: 'review' } });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ object: 'member', id, role: 'review' });
    expect((await call<OrganizationMember>(sb, 'GET', memberPath(id))).body.role).toBe('review');
    expect((await listed(sb, '&role=review')).items.map((m) => m.id)).toContain(id);

    const guest = await call<OrganizationMember>(sb, 'PATCH', memberPath(id), { body: { role: null } });
    expect(guest.body.role).toBeNull();
    expect((await listed(sb, '&role=guest')).items.map((m) => m.id)).toContain(id);
    expect((await listed(sb, '&role=review')).items.map((m) => m.id)).not.toContain(id);
  });

  it('leaves the member as it is for a body without a role', async () => {
    const sb = await start();
    const before = (await call<OrganizationMember>(sb, 'GET', memberPath(sb.store.users('acme')[3]!.id))).body;
    const patched = await call<OrganizationMember>(sb, 'PATCH', memberPath(before.id), { body: {} });
    expect(patched.status).toBe(200);
    expect(patched.body).toEqual(before);
  });

  it('answers 400 for an invalid body, 404 for a non-member, 401 without the token, and changes nothing', async () => {
    const sb = await start();
    const user = sb.store.users('acme')[1]!;
    const role = user.role;
    expectError(await call(sb, 'PATCH', memberPath(user.id), { body: { role: 'guest' } }), 400, /role must be one of admin, create, edit, review, comment, read or null/);
    expectError(await call(sb, 'PATCH', memberPath(user.id), { body: { role: 'owner' } }), 400);
    expectError(await call(sb, 'PATCH', memberPath(user.id), { body: { role: 3 } }), 400);
    expectError(await call(sb, 'PATCH', memberPath(user.id), { body: ['admin'] }), 400, /JSON object/);
    expectError(await call(sb, 'PATCH', memberPath(user.id), { rawBody: '{"role":' }), 400, /not valid JSON/);
    expectError(await call(sb, 'PATCH', memberPath(user.id)), 400, /request body is required/);
    expectError(await call(sb, 'PATCH', memberPath('nobody'), { body: { role: 'read' } }), 404);
    expectError(await call(sb, 'PATCH', memberPath(user.id, 'globex'), { body: { role: 'read' } }), 404);
    expectError(await call(sb, 'PATCH', memberPath(user.id), { body: { role: 'admin' }, token: 'wrong' }), 401);
    expect(sb.store.getUser('acme', user.id)!.role).toBe(role);
  });
});

describe('DELETE /orgs/{org}/members/{userId}', () => {
  it('removes the member (205): gone from the organization, its listing and every team; 204 once gone', async () => {
    const sb = await start();
    const id = memberOfBothTeams(sb);
    const before = await listed(sb);
    const removed = await call(sb, 'DELETE', memberPath(id));
    expect(removed.status).toBe(205);
    expect(removed.text).toBe('');
    expectError(await call(sb, 'GET', memberPath(id)), 404);
    const after = await listed(sb);
    expect(after.count).toBe(before.count! - 1);
    expect(after.items.map((m) => m.id)).not.toContain(id);
    for (const team of ['engineering', 'design']) {
      const members = (await call<Page<TeamMemberItem>>(sb, 'GET', `/v1/orgs/acme/teams/${team}/members?limit=1000`)).body;
      expect(members.items.map((m) => m.organization.id)).not.toContain(id);
    }
    expect((await call<{ count: number }>(sb, 'GET', `${memberPath(id)}/teams`)).status).toBe(404);
    expect((await call(sb, 'DELETE', memberPath(id))).status).toBe(204);
  });

  it('answers 204 for a user who never was a member, 404 for an unknown organization, 401 without the token', async () => {
    const sb = await start();
    const nobody = await call(sb, 'DELETE', memberPath('nobody'));
    expect(nobody.status).toBe(204);
    expect(nobody.text).toBe('');
    const id = sb.store.users('acme')[0]!.id;
    expectError(await call(sb, 'DELETE', memberPath(id, 'globex')), 404);
    expectError(await call(sb, 'DELETE', memberPath(id), { token: null }), 401);
    expect(sb.store.getUser('acme', id)).toBeDefined();
  });

  it('with removalNeedsApproval, sends the removal to the admins (202): nobody is removed, one request per member', async () => {
    const sb = await start({ removalNeedsApproval: true });
    const id = memberOfBothTeams(sb);
    const first = await call(sb, 'DELETE', memberPath(id));
    expect(first.status).toBe(202);
    expect(first.text).toBe('');
    expect((await call(sb, 'DELETE', memberPath(id))).status).toBe(202);
    expect((await call<OrganizationMember>(sb, 'GET', memberPath(id))).body.teams).toBe(2);
    expect(sb.store.members.removalRequests('acme')).toEqual([{ userId: id, requestedAt: expect.any(String) }]);
    expect((await call(sb, 'DELETE', memberPath('nobody'))).status).toBe(204);
  });
});

describe('POST /orgs/{org}/invites', () => {
  it('adds at once an e-mail of an account the sandbox knows, with the role given, under its user id', async () => {
    const sb = await start();
    sb.store.members.addAccount({ id: 'acct-nora', displayName: 'Nora Berg', email: 'Nora.Berg@example.org' });
    const count = (await listed(sb)).count;
    const answer = await call<InviteAnswer>(sb, 'POST', invitesPath(), { body: { emails: [{ email: 'nora.berg@EXAMPLE.org', role: 'edit' }] } });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ users: ['acct-nora'], invited: 1 });
    const member = (await call<OrganizationMember>(sb, 'GET', memberPath('acct-nora'))).body;
    expect(member).toMatchObject({ id: 'acct-nora', role: 'edit', sso: false, teams: 0, disabled: false });
    expect(member.user).toMatchObject({ displayName: 'Nora Berg', email: 'Nora.Berg@example.org' });
    expect((await listed(sb)).count).toBe(count! + 1);
    expect(sb.store.members.invitations('acme')).toEqual([]);
  });

  it('keeps any other e-mail as one pending invitation, listed nowhere, however often invited', async () => {
    const sb = await start();
    const count = (await listed(sb)).count;
    const first = await call<InviteAnswer>(sb, 'POST', invitesPath(), { body: { emails: ['new.person@example.net'] } });
    expect(first.body).toEqual({ users: [], invited: 0 });
    const again = await call<InviteAnswer>(sb, 'POST', invitesPath(), { body: { emails: [' NEW.person@example.net '], role: 'comment' } });
    expect(again.body).toEqual({ users: [], invited: 0 });
    const invitations = sb.store.members.invitations('acme');
    // One invitation, first sent with the first request, now as the latest says.
    expect(invitations).toEqual([{ email: 'NEW.person@example.net', role: 'comment', sso: false, invitedAt: expect.any(String) }]);
    expect((await listed(sb)).count).toBe(count);
    expect((await listed(sb, '&search=new.person')).items).toEqual([]);
  });

  it('acceptInvitation lets a pending invitee join with the invitation\'s role; invitePendingRate 1 keeps a known account pending', async () => {
    const sb = await start();
    await call(sb, 'POST', invitesPath(), { body: { emails: [{ email: 'new.person@example.net', role: 'edit' }] } });
    const joined = sb.store.acceptInvitation('acme', 'NEW.person@example.net');
    expect(joined).toMatchObject({ email: 'new.person@example.net', role: 'edit', disabled: false });
    expect((await call<OrganizationMember>(sb, 'GET', memberPath(joined.id))).body.role).toBe('edit');
    expect(sb.store.members.invitations('acme')).toEqual([]);
    expect(() => sb.store.acceptInvitation('acme', 'nobody@example.net')).toThrow(/no pending invitation/);

    const pendingAll = await start({ invitePendingRate: 1 });
    pendingAll.store.members.addAccount({ id: 'acct-nora', displayName: 'Nora Berg', email: 'nora.berg@example.org' });
    const answer = await call<InviteAnswer>(pendingAll, 'POST', invitesPath(), { body: { emails: ['nora.berg@example.org'] } });
    expect(answer.body).toEqual({ users: [], invited: 0 });
    expect(pendingAll.store.members.invitations('acme').map((i) => i.email)).toEqual(['nora.berg@example.org']);
    expect(pendingAll.store.acceptInvitation('acme', 'nora.berg@example.org').id).toBe('acct-nora');
  });

  it('an invitee whose account becomes known joins on the next invitation, and the invitation is gone', async () => {
    const sb = await start();
    await call(sb, 'POST', invitesPath(), { body: { emails: ['later@example.net'] } });
    expect(sb.store.members.invitations('acme')).toHaveLength(1);
    sb.store.members.addAccount({ id: 'acct-later', displayName: 'Later Joiner', email: 'later@example.net' });
    const answer = await call<InviteAnswer>(sb, 'POST', invitesPath(), { body: { emails: ['later@example.net'], role: null } });
    expect(answer.body).toEqual({ users: ['acct-later'], invited: 1 });
    expect((await call<OrganizationMember>(sb, 'GET', memberPath('acct-later'))).body.role).toBeNull();
    expect(sb.store.members.invitations('acme')).toEqual([]);
  });

  it('a removed member re-invited joins again at once, under the same id, with the new role and no team', async () => {
    const sb = await start();
    const id = memberOfBothTeams(sb);
    const email = sb.store.getUser('acme', id)!.email;
    expect((await call(sb, 'DELETE', memberPath(id))).status).toBe(205);
    const answer = await call<InviteAnswer>(sb, 'POST', invitesPath(), { body: { emails: [email.toUpperCase()], role: 'create' } });
    expect(answer.body).toEqual({ users: [id], invited: 1 });
    expect((await call<OrganizationMember>(sb, 'GET', memberPath(id))).body).toMatchObject({ role: 'create', teams: 0 });
  });

  it('leaves a current member as is, takes the first of a repeated e-mail, and the default role for bare e-mails', async () => {
    const sb = await start();
    const member = sb.store.users('acme').find((u) => u.role !== 'admin')!;
    sb.store.members.addAccount({ id: 'acct-a', displayName: 'A', email: 'a@example.org' });
    sb.store.members.addAccount({ id: 'acct-b', displayName: 'B', email: 'b@example.org' });
    const answer = await call<InviteAnswer>(sb, 'POST', invitesPath(), {
      body: { emails: [{ email: member.email, role: 'admin' }, 'a@example.org', { email: 'A@example.org', role: 'admin' }, { email: 'b@example.org', role: 'review' }] },
    });
    expect(answer.body).toEqual({ users: ['acct-a', 'acct-b'], invited: 2 });
    expect(sb.store.getUser('acme', member.id)!.role).toBe(member.role);
    expect(sb.store.getUser('acme', 'acct-a')!.role).toBe('read');
    expect(sb.store.getUser('acme', 'acct-b')!.role).toBe('review');
    expect(sb.store.members.invitations('acme')).toEqual([]);
  });

  it('with sso, reports the e-mails of members of another organization, added without SSO; others join as SSO users', async () => {
    const sb = await start();
    sb.store.createOrganization('globex');
    const other = sb.store.users('acme')[5]!;
    sb.store.members.addAccount({ id: 'acct-sso', displayName: 'S', email: 'sso@example.org' });
    const answer = await call<InviteAnswer>(sb, 'POST', invitesPath('globex'), { body: { emails: [other.email, 'sso@example.org', 'admin@sandbox.example.com', 'unknown@example.org'], sso: true } });
    expect(answer.body).toEqual({ users: [other.id, 'acct-sso', 'u-sandbox-admin'], invited: 3, failedSSOEmails: [other.email] });
    expect(sb.store.getUser('globex', other.id)!.sso).toBe(false);
    expect(sb.store.getUser('globex', 'acct-sso')!.sso).toBe(true);
    expect(sb.store.members.invitations('globex')).toEqual([{ email: 'unknown@example.org', role: 'read', sso: true, invitedAt: expect.any(String) }]);
    // A member of `acme` and `globex` now; `acme` unchanged.
    expect(sb.store.getUser('acme', other.id)).toEqual(other);
  });

  it('answers 400 for an invalid body and applies none of it, 404 for an unknown organization, 401 without the token', async () => {
    const sb = await start();
    sb.store.members.addAccount({ id: 'acct-x', displayName: 'X', email: 'x@example.org' });
    const invalid: [unknown, RegExp][] = [
      [{}, /emails is required/],
      [{ emails: 'x@example.org' }, /emails is required/],
      [{ emails: ['x@example.org', 'not an e-mail'] }, /emails\[1\] must be an e-mail/],
      [{ emails: ['x@example.org', 7] }, /emails\[1\] must be an e-mail/],
      [{ emails: [{ email: 'x@example.org' }] }, /emails\[0\]\.role is required/],
      [{ emails: [{ email: 'x@example.org', role: 'guest' }] }, /emails\[0\]\.role must be one of/],
      [{ emails: [{ role: 'read' }] }, /emails\[0\]\.email must be an e-mail/],
      [{ emails: ['x@example.org'], role: 'owner' }, /^role must be one of/],
      [{ emails: ['x@example.org'], sso: 'yes' }, /sso must be true or false/],
    ];
    for (const [body, message] of invalid) expectError(await call(sb, 'POST', invitesPath(), { body }), 400, message);
    expectError(await call(sb, 'POST', invitesPath()), 400, /request body is required/);
    expectError(await call(sb, 'POST', invitesPath(), { rawBody: '{' }), 400, /not valid JSON/);
    expectError(await call(sb, 'POST', invitesPath('globex'), { body: { emails: ['x@example.org'] } }), 404);
    expectError(await call(sb, 'POST', invitesPath(), { body: { emails: ['x@example.org'] }, token: null }), 401);
    expect(sb.store.getUser('acme', 'acct-x')).toBeUndefined();
    expect(sb.store.members.invitations('acme')).toEqual([]);
  });

  it('answers 413 for more e-mails than the sandbox accepts in one request', async () => {
    const sb = await start({ maxBatch: 2 });
    expectError(await call(sb, 'POST', invitesPath(), { body: { emails: ['a@x.org', 'b@x.org', 'c@x.org'] } }), 413);
    expect(sb.store.members.invitations('acme')).toEqual([]);
  });
});

describe('members in the data file', () => {
  it('keeps role changes, removals (the account remembered), invitations and removal requests across a restart', async () => {
    const dataFile = join(mkdtempSync(join(tmpdir(), 'teamctl-org-members-')), 'sandbox.json');
    const first = await start({ dataFile });
    const [changed, removed, requested] = first.store.users('acme').filter((u) => u.role !== 'comment');
    await call(first, 'PATCH', memberPath(changed!.id), { body: { role: 'comment' } });
    expect((await call(first, 'DELETE', memberPath(removed!.id))).status).toBe(205);
    await call(first, 'POST', invitesPath(), { body: { emails: [{ email: 'pending@example.net', role: 'edit' }] } });
    first.store.members.requestRemoval('acme', requested!.id, '2025-01-02T03:04:05.000Z');
    const before = first.store.toJSON();
    await first.close();

    const onDisk = JSON.parse(readFileSync(dataFile, 'utf8')) as { directory: { id: string }[]; organizations: { invitations: unknown[]; removalRequests: unknown[] }[] };
    expect(onDisk.directory.map((a) => a.id)).toEqual([removed!.id]);
    expect(onDisk.organizations[0]!.invitations).toHaveLength(1);
    expect(onDisk.organizations[0]!.removalRequests).toEqual([{ userId: requested!.id, requestedAt: '2025-01-02T03:04:05.000Z' }]);

    const second = await start({ dataFile, removalNeedsApproval: true });
    expect(second.options.loadedFromDataFile).toBe(true);
    expect(second.store.toJSON()).toEqual(before);
    expect((await call<OrganizationMember>(second, 'GET', memberPath(changed!.id))).body.role).toBe('comment');
    expectError(await call(second, 'GET', memberPath(removed!.id)), 404);
    // The removed member's account is still known: re-invited, it joins at once.
    expect((await call<InviteAnswer>(second, 'POST', invitesPath(), { body: { emails: [removed!.email] } })).body.users).toEqual([removed!.id]);
    await call(second, 'POST', invitesPath(), { body: { emails: ['pending@example.net'] } });
    expect(second.store.members.invitations('acme')).toHaveLength(1);
  });

  it('loads a data file written before the sandbox had invitations: none, and writes none back', async () => {
    const dataFile = join(mkdtempSync(join(tmpdir(), 'teamctl-org-members-')), 'old.json');
    const user = { id: 'u1', displayName: 'Ann Old', email: 'ann@example.com', role: 'admin', disabled: false, joinedAt: '2024-01-01T00:00:00.000Z', sso: false, spaces: 0, sites: 0 };
    const old = { version: 1, token: 'sbx_old_token_0000', organizations: [{ id: 'acme', users: [user], teams: [{ id: 'ops', title: 'Ops', members: [{ userId: 'u1', role: 'owner' }] }], glossary: [] }] };
    writeFileSync(dataFile, JSON.stringify(old));
    const sb = await start({ dataFile });
    expect(sb.store.members.invitations('acme')).toEqual([]);
    expect(sb.store.members.removalRequests('acme')).toEqual([]);
    expect((await call<OrganizationMember>(sb, 'GET', memberPath('u1'))).body).toMatchObject({ id: 'u1', role: 'admin', teams: 1 });
    await sb.close();
    const written = JSON.parse(readFileSync(dataFile, 'utf8')) as Record<string, unknown>;
    expect(written).toEqual(old);
  });
});
