// The organization-wide listings of access: a member's spaces (GET /orgs/{org}/members/{userId}/spaces,
// MemberContentPermission) read from the same effective access as the aggregate listings, and
// the invite links (GET /orgs/{org}/link-invites, InviteLinkToOrganization), kept in the data file.
import { describe, expect, it } from 'vitest';
import { seededStore } from '../../src/sandbox/seed.js';
import { SandboxStore, StoreError } from '../../src/sandbox/store.js';
import { redundantFor } from '../../src/sandbox/access-listings.js';
import { allPages, call, expectError, start } from '../helpers/sandbox-http.js';

const org = 'acme';

interface SpaceItem {
  permission: string;
  space: { object: string; id: string; title: string; organization: string; defaultLevel: unknown; permissions: Record<string, boolean> };
}
interface LinkItem {
  object: string;
  id: string;
  role: string | null;
  redundant: boolean;
}

describe('GET /orgs/{org}/members/{userId}/spaces', () => {
  it('lists each space the member reaches with the role the aggregate listing gives, newest first, paged', async () => {
    const sb = await start();
    const chloe = sb.store.findUser(org, 'chloe.dubois@example.com')!.id;
    const { items, pages } = await allPages<SpaceItem>(sb, `/v1/orgs/${org}/members/${chloe}/spaces`, 2);
    expect(pages).toBeGreaterThan(1);
    const expected: [string, string][] = [];
    for (const space of sb.store.access.list(org, 'space')) {
      const aggregate = await allPages<{ permission: string; user: { id: string } }>(sb, `/v1/spaces/${space.id}/permissions/aggregate`);
      const mine = aggregate.items.find((i) => i.user.id === chloe);
      if (mine) expected.push([space.id, mine.permission]);
    }
    expect(expected.length).toBeGreaterThan(0);
    expect(items.map((i) => [i.space.id, i.permission])).toEqual(expected.reverse());
    expect(items[0]!.space.object).toBe('space');
    const asc = await allPages<SpaceItem>(sb, `/v1/orgs/${org}/members/${chloe}/spaces?order=asc`);
    expect(asc.items.map((i) => i.space.id)).toEqual(items.map((i) => i.space.id).reverse());
  });

  it('a user without a grant or general access reaches nothing; an unknown user is 404; a bad order is 400', async () => {
    const sb = await start({ seed: 'empty' });
    for (const space of sb.store.access.list(org, 'space')) sb.store.access.update(space, { defaultLevel: null }, space.updatedAt);
    for (const c of sb.store.access.list(org, 'collection')) sb.store.access.update(c, { defaultLevel: null }, c.updatedAt);
    const bruno = sb.store.findUser(org, 'bruno.keller@example.com')!.id;
    expect((await allPages<SpaceItem>(sb, `/v1/orgs/${org}/members/${bruno}/spaces`)).items).toEqual([]);
    sb.store.access.setGrant(sb.store.access.get('space', 'space-runbooks')!, 'users', bruno, 'review');
    expect((await allPages<SpaceItem>(sb, `/v1/orgs/${org}/members/${bruno}/spaces`)).items.map((i) => [i.space.id, i.permission])).toEqual([['space-runbooks', 'review']]);
    expectError(await call(sb, 'GET', `/v1/orgs/${org}/members/nobody/spaces`), 404);
    expectError(await call(sb, 'GET', `/v1/orgs/${org}/members/${bruno}/spaces?order=up`), 400, /order/);
  });
});

describe('GET /orgs/{org}/link-invites', () => {
  it('lists the demo\'s links with their roles, one above read; the empty seed has none', async () => {
    const sb = await start();
    const { items } = await allPages<LinkItem>(sb, `/v1/orgs/${org}/link-invites`, 1);
    expect(items).toEqual([
      { object: 'invite', id: 'link-readers', role: 'read', redundant: true },
      { object: 'invite', id: 'link-guests', role: null, redundant: true },
      { object: 'invite', id: 'link-editors', role: 'edit', redundant: true },
    ]);
    const empty = await start({ seed: 'empty' });
    expect((await allPages<LinkItem>(empty, `/v1/orgs/${org}/link-invites`)).items).toEqual([]);
    empty.store.access.linkInvites.add(org, { id: 'open', role: 'admin' });
    expect((await allPages<LinkItem>(empty, `/v1/orgs/${org}/link-invites`)).items.map((l) => [l.id, l.role])).toEqual([['open', 'admin']]);
  });

  it('redundant: the caller\'s organization role at least the link\'s', () => {
    expect(redundantFor('admin', 'edit')).toBe(true);
    expect(redundantFor('read', 'edit')).toBe(false);
    expect(redundantFor('edit', 'edit')).toBe(true);
    expect(redundantFor(null, 'read')).toBe(false);
    expect(redundantFor(undefined, null)).toBe(false);
    expect(redundantFor('read', null)).toBe(true);
  });

  it('keeps the links across the data file, and refuses a link that is not one', () => {
    const store = seededStore('demo');
    store.access.linkInvites.remove(org, 'link-readers');
    const back = SandboxStore.fromJSON(JSON.parse(JSON.stringify(store.toJSON())));
    expect(back.access.linkInvites.list(org)).toEqual([{ id: 'link-guests', role: null }, { id: 'link-editors', role: 'edit' }]);
    const data = seededStore('empty').toJSON();
    const broken = (linkInvites: unknown) => ({ ...data, organizations: [{ ...data.organizations[0]!, linkInvites }] });
    expect(() => SandboxStore.fromJSON(broken({}))).toThrow(new StoreError('organization acme: linkInvites must be an array'));
    expect(() => SandboxStore.fromJSON(broken([{ id: 'x', role: 'owner' }]))).toThrow(new StoreError('link invite x: role must be a role or null'));
    expect(seededStore('empty').toJSON().organizations[0]!.linkInvites).toBeUndefined();
  });
});
