// The demo seed's past audit events (README, sandbox): changes made before the sandbox started by
// people in the app, by an identity-provider integration and by a script, so `audit list` has
// something to show and drift can name who. Fixed ids and dates: a rehearsal reads the same.
import type { AuditAction } from './audit-actions.js';
import type { AuditParty, StoredAuditEvent } from './audit-log.js';
import type { SandboxStore, SandboxUser } from './store.js';

type Actor = StoredAuditEvent['actor'];
/** [day in March 2026, hour, actor, source, action, target]. Actors: people by index (seed.ts), or others. */
type Past = [number, number, number | Actor, StoredAuditEvent['source'], AuditAction, AuditParty];

const scim: Actor = { type: 'integration', id: 'int-okta-scim', label: 'Okta SCIM' };
const script: Actor = { type: 'installation', id: 'inst-nightly-sync', label: 'nightly-sync' };

const past: Past[] = [
  [2, 9, 0, 'ui', 'team.renamed', { type: 'team', id: 'engineering', label: 'Platform Engineering' }],
  [3, 14, scim, 'integration', 'team.members_updated', { type: 'team', id: 'engineering', label: 'Platform Engineering' }],
  [4, 10, 2, 'ui', 'team.member_added', { type: 'team', id: 'design', label: 'Product Design' }],
  [5, 16, 0, 'ui', 'content.general_access_updated', { type: 'space', id: 'space-onboarding', label: 'Onboarding' }],
  [6, 11, 5, 'ui', 'content.user_permission_updated', { type: 'space', id: 'space-runbooks', label: 'Runbooks' }],
  [9, 8, script, 'script', 'glossary.entry_updated', { type: 'translation-glossary', id: 'acme', label: 'glossary' }],
  [10, 15, 0, 'ui', 'member.role_updated', { type: 'user', id: '', label: '' }],
  [11, 9, scim, 'integration', 'member.invited', { type: 'invitation', id: 'new.hire@example.com', label: 'new.hire@example.com' }],
  [12, 17, 2, 'ui', 'content.team_permission_updated', { type: 'site', id: 'site-design', label: 'Design Portal' }],
];

/** Records the past events of organization `orgId`, whose people are `users`. */
export function seedAudit(store: SandboxStore, orgId: string, users: SandboxUser[]): void {
  past.forEach(([day, hour, who, source, action, target], i) => {
    const person = typeof who === 'number' ? (users[who] as SandboxUser) : undefined;
    const actor: Actor = person ? { type: 'user', id: person.id, label: person.email } : (who as Actor);
    // The role change is of the sixth person (a target needs a real id).
    const shown = target.type === 'user' ? { type: 'user', id: (users[6] as SandboxUser).id, label: (users[6] as SandboxUser).email } : target;
    const id = `00000000-0000-4000-8000-${(i + 1).toString(16).padStart(12, '0')}`;
    store.audit.record({ id, orgId, occurredAt: new Date(Date.UTC(2026, 2, day, hour, 0, 0)).toISOString(), action, actor, source, target: shown });
  });
}
