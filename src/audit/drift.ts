// Drift that says who (`teamctl help audit`, "Drift that says who"): when a drift check
// (`--dry-run --exit-code`) finds changes pending, the most recent audit events of each drifted
// team, glossary entry, space, collection or site — read with one request per object (a `target`
// filter, the first page), at most `maxLookedUp` objects — are named in the report and on stderr:
// the actor, the time, the source. Without audit logs (403), or when the audit log cannot be read,
// nothing is said but a --debug line; `--no-audit` asks for none.
import type { AuditEvent } from '../api/audit.js';
import type { Context } from '../context.js';
import type { PlanFile } from '../engine/planFile.js';
import type { ReportDoc } from '../engine/report.js';

/** A drifted thing a plan changes: the audit log's target id, and how people read it. */
export interface Drifted {
  kind: string;
  id: string;
  label: string;
}

/** The most drifted objects looked up in one run (one request each). */
export const maxLookedUp = 20;
/** The events named per object, newest first. */
export const eventsPerObject = 3;

export interface DriftWho extends Drifted {
  events: Pick<AuditEvent, 'occurredAt' | 'action' | 'actor' | 'source'>[];
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const nonEmpty = (v: unknown): boolean => Array.isArray(v) && v.length > 0;

/** The teams, entries and resources a saved plan changes, each once, in plan order. */
export function driftedOf(plan: Pick<PlanFile, 'kind' | 'body'>): Drifted[] {
  const found = new Map<string, Drifted>();
  const add = (kind: string, id: unknown, label: unknown): void => {
    if (typeof id === 'string' && id !== '' && !found.has(id)) found.set(id, { kind, id, label: typeof label === 'string' && label !== '' ? label : id });
  };
  const body = isObject(plan.body) ? plan.body : {};
  // members (and an organization run's teams): a team whose plan adds, removes or changes a role.
  for (const t of list(body.teams)) {
    if (!isObject(t) || !isObject(t.plan)) continue;
    if (nonEmpty(t.plan.add) || nonEmpty(t.plan.remove) || nonEmpty(t.plan.roleChanges)) add('team', t.team, t.title ?? t.team);
  }
  // glossary: an entry updated or deleted (an entry to insert has no id yet).
  const key = typeof body.key === 'string' ? body.key : undefined;
  const glossary = isObject(body.plan) ? body.plan : {};
  // An entry to delete is named by its key among those not in the file.
  const keys = new Map(list(glossary.notInFile).flatMap((d) => (isObject(d) ? [[d.id, d.key] as const] : [])));
  for (const o of list(glossary.operations)) {
    const op = isObject(o) && isObject(o.operation) ? o.operation : undefined;
    if (op === undefined) continue;
    const translations = isObject(op.translations) ? op.translations : {};
    add('entry', op.id, key !== undefined && translations[key] !== undefined ? translations[key] : keys.get(op.id));
  }
  // access: a space, collection or site whose grants or general access change.
  for (const c of list(body.changes)) if (isObject(c) && isObject(c.resource)) add(String(c.resource.kind), c.resource.id, c.resource.title);
  return [...found.values()];
}

/**
 * The recent events of each drifted object (the first `maxLookedUp`), or undefined when the
 * audit log cannot say (no audit logs, a refusal, an error): then a --debug line says why.
 */
export async function whoChanged(ctx: Context, plan: PlanFile): Promise<{ who: DriftWho[]; left: number } | undefined> {
  const drifted = driftedOf(plan);
  if (drifted.length === 0) return undefined;
  const { listAuditEvents } = await import('../api/audit.js');
  const client = await ctx.client();
  const who: DriftWho[] = [];
  try {
    for (const object of drifted.slice(0, maxLookedUp)) {
      const pages = listAuditEvents(client, plan.organization, { target: object.id }, eventsPerObject);
      const first = await pages.next();
      await pages.return(undefined);
      const events = first.done ? [] : first.value.slice(0, eventsPerObject);
      who.push({ ...object, events: events.map(({ occurredAt, action, actor, source }) => ({ occurredAt, action, actor, source })) });
    }
  } catch (err) {
    if (ctx.flags.debug) ctx.io.debug(`the audit log does not say who changed what drifted (${(err as Error).message}); the report names no one`);
    return undefined;
  }
  return { who, left: Math.max(0, drifted.length - maxLookedUp) };
}

const by = (e: DriftWho['events'][number]): string => `${e.action} by ${e.actor.label ?? e.actor.id} (${e.source}) at ${e.occurredAt}`;

/** The lines for stderr: each drifted object and its latest events. */
export function whoLines({ who, left }: { who: DriftWho[]; left: number }): string[] {
  const lines = ['Recent changes to what drifted (audit log):'];
  for (const w of who) {
    const name = w.label === w.id ? w.id : `${JSON.stringify(w.label)} (${w.id})`;
    lines.push(w.events.length === 0 ? `  ${w.kind} ${name}: no audit event` : `  ${w.kind} ${name}: ${w.events.map(by).join('; ')}`);
  }
  if (left > 0) lines.push(`  … and ${left} more not looked up`);
  return lines;
}

/** A view of the report with the drifted objects' events: `recentChanges` in JSON, a section in Markdown. */
export function withWho<V extends { json: unknown; doc: ReportDoc; rows: unknown[] }>(view: V, { who }: { who: DriftWho[] }): V {
  const json = isObject(view.json) ? { ...view.json, recentChanges: who } : view.json;
  const section = {
    heading: 'Recent changes to what drifted (audit log)',
    columns: ['kind', 'id', 'name', 'time', 'action', 'actor', 'source'],
    rows: who.flatMap((w) => (w.events.length === 0 ? [[w.kind, w.id, w.label, '', '', '', '']] : w.events.map((e) => [w.kind, w.id, w.label, e.occurredAt, e.action, e.actor.label ?? e.actor.id, e.source]))),
  };
  return Object.defineProperties(Object.create(view) as V, {
    json: { value: json, enumerable: true },
    doc: { get: () => ({ ...view.doc, sections: [...view.doc.sections, section] }), enumerable: true },
    rows: { get: () => view.rows, enumerable: true },
  });
}

/** Whether the command asks for the audit log's names (true unless --no-audit was given). */
export function auditWanted(ctx: Context): boolean {
  return (ctx.flags as { audit?: boolean }).audit !== false;
}
