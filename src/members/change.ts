// Members as a domain of the change engine (src/engine/run.ts): `members add|remove|sync` read
// the whole team and plan; `apply` brings a saved plan. Either way the engine prints the plan,
// checks the guards, asks, sends (src/members/apply.ts), verifies and reports (src/members/report.ts).
//
// Guards (`teamctl help guards`, "Safety guards"), checked on a dry run too so a rehearsal fails as the run would:
// - --max-removals (sync only);
// - the last-owner guard (add, remove and sync): a plan that leaves a team that has an owner now
//   without any owner is refused, naming the owners it would lose, unless --force. A team with
//   no owner to begin with is not guarded.
// Removals that --prune decides need confirmation; removals the admin named do not.
import type { ApiClient } from '../api/client.js';
import type { Context } from '../context.js';
import { failedWords, type Tally } from '../engine/exit.js';
import { confirmPrune, type ChangeDomain, type Refusal } from '../engine/run.js';
import { newPlanFile, stateDigest, type PlanFile } from '../engine/planFile.js';
import type { ReportDoc } from '../engine/report.js';
import type { Progress } from '../output/progress.js';
import {
  describeUser,
  isEmptyPlan,
  maxRemovalsAllowed,
  applyPlan,
  ownersLost,
  type CurrentMember,
  type MembersPlan,
} from '../plan/members.js';
import type { UserRef } from '../model/users.js';
import { executePlan } from './apply.js';
import type { ExecuteResult } from './results.js';
import {
  appliedReport,
  dryRunReport,
  formatPlan,
  formatSummary,
  membersCsv,
  ownerAssignments,
  planAsExecuted,
  reportRows,
  settleInconclusive,
  unchangedNamedMembers,
  verify,
  type MembersReport,
  type ReportRow,
  type Verification,
} from './report.js';
import { withCreation, type Creation } from './creation.js';
import { plural } from '../output/words.js';
import { foldLimit } from '../output/fold.js';

export interface MembersRunSettings {
  /** --force: go ahead although a guard would refuse, with a warning. */
  force: boolean;
  /** The --max-removals spec (sync only); absent: no such guard. */
  maxRemovals?: string;
  /** --min-owners: the fewest owners a plan may leave a team that has at least that many now (default 1). */
  minOwners?: number;
  batchSize: number;
  concurrency: number;
  /** A saved plan being applied: the reviewed plan is the confirmation. */
  confirmed?: boolean;
  /** Several teams in one run: messages name the team. */
  teamInMessages?: boolean;
}

/** One team's part of a saved members plan. */
export interface SavedTeamPlan {
  team: string;
  /** The team's title when the plan was made, shown beside the id; the id alone says which team. */
  title?: string;
  /** The team the plan was made from: every member's id and role, and their digest. */
  state: { digest: string; members: [string, string | null, CurrentMember['role']][] };
  plan: MembersPlan;
  /** Members the input named that the plan leaves as they are (report rows). */
  unchanged: UserRef[];
  /** The roster folder's file of the team, when a folder made the plan (its reports name it). */
  file?: string;
}

export interface MembersPlanBody {
  teams: SavedTeamPlan[];
  options: { force: boolean; batchSize: number; concurrency: number; maxRemovals: string | null; minOwners?: number };
}

export interface MembersRunInput {
  client: ApiClient;
  baseUrl: string;
  org: string;
  team: string;
  /** The team's title, when known: shown beside its id to people (plans, refusals, reports). */
  title?: string;
  /** The command that made the plan, recorded in a saved plan. */
  command: string;
  current: CurrentMember[];
  plan: MembersPlan;
  /** Users the input named (for the unchanged rows of the report). */
  named: readonly UserRef[];
  settings: MembersRunSettings;
  /** A team just created: the members its creation brought in, reported as added. */
  creation?: Creation;
}

function teamState(current: readonly CurrentMember[]): SavedTeamPlan['state'] {
  const members = current.map((m): [string, string | null, CurrentMember['role']] => [m.id, m.email, m.role]);
  return { digest: stateDigest(current.map((m) => [m.id, m.role])), members };
}

/** How to keep an owner in `team`: named, so the hint works for a roster of many teams and for offboarding too. */
const lastOwnerHint = (team: string): string =>
  `keep an owner: give someone the owner role first (\`teamctl members set-role <user> --role owner --team ${team}\`, or a roster line with the owner role); ` +
  'to leave the team without an owner anyway, pass --force';

/** What the last-owner guard says: the team, and each owner the plan would lose and how. */
function lastOwnerProblem(team: string, plan: MembersPlan, lost: readonly CurrentMember[]): string {
  const removed = new Set(plan.remove.map((r) => r.user.id));
  const names = (members: CurrentMember[]): string => {
    const shown = members.slice(0, 10).map((m) => describeUser({ id: m.id, email: m.email }));
    return members.length > 10 ? `${shown.join(', ')} and ${members.length - 10} more` : shown.join(', ');
  };
  const gone = lost.filter((m) => removed.has(m.id));
  const demoted = lost.filter((m) => !removed.has(m.id));
  const how = [...(demoted.length > 0 ? [`demotes ${names(demoted)}`] : []), ...(gone.length > 0 ? [`removes ${names(gone)}`] : [])];
  const owners = lost.length === 1 ? 'its only owner' : `all ${lost.length} of its owners`;
  return `the plan would leave team ${team} without an owner: it ${how.join(' and ')} (${owners})`;
}


function minOwnersProblem(team: string, current: readonly CurrentMember[], plan: MembersPlan, lost: readonly CurrentMember[], n: number): string {
  const left = applyPlan(current, plan).filter((m) => m.role === 'owner').length;
  const removed = new Set(plan.remove.map((r) => r.user.id));
  const names = (ms: CurrentMember[]): string => ms.slice(0, 10).map((m) => describeUser({ id: m.id, email: m.email })).join(', ') + (ms.length > 10 ? ` and ${ms.length - 10} more` : '');
  const demoted = lost.filter((m) => !removed.has(m.id));
  const gone = lost.filter((m) => removed.has(m.id));
  const how = [...(demoted.length > 0 ? [`demotes ${names(demoted)}`] : []), ...(gone.length > 0 ? [`removes ${names(gone)}`] : [])];
  return `the plan would leave team ${team} with ${plural(left, 'owner')}, fewer than --min-owners ${n}: it ${how.join(' and ')}`;
}

/**
 * The Markdown view: counts in the title, a table per kind of change, and "Not verified" for the
 * users the verification found different that no change was planned for (a member the input
 * named and left as it was among them).
 */
export function membersDoc(team: string, report: MembersReport, rows: readonly ReportRow[], dryRun: boolean): ReportDoc {
  const title = dryRun
    ? `Plan for team ${team}: ${report.added.length} to add, ${report.removed.length} to remove, ${plural(report.roleChanged.length, 'role change')}, ${report.unchanged} unchanged${report.notInRoster ? `, ${report.notInRoster.length} not in the roster (kept)` : ''}`
    : `Result for team ${team}: ${report.added.length} added, ${report.removed.length} removed, ${report.roleChanged.length} role${report.roleChanged.length === 1 ? '' : 's'} changed, ${report.failed.length} failed${report.verified ? ', verified' : ''}`;
  const section = (heading: string, actions: ReportRow['action'][]) => ({
    heading,
    columns: ['user', 'outcome', 'status', 'message'],
    rows: rows.filter((r) => actions.includes(r.action) && r.outcome !== 'unchanged' && r.outcome !== 'not-member').map((r) => [describeUser(r.user), r.outcome, r.status === null ? '' : String(r.status), r.message]),
  });
  return {
    title,
    sections: [section('Added', ['add']), section('Removed', ['remove']), section('Role changes', ['role']), section('Not verified', ['verify', 'none'])].filter(
      (s) => s.heading !== 'Not verified' || s.rows.length > 0,
    ),
  };
}

/** How people read a team: its title beside its id, when the title is known and differs ("Product Design" (design)). */
export const teamShown = (team: string, title: string | undefined): string => (title !== undefined && title !== team ? `${JSON.stringify(title)} (${team})` : team);

/** The members domain, with what a run over several teams needs to know of each. */
export interface MembersDomain extends ChangeDomain<ReportRow> {
  team: string;
  /** The team's title, when known (`teamTitle` beside `team` in a report of several teams). */
  title?: string;
  /** Removals that --prune decided (they need confirmation). */
  pruned: number;
  /** A team this run creates (--create-teams): its title, and its id once created. */
  creates?: () => { title: string; id: string | null };
}

export function membersDomain(ctx: Context, input: MembersRunInput): MembersDomain {
  const { client, org, team, current, plan, settings } = input;
  const { io } = ctx;
  const shown = teamShown(team, input.title);
  /** The JSON report, with the team's title when known (`teamTitle`). */
  const titled = (report: MembersReport): MembersReport & { teamTitle?: string } => (input.title !== undefined ? { teamTitle: input.title, ...report } : report);
  const unchangedNamed = unchangedNamedMembers(current, input.named, plan);

  const tallyOf = (report: MembersReport, verification: Verification, result?: ExecuteResult): Tally => {
    const failedChanges = report.failed.filter((f) => f.action !== 'verify').length;
    const unknown = (result?.failed ?? []).filter((f) => f.mayHaveApplied).length;
    return {
      total: units + (input.creation?.joined.length ?? 0),
      applied: report.added.length + report.removed.length + report.roleChanged.length,
      failed: failedChanges,
      unknown: verification.readError !== undefined ? unknown : 0,
      unexplained: report.failed.length - failedChanges,
      unverifiable: verification.readError !== undefined,
      firstFailure: result?.failed[0]?.message,
      stoppedBy: result?.stoppedBy,
    };
  };
  const units = plan.add.length + plan.roleChanges.length + plan.remove.length;
  const created = (report: MembersReport, rows: ReportRow[]): { report: MembersReport; rows: ReportRow[] } =>
    input.creation ? withCreation(plan, report, rows, input.creation) : { report, rows };

  return {
    team,
    ...(input.title !== undefined ? { title: input.title } : {}),
    pruned: plan.remove.filter((r) => r.pruned).length,
    planText: (color) => {
      const lines = plan.add.length + plan.remove.length + plan.roleChanges.length + plan.notMember.length + (plan.notInRoster?.length ?? 0) + 3;
      return formatPlan(plan, shown, current.length, color, foldLimit(ctx.io.stderrRows, lines));
    },
    isEmpty: () => isEmptyPlan(plan),

    refusals() {
      const refusals: Refusal[] = [];
      if (settings.maxRemovals !== undefined) {
        const spec = settings.maxRemovals;
        const allowed = maxRemovalsAllowed(spec, current.length);
        if (plan.remove.length > allowed) {
          const what = `the plan removes ${plan.remove.length} of ${current.length} members${settings.teamInMessages ? ` of team ${shown}` : ''}, more than --max-removals ${spec} allows (${allowed})`;
          if (settings.force) io.warn(`${what}; going ahead because of --force`);
          else refusals.push({ what, hint: 'check the roster; to apply it anyway, pass --force or a higher --max-removals' });
        }
      }
      const minOwners = settings.minOwners ?? 1;
      const lost = ownersLost(current, plan, minOwners);
      if (lost.length > 0) {
        const what = minOwners === 1 ? lastOwnerProblem(shown, plan, lost) : minOwnersProblem(shown, current, plan, lost, minOwners);
        if (settings.force) io.warn(`${what}; going ahead because of --force`);
        else refusals.push({ what, hint: minOwners === 1 ? lastOwnerHint(team) : `keep ${minOwners} owners in team ${shown}, or pass a lower --min-owners or --force` });
      }
      return refusals;
    },

    async confirm(c) {
      const pruned = plan.remove.filter((r) => r.pruned).length;
      if (pruned === 0 || settings.confirmed) return;
      await confirmPrune(c, 'remove', `${pruned} member${pruned === 1 ? '' : 's'} missing from the roster`, ` from team ${shown}`);
    },

    planned() {
      const report = dryRunReport(plan);
      const rows = reportRows({ plan, unchangedNamed });
      return { rows, json: titled(report), doc: membersDoc(shown, report, rows, true) };
    },

    nothingToDo() {
      // The read we planned from is the verification: the team already is as asked.
      const verification: Verification = { differences: [] };
      const { report, rows } = created(appliedReport(plan, undefined, verification), reportRows({ plan, verification, unchangedNamed }));
      return { rows, json: titled(report), doc: membersDoc(shown, report, rows, false), summary: () => formatSummary(report, verification), tally: tallyOf(report, verification) };
    },
    nothingToDoLine: `Nothing to change: ${shown === team ? 'the team' : `team ${shown}`} already matches.`,

    work() {
      // Every request the run will send: bulk adds, the read after them, the owner role of each
      // new owner, the role changes, bulk removals.
      const bulk = (n: number): number => Math.ceil(n / settings.batchSize);
      const owners = ownerAssignments(plan);
      const requests = bulk(plan.add.length) + (plan.add.length > 0 ? 1 : 0) + owners + plan.roleChanges.length + bulk(plan.remove.length);
      return { label: input.command, units: units + owners, requests };
    },

    async execute(progress: Progress, interrupted: () => boolean) {
      const executed = await executePlan(current, plan, { client, org, team, batchSize: settings.batchSize, concurrency: settings.concurrency, progress, interrupted });
      // After a refused token the read would fail the same way, and after an interruption no
      // request is started; anything else is read back.
      const verification: Verification = executed.stoppedBy
        ? { differences: [], readError: `not read again after: ${executed.stoppedBy.message}` }
        : interrupted()
          ? { differences: [], readError: 'not read again: the run was interrupted' }
          : await verify(client, org, team, current, planAsExecuted(plan, executed));
      const result = settleInconclusive(executed, verification);
      const { report, rows } = created(appliedReport(plan, result, verification), reportRows({ plan, result, verification, unchangedNamed }));
      const tally = tallyOf(report, verification, result);
      const stopped = interrupted();
      return { rows, json: titled(report), doc: membersDoc(shown, report, rows, false), summary: (file) => formatSummary(report, verification, stopped ? { report: file } : undefined), tally };
    },

    planFile(): PlanFile<MembersPlanBody> {
      return newPlanFile('members', { command: input.command, baseUrl: input.baseUrl, organization: org }, {
          teams: [{ team, ...(input.title !== undefined ? { title: input.title } : {}), state: teamState(current), plan, unchanged: unchangedNamed.map((m) => ({ id: m.id, email: m.email })) }],
          options: {
            force: settings.force,
            batchSize: settings.batchSize,
            concurrency: settings.concurrency,
            maxRemovals: settings.maxRemovals ?? null,
            ...(settings.minOwners !== undefined ? { minOwners: settings.minOwners } : {}),
          },
        });
    },

    csv: membersCsv,

    words: {
      nothingApplied: (t) => `nothing was changed: ${t.failed} of ${t.total} changes failed${t.firstFailure ? ` (first: ${t.firstFailure})` : ''}`,
      partial: (t) => {
        const problems = [
          ...failedWords(t, 'changes'),
          ...(t.unverifiable ? ['the result could not be verified'] : []),
          ...(t.unexplained > 0 ? [`the team read back differs from the plan for ${plural(t.unexplained, 'user')}`] : []),
        ];
        return `${problems.join('; ')}${t.failed > 0 ? '; the other changes were applied' : ''}`;
      },
      hint: (report) => (report === undefined ? 'the summary above lists each user; --report <file.csv> keeps it' : `each user's outcome is in ${report}`),
    },
  };
}
