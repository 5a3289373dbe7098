// The demo roster (--write-roster): the first team with three users added, one member made owner
// and one member left out; nothing else differs.
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { demoRoster } from '../../src/sandbox/demo-roster.js';
import { seededStore } from '../../src/sandbox/seed.js';
import { SandboxStore } from '../../src/sandbox/store.js';

describe('demoRoster', () => {
  it('differs from the demo team by 3 adds, 1 role change and 1 removal', () => {
    const store = seededStore('demo');
    const roster = demoRoster(store)!;
    expect(roster.teamId).toBe('engineering');
    const [header, ...rows] = parse(roster.csv) as string[][];
    expect(header).toEqual(['email', 'role', 'name']);
    const wanted = new Map(rows.map(([email, role]) => [store.findUser('acme', email!)!.id, role]));
    const now = new Map(store.teamMembers('acme', 'engineering').map((m) => [m.userId, m.role]));
    const added = [...wanted.keys()].filter((id) => !now.has(id));
    const removed = [...now.keys()].filter((id) => !wanted.has(id));
    const changed = [...wanted].filter(([id, role]) => now.has(id) && now.get(id) !== role);
    expect([added.length, removed.length, changed.length]).toEqual([3, 1, 1]);
    expect(changed[0]![1]).toBe('owner');
    expect(added.every((id) => !store.getUser('acme', id)!.disabled)).toBe(true);
  });

  it('is undefined without a team', () => {
    const store = new SandboxStore();
    store.createOrganization('o');
    expect(demoRoster(store)).toBeUndefined();
  });
});
