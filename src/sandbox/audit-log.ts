// The organization's audit log as the sandbox keeps it (README, sandbox): every event of every
// organization, in the order recorded, as the published document's AuditEvent gives one (its
// `urls` added when rendered, like every resource's). Reached as `store.audit`; the data file
// keeps it (`audit`). Listings are newest first (the document: "ordered by occurrence time, newest
// first"); events of the same time, the later recorded first (sandbox's choice: the document does
// not say how ties are ordered).
import type { StoredAuditEvent } from './audit-data.js';
import { StoreError } from './store-data.js';

export type { AuditParty, StoredAuditEvent } from './audit-data.js';

/** The filters of GET …/audit-events (all exact; `from` and `to` inclusive). */
export interface AuditQuery {
  from?: string | undefined;
  to?: string | undefined;
  action?: string | undefined;
  actor?: string | undefined;
  target?: string | undefined;
}

export class AuditLog {
  private readonly events: StoredAuditEvent[] = [];
  private readonly byId = new Map<string, StoredAuditEvent>();

  constructor(private readonly changed: () => void) {}

  /** Records one event (a write the service took, the seed's past events, a test's actor). */
  record(event: StoredAuditEvent): StoredAuditEvent {
    if (this.byId.has(event.id)) throw new StoreError(`audit event ${event.id} recorded twice`);
    if (Number.isNaN(Date.parse(event.occurredAt))) throw new StoreError(`audit event ${event.id}: occurredAt is not a date-time`);
    this.events.push(event);
    this.byId.set(event.id, event);
    this.changed();
    return event;
  }

  get(orgId: string, id: string): StoredAuditEvent | undefined {
    const event = this.byId.get(id);
    return event?.orgId === orgId ? event : undefined;
  }

  /** The organization's events that pass every filter, newest first. */
  query(orgId: string, q: AuditQuery): StoredAuditEvent[] {
    const from = q.from === undefined ? -Infinity : Date.parse(q.from);
    const to = q.to === undefined ? Infinity : Date.parse(q.to);
    const found: StoredAuditEvent[] = [];
    for (let i = this.events.length - 1; i >= 0; i--) {
      const e = this.events[i] as StoredAuditEvent;
      const at = Date.parse(e.occurredAt);
      if (e.orgId !== orgId || at < from || at > to) continue;
      if ((q.action !== undefined && e.action !== q.action) || (q.actor !== undefined && e.actor.id !== q.actor) || (q.target !== undefined && e.target.id !== q.target)) continue;
      found.push(e);
    }
    // Stable: events of one time keep the later-recorded-first order of the loop.
    return found.sort((a, b) => Date.parse(b.occurredAt) - Date.parse(a.occurredAt));
  }

  /** Every event, in the order recorded (the data file's `audit`). */
  all(): StoredAuditEvent[] {
    return [...this.events];
  }
}
