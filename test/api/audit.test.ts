// The audit log's answers are checked where they are parsed: a field of the wrong shape is named.
import { describe, expect, it } from 'vitest';
import { checkAuditActions, checkAuditEvent, checkAuditLogs } from '../../src/api/auditShapes.js';
import { ServiceError } from '../../src/errors.js';

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
