// The organization's audit log (`teamctl help audit`), as the published document gives it: GET
// /orgs/{org}/audit-events (every page, bounded like every listing, newest first), one event, the
// actions, and whether the organization's plan has audit logs (`auditLogs` on GET /orgs/{org}).
// Typed calls, no printing, no exit codes.
import { AuthError } from '../errors.js';
import type { ApiClient } from './client.js';
import { checkAuditActions, checkAuditEvent, checkAuditLogs, type AuditEvent, type AuditEventAction } from './auditShapes.js';
import { pathSegment } from './segment.js';

export type { AuditEvent, AuditEventAction, AuditParty } from './auditShapes.js';

const orgPath = (org: string): string => `/orgs/${pathSegment(org, 'organization')}`;

/** The listing's filters, as the service takes them: times are date-times, the rest exact ids. */
export interface AuditFilters {
  from?: string | undefined;
  to?: string | undefined;
  action?: string | undefined;
  actor?: string | undefined;
  target?: string | undefined;
}

/** The most events one page holds (the document's `limit` maximum). */
export const auditPageSize = 100;

/** GET /orgs/{org}/audit-events, every page (newest first, as the service orders them). */
export function listAuditEvents(client: ApiClient, org: string, filters: AuditFilters, pageSize = auditPageSize): AsyncGenerator<AuditEvent[]> {
  return client.pages<AuditEvent>(`${orgPath(org)}/audit-events`, pageSize, { item: checkAuditEvent, what: `the audit events of ${org}` }, { ...filters });
}

/** GET /orgs/{org}/audit-events/{id}. */
export async function getAuditEvent(client: ApiClient, org: string, id: string): Promise<AuditEvent> {
  const { data } = await client.request<unknown>('GET', `${orgPath(org)}/audit-events/${pathSegment(id, 'audit event')}`);
  return checkAuditEvent(data, `audit event ${JSON.stringify(id)} of ${org}`);
}

/** GET /orgs/{org}/audit-event-actions: the action names and their labels. */
export async function listAuditActions(client: ApiClient, org: string): Promise<AuditEventAction[]> {
  const { data } = await client.request<unknown>('GET', `${orgPath(org)}/audit-event-actions`);
  return checkAuditActions(data, `the audit actions of ${org}`);
}

/** `auditLogs` of GET /orgs/{org}: whether the plan has audit logs (undefined when the answer leaves it out). */
export async function readAuditLogs(client: ApiClient, org: string): Promise<boolean | undefined> {
  const { data } = await client.request<unknown>('GET', orgPath(org));
  return checkAuditLogs(data, `organization ${org}`);
}

/**
 * What a 403 from an audit operation means: when the organization says it has no audit logs, one
 * line saying so (exit 4, the code of a refusal); any other error as it is.
 */
export async function auditRefusal(client: ApiClient, org: string, err: unknown): Promise<unknown> {
  if (!(err instanceof AuthError) || err.status !== 403) return err;
  const available = await readAuditLogs(client, org).catch(() => undefined);
  if (available !== false) return err;
  return new AuthError(`organization ${org} has no audit logs: its plan does not include them`, { status: 403 });
}
