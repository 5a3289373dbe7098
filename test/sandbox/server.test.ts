// End-to-end tests of the sandbox server over HTTP (global fetch), started in-process on port 0.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ErrorBody, GlossaryEntry, Page, TeamMemberItem } from '../../src/api/types.js';
import { FaultInjector } from '../../src/sandbox/faults.js';
import { formatBanner } from '../../src/commands/sandbox-banner.js';
import { startSandbox } from '../../src/sandbox/server.js';
import type { Sandbox, SandboxOptions } from '../../src/sandbox/server.js';

const org = 'acme';
const team = 'engineering';
const membersPath = `/v1/orgs/${org}/teams/${team}/members`;
const glossaryPath = `/v1/orgs/${org}/translations-glossary`;

let sandbox: Sandbox;
const started: Sandbox[] = [];

async function start(options: SandboxOptions = {}): Promise<Sandbox> {
  const sb = await startSandbox({ port: 0, ...options });
  started.push(sb);
  return sb;
}

afterEach(async () => {
  await Promise.all(started.splice(0).map((sb) => sb.close()));
});

interface Answer<T> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

async function call<T = unknown>(
  method: string,
  path: string,
  options: { body?: unknown; rawBody?: string; token?: string | null; sb?: Sandbox } = {},
): Promise<Answer<T>> {
  const sb = options.sb ?? sandbox;
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = options.token === undefined ? sb.token : options.token;
  if (token !== null) headers.authorization = `Bearer ${token}`;
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(sb.url + path, { method, headers, body });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: (text ? JSON.parse(text) : undefined) as T, text };
}

function expectError(answer: Answer<unknown>, status: number, message?: RegExp | string): void {
  expect(answer.status).toBe(status);
  expect(answer.headers.get('content-type')).toBe('application/json');
  const body = answer.body as ErrorBody;
  expect(body.error.code).toBe(status);
  expect(typeof body.error.message).toBe('string');
  if (message !== undefined) expect(body.error.message).toMatch(message);
}

/** An injected sleep for the sandbox: it records each wait and the test decides when it ends. */
function manualSleep() {
  const asked: number[] = [];
  const pending: (() => void)[] = [];
  const sleep = (ms: number): Promise<void> =>
    new Promise<void>((resolve) => {
      asked.push(ms);
      pending.push(resolve);
    });
  return { sleep, asked, release: (): void => pending.splice(0).forEach((resolve) => resolve()) };
}

/** A PUT of glossary operations whose client can hang up when the test says. */
function abortablePut(sb: Sandbox, ops: unknown[]) {
  const controller = new AbortController();
  const answer = fetch(sb.url + glossaryPath, {
    method: 'PUT',
    headers: { authorization: `Bearer ${sb.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ operations: ops }),
    signal: controller.signal,
  });
  return { answer, hangUp: () => controller.abort() };
}

/** Every member of a team, following next.page; also returns the page sizes. */
async function listAll(path: string, limit?: number, sb: Sandbox = sandbox) {
  const items: TeamMemberItem[] = [];
  const sizes: number[] = [];
  let page: string | undefined;
  let last: Page<TeamMemberItem> | undefined;
  do {
    const query = new URLSearchParams();
    if (limit !== undefined) query.set('limit', String(limit));
    if (page !== undefined) query.set('page', page);
    const answer = await call<Page<TeamMemberItem>>('GET', `${path}?${query}`, { sb });
    expect(answer.status).toBe(200);
    last = answer.body;
    items.push(...last.items);
    sizes.push(last.items.length);
    page = last.next?.page;
  } while (page !== undefined);
  return { items, sizes, last };
}

function memberIds(sb: Sandbox = sandbox, teamId = team): string[] {
  return sb.store.teamMembers(org, teamId).map((m) => m.userId);
}

describe('sandbox server', () => {
  beforeEach(async () => {
    sandbox = await start({ seed: 'empty' });
  });

  describe('auth, routing, errors', () => {
    it('answers 401 JSON without or with a wrong bearer token', async () => {
      expectError(await call('GET', membersPath, { token: null }), 401);
      expectError(await call('GET', membersPath, { token: 'sbx_wrong' }), 401, /token/);
      const res = await fetch(sandbox.url + membersPath, { headers: { authorization: sandbox.token } });
      expect(res.status).toBe(401);
      expect((await call('GET', membersPath)).status).toBe(200);
    });

    it('generates a random sbx_ token, or uses the one given', async () => {
      expect(sandbox.token).toMatch(/^sbx_[0-9a-f]{32}$/);
      const other = await start({ token: 'my-token' });
      expect(other.token).toBe('my-token');
      expect((await call('GET', membersPath, { sb: other, token: 'my-token' })).status).toBe(200);
    });

    it('answers 404 JSON for unknown paths, organizations and teams', async () => {
      expectError(await call('GET', '/'), 404);
      expectError(await call('GET', `/orgs/${org}/teams/${team}/members`), 404);
      expectError(await call('GET', '/v1/orgs/nope/teams/engineering/members'), 404, /organization nope/);
      expectError(await call('GET', '/v1/orgs/acme/teams/nope/members'), 404, /team nope/);
      expectError(await call('GET', '/v1/orgs/nope/translations-glossary'), 404);
      expectError(await call('PUT', '/v1/orgs/acme/teams/nope/members', { body: { add: [] } }), 404);
    });

    it('answers 405 JSON with Allow for an unknown method on a known path', async () => {
      const answer = await call('POST', membersPath, { body: {} });
      expectError(answer, 405);
      expect(answer.headers.get('allow')).toBe('GET, PUT');
      expectError(await call('DELETE', glossaryPath), 405);
      expectError(await call('PUT', `${glossaryPath}/x`, { body: {} }), 405);
    });

    it('answers 400 JSON for a body that is not JSON', async () => {
      expectError(await call('PUT', membersPath, { rawBody: '{"add": [' }), 400, /JSON/);
      expectError(await call('PUT', glossaryPath, { rawBody: 'nope' }), 400, /JSON/);
      expectError(await call('PUT', `${membersPath}/u00001`, { rawBody: '{' }), 400, /JSON/);
    });
  });

  describe('GET team members', () => {
    it('pages 2,500 members by 1000: 3 pages, each member exactly once, next absent on the last', async () => {
      const users = sandbox.store.addUsers(org, 2500);
      sandbox.store.setTeamMembers(org, team, users.map((u) => ({ userId: u.id })));
      const { items, sizes, last } = await listAll(membersPath, 1000);
      expect(sizes).toEqual([1000, 1000, 500]);
      expect(last?.count).toBe(2500);
      expect(last && 'next' in last).toBe(false);
      const ids = items.map((i) => i.organization.id);
      expect(new Set(ids).size).toBe(2500);
      expect(ids).toEqual(users.map((u) => u.id).sort());
    });

    it('uses the default page size (50) without limit', async () => {
      const users = sandbox.store.addUsers(org, 120);
      sandbox.store.setTeamMembers(org, team, users.map((u) => ({ userId: u.id })));
      const { sizes } = await listAll(membersPath);
      expect(sizes).toEqual([50, 50, 20]);
      const small = await start({ seed: 'empty', defaultPageSize: 7 });
      small.store.setTeamMembers(org, team, small.store.users(org).slice(0, 10).map((u) => ({ userId: u.id })));
      expect((await listAll(membersPath, undefined, small)).sizes).toEqual([7, 3]);
    });

    it('maxPageSize caps every page, whatever limit asks, and the default page size too', async () => {
      const small = await start({ seed: 'empty', maxPageSize: 3 });
      small.store.setTeamMembers(org, team, small.store.users(org).slice(0, 8).map((u) => ({ userId: u.id })));
      expect((await listAll(membersPath, 1000, small)).sizes).toEqual([3, 3, 2]);
      expect((await listAll(membersPath, 2, small)).sizes).toEqual([2, 2, 2, 2]);
      expect((await listAll(membersPath, undefined, small)).sizes).toEqual([3, 3, 2]);
      await expect(start({ seed: 'empty', maxPageSize: 0 })).rejects.toThrow(/maxPageSize must be an integer from 1 to 1000/);
    });

    it('omits next when the last page is exactly full, and answers an empty team', async () => {
      const users = sandbox.store.addUsers(org, 4);
      const empty = await call<Page<TeamMemberItem>>('GET', membersPath);
      expect(empty.body).toEqual({ items: [], count: 0 });
      sandbox.store.setTeamMembers(org, team, users.map((u) => ({ userId: u.id })));
      expect((await listAll(membersPath, 2)).sizes).toEqual([2, 2]);
    });

    it('keeps a listing correct while members change between pages (keyset cursor)', async () => {
      const users = sandbox.store.addUsers(org, 10);
      sandbox.store.setTeamMembers(org, team, users.map((u) => ({ userId: u.id })));
      const first = await call<Page<TeamMemberItem>>('GET', `${membersPath}?limit=4`);
      // Remove a member already listed: the next page must not skip anyone still there.
      sandbox.store.removeTeamMember(org, team, users[1]!.id);
      const second = await call<Page<TeamMemberItem>>('GET', `${membersPath}?limit=4&page=${first.body.next!.page}`);
      expect(second.body.items.map((i) => i.organization.id)).toEqual(users.slice(4, 8).map((u) => u.id));
      expect(second.body.count).toBe(9);
    });

    it('renders items exactly as TeamMemberItem', async () => {
      const demo = await start({ seed: 'demo' });
      const answer = await call<Page<TeamMemberItem>>('GET', `${membersPath}?limit=1000`, { sb: demo });
      const item = answer.body.items[0]!;
      expect(Object.keys(item).sort()).toEqual(['organization', 'permissions', 'team']);
      expect(item.permissions).toEqual({ view: true });
      expect(['owner', 'member']).toContain(item.team.role);
      const m = item.organization;
      expect(m).toMatchObject({ object: 'member', user: { object: 'user', id: m.id } });
      expect(Object.keys(m).sort()).toEqual(
        ['disabled', 'id', 'joinedAt', 'lastSeenAt', 'object', 'role', 'sites', 'spaces', 'sso', 'teams', 'user'].sort(),
      );
      expect(m.user.urls.location).toBe(`${demo.url}/v1/users/${m.id}`);
      expect(Object.keys(m.user).sort()).toEqual(['displayName', 'email', 'id', 'object', 'photoURL', 'urls']);
      // `teams` counts the user's teams in the organization.
      const both = answer.body.items.find((i) => demo.store.teamRole(org, 'design', i.organization.id) !== undefined);
      expect(both?.organization.teams).toBe(2);
      expect(answer.body.count).toBe(20);
    });

    it.each(['0', '1001', 'abc', '-1', '1.5', '', '10x'])('answers 400 for limit=%j', async (limit) => {
      expectError(await call('GET', `${membersPath}?limit=${limit}`), 400, /limit/);
    });

    it('accepts limit 1 and 1000', async () => {
      expect((await call('GET', `${membersPath}?limit=1`)).status).toBe(200);
      expect((await call('GET', `${membersPath}?limit=1000`)).status).toBe(200);
    });

    it('answers 400 for a garbled or foreign page cursor', async () => {
      const users = sandbox.store.addUsers(org, 5);
      sandbox.store.setTeamMembers(org, team, users.map((u) => ({ userId: u.id })));
      const first = await call<Page<TeamMemberItem>>('GET', `${membersPath}?limit=2`);
      const cursor = first.body.next!.page!;
      expectError(await call('GET', `${membersPath}?page=garbage!!`), 400, /page/);
      expectError(await call('GET', `${membersPath}?page=${cursor.slice(0, -3)}`), 400, /page/);
      expectError(await call('GET', `${membersPath}?page=${cursor}x`), 400, /page/);
      const made = Buffer.from(JSON.stringify({ hello: 1 })).toString('base64url');
      expectError(await call('GET', `${membersPath}?page=${made}`), 400, /page/);
      sandbox.store.applyGlossaryOperations(org, [1, 2, 3].map((n) => ({ type: 'insert', translations: { en: `t${n}` } })), 'x');
      const glossary = await call<Page<GlossaryEntry>>('GET', `${glossaryPath}?limit=1`);
      expectError(await call('GET', `${membersPath}?page=${glossary.body.next!.page}`), 400, /another listing/);
    });
  });

  describe('PUT team members (bulk)', () => {
    it('adds and removes by id and by e-mail in any case, trimmed', async () => {
      const demo = await start({ seed: 'demo' });
      const alice = demo.store.findUser(org, 'alice.martin@example.com')!; // engineering owner
      const olivia = demo.store.findUser(org, 'olivia.johnson@example.com')!;
      const zoe = demo.store.findUser(org, 'zoe.williams@example.com')!;
      const bruno = demo.store.findUser(org, 'bruno.keller@example.com')!;
      expect(demo.store.teamRole(org, team, olivia.id)).toBeUndefined();
      const answer = await call('PUT', membersPath, {
        sb: demo,
        body: { add: [olivia.id, '  ZOE.williams@EXAMPLE.com ', 'ALICE.MARTIN@example.COM'], remove: ['Bruno.Keller@Example.com'] },
      });
      expect(answer.status).toBe(204);
      expect(answer.text).toBe('');
      expect(demo.store.teamRole(org, team, olivia.id)).toBe('member');
      expect(demo.store.teamRole(org, team, zoe.id)).toBe('member');
      expect(demo.store.teamRole(org, team, alice.id)).toBe('owner'); // existing member keeps the role
      expect(demo.store.teamRole(org, team, bruno.id)).toBeUndefined();
      await call('PUT', membersPath, { sb: demo, body: { remove: [zoe.id] } });
      expect(demo.store.teamRole(org, team, zoe.id)).toBeUndefined();
    });

    it('removes a user named in both add and remove (the service rule)', async () => {
      const [a, b] = sandbox.store.addUsers(org, 2);
      sandbox.store.setTeamMembers(org, team, [{ userId: b!.id }]);
      const answer = await call('PUT', membersPath, {
        body: { add: [a!.id, b!.email], remove: [a!.email.toUpperCase(), b!.id] },
      });
      expect(answer.status).toBe(204);
      expect(memberIds()).toEqual([]);
    });

    it('refuses an add entry naming no user: 400 naming it, nothing applied', async () => {
      const [a, b] = sandbox.store.addUsers(org, 2);
      sandbox.store.setTeamMembers(org, team, [{ userId: b!.id }]);
      const answer = await call('PUT', membersPath, {
        body: { add: [a!.id, 'ghost@example.com'], remove: [b!.id] },
      });
      expectError(answer, 400, /ghost@example\.com/);
      expect(memberIds()).toEqual([b!.id]);
    });

    it('ignores remove entries that are not members or not users', async () => {
      const [a] = sandbox.store.addUsers(org, 1);
      const answer = await call('PUT', membersPath, { body: { remove: [a!.id, 'nobody@example.com', 'u99999'] } });
      expect(answer.status).toBe(204);
    });

    it('validates the body: object with arrays of strings', async () => {
      expectError(await call('PUT', membersPath), 400, /body is required/);
      expectError(await call('PUT', membersPath, { body: [] }), 400);
      expectError(await call('PUT', membersPath, { body: { add: 'u00001' } }), 400, /add must be an array/);
      expectError(await call('PUT', membersPath, { body: { remove: ['a', 3] } }), 400, /remove\[1\]/);
    });

    it('ignores memberships', async () => {
      const [a] = sandbox.store.addUsers(org, 1);
      const answer = await call('PUT', membersPath, { body: { add: [a!.id], memberships: { [a!.id]: { role: 'owner' } } } });
      expect(answer.status).toBe(204);
      expect(sandbox.store.teamRole(org, team, a!.id)).toBe('member');
    });

    it('answers 413 above maxBatch add+remove entries, nothing applied', async () => {
      const sb = await start({ seed: 'empty', maxBatch: 3 });
      const users = sb.store.addUsers(org, 4);
      const ids = users.map((u) => u.id);
      expectError(await call('PUT', membersPath, { sb, body: { add: ids.slice(0, 2), remove: ids.slice(2) } }), 413);
      expect(memberIds(sb)).toEqual([]);
      expect((await call('PUT', membersPath, { sb, body: { add: ids.slice(0, 3) } })).status).toBe(204);
    });
  });

  describe('PUT and DELETE one team member', () => {
    it('adds with a role, changes a role, keeps the role when omitted', async () => {
      const [a, b] = sandbox.store.addUsers(org, 2);
      expect((await call('PUT', `${membersPath}/${a!.id}`, { body: { role: 'owner' } })).status).toBe(204);
      expect(sandbox.store.teamRole(org, team, a!.id)).toBe('owner');
      expect((await call('PUT', `${membersPath}/${a!.id}`, { body: {} })).status).toBe(204);
      expect(sandbox.store.teamRole(org, team, a!.id)).toBe('owner');
      expect((await call('PUT', `${membersPath}/${a!.id}`, { body: { role: 'member' } })).status).toBe(204);
      expect(sandbox.store.teamRole(org, team, a!.id)).toBe('member');
      // No body at all: a new member gets `member`.
      expect((await call('PUT', `${membersPath}/${b!.id}`)).status).toBe(204);
      expect(sandbox.store.teamRole(org, team, b!.id)).toBe('member');
    });

    it('answers 400 for an invalid role and 404 for an unknown user or an e-mail', async () => {
      const [a] = sandbox.store.addUsers(org, 1);
      expectError(await call('PUT', `${membersPath}/${a!.id}`, { body: { role: 'admin' } }), 400, /role/);
      expectError(await call('PUT', `${membersPath}/${a!.id}`, { body: { role: null } }), 400, /role/);
      expectError(await call('PUT', `${membersPath}/u99999`, { body: { role: 'member' } }), 404, /u99999/);
      expectError(await call('PUT', `${membersPath}/${encodeURIComponent(a!.email)}`, { body: {} }), 404);
      expect(memberIds()).toEqual([]);
    });

    it('DELETE answers 205 when a member was removed, 204 when not a member', async () => {
      const [a] = sandbox.store.addUsers(org, 1);
      sandbox.store.setTeamMembers(org, team, [{ userId: a!.id, role: 'owner' }]);
      const removed = await call('DELETE', `${membersPath}/${a!.id}`);
      expect(removed.status).toBe(205);
      expect(removed.text).toBe('');
      expect(memberIds()).toEqual([]);
      expect((await call('DELETE', `${membersPath}/${a!.id}`)).status).toBe(204);
      expect((await call('DELETE', `${membersPath}/u99999`)).status).toBe(204);
    });
  });

  describe('glossary', () => {
    async function entries(sb: Sandbox = sandbox): Promise<GlossaryEntry[]> {
      const answer = await call<Page<GlossaryEntry>>('GET', `${glossaryPath}?limit=1000`, { sb });
      expect(answer.status).toBe(200);
      return answer.body.items;
    }

    it('inserts, updates (replacing translations) and deletes entries', async () => {
      const put = (operations: unknown[]) => call('PUT', glossaryPath, { body: { operations } });
      expect((await put([{ type: 'insert', translations: { en: 'Space', fr: 'Espace' } }])).status).toBe(204);
      const [entry] = await entries();
      expect(entry).toMatchObject({ object: 'glossary-entry', translations: { en: 'Space', fr: 'Espace' } });
      expect(entry!.id).toMatch(/^ge_[0-9a-z]+$/);
      expect(entry!.createdAt).toBe(entry!.updatedAt);
      expect(new Date(entry!.createdAt).toISOString()).toBe(entry!.createdAt);
      expect(entry!.urls.location).toBe(`${sandbox.url}${glossaryPath}/${entry!.id}`);

      const got = await call<GlossaryEntry>('GET', `${glossaryPath}/${entry!.id}`);
      expect(got.status).toBe(200);
      expect(got.body).toEqual(entry);

      expect((await put([{ type: 'update', id: entry!.id, translations: { de: 'Bereich' } }])).status).toBe(204);
      const [updated] = await entries();
      expect(updated!.translations).toEqual({ de: 'Bereich' });
      expect(updated!.createdAt).toBe(entry!.createdAt);
      expect(updated!.updatedAt > entry!.updatedAt).toBe(true);

      expect((await put([{ type: 'delete', id: entry!.id }])).status).toBe(204);
      expect(await entries()).toEqual([]);
      expectError(await call('GET', `${glossaryPath}/${entry!.id}`), 404, /not found/);
    });

    it('answers 404 JSON for an unknown entry', async () => {
      expectError(await call('GET', `${glossaryPath}/ge_nope`), 404);
    });

    it('validates the whole batch first: one bad operation → 400 naming its index, nothing applied', async () => {
      const answer = await call('PUT', glossaryPath, {
        body: {
          operations: [
            { type: 'insert', translations: { en: 'One' } },
            { type: 'insert', translations: { en: 'Two' } },
            { type: 'insert', translations: { en: 'Three' } },
            { type: 'insert', translations: { en: 'Four', fr: 'x'.repeat(256) } },
          ],
        },
      });
      expectError(answer, 400, 'operations[3]: translations.fr must be 1-255 characters without line breaks');
      expect(await entries()).toEqual([]);
    });

    it.each([
      ['256 characters', { en: 'x'.repeat(256) }, /translations\.en must be 1-255/],
      ['a line feed', { en: 'a\nb' }, /translations\.en must be 1-255 characters without line breaks/],
      ['a carriage return', { en: 'a\rb' }, /without line breaks/],
      ['an empty term', { en: '' }, /translations\.en must be 1-255/],
      ['a number', { en: 3 }, /translations\.en must be a string/],
      ['no translation', {}, /at least one/],
      ['an array', ['x'], /must be an object/],
    ])('refuses translations with %s', async (_what, translations, message) => {
      const answer = await call('PUT', glossaryPath, { body: { operations: [{ type: 'insert', translations }] } });
      expectError(answer, 400, message);
      expect(await entries()).toEqual([]);
    });

    it('accepts 255 characters (counted as characters, not UTF-16 units)', async () => {
      const ops = [
        { type: 'insert', translations: { en: 'x'.repeat(255) } },
        { type: 'insert', translations: { ja: '😀'.repeat(255) } },
      ];
      expect((await call('PUT', glossaryPath, { body: { operations: ops } })).status).toBe(204);
      expect(await entries()).toHaveLength(2);
    });

    it('refuses unknown types, unknown ids, ids deleted earlier in the batch, missing operations', async () => {
      sandbox.store.applyGlossaryOperations(org, [{ type: 'insert', translations: { en: 'A' } }], 't');
      const [a] = sandbox.store.glossaryEntries(org);
      const put = (body: unknown) => call('PUT', glossaryPath, { body });
      expectError(await put({ operations: [{ type: 'upsert', translations: { en: 'x' } }] }), 400, /operations\[0\]: type/);
      expectError(await put({ operations: [{ type: 'update', id: 'ge_nope', translations: { en: 'x' } }] }), 400, /operations\[0\].*ge_nope/);
      expectError(await put({ operations: [{ type: 'delete' }] }), 400, /operations\[0\]: id/);
      expectError(
        await put({ operations: [{ type: 'delete', id: a!.id }, { type: 'update', id: a!.id, translations: { en: 'B' } }] }),
        400,
        /operations\[1\]/,
      );
      expectError(await put({ operations: ['insert'] }), 400, /operations\[0\] must be an object/);
      expectError(await put({}), 400, /operations is required/);
      expectError(await put({ operations: {} }), 400, /operations is required/);
      expectError(await call('PUT', glossaryPath), 400);
      expect(sandbox.store.glossaryEntries(org)).toEqual([a]);
    });

    it('answers 413 above maxBatch operations, nothing applied', async () => {
      const sb = await start({ seed: 'empty', maxBatch: 2 });
      const ops = [1, 2, 3].map((n) => ({ type: 'insert', translations: { en: `t${n}` } }));
      expectError(await call('PUT', glossaryPath, { sb, body: { operations: ops } }), 413);
      expect(sb.store.glossaryEntries(org)).toEqual([]);
    });

    it('pages entries by id, and by a translation with orderBy (entries without it last)', async () => {
      const demo = await start({ seed: 'demo' });
      const all = await entries(demo);
      expect(all.map((e) => e.id)).toEqual([...all.map((e) => e.id)].sort());
      // Page through with orderBy=fr, limit 3.
      const seen: GlossaryEntry[] = [];
      let page: string | undefined;
      const sizes: number[] = [];
      do {
        const q = new URLSearchParams({ limit: '3', orderBy: 'fr' });
        if (page) q.set('page', page);
        const answer = await call<Page<GlossaryEntry>>('GET', `${glossaryPath}?${q}`, { sb: demo });
        expect(answer.status).toBe(200);
        seen.push(...answer.body.items);
        sizes.push(answer.body.items.length);
        page = answer.body.next?.page;
      } while (page);
      expect(sizes).toEqual([3, 3, 3, 1]);
      const withFr = seen.filter((e) => e.translations.fr !== undefined);
      const french = withFr.map((e) => e.translations.fr!);
      expect(french).toEqual([...french].sort());
      expect(seen.slice(withFr.length).every((e) => e.translations.fr === undefined)).toBe(true);
      expect(new Set(seen.map((e) => e.id)).size).toBe(all.length);
      // Language keys match case-insensitively (the published keys are lower case).
      const ptbr = await call<Page<GlossaryEntry>>('GET', `${glossaryPath}?orderBy=pt-br&limit=1`, { sb: demo });
      expect(ptbr.body.items[0]!.translations['pt-BR']).toBeDefined();
      expectError(await call('GET', `${glossaryPath}?orderBy=not a language`, { sb: demo }), 400, /orderBy/);
      const first = await call<Page<GlossaryEntry>>('GET', `${glossaryPath}?orderBy=fr&limit=2`, { sb: demo });
      expectError(
        await call('GET', `${glossaryPath}?orderBy=de&page=${first.body.next!.page}`, { sb: demo }),
        400,
        /orderBy/,
      );
      expectError(await call('GET', `${glossaryPath}?limit=1001`, { sb: demo }), 400, /limit/);
    });
  });

  describe('persistence', () => {
    let dir: string;
    beforeEach(() => {
      dir = mkdtempSync(join(tmpdir(), 'teamctl-sandbox-'));
    });
    afterEach(() => {
      rmSync(dir, { recursive: true, force: true });
    });

    it('keeps state and token in the data file across a restart', async () => {
      const dataFile = join(dir, 'state', 'sandbox.json');
      // The folder must exist: it is not created (a mistyped --data path is refused).
      await expect(start({ seed: 'demo', dataFile })).rejects.toThrow(`the folder ${join(dir, 'state')} of the data file ${dataFile} does not exist`);
      mkdirSync(join(dir, 'state'));
      const first = await start({ seed: 'demo', dataFile });
      const olivia = first.store.findUser(org, 'olivia.johnson@example.com')!;
      expect((await call('PUT', `${membersPath}/${olivia.id}`, { sb: first, body: { role: 'owner' } })).status).toBe(204);
      const ops = [{ type: 'insert', translations: { en: 'Persisted', fr: 'Persisté' } }];
      expect((await call('PUT', glossaryPath, { sb: first, body: { operations: ops } })).status).toBe(204);
      const before = first.store.toJSON();
      await first.close();

      const onDisk = JSON.parse(readFileSync(dataFile, 'utf8')) as { token: string };
      expect(onDisk.token).toBe(first.token);
      expect(readdirSync(join(dir, 'state'))).toEqual(['sandbox.json']); // no temp file left

      // The seed is ignored when the data file exists.
      const second = await start({ seed: 'empty', dataFile });
      expect(second.token).toBe(first.token);
      expect(second.options.loadedFromDataFile).toBe(true);
      expect(second.store.toJSON()).toEqual(before);
      expect(second.store.teamRole(org, team, olivia.id)).toBe('owner');
      const list = await call<Page<GlossaryEntry>>('GET', `${glossaryPath}?limit=1000`, { sb: second });
      expect(list.body.items.some((e) => e.translations.fr === 'Persisté')).toBe(true);
    });

    it('refuses to start on a data file that is not sandbox data', async () => {
      const dataFile = join(dir, 'bad.json');
      await import('node:fs').then((fs) => fs.writeFileSync(dataFile, '{"not":"sandbox"}'));
      await expect(startSandbox({ dataFile })).rejects.toThrow(/not a sandbox data file/);
    });
  });

  describe('faults', () => {
    it('fail-rate: 503 JSON, nothing applied', async () => {
      const sb = await start({ seed: 'empty', failRate: 1, faultSeed: 3 });
      const [a] = sb.store.addUsers(org, 1);
      const answer = await call('PUT', membersPath, { sb, body: { add: [a!.id] } });
      expectError(answer, 503);
      expect(memberIds(sb)).toEqual([]);
      expect(sb.requests.at(-1)).toMatchObject({ status: 503, fault: 'fail' });
    });

    it('is deterministic for a given fault seed', async () => {
      const run = async () => {
        const sb = await start({ seed: 'empty', failRate: 0.5, faultSeed: 42 });
        const statuses: number[] = [];
        for (let i = 0; i < 20; i++) statuses.push((await call('GET', membersPath, { sb })).status);
        return statuses;
      };
      const first = await run();
      expect(await run()).toEqual(first);
      expect(first).toContain(200);
      expect(first).toContain(503);
      // The same decisions as the injector itself makes from that seed.
      const injector = new FaultInjector({ failRate: 0.5, faultSeed: 42 });
      expect(first).toEqual(first.map(() => (injector.decide().kind === 'fail' ? 503 : 200)));
    });

    it('rate-limit: 429 with Retry-After in seconds', async () => {
      const sb = await start({ seed: 'empty', rateLimit: 1 });
      expect((await call('GET', membersPath, { sb })).status).toBe(200);
      const limited = await call('GET', membersPath, { sb });
      expectError(limited, 429);
      expect(limited.headers.get('retry-after')).toBe('1');
    });

    it('reset-rate: the connection is destroyed before processing', async () => {
      const sb = await start({ seed: 'empty', resetRate: 1 });
      const [a] = sb.store.addUsers(org, 1);
      await expect(call('PUT', membersPath, { sb, body: { add: [a!.id] } })).rejects.toThrow();
      expect(memberIds(sb)).toEqual([]);
      expect(sb.requests).toHaveLength(1);
      expect(sb.requests[0]).toMatchObject({ method: 'PUT', status: 0, fault: 'reset' });
    });

    it('ambiguous-rate: applied, then the connection is destroyed without an answer', async () => {
      const sb = await start({ seed: 'empty', ambiguousRate: 1 });
      const [a] = sb.store.addUsers(org, 1);
      await expect(call('PUT', membersPath, { sb, body: { add: [a!.id] } })).rejects.toThrow();
      expect(memberIds(sb)).toEqual([a!.id]);
      expect(sb.requests[0]).toMatchObject({ status: 0, fault: 'ambiguous', appliedStatus: 204 });
    });

    it('latency: every answer waits that long first (an injected clock)', async () => {
      const clock = manualSleep();
      const sb = await start({ seed: 'empty', latencyMs: 120, sleep: clock.sleep });
      const answer = call('GET', membersPath, { sb });
      await vi.waitFor(() => expect(clock.asked).toEqual([120]));
      expect(sb.requests[0]).toMatchObject({ method: 'GET', status: 0 }); // not answered while it waits
      clock.release();
      expect((await answer).status).toBe(200);
    });

    it('latency: a request whose client hung up meanwhile is still applied, as by a real service; the answer goes nowhere', async () => {
      const clock = manualSleep();
      const sb = await start({ seed: 'empty', latencyMs: 300, sleep: clock.sleep });
      const put = abortablePut(sb, [{ type: 'insert', translations: { en: 'Late' } }]);
      await vi.waitFor(() => expect(clock.asked).toEqual([300]));
      put.hangUp();
      await expect(put.answer).rejects.toThrow();
      // The client has gone; the sandbox is still in its latency.
      expect(sb.store.glossaryEntries(org)).toEqual([]);
      await vi.waitFor(() => expect(sb.requests[0]).toMatchObject({ method: 'PUT', status: 0, clientGone: true }));
      clock.release();
      await vi.waitFor(() => expect(sb.requests[0]).toMatchObject({ status: 0, clientGone: true, appliedStatus: 204 }));
      expect(sb.store.glossaryEntries(org).map((e) => e.translations)).toEqual([{ en: 'Late' }]);
      // The sandbox goes on serving.
      clock.release();
      const next = call('GET', glossaryPath, { sb });
      await vi.waitFor(() => expect(clock.asked).toHaveLength(2));
      clock.release();
      expect((await next).status).toBe(200);
    });

    it('close() does not wait for a request still in its latency (here: a wait that never ends)', async () => {
      const sb = await startSandbox({ seed: 'empty', latencyMs: 10_000, sleep: () => new Promise<void>(() => {}) });
      const pending = call('GET', membersPath, { sb }).catch((err: unknown) => err);
      await vi.waitFor(() => expect(sb.requests).toHaveLength(1));
      await sb.close(); // waiting for that request would never return
      expect(await pending).toBeInstanceOf(Error);
    });
  });

  describe('intercepts', () => {
    it('respond: answers without applying; string bodies are sent as is', async () => {
      const [a] = sandbox.store.addUsers(org, 1);
      let seen: unknown;
      sandbox.intercept((req) => {
        seen = req;
        return req.method === 'PUT' ? { kind: 'respond', status: 502, body: '<html>Bad gateway</html>', headers: { 'content-type': 'text/html' } } : undefined;
      });
      const answer = await fetch(sandbox.url + membersPath, {
        method: 'PUT',
        headers: { authorization: `Bearer ${sandbox.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ add: [a!.id] }),
      });
      expect(answer.status).toBe(502);
      expect(answer.headers.get('content-type')).toBe('text/html');
      expect(await answer.text()).toBe('<html>Bad gateway</html>');
      expect(seen).toMatchObject({ method: 'PUT', path: membersPath, query: {}, body: { add: [a!.id] } });
      expect(memberIds()).toEqual([]);
      // Not a PUT: the hook passes, normal handling.
      expect((await call('GET', `${membersPath}?limit=5`)).status).toBe(200);
      expect(sandbox.requests.at(-1)).toMatchObject({ method: 'GET', query: { limit: '5' }, status: 200 });
      expect(sandbox.requests.at(-1)?.fault).toBeUndefined();
    });

    it('respond with a JSON body and headers, e.g. 429 Retry-After', async () => {
      sandbox.intercept(() => ({ kind: 'respond', status: 429, body: { error: { code: 429, message: 'slow down' } }, headers: { 'retry-after': '2' } }));
      const answer = await call('GET', membersPath);
      expectError(answer, 429, 'slow down');
      expect(answer.headers.get('retry-after')).toBe('2');
    });

    it('reset: connection destroyed, nothing applied', async () => {
      const [a] = sandbox.store.addUsers(org, 1);
      sandbox.intercept(() => ({ kind: 'reset' }));
      await expect(call('PUT', membersPath, { body: { add: [a!.id] } })).rejects.toThrow();
      expect(memberIds()).toEqual([]);
      expect(sandbox.requests.at(-1)).toMatchObject({ status: 0, fault: 'intercept:reset' });
    });

    it('applyThenReset: applied, then no answer (the lost answer)', async () => {
      sandbox.intercept((req) => (req.method === 'PUT' ? { kind: 'applyThenReset' } : undefined));
      const ops = [{ type: 'insert', translations: { en: 'Lost answer' } }];
      await expect(call('PUT', glossaryPath, { body: { operations: ops } })).rejects.toThrow();
      expect(sandbox.store.glossaryEntries(org).map((e) => e.translations)).toEqual([{ en: 'Lost answer' }]);
      expect(sandbox.requests.at(-1)).toMatchObject({ status: 0, fault: 'intercept:applyThenReset', appliedStatus: 204 });
    });

    it('delay: holds one request (an injected clock), then applies it even when its client has hung up; other requests are not slowed', async () => {
      const clock = manualSleep();
      const sb = await start({ seed: 'empty', sleep: clock.sleep });
      sb.intercept((req) => (req.method === 'PUT' ? { kind: 'delay', ms: 300 } : undefined));
      const put = abortablePut(sb, [{ type: 'insert', translations: { en: 'Held' } }]);
      await vi.waitFor(() => expect(clock.asked).toEqual([300]));
      put.hangUp();
      await expect(put.answer).rejects.toThrow();
      await vi.waitFor(() => expect(sb.requests[0]).toMatchObject({ clientGone: true }));
      // Answered while the PUT is still held: not slowed.
      expect((await call('GET', glossaryPath, { sb })).status).toBe(200);
      expect(sb.store.glossaryEntries(org)).toEqual([]);
      clock.release();
      await vi.waitFor(() => expect(sb.store.glossaryEntries(org)).toHaveLength(1));
      expect(sb.requests[0]).toMatchObject({ method: 'PUT', status: 0, fault: 'intercept:delay', clientGone: true, appliedStatus: 204 });
      // A client that waits gets the answer, once the delay is over.
      const waited = call('PUT', glossaryPath, { sb, body: { operations: [{ type: 'insert', translations: { en: 'Waited' } }] } });
      await vi.waitFor(() => expect(clock.asked).toEqual([300, 300]));
      expect(sb.requests.at(-1)).toMatchObject({ status: 0 });
      clock.release();
      expect((await waited).status).toBe(204);
      expect(sb.requests.at(-1)).toMatchObject({ status: 204, fault: 'intercept:delay' });
      expect(sb.requests.at(-1)?.clientGone).toBeUndefined();
    });

    it('hold: held until the test lets it go, then handled normally', async () => {
      let letGo!: () => void;
      sandbox.intercept((req) => (req.method === 'PUT' ? { kind: 'hold', until: new Promise<void>((resolve) => (letGo = resolve)) } : undefined));
      const held = call('PUT', glossaryPath, { body: { operations: [{ type: 'insert', translations: { en: 'Held' } }] } });
      await vi.waitFor(() => expect(sandbox.requests).toHaveLength(1));
      expect((await call('GET', glossaryPath)).status).toBe(200);
      expect(sandbox.requests[0]).toMatchObject({ method: 'PUT', status: 0 });
      letGo();
      expect((await held).status).toBe(204);
      expect(sandbox.store.glossaryEntries(org).filter((e) => e.translations.en === 'Held')).toHaveLength(1);
    });

    it('applyThen: applied, then answered with the given status', async () => {
      const [a] = sandbox.store.addUsers(org, 1);
      sandbox.intercept(() => ({ kind: 'applyThen', status: 500, body: { error: { code: 500, message: 'oops' } } }));
      expectError(await call('PUT', `${membersPath}/${a!.id}`, { body: { role: 'owner' } }), 500, 'oops');
      expect(sandbox.store.teamRole(org, team, a!.id)).toBe('owner');
    });

    it('clearIntercepts: back to normal; hooks come before faults', async () => {
      const sb = await start({ seed: 'empty', failRate: 1 });
      sb.intercept(() => ({ kind: 'respond', status: 418 }));
      expect((await call('GET', membersPath, { sb })).status).toBe(418);
      sb.clearIntercepts();
      expect((await call('GET', membersPath, { sb })).status).toBe(503);
      expect(sb.requests.map((r) => r.status)).toEqual([418, 503]);
    });
  });

  describe('request log, keep-alive, banner', () => {
    it('logs every request in order with method, path, query, status and parsed body', async () => {
      await call('GET', `${membersPath}?limit=2`);
      await call('PUT', membersPath, { body: { add: ['ghost'] } });
      await call('GET', membersPath, { token: 'bad' });
      await call('PUT', glossaryPath, { rawBody: '{oops' });
      expect(sandbox.requests).toEqual([
        { method: 'GET', path: membersPath, query: { limit: '2' }, status: 200, body: undefined },
        { method: 'PUT', path: membersPath, query: {}, status: 400, body: { add: ['ghost'] } },
        { method: 'GET', path: membersPath, query: {}, status: 401, body: undefined },
        { method: 'PUT', path: glossaryPath, query: {}, status: 400, body: undefined },
      ]);
    });

    it('sends Content-Length and closes idle keep-alive connections on close()', async () => {
      const sb = await startSandbox({ seed: 'empty' });
      const res = await fetch(`${sb.url}${membersPath}`, { headers: { authorization: `Bearer ${sb.token}` } });
      const text = await res.text();
      expect(res.headers.get('content-length')).toBe(String(Buffer.byteLength(text)));
      expect(res.headers.get('connection')).toBe('keep-alive');
      // An idle keep-alive connection left open would hold close() for the server's keep-alive
      // timeout (5 s): longer than this test is allowed.
      await sb.close();
      await sb.close(); // idempotent
    }, 3000);

    it('handles request bodies of a few MB', async () => {
      const sb = await start({ seed: 'empty', maxBatch: 100_000 });
      const remove = Array.from({ length: 60_000 }, (_, i) => `someone-${i}@example.com`);
      const answer = await call('PUT', membersPath, { sb, body: { remove } });
      expect(answer.status).toBe(204);
    });

    it('formats a banner with URL, token, org, teams and export lines', async () => {
      const demo = await start({ seed: 'demo', failRate: 0.1, faultSeed: 7 });
      const banner = formatBanner(demo);
      expect(banner).toContain(demo.url);
      expect(banner).toContain(demo.token);
      expect(banner).toContain('engineering, design');
      expect(banner).toContain('fail-rate 0.1 (fault-seed 7)');
      expect(banner).toContain(`export TEAMCTL_BASE_URL=${demo.url}\n`);
      expect(banner).toContain(`export TEAMCTL_TOKEN=${demo.token}\n`);
      expect(banner).toContain('export TEAMCTL_ORG=acme\n');
      expect(banner).toContain('export TEAMCTL_TEAM=engineering\n');
      expect(banner).not.toContain('/v1');
    });
  });
});

describe('GET /user (getAuthenticatedUser)', () => {
  it("answers the token's user in the published User shape; no token or another is 401", async () => {
    const sb = await start({ seed: 'demo' });
    const me = await call<Record<string, unknown>>('GET', '/v1/user', { sb });
    expect(me.status).toBe(200);
    // The document's required fields: object, id, displayName, urls.location.
    expect(me.body).toEqual({ object: 'user', id: 'u-sandbox-admin', displayName: 'Sandbox Admin', email: 'admin@sandbox.example.com', urls: { location: `${sb.url}/v1/users/u-sandbox-admin` } });
    expectError(await call('GET', '/v1/user', { sb, token: null }), 401);
    expectError(await call('GET', '/v1/user', { sb, token: 'sbx_other_0000000000' }), 401);
    expectError(await call('PUT', '/v1/user', { sb, body: {} }), 405);
  });
});

describe('the organization listings of the published document', () => {
  it('teams: OrganizationTeam items, opaque cursors tied to their query, the title filter', async () => {
    const sb = await start({ seed: 'demo' });
    const first = await call<Page<Record<string, unknown>>>('GET', '/v1/orgs/acme/teams?limit=1', { sb });
    expect(first.status).toBe(200);
    expect(first.body.items[0]).toMatchObject({ object: 'team', id: 'engineering', title: 'Platform Engineering', members: 20, spaces: 2, permissions: { admin: true, view: true } });
    expect(typeof first.body.items[0]?.createdAt).toBe('string');
    const cursor = first.body.next?.page as string;
    expect((await call<Page<{ id: string }>>('GET', `/v1/orgs/acme/teams?limit=1&page=${cursor}`, { sb })).body.items.map((t) => t.id)).toEqual(['design']);
    // A cursor of one query is refused by another.
    expectError(await call('GET', `/v1/orgs/acme/teams?limit=1&title=des&page=${cursor}`, { sb }), 400, /another listing/);
    expect((await call<Page<{ id: string }>>('GET', '/v1/orgs/acme/teams?title=DES', { sb })).body.items.map((t) => t.id)).toEqual(['design']);
    // The filter reads the title, not the id: "platform" is in engineering's title alone, "engineering" in no id but its own.
    expect((await call<Page<{ id: string; title: string }>>('GET', '/v1/orgs/acme/teams?title=pLaTfOrM', { sb })).body.items.map((t) => [t.id, t.title])).toEqual([['engineering', 'Platform Engineering']]);
    expect((await call<Page<{ id: string }>>('GET', '/v1/orgs/acme/teams?title=product%20des', { sb })).body.items.map((t) => t.id)).toEqual(['design']);
    expectError(await call('GET', '/v1/orgs/nope/teams', { sb }), 404);
  });

  it("members: search, role, sort and order; a member's teams with roles; 404 for a user not in the organization", async () => {
    const sb = await start({ seed: 'demo' });
    const search = await call<Page<{ user: { email: string } }>>('GET', '/v1/orgs/acme/members?search=KENJI', { sb });
    expect(search.body.items.map((m) => m.user.email)).toEqual(['kenji.sato@example.com']);
    const byName = await call<Page<{ user: { displayName: string }; role: string }>>('GET', '/v1/orgs/acme/members?role=admin&sort=name&order=asc&limit=1000', { sb });
    const names = byName.body.items.map((m) => m.user.displayName);
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(byName.body.items.every((m) => m.role === 'admin')).toBe(true);
    expectError(await call('GET', '/v1/orgs/acme/members?sort=age', { sb }), 400);
    const kenji = sb.store.findUser('acme', 'kenji.sato@example.com')!;
    const teams = await call<Page<{ team: { id: string }; member: { role: string } }>>('GET', `/v1/orgs/acme/members/${kenji.id}/teams`, { sb });
    const titled = await call<Page<{ team: { id: string; title: string } }>>('GET', `/v1/orgs/acme/members/${kenji.id}/teams?title=platform`, { sb });
    expect(titled.body.items.map((t) => [t.team.id, t.team.title])).toEqual([['engineering', 'Platform Engineering']]);
    expect(teams.body.items.map((t) => [t.team.id, t.member.role])).toEqual(sb.store.teamIds('acme').flatMap((t) => (sb.store.teamRole('acme', t, kenji.id) ? [[t, sb.store.teamRole('acme', t, kenji.id)]] : [])));
    expectError(await call('GET', '/v1/orgs/acme/members/nobody/teams', { sb }), 404);
  });
});

describe('--data and a port that is taken', () => {
  it('a start that fails on a busy port leaves no data file behind (the next start is not "loaded")', async () => {
    const busy = await start({ seed: 'empty' });
    const dir = mkdtempSync(join(tmpdir(), 'teamctl-busy-'));
    const data = join(dir, 'fresh.json');
    await expect(startSandbox({ port: Number(new URL(busy.url).port), dataFile: data })).rejects.toThrow(/EADDRINUSE/);
    expect(readdirSync(dir)).toEqual([]);
    const next = await start({ dataFile: data });
    expect(next.options.loadedFromDataFile).toBe(false);
  });
});
