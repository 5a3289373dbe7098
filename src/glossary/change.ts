// The glossary import as a domain of the change engine (src/engine/run.ts): `glossary import`
// reads the file and the whole glossary and plans; `apply` brings a saved plan. The engine prints,
// sends (src/glossary/apply.ts, the non-idempotent executor), verifies and reports.
//
// Exit codes (README, "The glossary"): 0 when nothing failed (skipped conflicts are not
// failures); 6 when some operations were applied and something failed or could not be verified;
// when nothing was applied, 1 — or 4 / 5 when a 401/403 / 404 stopped the run.
import type { ApiClient } from '../api/client.js';
import { listGlossaryEntries, readGlossary, updateGlossaryEntries } from '../api/glossary.js';
import type { GlossaryEntry } from '../api/types.js';
import { failedWords, type Tally } from '../engine/exit.js';
import { newPlanFile, stateDigest, type PlanFile } from '../engine/planFile.js';
import { confirmPrune, lazyView, type ChangeDomain } from '../engine/run.js';
import type { Context } from '../context.js';
import { maxRemovalsAllowed } from '../plan/members.js';
import type { GlossaryEntryLike, GlossaryPlan, OnConflict, PlannedOperation } from '../plan/glossary.js';
import { applyGlossaryPlan } from './apply.js';
import { defaultHoldBackMs } from '../journal/holdBack.js';
import type { ApplyResult } from './outcomes.js';
import type { Journal, Settled } from '../journal/journal.js';
import { journaled } from '../journal/glossaryBatches.js';
import {
  appliedReport,
  appliedRows,
  formatImportPlan,
  formatImportSummary,
  importCsv,
  importDoc,
  plannedReport,
  plannedRows,
  keyTermOf,
  type EntryTerms,
  type ImportRow,
  type KeyTerms,
} from './importView.js';

export interface GlossaryRunSettings {
  batchSize: number;
  onConflict: OnConflict;
  /** The per-request timeout: how long a timed-out batch may still be processed. */
  requestTimeoutMs: number;
  /** --hold-back: how long a batch whose outcome is unknown is left alone (default 60 s). */
  holdBackMs?: number;
  /** false with --no-settle: what is still held back at the end stays in the journal (exit 6). */
  settle?: boolean;
}

/** The glossary part of a saved plan. */
export interface GlossaryPlanBody {
  /** The input file, for people reading the plan. */
  file: string;
  /** The key language. */
  key: string;
  /** The glossary the plan was made from: each entry's id and a digest of its translations. */
  state: { digest: string; entries: Record<string, string> };
  plan: GlossaryPlan;
  /** Key terms of the rows that need no operation (present, conflicts), by line. */
  terms: [number, string][];
  options: { batchSize: number; onConflict: OnConflict };
  /** A plan that deletes (sync, delete): the guard it was checked with. */
  deletions?: { maxDeletions: string | null; force: boolean };
}

export interface GlossaryRunInput {
  client: ApiClient;
  baseUrl: string;
  org: string;
  command: string;
  file: string;
  key: string;
  /** The number of rows in the file (0: nothing to import). */
  rowCount: number;
  existing: GlossaryEntry[];
  plan: GlossaryPlan;
  terms: KeyTerms;
  settings: GlossaryRunSettings;
  /** Live notices of the executor (waiting for a timed-out batch, …), for stderr. */
  warn: (message: string) => void;
  /** How the executor waits for a batch that may still land (default: a real timer). */
  sleep?: (ms: number) => Promise<void>;
  /** How the end of the run waits for held-back batches (a line, a countdown on a terminal). */
  holdBackWait?: (ms: number, count: number) => Promise<void>;
  /** The clock of the journal's hold-back time (ms since the epoch; default Date.now). */
  now?: (() => number) | undefined;
  /** What people see of the plan; default: the import's plan lines. */
  planText?: () => string;
  /** The terminal's height when stderr is one: a taller plan folds (`teamctl help environment`, "Plans at a terminal"). */
  screenRows?: number;
  /** The command in the summary line (default "glossary import"). */
  summaryName?: string;
  /** The key terms of the listed entries by id, for deletions in reports. */
  entryTerms?: EntryTerms;
  /** A plan that may delete (sync, delete): its guard and confirmation. */
  deletions?: DeletionRules;
  /** The journal every batch is recorded in until its outcome is known. */
  journal?: Journal;
  /** Planned operations an earlier run may still apply: not sent (src/journal/journal.ts). */
  held?: { planned: PlannedOperation; sentAt: string }[];
}


/**
 * The glossary as listed now, and what earlier runs left unknown, settled against it (README,
 * "Reliability"): the warnings say what landed since, what is taken as lost, and what is held.
 */
export async function readGlossaryAndSettle(
  client: ApiClient,
  org: string,
  journal: Journal,
  holdBackMs: number,
  warn: (message: string) => void,
  now: () => number = Date.now,
): Promise<{ existing: GlossaryEntry[]; held: Settled['held'] }> {
  const existing = await readGlossary(client, org);
  const settled = await journal.settle(existing, new Date(now()), holdBackMs);
  const n = (k: number, what: string): string => `${k} ${k === 1 ? 'operation' : 'operations'} ${what}`;
  if (settled.landed + settled.lost + settled.held.length > 0) {
    warn(
      `an earlier run left glossary requests with an unknown outcome: ${[
        ...(settled.landed > 0 ? [n(settled.landed, 'landed since')] : []),
        ...(settled.lost > 0 ? [n(settled.lost, 'never landed (taken as lost)')] : []),
        ...(settled.held.length > 0 ? [n(settled.held.length, `may still land, and ${settled.held.length === 1 ? 'is' : 'are'} held back in this run`)] : []),
      ].join('; ')}`,
    );
  }
  return { existing, held: settled.held };
}

export interface DeletionRules {
  /** --max-deletions (n or p% of the entries); absent: no such guard (`glossary delete` names each entry). */
  maxDeletions?: string;
  force: boolean;
  /** Deletions need a yes (--yes or a terminal answer): sync --prune. */
  confirm: boolean;
  /** A saved plan being applied: the reviewed plan is the confirmation. */
  confirmed: boolean;
}

/** A short digest of one entry's translations (order of keys does not matter). */
function entryDigest(entry: Pick<GlossaryEntry, 'translations'>): string {
  return stateDigest(Object.entries(entry.translations).map(([k, v]) => [k, String(v)])).slice(7, 23);
}

export function glossaryState(entries: readonly GlossaryEntry[]): GlossaryPlanBody['state'] {
  const byId: Record<string, string> = {};
  for (const e of entries) byId[e.id] = entryDigest(e);
  return { digest: stateDigest(Object.entries(byId)), entries: byId };
}

export function glossaryDomain(input: GlossaryRunInput): ChangeDomain<ImportRow> {
  const { client, org, existing, plan, key, terms, settings } = input;
  const ops = plan.operations;
  const withDeletes = input.deletions !== undefined;
  const summaryName = input.summaryName ?? 'glossary import';

  // Operations an earlier run may still apply: planned, never sent by this run, reported unknown.
  const held = input.held ?? [];
  const heldRows: ImportRow[] = held.map(({ planned, sentAt }) => ({
    line: planned.line,
    key: planned.operation.type === 'delete' ? (input.entryTerms?.get(planned.operation.id) ?? '') : keyTermOf(planned.operation.translations, key),
    action: planned.operation.type,
    outcome: 'unknown',
    entryId: 'id' in planned.operation ? planned.operation.id : '',
    status: null,
    message: `not sent: an earlier run's request (sent ${sentAt}) may still apply it — run again later`,
  }));
  const withHeld = (rows: ImportRow[]): ImportRow[] => (held.length === 0 ? rows : [...rows, ...heldRows].sort((a, b) => a.line - b.line));
  const tallyOf = (result: ApplyResult | undefined): Tally => ({
    total: ops.length + held.length,
    applied: result?.applied.length ?? 0,
    failed: (result?.failed.length ?? 0) + held.length,
    // Without the final listing, any failed operation may have landed after all; with it, those
    // sent with an unknown outcome may still land later (they were not re-sent).
    unknown: held.length + (result ? (result.verified ? result.failed.filter((f) => f.outcomeUnknown).length : result.failed.length) : 0),
    unexplained: result?.discrepancies.length ?? 0,
    unverifiable: result ? !result.verified : false,
    stoppedBy: result?.stoppedBy,
    firstFailure: result?.failed[0]?.message,
  });
  let last: ApplyResult | undefined;

  return {
    planText: async () => input.planText?.() ?? formatImportPlan(input.file, org, existing, plan, key, input.rowCount, input.screenRows),
    isEmpty: () => ops.length === 0 && held.length === 0,

    refusals() {
      const rules = input.deletions;
      const deletes = ops.filter((p) => p.operation.type === 'delete').length;
      if (!rules?.maxDeletions) return [];
      const allowed = maxRemovalsAllowed(rules.maxDeletions, existing.length, '--max-deletions', 'entries');
      if (deletes <= allowed) return [];
      const what = `the plan deletes ${deletes} of ${existing.length} glossary entries, more than --max-deletions ${rules.maxDeletions} allows (${allowed})`;
      if (rules.force) {
        input.warn(`${what}; going ahead because of --force`);
        return [];
      }
      return [{ what, hint: 'check the file; to apply it anyway, pass --force or a higher --max-deletions' }];
    },

    async confirm(ctx: Context) {
      const rules = input.deletions;
      const deletes = ops.filter((p) => p.operation.type === 'delete').length;
      if (!rules?.confirm || rules.confirmed || deletes === 0) return;
      await confirmPrune(ctx, 'delete', `${deletes} glossary ${deletes === 1 ? 'entry' : 'entries'} not in ${input.file}`);
    },

    planned() {
      const report = plannedReport(plan, withDeletes);
      return lazyView(() => withHeld(plannedRows(plan, key, terms, input.entryTerms)), (rows) => importDoc(org, report, rows, summaryName), { json: report });
    },
    nothingToDo() {
      const report = { ...plannedReport(plan, withDeletes), dryRun: false };
      return lazyView(() => plannedRows(plan, key, terms, input.entryTerms), (rows) => importDoc(org, report, rows, summaryName), {
        json: report,
        summary: () => formatImportSummary(report, key, summaryName),
        tally: tallyOf(undefined),
      });
    },
    // Nothing to send: every row is present or a skipped conflict; the counts say so.
    nothingToDoLine: formatImportSummary(plannedReport(plan, withDeletes), key, summaryName),

    work: () => ({ label: input.command, units: ops.length, requests: Math.ceil(ops.length / settings.batchSize) }),

    async execute(progress, interrupted) {
      const { requestTimeoutMs } = settings;
      const { journal } = input;
      const now = input.now ?? Date.now;
      const holdBackMs = settings.holdBackMs ?? defaultHoldBackMs;
      const result = await applyGlossaryPlan(
        {
          update: journal
            ? journaled((operations) => updateGlossaryEntries(client, org, operations), journal, () => new Date(now()))
            : (operations) => updateGlossaryEntries(client, org, operations),
          list: () => listGlossaryEntries(client, org, 1000),
          // Held-back operations about to be sent again: the journal, settled against the
          // listing, forgets them (taken as lost) — the same rule a later run applies.
          ...(journal ? { released: async (glossary: readonly GlossaryEntryLike[]) => void (await journal.settle(glossary, new Date(now()), holdBackMs)) } : {}),
        },
        existing,
        ops,
        {
          batchSize: settings.batchSize,
          requestTimeoutMs,
          holdBackMs,
          settle: settings.settle ?? true,
          ...(input.holdBackWait ? { holdBackWait: input.holdBackWait } : {}),
          now,
          // A tenth of the request timeout, at most 500 ms: a short --timeout means a fast service.
          checkDelayMs: Math.min(500, Math.ceil(requestTimeoutMs / 10)),
          onSettled: (n) => progress.increment(n),
          onNotice: input.warn,
          sleep: input.sleep,
          interrupted,
        },
      );
      last = result;
      const report = appliedReport(plan, result, withDeletes);
      for (const r of heldRows) report.unknown.push({ line: r.line, status: null, message: r.message });
      report.unknown.sort((a, b) => a.line - b.line);
      const stopped = interrupted();
      return lazyView(() => withHeld(appliedRows(plan, result, key, terms, input.entryTerms)), (rows) => importDoc(org, report, rows, summaryName), {
        json: report,
        summary: (file: string | undefined) => formatImportSummary(report, key, summaryName, stopped ? { report: file } : undefined),
        tally: tallyOf(result),
      });
    },

    planFile(): PlanFile<GlossaryPlanBody> {
      return newPlanFile('glossary', { command: input.command, baseUrl: input.baseUrl, organization: org }, {
          file: input.file,
          key,
          state: glossaryState(existing),
          plan,
          terms: [...terms],
          options: { batchSize: settings.batchSize, onConflict: settings.onConflict },
          ...(input.deletions ? { deletions: { maxDeletions: input.deletions.maxDeletions ?? null, force: input.deletions.force } } : {}),
        });
    },

    csv: importCsv,

    words: {
      nothingApplied: () => {
        const stop = last?.stoppedBy;
        const why = stop ? (last?.stopReason ?? stop.message) : describeFailures(last?.failed ?? []);
        return `none of the ${ops.length} operations was applied: ${why}`;
      },
      partial: (t) => {
        const problems = [
          ...failedWords(t, 'operations'),
          t.unexplained > 0 ? `${t.unexplained} ${t.unexplained === 1 ? 'duplicate' : 'duplicates'} found when the glossary was listed again` : '',
          t.unverifiable ? 'the result could not be verified' : '',
        ].filter((p) => p !== '');
        return `${problems.join('; ')}; ${t.applied} applied`;
      },
      hint: () => 'fix what the messages name and run the same import again: what landed is skipped as present',
    },
  };
}

/** Why operations failed, in a few words: their statuses counted ("3 rejected (400), 2 not sent"). */
export function describeFailures(failed: readonly { status: number | null; message: string; missing?: true }[]): string {
  const counts = new Map<string, number>();
  for (const f of failed) {
    const what = f.missing
      ? 'confirmed but missing from the glossary'
      : f.status !== null
        ? `${f.status >= 500 ? 'failed' : 'rejected'} (${f.status})`
        : f.message.startsWith('not sent')
          ? 'not sent'
          : 'failed (no answer)';
    counts.set(what, (counts.get(what) ?? 0) + 1);
  }
  return [...counts].map(([what, n]) => `${n} ${what}`).join(', ') + ' — see the lines above';
}
