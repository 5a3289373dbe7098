// The shape of one audit event as the sandbox keeps it (audit-log.ts), the data file's `audit`:
// the published document's AuditEvent with its organization and payload (AuditEventDetails).
/** The kinds of actor and the sources of an event (AuditEventActor.type, AuditEvent.source). */
export const actorTypes = ['user', 'integration', 'installation', 'system', 'support'] as const;
export const auditSources = ['ui', 'api', 'integration', 'webhook', 'workflow', 'script', 'support'] as const;

export interface AuditParty {
  type: string;
  id: string;
  label?: string;
}

export interface StoredAuditEvent {
  id: string;
  orgId: string;
  occurredAt: string;
  action: string;
  actor: AuditParty & { type: (typeof actorTypes)[number] };
  source: (typeof auditSources)[number];
  target: AuditParty;
  payload?: Record<string, unknown>;
}

