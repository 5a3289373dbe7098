// The audit log's answers field by field (`teamctl help reliability`, "Reliability"): each field of
// an AuditEvent, an AuditEventAction, the list of actions and the organization's `auditLogs`,
// wrong in type, missing or hostile, is refused in words that name it and where it was.
import { describe, expect, it } from 'vitest';
import { auditActorTypes, auditSources, checkAuditAction, checkAuditActions, checkAuditEvent, checkAuditLogs } from '../../src/api/auditShapes.js';
import { ServiceError } from '../../src/errors.js';

const uuid = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const good = {
  object: 'audit-event',
  id: uuid,
  occurredAt: '2026-03-02T09:00:00.000Z',
  action: 'team.renamed',
  actor: { type: 'user', id: 'u1', label: 'a@example.com' },
  source: 'ui',
  target: { type: 'team', id: 'engineering' },
  urls: { location: `https://api.example.com/v1/orgs/acme/audit-events/${uuid}` },
};
const refusal = (what: string, where = 'item 1'): string => `unexpected response from the service: ${what} (${where})`;
const long = (n: number): string => 'x'.repeat(n);

describe('checkAuditEvent', () => {
  it('keeps the document\'s fields and nothing else; a null label is no label', () => {
    expect(checkAuditEvent({ ...good, extra: 1, actor: { ...good.actor, extra: 2 } }, 'item 1')).toEqual(good);
    expect(checkAuditEvent({ ...good, actor: { type: 'system', id: 's', label: null } }, 'item 1').actor).toEqual({ type: 'system', id: 's' });
    const target = checkAuditEvent(good, 'item 1').target;
    expect(target).toEqual({ type: 'team', id: 'engineering' });
    expect(Object.keys(target)).toEqual(['type', 'id']);
  });

  it('takes every source and actor type the document lists, an upper-case UUID, a zone by offset or in lower case, a fraction', () => {
    expect([...auditSources]).toEqual(['ui', 'api', 'integration', 'webhook', 'workflow', 'script', 'support']);
    expect([...auditActorTypes]).toEqual(['user', 'integration', 'installation', 'system', 'support']);
    for (const source of auditSources) expect(checkAuditEvent({ ...good, source }, 'item 1').source).toBe(source);
    for (const type of auditActorTypes) expect(checkAuditEvent({ ...good, actor: { type, id: 'x' } }, 'item 1').actor.type).toBe(type);
    expect(checkAuditEvent({ ...good, id: uuid.toUpperCase() }, 'item 1').id).toBe(uuid.toUpperCase());
    for (const occurredAt of ['2026-03-02T09:00:00+01:00', '2026-03-02t09:00:00z', '2026-03-02T09:00:00-05:30', '2026-03-02T09:00:00.5Z', '2026-03-02T09:00:00Z']) {
      expect(checkAuditEvent({ ...good, occurredAt }, 'item 1').occurredAt).toBe(occurredAt);
    }
    expect(checkAuditEvent({ ...good, target: { type: 'anything', id: 't', label: 'T' } }, 'item 1').target).toEqual({ type: 'anything', id: 't', label: 'T' });
  });

  const without = (field: string): Record<string, unknown> => Object.fromEntries(Object.entries(good).filter(([k]) => k !== field));
  it.each<[string, unknown, string]>([
    ['null', null, 'an audit event that is not a JSON object'],
    ['a list', [good], 'an audit event that is not a JSON object'],
    ['a string', 'audit-event', 'an audit event that is not a JSON object'],
    ['no object', without('object'), 'field "object" is not "audit-event" (undefined)'],
    ['another object', { ...good, object: 'audit-event-action' }, 'field "object" is not "audit-event" ("audit-event-action")'],
    ['no id', without('id'), 'field "id" is missing or not a string'],
    ['an id of another type', { ...good, id: 7 }, 'field "id" is missing or not a string'],
    ['an empty id', { ...good, id: '' }, 'field "id" is missing or not a string'],
    ['an id that is no UUID', { ...good, id: 'not-a-uuid' }, 'field "id" is not a UUID ("not-a-uuid")'],
    ['a UUID with a prefix', { ...good, id: `x${uuid}` }, `field "id" is not a UUID ("x${uuid}")`],
    ['a UUID with a suffix', { ...good, id: `${uuid}x` }, `field "id" is not a UUID ("${uuid}x")`],
    ['a UUID with a letter past f', { ...good, id: uuid.replace('a', 'g') }, `field "id" is not a UUID ("${uuid.replace('a', 'g')}")`],
    ['a UUID with a short group', { ...good, id: uuid.replace('4e5f', '4e5') }, `field "id" is not a UUID ("${uuid.replace('4e5f', '4e5')}")`],
    ['a UUID with a long group', { ...good, id: uuid.replace('0a1b2c3d', '0a1b2c3d0') }, `field "id" is not a UUID ("${uuid.replace('0a1b2c3d', '0a1b2c3d0')}")`],
    ['an id of 256 characters', { ...good, id: long(256) }, 'field "id" is 256 characters long (at most 255)'],
    ['no occurredAt', without('occurredAt'), 'field "occurredAt" is missing or not a string'],
    ['an occurredAt that is a number', { ...good, occurredAt: 1772442000000 }, 'field "occurredAt" is missing or not a string'],
    ['an occurredAt in words', { ...good, occurredAt: 'yesterday' }, 'field "occurredAt" is not a date-time ("yesterday")'],
    ['an occurredAt without a zone', { ...good, occurredAt: '2026-03-02T09:00:00' }, 'field "occurredAt" is not a date-time ("2026-03-02T09:00:00")'],
    ['an occurredAt with a prefix', { ...good, occurredAt: 'x2026-03-02T09:00:00Z' }, 'field "occurredAt" is not a date-time ("x2026-03-02T09:00:00Z")'],
    ['an occurredAt with an expanded year, which Date.parse reads', { ...good, occurredAt: '+002026-03-02T09:00:00Z' }, 'field "occurredAt" is not a date-time ("+002026-03-02T09:00:00Z")'],
    ['an occurredAt with a suffix', { ...good, occurredAt: '2026-03-02T09:00:00Zx' }, 'field "occurredAt" is not a date-time ("2026-03-02T09:00:00Zx")'],
    ['an occurredAt with a dot and no fraction', { ...good, occurredAt: '2026-03-02T09:00:00.Z' }, 'field "occurredAt" is not a date-time ("2026-03-02T09:00:00.Z")'],
    ['an occurredAt with a short year', { ...good, occurredAt: '226-03-02T09:00:00Z' }, 'field "occurredAt" is not a date-time ("226-03-02T09:00:00Z")'],
    ['an occurredAt with a one-digit day', { ...good, occurredAt: '2026-03-2T09:00:00Z' }, 'field "occurredAt" is not a date-time ("2026-03-2T09:00:00Z")'],
    ['an occurredAt with a one-digit hour', { ...good, occurredAt: '2026-03-02T9:00:00Z' }, 'field "occurredAt" is not a date-time ("2026-03-02T9:00:00Z")'],
    ['an occurredAt with one-digit seconds', { ...good, occurredAt: '2026-03-02T09:00:0Z' }, 'field "occurredAt" is not a date-time ("2026-03-02T09:00:0Z")'],
    ['an occurredAt with a space for T', { ...good, occurredAt: '2026-03-02 09:00:00Z' }, 'field "occurredAt" is not a date-time ("2026-03-02 09:00:00Z")'],
    ['an occurredAt with a short offset', { ...good, occurredAt: '2026-03-02T09:00:00+1:00' }, 'field "occurredAt" is not a date-time ("2026-03-02T09:00:00+1:00")'],
    ['an occurredAt with an offset of another sign', { ...good, occurredAt: '2026-03-02T09:00:00*01:00' }, 'field "occurredAt" is not a date-time ("2026-03-02T09:00:00*01:00")'],
    ['an occurredAt of no day', { ...good, occurredAt: '2026-13-45T09:00:00Z' }, 'field "occurredAt" is not a date-time ("2026-13-45T09:00:00Z")'],
    ['no action', without('action'), 'field "action" is missing or not a string'],
    ['an action that is a list', { ...good, action: ['team.renamed'] }, 'field "action" is missing or not a string'],
    ['an empty action', { ...good, action: '' }, 'field "action" is missing or not a string'],
    ['an action of 256 characters', { ...good, action: long(256) }, 'field "action" is 256 characters long (at most 255)'],
    ['no source', without('source'), 'field "source" is missing or not a string'],
    ['a source of another type', { ...good, source: true }, 'field "source" is missing or not a string'],
    ['an unknown source', { ...good, source: 'email' }, 'field "source" is not one of ui, api, integration, webhook, workflow, script, support ("email")'],
    ['a source in another case', { ...good, source: 'UI' }, 'field "source" is not one of ui, api, integration, webhook, workflow, script, support ("UI")'],
    ['no actor', without('actor'), 'field "actor" is missing or not an object'],
    ['an actor that is a string', { ...good, actor: 'u1' }, 'field "actor" is missing or not an object'],
    ['an actor that is a list', { ...good, actor: [good.actor] }, 'field "actor" is missing or not an object'],
    ['an actor without a type', { ...good, actor: { id: 'u1' } }, 'field "type" is missing or not a string'],
    ['an actor of an unknown type', { ...good, actor: { type: 'robot', id: 'x' } }, 'field "actor.type" is not one of user, integration, installation, system, support ("robot")'],
    ['an actor without an id', { ...good, actor: { type: 'user' } }, 'field "id" is missing or not a string'],
    ['an actor whose label is a number', { ...good, actor: { type: 'user', id: 'u1', label: 5 } }, 'field "actor.label" is not a string'],
    ['an actor whose label is too long', { ...good, actor: { type: 'user', id: 'u1', label: long(1025) } }, 'field "actor.label" is 1,025 characters long (at most 1024)'],
    ['no target', without('target'), 'field "target" is missing or not an object'],
    ['a target that is null', { ...good, target: null }, 'field "target" is missing or not an object'],
    ['a target without an id', { ...good, target: { type: 'team' } }, 'field "id" is missing or not a string'],
    ['a target with an empty type', { ...good, target: { type: '', id: 't' } }, 'field "type" is missing or not a string'],
    ['a target whose label is an object', { ...good, target: { type: 'team', id: 't', label: {} } }, 'field "target.label" is not a string'],
    ['a target whose label is too long', { ...good, target: { type: 'team', id: 't', label: long(1025) } }, 'field "target.label" is 1,025 characters long (at most 1024)'],
    ['no urls', without('urls'), 'field "urls.location" is missing or not a string'],
    ['urls that are a string', { ...good, urls: good.urls.location }, 'field "urls.location" is missing or not a string'],
    ['urls without a location', { ...good, urls: {} }, 'field "urls.location" is missing or not a string'],
    ['a location that is a number', { ...good, urls: { location: 1 } }, 'field "urls.location" is missing or not a string'],
  ])('refuses %s, naming it', (_, value, what) => {
    expect(() => checkAuditEvent(value, 'item 1')).toThrow(ServiceError);
    expect(() => checkAuditEvent(value, 'item 1')).toThrow(what);
  });

  it('names where a party\'s own field was', () => {
    expect(() => checkAuditEvent({ ...good, actor: { id: 'u1' } }, 'item 3')).toThrow(refusal('field "type" is missing or not a string', 'actor of item 3'));
    expect(() => checkAuditEvent({ ...good, target: { type: 'team', id: long(256) } }, 'item 3')).toThrow(refusal('field "id" is 256 characters long (at most 255)', 'target of item 3'));
    expect(() => checkAuditEvent({ ...good, actor: { type: 'user', id: 'u1', label: 5 } }, 'item 3')).toThrow(refusal('field "actor.label" is not a string', 'item 3'));
    expect(() => checkAuditEvent({ ...good, urls: {} }, 'item 3')).toThrow(refusal('field "urls.location" is missing or not a string', 'item 3'));
  });
});

describe('checkAuditAction and checkAuditActions', () => {
  const action = { object: 'audit-event-action', id: 'team.renamed', label: 'Team renamed' };
  it('keeps an action\'s id and label; a label may be as long as a display name', () => {
    expect(checkAuditActions({ items: [{ ...action, extra: 1 }] }, 'the actions')).toEqual([action]);
    expect(checkAuditAction({ ...action, label: long(1024) }, 'x').label).toHaveLength(1024);
    expect(checkAuditActions({ items: [] }, 'x')).toEqual([]);
  });

  it.each<[string, unknown, string]>([
    ['null', null, 'an audit action that is not a JSON object'],
    ['a list', [action], 'an audit action that is not a JSON object'],
    ['no object', { id: 'a', label: 'A' }, 'field "object" is not "audit-event-action" (undefined)'],
    ['an event', { ...action, object: 'audit-event' }, 'field "object" is not "audit-event-action" ("audit-event")'],
    ['no id', { object: 'audit-event-action', label: 'A' }, 'field "id" is missing or not a string'],
    ['an id that is a number', { ...action, id: 3 }, 'field "id" is missing or not a string'],
    ['an id of 256 characters', { ...action, id: long(256) }, 'field "id" is 256 characters long (at most 255)'],
    ['no label', { object: 'audit-event-action', id: 'a' }, 'field "label" is missing or not a string'],
    ['an empty label', { ...action, label: '' }, 'field "label" is missing or not a string'],
    ['a label too long', { ...action, label: long(1025) }, 'field "label" is 1,025 characters long (at most 1024)'],
  ])('refuses an action that is %s, naming it', (_, value, what) => {
    expect(() => checkAuditAction(value, 'item 1')).toThrow(refusal(what));
  });

  it('refuses a list that is not `{ items: [...] }`, and names the item that is wrong', () => {
    for (const value of [null, [action], {}, { items: 'a' }, { items: { 0: action } }]) {
      expect(() => checkAuditActions(value, 'the actions')).toThrow(refusal('field "items" is missing or not an array', 'the actions'));
    }
    expect(() => checkAuditActions({ items: [action, { ...action, label: 7 }] }, 'the actions')).toThrow(refusal('field "label" is missing or not a string', 'item 2 of the actions'));
  });
});

describe('checkAuditLogs', () => {
  it('a boolean, or absent (not known)', () => {
    expect(checkAuditLogs({ auditLogs: true }, 'x')).toBe(true);
    expect(checkAuditLogs({ auditLogs: false }, 'x')).toBe(false);
    expect(checkAuditLogs({ id: 'acme' }, 'x')).toBeUndefined();
  });

  it.each<[string, unknown, string]>([
    ['null', null, 'an organization that is not a JSON object'],
    ['a list', [{ auditLogs: true }], 'an organization that is not a JSON object'],
    ['auditLogs as a string', { auditLogs: 'no' }, 'field "auditLogs" is not a boolean ("no")'],
    ['auditLogs as null', { auditLogs: null }, 'field "auditLogs" is not a boolean (null)'],
    ['auditLogs as a number', { auditLogs: 1 }, 'field "auditLogs" is not a boolean (1)'],
  ])('refuses an organization with %s', (_, value, what) => {
    expect(() => checkAuditLogs(value, 'the organization')).toThrow(refusal(what, 'the organization'));
  });
});
