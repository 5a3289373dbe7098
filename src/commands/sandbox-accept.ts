// `teamctl sandbox accept <e-mail…>` (`teamctl help sandbox`, "Invitations"): each invitee accepts
// their pending invitation in a running sandbox and joins the organization, as the service makes
// them join when they sign in, so a joiner's day can be rehearsed. It sends the sandbox's control
// request (POST /v1/sandbox/orgs/{org}/invites/accept), which the service does not have: a base
// URL that is not a loopback address is refused before anything is sent.
import type { Context } from '../context.js';
import { ExitCode, NotFoundError, UsageError } from '../errors.js';

interface Accepted {
  user: { id: string; email: string };
  role: string | null;
  accepted: boolean;
}

export async function acceptInvitations(emails: readonly string[], ctx: Context): Promise<number> {
  const [{ parseUserArguments, throwProblems }, { isLoopback, parseBaseUrl }, { pathSegment }] = await Promise.all([import('../files/userValues.js'), import('../api/url.js'), import('../api/segment.js')]);
  const { users, problems } = parseUserArguments(emails, 'arguments');
  throwProblems(problems);
  const ids = users.filter((u) => u.kind !== 'email');
  if (ids.length > 0) throw new UsageError(`an invitation is accepted by its e-mail, and ${ids.map((u) => u.key).join(', ')} ${ids.length === 1 ? 'is not one' : 'are not'}; nothing was sent`);
  const org = ctx.setting('org').value;
  const base = parseBaseUrl(ctx.setting('base-url').value);
  if (!isLoopback(new URL(base.origin).hostname)) {
    throw new UsageError(`\`sandbox accept\` talks to a sandbox, and ${base.origin} is not one (a sandbox listens on a loopback address); nothing was sent`, {
      hint: 'set TEAMCTL_BASE_URL to the base URL `teamctl sandbox` prints',
    });
  }
  const client = await ctx.client();
  let missing = 0;
  for (const { key } of users) {
    try {
      const { data } = await client.request<Accepted>('POST', `/sandbox/orgs/${pathSegment(org, 'organization')}/invites/accept`, { body: { email: key } });
      const role = data?.role === undefined ? '' : `, role ${data.role ?? 'guest'}`;
      ctx.io.info(data?.accepted === false ? `${key} is a member of ${org} already: nothing to accept.` : `${key} accepted the invitation: a member of ${org} now (${data?.user.id ?? 'id unknown'}${role}).`);
    } catch (err) {
      if (!(err instanceof NotFoundError)) throw err;
      missing++;
      ctx.io.warn(err.message);
    }
  }
  // Each e-mail is tried; one without a pending invitation is a not-found (exit 5).
  return missing > 0 ? ExitCode.notFound : ExitCode.ok;
}
