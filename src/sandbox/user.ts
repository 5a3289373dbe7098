// GET /user (getAuthenticatedUser in the published document): the user the request's token
// belongs to. The sandbox has one token, and it belongs to its own administrator — a user of the
// sandbox's choosing (README, "sandbox"), in the document's User shape.
import { json, type Reply } from './http.js';
import type { ServiceContext } from './service-context.js';
import { sandboxAdmin } from './admin.js';

export function getAuthenticatedUser(ctx: ServiceContext): Reply {
  return json(200, {
    object: 'user',
    id: sandboxAdmin.id,
    displayName: sandboxAdmin.displayName,
    email: sandboxAdmin.email,
    urls: { location: `${ctx.baseUrl()}/v1/users/${sandboxAdmin.id}` },
  });
}
