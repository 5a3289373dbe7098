// The organization's operations (src/api/organization.ts) against a scripted server: each request's
// method, path (segments encoded), query and body, and each answer's meaning — a 404 member as
// none, 205/204/202 of a removal, 205/204 of a team's deletion, the invitation's answer checked —
// and which writes are sent again after a 503 (`teamctl help organization`, "Joiners").
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiClient } from '../../src/api/client.js';
import {
  createTeam,
  deleteTeam,
  findMemberByEmail,
  getOrganizationMember,
  inviteToOrganization,
  listMemberTeams,
  listOrganizationMembers,
  listSamlProviders,
  listTeams,
  memberId,
  removeOrganizationMember,
  renameTeam,
  setOrganizationRole,
  setSsoMember,
} from '../../src/api/organization.js';
import { NotFoundError, ServiceError, UsageError } from '../../src/errors.js';

interface Seen {
  method: string;
  url: string;
  body: unknown;
}
type Answer = { status: number; body?: unknown };

const closers: (() => void)[] = [];
afterEach(() => {
  for (const close of closers.splice(0)) close();
});

/** A server answering each request with the next scripted answer (the last one repeats). */
async function service(...answers: Answer[]): Promise<{ client: ApiClient; seen: Seen[] }> {
  const seen: Seen[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let text = '';
    req.on('data', (c) => (text += c));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', body: text === '' ? undefined : JSON.parse(text) });
      const answer = answers[Math.min(seen.length, answers.length) - 1] as Answer;
      if (answer.body === undefined) {
        res.writeHead(answer.status);
        res.end();
      } else {
        res.writeHead(answer.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(answer.body));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  server.on('connection', (s) => closers.push(() => s.destroy()));
  closers.push(() => server.close());
  const client = new ApiClient({
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    token: 'tok_organization_test',
    userAgent: 'teamctl/test',
    timeoutMs: 2000,
    sleep: async () => {},
    random: () => 0.5,
  });
  closers.push(() => void client.close());
  return { client, seen };
}

const member = (id: string, email?: string) => ({ user: { id, displayName: id, ...(email === undefined ? {} : { email }) }, role: 'read', disabled: false, joinedAt: '2025-01-01T00:00:00Z' });
const page = (items: unknown[], next?: string) => ({ items, ...(next === undefined ? {} : { next: { page: next } }) });
const team = (id: string, title: string) => ({ id, title, members: 0, createdAt: '2025-01-01T00:00:00Z' });
const all = async <T>(pages: AsyncIterable<T[]>): Promise<T[]> => {
  const items: T[] = [];
  for await (const p of pages) items.push(...p);
  return items;
};

describe('listings', () => {
  it('list the teams, the members (filtered and sorted by the service) and a member\'s teams, every page', async () => {
    const { client, seen } = await service({ status: 200, body: page([team('t1', 'One')], 'p2') }, { status: 200, body: page([team('t2', 'Two')]) });
    expect((await all(listTeams(client, 'acme co', 'On', 50))).map((t) => t.id)).toEqual(['t1', 't2']);
    expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual(['GET /v1/orgs/acme%20co/teams?title=On&limit=50', 'GET /v1/orgs/acme%20co/teams?title=On&limit=50&page=p2']);

    const members = await service({ status: 200, body: page([member('u1', 'a@example.com')]) });
    expect((await all(listOrganizationMembers(members.client, 'acme', { search: 'kenji', role: 'admin', sort: 'name', order: 'asc' }, 1000))).map((m) => m.user.id)).toEqual(['u1']);
    expect(members.seen[0]?.url).toBe('/v1/orgs/acme/members?search=kenji&role=admin&sort=name&order=asc&limit=1000');

    const teams = await service({ status: 200, body: page([{ team: team('t1', 'One'), member: { role: 'owner' } }]) });
    expect(await all(listMemberTeams(teams.client, 'acme', 'u 1', 100))).toEqual([{ team: team('t1', 'One'), member: { role: 'owner' } }]);
    expect(teams.seen[0]?.url).toBe('/v1/orgs/acme/members/u%201/teams?limit=100');
  });

  it('check the items they list, naming the listing', async () => {
    const { client } = await service({ status: 200, body: page([{ user: {} }]) });
    await expect(all(listOrganizationMembers(client, 'acme', {}, 10))).rejects.toThrow('item 1 of page 1 of the members of acme');
    const teams = await service({ status: 200, body: page([{ id: 5 }]) });
    await expect(all(listTeams(teams.client, 'acme', undefined, 10))).rejects.toThrow('item 1 of page 1 of the teams of acme');
    const memberTeams = await service({ status: 200, body: page([{ team: {} }]) });
    await expect(all(listMemberTeams(memberTeams.client, 'acme', 'u1', 10))).rejects.toThrow('item 1 of page 1 of the teams of u1');
  });
});

describe('one member', () => {
  it('GET …/members/{userId}: the member, checked; a 404 is no member; other failures stop', async () => {
    const found = await service({ status: 200, body: member('u 1', 'a@example.com') });
    expect((await getOrganizationMember(found.client, 'acme', 'u 1'))?.user.email).toBe('a@example.com');
    expect(found.seen[0]).toMatchObject({ method: 'GET', url: '/v1/orgs/acme/members/u%201' });
    const none = await service({ status: 404, body: { error: { code: 404, message: 'no such member' } } });
    expect(await getOrganizationMember(none.client, 'acme', 'u1')).toBeUndefined();
    const broken = await service({ status: 200, body: { user: { id: '' } } });
    await expect(getOrganizationMember(broken.client, 'acme', 'u1')).rejects.toThrow('member "u1" of acme');
    const refused = await service({ status: 403, body: { error: { code: 403, message: 'no' } } });
    await expect(getOrganizationMember(refused.client, 'acme', 'u1')).rejects.toThrow('permission denied (403)');
  });

  it('an e-mail is matched exactly (trimmed, any case) among what the search returns, page after page', async () => {
    const { client, seen } = await service(
      { status: 200, body: page([member('u1', 'maria.rossi@example.community'), member('u0')], 'p2') },
      { status: 200, body: page([member('u2', 'Maria.Rossi@Example.com')]) },
    );
    expect((await findMemberByEmail(client, 'acme', '  maria.rossi@example.com '))?.user.id).toBe('u2');
    expect(seen.map((s) => s.url)).toEqual(['/v1/orgs/acme/members?search=maria.rossi%40example.com&limit=100', '/v1/orgs/acme/members?search=maria.rossi%40example.com&limit=100&page=p2']);
    const first = await service({ status: 200, body: page([member('u3', 'maria.rossi@example.com')], 'p2') });
    expect((await findMemberByEmail(first.client, 'acme', 'maria.rossi@example.com'))?.user.id).toBe('u3');
    // Found on the first page: the next one is not read.
    expect(first.seen).toHaveLength(1);
    const none = await service({ status: 200, body: page([member('u1', 'other@example.com'), member('u0')]) });
    expect(await findMemberByEmail(none.client, 'acme', 'maria.rossi@example.com')).toBeUndefined();
  });

  it('memberId: an id as it is (checked, nothing sent), an e-mail looked up, an unknown e-mail exit 5 with a hint', async () => {
    const { client, seen } = await service({ status: 200, body: page([member('u9', 'kenji.sato@example.com')]) });
    expect(await memberId(client, 'acme', ' u123 ')).toBe('u123');
    expect(seen).toEqual([]);
    await expect(memberId(client, 'acme', 'a/b')).rejects.toBeInstanceOf(UsageError);
    expect(await memberId(client, 'acme', 'Kenji.Sato@example.com')).toBe('u9');
    const err = (await memberId(client, 'acme', 'nobody@example.com').catch((e: unknown) => e)) as NotFoundError;
    expect(err).toBeInstanceOf(NotFoundError);
    expect(err.message).toBe('no member with the e-mail nobody@example.com in organization acme');
    expect(err.hint).toBe('find them with `teamctl users list --search <name or e-mail>`');
  });
});

describe('writes', () => {
  it('PATCH …/members/{userId} sends the role, null for a guest, and checks the member answered', async () => {
    const { client, seen } = await service({ status: 200, body: member('u1') });
    await setOrganizationRole(client, 'acme', 'u1', 'admin');
    await setOrganizationRole(client, 'acme', 'u1', null);
    expect(seen).toEqual([
      { method: 'PATCH', url: '/v1/orgs/acme/members/u1', body: { role: 'admin' } },
      { method: 'PATCH', url: '/v1/orgs/acme/members/u1', body: { role: null } },
    ]);
    const broken = await service({ status: 200, body: { user: {} } });
    await expect(setOrganizationRole(broken.client, 'acme', 'u1', 'read')).rejects.toThrow('member "u1" of acme after its role change');
  });

  it('DELETE …/members/{userId}: 205 removed, 204 not a member, 202 requested; a 503 is not sent again', async () => {
    for (const [status, outcome] of [[205, 'removed'], [204, 'not-member'], [202, 'requested'], [200, 'removed']] as const) {
      const { client, seen } = await service({ status });
      expect(await removeOrganizationMember(client, 'acme', 'u 1')).toBe(outcome);
      expect(seen).toEqual([{ method: 'DELETE', url: '/v1/orgs/acme/members/u%201', body: undefined }]);
    }
    const { client, seen } = await service({ status: 503, body: { error: { code: 503, message: 'busy' } } }, { status: 205 });
    await expect(removeOrganizationMember(client, 'acme', 'u1')).rejects.toBeInstanceOf(ServiceError);
    expect(seen).toHaveLength(1);
  });

  it('POST …/invites: e-mails with their roles, sso only when asked; the answer checked; a 503 is not sent again', async () => {
    const { client, seen } = await service({ status: 200, body: { users: ['u7'], invited: 2, failedSSOEmails: ['b@example.com'] } });
    const emails = [{ email: 'a@example.com', role: 'read' }, { email: 'b@example.com', role: null }];
    expect(await inviteToOrganization(client, 'acme', emails, true)).toEqual({ users: ['u7'], invited: 2, failedSSOEmails: ['b@example.com'] });
    expect(await inviteToOrganization(client, 'acme', emails, false)).toEqual({ users: ['u7'], invited: 2, failedSSOEmails: ['b@example.com'] });
    expect(seen).toEqual([
      { method: 'POST', url: '/v1/orgs/acme/invites', body: { emails, sso: true } },
      { method: 'POST', url: '/v1/orgs/acme/invites', body: { emails } },
    ]);
    const broken = await service({ status: 200, body: { users: 'u7', invited: 1 } });
    await expect(inviteToOrganization(broken.client, 'acme', emails, false)).rejects.toThrow('the answer of the invitations to acme');
    const busy = await service({ status: 503, body: { error: { code: 503, message: 'busy' } } }, { status: 200, body: { users: [], invited: 1 } });
    await expect(inviteToOrganization(busy.client, 'acme', emails, false)).rejects.toBeInstanceOf(ServiceError);
    expect(busy.seen).toHaveLength(1);
  });

  it('PUT …/teams creates a team (with its members when given); a 503 is not sent again', async () => {
    const { client, seen } = await service({ status: 201, body: team('t9', 'New') });
    expect(await createTeam(client, 'acme', 'New', ['u1', 'u2'])).toEqual(team('t9', 'New'));
    expect(await createTeam(client, 'acme', 'New')).toEqual(team('t9', 'New'));
    expect(seen).toEqual([
      { method: 'PUT', url: '/v1/orgs/acme/teams', body: { title: 'New', members: ['u1', 'u2'] } },
      { method: 'PUT', url: '/v1/orgs/acme/teams', body: { title: 'New' } },
    ]);
    const broken = await service({ status: 201, body: { id: 't9' } });
    await expect(createTeam(broken.client, 'acme', 'New')).rejects.toThrow('the team created as "New"');
    const busy = await service({ status: 503, body: { error: { code: 503, message: 'busy' } } }, { status: 201, body: team('t9', 'New') });
    await expect(createTeam(busy.client, 'acme', 'New')).rejects.toBeInstanceOf(ServiceError);
    expect(busy.seen).toHaveLength(1);
  });

  it('PATCH …/teams/{team} renames it; DELETE …/teams/{team} is 205 deleted or 204 absent', async () => {
    const { client, seen } = await service({ status: 200, body: team('t 1', 'Renamed') });
    expect(await renameTeam(client, 'acme', 't 1', 'Renamed')).toEqual(team('t 1', 'Renamed'));
    expect(seen).toEqual([{ method: 'PATCH', url: '/v1/orgs/acme/teams/t%201', body: { title: 'Renamed' } }]);
    const broken = await service({ status: 200, body: { title: 'x' } });
    await expect(renameTeam(broken.client, 'acme', 't1', 'x')).rejects.toThrow('team "t1" renamed');
    for (const [status, outcome] of [[205, 'deleted'], [204, 'absent']] as const) {
      const deleted = await service({ status });
      expect(await deleteTeam(deleted.client, 'acme', 't 1')).toBe(outcome);
      expect(deleted.seen).toEqual([{ method: 'DELETE', url: '/v1/orgs/acme/teams/t%201', body: undefined }]);
    }
  });

  it('a path segment that could change the path is refused before anything is sent, naming what it is', async () => {
    const { client, seen } = await service({ status: 205 });
    const refusal = (what: string, value: string) => new UsageError(`invalid ${what} ${JSON.stringify(value)}: it contains "/"; nothing was sent`);
    // A listing refuses before its first page is asked for.
    expect(() => listTeams(client, 'a/b', undefined, 10)).toThrow(refusal('organization', 'a/b'));
    expect(() => listMemberTeams(client, 'acme', 'u/1', 10)).toThrow(refusal('user', 'u/1'));
    await expect(getOrganizationMember(client, 'acme', 'u/1')).rejects.toThrow(refusal('user', 'u/1'));
    await expect(memberId(client, 'acme', 'u/1')).rejects.toThrow(refusal('user', 'u/1'));
    await expect(setOrganizationRole(client, 'acme', 'u/1', 'read')).rejects.toThrow(refusal('user', 'u/1'));
    await expect(removeOrganizationMember(client, 'acme', 'u/1')).rejects.toThrow(refusal('user', 'u/1'));
    await expect(renameTeam(client, 'acme', 't/1', 'x')).rejects.toThrow(refusal('team id', 't/1'));
    await expect(deleteTeam(client, 'acme', 't/1')).rejects.toThrow(refusal('team id', 't/1'));
    await expect(removeOrganizationMember(client, 'acme', '..')).rejects.toBeInstanceOf(UsageError);
    expect(seen).toEqual([]);
  });
});

describe('SSO', () => {
  const provider = (over: Record<string, unknown> = {}) => ({ object: 'saml-provider', id: 'p1', label: 'Okta', defaultTeam: { ...team('t1', 'One'), object: 'team' }, defaultRole: 'read', status: 'active', ...over });

  it('POST …/members/{userId}/sso: the path encoded, no body, the member checked; sent again after a 503, being idempotent', async () => {
    const { client, seen } = await service({ status: 503, body: { error: { code: 503, message: 'busy' } } }, { status: 200, body: { ...member('u 1', 'a@example.com'), sso: true } });
    expect((await setSsoMember(client, 'acme co', 'u 1')).sso).toBe(true);
    expect(seen.map((s) => `${s.method} ${s.url} ${JSON.stringify(s.body)}`)).toEqual(['POST /v1/orgs/acme%20co/members/u%201/sso undefined', 'POST /v1/orgs/acme%20co/members/u%201/sso undefined']);
    await expect(setSsoMember(client, 'acme', '../x')).rejects.toBeInstanceOf(UsageError);
    expect(seen).toHaveLength(2);
  });

  it('POST …/sso: an answer of the wrong shape (sso not a boolean, no user) stops, naming the member', async () => {
    for (const body of [{ ...member('u1'), sso: 'yes' }, { sso: true }, []]) {
      const { client } = await service({ status: 200, body });
      const err = (await setSsoMember(client, 'acme', 'u1').catch((e: unknown) => e)) as ServiceError;
      expect(err).toBeInstanceOf(ServiceError);
      expect(err.message).toMatch(/^unexpected response from the service: .*\(member "u1" of acme made an SSO member\); the member may have been made an SSO member$/);
      expect(err.outcome).toBe('unknown');
    }
  });

  it('GET …/saml: every page, the providers as the service gives them (a default team or none, a guest role)', async () => {
    const { client, seen } = await service({ status: 200, body: page([provider()], 'p2') }, { status: 200, body: page([provider({ id: 'p2', label: 'Entra', defaultTeam: undefined, defaultRole: null, status: 'pending' })]) });
    const providers = await all(listSamlProviders(client, 'acme co', 50));
    expect(providers.map((p) => [p.label, p.defaultTeam?.title ?? null, p.defaultRole, p.status])).toEqual([['Okta', 'One', 'read', 'active'], ['Entra', null, null, 'pending']]);
    expect(seen.map((s) => s.url)).toEqual(['/v1/orgs/acme%20co/saml?limit=50', '/v1/orgs/acme%20co/saml?limit=50&page=p2']);
  });

  it.each([
    [[provider({ label: 7 })], 'field "label" is missing or not a string'],
    [[provider({ label: 'x'.repeat(31) })], 'field "label" is 31 characters long (at most 30)'],
    [[provider({ id: '' })], 'field "id" is missing or not a string'],
    [[provider({ status: 'on' })], 'field "status" is not active or pending ("on")'],
    [[provider({ defaultRole: 'owner' })], 'field "defaultRole" is not an organization role or null ("owner")'],
    [[provider({ defaultRole: undefined })], 'field "defaultRole" is not an organization role or null (undefined)'],
    [[provider({ defaultTeam: { id: 't1' } })], 'field "title" is missing or not a string (the default team of item 1 of page 1 of the SAML providers of acme)'],
    [['Okta'], 'a SAML provider that is not a JSON object'],
  ])('GET …/saml: a hostile item %j is the wrong shape, named', async (items, message) => {
    const { client } = await service({ status: 200, body: page(items) });
    const err = (await all(listSamlProviders(client, 'acme', 10)).catch((e: unknown) => e)) as ServiceError;
    expect(err).toBeInstanceOf(ServiceError);
    expect(err.message).toContain(message);
  });
});
