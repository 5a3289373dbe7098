// Which audit events a write the sandbox takes records (README, sandbox): one per thing it
// changed, by the token's user (its administrator) through the API. Read before the write (a
// deleted team's title, the glossary's entries) and recorded once the service has answered 2xx:
// a write refused records nothing. The targets are the sandbox's choice, the document naming none:
// a team for its membership, a user for its organization role, an entry for the glossary, a
// space, collection or site for its access.
import { randomUUID } from 'node:crypto';
import type { AuditAction } from './audit-actions.js';
import type { AuditParty, StoredAuditEvent } from './audit-log.js';
import { sandboxAdmin } from './admin.js';
import type { Incoming, Reply } from './http.js';
import type { ServiceContext } from './service-context.js';

type Change = { orgId: string; action: AuditAction; target: AuditParty; payload?: Record<string, unknown> };

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);
const bodyOf = (inc: Incoming): Record<string, unknown> => (typeof inc.body === 'object' && inc.body !== null ? (inc.body as Record<string, unknown>) : {});

function team(ctx: ServiceContext, orgId: string, id: string): AuditParty {
  return { type: 'team', id, ...(ctx.store.hasTeam(orgId, id) ? { label: ctx.store.teamTitle(orgId, id) } : {}) };
}

function user(ctx: ServiceContext, orgId: string, id: string): AuditParty {
  const found = ctx.store.getUser(orgId, id);
  return { type: 'user', id, ...(found ? { label: found.email } : {}) };
}

const entryLabel = (translations: Record<string, string> | undefined): string | undefined => (translations === undefined ? undefined : (translations.en ?? Object.values(translations)[0]));

/** The glossary's writes: one event per operation, an insert's entry found by the ids it added. */
function glossaryChanges(ctx: ServiceContext, orgId: string, inc: Incoming): (reply: Reply) => Change[] {
  const ops = Array.isArray(bodyOf(inc).operations) ? (bodyOf(inc).operations as Record<string, unknown>[]) : [];
  const inserts = ops.some((op) => op?.type === 'insert');
  const before = inserts ? new Set(ctx.store.glossaryEntries(orgId).map((e) => e.id)) : new Set<string>();
  const labels = new Map(ops.flatMap((op) => (typeof op?.id === 'string' ? [[op.id, entryLabel(ctx.store.getGlossaryEntry(orgId, op.id)?.translations)] as const] : [])));
  return () => {
    const added = inserts ? ctx.store.glossaryEntries(orgId).filter((e) => !before.has(e.id)) : [];
    const changes: Change[] = added.map((e) => ({ orgId, action: 'glossary.entry_created', target: { type: 'glossary-entry', id: e.id, label: entryLabel(e.translations) ?? e.id } }));
    for (const op of ops) {
      if (typeof op?.id !== 'string') continue;
      const label = labels.get(op.id);
      const action: AuditAction = op.type === 'delete' ? 'glossary.entry_deleted' : 'glossary.entry_updated';
      changes.push({ orgId, action, target: { type: 'glossary-entry', id: op.id, ...(label === undefined ? {} : { label }) } });
    }
    return changes;
  };
}

/** The organization's writes: teams, their members, organization roles, SSO members and invitations. */
function organizationChanges(ctx: ServiceContext, key: string, p: string[], inc: Incoming): ((reply: Reply) => Change[]) | undefined {
  const [orgId = '', second = ''] = p;
  const body = bodyOf(inc);
  const one = (action: AuditAction, target: AuditParty, payload?: Record<string, unknown>) => (): Change[] => [{ orgId, action, target, ...(payload ? { payload } : {}) }];
  switch (key) {
    case 'PUT orgs/:/teams':
      return (reply) => {
        const created = JSON.parse(reply.payload?.toString() ?? '{}') as { id?: string };
        return created.id === undefined ? [] : [{ orgId, action: 'team.created', target: team(ctx, orgId, created.id) }];
      };
    case 'PATCH orgs/:/teams/:':
      return () => [{ orgId, action: 'team.renamed', target: team(ctx, orgId, second) }];
    case 'DELETE orgs/:/teams/:':
      return one('team.deleted', team(ctx, orgId, second));
    case 'PUT orgs/:/teams/:/members':
      return one('team.members_updated', team(ctx, orgId, second), { add: strings(body.add), remove: strings(body.remove) });
    case 'PUT orgs/:/teams/:/members/:':
      return one('team.member_added', team(ctx, orgId, second), { userId: p[2], ...(typeof body.role === 'string' ? { role: body.role } : {}) });
    case 'DELETE orgs/:/teams/:/members/:':
      return one('team.member_removed', team(ctx, orgId, second), { userId: p[2] });
    case 'PATCH orgs/:/members/:':
      return one('member.role_updated', user(ctx, orgId, second), { role: body.role });
    case 'POST orgs/:/members/:/sso':
      // Only a member who was not SSO yet is changed, and recorded.
      return ctx.store.getUser(orgId, second)?.sso === false ? one('member.sso_set', user(ctx, orgId, second)) : () => [];
    case 'DELETE orgs/:/members/:': {
      const target = user(ctx, orgId, second);
      return (reply) => [{ orgId, action: reply.status === 202 ? 'member.removal_requested' : 'member.removed', target }];
    }
    case 'POST orgs/:/invites':
      return () => (Array.isArray(body.emails) ? body.emails : []).map((e: unknown) => {
        const email = typeof e === 'string' ? e : String((e as { email?: unknown })?.email);
        return { orgId, action: 'member.invited' as const, target: { type: 'invitation', id: email.trim().toLowerCase(), label: email.trim() } };
      });
    case 'PUT orgs/:/translations-glossary':
      return glossaryChanges(ctx, orgId, inc);
    default:
      return undefined;
  }
}

/** The access writes: a space's, collection's or site's general access and grants. */
function accessChanges(ctx: ServiceContext, pattern: string[], p: string[], method: string): ((reply: Reply) => Change[]) | undefined {
  const site = pattern[0] === 'orgs';
  const kind = site ? 'site' : pattern[0] === 'spaces' ? 'space' : pattern[0] === 'collections' ? 'collection' : undefined;
  if (kind === undefined) return undefined;
  const resource = ctx.store.access.get(kind, (site ? p[1] : p[0]) ?? '');
  if (resource === undefined) return undefined;
  const rest = pattern.slice(site ? 4 : 2);
  const subjectId = p[p.length - 1];
  const target: AuditParty = { type: kind, id: resource.id, label: resource.title };
  const action = ((): AuditAction | undefined => {
    if (rest.length === 0 && method === 'PATCH') return 'content.general_access_updated';
    if (rest.length === 1 && method === 'POST') return 'content.permissions_granted';
    if (rest.length !== 3) return undefined;
    const who = rest[1] === 'teams' ? 'team' : 'user';
    return `content.${who}_permission_${method === 'DELETE' ? 'removed' : 'updated'}` as AuditAction;
  })();
  if (action === undefined) return undefined;
  const payload = rest.length === 3 ? { [rest[1] === 'teams' ? 'teamId' : 'userId']: subjectId } : undefined;
  return () => [{ orgId: resource.orgId, action, target, ...(payload ? { payload } : {}) }];
}

/**
 * What a write to the route `pattern` will record, read before it is handled; undefined for a
 * read or a write that records nothing. Call the result with the service's answer.
 */
export function auditWrite(ctx: ServiceContext, pattern: string[], params: string[], inc: Incoming): ((reply: Reply) => void) | undefined {
  if (inc.method === 'GET') return undefined;
  const changes = organizationChanges(ctx, `${inc.method} ${pattern.join('/')}`, params, inc) ?? accessChanges(ctx, pattern, params, inc.method);
  if (changes === undefined) return undefined;
  return (reply) => {
    if (reply.status < 200 || reply.status > 299) return;
    const occurredAt = new Date().toISOString();
    const actor = { type: 'user' as const, id: sandboxAdmin.id, label: sandboxAdmin.displayName };
    ctx.store.batch(() => {
      for (const c of changes(reply)) {
        const event: StoredAuditEvent = { id: randomUUID(), orgId: c.orgId, occurredAt, action: c.action, actor, source: 'api', target: c.target };
        if (c.payload) event.payload = c.payload;
        ctx.store.audit.record(event);
      }
    });
  };
}
