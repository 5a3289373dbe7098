// The reads of an access review (src/api/review.ts) against a routed server: each listing's path
// (segments encoded) and page size, every page followed, each item checked by the shape of its
// listing and named in it when it is wrong.
import { describe, expect, it } from 'vitest';
import { listLinkInvites, listMemberSpaces, listReach, listReviewMembers } from '../../src/api/review.js';
import { routedServices } from '../helpers/routed-service.js';

const service = routedServices();
const all = async <T>(pages: AsyncIterable<T[]>): Promise<T[]> => {
  const items: T[] = [];
  for await (const p of pages) items.push(...p);
  return items;
};
/** Two pages: `first` then `second`, each the answer's items. */
const twoPages = (first: unknown, second: unknown) => ({ url }: { url: string }) =>
  url.includes('page=p2') ? { status: 200, body: { items: [second] } } : { status: 200, body: { items: [first], next: { page: 'p2' } } };
const user = (id: string) => ({ object: 'user', id, email: `${id}@example.com` });

describe('who reaches a resource (…/permissions/aggregate)', () => {
  it('a space\'s and a collection\'s at the top, a site\'s under its organization, every page', async () => {
    const { client, sent } = await service(twoPages({ permission: 'edit', user: user('u1') }, { permission: 'read', user: user('u2') }));
    expect(await all(listReach(client, 'acme', { kind: 'space', id: 's 1' }, 50))).toEqual([
      { permission: 'edit', user: { id: 'u1', email: 'u1@example.com' } },
      { permission: 'read', user: { id: 'u2', email: 'u2@example.com' } },
    ]);
    await all(listReach(client, 'acme', { kind: 'collection', id: 'c1' }, 20));
    expect(sent.map((s) => [s.method, s.url])).toEqual([
      ['GET', '/v1/spaces/s%201/permissions/aggregate?limit=50'],
      ['GET', '/v1/spaces/s%201/permissions/aggregate?limit=50&page=p2'],
      ['GET', '/v1/collections/c1/permissions/aggregate?limit=20'],
      ['GET', '/v1/collections/c1/permissions/aggregate?limit=20&page=p2'],
    ]);
  });

  it('a site\'s items by the site\'s shape (null, origin, disabled); a space\'s refuses null, naming the resource', async () => {
    const item = { permission: null, user: user('u1'), origin: { type: 'organization', organization: 'acme' }, disabled: false };
    const { client, sent } = await service(() => ({ status: 200, body: { items: [item] } }));
    expect(await all(listReach(client, 'acme', { kind: 'site', id: 'w1' }, 10))).toEqual([{ ...item, user: { id: 'u1', email: 'u1@example.com' } }]);
    expect(sent.map((s) => s.url)).toEqual(['/v1/orgs/acme/sites/w1/permissions/aggregate?limit=10']);
    await expect(all(listReach(client, 'acme', { kind: 'space', id: 's1' }, 10))).rejects.toThrow(
      'field "permission" is not one of admin, create, edit, review, comment, read (null) (item 1 of page 1 of who reaches space s1)',
    );
  });
});

describe('the members, a member\'s spaces, the invite links', () => {
  const member = (id: string) => ({ object: 'member', id, role: 'read', user: user(id), disabled: false, joinedAt: '2024-01-01T00:00:00Z' });
  it('lists the members with what a review weighs, every page, the organization encoded; a wrong one named', async () => {
    const { client, sent } = await service(({ url }) => (url.includes('/bad/') ? { status: 200, body: { items: [{ ...member('u3'), disabled: 'no' }] } } : twoPages(member('u1'), member('u2'))({ url })));
    expect(await all(listReviewMembers(client, 'ac me', 30))).toEqual([
      { user: { id: 'u1', email: 'u1@example.com' }, role: 'read', disabled: false, joinedAt: '2024-01-01T00:00:00Z' },
      { user: { id: 'u2', email: 'u2@example.com' }, role: 'read', disabled: false, joinedAt: '2024-01-01T00:00:00Z' },
    ]);
    expect(sent.map((s) => [s.method, s.url])).toEqual([
      ['GET', '/v1/orgs/ac%20me/members?limit=30'],
      ['GET', '/v1/orgs/ac%20me/members?limit=30&page=p2'],
    ]);
    await expect(all(listReviewMembers(client, 'bad', 30))).rejects.toThrow('field "disabled" is missing or not a boolean (item 1 of page 1 of the members of bad)');
  });

  it('lists a member\'s spaces and roles, the user encoded, refused with nothing sent when it is no segment', async () => {
    const space = (id: string) => ({ permission: 'edit', space: { id, title: id.toUpperCase(), defaultLevel: null } });
    const { client, sent } = await service(({ url }) => (url.includes('/u9/') ? { status: 200, body: { items: [{ permission: 'edit' }] } } : twoPages(space('s1'), space('s2'))({ url })));
    expect(await all(listMemberSpaces(client, 'acme', 'u 1', 40))).toEqual([
      { permission: 'edit', space: { id: 's1', title: 'S1' } },
      { permission: 'edit', space: { id: 's2', title: 'S2' } },
    ]);
    expect(sent.map((s) => [s.method, s.url])).toEqual([
      ['GET', '/v1/orgs/acme/members/u%201/spaces?limit=40'],
      ['GET', '/v1/orgs/acme/members/u%201/spaces?limit=40&page=p2'],
    ]);
    await expect(all(listMemberSpaces(client, 'acme', 'u9', 40))).rejects.toThrow('field "space" is missing or not an object (item 1 of page 1 of the spaces of u9)');
    const before = sent.length;
    expect(() => listMemberSpaces(client, 'acme', '..', 40)).toThrow('invalid user "..": ".." would change the path; nothing was sent');
    expect(() => listReviewMembers(client, '..', 40)).toThrow('invalid organization ".."');
    expect(sent).toHaveLength(before);
  });

  it('lists the invite links, every page; a wrong one named', async () => {
    const link = (id: string, role: string | null) => ({ object: 'invite', id, role, redundant: false });
    const { client, sent } = await service(({ url }) => (url.includes('/bad/') ? { status: 200, body: { items: [{ ...link('l3', 'read'), object: 'link' }] } } : twoPages(link('l1', null), link('l2', 'edit'))({ url })));
    expect(await all(listLinkInvites(client, 'acme', 25))).toEqual([
      { id: 'l1', role: null, redundant: false },
      { id: 'l2', role: 'edit', redundant: false },
    ]);
    expect(sent.map((s) => [s.method, s.url])).toEqual([
      ['GET', '/v1/orgs/acme/link-invites?limit=25'],
      ['GET', '/v1/orgs/acme/link-invites?limit=25&page=p2'],
    ]);
    await expect(all(listLinkInvites(client, 'bad', 25))).rejects.toThrow('field "object" is not "invite" ("link") (item 1 of page 1 of the invite links of bad)');
  });
});
