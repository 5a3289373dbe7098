// The glossary import as a domain of the change engine (src/engine/run.ts): `glossary import`
// reads the file and the whole glossary and plans; `apply` brings a saved plan. The engine prints,
// sends (src/glossary/apply.ts, the non-idempotent executor), verifies and reports.
//
// Exit codes (README, "glossary import"): 0 when nothing failed (skipped conflicts are not
// failures); 6 when some operations were applied and something failed or could not be verified;
// when nothing was applied, 1 — or 4 / 5 when a 401/403 / 404 stopped the run.
import type { ApiClient } from '../api/client.js';
import { readGlossary, updateGlossaryEntries } from '../api/glossary.js';
import type { GlossaryEntry } from '../api/types.js';
import type { Tally } from '../engine/exit.js';
import { planFormat, planVersion, stateDigest, type PlanFile } from '../engine/planFile.js';
import type { ChangeDomain } from '../engine/run.js';
import type { Context } from '../context.js';
import { GuardError } from '../errors.js';
import { maxRemovalsAllowed } from '../plan/members.js';
import type { GlossaryPlan, OnConflict } from '../plan/glossary.js';
import { applyGlossaryPlan, type ApplyResult } from './apply.js';
import {
  appliedReport,
  appliedRows,
  formatImportPlan,
  formatImportSummary,
  importCsv,
  importDoc,
  plannedReport,
  plannedRows,
  type EntryTerms,
  type ImportRow,
  type KeyTerms,
} from './importView.js';

export interface GlossaryRunSettings {
  batchSize: number;
  onConflict: OnConflict;
  /** The per-request timeout: how long a timed-out batch may still be processed. */
  requestTimeoutMs: number;
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
  /** What people see of the plan; default: the import's plan lines. */
  planText?: string;
  /** The command in the summary line (default "glossary import"). */
  summaryName?: string;
  /** The key terms of the listed entries by id, for deletions in reports. */
  entryTerms?: EntryTerms;
  /** A plan that may delete (sync, delete): its guard and confirmation. */
  deletions?: DeletionRules;
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

  const tallyOf = (result: ApplyResult | undefined): Tally => ({
    total: ops.length,
    applied: result?.applied.length ?? 0,
    failed: result?.failed.length ?? 0,
    // Without the final listing, any failed operation may have landed after all; with it, those
    // sent with an unknown outcome may still land later (they were not re-sent).
    unknown: result ? (result.verified ? result.failed.filter((f) => f.outcomeUnknown).length : result.failed.length) : 0,
    unexplained: result?.discrepancies.length ?? 0,
    unverifiable: result ? !result.verified : false,
    stoppedBy: result?.stoppedBy,
    firstFailure: result?.failed[0]?.message,
  });
  let last: ApplyResult | undefined;

  return {
    planText: async () => input.planText ?? formatImportPlan(input.file, org, existing, plan, key, input.rowCount),
    isEmpty: () => ops.length === 0,

    refusals() {
      const rules = input.deletions;
      const deletes = ops.filter((p) => p.operation.type === 'delete').length;
      if (!rules?.maxDeletions || deletes === 0) return [];
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
      if (!rules?.confirm || rules.confirmed || deletes === 0 || ctx.flags.yes) return;
      const what = `${deletes} glossary ${deletes === 1 ? 'entry' : 'entries'} not in ${input.file}`;
      if (ctx.io.stdinIsTTY && ctx.io.stderrIsTTY) {
        if (await ctx.io.confirm(`Delete ${what}?`)) return;
        throw new GuardError('not confirmed; nothing was sent');
      }
      throw new GuardError(`--prune would delete ${what}, which needs confirmation; nothing was sent`, {
        hint: 'there is no terminal to ask on: pass --yes to confirm (check the plan with --dry-run first)',
      });
    },

    planned() {
      const report = plannedReport(plan, withDeletes);
      const rows = plannedRows(plan, key, terms, input.entryTerms);
      return { rows, json: report, doc: importDoc(org, report, rows) };
    },
    nothingToDo() {
      const report = { ...plannedReport(plan, withDeletes), dryRun: false };
      const rows = plannedRows(plan, key, terms, input.entryTerms);
      return { rows, json: report, doc: importDoc(org, report, rows), summary: formatImportSummary(report, key, summaryName), tally: tallyOf(undefined) };
    },
    // Nothing to send: every row is present or a skipped conflict; the counts say so.
    nothingToDoLine: formatImportSummary({ ...plannedReport(plan, withDeletes), dryRun: false }, key, summaryName),

    work: () => ({ label: 'glossary import', units: ops.length, requests: Math.ceil(ops.length / settings.batchSize) }),

    async execute(progress, interrupted) {
      const { requestTimeoutMs } = settings;
      const result = await applyGlossaryPlan(
        { update: (operations) => updateGlossaryEntries(client, org, operations), read: () => readGlossary(client, org) },
        existing,
        ops,
        {
          batchSize: settings.batchSize,
          requestTimeoutMs,
          // A tenth of the request timeout, at most 500 ms: a short --timeout means a fast service.
          checkDelayMs: Math.min(500, Math.ceil(requestTimeoutMs / 10)),
          onSettled: (n) => progress.increment(n),
          onNotice: input.warn,
          interrupted,
        },
      );
      last = result;
      const report = appliedReport(plan, result, withDeletes);
      const rows = appliedRows(plan, result, key, terms, input.entryTerms);
      return { rows, json: report, doc: importDoc(org, report, rows), summary: formatImportSummary(report, key, summaryName), tally: tallyOf(result) };
    },

    planFile(): PlanFile<GlossaryPlanBody> {
      return {
        format: planFormat,
        version: planVersion,
        createdAt: new Date().toISOString(),
        command: input.command,
        baseUrl: input.baseUrl,
        organization: org,
        kind: 'glossary',
        body: {
          file: input.file,
          key,
          state: glossaryState(existing),
          plan,
          terms: [...terms],
          options: { batchSize: settings.batchSize, onConflict: settings.onConflict },
          ...(input.deletions ? { deletions: { maxDeletions: input.deletions.maxDeletions ?? null, force: input.deletions.force } } : {}),
        },
      };
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
          t.failed > 0 ? `${t.failed} of ${t.total} operations failed${t.unknown > 0 && t.unknown <= t.failed ? ` (${t.unknown} with an unknown outcome: the service may still apply them)` : ''}` : '',
          t.unexplained > 0 ? `${t.unexplained} ${t.unexplained === 1 ? 'problem' : 'problems'} (duplicates, missing changes) found when the glossary was listed again` : '',
          t.unverifiable ? 'the result could not be verified' : '',
        ].filter((p) => p !== '');
        return `${problems.join('; ')}; ${t.applied} applied`;
      },
      hint: () => 'fix what the messages name and run the same import again: what landed is skipped as present',
    },
  };
}

/** Why operations failed, in a few words: their statuses counted ("3 rejected (400), 2 not sent"). */
function describeFailures(failed: readonly { status: number | null; message: string }[]): string {
  const counts = new Map<string, number>();
  for (const f of failed) {
    const what = f.status !== null ? `${f.status >= 500 ? 'failed' : 'rejected'} (${f.status})` : f.message.startsWith('not sent') ? 'not sent' : 'failed (no answer)';
    counts.set(what, (counts.get(what) ?? 0) + 1);
  }
  return [...counts].map(([what, n]) => `${n} ${what}`).join(', ') + ' — see the lines above';
}
