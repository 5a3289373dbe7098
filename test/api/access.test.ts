// The access endpoints (src/api/access.ts) against a routed server: each request's method, path
// (segments encoded) and body, each answer checked where it is parsed, and which writes are sent
// again after a 503 (README, "Access": a user grant may notify, so it is not).
import { describe, expect, it } from 'vitest';
import { changeRole, grant, listResources, listTeamGrants, listUserGrants, resourcePath, revoke, setDefaultLevel } from '../../src/api/access.js';
import { ServiceError, UsageError } from '../../src/errors.js';
import { routedServices } from '../helpers/routed-service.js';

const service = routedServices();
const all = async <T>(pages: AsyncIterable<T[]>): Promise<T[]> => {
  const items: T[] = [];
  for await (const p of pages) items.push(...p);
  return items;
};
const team = (id: string) => ({ object: 'team', id, title: `Team ${id}`, members: 1 });
const busy = { status: 503, body: { error: { code: 503, message: 'busy' } } };

describe('paths', () => {
  it('a space and a collection at the top, a site under its organization; ids encoded, dots refused', () => {
    expect(resourcePath('acme', { kind: 'space', id: 's 1' })).toBe('/spaces/s%201');
    expect(resourcePath('acme', { kind: 'collection', id: 'c1' })).toBe('/collections/c1');
    expect(resourcePath('ac me', { kind: 'site', id: 'site_1' })).toBe('/orgs/ac%20me/sites/site_1');
    expect(() => resourcePath('acme', { kind: 'space', id: '..' })).toThrow(UsageError);
  });
});

describe('listings', () => {
  it('lists spaces, collections and sites page by page, with their parent and general access', async () => {
    const { client, sent } = await service(({ url }) =>
      url.includes('page=p2')
        ? { status: 200, body: { items: [{ id: 's2', title: 'Two', defaultLevel: null }] } }
        : { status: 200, body: { items: [{ id: 's1', title: 'One', parent: 'c1', defaultLevel: 'inherit' }], next: { page: 'p2' } } },
    );
    expect(await all(listResources(client, 'acme', 'space', 100))).toEqual([
      { kind: 'space', id: 's1', title: 'One', parent: 'c1', defaultLevel: 'inherit' },
      { kind: 'space', id: 's2', title: 'Two', defaultLevel: null },
    ]);
    await all(listResources(client, 'acme', 'collection', 100));
    await all(listResources(client, 'acme', 'site', 100));
    expect(sent.map((s) => s.url)).toEqual([
      '/v1/orgs/acme/spaces?limit=100',
      '/v1/orgs/acme/spaces?limit=100&page=p2',
      '/v1/orgs/acme/collections?limit=100',
      '/v1/orgs/acme/collections?limit=100&page=p2',
      '/v1/orgs/acme/sites?limit=100',
      '/v1/orgs/acme/sites?limit=100&page=p2',
    ]);
  });

  it('lists the team and user grants of a resource; a site\'s may be null (guest), a space\'s may not', async () => {
    const { client, sent } = await service(({ url }) =>
      url.includes('/teams')
        ? { status: 200, body: { items: [{ permission: null, team: team('t1') }] } }
        : { status: 200, body: { items: [{ permission: 'edit', user: { id: 'u1', displayName: 'Ann', email: 'ann@example.com' } }] } },
    );
    expect(await all(listTeamGrants(client, 'acme', { kind: 'site', id: 'w1' }, 50))).toEqual([{ permission: null, team: team('t1') }]);
    expect(await all(listUserGrants(client, 'acme', { kind: 'collection', id: 'c1' }, 50))).toEqual([{ permission: 'edit', user: { id: 'u1', displayName: 'Ann', email: 'ann@example.com' } }]);
    expect(sent.map((s) => s.url)).toEqual(['/v1/orgs/acme/sites/w1/permissions/teams?limit=50', '/v1/collections/c1/permissions/users?limit=50']);
    await expect(all(listTeamGrants(client, 'acme', { kind: 'space', id: 's1' }, 50))).rejects.toThrow(/field "permission" is not one of admin, create, edit, review, comment, read \(null\)/);
  });

  it('refuses answers of the wrong shape, naming the field: a role unknown, a default level unknown, a user twice', async () => {
    const cases: [unknown, RegExp][] = [
      [{ items: [{ id: 's1', title: 'One', defaultLevel: 'everyone' }] }, /field "defaultLevel" is not a role, null or "inherit"/],
      [{ items: [{ id: '', title: 'One', defaultLevel: null }] }, /field "id" is missing/],
      [{ items: [{ id: 's1', title: 7, defaultLevel: null }] }, /field "title" is missing/],
      [{ items: [{ id: 's1', title: 'x', parent: 3, defaultLevel: null }] }, /field "parent" is not a string/],
    ];
    for (const [body, message] of cases) {
      const { client } = await service(() => ({ status: 200, body }));
      await expect(all(listResources(client, 'acme', 'space', 10))).rejects.toThrow(message);
    }
    const twice = await service(() => ({ status: 200, body: { items: [{ permission: 'read', user: { id: 'u1' } }, { permission: 'edit', user: { id: 'u1' } }] } }));
    await expect(all(listUserGrants(twice.client, 'acme', { kind: 'space', id: 's1' }, 10))).rejects.toThrow(/"u1" is listed twice \(items 1 and 2\)/);
    const noUser = await service(() => ({ status: 200, body: { items: [{ permission: 'read' }] } }));
    await expect(all(listUserGrants(noUser.client, 'acme', { kind: 'space', id: 's1' }, 10))).rejects.toThrow(ServiceError);
  });
});

describe('writes', () => {
  it('POST …/permissions with a role and teams or users; nothing sent for none', async () => {
    const { client, sent } = await service(() => ({ status: 204 }));
    await grant(client, 'acme', { kind: 'space', id: 's1' }, 'team', ['t1', 't2'], 'edit');
    await grant(client, 'acme', { kind: 'site', id: 'w1' }, 'user', ['u1'], null);
    await grant(client, 'acme', { kind: 'collection', id: 'c1' }, 'user', [], 'read');
    expect(sent).toEqual([
      { method: 'POST', url: '/v1/spaces/s1/permissions', body: { role: 'edit', teams: ['t1', 't2'] } },
      { method: 'POST', url: '/v1/orgs/acme/sites/w1/permissions', body: { role: null, users: ['u1'] } },
    ]);
  });

  it('a user grant answered 503 is not sent again (it may have notified); a team grant is', async () => {
    const users = await service((_, n) => (n === 1 ? busy : { status: 204 }));
    await expect(grant(users.client, 'acme', { kind: 'space', id: 's1' }, 'user', ['u1'], 'read')).rejects.toThrow(ServiceError);
    expect(users.sent).toHaveLength(1);
    const teams = await service((_, n) => (n === 1 ? busy : { status: 204 }));
    await grant(teams.client, 'acme', { kind: 'space', id: 's1' }, 'team', ['t1'], 'read');
    expect(teams.sent).toHaveLength(2);
  });

  it('PATCH a grant\'s role, DELETE a grant (205 removed, 204 none); a site\'s grant is never patched to guest', async () => {
    const { client, sent } = await service(({ method }, n) => (method === 'DELETE' ? { status: n === 3 ? 205 : 204 } : { status: 204 }));
    await changeRole(client, 'acme', { kind: 'collection', id: 'c1' }, 'team', 't_1', 'admin');
    await changeRole(client, 'acme', { kind: 'space', id: 's1' }, 'user', 'u1', null);
    expect(await revoke(client, 'acme', { kind: 'site', id: 'w1' }, 'user', 'u1')).toBe(true);
    expect(await revoke(client, 'acme', { kind: 'site', id: 'w1' }, 'team', 't1')).toBe(false);
    await expect(changeRole(client, 'acme', { kind: 'site', id: 'w1' }, 'team', 't1', null)).rejects.toThrow(/cannot be changed to guest.*nothing was sent/);
    expect(sent).toEqual([
      { method: 'PATCH', url: '/v1/collections/c1/permissions/teams/t_1', body: { role: 'admin' } },
      { method: 'PATCH', url: '/v1/spaces/s1/permissions/users/u1', body: { role: null } },
      { method: 'DELETE', url: '/v1/orgs/acme/sites/w1/permissions/users/u1', body: undefined },
      { method: 'DELETE', url: '/v1/orgs/acme/sites/w1/permissions/teams/t1', body: undefined },
    ]);
  });

  it('PATCH the resource with defaultLevel; the answer checked', async () => {
    const { client, sent } = await service(({ url }) => ({ status: 200, body: { id: url.split('/').pop(), title: 'X', defaultLevel: 'inherit' } }));
    expect(await setDefaultLevel(client, 'acme', { kind: 'site', id: 'w1' }, 'inherit')).toEqual({ kind: 'site', id: 'w1', title: 'X', defaultLevel: 'inherit' });
    await setDefaultLevel(client, 'acme', { kind: 'space', id: 's1' }, null);
    expect(sent.map((s) => [s.method, s.url, s.body])).toEqual([
      ['PATCH', '/v1/orgs/acme/sites/w1', { defaultLevel: 'inherit' }],
      ['PATCH', '/v1/spaces/s1', { defaultLevel: null }],
    ]);
    const wrong = await service(() => ({ status: 200, body: { id: 's1', title: 'X', defaultLevel: 'owner' } }));
    await expect(setDefaultLevel(wrong.client, 'acme', { kind: 'space', id: 's1' }, 'read')).rejects.toThrow(/defaultLevel/);
  });
});
