// One plan made of parts run one after another (`teamctl help organization`, "Organization roles and leavers"): the
// organization's role changes, the team changes, then the removals from the organization — each
// part a domain of its own (src/organization/members.ts, change.ts, orgChange.ts), seen by the change
// engine as one plan, one confirmation, one report and one exit code. A part starts once the one
// before it is done, so a leaver leaves their teams before the organization.
import type { Context } from '../context.js';
import { failedWords, sumTallies, type ExitWords } from '../engine/exit.js';
import type { PlanFile } from '../engine/planFile.js';
import type { ReportDoc } from '../engine/report.js';
import type { AppliedView, ChangeDomain, RunView } from '../engine/run.js';
import type { Progress } from '../output/progress.js';
import { plural } from '../output/words.js';
import { userCell } from '../plan/members.js';
import type { UserRef } from '../model/users.js';

/** A report row of any part: the team it is for ('' for the organization's own changes). */
export interface StepRow {
  team: string;
  /** The team's title, when known ('' in \`--report\` otherwise). */
  teamTitle?: string;
  user: UserRef;
  action: string;
  outcome: string;
  status: number | null;
  message: string;
}

/** One part: its domain, and how its rows read as steps. */
export interface Part<Row> {
  domain: ChangeDomain<Row>;
  row: (r: Row) => StepRow;
}

/**
 * The parts' JSON reports as one: lists of the same name joined (`failed`), `verified` only when
 * every part is, any other field as the last part that has it says.
 */
export function mergeReports(reports: readonly unknown[], dryRun: boolean): Record<string, unknown> {
  const whole: Record<string, unknown> = { dryRun };
  for (const report of reports) {
    for (const [key, value] of Object.entries(report as Record<string, unknown>)) {
      const had = whole[key];
      if (key === 'dryRun') continue;
      if (Array.isArray(had) && Array.isArray(value)) whole[key] = [...(had as unknown[]), ...(value as unknown[])];
      else if (key === 'verified' && typeof had === 'boolean') whole[key] = had && value === true;
      else whole[key] = value;
    }
  }
  return whole;
}

// Parts of different row types live in one list.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyPart = Part<any>;

function merge(parts: readonly AnyPart[], views: readonly RunView<unknown>[], dryRun: boolean): { rows: StepRow[]; json: unknown; doc: ReportDoc } {
  const rows = views.flatMap((v, i) => v.rows.map((r) => (parts[i] as AnyPart).row(r)));
  const json = mergeReports(views.map((v) => v.json), dryRun);
  const docs = views.map((v) => v.doc);
  // The title of each part that changes something, once (the organization's two parts share one).
  const changing = docs.filter((_, i) => !(parts[i] as AnyPart).domain.isEmpty());
  const titles = [...new Set((changing.length > 0 ? changing : docs.slice(0, 1)).map((d) => d.title))];
  return { rows, json, doc: { title: titles.join('; '), sections: docs.flatMap((d) => d.sections) } };
}


const words: ExitWords = {
  nothingApplied: (t) => `nothing was changed: ${t.failed} of ${t.total} changes failed${t.firstFailure ? ` (first: ${t.firstFailure})` : ''}`,
  partial: (t) =>
    [
      ...failedWords(t, 'changes').map((w) => w.replace(/ failed$/, ' failed or are requests waiting for an admin of the organization')),
      ...(t.unverifiable ? ['some results could not be verified'] : []),
      ...(t.unexplained > 0 ? [`the members read back differ from the plan for ${plural(t.unexplained, 'user')}`] : []),
    ].join('; ') + (t.failed < t.total ? '; the other changes were applied' : ''),
  hint: (report) => (report === undefined ? 'the summary above lists each change; --report <file.csv> keeps it' : `each change's outcome is in ${report}`),
};

/**
 * The parts as one domain. `planFile` makes the saved plan of the whole (the parts' own plan files
 * handed in, in order).
 */
export function sequenceDomain(parts: readonly AnyPart[], planFile: (files: PlanFile[]) => PlanFile): ChangeDomain<StepRow> {
  const live = (): AnyPart[] => parts.filter((p) => !p.domain.isEmpty());
  return {
    async planText(color) {
      const texts = await Promise.all(parts.map((p) => p.domain.planText(color)));
      return texts.filter((t) => t !== '').join('\n');
    },
    isEmpty: () => parts.every((p) => p.domain.isEmpty()),
    refusals: () => parts.flatMap((p) => p.domain.refusals()),
    async confirm(ctx: Context) {
      for (const p of live()) await p.domain.confirm(ctx);
    },
    planned: () => merge(parts, parts.map((p) => p.domain.planned()), true),
    nothingToDo(): AppliedView<StepRow> {
      const views = parts.map((p) => p.domain.nothingToDo());
      return { ...merge(parts, views, false), summary: (r) => views.map((v) => v.summary(r)).join('\n'), tally: sumTallies(views.map((v) => v.tally)) };
    },
    nothingToDoLine: 'Nothing to change.',
    work() {
      const works = live().map((p) => p.domain.work());
      return { label: works[0]?.label ?? 'changes', units: works.reduce((n, w) => n + w.units, 0), requests: works.reduce((n, w) => n + w.requests, 0) };
    },
    async execute(progress: Progress, interrupted: () => boolean): Promise<AppliedView<StepRow>> {
      const views: AppliedView<unknown>[] = [];
      for (const p of parts) views.push(p.domain.isEmpty() ? p.domain.nothingToDo() : await p.domain.execute(progress, interrupted));
      const changed = views.filter((_, i) => !(parts[i] as AnyPart).domain.isEmpty());
      return { ...merge(parts, views, false), summary: (r) => changed.map((v) => v.summary(r)).join('\n'), tally: sumTallies(views.map((v) => v.tally)) };
    },
    planFile: () => planFile(parts.map((p) => p.domain.planFile())),
    csv: {
      header: ['team', 'teamTitle', 'user', 'action', 'outcome', 'status', 'message'],
      record: (r) => [r.team, r.teamTitle ?? '', userCell(r.user), r.action, r.outcome, r.status === null ? '' : String(r.status), r.message],
    },
    words,
  };
}

/** A team change's row as a step: a single team's rows name their team through `team` (and `title`, when known). */
export function stepOfTeamRow(r: { user: UserRef; action: string; outcome: string; status: number | null; message: string; team?: string; teamTitle?: string }, team: string | undefined, title?: string): StepRow {
  const teamTitle = r.team !== undefined ? r.teamTitle : title;
  return { team: r.team ?? team ?? '', ...(teamTitle !== undefined ? { teamTitle } : {}), user: r.user, action: r.action, outcome: r.outcome, status: r.status, message: r.message };
}

/** The title of a team change's domain when it is one team's and knows it. */
export const titleOfTeams = (domain: object): string | undefined => ('title' in domain && typeof domain.title === 'string' ? domain.title : undefined);
