// The answers of the audit log, checked once where they are parsed (`teamctl help reliability`,
// "Reliability"): an event (AuditEvent), an action (AuditEventAction) and the organization's
// `auditLogs`. A field of the wrong shape stops the command with exit 1, naming it.
import { answerLimits, checkLength, isObject, wrong, type Where } from './shapes.js';

/** AuditEventActor.type and AuditEvent.source, as the document lists them. */
export const auditActorTypes = ['user', 'integration', 'installation', 'system', 'support'] as const;
export const auditSources = ['ui', 'api', 'integration', 'webhook', 'workflow', 'script', 'support'] as const;

export interface AuditParty {
  type: string;
  id: string;
  label?: string;
}

export interface AuditEvent {
  object: 'audit-event';
  id: string;
  occurredAt: string;
  action: string;
  actor: AuditParty & { type: (typeof auditActorTypes)[number] };
  source: (typeof auditSources)[number];
  target: AuditParty;
  urls: { location: string };
}

export interface AuditEventAction {
  object: 'audit-event-action';
  id: string;
  label: string;
}

const uuid = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
/** A Timestamp (format date-time): RFC 3339 with a zone. */
const dateTime = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/i;

function text(value: Record<string, unknown>, field: string, where: Where, max: number = answerLimits.id): string {
  const v = value[field];
  if (typeof v !== 'string' || v === '') throw wrong(`field "${field}" is missing or not a string`, where);
  checkLength(v, max, field, where);
  return v;
}

function party<T extends string>(value: unknown, field: string, where: Where, types?: readonly T[]): AuditParty & { type: T } {
  if (!isObject(value)) throw wrong(`field "${field}" is missing or not an object`, where);
  const type = text(value, 'type', `${field} of ${where}`);
  if (types !== undefined && !(types as readonly string[]).includes(type)) throw wrong(`field "${field}.type" is not one of ${types.join(', ')} (${JSON.stringify(type)})`, where);
  const id = text(value, 'id', `${field} of ${where}`);
  const { label } = value;
  if (label !== undefined && label !== null && typeof label !== 'string') throw wrong(`field "${field}.label" is not a string`, where);
  checkLength(label, answerLimits.displayName, `${field}.label`, where);
  return { type: type as T, id, ...(typeof label === 'string' ? { label } : {}) };
}

/** One AuditEvent: its id a UUID, its time a date-time, actor and source of the document's kinds. */
export function checkAuditEvent(value: unknown, where: Where): AuditEvent {
  if (!isObject(value)) throw wrong('an audit event that is not a JSON object', where);
  if (value.object !== 'audit-event') throw wrong(`field "object" is not "audit-event" (${JSON.stringify(value.object)})`, where);
  const id = text(value, 'id', where);
  if (!uuid.test(id)) throw wrong(`field "id" is not a UUID (${JSON.stringify(id)})`, where);
  const occurredAt = text(value, 'occurredAt', where);
  if (!dateTime.test(occurredAt) || Number.isNaN(Date.parse(occurredAt))) throw wrong(`field "occurredAt" is not a date-time (${JSON.stringify(occurredAt)})`, where);
  const action = text(value, 'action', where);
  const source = text(value, 'source', where);
  if (!(auditSources as readonly string[]).includes(source)) throw wrong(`field "source" is not one of ${auditSources.join(', ')} (${JSON.stringify(source)})`, where);
  const actor = party(value.actor, 'actor', where, auditActorTypes);
  const target = party(value.target, 'target', where);
  const urls = value.urls;
  if (!isObject(urls) || typeof urls.location !== 'string') throw wrong('field "urls.location" is missing or not a string', where);
  return { object: 'audit-event', id, occurredAt, action, actor, source: source as AuditEvent['source'], target, urls: { location: urls.location } };
}

/** One AuditEventAction. */
export function checkAuditAction(value: unknown, where: Where): AuditEventAction {
  if (!isObject(value)) throw wrong('an audit action that is not a JSON object', where);
  if (value.object !== 'audit-event-action') throw wrong(`field "object" is not "audit-event-action" (${JSON.stringify(value.object)})`, where);
  return { object: 'audit-event-action', id: text(value, 'id', where), label: text(value, 'label', where, answerLimits.displayName) };
}

/** The list of actions: `{ items: [...] }`. */
export function checkAuditActions(value: unknown, where: Where): AuditEventAction[] {
  if (!isObject(value) || !Array.isArray(value.items)) throw wrong('field "items" is missing or not an array', where);
  return value.items.map((item, i) => checkAuditAction(item, `item ${i + 1} of ${where}`));
}

/** The organization's `auditLogs`: a boolean, or absent (then not known: undefined). */
export function checkAuditLogs(value: unknown, where: Where): boolean | undefined {
  if (!isObject(value)) throw wrong('an organization that is not a JSON object', where);
  const { auditLogs } = value;
  if (auditLogs !== undefined && typeof auditLogs !== 'boolean') throw wrong(`field "auditLogs" is not a boolean (${JSON.stringify(auditLogs)})`, where);
  return auditLogs;
}
