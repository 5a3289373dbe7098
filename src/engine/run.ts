// The change engine: one orchestration for every command that changes the service (members
// add|remove|sync, glossary import, and `apply` of a saved plan). A domain (src/members/change.ts,
// src/glossary/change.ts) reads the current state and plans; the engine does the rest, in order:
//   print the plan → guards → --plan-out → dry run? → confirm → apply → read back and verify →
//   report (CSV, JSON, Markdown, step summary) → the exit rule (src/engine/exit.ts).
// Reports are views of one list of outcome rows per change, so they always agree.
import { defaultHoldBackMs, holdBackWaiter, type HoldBack } from '../journal/holdBack.js';
import type { HoldBackRun } from '../journal/teamCreations.js';
import { resolve } from 'node:path';
import type { ApiClient } from '../api/client.js';
import type { Context } from '../context.js';
import { ExitCode, GuardError, InterruptedError, PartialError, TeamctlError, UsageError } from '../errors.js';
import { checkWritable, sameFile, writeFileAtomic } from '../files/atomic.js';
import { csvText, type CsvColumns } from './csv.js';
import { startProgress, type Progress } from '../output/progress.js';
import { painted } from '../output/terminal.js';
import { settleExit, type ExitWords, type Tally } from './exit.js';
import { interruptGraceMs, watchInterrupts } from './interrupt.js';
import { planFileText, type PlanFile } from './planFile.js';
import { renderReport, type ReportDoc } from './report.js';

/** A guard's refusal: what it refuses and how to get past it. */
export interface Refusal {
  what: string;
  hint: string;
}

/** One view of a run (planned, or done): the rows and what each output shows of them. */
export interface RunView<Row> {
  rows: Row[];
  /** The JSON report printed with --json / -o ndjson. */
  json: unknown;
  /** Markdown (-o markdown, GITHUB_STEP_SUMMARY). */
  doc: ReportDoc;
}

/**
 * A view whose rows, and the Markdown made of them, are built only when an output asks for them
 * (--report, -o markdown, a step summary): a 100k-row run that prints a summary need not hold them.
 */
export function lazyView<Row, Rest extends object>(makeRows: () => Row[], makeDoc: (rows: Row[]) => ReportDoc, rest: Rest): Rest & { rows: Row[]; doc: ReportDoc } {
  let rows: Row[] | undefined;
  let doc: ReportDoc | undefined;
  return Object.defineProperties(rest, {
    rows: { enumerable: true, get: () => (rows ??= makeRows()) },
    doc: { enumerable: true, get: () => (doc ??= makeDoc((rows ??= makeRows()))) },
  }) as Rest & { rows: Row[]; doc: ReportDoc };
}

export interface AppliedView<Row> extends RunView<Row> {
  /**
   * The result for people on stderr; `report` is the --report file written, when there is one
   * (an interrupted run points there for the changes it does not list).
   */
  summary(report: string | undefined): string;
  tally: Tally;
}

export interface ChangeDomain<Row> {
  /** The plan for people (stderr). */
  planText(color: boolean): Promise<string>;
  isEmpty(): boolean;
  /** Guards that refuse the plan (after --force was taken into account). */
  refusals(): Refusal[];
  /** Asks for what needs confirmation (--prune removals); throws GuardError when refused. */
  confirm(ctx: Context): Promise<void>;
  planned(): RunView<Row>;
  /** The report of a run with nothing to send (the read it planned from verifies it). */
  nothingToDo(): AppliedView<Row>;
  /** What the run will send, for the progress bar: units and requests. */
  work(): { label: string; units: number; requests: number };
  /** Sends the plan; `interrupted()` turns true once the run must start no new request. */
  execute(progress: Progress, interrupted: () => boolean): Promise<AppliedView<Row>>;
  /** The plan file --plan-out writes. */
  planFile(): PlanFile;
  /** The --report CSV. */
  csv: CsvColumns<Row>;
  words: ExitWords;
  nothingToDoLine: string;
}

export interface RunOptions {
  dryRun: boolean;
  /** With a dry run: exit 8 when the plan is not empty. */
  exitCode?: boolean;
  /** --plan-out: a dry run that also writes the plan. */
  planOut?: string;
  /** --report: the CSV file. */
  report?: string;
  /** The files the run reads: GITHUB_STEP_SUMMARY naming one of them is skipped (`teamctl help formatting`, "Reports"). */
  inputs?: readonly InputFile[];
  /**
   * A saved plan's record as applied (README, "Review, then apply"): taken once the plan passed
   * its guards and its confirmation, right before its first change — a plan stopped before
   * anything was sent is not recorded. Never in a dry run.
   */
  claim?: () => Promise<void>;
}

/** What `apply` hands the domain whose plan it applies, once the plan's target is checked. */
export interface SavedPlanRun {
  /** The plan file as named, for messages. */
  path: string;
  client: ApiClient;
  baseUrl: string;
  org: string;
  /** Its `claim` records the plan as applied, once nothing stops it any more. */
  run: RunOptions;
  /** false with --no-wait: refuse at once when another run holds the journal's lock. */
  wait: boolean;
  /** --hold-back and --no-settle (`teamctl help reliability`, "The hold-back time"). */
  holdBack: HoldBack;
}

/**
 * The confirmation of --prune (`teamctl help guards`, "Safety guards"): asked on a terminal, else refused with
 * nothing sent. `verb` and `what` make the question ("Remove 3 members missing from the roster?").
 */
export async function confirmPrune(ctx: Context, verb: 'remove' | 'delete', what: string, where = ''): Promise<void> {
  await confirmChange(ctx, `${verb === 'remove' ? 'Remove' : 'Delete'} ${what}${where}?`, `--prune would ${verb} ${what}${where}`);
}

/** A change that needs confirmation: asked on a terminal, else refused (exit 3) unless --yes. `needs` says what would happen. */
export async function confirmChange(ctx: Context, question: string, needs: string): Promise<void> {
  if (ctx.flags.yes) return;
  if (ctx.io.stderrIsTTY && ctx.io.stdinIsTTY) {
    if (await ctx.io.confirm(question)) return;
    throw new GuardError('not confirmed; nothing was sent');
  }
  throw new GuardError(`${needs}, which needs confirmation; nothing was sent`, {
    hint: 'there is no terminal to ask on: pass --yes to confirm (check the plan with --dry-run first)',
  });
}

/** The run options from a command's flags (absent flags left out). */
export function runOptions(flags: {
  dryRun?: boolean | undefined;
  exitCode?: boolean | undefined;
  report?: string | undefined;
  planOut?: string | undefined;
  inputs?: readonly InputFile[] | undefined;
}): RunOptions {
  return {
    ...(flags.inputs !== undefined ? { inputs: flags.inputs } : {}),
    dryRun: flags.dryRun === true,
    ...(flags.exitCode !== undefined ? { exitCode: flags.exitCode } : {}),
    ...(flags.report !== undefined ? { report: flags.report } : {}),
    ...(flags.planOut !== undefined ? { planOut: flags.planOut } : {}),
  };
}

/** A file a command reads: its path as given, and what it is for people ("the roster"). */
export interface InputFile {
  path: string;
  what: string;
}

/**
 * Checks the output paths before anything is sent (exit 2): each is writable, and none is an
 * input file or the other output, compared as real paths (`teamctl help formatting`, "Reports").
 */
export async function checkOutputs(options: Pick<RunOptions, 'planOut' | 'report'>, cwd: string, inputs: readonly InputFile[]): Promise<void> {
  const outputs = [
    ...(options.report !== undefined ? [{ flag: `--report ${options.report}`, path: resolve(cwd, options.report) }] : []),
    ...(options.planOut !== undefined ? [{ flag: `--plan-out ${options.planOut}`, path: resolve(cwd, options.planOut) }] : []),
  ];
  for (const [i, out] of outputs.entries()) {
    const others = [...inputs.map((f) => ({ name: `${f.what} (${f.path})`, path: resolve(cwd, f.path) })), ...outputs.slice(0, i).map((o) => ({ name: o.flag, path: o.path }))];
    for (const other of others) {
      if (await sameFile(out.path, other.path)) {
        throw new UsageError(`${out.flag} is the same file as ${other.name}: writing it would overwrite that; nothing was sent`, { hint: 'name another file for the output' });
      }
    }
    await checkWritable(out.path, out.flag);
  }
}


/**
 * Prints the report on stdout in the chosen format, and appends Markdown to GITHUB_STEP_SUMMARY —
 * unless that names one of the run's input files, which an output never overwrites (README,
 * "Reports"): then the summary is skipped with a warning naming both.
 */
async function publish<Row>(ctx: Context, view: RunView<Row>, inputs: readonly InputFile[] = []): Promise<void> {
  const format = ctx.outputFormat();
  if (format === 'json') await ctx.io.out(JSON.stringify(view.json, null, 2) + '\n');
  else if (format === 'ndjson') await ctx.io.out(JSON.stringify(view.json) + '\n');
  else if (format === 'markdown') await ctx.io.out(renderReport(view.doc));
  const summaryFile = ctx.env.GITHUB_STEP_SUMMARY;
  if (summaryFile && ctx.env.TEAMCTL_NO_STEP_SUMMARY !== '1') {
    const path = ctx.path(summaryFile);
    for (const input of inputs) {
      if (await sameFile(path, ctx.path(input.path))) {
        ctx.io.warn(`GITHUB_STEP_SUMMARY (${summaryFile}) is the same file as ${input.what} (${input.path}): the summary was not written there`);
        return;
      }
    }
    const { appendStepSummary } = await import('./stepSummary.js');
    await appendStepSummary(path, renderReport(view.doc), (m) => ctx.io.warn(m));
  }
}

export async function runChange<Row>(ctx: Context, domain: ChangeDomain<Row>, options: RunOptions): Promise<number> {
  const { io } = ctx;
  if (!io.quiet) {
    // With --quiet, not even built (100k lines). Its colours are teamctl's, its outside values made one line by the domain.
    const plan = await domain.planText(io.colorStderr);
    io.info(io.colorStderr ? painted(plan) : plan);
  }

  const refusals = domain.refusals();
  const refused =
    refusals.length === 0
      ? undefined
      : // Two teams refused by one guard share its hint: said once.
        new GuardError(`${refusals.map((r) => r.what).join('; and ')}; nothing was sent`, { hint: [...new Set(refusals.map((r) => r.hint))].join('; ') });
  const dryRun = options.dryRun || options.planOut !== undefined;
  if (refused && !dryRun) throw refused;

  if (dryRun) {
    // A refused plan is not written: applying it could only be refused again.
    if (options.planOut !== undefined && !refused) {
      await writeFileAtomic(ctx.path(options.planOut), planFileText(domain.planFile()), `--plan-out ${options.planOut}`);
    }
    const pending = options.exitCode === true && !domain.isEmpty();
    // A drift check names who changed what drifted, when the audit log can say (`teamctl help audit`).
    const drift = pending && !refused ? await import('../audit/drift.js') : undefined;
    const who = drift?.auditWanted(ctx) ? await drift.whoChanged(ctx, domain.planFile()) : undefined;
    const view = who && drift ? drift.withWho(domain.planned(), who) : domain.planned();
    if (options.report !== undefined) await writeFileAtomic(ctx.path(options.report), await csvText(domain.csv, view.rows), `--report ${options.report}`);
    await publish(ctx, view, options.inputs);
    // The guards are checked on a dry run too, after its reports: a rehearsal fails as the run would.
    if (refused) throw refused;
    if (who && drift) io.info(drift.whoLines(who).join('\n'));
    const saved = options.planOut !== undefined ? `; the plan is in ${options.planOut}` : '';
    io.info(pending ? `Dry run: nothing was sent${saved}; changes are pending (exit 8).` : `Dry run: nothing was sent${saved}.`);
    return pending ? ExitCode.pending : ExitCode.ok;
  }

  if (domain.isEmpty()) {
    await options.claim?.();
    const view = domain.nothingToDo();
    if (options.report !== undefined) await writeFileAtomic(ctx.path(options.report), await csvText(domain.csv, view.rows), `--report ${options.report}`);
    await publish(ctx, view, options.inputs);
    io.info(domain.nothingToDoLine);
    return ExitCode.ok;
  }

  await domain.confirm(ctx);
  await options.claim?.();

  const work = domain.work();
  const progress = await startProgress(io, work.label, work.units, work.requests);
  const interrupts = watchInterrupts((signal) => {
    progress.stop();
    // Ctrl-C again only means something to someone at a terminal who pressed it the first time.
    const again = signal === 'SIGINT' && io.stdinIsTTY && io.stderrIsTTY ? ' (press Ctrl-C again to quit at once)' : '';
    io.error(`interrupted: sending nothing more; requests in flight get ${interruptGraceMs / 1000}s to finish${again}`);
    ctx.interruptRequests(interruptGraceMs);
  });
  let done: AppliedView<Row>;
  try {
    done = await domain.execute(progress, () => interrupts.received !== undefined);
  } finally {
    progress.stop();
    interrupts.dispose();
  }

  // Changes were applied: a report that cannot be written no longer stops anything; the
  // summary and the JSON report still go out, and the exit code says what happened.
  let reportProblem: string | undefined;
  if (options.report !== undefined) {
    try {
      await writeFileAtomic(ctx.path(options.report), await csvText(domain.csv, done.rows), `--report ${options.report}`);
    } catch (err) {
      if (!(err instanceof TeamctlError)) throw err;
      reportProblem = err.message;
    }
  }
  await publish(ctx, done, options.inputs);
  io.info(done.summary(options.report !== undefined && reportProblem === undefined ? options.report : undefined));
  const signal = interrupts.received;
  if (signal !== undefined) {
    const { applied, total } = done.tally;
    // The summary above folds long lists: only a report (or --json) holds every change.
    const where = options.report !== undefined && reportProblem === undefined ? `; ${options.report} lists each change` : '; the summary above shows the first changes, and --report <file.csv> lists each change';
    throw new InterruptedError(`interrupted after ${applied.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} changes were applied${where}; run the same command again to finish`, signal);
  }
  if (reportProblem !== undefined) {
    if (done.tally.applied > 0) {
      throw new PartialError(`${done.tally.applied} of ${done.tally.total} changes were applied (see the summary above), but the report could not be written: ${reportProblem}`, {
        hint: 'the summary above, and --json, give the outcome of each change',
      });
    }
    io.error(`error: the report could not be written: ${reportProblem}`);
  }
  return settleExit(done.tally, domain.words, options.report);
}

/** The hold-back time and --no-settle of a run that may create teams, its clock and its wait (`teamctl help reliability`). */
export function holdBackOf(ctx: Context, holdBack: HoldBack = { holdBackMs: defaultHoldBackMs, settle: true }, what: 'teams' | 'grants' = 'teams'): HoldBackRun {
  return { ...holdBack, now: () => ctx.now?.() ?? Date.now(), wait: holdBackWaiter(ctx, what) };
}
