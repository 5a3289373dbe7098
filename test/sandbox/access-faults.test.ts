// Faults aimed at grants (README, sandbox: "Faults"; `--write-fault access-grant:…`): a user grant
// may notify the user, so the sandbox counts every one it processed, and its answer can be lost
// after it was applied or come before it is applied, for a client's exactly-once tests. Checked
// against the state, the counts and the request log; no wall clock.
import { describe, expect, it } from 'vitest';
import type { Page } from '../../src/api/types.js';
import { parseWriteFault, writeFault } from '../../src/sandbox/server.js';
import type { Sandbox } from '../../src/sandbox/server.js';
import { call, expectError, start } from '../helpers/sandbox-http.js';

const org = 'acme';
const grantPath = '/v1/spaces/space-onboarding/permissions';
const usersPath = `${grantPath}/users`;
const listed = async (sb: Sandbox): Promise<string[]> => (await call<Page<{ user: { id: string } }>>(sb, 'GET', usersPath)).body.items.map((g) => g.user.id);
const chloe = (sb: Sandbox): string => sb.store.findUser(org, 'chloe.dubois@example.com')!.id;

describe('write faults on grants (access-grant)', () => {
  it('lost:503 applies the user grant, then answers 503: one grant, one notification; a re-send counts a second', async () => {
    const sb = await start({ seed: 'empty', writeFaults: [parseWriteFault('access-grant:lost:503,first=1')] });
    const user = chloe(sb);
    expectError(await call(sb, 'POST', grantPath, { body: { role: 'read', users: [user] } }), 503, /write fault lost:503/);
    expect(await listed(sb)).toEqual([user]);
    expect(sb.store.access.userGrantsSent(org, 'space', 'space-onboarding', user)).toBe(1);
    const logged = sb.requests.find((r) => r.method === 'POST');
    expect(logged).toMatchObject({ status: 503, appliedStatus: 204, fault: 'write-fault:access-grant:lost:503,first=1' });
    // A client that re-sends on a guess mails the user twice: the count shows it.
    expect((await call(sb, 'POST', grantPath, { body: { role: 'read', users: [user] } })).status).toBe(204);
    expect(sb.store.access.userGrantsSent(org, 'space', 'space-onboarding', user)).toBe(2);
    expect(await listed(sb)).toEqual([user]);
  });

  it('lost (reset) strikes a site\'s and a collection\'s grants too, team grants included; PATCH and DELETE are not struck', async () => {
    const sb = await start({ writeFaults: [parseWriteFault('access-grant:lost')] });
    const reset = (path: string, body: unknown) => fetch(sb.url + path, { method: 'POST', headers: { authorization: `Bearer ${sb.token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    await expect(reset(`/v1/orgs/${org}/sites/site-design/permissions`, { role: 'read', users: [chloe(sb)] })).rejects.toThrow();
    await expect(reset('/v1/collections/col-brand/permissions', { role: 'edit', teams: ['engineering'] })).rejects.toThrow();
    expect(sb.store.access.grantOf(sb.store.access.get('site', 'site-design')!, 'users', chloe(sb))).toBe('read');
    expect(sb.store.access.grantOf(sb.store.access.get('collection', 'col-brand')!, 'teams', 'engineering')).toBe('edit');
    expect(sb.store.access.userGrantsSent(org, 'site', 'site-design', chloe(sb))).toBe(1);
    expect((await call(sb, 'PATCH', '/v1/collections/col-brand/permissions/teams/engineering', { body: { role: 'read' } })).status).toBe(204);
    expect((await call(sb, 'DELETE', '/v1/collections/col-brand/permissions/teams/engineering')).status).toBe(205);
  });

  it('late: answered 503 at once, applied when the test lets it land; a listing meanwhile does not show it', async () => {
    const sb = await start({ seed: 'empty' });
    let land!: () => void;
    const until = new Promise<void>((resolve) => (land = resolve));
    sb.intercept(writeFault({ write: 'access-grant', fault: { kind: 'late', until } }));
    const user = chloe(sb);
    expectError(await call(sb, 'POST', grantPath, { body: { role: 'edit', users: [user] } }), 503, /applied later/);
    expect(await listed(sb)).toEqual([]);
    expect(sb.store.access.userGrantsSent(org, 'space', 'space-onboarding', user)).toBe(0);
    land();
    await until;
    await new Promise((resolve) => setImmediate(resolve));
    expect(await listed(sb)).toEqual([user]);
    expect(sb.store.access.userGrantsSent(org, 'space', 'space-onboarding', user)).toBe(1);
  });
});
