// The sandbox's spaces, collections and sites over HTTP (global fetch), as the published document
// gives them: the organization's listings and their pages, one resource read and its general
// access changed, and the team and user grants listed, given, changed and removed — each checked
// against the store's state, not only the answer.
import { describe, expect, it } from 'vitest';
import type { Page } from '../../src/api/types.js';
import type { ResourceKind, StoredResource } from '../../src/sandbox/access-store.js';
import type { Sandbox } from '../../src/sandbox/server.js';
import { allPages, call, expectError, start } from '../helpers/sandbox-http.js';

interface Item {
  id: string;
  title: string;
  parent?: string;
  defaultLevel: string | null;
  permissions: Record<string, boolean>;
}
interface Grant {
  permission: string | null;
  team?: { id: string; title: string };
  user?: { id: string; email: string };
}

const org = 'acme';
const resource = (sb: Sandbox, kind: ResourceKind, id: string): StoredResource => sb.store.access.get(kind, id)!;
const paths = { space: (id: string) => `/v1/spaces/${id}`, collection: (id: string) => `/v1/collections/${id}`, site: (id: string) => `/v1/orgs/${org}/sites/${id}` };
/** The demo's users by the seed's index. */
const user = (sb: Sandbox, index: number): string => {
  const seeded = ['Alice.Martin@Example.com', 'bruno.keller@example.com', 'Chloe.Dubois@Example.com'];
  return sb.store.findUser(org, seeded[index]!)!.id;
};

describe('the organization\'s spaces, collections and sites', () => {
  it('lists each kind with the fields the document requires, page by page', async () => {
    const sb = await start();
    const spaces = await allPages<Item & Record<string, unknown>>(sb, `/v1/orgs/${org}/spaces`, 2);
    expect(spaces.items.map((s) => s.title)).toEqual(['API Reference', 'Runbooks', 'Component Library', 'Brand Guidelines', 'Onboarding', 'Release Notes']);
    expect([spaces.pages, spaces.count]).toEqual([3, 6]);
    for (const space of spaces.items) {
      for (const field of ['object', 'id', 'title', 'emoji', 'organization', 'visibility', 'revision', 'createdAt', 'updatedAt', 'comments', 'changeRequests', 'changeRequestsOpen', 'changeRequestsDraft', 'mergeRules', 'urls', 'defaultLevel', 'permissions']) expect(space).toHaveProperty(field);
    }
    expect(spaces.items.find((s) => s.id === 'space-api')).toMatchObject({ object: 'space', parent: 'col-handbook', defaultLevel: 'inherit', visibility: 'in-collection', organization: org });
    expect(spaces.items.find((s) => s.id === 'space-onboarding')).not.toHaveProperty('parent');

    const collections = await allPages<Item>(sb, `/v1/orgs/${org}/collections`, 1);
    expect(collections.items.map((c) => [c.id, c.parent ?? null, c.defaultLevel])).toEqual([
      ['col-handbook', null, 'read'],
      ['col-design', null, null],
      ['col-brand', 'col-design', 'inherit'],
    ]);
    const topLevel = await call<Page<Item>>(sb, 'GET', `/v1/orgs/${org}/collections?nested=false`);
    expect(topLevel.body.items.map((c) => c.id)).toEqual(['col-handbook', 'col-design']);

    const sites = await call<Page<Item & { published: boolean }>>(sb, 'GET', `/v1/orgs/${org}/sites`);
    expect(sites.body.items.map((s) => [s.id, s.title, s.defaultLevel, s.published])).toEqual([
      ['site-docs', 'Developer Docs', 'inherit', true],
      ['site-design', 'Design Portal', null, false],
    ]);
    expect((await call<Page<Item>>(sb, 'GET', `/v1/orgs/${org}/sites?title=PORTAL`)).body.items.map((s) => s.id)).toEqual(['site-design']);
    expect((await call<Page<Item>>(sb, 'GET', `/v1/orgs/${org}/sites?published=true`)).body.items.map((s) => s.id)).toEqual(['site-docs']);
  });

  it('refuses a page identifier of another listing, a bad filter, and an unknown organization', async () => {
    const sb = await start();
    const first = await call<Page<Item>>(sb, 'GET', `/v1/orgs/${org}/spaces?limit=1`);
    expectError(await call(sb, 'GET', `/v1/orgs/${org}/sites?page=${encodeURIComponent(first.body.next?.page ?? '')}`), 400, /another listing/);
    expectError(await call(sb, 'GET', `/v1/orgs/${org}/collections?nested=maybe`), 400, /nested/);
    expectError(await call(sb, 'GET', '/v1/orgs/nope/spaces'), 404, /organization nope/);
    expectError(await call(sb, 'GET', `/v1/orgs/${org}/spaces`, { token: 'wrong' }), 401);
  });
});

describe('one resource: GET and PATCH (its general access)', () => {
  it('reads each kind by id; an unknown id, or a site of another organization, is a 404', async () => {
    const sb = await start();
    expect((await call<Item>(sb, 'GET', paths.space('space-runbooks'))).body).toMatchObject({ id: 'space-runbooks', title: 'Runbooks', defaultLevel: null, permissions: { admin: true, view: true } });
    expect((await call<Item>(sb, 'GET', paths.collection('col-brand'))).body).toMatchObject({ id: 'col-brand', parent: 'col-design', defaultLevel: 'inherit' });
    expect((await call<Item>(sb, 'GET', paths.site('site-docs'))).body).toMatchObject({ id: 'site-docs', defaultLevel: 'inherit' });
    expectError(await call(sb, 'GET', paths.space('nope')), 404, /space nope/);
    sb.store.createOrganization('other');
    expectError(await call(sb, 'GET', '/v1/orgs/other/sites/site-docs'), 404, /site site-docs/);
    expectError(await call(sb, 'DELETE', paths.space('space-api')), 405);
  });

  it('changes defaultLevel (a role, null, inherit) and the title, and answers the resource', async () => {
    const sb = await start();
    for (const [kind, id] of [['space', 'space-api'], ['collection', 'col-handbook'], ['site', 'site-docs']] as const) {
      for (const level of ['edit', null, 'inherit']) {
        const answer = await call<Item>(sb, 'PATCH', paths[kind](id), { body: { defaultLevel: level } });
        expect(answer.status).toBe(200);
        expect(answer.body.defaultLevel).toBe(level);
        expect(resource(sb, kind, id).defaultLevel).toBe(level);
      }
    }
    const renamed = await call<Item>(sb, 'PATCH', paths.collection('col-brand'), { body: { title: 'Brand Book', description: 'Logos' } });
    expect(renamed.body).toMatchObject({ title: 'Brand Book', description: 'Logos' });
    expect(resource(sb, 'collection', 'col-brand').title).toBe('Brand Book');
  });

  it('refuses what the document does not allow, changing nothing', async () => {
    const sb = await start();
    const before = JSON.stringify(sb.store.toJSON());
    expectError(await call(sb, 'PATCH', paths.space('space-api'), { body: { defaultLevel: 'owner' } }), 400, /defaultLevel/);
    expectError(await call(sb, 'PATCH', paths.space('space-api'), { body: { title: 'x'.repeat(51) } }), 400, /title/);
    expectError(await call(sb, 'PATCH', paths.site('site-docs'), { body: { title: 'x' } }), 400, /title/);
    expectError(await call(sb, 'PATCH', paths.site('site-docs'), { body: { visibility: 'private' } }), 400, /visibility/);
    expectError(await call(sb, 'PATCH', paths.collection('col-brand')), 400, /body is required/);
    expect(JSON.stringify(sb.store.toJSON())).toBe(before);
  });
});

describe('grants: GET, POST …/permissions, PATCH and DELETE', () => {
  it('lists a resource\'s team and user grants', async () => {
    const sb = await start();
    const teams = await call<Page<Grant>>(sb, 'GET', `${paths.space('space-onboarding')}/permissions/teams`);
    expect(teams.body.items.map((g) => [g.team!.id, g.team!.title, g.permission])).toEqual([
      ['design', 'Product Design', 'comment'],
      ['engineering', 'Platform Engineering', 'comment'],
    ]);
    expect(teams.body.count).toBe(2);
    const users = await call<Page<Grant>>(sb, 'GET', `${paths.site('site-design')}/permissions/users`);
    expect(users.body.items.map((g) => [g.user!.id, g.permission])).toEqual([[user(sb, 0), 'admin']]);
    const paged = await allPages<Grant>(sb, `${paths.space('space-onboarding')}/permissions/teams`, 1);
    expect([paged.pages, paged.items.map((g) => g.team!.id)]).toEqual([2, ['design', 'engineering']]);
  });

  it('grants teams or users a role on each kind (204), and changes the role of an existing grant', async () => {
    const sb = await start({ seed: 'empty' });
    const chloe = user(sb, 2);
    for (const [kind, id] of [['space', 'space-api'], ['collection', 'col-design'], ['site', 'site-docs']] as const) {
      const base = paths[kind](id);
      expect((await call(sb, 'POST', `${base}/permissions`, { body: { role: 'edit', teams: ['design'] } })).status).toBe(204);
      expect((await call(sb, 'POST', `${base}/permissions`, { body: { role: 'read', users: [chloe] } })).status).toBe(204);
      expect(sb.store.access.grants(resource(sb, kind, id), 'teams')).toEqual([['design', 'edit']]);
      expect(sb.store.access.grants(resource(sb, kind, id), 'users')).toEqual([[chloe, 'read']]);
      expect((await call(sb, 'PATCH', `${base}/permissions/teams/design`, { body: { role: 'admin' } })).status).toBe(204);
      expect((await call(sb, 'PATCH', `${base}/permissions/users/${chloe}`, { body: { role: 'comment' } })).status).toBe(204);
      expect(sb.store.access.grantOf(resource(sb, kind, id), 'teams', 'design')).toBe('admin');
      expect(sb.store.access.grantOf(resource(sb, kind, id), 'users', chloe)).toBe('comment');
      // Each user of an accepted POST counts as one user grant sent (it may notify the user).
      expect(sb.store.access.userGrantsSent(org, kind, id, chloe)).toBe(1);
    }
    expect(sb.store.sentCounts(org).userGrantsSent).toEqual({ [`space:space-api ${chloe}`]: 1, [`collection:col-design ${chloe}`]: 1, [`site:site-docs ${chloe}`]: 1 });
    // The team's OrganizationTeam counts the one space that grants it a role.
    expect((await call<{ spaces: number }>(sb, 'GET', `/v1/orgs/${org}/teams/design`)).body.spaces).toBe(1);
  });

  it('every grant route of every kind, read back through its own listings and the aggregate one', async () => {
    const sb = await start({ seed: 'empty' });
    const chloe = user(sb, 2);
    for (const [kind, id] of [['space', 'space-runbooks'], ['collection', 'col-design'], ['site', 'site-design']] as const) {
      const base = paths[kind](id);
      const listed = async () => {
        const teams = (await call<Page<Grant>>(sb, 'GET', `${base}/permissions/teams`)).body.items.map((g) => [g.team!.id, g.permission]);
        const users = (await call<Page<Grant>>(sb, 'GET', `${base}/permissions/users`)).body.items.map((g) => [g.user!.id, g.permission]);
        return { teams, users };
      };
      const reach = async () => (await allPages<Grant>(sb, `${base}/permissions/aggregate`)).items.map((g) => [g.user!.id, g.permission]);
      expect(await listed()).toEqual({ teams: [], users: [] });
      expect(await reach()).toEqual([]);
      expect((await call(sb, 'POST', `${base}/permissions`, { body: { role: 'review', teams: ['engineering'], users: [chloe] } })).status).toBe(204);
      expect(await listed()).toEqual({ teams: [['engineering', 'review']], users: [[chloe, 'review']] });
      expect((await call(sb, 'PATCH', `${base}/permissions/users/${chloe}`, { body: { role: 'admin' } })).status).toBe(204);
      expect(await reach()).toEqual([[chloe, 'admin']]);
      expect((await call(sb, 'DELETE', `${base}/permissions/users/${chloe}`)).status).toBe(205);
      expect((await call(sb, 'DELETE', `${base}/permissions/teams/engineering`)).status).toBe(205);
      expect((await call(sb, 'DELETE', `${base}/permissions/teams/engineering`)).status).toBe(204);
      expect(await listed()).toEqual({ teams: [], users: [] });
      expect(sb.store.access.userGrantsSent(org, kind, id, chloe)).toBe(1);
    }
  });

  it('removes a grant with DELETE (205), then finds none to remove (204)', async () => {
    const sb = await start();
    const farid = sb.store.findUser(org, 'farid.haddad@example.com')!.id;
    for (const [path, subject, id] of [[`${paths.space('space-runbooks')}/permissions/teams/engineering`, 'teams', 'engineering'], [`${paths.space('space-runbooks')}/permissions/users/${farid}`, 'users', farid]] as const) {
      expect((await call(sb, 'DELETE', path)).status).toBe(205);
      expect(sb.store.access.grantOf(resource(sb, 'space', 'space-runbooks'), subject, id)).toBeUndefined();
      expect((await call(sb, 'DELETE', path)).status).toBe(204);
    }
    expect((await call(sb, 'DELETE', `${paths.site('site-docs')}/permissions/teams/design`)).status).toBe(204);
    expect((await call(sb, 'DELETE', `${paths.site('site-docs')}/permissions/teams/engineering`)).status).toBe(205);
    expect(sb.store.access.grants(resource(sb, 'site', 'site-docs'), 'teams')).toEqual([]);
  });

  it('a null role removes a space\'s or collection\'s grant; a site keeps a null override, and its PATCH refuses null', async () => {
    const sb = await start();
    const alice = user(sb, 0);
    expect((await call(sb, 'POST', `${paths.space('space-onboarding')}/permissions`, { body: { role: null, teams: ['design'] } })).status).toBe(204);
    expect(sb.store.access.grantOf(resource(sb, 'space', 'space-onboarding'), 'teams', 'design')).toBeUndefined();
    expect((await call(sb, 'PATCH', `${paths.collection('col-handbook')}/permissions/users/${alice}`, { body: { role: null } })).status).toBe(204);
    expect(sb.store.access.grants(resource(sb, 'collection', 'col-handbook'), 'users')).toEqual([]);
    expect((await call(sb, 'POST', `${paths.site('site-design')}/permissions`, { body: { role: null, users: [alice] } })).status).toBe(204);
    const listed = await call<Page<Grant>>(sb, 'GET', `${paths.site('site-design')}/permissions/users`);
    expect(listed.body.items.map((g) => [g.user!.id, g.permission])).toEqual([[alice, null]]);
    expectError(await call(sb, 'PATCH', `${paths.site('site-design')}/permissions/teams/design`, { body: { role: null } }), 400, /role/);
    expect(sb.store.access.grantOf(resource(sb, 'site', 'site-design'), 'teams', 'design')).toBe('edit');
  });

  it('refuses an unknown team or user with 404 and a malformed body with 400, granting nothing', async () => {
    const sb = await start({ seed: 'empty' });
    const base = paths.space('space-onboarding');
    const chloe = user(sb, 2);
    expectError(await call(sb, 'POST', `${base}/permissions`, { body: { role: 'read', teams: ['design', 'ghosts'] } }), 404, /ghosts/);
    expectError(await call(sb, 'POST', `${base}/permissions`, { body: { role: 'read', users: [chloe, 'u-nobody'] } }), 404, /u-nobody/);
    expectError(await call(sb, 'POST', `${base}/permissions`, { body: { teams: ['design'] } }), 400, /role is required/);
    expectError(await call(sb, 'POST', `${base}/permissions`, { body: { role: 'read' } }), 400, /teams or users/);
    expectError(await call(sb, 'POST', `${base}/permissions`, { body: { role: 'read', teams: [] } }), 400, /non-empty/);
    expectError(await call(sb, 'POST', `${base}/permissions`, { body: { role: 'owner', teams: ['design'] } }), 400, /role must be/);
    expectError(await call(sb, 'POST', `/v1/spaces/nope/permissions`, { body: { role: 'read', teams: ['design'] } }), 404, /space nope/);
    expect(sb.store.access.grants(resource(sb, 'space', 'space-onboarding'), 'teams')).toEqual([]);
    expect(sb.store.access.grants(resource(sb, 'space', 'space-onboarding'), 'users')).toEqual([]);
    expect(sb.store.sentCounts(org).userGrantsSent).toEqual({});
    // PATCH: a team or user of no grant there, or not of the organization, is a 404.
    expectError(await call(sb, 'PATCH', `${base}/permissions/teams/design`, { body: { role: 'edit' } }), 404, /POST/);
    expectError(await call(sb, 'PATCH', `${base}/permissions/users/u-nobody`, { body: { role: 'edit' } }), 404, /u-nobody/);
    expectError(await call(sb, 'PATCH', `${base}/permissions/teams/design`, { body: {} }), 400, /role is required/);
  });

  it('lets only an admin of the organization or of the resource change access (403 otherwise, nothing changed)', async () => {
    const sb = await start({ callerRole: 'edit' });
    const me = (await call<{ id: string }>(sb, 'GET', '/v1/user')).body.id;
    const base = paths.space('space-onboarding');
    expectError(await call(sb, 'POST', `${base}/permissions`, { body: { role: 'read', teams: ['design'] } }), 403, /only an admin/);
    expectError(await call(sb, 'DELETE', `${base}/permissions/teams/engineering`), 403);
    expectError(await call(sb, 'PATCH', base, { body: { defaultLevel: null } }), 403);
    expect(resource(sb, 'space', 'space-onboarding').defaultLevel).toBe('read');
    expect(sb.store.access.grantOf(resource(sb, 'space', 'space-onboarding'), 'teams', 'engineering')).toBe('comment');
    // The caller reads the resource with its own permissions: read through general access.
    expect((await call<Item>(sb, 'GET', base)).body.permissions).toMatchObject({ view: true, admin: false, edit: false });
    // Made an admin of the space by a grant, the caller may change it.
    sb.store.access.setGrant(resource(sb, 'space', 'space-onboarding'), 'users', me, 'admin');
    expect((await call<Item>(sb, 'GET', base)).body.permissions).toMatchObject({ admin: true, edit: true });
    expect((await call(sb, 'DELETE', `${base}/permissions/teams/engineering`)).status).toBe(205);
    expectError(await call(sb, 'DELETE', `${paths.space('space-api')}/permissions/users/${me}`), 403);
  });

  it('forgets the grants of a team deleted and of a member removed from the organization', async () => {
    const sb = await start();
    const farid = sb.store.findUser(org, 'farid.haddad@example.com')!.id;
    expect((await call(sb, 'DELETE', `/v1/orgs/${org}/teams/engineering`)).status).toBe(205);
    expect((await call(sb, 'DELETE', `/v1/orgs/${org}/members/${farid}`)).status).toBe(205);
    const runbooks = resource(sb, 'space', 'space-runbooks');
    expect([sb.store.access.grants(runbooks, 'teams'), sb.store.access.grants(runbooks, 'users')]).toEqual([[], []]);
    expect((await call<Page<Grant>>(sb, 'GET', `${paths.space('space-runbooks')}/permissions/teams`)).body).toEqual({ items: [], count: 0 });
    const saved = sb.store.toJSON().organizations[0]!.access!.find((r) => r.id === 'space-runbooks')!;
    expect([saved.teams, saved.users]).toEqual([[], []]);
  });
});
