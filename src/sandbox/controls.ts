// The sandbox's own controls (README, sandbox; `teamctl help sandbox`, "Invitations"): requests
// that play what a person does outside the API, not operations of the service. They sit under
// /v1/sandbox/, need the sandbox's token like every request, and no fault or write fault strikes
// them (handler.ts): an invitee signs in and accepts their invitation, so a joiner's day can be
// rehearsed (`teamctl sandbox accept <e-mail>`); an admin sets the organization's SAML providers (saml.ts).
import { HttpError, json, objectBody } from './http.js';
import type { Incoming, Reply } from './http.js';
import type { Route } from './route.js';
import { requireOrganization } from './service-context.js';
import type { ServiceContext } from './service-context.js';
import { normaliseEmail } from './users.js';
import { setSamlProviders } from './saml.js';

/** The first path segment (after /v1) of every control. */
export const controlSegment = 'sandbox';

/** Whether a request path is one of the sandbox's controls, not the service's. */
export const isControl = (path: string): boolean => path.startsWith(`/v1/${controlSegment}/`);

/**
 * POST /v1/sandbox/orgs/{org}/invites/accept {"email": "…"}: the pending invitee joins, as the
 * service makes them join when they accept (with the invitation's role). Answers the member and
 * `accepted: true`; a member already, `accepted: false` (so a repeat changes nothing); no
 * invitation pending for the e-mail, 404.
 */
function acceptInvitation(ctx: ServiceContext, orgId: string, inc: Incoming): Reply {
  requireOrganization(ctx, orgId);
  const body = objectBody(inc, true, '{"email": "…@…"}');
  if (typeof body.email !== 'string' || body.email.trim() === '') throw new HttpError(400, `email must be an e-mail address, got ${JSON.stringify(body.email)}`);
  const email = body.email.trim();
  const member = ctx.store.findUser(orgId, email);
  if (member !== undefined && normaliseEmail(member.email) === normaliseEmail(email)) {
    return json(200, { user: { id: member.id, email: member.email }, role: member.role, accepted: false });
  }
  const pending = ctx.store.members.invitations(orgId).some((i) => normaliseEmail(i.email) === normaliseEmail(email));
  if (!pending) throw new HttpError(404, `no pending invitation of ${email} to organization ${orgId}`);
  const joined = ctx.store.acceptInvitation(orgId, email);
  return json(200, { user: { id: joined.id, email: joined.email }, role: joined.role, accepted: true });
}

export const controlRoutes: Route[] = [
  {
    pattern: [controlSegment, 'orgs', ':', 'invites', 'accept'],
    methods: { POST: (ctx, [org], inc) => acceptInvitation(ctx, org!, inc) },
  },
  {
    pattern: [controlSegment, 'orgs', ':', 'saml'],
    methods: { PUT: (ctx, [org], inc) => setSamlProviders(ctx, org!, inc) },
  },
];
