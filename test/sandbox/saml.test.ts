// SSO in the sandbox over HTTP (global fetch), as the published document gives it: POST
// /orgs/{org}/members/{userId}/sso (a member made an SSO member, the listing showing it, an audit
// event recorded once) and GET /orgs/{org}/saml (the organization's SAML providers, paginated),
// with the sandbox's control that sets the providers and the data file that keeps them.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { OrganizationMember, Page } from '../../src/api/types.js';
import type { Sandbox } from '../../src/sandbox/server.js';
import { allPages, call, expectError, start } from '../helpers/sandbox-http.js';

const ssoPath = (userId: string, org = 'acme') => `/v1/orgs/${org}/members/${encodeURIComponent(userId)}/sso`;
const samlPath = (org = 'acme') => `/v1/orgs/${org}/saml`;
const controlPath = (org = 'acme') => `/v1/sandbox/orgs/${org}/saml`;

interface Provider {
  object: string;
  id: string;
  label: string;
  defaultTeam?: { object: string; id: string; title: string; members: number };
  defaultRole: string | null;
  status: string;
  service: { acsURL: string; startURL: string; entityID: string };
  urls: { location: string };
}

const notSso = (sb: Sandbox) => sb.store.users('acme').filter((u) => !u.sso);
const ssoEvents = (sb: Sandbox) => sb.store.audit.query('acme', {}).filter((e) => e.action === 'member.sso_set');

describe('POST /orgs/{org}/members/{userId}/sso', () => {
  it('makes a member an SSO member, answers the member, the listing shows it, and one audit event names them', async () => {
    const sb = await start();
    const user = notSso(sb)[0]!;
    const answer = await call<OrganizationMember>(sb, 'POST', ssoPath(user.id));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ object: 'member', id: user.id, sso: true, role: user.role });
    expect(sb.store.getUser('acme', user.id)?.sso).toBe(true);
    const listed = (await call<Page<OrganizationMember>>(sb, 'GET', '/v1/orgs/acme/members?limit=1000')).body.items.find((m) => m.id === user.id);
    expect(listed?.sso).toBe(true);
    expect(ssoEvents(sb)).toEqual([expect.objectContaining({ action: 'member.sso_set', source: 'api', target: { type: 'user', id: user.id, label: user.email } })]);
  });

  it('is idempotent: a member already SSO is answered the same, unchanged, and nothing more is recorded', async () => {
    const sb = await start();
    const user = sb.store.users('acme').find((u) => u.sso)!;
    const before = (await call<OrganizationMember>(sb, 'GET', `/v1/orgs/acme/members/${user.id}`)).body;
    const answer = await call<OrganizationMember>(sb, 'POST', ssoPath(user.id));
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual(before);
    const other = notSso(sb)[0]!;
    await call(sb, 'POST', ssoPath(other.id));
    await call(sb, 'POST', ssoPath(other.id));
    expect(ssoEvents(sb).map((e) => e.target.id)).toEqual([other.id]);
  });

  it('answers 404 for a non-member or an unknown organization, 403 for a caller other than an admin, 401 without the token, and changes nothing', async () => {
    const sb = await start();
    const user = notSso(sb)[0]!;
    expectError(await call(sb, 'POST', ssoPath('nobody')), 404, /not a member of organization acme/);
    expectError(await call(sb, 'POST', ssoPath(user.id, 'globex')), 404, /organization globex not found/);
    expectError(await call(sb, 'POST', ssoPath(user.id), { token: null }), 401);
    expectError(await call(sb, 'GET', ssoPath(user.id)), 405);
    const editor = await start({ callerRole: 'edit' });
    const target = notSso(editor)[0]!;
    expectError(await call(editor, 'POST', ssoPath(target.id)), 403, /only an admin/);
    expect(editor.store.getUser('acme', target.id)?.sso).toBe(false);
    expect(sb.store.getUser('acme', user.id)?.sso).toBe(false);
    expect(ssoEvents(sb)).toEqual([]);
  });
});

describe('GET /orgs/{org}/saml', () => {
  it("lists the demo organization's provider with its default team (an OrganizationTeam) and role", async () => {
    const sb = await start();
    const page = await call<Page<Provider>>(sb, 'GET', samlPath());
    expect(page.status).toBe(200);
    expect(page.body.items).toHaveLength(1);
    const [okta] = page.body.items;
    expect(okta).toMatchObject({ object: 'saml-provider', id: 'saml-okta', label: 'Okta', defaultRole: 'read', status: 'active' });
    expect(okta!.defaultTeam).toMatchObject({ object: 'team', id: 'engineering', title: 'Platform Engineering', members: sb.store.teamMembers('acme', 'engineering').length });
    expect(okta!.urls.location).toBe(`${sb.url}/v1/orgs/acme/saml/saml-okta`);
    expect(Object.keys(okta!.service).sort()).toEqual(['acsURL', 'entityID', 'startURL']);
  });

  it('lists none for the empty seed, 404 for an unknown organization, 403 for a caller other than an admin', async () => {
    expect((await call<Page<Provider>>(await start({ seed: 'empty' }), 'GET', samlPath())).body.items).toEqual([]);
    const sb = await start();
    expectError(await call(sb, 'GET', samlPath('globex')), 404, /organization globex not found/);
    expectError(await call(await start({ callerRole: 'read' }), 'GET', samlPath()), 403, /only an admin/);
    expect((await call(await start({ callerRole: 'admin' }), 'GET', samlPath())).status).toBe(200);
  });

  it('pages through several providers; a default team deleted since is left out', async () => {
    const sb = await start();
    const providers = Array.from({ length: 5 }, (_, i) => ({ label: `IdP ${i}`, ...(i % 2 === 0 ? { defaultTeam: 'design' } : {}), defaultRole: i === 4 ? null : 'edit' }));
    expect((await call(sb, 'PUT', controlPath(), { body: { providers } })).status).toBe(200);
    const all = await allPages<Provider>(sb, samlPath(), 2);
    expect(all.pages).toBe(3);
    expect(all.items.map((p) => [p.label, p.defaultTeam?.id ?? null, p.defaultRole])).toEqual([
      ['IdP 0', 'design', 'edit'],
      ['IdP 1', null, 'edit'],
      ['IdP 2', 'design', 'edit'],
      ['IdP 3', null, 'edit'],
      ['IdP 4', 'design', null],
    ]);
    sb.store.deleteTeam('acme', 'design');
    expect((await call<Page<Provider>>(sb, 'GET', samlPath())).body.items.every((p) => p.defaultTeam === undefined)).toBe(true);
  });
});

describe("the sandbox's control PUT /v1/sandbox/orgs/{org}/saml", () => {
  it('sets the providers ([] leaves none), refuses what the document would not hold, and the data file keeps them', async () => {
    const dataFile = join(mkdtempSync(join(tmpdir(), 'teamctl-saml-')), 'state.json');
    const sb = await start({ dataFile });
    expectError(await call(sb, 'PUT', controlPath(), { body: { providers: [{ label: 'x'.repeat(31) }] } }), 400, /label must be 1 to 30 characters/);
    expectError(await call(sb, 'PUT', controlPath(), { body: { providers: [{ label: 'Okta', defaultTeam: 'nope' }] } }), 400, /defaultTeam must be the id of a team/);
    expectError(await call(sb, 'PUT', controlPath(), { body: { providers: [{ label: 'Okta', defaultRole: 'owner' }] } }), 400, /defaultRole must be one of/);
    expectError(await call(sb, 'PUT', controlPath(), { body: { providers: [{ label: 'Okta', status: 'on' }] } }), 400, /status must be one of active, pending/);
    expect(sb.store.saml.list('acme').map((p) => p.id)).toEqual(['saml-okta']);
    await call(sb, 'PUT', controlPath(), { body: { providers: [{ label: 'Entra', defaultTeam: 'design', defaultRole: 'comment', status: 'pending' }] } });
    await sb.close();
    const again = await start({ dataFile });
    const [entra] = (await call<Page<Provider>>(again, 'GET', samlPath())).body.items;
    expect(entra).toMatchObject({ label: 'Entra', defaultTeam: { id: 'design' }, defaultRole: 'comment', status: 'pending' });
    await call(again, 'PUT', controlPath(), { body: { providers: [] } });
    expect((await call<Page<Provider>>(again, 'GET', samlPath())).body.items).toEqual([]);
  });
});
