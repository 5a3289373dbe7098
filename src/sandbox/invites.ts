// POST /orgs/{org}/invites (inviteUsersToOrganization in the published document): e-mails invited
// to the organization, each with the request's default role or its own. The answer, as the
// document gives it: `users`, "The unique identifiers of the users who were added to the
// organization"; `invited`, "The number of users who were added to the organization"; and
// `failedSSOEmails`, "A list of emails who were invited to the organization, but who were not added
// as SSO users as they are members of another org".
//
// Who is added at once and who is only invited, the document does not say. The sandbox's choice:
// an e-mail of an account the sandbox knows (a member of any of its organizations, a former member,
// an account added to its store, or its administrator, GET /user) joins at once, under that
// account's user id — unless `invitePendingRate` keeps it pending; any other e-mail stays a pending
// invitation, kept in the store (one per e-mail however often invited) and listed by no endpoint,
// as the document lists none. `store.acceptInvitation` lets a pending invitee join. Every e-mail of
// an accepted request counts as one invitation sent, a repeat too (`store.invitationsSent`).
import { createHash } from 'node:crypto';
import { HttpError, isPlainObject, json, objectBody } from './http.js';
import type { Incoming, Reply } from './http.js';
import { memberRoleOrGuest } from './organization-members.js';
import { requireOrganization, tooMany } from './service-context.js';
import type { ServiceContext } from './service-context.js';
import type { Account } from './store.js';
import { sandboxAdmin } from './admin.js';
import { normaliseEmail } from './users.js';

/**
 * The role of an invitee when the request gives none, neither its own nor a default (sandbox's
 * choice: the document gives no default; `read` is its least role short of a guest).
 */
const defaultInviteRole = 'read';

interface Invitee {
  email: string;
  role: string | null;
}

/**
 * The document's Email is a string of format "email"; the sandbox asks for one `@` between a
 * non-empty local part and a non-empty domain, without spaces (sandbox's choice of how strictly).
 */
function emailOf(value: unknown, field: string): string {
  if (typeof value !== 'string' || !/^[^\s@]+@[^\s@]+$/.test(value.trim())) {
    throw new HttpError(400, `${field} must be an e-mail address, got ${JSON.stringify(value)}`);
  }
  return value.trim();
}

/** `emails`: each an e-mail (the default role) or `{ email, role }`, both required. */
function inviteesOf(ctx: ServiceContext, body: Record<string, unknown>, defaultRole: string | null): Invitee[] {
  const value = body.emails;
  if (!Array.isArray(value)) throw new HttpError(400, 'emails is required: an array of e-mails or {"email", "role"} objects');
  if (value.length > ctx.maxBatch) throw tooMany(ctx, value.length, 'emails');
  const invitees = value.map((item: unknown, i): Invitee => {
    if (!isPlainObject(item)) return { email: emailOf(item, `emails[${i}]`), role: defaultRole };
    if (!('role' in item)) throw new HttpError(400, `emails[${i}].role is required (null for a guest)`);
    return { email: emailOf(item.email, `emails[${i}].email`), role: memberRoleOrGuest(item.role, `emails[${i}].role`) };
  });
  // An e-mail given twice in one request is invited once, as its first entry says (sandbox's choice).
  const seen = new Set<string>();
  return invitees.filter((invitee) => {
    const key = normaliseEmail(invitee.email);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Whether an invitee the sandbox knows stays pending anyway (invitePendingRate): by the e-mail's digest, so a run repeats. */
function staysPending(ctx: ServiceContext, email: string): boolean {
  const rate = ctx.invitePendingRate ?? 0;
  if (rate <= 0) return false;
  const share = createHash('sha256').update(normaliseEmail(email)).digest().readUInt32BE(0) / 2 ** 32;
  return share < rate;
}

function accountOf(ctx: ServiceContext, email: string): Account | undefined {
  const account = ctx.store.members.findAccount(email);
  if (account) return account;
  return normaliseEmail(email) === normaliseEmail(sandboxAdmin.email) ? { ...sandboxAdmin } : undefined;
}

export function inviteUsers(ctx: ServiceContext, orgId: string, inc: Incoming): Reply {
  requireOrganization(ctx, orgId);
  const body = objectBody(inc, true, '{"emails": ["…@…", {"email": "…@…", "role": "edit"}], "role": "read", "sso": false}');
  const defaultRole = body.role === undefined ? defaultInviteRole : memberRoleOrGuest(body.role, 'role');
  if (body.sso !== undefined && typeof body.sso !== 'boolean') throw new HttpError(400, `sso must be true or false, got ${JSON.stringify(body.sso)}`);
  // "Defaults to false" (published document).
  const sso = body.sso ?? false;
  const invitees = inviteesOf(ctx, body, defaultRole);

  const users: string[] = [];
  const failedSSOEmails: string[] = [];
  const now = new Date().toISOString();
  ctx.store.batch(() => {
    for (const { email, role } of invitees) {
      // Each e-mail of an accepted request is mailed, and counted (write-counts.ts), a member's too.
      ctx.store.countSent(orgId, { invitation: email });
      // A member invited again: nothing changes, their role neither (sandbox's choice).
      const memberOf = ctx.store.members.organizationsOf(email);
      if (memberOf.includes(orgId)) continue;
      const account = accountOf(ctx, email);
      // Not added as an SSO user, being a member of another of the sandbox's organizations.
      const ssoFailed = sso && memberOf.length > 0;
      if (ssoFailed) failedSSOEmails.push(email);
      // An account whose user id another member of this organization already has (with another
      // e-mail) cannot join: it stays invited (sandbox's choice; ids of real accounts never clash).
      if (account && ctx.store.getUser(orgId, account.id) === undefined && !staysPending(ctx, email)) {
        ctx.store.addUser(orgId, { ...account, role, disabled: false, joinedAt: now, sso: sso && !ssoFailed, spaces: 0, sites: 0 });
        users.push(account.id);
      } else {
        ctx.store.members.invite(orgId, { email, role, sso: sso && !ssoFailed, invitedAt: now });
      }
    }
  });
  // `failedSSOEmails` only when SSO was asked for (sandbox's choice: the document makes it optional).
  return json(200, { users, invited: users.length, ...(sso ? { failedSSOEmails } : {}) });
}
