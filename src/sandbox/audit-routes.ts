// The organization itself and its audit log (README, sandbox), as the published document gives
// them: GET /orgs/{organizationId} (with `auditLogs`), GET …/audit-events (`from`, `to`, `action`,
// `actor`, `target`; `limit` up to 100, 20 by default; newest first), GET
// …/audit-events/{auditEventId} and GET …/audit-event-actions. Without audit logs (the sandbox's
// `--plan free`) the three audit operations answer 403, the document's ForbiddenError: it says an
// active Enterprise plan is required, and not which status refuses it (sandbox's choice).
import { auditActions } from './audit-actions.js';
import type { StoredAuditEvent } from './audit-log.js';
import { HttpError, json } from './http.js';
import type { Incoming, Reply } from './http.js';
import { pageOf } from './organization.js';
import type { Route } from './route.js';
import { requireOrganization } from './service-context.js';
import type { ServiceContext } from './service-context.js';

/** When the sandbox's organizations were created (sandbox's choice: a fixed date). */
const organizationCreatedAt = '2021-01-04T09:00:00.000Z';

function getOrganization(ctx: ServiceContext, orgId: string): Reply {
  requireOrganization(ctx, orgId);
  const can = ['view', 'access', 'admin', 'ownTeam', 'createContent', 'createOpenAPISpec', 'viewBilling', 'listMembers', 'listTeams', 'listIntegrations', 'listInstallations', 'installIntegration'];
  return json(200, {
    object: 'organization',
    id: orgId,
    title: orgId,
    createdAt: organizationCreatedAt,
    emailDomains: [],
    type: 'business',
    plan: ctx.auditLogs ? 'enterprise_2024' : 'free_2024',
    inviteLinks: false,
    auditLogs: ctx.auditLogs,
    mergeRules: { type: 'none' },
    trial: { status: 'notapplicable', count: 0 },
    permissions: Object.fromEntries(can.map((name) => [name, true])),
    urls: { location: `${ctx.baseUrl()}/v1/orgs/${encodeURIComponent(orgId)}`, app: `${ctx.baseUrl()}/o/${encodeURIComponent(orgId)}/` },
  });
}

function requireAuditLogs(ctx: ServiceContext, orgId: string): void {
  requireOrganization(ctx, orgId);
  if (!ctx.auditLogs) throw new HttpError(403, `audit logs of organization ${orgId} need an active Enterprise plan`);
}

function rendered(ctx: ServiceContext, e: StoredAuditEvent, details: boolean): Record<string, unknown> {
  const { orgId, payload, ...event } = e;
  const location = `${ctx.baseUrl()}/v1/orgs/${encodeURIComponent(orgId)}/audit-events/${encodeURIComponent(e.id)}`;
  return { object: 'audit-event', ...event, urls: { location }, ...(details ? { schemaVersion: 1, payload: payload ?? {} } : {}) };
}

function dateTime(value: string | undefined, name: string): string | undefined {
  if (value === undefined) return undefined;
  if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:\d\d)$/.test(value) || Number.isNaN(Date.parse(value))) {
    throw new HttpError(400, `${name} must be a date-time such as 2026-01-31T09:00:00Z, got ${JSON.stringify(value)}`);
  }
  return value;
}

function listAuditEvents(ctx: ServiceContext, orgId: string, inc: Incoming): Reply {
  requireAuditLogs(ctx, orgId);
  const { action, actor, target } = inc.query;
  const from = dateTime(inc.query.from, 'from');
  const to = dateTime(inc.query.to, 'to');
  if (inc.query.limit !== undefined && !(Number(inc.query.limit) >= 1 && Number(inc.query.limit) <= 100)) {
    throw new HttpError(400, `limit must be an integer from 1 to 100, got ${JSON.stringify(inc.query.limit)}`);
  }
  const events = ctx.store.audit.query(orgId, { from, to, action, actor, target });
  const query = `audit:${orgId}:${JSON.stringify([from, to, action, actor, target])}`;
  const paging = { ...ctx, defaultPageSize: 20, maxPageSize: Math.min(100, ctx.maxPageSize) };
  return json(200, pageOf(events, query, inc, paging, (e) => rendered(ctx, e, false)));
}

function getAuditEvent(ctx: ServiceContext, orgId: string, id: string): Reply {
  requireAuditLogs(ctx, orgId);
  const event = ctx.store.audit.get(orgId, id);
  if (event === undefined) throw new HttpError(404, `audit event ${id} not found in organization ${orgId}`);
  return json(200, rendered(ctx, event, true));
}

function listAuditActions(ctx: ServiceContext, orgId: string): Reply {
  requireAuditLogs(ctx, orgId);
  return json(200, { items: Object.entries(auditActions).map(([id, label]) => ({ object: 'audit-event-action', id, label })) });
}

export const auditRoutes: Route[] = [
  { pattern: ['orgs', ':'], methods: { GET: (ctx, [org]) => getOrganization(ctx, org!) } },
  { pattern: ['orgs', ':', 'audit-events'], methods: { GET: (ctx, [org], inc) => listAuditEvents(ctx, org!, inc) } },
  { pattern: ['orgs', ':', 'audit-events', ':'], methods: { GET: (ctx, [org, id]) => getAuditEvent(ctx, org!, id!) } },
  { pattern: ['orgs', ':', 'audit-event-actions'], methods: { GET: (ctx, [org]) => listAuditActions(ctx, org!) } },
];
