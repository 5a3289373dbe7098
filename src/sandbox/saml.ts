// The organization's SAML providers, as the published document gives them: GET
// /orgs/{org}/saml ("Lists SAML providers configured for the specified organization", a page of
// OrganizationSAMLProvider), and the sandbox's own control that sets them (controls.ts), so a
// rehearsal or a test can give an organization none, one or several.
import { memberRoleOrGuest } from './organization-members.js';
import { pageOf } from './organization.js';
import { HttpError, isPlainObject, json, lengthInCharacters, objectBody } from './http.js';
import type { Incoming, Reply } from './http.js';
import { samlStatuses, type StoredSamlProvider } from './saml-store.js';
import { callerIsAdmin, requireOrganization } from './service-context.js';
import type { ServiceContext } from './service-context.js';
import { organizationTeam } from './teams.js';

/** The document's OrganizationSAMLProvider; a default team deleted since is left out. */
export function samlProvider(ctx: ServiceContext, orgId: string, p: StoredSamlProvider) {
  const location = `${ctx.baseUrl()}/v1/orgs/${encodeURIComponent(orgId)}/saml/${encodeURIComponent(p.id)}`;
  const team = p.defaultTeam !== undefined && ctx.store.hasTeam(orgId, p.defaultTeam) ? { defaultTeam: organizationTeam(ctx, orgId, p.defaultTeam) } : {};
  return {
    object: 'saml-provider' as const,
    id: p.id,
    label: p.label,
    ssoURL: p.ssoURL,
    entityID: p.entityID,
    certificate: p.certificate,
    ...team,
    defaultRole: p.defaultRole,
    createdAt: p.createdAt,
    status: p.status,
    // The service's own end of the SAML exchange (sandbox's choice of URLs: the document names none).
    service: { acsURL: `${location}/acs`, startURL: `${location}/start`, entityID: `${ctx.baseUrl()}/saml/${encodeURIComponent(p.id)}` },
    urls: { location },
  };
}

/**
 * GET /orgs/{org}/saml, paginated as the other listings. SAML settings are an admin's: a caller
 * other than an admin is answered 403 (sandbox's choice: the document does not say who may read them).
 */
export function listSamlProviders(ctx: ServiceContext, orgId: string, inc: Incoming): Reply {
  requireOrganization(ctx, orgId);
  if (!callerIsAdmin(ctx)) throw new HttpError(403, `only an admin of organization ${orgId} can read its SAML providers`);
  return json(200, pageOf(ctx.store.saml.list(orgId), `saml:${orgId}`, inc, ctx, (p) => samlProvider(ctx, orgId, p)));
}

/** One provider of the control's body: a label, and optionally its default team, role and status. */
function providerOf(ctx: ServiceContext, orgId: string, value: unknown, i: number): StoredSamlProvider {
  const where = `providers[${i}]`;
  if (!isPlainObject(value)) throw new HttpError(400, `${where} must be an object`);
  const { label, defaultTeam, defaultRole = 'read', status = 'active' } = value;
  if (typeof label !== 'string' || lengthInCharacters(label) < 1 || lengthInCharacters(label) > 30) throw new HttpError(400, `${where}.label must be 1 to 30 characters`);
  if (defaultTeam !== undefined && (typeof defaultTeam !== 'string' || !ctx.store.hasTeam(orgId, defaultTeam))) throw new HttpError(400, `${where}.defaultTeam must be the id of a team of organization ${orgId}`);
  if (!samlStatuses.includes(status as never)) throw new HttpError(400, `${where}.status must be one of ${samlStatuses.join(', ')}`);
  const id = typeof value.id === 'string' && value.id !== '' ? value.id : `saml-${i + 1}`;
  return {
    id,
    label,
    entityID: `https://idp.example.com/${encodeURIComponent(id)}`,
    ssoURL: `https://idp.example.com/${encodeURIComponent(id)}/sso`,
    certificate: 'MIIC-sandbox-certificate',
    ...(defaultTeam === undefined ? {} : { defaultTeam }),
    defaultRole: memberRoleOrGuest(defaultRole, `${where}.defaultRole`),
    status: status as StoredSamlProvider['status'],
    createdAt: new Date().toISOString(),
  };
}

/**
 * PUT /v1/sandbox/orgs/{org}/saml {"providers": [{"label": "Okta", "defaultTeam": "engineering",
 * "defaultRole": "read"}]}: the organization's SAML providers replaced ([]: none), as an admin
 * sets them up in the service's own settings. Answers the listing's page.
 */
export function setSamlProviders(ctx: ServiceContext, orgId: string, inc: Incoming): Reply {
  requireOrganization(ctx, orgId);
  const body = objectBody(inc, true, '{"providers": [{"label": "Okta", "defaultTeam": "<team id>", "defaultRole": "read", "status": "active"}]}');
  if (!Array.isArray(body.providers)) throw new HttpError(400, 'providers must be a list (an empty one: no provider)');
  ctx.store.saml.set(orgId, body.providers.map((p, i) => providerOf(ctx, orgId, p, i)));
  return json(200, pageOf(ctx.store.saml.list(orgId), `saml:${orgId}`, inc, ctx, (p) => samlProvider(ctx, orgId, p)));
}
