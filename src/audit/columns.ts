// The columns of an audit event in table, tsv, csv and Markdown (json and ndjson print the
// service's events unchanged): `teamctl help audit`.
import type { AuditEvent, AuditParty } from '../api/audit.js';
import type { Column } from '../output/columns.js';

/** How a person reads an actor or target: its label (as recorded), else its id. */
export const partyName = (p: AuditParty): string => p.label ?? p.id;

export const auditColumns: Column<AuditEvent>[] = [
  // A table shows the time to the second, in UTC.
  { header: 'time', value: (e) => e.occurredAt, table: (e) => e.occurredAt.replace(/(\.\d+)?Z$/, 'Z') },
  { header: 'action', value: (e) => e.action },
  { header: 'actor', value: (e) => partyName(e.actor) },
  { header: 'actorId', value: (e) => e.actor.id, table: false },
  { header: 'source', value: (e) => e.source },
  { header: 'targetType', value: (e) => e.target.type, table: false },
  { header: 'target', value: (e) => partyName(e.target), table: (e) => `${e.target.type} ${partyName(e.target)}` },
  { header: 'targetId', value: (e) => e.target.id, table: false },
  { header: 'id', value: (e) => e.id, whole: true, optional: true },
];
