// The glossary commands that change the service, after their flags (README, "The glossary",
// "Keeping the glossary in a repository"): read the input and the whole glossary (settling what
// earlier runs left unknown), plan (src/plan/), hold back what an earlier run may still apply, and
// hand the plan to the change engine through the glossary domain. The command files in
// src/commands/glossary/ only turn flags into these options.
import type { Context } from '../context.js';
import { checkOutputs, runChange, runOptions } from '../engine/run.js';
import { NotFoundError, UsageError, formatProblem } from '../errors.js';
import { readGlossaryFile, type GlossaryFile } from '../files/glossary/read.js';
import { throwProblems } from '../files/users.js';
import { caseVariantLines, duplicateLines, findDuplicates } from '../plan/duplicates.js';
import { planGlossaryImport, type GlossaryPlan, type OnConflict, type PlannedOperation } from '../plan/glossary.js';
import { planGlossarySync, syncProblems } from '../plan/glossarySync.js';
import { glossaryDomain, readGlossaryAndSettle } from './change.js';
import { deeplCodesToKeys } from './deeplKeys.js';
import { refuseLosingUpdates, rewriteKeys, serviceView, toServiceKeys, unreadKeys, type ServiceKeyOptions } from './serviceKeys.js';
import { respelled } from './serviceLanguages.js';
import { keyTermOf, listSome, showTranslations } from './importView.js';
import { Journal, type Settled } from '../journal/journal.js';
import { holdBack } from '../journal/glossaryBatches.js';
import type { ApiClient } from '../api/client.js';
import type { GlossaryEntry } from '../api/types.js';
import { formatSyncPlan } from './syncView.js';
import { holdBackWaiter, type HoldBack } from '../journal/holdBack.js';
import { foldLimit, foldedList } from '../output/fold.js';
import { boundHeapGrowth } from '../heap.js';
import { touchedEntries, type TouchedEntry } from './touched.js';

/** What every run that changes the glossary is told. */
interface RunFlags {
  dryRun?: boolean | undefined;
  exitCode?: boolean | undefined;
  report?: string | undefined;
  planOut?: string | undefined;
  /** false with --no-wait: refuse at once when another run is changing the same glossary. */
  wait?: boolean | undefined;
  requestTimeoutMs: number;
  /** --hold-back and --no-settle (`teamctl help reliability`, "The hold-back time"). */
  holdBack: HoldBack;
  /** --map-language and --strict-languages (`teamctl help glossary-files`, "Keys the translation feature reads"). */
  serviceKeys?: ServiceKeyOptions | undefined;
}

/**
 * The journal of the glossary `org` at the client's service (`teamctl help reliability`, "Reliability"). A run that
 * may send takes its lock (one writer per glossary: waits, or refuses with --no-wait); a dry run
 * reads it without. `use` runs with it; the lock is released whatever happens.
 */
export async function withJournal<T>(
  ctx: Context,
  client: ApiClient,
  org: string,
  opts: { dryRun?: boolean | undefined; planOut?: string | undefined; wait?: boolean | undefined },
  use: (journal: Journal) => Promise<T>,
): Promise<T> {
  const sends = opts.dryRun !== true && opts.planOut === undefined;
  const lock = sends ? { wait: opts.wait !== false, onWait: (m: string) => ctx.io.info(m) } : undefined;
  const journal = await Journal.open(ctx.journalHome(), client.base.origin + client.base.prefix, org, lock);
  try {
    return await use(journal);
  } finally {
    await journal.close();
  }
}

export interface GlossaryImportRun extends RunFlags {
  file: string;
  /** --ignore-columns: header cells read as no column. */
  ignoreColumns?: string[] | undefined;
  /** --header-row: the file's line that holds the header. */
  headerRow?: number | undefined;
  key?: string | undefined;
  /** --languages: the languages of the file's term columns, in order. */
  languages?: string[] | undefined;
  /** --sheet: the sheet of an .xlsx. */
  sheet?: string | undefined;
  /** --encoding: a CSV's encoding, as TextDecoder names it. */
  encoding?: string | undefined;
  onConflict: OnConflict;
  batchSize: number;
}

export interface GlossarySyncRun extends RunFlags {
  file: string;
  /** --ignore-columns: header cells read as no column. */
  ignoreColumns?: string[] | undefined;
  /** --header-row: the file's line that holds the header. */
  headerRow?: number | undefined;
  key?: string | undefined;
  /** --languages: the languages of the file's term columns, in order. */
  languages?: string[] | undefined;
  /** --sheet: the sheet of an .xlsx. */
  sheet?: string | undefined;
  /** --encoding: a CSV's encoding, as TextDecoder names it. */
  encoding?: string | undefined;
  prune?: boolean | undefined;
  force?: boolean | undefined;
  /** --rewrite-keys: every entry's keys moved to the translation feature's spelling in the plan. */
  rewriteKeys?: boolean | undefined;
  maxDeletions: string;
  batchSize: number;
  /** --rerun-translations: once the sync succeeded, run the translations into the languages it touched. */
  rerunTranslations?: boolean | undefined;
}

export interface GlossaryDeleteRun extends RunFlags {
  ids: string[];
}

/**
 * The first steps of import and sync: the file, every problem checked and its warnings said;
 * then, when `needsGlossary(file)`, the glossary read in full with the journal of earlier runs
 * settled (what may still land is `waiting`).
 */
async function readFileAndGlossary<T>(
  ctx: Context,
  opts: RunFlags & { file: string; key?: string | undefined; languages?: string[] | undefined; sheet?: string | undefined; encoding?: string | undefined; ignoreColumns?: string[] | undefined; headerRow?: number | undefined },
  needsGlossary: (file: GlossaryFile) => boolean,
  /** `view`: the glossary with the keys the translation feature reads, which the planners match. */
  use: (read: { file: GlossaryFile; client: ApiClient; journal: Journal; existing: GlossaryEntry[]; view: GlossaryEntry[]; waiting: Settled['held'] }) => Promise<T>,
): Promise<T> {
  boundHeapGrowth(); // before the file is read: the young generation must not have grown yet
  const readOptions = { ...(opts.key === undefined ? {} : { key: opts.key }), ...(opts.languages === undefined ? {} : { languages: opts.languages }), ...(opts.sheet === undefined ? {} : { sheet: opts.sheet }), ...(opts.encoding === undefined ? {} : { encoding: opts.encoding }), ...(opts.ignoreColumns === undefined ? {} : { ignoreColumns: opts.ignoreColumns }), ...(opts.headerRow === undefined ? {} : { headerRow: opts.headerRow }) };
  const file = await readGlossaryFile(opts.file, readOptions, ctx.cwd);
  for (const w of file.warnings) ctx.io.warn(formatProblem(w));
  const client = await ctx.client();
  const org = ctx.setting('org').value;
  return withJournal(ctx, client, org, opts, async (journal) => {
    const { existing, held: waiting } = needsGlossary(file)
      ? await readGlossaryAndSettle(client, org, journal, opts.holdBack.holdBackMs, (m) => ctx.io.warn(m), ctx.now)
      : { existing: [], held: [] };
    refuseUnknownLanguages(opts.file, file, existing, org);
    const serviceKeys = opts.serviceKeys ?? { map: new Map(), strict: false };
    const keyed = toServiceKeys(deeplCodesToKeys(file, existing, opts.file), opts.file, serviceKeys);
    for (const w of keyed.warnings) ctx.io.warn(formatProblem(w));
    const unread = unreadKeys(existing, serviceKeys.map);
    if (unread !== undefined) ctx.io.warn(`the glossary of ${org} ${unread}`);
    return use({ file: keyed.file, client, journal, existing, view: serviceView(existing, serviceKeys.map), waiting });
  });
}

/**
 * A language column ICU does not know stands only when the glossary already uses that key (an
 * export re-imports whatever keys the service holds); otherwise it is a problem of the header
 * (`teamctl help glossary-files`, "Glossary file layouts"), and nothing is sent.
 */
function refuseUnknownLanguages(path: string, file: GlossaryFile, existing: readonly GlossaryEntry[], org: string): void {
  if (file.unverifiedLanguages.length === 0) return;
  const used = new Set(existing.flatMap((e) => Object.keys(e.translations).map((k) => k.toLowerCase())));
  const unknown = file.unverifiedLanguages.filter((l) => !used.has(l.toLowerCase()));
  if (unknown.length === 0) return;
  throwProblems(
    unknown.map((l) => ({
      file: path,
      line: 1,
      message: `column ${JSON.stringify(l)} is no language ICU knows, nor a key the glossary of ${org} uses: is it a language column? (if not, name it away: --ignore-columns ${JSON.stringify(l)})`,
    })),
  );
}

/**
 * Leaves out of the plan what an earlier run's batch may still bring; returns what was held back.
 * Every insert and update is first written with the keys the translation feature reads
 * (`teamctl help glossary-files`, "Keys the translation feature reads"): an update replaces the
 * entry's map, so an existing `pt-BR` it carries is written `pt-br`.
 */
function holdBackWaiting(plan: { operations: PlannedOperation[] }, waiting: Parameters<typeof holdBack>[1]) {
  for (const op of plan.operations) {
    if (op.operation.type !== 'delete') op.operation = { ...op.operation, translations: respelled(op.operation.translations) };
  }
  const { send, held } = holdBack(plan.operations, waiting);
  plan.operations = send;
  return held;
}

/**
 * Rows naming an id the glossary does not have: said, with how they are matched instead. When no
 * id of the file is the glossary's, the column may be Indonesian terms (`id` is Indonesian's
 * language code): said once, with how to write that column (`teamctl help glossary-files`, "Glossary file layouts").
 */
function warnUnknownIds(ctx: Context, path: string, org: string, file: GlossaryFile, unknownIds: readonly { line: number; id: string }[], matchedBy: string): void {
  listSome(
    unknownIds.map((u) => `${path}:${u.line}: no entry with id ${JSON.stringify(u.id)} in the glossary of ${org}; the row is matched by ${matchedBy} instead`),
    (l) => ctx.io.warn(l),
    'rows with an unknown id',
  );
  const rowsWithId = file.rows.filter((r) => r.id !== undefined).length;
  if (unknownIds.length > 0 && unknownIds.length === rowsWithId) {
    ctx.io.warn(
      `${path}:1: no id of the file's \`id\` column is an entry of the glossary of ${org}: \`id\` is teamctl's entry-id column, never a language — ` +
        'if that column holds Indonesian terms, name it id-ID (read as Indonesian) and run again with --map-language id-ID=id (the translation feature\'s Indonesian)',
    );
  }
}

export async function runGlossaryImport(ctx: Context, opts: GlossaryImportRun): Promise<number> {
  const { requestTimeoutMs, onConflict } = opts;
  const org = ctx.setting('org').value;
  const { io } = ctx;
  await checkOutputs(opts, ctx.cwd, [{ path: opts.file, what: 'the glossary file' }]);

  // 1. The file, all of it checked before anything is sent; 2. the glossary read in full.
  return readFileAndGlossary(ctx, opts, (f) => f.rows.length > 0, async ({ file, client, journal, existing, view, waiting }) => {
  // 3. The plan, without what an earlier run's batch may still bring.
  const plan = planGlossaryImport(view, file.rows, { key: file.key, onConflict });
  refuseLosingUpdates(plan, existing, opts.serviceKeys?.map ?? new Map(), org);
  const held = holdBackWaiting(plan, waiting);
  warnUnknownIds(ctx, opts.file, org, file, plan.unknownIds, 'its translations');
  // Entries that already duplicate each other: said, with the command that cleans them.
  listSome(duplicateLines(findDuplicates(existing, file.key), file.key), (l) => io.warn(l), 'groups of duplicates');
  listSome(caseVariantLines(existing, file.rows, file.key).map((v) => `${opts.file}:${v.line}: ${v.message}`), (l) => io.warn(l), 'case-only variants');
  const terms = new Map(file.rows.map((r) => [r.line, keyTermOf(r.translations, file.key)]));

  const domain = glossaryDomain({
    client,
    baseUrl: client.base.origin + client.base.prefix,
    org,
    command: 'glossary import',
    file: opts.file,
    key: file.key,
    rowCount: file.rows.length,
    existing,
    plan,
    terms,
    settings: { batchSize: opts.batchSize, onConflict, requestTimeoutMs, ...opts.holdBack },
    holdBackWait: holdBackWaiter(ctx),
    screenRows: io.stderrRows,
    warn: (m) => io.warn(m),
    sleep: ctx.sleep,
    now: ctx.now,
    journal,
    held,
  });
  return runChange(ctx, domain, runOptions({ ...opts, inputs: [{ path: opts.file, what: 'the glossary file' }] }));
  });
}

export async function runGlossarySync(ctx: Context, opts: GlossarySyncRun): Promise<number> {
  if (opts.rerunTranslations !== true) return syncGlossary(ctx, opts);
  const { rerunAfterSync } = await import('./rerunTranslations.js');
  return rerunAfterSync(ctx, opts, (touched) => syncGlossary(ctx, opts, touched));
}

/** The sync; `touched` is given the operations it plans to send, with the entries they change. */
async function syncGlossary(ctx: Context, opts: GlossarySyncRun, touched?: (changes: TouchedEntry[]) => void): Promise<number> {
  const { requestTimeoutMs, maxDeletions } = opts;
  const org = ctx.setting('org').value;
  const { io } = ctx;
  await checkOutputs(opts, ctx.cwd, [{ path: opts.file, what: 'the glossary file' }]);

  return readFileAndGlossary(
    ctx,
    opts,
    (f) => {
      // An empty file would mean "no glossary": refused whatever the other flags say.
      if (f.rows.length === 0) throw new UsageError(`${opts.file} has no rows; refusing to sync the glossary to an empty file (nothing was sent)`);
      return true;
    },
    async ({ file, client, journal, existing, view, waiting }) => {
  const prune = opts.prune === true;
  const plan = planGlossarySync(view, file.rows, { key: file.key, languages: file.languages, prune });
  throwProblems(syncProblems(plan, opts.file));
  if (opts.rewriteKeys === true) rewriteKeys(plan, existing, view);
  refuseLosingUpdates(plan, existing, opts.serviceKeys?.map ?? new Map(), org);
  const held = holdBackWaiting(plan, waiting);
  touched?.(touchedEntries(plan.operations, existing));
  warnUnknownIds(ctx, opts.file, org, file, plan.unknownIds, `its ${file.key} term`);

  // Entries that already duplicate each other (same translations): said, with the command that
  // cleans them. (Those sharing only a key term are in the plan: --prune keeps one.)
  listSome(
    duplicateLines(findDuplicates(existing, file.key).filter((g) => g.reason === 'same translations'), file.key),
    (l) => io.warn(l),
    'groups of duplicates',
  );
  listSome(caseVariantLines(existing, file.rows, file.key).map((v) => `${opts.file}:${v.line}: ${v.message}`), (l) => io.warn(l), 'case-only variants');
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
    settings: { batchSize: opts.batchSize, onConflict: 'skip', requestTimeoutMs, ...opts.holdBack },
    holdBackWait: holdBackWaiter(ctx),
    warn: (m) => io.warn(m),
    sleep: ctx.sleep,
    now: ctx.now,
    planText: () => formatSyncPlan(opts.file, org, existing, plan, file.key, prune, io.stderrRows),
    summaryName: 'glossary sync',
    deletions: { ...(prune ? { maxDeletions } : {}), force: opts.force === true, confirm: true, confirmed: false },
    journal,
    held,
  });
  return runChange(ctx, domain, runOptions({ ...opts, inputs: [{ path: opts.file, what: 'the glossary file' }] }));
    },
  );
}

export async function runGlossaryDelete(ctx: Context, opts: GlossaryDeleteRun): Promise<number> {
  const { requestTimeoutMs, ids } = opts;
  const org = ctx.setting('org').value;
  await checkOutputs(opts, ctx.cwd, []);

  const client = await ctx.client();
  return withJournal(ctx, client, org, opts, async (journal) => {
  const { existing, held: waiting } = await readGlossaryAndSettle(client, org, journal, opts.holdBack.holdBackMs, (m) => ctx.io.warn(m), ctx.now);
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
    ...foldedList(
      ids.map((id) => `  - delete  ${id}: ${showTranslations(byId.get(id)?.translations ?? {})}`),
      foldLimit(ctx.io.stderrRows, ids.length + 2),
    ),
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
    settings: { batchSize: 100, onConflict: 'skip', requestTimeoutMs, ...opts.holdBack },
    holdBackWait: holdBackWaiter(ctx),
    warn: (m) => ctx.io.warn(m),
    sleep: ctx.sleep,
    now: ctx.now,
    planText: () => planText,
    summaryName: 'glossary delete',
    deletions: { force: false, confirm: false, confirmed: false },
    journal,
    held,
  });
  return runChange(ctx, domain, runOptions(opts));
  });
}
