// glossary sync <file>: make the glossary equal the file (README, "Keeping the glossary in a
// repository"). file → reader → sync plan (src/plan/glossarySync.ts) → the change engine with the
// glossary domain. This file only turns flags into options.
import type { Context } from '../../context.js';
import { checkOutputs, runChange, runOptions } from '../../engine/run.js';
import { UsageError } from '../../errors.js';
import { readGlossaryFile } from '../../files/glossary.js';
import { throwProblems } from '../../files/users.js';
import { glossaryDomain, readGlossaryAndSettle } from '../../glossary/change.js';
import { Journal, holdBack } from '../../glossary/journal.js';
import { keyTermOf, listSome } from '../../glossary/importView.js';
import { formatSyncPlan } from '../../glossary/syncView.js';
import { duplicateLines, findDuplicates } from '../../plan/duplicates.js';
import { planGlossarySync, syncProblems } from '../../plan/glossarySync.js';
import { maxRemovalsAllowed } from '../../plan/members.js';
import { parseWholeNumber, resolveTimeoutMs } from '../../settings.js';

export interface GlossarySyncOptions {
  file: string;
  prune?: boolean;
  key?: string;
  dryRun?: boolean;
  exitCode?: boolean;
  planOut?: string;
  maxDeletions?: string;
  force?: boolean;
  report?: string;
  batchSize: string;
}

export const defaultMaxDeletions = '25%';

export async function run(opts: GlossarySyncOptions, ctx: Context): Promise<number> {
  const batchSize = parseWholeNumber('--batch-size', opts.batchSize, 1000);
  if (opts.exitCode && !opts.dryRun) throw new UsageError('--exit-code only works with --dry-run (exit 8 when changes are pending)');
  if (opts.maxDeletions !== undefined && !opts.prune) throw new UsageError('--max-deletions goes with --prune: only --prune deletes entries');
  const maxDeletions = opts.maxDeletions ?? defaultMaxDeletions;
  maxRemovalsAllowed(maxDeletions, 0, '--max-deletions', 'entries'); // a bad spec fails before any request
  ctx.outputFormat();
  const requestTimeoutMs = resolveTimeoutMs(ctx.flags);
  const org = ctx.setting('org').value;
  const { io } = ctx;
  await checkOutputs(opts);

  const file = await readGlossaryFile(opts.file, opts.key === undefined ? {} : { key: opts.key });
  for (const w of file.warnings) io.warn(`${w.file}:${w.line}: ${w.message}`);
  // An empty file would mean "no glossary": refused whatever the other flags say.
  if (file.rows.length === 0) throw new UsageError(`${opts.file} has no rows; refusing to sync the glossary to an empty file (nothing was sent)`);

  const client = await ctx.client();
  const journal = await Journal.open(ctx.store.dir, ctx.profileName);
  const { existing, held: waiting } = await readGlossaryAndSettle(client, org, journal, requestTimeoutMs, (m) => io.warn(m));
  const prune = opts.prune === true;
  const plan = planGlossarySync(existing, file.rows, { key: file.key, languages: file.languages, prune });
  throwProblems(syncProblems(plan, opts.file));
  const { send, held } = holdBack(plan.operations, waiting);
  plan.operations = send;
  listSome(
    plan.unknownIds.map((u) => `${opts.file}:${u.line}: no entry with id ${JSON.stringify(u.id)} in the glossary of ${org}; the row is matched by its ${file.key} term instead`),
    (l) => io.warn(l),
    'rows with an unknown id',
  );

  // Entries that already duplicate each other (same translations): said, with the command that
  // cleans them. (Those sharing only a key term are in the plan: --prune keeps one.)
  listSome(
    duplicateLines(findDuplicates(existing, file.key).filter((g) => g.reason === 'same translations'), file.key),
    (l) => io.warn(l),
    'groups of duplicates',
  );
  const domain = glossaryDomain({
    client,
    baseUrl: client.base.origin + client.base.prefix,
    org,
    command: 'glossary sync',
    file: opts.file,
    key: file.key,
    rowCount: file.rows.length,
    existing,
    plan,
    terms: new Map(file.rows.map((r) => [r.line, keyTermOf(r.translations, file.key)])),
    entryTerms: new Map(existing.map((e) => [e.id, keyTermOf(e.translations, file.key)])),
    settings: { batchSize, onConflict: 'skip', requestTimeoutMs },
    warn: (m) => io.warn(m),
    planText: formatSyncPlan(opts.file, org, existing, plan, file.key, prune),
    summaryName: 'glossary sync',
    deletions: { ...(prune ? { maxDeletions } : {}), force: opts.force === true, confirm: true, confirmed: false },
    journal,
    held,
  });
  return runChange(ctx, domain, runOptions(opts));
}
