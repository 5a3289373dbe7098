// glossary import <file> (contract §2, §3, §4, §6): file → reader → plan against the whole
// glossary → batched operations (src/glossary/apply.ts) → report.
//
// - Nothing is sent when the file has any problem (exit 2), nor with --dry-run.
// - stderr gets the file's warnings, the plan (--dry-run) or what failed, and a summary; stdout
//   gets the report only with --json (-o ndjson: the same report on one line).
// - After the operations the glossary is listed once more and compared with what should be there
//   (src/glossary/apply.ts): a duplicate the run caused (a request whose outcome was unknown, that
//   the service processed after teamctl sent it again) or a confirmed operation that is missing is
//   reported in `failed` on its line, and so is a verification listing that failed (line 0: the
//   run as a whole).
// - A batch that timed out (--timeout, or a gateway's 504) is never sent again: what had not
//   landed when the glossary was listed fails as "outcome unknown … not re-sent" and the run stops;
//   a later re-run finishes it (src/glossary/apply.ts, README "Why a timed-out batch is not re-sent").
// - Exit 6 (partial) when some operations applied and something failed or could not be verified.
//   When nothing was applied, it was no partial success: exit 1 ("none of the N operations was
//   applied", saying why), or the stopping error's own code when that error is one every request
//   would meet (401/403 → 4, 404 → 5).
import type { Context } from '../../context.js';
import { AuthError, ExitCode, NotFoundError, PartialError, ServiceError, UsageError } from '../../errors.js';
import { readGlossary, updateGlossaryEntries } from '../../api/glossary.js';
import type { GlossaryEntry, GlossaryTranslations } from '../../api/types.js';
import { readGlossaryFile } from '../../files/glossary.js';
import { applyGlossaryPlan, type ApplyResult } from '../../glossary/apply.js';
import { startProgress } from '../../output/progress.js';
import { planGlossaryImport, type GlossaryPlan, type OnConflict, type PlannedOperation } from '../../plan/glossary.js';
import type { ImportOptionsFlags } from '../../program.js';
import { parseWholeNumber, resolveTimeoutMs } from '../../settings.js';

export interface ImportOptions extends ImportOptionsFlags {
  file: string;
}

/** The report of contract §4. */
export interface ImportReport {
  dryRun: boolean;
  inserted: number;
  updated: number;
  present: number;
  conflicts: { line: number; key: string; existingId: string }[];
  failed: { line: number; status: number | null; message: string }[];
}

/** How many conflicts, failures and unknown ids are listed one per line on stderr. */
const listedOnStderr = 20;

const onConflictValues: readonly OnConflict[] = ['skip', 'update', 'insert'];

/** A value for a plan line: bare when plain, JSON-quoted when it has spaces at the ends, commas, quotes or `=`; long ones cut. */
function showValue(value: string): string {
  const chars = [...value];
  const cut = chars.length > 40 ? `${chars.slice(0, 39).join('')}…` : value;
  return /^\s|\s$|[,="\\]|\p{Cc}/u.test(cut) || cut === '' ? JSON.stringify(cut) : cut;
}

function showTranslations(t: GlossaryTranslations): string {
  return Object.entries(t)
    .map(([k, v]) => `${k}=${showValue(v)}`)
    .join(', ');
}

/** What an update changes: `fr: rive → banque, de: + Bank`. */
function showChange(before: GlossaryTranslations | undefined, after: GlossaryTranslations): string {
  const old = new Map(Object.entries(before ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
  const parts: string[] = [];
  for (const [k, v] of Object.entries(after)) {
    const was = old.get(k.toLowerCase());
    if (was === undefined || was.trim() === '') parts.push(`${k}: + ${showValue(v)}`);
    else if (was.trim().normalize('NFC') !== v.trim().normalize('NFC')) parts.push(`${k}: ${showValue(was)} → ${showValue(v)}`);
  }
  return parts.length > 0 ? parts.join(', ') : showTranslations(after);
}

function planLine(planned: PlannedOperation, byId: Map<string, GlossaryEntry>, key: string): string {
  const op = planned.operation;
  const conflict = planned.conflict;
  if (op.type === 'insert') {
    const why = conflict ? ` (a new entry, although ${conflict.existingId} has the same ${key} term)` : '';
    return `+ insert  line ${planned.line}: ${showTranslations(op.translations)}${why}`;
  }
  if (op.type === 'update') {
    const why = conflict ? ` (matched by its ${key} term)` : '';
    return `~ update  ${op.id} line ${planned.line}: ${showChange(byId.get(op.id)?.translations, op.translations)}${why}`;
  }
  return `- delete  ${op.id} line ${planned.line}`;
}

function conflictLine(c: { line: number; key: string; existingId: string }, key: string): string {
  return `! conflict line ${c.line}: ${key} term ${JSON.stringify(c.key)} matches entry ${c.existingId}, which has other translations; skipped`;
}

/** Lists up to `listedOnStderr` lines, then how many more. */
function listSome(lines: string[], write: (line: string) => void, more: string): void {
  for (const line of lines.slice(0, listedOnStderr)) write(line);
  if (lines.length > listedOnStderr) write(`… and ${lines.length - listedOnStderr} more ${more}`);
}

function count(ops: readonly PlannedOperation[], type: 'insert' | 'update'): number {
  return ops.filter((p) => p.operation.type === type).length;
}

async function printReport(ctx: Context, report: ImportReport): Promise<void> {
  const format = ctx.outputFormat();
  if (format === 'json') await ctx.io.out(JSON.stringify(report, null, 2) + '\n');
  else if (format === 'ndjson') await ctx.io.out(JSON.stringify(report) + '\n');
}

export async function run(opts: ImportOptions, ctx: Context): Promise<number> {
  const batchSize = parseWholeNumber('--batch-size', opts.batchSize, 1000);
  const onConflict = opts.onConflict ?? 'skip';
  if (!onConflictValues.includes(onConflict)) {
    throw new UsageError(`--on-conflict must be one of ${onConflictValues.join(', ')}, not ${JSON.stringify(onConflict)}`);
  }
  ctx.outputFormat(); // a bad -o fails here, before anything is read or sent
  const requestTimeoutMs = resolveTimeoutMs(ctx.flags);
  const org = ctx.setting('org').value;
  const { io } = ctx;

  // 1. The file, all of it checked before anything is sent.
  const file = await readGlossaryFile(opts.file, opts.key === undefined ? {} : { key: opts.key });
  for (const w of file.warnings) io.warn(`${w.file}:${w.line}: ${w.message}`);

  // 2. The plan, against the glossary read in full.
  const client = await ctx.client();
  const existing = file.rows.length === 0 ? [] : await readGlossary(client, org);
  const plan: GlossaryPlan = planGlossaryImport(existing, file.rows, { key: file.key, onConflict });
  listSome(
    plan.unknownIds.map(
      (u) => `${opts.file}:${u.line}: no entry with id ${JSON.stringify(u.id)} in the glossary of ${org}; the row is matched by its translations instead`,
    ),
    (l) => io.warn(l),
    'rows with an unknown id',
  );
  const conflictLines = plan.conflicts.map((c) => conflictLine(c, file.key));
  const conflictHint = 'use --on-conflict update to change those entries, or insert to add new ones';

  if (opts.dryRun) {
    const byId = new Map(existing.map((e) => [e.id, e]));
    io.info(
      file.rows.length === 0
        ? `${opts.file} has no rows to import`
        : `plan for ${opts.file} against the glossary of ${org} (${existing.length} entries):`,
    );
    const lines = [
      ...plan.operations.map((p) => ({ line: p.line, text: planLine(p, byId, file.key) })),
      ...plan.present.map((p) => ({ line: p.line, text: `= present line ${p.line}: entry ${p.existingId}` })),
      ...plan.conflicts.map((c, i) => ({ line: c.line, text: conflictLines[i] as string })),
    ].sort((a, b) => a.line - b.line);
    for (const l of lines) io.info(`  ${l.text}`);
    const report: ImportReport = {
      dryRun: true,
      inserted: count(plan.operations, 'insert'),
      updated: count(plan.operations, 'update'),
      present: plan.present.length,
      conflicts: plan.conflicts,
      failed: [],
    };
    io.info(
      `dry run: would insert ${report.inserted}, update ${report.updated}; ${report.present} present, ` +
        `${report.conflicts.length} conflict${report.conflicts.length === 1 ? '' : 's'}; nothing was sent`,
    );
    if (report.conflicts.length > 0) io.info(`(${conflictHint})`);
    await printReport(ctx, report);
    return ExitCode.ok;
  }

  // 3. The operations, in batches.
  const ops = plan.operations;
  const progress = await startProgress(io, 'glossary import', ops.length, Math.ceil(ops.length / batchSize));
  let result: ApplyResult;
  try {
    result = await applyGlossaryPlan(
      { update: (operations) => updateGlossaryEntries(client, org, operations), read: () => readGlossary(client, org) },
      existing,
      ops,
      {
        batchSize,
        requestTimeoutMs,
        // A tenth of the request timeout, at most 500 ms: a short --timeout means a fast service.
        checkDelayMs: Math.min(500, Math.ceil(requestTimeoutMs / 10)),
        onSettled: (n) => progress.increment(n),
        onNotice: (m) => io.warn(m),
      },
    );
  } finally {
    progress.stop();
  }

  // 4. The report: failed operations, then what the final listing found, each on its line.
  const failed: ImportReport['failed'] = [
    ...result.failed.map((f) => ({ line: f.line, status: f.status, message: f.message })),
    ...result.discrepancies.map((d) => ({ line: d.line, status: null, message: d.message })),
  ].sort((a, b) => a.line - b.line);
  if (result.verifyError) {
    failed.unshift({
      line: 0,
      status: result.verifyError.status ?? null,
      message: `the glossary could not be listed to verify the import: ${result.verifyError.message}`,
    });
  }
  const report: ImportReport = {
    dryRun: false,
    inserted: count(result.applied, 'insert'),
    updated: count(result.applied, 'update'),
    present: plan.present.length,
    conflicts: plan.conflicts,
    failed,
  };
  listSome(conflictLines, (l) => io.info(l), 'conflicts (--json lists them all)');
  listSome(
    report.failed.map((f) => `failed: ${f.line === 0 ? 'verification' : `line ${f.line}`}${f.status === null ? '' : ` (${f.status})`}: ${f.message}`),
    (l) => io.error(l),
    'failed operations (--json lists them all)',
  );
  io.info(
    `glossary import: ${report.inserted} inserted, ${report.updated} updated, ${report.present} present, ` +
      `${report.conflicts.length} conflict${report.conflicts.length === 1 ? '' : 's'}${report.conflicts.length > 0 ? ' (skipped)' : ''}, ` +
      `${report.failed.length} failed`,
  );
  if (report.conflicts.length > 0) io.info(`(${conflictHint})`);
  await printReport(ctx, report);

  if (report.failed.length === 0) return ExitCode.ok;
  const hint = 'fix what the messages name and run the same import again: what landed is skipped as present';
  if (result.applied.length === 0 && result.discrepancies.length === 0 && result.verified) {
    // Nothing changed: not a partial success (contract §5).
    const stop = result.stoppedBy;
    if (stop instanceof AuthError || stop instanceof NotFoundError) throw stop;
    const why = stop ? `: ${result.stopReason ?? stop.message}` : `: ${describeFailures(result.failed)}`;
    throw new ServiceError(`none of the ${ops.length} operations was applied${why}`, { hint: stop?.hint ?? hint });
  }
  const problems = [
    result.failed.length > 0 ? `${result.failed.length} of ${ops.length} operations failed` : '',
    result.discrepancies.length > 0
      ? `${result.discrepancies.length} ${result.discrepancies.length === 1 ? 'problem' : 'problems'} (duplicates, missing changes) found when the glossary was listed again`
      : '',
    result.verifyError ? 'the result could not be verified' : '',
  ].filter((p) => p !== '');
  throw new PartialError(`${problems.join('; ')}; ${result.applied.length} applied`, { hint });
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
