// `teamctl audit list` and `teamctl audit actions` (`teamctl help audit`): the filters resolved,
// the events listed newest first in any output format (or, with --follow-from, those after a
// position, oldest first: follow.ts), and the refusal of a plan without audit logs in one line.
import { auditRefusal, listAuditActions, listAuditEvents, type AuditFilters } from '../api/audit.js';
import type { ApiClient } from '../api/client.js';
import type { Context } from '../context.js';
import { UsageError } from '../errors.js';
import { onePage, writeList } from '../output/list.js';
import { auditColumns } from './columns.js';
import { checkAction, resolveActor, resolveTarget } from './filters.js';
import { parseWhen } from './when.js';

export interface AuditListOptions {
  since?: string;
  until?: string;
  action?: string;
  actor?: string;
  target?: string;
  followFrom?: string;
}

/** Runs `go`; a 403 of an organization without audit logs becomes the one-line refusal. */
export async function refusedInOneLine<T>(client: ApiClient, org: string, go: () => Promise<T>): Promise<T> {
  try {
    return await go();
  } catch (err) {
    throw await auditRefusal(client, org, err);
  }
}

/** The service's filters for the options given. */
async function filtersOf(opts: AuditListOptions, client: ApiClient, org: string, now: Date): Promise<AuditFilters> {
  const filters: AuditFilters = {};
  if (opts.since !== undefined) filters.from = parseWhen(opts.since, '--since', now);
  if (opts.until !== undefined) filters.to = parseWhen(opts.until, '--until', now);
  if (filters.from !== undefined && filters.to !== undefined && filters.from > filters.to) {
    throw new UsageError(`--since (${filters.from}) is after --until (${filters.to})`);
  }
  if (opts.action !== undefined) filters.action = checkAction(opts.action, await listAuditActions(client, org));
  if (opts.actor !== undefined) filters.actor = await resolveActor(client, org, opts.actor);
  if (opts.target !== undefined) filters.target = await resolveTarget(client, org, opts.target);
  return filters;
}

export async function auditList(opts: AuditListOptions, ctx: Context): Promise<void> {
  if (opts.followFrom !== undefined && ctx.flags.jq !== undefined) {
    throw new UsageError('--follow-from writes its position once the events are out, and --jq holds them back: pipe the output to jq instead');
  }
  const now = new Date(ctx.now?.() ?? Date.now());
  const format = ctx.outputFormat();
  const org = ctx.setting('org').value;
  const client = await ctx.client();
  await refusedInOneLine(client, org, async () => {
    const filters = await filtersOf(opts, client, org, now);
    if (opts.followFrom === undefined) {
      await writeList(ctx.io, format, listAuditEvents(client, org, filters), auditColumns);
      return;
    }
    const { follow } = await import('./follow.js');
    const file = opts.followFrom;
    await follow({
      client,
      org,
      io: ctx.io,
      format,
      file,
      path: ctx.path(file),
      since: filters.from,
      // Fixed at the start: what is recorded while the run pages waits for the next one.
      to: filters.to ?? now.toISOString(),
      filters: { action: filters.action, actor: filters.actor, target: filters.target },
      write: async (events) => void (await writeList(ctx.io, format, onePage(events), auditColumns)),
    });
  });
}

export async function auditActions(ctx: Context): Promise<void> {
  const format = ctx.outputFormat();
  const org = ctx.setting('org').value;
  const client = await ctx.client();
  const actions = await refusedInOneLine(client, org, () => listAuditActions(client, org));
  await writeList(ctx.io, format, onePage(actions), [
    { header: 'action', value: (a) => a.id, whole: true },
    { header: 'label', value: (a) => a.label },
  ]);
}
