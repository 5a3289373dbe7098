// Many teams in one run (`teamctl help rosters`, "Many teams from one roster"): one members domain per team,
// seen by the change engine as one plan, one confirmation, one report and one exit code.
// - Guards apply to each team on its own, and every refusal of every team is reported at once.
// - Teams are applied at the same time, sharing the client's one --concurrency budget; the
//   report keeps roster order, and one team's failure never stops another. A team that an
//   interruption reaches before it starts is reported "not sent".
// - The plan file holds every team; `apply` refuses it when any team moved.
import type { Context } from '../context.js';
import { failedWords, sumTallies } from '../engine/exit.js';
import type { PlanFile } from '../engine/planFile.js';
import type { ReportDoc } from '../engine/report.js';
import { confirmPrune, type AppliedView, type ChangeDomain, type RunView } from '../engine/run.js';
import type { Progress } from '../output/progress.js';
import { teamShown, type MembersDomain, type MembersPlanBody } from './change.js';
import { membersCsv, type MembersReport, type ReportRow } from './report.js';
import { plural } from '../output/words.js';
import { interruptedLine, notSentLines, notSentMessage } from '../engine/interrupted.js';
import { describeUser } from '../plan/members.js';

/** A report row of a run over several teams: the team first. */
export interface TeamRow extends ReportRow {
  team: string;
  /** The team's title, when known (the \`teamTitle\` column of \`--report\`). */
  teamTitle?: string;
}

/** The JSON report of a run over several teams: the single-team report of each team, with its team. */
export interface SeveralTeamsReport {
  dryRun: boolean;
  teams: (MembersReport & { team: string; teamTitle?: string })[];
  /** The teams --create-teams creates (a plan: their titles, id null) or created. */
  teamsCreated?: { id: string | null; title: string }[];
}

/** The report's `teamsCreated`, present when the run creates teams (`teamctl help organization`). */
function teamsCreated(teams: readonly MembersDomain[], done: boolean): Pick<SeveralTeamsReport, 'teamsCreated'> {
  const creating = teams.flatMap((t) => (t.creates === undefined ? [] : [t.creates()]));
  if (creating.length === 0) return {};
  return { teamsCreated: creating.filter((c) => !done || c.id !== null).map((c) => ({ id: c.id, title: c.title })) };
}


function combine(team: string, view: RunView<ReportRow>, title?: string): { rows: TeamRow[]; json: MembersReport & { team: string; teamTitle?: string }; doc: ReportDoc } {
  return { rows: view.rows.map((r) => ({ team, ...(title !== undefined ? { teamTitle: title } : {}), ...r })), json: { team, ...(title !== undefined ? { teamTitle: title } : {}), ...(view.json as MembersReport) }, doc: view.doc };
}

/** How people read a team of the run: its title beside its id, when known. */
const shownTeam = (t: MembersDomain): string => teamShown(t.team, t.title);

/** One Markdown document: the counts, then each team's sections; teams without changes in one line. */
function severalTeamsDoc(title: string, teams: { team: string; doc: ReportDoc; empty: boolean }[]): ReportDoc {
  const quiet = teams.filter((t) => t.empty).map((t) => t.team);
  return {
    title,
    sections: [
      ...teams.filter((t) => !t.empty).flatMap((t) => t.doc.sections.map((s) => ({ ...s, heading: `${t.team}: ${s.heading}`, team: t.team }))),
      ...(quiet.length > 0 ? [{ heading: 'Teams without changes', columns: ['team'], rows: quiet.map((t) => [t]) }] : []),
    ],
  };
}


/** `confirmed`: a saved plan being applied (the reviewed plan is the confirmation). */
export function severalTeamsDomain(teams: MembersDomain[], confirmed = false): ChangeDomain<TeamRow> {
  const counts = (json: readonly MembersReport[]): string => {
    const n = (f: (r: MembersReport) => number): number => json.reduce((x, r) => x + f(r), 0);
    return `${n((r) => r.added.length)} to add, ${n((r) => r.removed.length)} to remove, ${plural(n((r) => r.roleChanged.length), 'role change')}`;
  };
  let results: { team: string; view: AppliedView<ReportRow> }[] = [];

  return {
    async planText(color) {
      const changing = teams.filter((t) => !t.isEmpty());
      const planned = teams.map((t) => t.planned().json as MembersReport);
      // A team whose roster leaves members out shows them (kept) as the single-team plan does.
      const shown = teams.filter((t, i) => !t.isEmpty() || (planned[i]?.notInRoster?.length ?? 0) > 0);
      const texts = await Promise.all(shown.map((t) => t.planText(color)));
      const quiet = teams.filter((t) => !shown.includes(t)).map(shownTeam);
      return [
        ...texts,
        ...(quiet.length > 0 ? [`No changes for ${plural(quiet.length, 'team')}: ${quiet.join(', ')}`] : []),
        `Organization plan: ${plural(teams.length, 'team')}, ${changing.length} with changes; ${counts(planned)}`,
      ].join('\n');
    },
    isEmpty: () => teams.every((t) => t.isEmpty()),
    refusals: () => teams.flatMap((t) => t.refusals()),

    async confirm(ctx: Context) {
      const pruning = teams.filter((t) => t.pruned > 0);
      const total = pruning.reduce((n, t) => n + t.pruned, 0);
      if (total === 0 || confirmed) return;
      const perTeam = pruning.map((t) => `${shownTeam(t)}: ${t.pruned}`).join(', ');
      await confirmPrune(ctx, 'remove', `${plural(total, 'member')} missing from the roster (${perTeam})`);
    },

    planned() {
      const views = teams.map((t) => ({ ...combine(t.team, t.planned(), t.title), empty: t.isEmpty() }));
      const json: SeveralTeamsReport = { dryRun: true, teams: views.map((v) => v.json), ...teamsCreated(teams, false) };
      return {
        rows: views.flatMap((v) => v.rows),
        json,
        doc: severalTeamsDoc(`Plan for ${plural(teams.length, 'team')}: ${counts(views.map((v) => v.json))}`, views.map((v) => ({ team: v.json.team, doc: v.doc, empty: v.empty }))),
      };
    },

    nothingToDo() {
      const done = teams.map((t) => ({ team: t.team, view: t.nothingToDo() }));
      return severalTeamsView(done, teams);
    },
    nothingToDoLine: `Nothing to change: all ${plural(teams.length, 'team')} already match.`,

    work() {
      const works = teams.map((t) => t.work());
      return { label: works[0]?.label ?? 'members sync', units: works.reduce((n, w) => n + w.units, 0), requests: works.reduce((n, w) => n + w.requests, 0) };
    },

    async execute(progress: Progress, interrupted: () => boolean) {
      // Every team at once, each in its own order (its read before its role changes, its
      // verification after its changes); the client's one budget (shareBudget) bounds the
      // requests in flight across them all (`teamctl help rosters`, "Many teams from one roster").
      results = await Promise.all(
        teams.map(async (t) => {
          if (t.isEmpty()) return { team: t.team, view: t.nothingToDo() };
          if (interrupted()) return { team: t.team, view: notSent(t) };
          // A team created by the run is known by its id only once created.
          const view = await t.execute(progress, interrupted);
          return { team: t.team, view };
        }),
      );
      return severalTeamsView(results, teams, interrupted());
    },

    planFile(): PlanFile<MembersPlanBody> {
      const files = teams.map((t) => t.planFile() as PlanFile<MembersPlanBody>);
      const [first] = files;
      if (!first) throw new Error('an organization plan has at least one team');
      return { ...first, body: { teams: files.flatMap((f) => f.body.teams), options: first.body.options } };
    },

    csv: {
      header: ['team', 'teamTitle', ...membersCsv.header],
      record: (r) => [r.team, r.teamTitle ?? '', ...membersCsv.record(r)],
    },

    words: {
      nothingApplied: (t) => `nothing was changed: ${t.failed} of ${t.total} changes failed${t.firstFailure ? ` (first: ${t.firstFailure})` : ''}`,
      partial: (t) => {
        const partial = results.filter((r) => r.view.tally.failed > 0 || r.view.tally.unexplained > 0 || r.view.tally.unverifiable).map((r) => r.team);
        const problems = [
          ...failedWords(t, 'changes'),
          ...(t.unverifiable ? ['some results could not be verified'] : []),
          ...(t.unexplained > 0 ? [`the teams read back differ from the plan for ${plural(t.unexplained, 'user')}`] : []),
        ];
        return `${problems.join('; ')} (in ${plural(partial.length, 'team')}: ${partial.join(', ')})${t.failed < t.total ? '; the other changes were applied' : ''}`;
      },
      hint: (report) => (report === undefined ? 'the summary above lists each user; --report <file.csv> keeps it' : `each user's outcome, by team, is in ${report}`),
    },
  };
}

/** A team the run never reached (interrupted before it): every planned change "not sent". */
function notSent(team: MembersDomain): AppliedView<ReportRow> {
  const planned = team.planned();
  const rows = planned.rows.map((r) => (r.outcome === 'planned' ? { ...r, outcome: 'failed' as const, message: 'not sent: the run was interrupted' } : r));
  const units = team.work().units;
  const json = { ...(planned.json as MembersReport), dryRun: false, added: [], removed: [], roleChanged: [], verified: false };
  return {
    rows,
    json,
    doc: planned.doc,
    // Listed with the other changes not sent (interruptedSummary).
    summary: () => `team ${teamShown(team.team, team.title)}: not sent: the run was interrupted`,
    tally: { total: units, applied: 0, failed: units, unknown: 0, unexplained: 0, unverifiable: true },
  };
}

/**
 * An interrupted run over several teams, for people, in the words of a single team's (README,
 * "Interruptions"): one line of counts over every team, each failure, then the changes not sent
 * — those of the teams it never reached too — `team: action user`, the first few of them.
 */
function interruptedSummary(views: ReturnType<typeof combine>[], report: string | undefined): string {
  const n = (f: (r: MembersReport) => number): number => views.reduce((x, v) => x + f(v.json), 0);
  const failures = views.flatMap((v) => v.json.failed.filter((f) => f.action !== 'verify' && f.message !== notSentMessage).map((f) => ({ team: v.json.team, f })));
  const notSent = views.flatMap((v) => v.rows.filter((r) => r.message === notSentMessage).map((r) => `${r.team}: ${r.action} ${describeUser(r.user)}`));
  const line = interruptedLine(
    [
      [n((r) => r.added.length), 'added'],
      [n((r) => r.removed.length), 'removed'],
      [n((r) => r.roleChanged.length), n((r) => r.roleChanged.length) === 1 ? 'role changed' : 'roles changed'],
      [failures.length, 'failed'],
    ],
    notSent.length,
  );
  const failed = failures.map(({ team, f }) => `  failed: ${team}: ${f.action} ${describeUser(f.user)}${f.status === null ? '' : ` (${f.status})`}: ${f.message}`);
  return [line, ...failed, ...notSentLines(notSent, report)].join('\n');
}

function severalTeamsView(done: { team: string; view: AppliedView<ReportRow> }[], teams: MembersDomain[], stopped = false): AppliedView<TeamRow> {
  const views = done.map((d, i) => combine(d.team, d.view, teams[i]?.title));
  const json: SeveralTeamsReport = { dryRun: false, teams: views.map((v) => v.json), ...teamsCreated(teams, true) };
  const tally = sumTallies(done.map((d) => d.view.tally));
  const changed = done.flatMap((d, i) => (teams[i]?.isEmpty() === true ? [] : [{ ...d, shown: teamShown(d.team, teams[i]?.title) }]));
  const n = (f: (r: MembersReport) => number): number => views.reduce((x, v) => x + f(v.json), 0);
  const title = `Result for ${plural(done.length, 'team')}: ${n((r) => r.added.length)} added, ${n((r) => r.removed.length)} removed, ${n((r) => r.roleChanged.length)} roles changed, ${n((r) => r.failed.length)} failed`;
  return {
    rows: views.flatMap((v) => v.rows),
    json,
    doc: severalTeamsDoc(title, views.map((v, i) => ({ team: v.json.team, doc: v.doc, empty: teams[i]?.isEmpty() ?? false }))),
    summary: (report) => (stopped ? interruptedSummary(views, report) : changed.map((d) => `team ${d.shown}:\n${d.view.summary(report)}`).join('\n')),
    tally,
  };
}
