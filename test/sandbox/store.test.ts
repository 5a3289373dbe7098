// Unit tests of the sandbox state, seeds and fault decisions (no HTTP).
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FaultInjector, mulberry32, TokenBucket } from '../../src/sandbox/faults.js';
import { DataFile, loadDataFile } from '../../src/sandbox/persistence.js';
import { seededStore } from '../../src/sandbox/seed.js';
import { SandboxStore, StoreError } from '../../src/sandbox/store.js';

const org = 'acme';

describe('seeds', () => {
  it('demo: acme, 50 users with mixed-case e-mails, two teams, a multilingual glossary', () => {
    const store = seededStore('demo');
    expect(store.organizationIds()).toEqual(['acme']);
    const users = store.users(org);
    expect(users).toHaveLength(50);
    expect(users.some((u) => u.email === 'Alice.Martin@Example.com')).toBe(true);
    expect(users.some((u) => u.email !== u.email.toLowerCase())).toBe(true);
    expect(users.some((u) => u.email === u.email.toLowerCase())).toBe(true);
    const roles = new Set(users.map((u) => u.role));
    for (const role of roles) expect(['admin', 'create', 'edit', 'review', 'comment', 'read']).toContain(role);
    expect(roles.size).toBeGreaterThanOrEqual(4);
    expect(store.teamIds(org)).toEqual(['engineering', 'design']);
    // Titles that differ from the ids, as the service's do.
    expect(store.teamIds(org).map((id) => store.teamTitle(org, id))).toEqual(['Platform Engineering', 'Product Design']);
    const engineering = store.teamMembers(org, 'engineering');
    expect(engineering).toHaveLength(20);
    const owners = engineering.filter((m) => m.role === 'owner').length;
    expect(owners).toBeGreaterThanOrEqual(2);
    expect(owners).toBeLessThanOrEqual(3);
    expect(store.teamMembers(org, 'design')).toHaveLength(8);
    const glossary = store.glossaryEntries(org);
    expect(glossary).toHaveLength(10);
    const languages = new Set(glossary.flatMap((e) => Object.keys(e.translations)));
    expect([...languages].sort()).toEqual(['de', 'en', 'es', 'fr', 'ja', 'pt-BR']);
    expect(glossary.some((e) => Object.keys(e.translations).length < 6)).toBe(true);
  });

  it('demo is deterministic', () => {
    expect(seededStore('demo').toJSON()).toEqual(seededStore('demo').toJSON());
  });

  it('empty: same users and teams, no members, no glossary', () => {
    const demo = seededStore('demo');
    const empty = seededStore('empty');
    expect(empty.users(org)).toEqual(demo.users(org));
    expect(empty.teamIds(org)).toEqual(['engineering', 'design']);
    expect(empty.teamMembers(org, 'engineering')).toEqual([]);
    expect(empty.teamMembers(org, 'design')).toEqual([]);
    expect(empty.glossaryEntries(org)).toEqual([]);
  });
});

describe('SandboxStore', () => {
  it('adds deterministic users numbered after the existing ones', () => {
    const store = new SandboxStore();
    store.createOrganization('o');
    const first = store.addUsers('o', 2);
    expect(first.map((u) => [u.id, u.email])).toEqual([
      ['u00001', 'user00001@example.com'],
      ['u00002', 'user00002@example.com'],
    ]);
    const more = store.addUsers('o', 1, { role: 'admin', domain: 'corp.test' });
    expect(more[0]).toMatchObject({ id: 'u00003', email: 'user00003@corp.test', role: 'admin' });
  });

  it('finds users by id or by e-mail, trimmed and case-insensitively', () => {
    const store = seededStore('empty');
    const alice = store.findUser(org, '  alice.MARTIN@example.com ');
    expect(alice?.email).toBe('Alice.Martin@Example.com');
    expect(store.findUser(org, alice!.id)).toBe(alice);
    expect(store.findUser(org, 'nobody@example.com')).toBeUndefined();
    expect(store.findUser('other', alice!.id)).toBeUndefined();
  });

  it('creates organizations and teams, refusing duplicates and unknown users', () => {
    const store = new SandboxStore();
    store.createOrganization('o');
    expect(() => store.createOrganization('o')).toThrow(StoreError);
    store.createTeam('o', 't');
    expect(() => store.createTeam('o', 't')).toThrow(StoreError);
    expect(() => store.createTeam('x', 't')).toThrow(/unknown organization/);
    const [u] = store.addUsers('o', 1);
    expect(() => store.addUser('o', { ...u!, id: 'other' })).toThrow(/e-mail/);
    expect(() => store.setTeamMembers('o', 't', [{ userId: 'ghost' }])).toThrow(/unknown user/);
    store.setTeamMembers('o', 't', [{ userId: u!.id, role: 'owner' }]);
    expect(store.teamMembers('o', 't')).toEqual([{ userId: u!.id, role: 'owner' }]);
    expect(store.teamCount('o', u!.id)).toBe(1);
  });

  it('bulk update: remove wins over add, existing members keep their role', () => {
    const store = new SandboxStore();
    store.createOrganization('o');
    store.createTeam('o', 't');
    const [a, b, c] = store.addUsers('o', 3);
    store.setTeamMembers('o', 't', [{ userId: a!.id, role: 'owner' }]);
    store.updateTeamMembers('o', 't', [a!.id, b!.id, c!.id], [c!.id]);
    expect(store.teamMembers('o', 't')).toEqual([
      { userId: a!.id, role: 'owner' },
      { userId: b!.id, role: 'member' },
    ]);
  });

  it('pages keyset-style and survives removals', () => {
    const store = new SandboxStore();
    store.createOrganization('o');
    store.createTeam('o', 't');
    const users = store.addUsers('o', 5);
    store.setTeamMembers('o', 't', users.map((u) => ({ userId: u.id })));
    const first = store.listTeamMembers('o', 't', undefined, 2);
    expect(first.nextAfter).toBe('u00002');
    store.removeTeamMember('o', 't', 'u00002');
    const second = store.listTeamMembers('o', 't', first.nextAfter, 2);
    expect(second.items.map((m) => m.userId)).toEqual(['u00003', 'u00004']);
    const third = store.listTeamMembers('o', 't', second.nextAfter, 2);
    expect(third.items.map((m) => m.userId)).toEqual(['u00005']);
    expect(third.nextAfter).toBeUndefined();
  });

  it('round-trips through JSON', () => {
    const store = seededStore('demo');
    store.token = 'sbx_x';
    const copy = SandboxStore.fromJSON(JSON.parse(JSON.stringify(store.toJSON())));
    expect(copy.toJSON()).toEqual(store.toJSON());
    expect(copy.token).toBe('sbx_x');
    expect(() => SandboxStore.fromJSON({ version: 2 })).toThrow(StoreError);
  });

  it('organization members: a removal leaves every team and keeps the account; invitations are one per e-mail until the invitee joins; all round-trip', () => {
    const store = seededStore('demo');
    const user = store.users(org).find((u) => store.teamCount(org, u.id) === 2)!;
    store.members.setRole(org, user.id, null);
    expect(store.getUser(org, user.id)!.role).toBeNull();
    expect(store.members.remove(org, user.id)).toBe(true);
    expect(store.members.remove(org, user.id)).toBe(false);
    expect(store.getUser(org, user.id)).toBeUndefined();
    expect(store.teamMembers(org, 'engineering').map((m) => m.userId)).not.toContain(user.id);
    expect(store.teamMembers(org, 'design').map((m) => m.userId)).not.toContain(user.id);
    expect(store.members.findAccount(user.email.toUpperCase())).toMatchObject({ id: user.id, email: user.email });
    store.members.invite(org, { email: 'Invitee@example.net', role: 'read', sso: false, invitedAt: '2025-01-01T00:00:00.000Z' });
    store.members.invite(org, { email: 'invitee@EXAMPLE.net', role: 'edit', sso: true, invitedAt: '2025-02-01T00:00:00.000Z' });
    expect(store.members.invitations(org)).toEqual([{ email: 'invitee@EXAMPLE.net', role: 'edit', sso: true, invitedAt: '2025-01-01T00:00:00.000Z' }]);
    const other = store.users(org)[0]!;
    store.members.requestRemoval(org, other.id, '2025-03-01T00:00:00.000Z');
    store.members.requestRemoval(org, other.id, '2025-04-01T00:00:00.000Z');
    expect(store.members.removalRequests(org)).toEqual([{ userId: other.id, requestedAt: '2025-03-01T00:00:00.000Z' }]);
    expect(() => store.members.requestRemoval(org, user.id, '2025-03-01T00:00:00.000Z')).toThrow(StoreError);

    const copy = SandboxStore.fromJSON(JSON.parse(JSON.stringify(store.toJSON())));
    expect(copy.toJSON()).toEqual(store.toJSON());
    expect(copy.members.findAccount(user.email)?.id).toBe(user.id);

    store.addUser(org, { ...user, email: 'INVITEE@example.net', id: 'joined' });
    expect(store.members.invitations(org)).toEqual([]);
    // A sandbox without any of these writes what an older one did.
    expect(Object.keys(seededStore('empty').toJSON())).toEqual(['version', 'organizations']);
    // (The demo's past audit events are its own: `audit`, README's sandbox.)
    expect(Object.keys(seededStore('demo').toJSON())).toEqual(['version', 'organizations', 'audit']);
    // (The demo's spaces, collections, sites, invite links and SAML provider are its own: README's sandbox "Access".)
    expect(Object.keys(seededStore('demo').toJSON().organizations[0]!)).toEqual(['id', 'users', 'teams', 'glossary', 'access', 'linkInvites', 'translations', 'saml']);
  });

  describe('data file', () => {
    let dir: string;
    beforeEach(() => {
      dir = mkdtempSync(join(tmpdir(), 'teamctl-store-'));
    });
    afterEach(() => {
      rmSync(dir, { recursive: true, force: true });
    });

    it('writes atomically after each change and loads back', async () => {
      const file = join(dir, 'data.json');
      const store = seededStore('empty');
      const dataFile = await DataFile.attach(file, store);
      const [u] = store.users(org);
      store.putTeamMember(org, 'design', u!.id, 'owner');
      await dataFile.flush();
      expect(readdirSync(dir)).toEqual(['data.json']);
      const loaded = (await loadDataFile(file))!;
      expect(loaded.teamRole(org, 'design', u!.id)).toBe('owner');
      expect(loaded.toJSON()).toEqual(store.toJSON());
      expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(store.toJSON());
    });

    it('answers undefined for a missing file and throws for a broken one', async () => {
      expect(await loadDataFile(join(dir, 'missing.json'))).toBeUndefined();
      const broken = join(dir, 'broken.json');
      writeFileSync(broken, '{');
      await expect(loadDataFile(broken)).rejects.toThrow(/invalid JSON/);
    });
  });
});

describe('faults', () => {
  it('mulberry32 is deterministic per seed', () => {
    const a = mulberry32(9);
    const b = mulberry32(9);
    const values = Array.from({ length: 5 }, () => a());
    expect(Array.from({ length: 5 }, () => b())).toEqual(values);
    expect(values.every((v) => v >= 0 && v < 1)).toBe(true);
    expect(mulberry32(10)()).not.toBe(values[0]);
  });

  it('token bucket refills at the rate and gives Retry-After seconds', () => {
    let now = 0;
    const bucket = new TokenBucket(2, () => now);
    expect([bucket.take(), bucket.take(), bucket.take()]).toEqual([0, 0, 1]);
    now = 500;
    expect(bucket.take()).toBe(0);
    expect(bucket.take()).toBe(1);
    const slow = new TokenBucket(0.25, () => now);
    expect(slow.take()).toBe(0);
    expect(slow.take()).toBe(4);
  });

  it('decides rate limit, fail, reset and ambiguous in that order', () => {
    expect(new FaultInjector({ failRate: 1, resetRate: 1 }).decide()).toEqual({ kind: 'fail' });
    expect(new FaultInjector({ resetRate: 1, ambiguousRate: 1 }).decide()).toEqual({ kind: 'reset' });
    expect(new FaultInjector({ ambiguousRate: 1 }).decide()).toEqual({ kind: 'ambiguous' });
    expect(new FaultInjector({ latencyMs: 5 }).decide()).toEqual({ kind: 'none' });
    let now = 0;
    const limited = new FaultInjector({ rateLimit: 1, failRate: 1 }, () => now);
    expect(limited.decide()).toEqual({ kind: 'fail' });
    expect(limited.decide()).toEqual({ kind: 'rate-limit', retryAfterSeconds: 1 });
    now = 1000;
    expect(limited.decide()).toEqual({ kind: 'fail' });
  });

  it('refuses out-of-range settings', () => {
    expect(() => new FaultInjector({ failRate: 1.5 })).toThrow(RangeError);
    expect(() => new FaultInjector({ rateLimit: 0 })).toThrow(RangeError);
    expect(() => new FaultInjector({ latencyMs: -1 })).toThrow(RangeError);
  });
});
