// The sandbox's audit log: every write it takes records events in the document's AuditEvent
// shape; the listing's filters, pages of at most 100, newest first; one event; the actions; the
// organization's `auditLogs`; and `--plan free`, where the audit operations answer 403.
import { describe, expect, it } from 'vitest';
import { allPages, call, expectError, start } from '../helpers/sandbox-http.js';

const org = 'acme';
interface Event {
  object: string;
  id: string;
  occurredAt: string;
  action: string;
  actor: { type: string; id: string; label?: string };
  source: string;
  target: { type: string; id: string; label?: string };
  urls: { location: string };
}
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('sandbox audit log', () => {
  it('records each write taken, by the token user through the API, in the document shape', async () => {
    const sb = await start({ seed: 'empty' });
    const [user] = sb.store.users(org);
    expect((await call(sb, 'PUT', `/v1/orgs/${org}/teams/engineering/members`, { body: { add: [user!.id] } })).status).toBeLessThan(300);
    expect((await call(sb, 'PATCH', `/v1/spaces/space-api`, { body: { defaultLevel: 'read' } })).status).toBe(200);
    expect((await call(sb, 'PUT', `/v1/orgs/${org}/translations-glossary`, { body: { operations: [{ type: 'insert', translations: { en: 'Term' } }] } })).status).toBe(204);
    // A write refused records nothing.
    expect((await call(sb, 'PUT', `/v1/orgs/${org}/teams/nope/members`, { body: { add: [user!.id] } })).status).toBe(404);
    const { items } = await allPages<Event>(sb, `/v1/orgs/${org}/audit-events`, 100);
    expect(items.map((e) => e.action)).toEqual(['glossary.entry_created', 'content.general_access_updated', 'team.members_updated']);
    const entry = sb.store.glossaryEntries(org)[0]!;
    expect(items.map((e) => e.target.id)).toEqual([entry.id, 'space-api', 'engineering']);
    for (const e of items) {
      expect(e).toMatchObject({ object: 'audit-event', actor: { type: 'user', id: 'u-sandbox-admin' }, source: 'api' });
      expect(e.id).toMatch(uuid);
      expect(e.urls.location).toBe(`${sb.url}/v1/orgs/${org}/audit-events/${e.id}`);
    }
    const one = await call<Event & { schemaVersion: number; payload: unknown }>(sb, 'GET', `/v1/orgs/${org}/audit-events/${items[2]!.id}`);
    expect(one.body).toMatchObject({ id: items[2]!.id, schemaVersion: 1, payload: { add: [user!.id] } });
    expectError(await call(sb, 'GET', `/v1/orgs/${org}/audit-events/00000000-0000-4000-8000-00000000ffff`), 404);
  });

  it('filters by time, action, actor and target; pages of at most 100, newest first', async () => {
    const sb = await start();
    const seeded = sb.store.audit.query(org, {});
    expect(seeded.length).toBeGreaterThan(5);
    expect(new Set(seeded.map((e) => e.source)).size).toBeGreaterThan(2);
    const get = async (query: string) => (await allPages<Event>(sb, `/v1/orgs/${org}/audit-events?${query}`, 100)).items;
    const engineering = await get('target=engineering');
    expect(engineering.length).toBe(2);
    expect(engineering.every((e) => e.target.id === 'engineering')).toBe(true);
    expect(engineering[0]!.occurredAt > engineering[1]!.occurredAt).toBe(true);
    expect((await get('action=member.invited')).map((e) => e.actor.id)).toEqual(['int-okta-scim']);
    expect((await get('actor=int-okta-scim')).length).toBe(2);
    const window = await get('from=2026-03-04T10:00:00Z&to=2026-03-06T11:00:00Z');
    expect(window.map((e) => e.occurredAt)).toEqual(['2026-03-06T11:00:00.000Z', '2026-03-05T16:00:00.000Z', '2026-03-04T10:00:00.000Z']);
    for (let i = 0; i < 150; i++) sb.store.audit.record({ ...seeded[0]!, id: `10000000-0000-4000-8000-${i.toString(16).padStart(12, '0')}` });
    const first = await call<{ items: Event[]; next?: { page: string } }>(sb, 'GET', `/v1/orgs/${org}/audit-events?limit=100`);
    expect(first.body.items.length).toBe(100);
    expect(first.body.next?.page).toBeTypeOf('string');
    expect((await call<{ items: Event[] }>(sb, 'GET', `/v1/orgs/${org}/audit-events`)).body.items.length).toBe(20);
    expectError(await call(sb, 'GET', `/v1/orgs/${org}/audit-events?limit=101`), 400);
    expectError(await call(sb, 'GET', `/v1/orgs/${org}/audit-events?from=yesterday`), 400);
  });

  it('lists the actions, and says auditLogs on the organization', async () => {
    const sb = await start();
    const actions = await call<{ items: { object: string; id: string; label: string }[] }>(sb, 'GET', `/v1/orgs/${org}/audit-event-actions`);
    expect(actions.body.items.map((a) => a.id)).toContain('team.members_updated');
    expect(actions.body.items.every((a) => a.object === 'audit-event-action' && a.label !== '')).toBe(true);
    expect((await call<{ auditLogs: boolean }>(sb, 'GET', `/v1/orgs/${org}`)).body).toMatchObject({ object: 'organization', id: org, auditLogs: true });
  });

  it('--plan free: no audit logs; the audit operations answer 403 and writes are still taken', async () => {
    const sb = await start({ plan: 'free' });
    expect((await call<{ auditLogs: boolean }>(sb, 'GET', `/v1/orgs/${org}`)).body.auditLogs).toBe(false);
    expectError(await call(sb, 'GET', `/v1/orgs/${org}/audit-events`), 403, /Enterprise/);
    expectError(await call(sb, 'GET', `/v1/orgs/${org}/audit-event-actions`), 403);
    expectError(await call(sb, 'GET', `/v1/orgs/${org}/audit-events/00000000-0000-4000-8000-000000000001`), 403);
  });

  it('keeps the log in the data file', async () => {
    const { SandboxStore } = await import('../../src/sandbox/store.js');
    const sb = await start();
    const again = SandboxStore.fromJSON(JSON.parse(JSON.stringify(sb.store.toJSON())));
    expect(again.audit.all()).toEqual(sb.store.audit.all());
  });
});
