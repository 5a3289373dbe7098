// The audit log's answers are checked where they are parsed: a field of the wrong shape is named;
// then the audit endpoints against a routed server.
import { describe, expect, it } from 'vitest';
import { auditPageSize, auditRefusal, getAuditEvent, listAuditActions, listAuditEvents, readAuditLogs } from '../../src/api/audit.js';
import { checkAuditActions, checkAuditEvent, checkAuditLogs } from '../../src/api/auditShapes.js';
import { AuthError, ServiceError } from '../../src/errors.js';
import { routedServices } from '../helpers/routed-service.js';

const good = {
  object: 'audit-event',
  id: '00000000-0000-4000-8000-000000000001',
  occurredAt: '2026-03-02T09:00:00.000Z',
  action: 'team.renamed',
  actor: { type: 'user', id: 'u1', label: 'a@example.com' },
  source: 'ui',
  target: { type: 'team', id: 'engineering' },
  urls: { location: 'https://api.example.com/v1/orgs/acme/audit-events/00000000-0000-4000-8000-000000000001' },
};

describe('audit shapes', () => {
  it('takes an AuditEvent as the document gives it', () => {
    expect(checkAuditEvent(good, 'here')).toEqual(good);
  });

  it.each([
    [{ id: 'not-a-uuid' }, /"id" is not a UUID/],
    [{ occurredAt: 'yesterday' }, /"occurredAt" is not a date-time/],
    [{ source: 'email' }, /"source" is not one of ui, api/],
    [{ actor: { type: 'robot', id: 'x' } }, /"actor.type" is not one of user/],
    [{ target: { type: 'team' } }, /"id" is missing/],
    [{ object: 'event' }, /"object" is not "audit-event"/],
    [{ urls: {} }, /urls.location/],
  ])('names a wrong field: %j', (change, message) => {
    expect(() => checkAuditEvent({ ...good, ...change }, 'item 1')).toThrow(ServiceError);
    expect(() => checkAuditEvent({ ...good, ...change }, 'item 1')).toThrow(message);
  });

  it('actions and auditLogs', () => {
    expect(checkAuditActions({ items: [{ object: 'audit-event-action', id: 'a', label: 'A' }] }, 'x')).toEqual([{ object: 'audit-event-action', id: 'a', label: 'A' }]);
    expect(() => checkAuditActions({ items: [{ object: 'audit-event-action', id: 'a' }] }, 'x')).toThrow(/"label"/);
    expect(checkAuditLogs({ auditLogs: false }, 'x')).toBe(false);
    expect(checkAuditLogs({}, 'x')).toBeUndefined();
    expect(() => checkAuditLogs({ auditLogs: 'no' }, 'x')).toThrow(/auditLogs/);
  });
});

// The audit endpoints (src/api/audit.ts) against a routed server: each request's path and query,
// each answer checked where it is parsed, and what a 403 means.
describe('audit endpoints', () => {
  const service = routedServices();
  const all = async <T>(pages: AsyncIterable<T[]>): Promise<T[]> => {
    const items: T[] = [];
    for await (const p of pages) items.push(...p);
    return items;
  };
  const action = { object: 'audit-event-action', id: 'team.renamed', label: 'Team renamed' };

  it('lists the events page by page, 100 at most per page, with the filters given and no others, the organization encoded', async () => {
    expect(auditPageSize).toBe(100);
    const { client, sent } = await service(({ url }) => (url.includes('page=p2') ? { status: 200, body: { items: [{ ...good, id: '00000000-0000-4000-8000-000000000002' }] } } : { status: 200, body: { items: [good], next: { page: 'p2' } } }));
    const events = await all(listAuditEvents(client, 'ac me', { from: '2026-03-01T00:00:00Z', action: 'team.renamed', actor: 'u1', target: 'engineering', to: undefined }));
    expect(events.map((e) => e.id)).toEqual([good.id, '00000000-0000-4000-8000-000000000002']);
    expect(sent.map((s) => [s.method, s.url])).toEqual([
      ['GET', '/v1/orgs/ac%20me/audit-events?from=2026-03-01T00%3A00%3A00Z&action=team.renamed&actor=u1&target=engineering&limit=100'],
      ['GET', '/v1/orgs/ac%20me/audit-events?from=2026-03-01T00%3A00%3A00Z&action=team.renamed&actor=u1&target=engineering&limit=100&page=p2'],
    ]);
    await all(listAuditEvents(client, 'acme', {}, 7));
    expect(sent.at(-2)?.url).toBe('/v1/orgs/acme/audit-events?limit=7');
  });

  it('checks every event listed, naming it in the audit events of the organization', async () => {
    const { client } = await service(() => ({ status: 200, body: { items: [good, { ...good, source: 'email' }] } }));
    await expect(all(listAuditEvents(client, 'acme', {}))).rejects.toThrow('field "source" is not one of ui, api, integration, webhook, workflow, script, support ("email") (item 2 of page 1 of the audit events of acme)');
  });

  it('reads one event by its id, encoded, and checks it', async () => {
    const { client, sent } = await service(({ url }) => (url.endsWith('/bad') ? { status: 200, body: { ...good, object: 'event' } } : { status: 200, body: good }));
    expect(await getAuditEvent(client, 'acme', 'a b')).toEqual(good);
    expect(sent.map((s) => [s.method, s.url])).toEqual([['GET', '/v1/orgs/acme/audit-events/a%20b']]);
    await expect(getAuditEvent(client, 'acme', 'a/b')).rejects.toThrow('invalid audit event "a/b": it contains "/"; nothing was sent');
    await expect(getAuditEvent(client, 'a/b', 'x')).rejects.toThrow('invalid organization "a/b"');
    expect(sent).toHaveLength(1);
    await expect(getAuditEvent(client, 'acme', 'bad')).rejects.toThrow('field "object" is not "audit-event" ("event") (audit event "bad" of acme)');
  });

  it('reads the actions and checks them', async () => {
    const { client, sent } = await service(({ url }) => (url.includes('/other/') ? { status: 200, body: { items: [{ ...action, label: 3 }] } } : { status: 200, body: { items: [action] } }));
    expect(await listAuditActions(client, 'acme')).toEqual([action]);
    expect(sent.map((s) => [s.method, s.url])).toEqual([['GET', '/v1/orgs/acme/audit-event-actions']]);
    await expect(listAuditActions(client, 'other')).rejects.toThrow('field "label" is missing or not a string (item 1 of the audit actions of other)');
  });

  it('reads auditLogs from the organization, and checks it', async () => {
    const { client, sent } = await service(({ url }) => (url.endsWith('/odd') ? { status: 200, body: { auditLogs: 'yes' } } : { status: 200, body: { id: 'acme', auditLogs: true } }));
    expect(await readAuditLogs(client, 'acme')).toBe(true);
    expect(sent.map((s) => [s.method, s.url])).toEqual([['GET', '/v1/orgs/acme']]);
    await expect(readAuditLogs(client, 'odd')).rejects.toThrow('field "auditLogs" is not a boolean ("yes") (organization odd)');
  });

  it('a 403 when the organization says it has no audit logs: one line saying so; any other error, or other answer, as it is', async () => {
    const { client, sent } = await service(({ url }) => {
      if (url.endsWith('/without')) return { status: 200, body: { auditLogs: false } };
      if (url.endsWith('/with')) return { status: 200, body: { auditLogs: true } };
      if (url.endsWith('/unsaid')) return { status: 200, body: {} };
      return { status: 500, body: { error: { code: 500, message: 'down' } } };
    });
    const forbidden = new AuthError('permission denied (403): no', { status: 403 });
    const refusal = (await auditRefusal(client, 'without', forbidden)) as AuthError;
    expect(refusal).toBeInstanceOf(AuthError);
    expect(refusal).not.toBe(forbidden);
    expect(refusal.message).toBe('organization without has no audit logs: its plan does not include them');
    expect(refusal.status).toBe(403);
    expect(refusal.exitCode).toBe(4);
    expect(sent.map((s) => s.url)).toEqual(['/v1/orgs/without']);
    for (const org of ['with', 'unsaid', 'down']) expect(await auditRefusal(client, org, forbidden)).toBe(forbidden);
    const before = sent.length;
    const unauthorized = new AuthError('unauthorized (401)', { status: 401 });
    const other = new ServiceError('down');
    expect(await auditRefusal(client, 'without', unauthorized)).toBe(unauthorized);
    expect(await auditRefusal(client, 'without', other)).toBe(other);
    expect(sent.length).toBe(before);
  });
});
