// Resources, teams and users named by id or title (README, "Access"): an id wins, a title two
// resources share is refused naming their ids, and the names a listing writes find the same
// resource again. The grants of many resources are read within --concurrency.
import { describe, expect, it } from 'vitest';
import { findResource, findTeam, findUser, resourceName, teamName, userName, type Directory } from '../../src/access/directory.js';
import { readGrants } from '../../src/access/grants.js';
import type { AccessResource } from '../../src/api/access.js';
import { routedServices } from '../helpers/routed-service.js';

const space = (id: string, title: string): AccessResource => ({ kind: 'space', id, title, defaultLevel: null });
const directory: Directory = {
  resources: [space('s1', 'Handbook'), space('s2', 'Notes'), space('s3', 'Notes'), space('s4', 's1'), { kind: 'site', id: 'w1', title: 'Handbook', defaultLevel: 'read' }],
  teams: [{ id: 't1', title: 'Design' }, { id: 't2', title: 'Ops' }, { id: 't3', title: 'ops' }],
  users: [{ id: 'u1', email: 'Ann@Example.com' }, { id: 'u2' }],
};

describe('names', () => {
  it('a resource by id, by title, by title in another case, of its kind only', () => {
    expect(findResource(directory, 'space', 's2')).toMatchObject({ ok: true, value: { id: 's2' } });
    expect(findResource(directory, 'space', 'handbook')).toMatchObject({ ok: true, value: { id: 's1' } });
    expect(findResource(directory, 'site', 'Handbook')).toMatchObject({ ok: true, value: { id: 'w1' } });
    expect(findResource(directory, 'collection', 'Handbook')).toMatchObject({ ok: false, unknown: true });
  });

  it('a title two resources share is refused, naming their ids; an id wins over another\'s title', () => {
    expect(findResource(directory, 'space', 'Notes')).toEqual({ ok: false, unknown: false, problem: 'the title "Notes" is shared by 2 spaces (s2, s3): name one by its id' });
    expect(findResource(directory, 'space', 's1')).toMatchObject({ ok: true, value: { id: 's1', title: 'Handbook' } });
  });

  it('teams by id or title (exact before another case); users by id or e-mail in any case', () => {
    expect(findTeam(directory, 'Ops')).toMatchObject({ ok: true, value: { kind: 'team', id: 't2' } });
    expect(findTeam(directory, 'OPS')).toMatchObject({ ok: false, unknown: false });
    expect(findTeam(directory, 'Sales')).toMatchObject({ ok: false, unknown: true, problem: expect.stringContaining('teams create') });
    expect(findUser(directory, 'ann@example.COM')).toEqual({ ok: true, value: { kind: 'user', id: 'u1', name: 'Ann@Example.com' } });
    expect(findUser(directory, 'u2')).toEqual({ ok: true, value: { kind: 'user', id: 'u2', name: 'u2' } });
    expect(findUser(directory, 'bob@example.com')).toMatchObject({ ok: false, unknown: true });
  });

  it('the name a listing writes finds the same resource, team or user again: a title alone, an id otherwise', () => {
    for (const r of directory.resources) {
      const name = resourceName(directory, r);
      expect(findResource(directory, r.kind, name)).toMatchObject({ ok: true, value: { id: r.id } });
    }
    expect(directory.resources.map((r) => resourceName(directory, r))).toEqual(['Handbook', 's2', 's3', 's4', 'Handbook']);
    expect(directory.teams.map((t) => teamName(directory, t))).toEqual(['Design', 'Ops', 'ops']);
    expect(userName(directory, { id: 'u1', email: 'Ann@Example.com' })).toBe('Ann@Example.com');
    expect(userName(directory, { id: 'u2' })).toBe('u2');
    expect(userName(directory, { id: 'u9', email: 'ann@example.com' })).toBe('u9');
  });
});

describe('readGrants', () => {
  const service = routedServices();
  it('reads each resource\'s teams and users, never more than --concurrency at once, in the resources\' order', async () => {
    const { client, sent } = await service(({ url }) => {
      const id = /\/spaces\/([^/]+)\//.exec(url)?.[1] ?? '';
      return url.includes('/teams')
        ? { status: 200, body: { items: [{ permission: 'edit', team: { id: `t-${id}`, title: `T ${id}`, members: 0 } }] } }
        : { status: 200, body: { items: [{ permission: 'read', user: { id: `u-${id}`, email: `${id}@example.com` } }] } };
    });
    const resources = Array.from({ length: 6 }, (_, i) => space(`s${i}`, `S${i}`));
    const grants = await readGrants(client, 'acme', resources, 2);
    expect(sent).toHaveLength(12);
    expect(grants.map((g) => `${g.resource.id} ${g.subject.kind}:${g.subject.id} ${g.subject.name} ${g.role}`).slice(0, 2)).toEqual(['s0 team:t-s0 T s0 edit', 's0 user:u-s0 s0@example.com read']);
    expect(grants).toHaveLength(12);
  });
});
