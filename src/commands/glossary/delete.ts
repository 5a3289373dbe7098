// glossary delete <id...>: deletes the named entries (README, "glossary delete"). Every id is
// checked against the glossary first: an unknown one is exit 5 naming it, and nothing is sent.
// No --max-deletions and no prompt: each entry was named one by one, which is the intent.
import { checkIdentifier } from '../../api/segment.js';
import type { Context } from '../../context.js';
import { checkOutputs, runChange, runOptions } from '../../engine/run.js';
import { NotFoundError } from '../../errors.js';
import { glossaryDomain, readGlossaryAndSettle } from '../../glossary/change.js';
import { Journal, holdBack } from '../../glossary/journal.js';
import { showTranslations } from '../../glossary/importView.js';
import type { GlossaryPlan } from '../../plan/glossary.js';
import { resolveTimeoutMs } from '../../settings.js';

export interface GlossaryDeleteOptions {
  ids: string[];
  dryRun?: boolean;
  planOut?: string;
  report?: string;
}

export async function run(opts: GlossaryDeleteOptions, ctx: Context): Promise<number> {
  const ids = [...new Set(opts.ids.map((id) => id.trim()))];
  for (const id of ids) checkIdentifier(id, 'glossary entry id');
  ctx.outputFormat();
  const requestTimeoutMs = resolveTimeoutMs(ctx.flags);
  const org = ctx.setting('org').value;
  await checkOutputs(opts);

  const client = await ctx.client();
  const journal = await Journal.open(ctx.store.dir, ctx.profileName);
  const { existing, held: waiting } = await readGlossaryAndSettle(client, org, journal, requestTimeoutMs, (m) => ctx.io.warn(m));
  const byId = new Map(existing.map((e) => [e.id, e]));
  const unknown = ids.filter((id) => !byId.has(id));
  if (unknown.length > 0) {
    throw new NotFoundError(`no glossary ${unknown.length === 1 ? 'entry' : 'entries'} ${unknown.map((id) => JSON.stringify(id)).join(', ')} in the glossary of ${org}; nothing was sent`, {
      hint: 'list the entries and their ids with `teamctl glossary list`',
    });
  }
  // The "line" of each deletion is the id's position among the arguments.
  const plan: GlossaryPlan = { operations: ids.map((id, i) => ({ line: i + 1, operation: { type: 'delete' as const, id } })), present: [], conflicts: [], unknownIds: [] };
  const { send, held } = holdBack(plan.operations, waiting);
  plan.operations = send;
  const planText = [
    `Plan for the glossary of ${org} (${existing.length} entries):`,
    ...ids.map((id) => `  - delete  ${id}: ${showTranslations(byId.get(id)?.translations ?? {})}`),
    `${ids.length} to delete`,
  ].join('\n');
  const firstKey = (id: string): string => Object.values(byId.get(id)?.translations ?? {})[0] ?? '';
  const domain = glossaryDomain({
    client,
    baseUrl: client.base.origin + client.base.prefix,
    org,
    command: 'glossary delete',
    file: 'arguments',
    key: '',
    rowCount: ids.length,
    existing,
    plan,
    terms: new Map(),
    entryTerms: new Map(ids.map((id) => [id, firstKey(id)])),
    settings: { batchSize: 100, onConflict: 'skip', requestTimeoutMs },
    warn: (m) => ctx.io.warn(m),
    planText,
    summaryName: 'glossary delete',
    deletions: { force: false, confirm: false, confirmed: false },
    journal,
    held,
  });
  return runChange(ctx, domain, runOptions(opts));
}
