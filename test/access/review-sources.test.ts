// Where a person's access comes from in an access review (`teamctl help access`, "Review"): a
// team by title, the person's own grant, the general access, inherited from a collection named as
// such; a site's origin; and which of them gives the role the service reports.
import { describe, expect, it } from 'vitest';
import type { AccessResource, GrantRole } from '../../src/api/access.js';
import { contentSources, explain, siteSource, type Lookup, type ResourceNode } from '../../src/access/reviewSources.js';
import { finding } from '../../src/access/reviewReasons.js';

const res = (id: string, defaultLevel: AccessResource['defaultLevel'], parent?: string, kind: AccessResource['kind'] = 'space'): AccessResource => ({ kind, id, title: `T ${id}`, defaultLevel, ...(parent ? { parent } : {}) });
const node = (resource: AccessResource, teams: [string, GrantRole][] = [], users: [string, GrantRole][] = []): ResourceNode => ({
  resource,
  name: `${resource.kind}:${resource.title}`,
  teams: teams.map(([id, role]) => ({ id, title: `Team ${id}`, role })),
  users: new Map(users),
});

function lookup(collections: ResourceNode[], teamsOf: Record<string, string[]> = {}): Lookup {
  return {
    collection: (id) => collections.find((c) => c.resource.id === id),
    teamsOf: (u) => new Set(teamsOf[u] ?? []),
    teamTitle: (id) => `Team ${id}`,
  };
}

describe('a space or collection', () => {
  it('its own grant, its teams and its general access, the team first among those giving the role', () => {
    const n = node(res('s', 'read'), [['eng', 'edit'], ['ops', 'read']], [['u', 'edit']]);
    const sources = contentSources(n, 'u', 'create', lookup([], { u: ['eng', 'ops'] }));
    expect(sources.map((s) => [s.label, s.role])).toEqual([['direct grant', 'edit'], ['team Team eng', 'edit'], ['team Team ops', 'read'], ['general access', 'read']]);
    expect(explain(sources, 'edit')).toBe('team Team eng; direct grant');
    expect(explain(sources, 'read')).toBe('team Team ops; general access');
  });

  it('inherited general access is named with its collection; an own grant is not', () => {
    const col = node(res('c', 'read', undefined, 'collection'), [['eng', 'admin']]);
    const space = node(res('s', 'inherit', 'c'), [], [['u', 'comment']]);
    const l = lookup([col], { v: ['eng'] });
    expect(explain(contentSources(space, 'w', 'edit', l), 'read')).toBe('general access, inherited from collection T c');
    expect(explain(contentSources(space, 'u', 'edit', l), 'comment')).toBe('direct grant');
    expect(explain(contentSources(space, 'v', 'edit', l), 'admin')).toBe('team Team eng, inherited from collection T c');
  });

  it('a chain of collections names the one that gives it; a guest gets no general access', () => {
    const top = node(res('top', 'comment', undefined, 'collection'));
    const mid = node(res('mid', 'inherit', 'top', 'collection'));
    const space = node(res('s', 'inherit', 'mid'));
    const l = lookup([top, mid]);
    expect(explain(contentSources(space, 'w', 'read', l), 'comment')).toBe('general access, inherited from collection T top');
    expect(contentSources(space, 'w', null, l)).toEqual([]);
    expect(contentSources(space, 'w', undefined, l)).toEqual([]);
  });

  it('inherit without a collection: the organization role; none gives nothing', () => {
    expect(explain(contentSources(node(res('s', 'inherit')), 'w', 'review', lookup([])), 'review')).toBe('general access (organization role)');
    expect(contentSources(node(res('s', null)), 'w', 'review', lookup([]))).toEqual([]);
    expect(explain([], 'read')).toBe('unexplained (no grant or general access gives it)');
  });

  it('when no source gives the reported role, the highest is named', () => {
    const sources = contentSources(node(res('s', 'read'), [['eng', 'comment']]), 'u', 'read', lookup([], { u: ['eng'] }));
    expect(explain(sources, 'admin')).toBe('team Team eng');
  });
});

describe('a site', () => {
  it('the origin the service gives: a team by title, the own override, the default, the organization', () => {
    const l = lookup([]);
    expect(siteSource({ type: 'site', site: 'x', reason: 'team', team: 'eng' }, 'edit', l).label).toBe('team Team eng');
    expect(siteSource({ type: 'site', site: 'x', reason: 'member' }, 'edit', l).label).toBe('direct grant');
    expect(siteSource({ type: 'site', site: 'x', reason: 'default' }, 'read', l).label).toBe('general access');
    expect(siteSource({ type: 'organization', organization: 'acme' }, 'read', l).label).toBe('general access (organization role)');
  });
});

describe('a finding\'s reason and fix', () => {
  const row = { resource: 'space:Onboarding', user: 'a@example.com', role: 'edit', source: 'team Product Design' };
  it('names the person, role, resource and source, and the command that fixes it', () => {
    expect(finding('disabled-member', row, 90)).toEqual({ kind: 'disabled-member', resource: 'space:Onboarding', user: 'a@example.com', reason: 'a@example.com is disabled and still holds edit on space:Onboarding (team Product Design)', fix: 'teamctl members offboard a@example.com' });
    expect(finding('guest-above-read', row, 90).fix).toBe('teamctl --team "Product Design" members remove a@example.com');
    expect(finding('guest-above-read', { ...row, source: 'direct grant' }, 90).fix).toBe('teamctl access sync access.csv  # row: space:Onboarding,,a@example.com,read');
    expect(finding('stale-access', row, 30).reason).toContain('not been seen for 30 days');
    // Someone away may come back: the narrowest change first, offboarding only where nothing narrower ends the role.
    expect(finding('stale-access', row, 30).fix).toBe('teamctl --team "Product Design" members remove a@example.com');
    expect(finding('stale-access', { ...row, source: 'direct grant' }, 30).fix).toBe('teamctl access sync access.csv  # row: space:Onboarding,,a@example.com,read');
    expect(finding('stale-access', { ...row, source: 'direct grant, inherited from collection Guides' }, 30).fix).toBe('teamctl members offboard a@example.com');
    expect(finding('stale-access', { ...row, source: 'general access (organization role)' }, 30).fix).toBe('teamctl members offboard a@example.com');
    expect(finding('bypasses-teams', { ...row, source: 'direct grant' }, 90, 'team Product Design').reason).toBe('a@example.com holds a direct grant on space:Onboarding that a team of theirs already reaches (team Product Design)');
    expect(finding('general-access-above-read', { ...row, user: '*' }, 90).fix).toBe('teamctl access sync access.csv  # row: space:Onboarding,*,,read');
    expect(finding('link-invite-above-read', { resource: 'link-invite:l1', user: '*', role: 'edit', source: 'invite link' }, 90)).toMatchObject({ reason: 'anyone who opens invite link l1 joins with edit', fix: '' });
  });
});
