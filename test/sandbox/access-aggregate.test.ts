// The aggregate listings (GET …/permissions/aggregate) of the sandbox's spaces, collections and
// sites: who can reach each one and with which role, through a direct grant, a team, the general
// access, or a space's inheritance from its collection (and that collection's from its own); a
// site's origins. Expectations are read from the store's teams and users, not copied from the seed.
import { describe, expect, it } from 'vitest';
import type { Sandbox } from '../../src/sandbox/server.js';
import { allPages, call, expectError, start } from '../helpers/sandbox-http.js';

const org = 'acme';

interface ContentItem {
  permission: string;
  user: { id: string; displayName: string };
}
interface SiteItem extends ContentItem {
  origin: { type: string; reason?: string; team?: string; site?: string; organization?: string };
  disabled: boolean;
  lastSeenAt?: string;
}

/** Every item, page after page of `limit`. */
const every = async <T>(sb: Sandbox, path: string, limit = 1000): Promise<T[]> => (await allPages<T>(sb, path, limit)).items;

const roles = async (sb: Sandbox, path: string): Promise<Record<string, string>> =>
  Object.fromEntries((await every<ContentItem>(sb, path)).map((i) => [i.user.id, i.permission]));
const members = (sb: Sandbox, team: string): string[] => sb.store.teamMembers(org, team).map((m) => m.userId);
const id = (sb: Sandbox, email: string): string => sb.store.findUser(org, email)!.id;

describe('a space or collection: GET …/permissions/aggregate', () => {
  it('a space inheriting from its collection: the collection\'s grants and general access, and its own grants, the highest role winning', async () => {
    const sb = await start();
    const alice = id(sb, 'alice.martin@example.com');
    const chloe = id(sb, 'chloe.dubois@example.com');
    const got = await roles(sb, '/v1/spaces/space-api/permissions/aggregate');
    const expected: Record<string, string> = {};
    // The collection's general access: every member reads.
    for (const u of sb.store.users(org)) if (u.role !== null) expected[u.id] = 'read';
    for (const m of members(sb, 'engineering')) expected[m] = 'edit';
    expected[alice] = 'admin';
    // Chloé's own grant on the space (comment) beats the collection's read.
    expected[chloe] = 'comment';
    expect(got).toEqual(expected);
    // Paged in sevens, the same listing, in user-id order.
    const paged = await every<ContentItem>(sb, '/v1/spaces/space-api/permissions/aggregate', 7);
    expect(paged.map((i) => i.user.id)).toEqual(Object.keys(expected).sort());
  });

  it('follows the collection\'s general access when it changes, and stops inheriting when the space has its own', async () => {
    const sb = await start();
    const alice = id(sb, 'alice.martin@example.com');
    const chloe = id(sb, 'chloe.dubois@example.com');
    expect((await call(sb, 'PATCH', '/v1/collections/col-handbook', { body: { defaultLevel: null } })).status).toBe(200);
    const got = await roles(sb, '/v1/spaces/space-api/permissions/aggregate');
    expect(Object.keys(got).sort()).toEqual([...new Set([...members(sb, 'engineering'), alice, chloe])].sort());
    expect((await call(sb, 'PATCH', '/v1/spaces/space-api', { body: { defaultLevel: null } })).status).toBe(200);
    expect(await roles(sb, '/v1/spaces/space-api/permissions/aggregate')).toEqual({ [chloe]: 'comment' });
    expect((await call(sb, 'PATCH', '/v1/spaces/space-api', { body: { defaultLevel: 'review' } })).status).toBe(200);
    const own = await roles(sb, '/v1/spaces/space-api/permissions/aggregate');
    expect(new Set(Object.values(own))).toEqual(new Set(['review']));
  });

  it('inherits through two collections; a top-level space that inherits gives each member their organization role', async () => {
    const sb = await start();
    const designers = members(sb, 'design');
    expect(await roles(sb, '/v1/spaces/space-guidelines/permissions/aggregate')).toEqual(Object.fromEntries(designers.map((u) => [u, 'admin'])));
    expect(await roles(sb, '/v1/collections/col-brand/permissions/aggregate')).toEqual(Object.fromEntries(designers.map((u) => [u, 'admin'])));
    const byRole = Object.fromEntries(sb.store.users(org).filter((u) => u.role !== null).map((u) => [u.id, u.role]));
    expect(await roles(sb, '/v1/spaces/space-changelog/permissions/aggregate')).toEqual(byRole);
    // A team joined shows at once; `role` keeps those with that role.
    const outsider = sb.store.users(org).find((u) => !designers.includes(u.id))!.id;
    sb.store.putTeamMember(org, 'design', outsider);
    expect((await roles(sb, '/v1/spaces/space-guidelines/permissions/aggregate'))[outsider]).toBe('admin');
    const admins = await every<ContentItem>(sb, '/v1/spaces/space-changelog/permissions/aggregate?role=admin');
    expect(admins.map((i) => i.user.id).sort()).toEqual(sb.store.users(org).filter((u) => u.role === 'admin').map((u) => u.id).sort());
    expectError(await call(sb, 'GET', '/v1/spaces/space-changelog/permissions/aggregate?role=owner'), 400, /role/);
    expectError(await call(sb, 'GET', '/v1/spaces/nope/permissions/aggregate'), 404);
  });
});

describe('a site: GET /orgs/{org}/sites/{siteId}/permissions/aggregate', () => {
  it('names each permission\'s origin: the user\'s own override, a team\'s, or the organization (inherit); disabled and lastSeenAt', async () => {
    const sb = await start();
    const nikolai = id(sb, 'nikolai.ivanov@example.com');
    const items = await every<SiteItem>(sb, `/v1/orgs/${org}/sites/site-docs/permissions/aggregate`);
    expect(items).toHaveLength(sb.store.users(org).length);
    const byId = new Map(items.map((i) => [i.user.id, i]));
    // An override is an override: Nikolai's own read wins over his team's admin.
    expect(members(sb, 'engineering')).toContain(nikolai);
    expect(byId.get(nikolai)).toMatchObject({ permission: 'read', origin: { type: 'site', site: 'site-docs', reason: 'member' } });
    for (const engineer of members(sb, 'engineering').filter((u) => u !== nikolai)) {
      expect(byId.get(engineer)).toMatchObject({ permission: 'admin', origin: { type: 'site', site: 'site-docs', reason: 'team', team: 'engineering' } });
    }
    for (const u of sb.store.users(org).filter((u) => !members(sb, 'engineering').includes(u.id))) {
      const item = byId.get(u.id)!;
      expect(item).toMatchObject({ permission: u.role, origin: { type: 'organization', organization: org }, disabled: u.disabled });
      expect(item.lastSeenAt).toBe(u.lastSeenAt);
    }
    expect(items.filter((i) => i.disabled)).toHaveLength(sb.store.users(org).filter((u) => u.disabled).length);
  });

  it('a site without general access lists only its overrides; a null override takes access away; filters and sort', async () => {
    const sb = await start();
    const alice = id(sb, 'alice.martin@example.com');
    const designers = members(sb, 'design');
    const items = await every<SiteItem>(sb, `/v1/orgs/${org}/sites/site-design/permissions/aggregate`);
    expect(Object.fromEntries(items.map((i) => [i.user.id, [i.permission, i.origin.reason]]))).toEqual({
      ...Object.fromEntries(designers.map((u) => [u, ['edit', 'team']])),
      [alice]: ['admin', 'member'],
    });
    const base = `/v1/orgs/${org}/sites/site-design/permissions/aggregate`;
    expect((await every<SiteItem>(sb, `${base}?role=admin`)).map((i) => i.user.id)).toEqual([alice]);
    expect((await every<SiteItem>(sb, `${base}?search=ALICE`)).map((i) => i.user.id)).toEqual([alice]);
    expect((await every<SiteItem>(sb, `${base}?team=design`)).map((i) => i.user.id).sort()).toEqual([...designers].sort());
    const byName = (await every<SiteItem>(sb, `${base}?sort=name&order=asc`, 3)).map((i) => i.user.displayName);
    expect(byName).toEqual([...byName].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(await every<SiteItem>(sb, `${base}?role=guest`)).toEqual([]);
    expectError(await call(sb, 'GET', `${base}?sort=age`), 400, /sort/);

    expect((await call(sb, 'POST', `/v1/orgs/${org}/sites/site-design/permissions`, { body: { role: null, users: [designers[0]] } })).status).toBe(204);
    const after = await every<SiteItem>(sb, base);
    expect(after.map((i) => i.user.id)).not.toContain(designers[0]);
    expect(after).toHaveLength(items.length - 1);
  });
});
