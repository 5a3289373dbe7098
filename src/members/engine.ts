// The one engine behind `members add`, `members remove` and `members sync`:
// read the whole team → plan (pure) → print the plan → guards → confirm → execute → verify →
// report. `add` is a sync with only adds, `remove` a sync with only removals.
//
// Choices where the contract is silent:
// - The guards are checked on a dry run too (after printing the plan and writing its reports),
//   so a rehearsal or a CI drift check fails the way the real run would: exit 3, not 8.
//   - --max-removals (sync only);
//   - the last-owner guard (add, remove and sync): a plan that leaves a team that has an owner
//     now without any owner is refused, naming the owners it would lose, unless --force. A
//     team with no owner to begin with is not guarded.
//   Both refusals are reported together when both apply.
// - Removals that --prune decides need confirmation; removals the admin named (`--remove`,
//   `members remove`) do not: naming them is the intent.
// - Exit codes: 0 when every change was accepted and the team read back matches; 6 when some
//   changes were applied and some failed or the team differs; 1 when nothing was applied
//   because the service failed (4 when it refused the token). The report (JSON, CSV) is
//   written in every case that reached the service, before the exit code is decided.
import type { Context } from '../context.js';
import { ExitCode, GuardError, PartialError, ServiceError } from '../errors.js';
import type { UserEntry } from '../files/users.js';
import { startProgress } from '../output/progress.js';
import {
  defaultMaxRemovals,
  describeUser,
  isEmptyPlan,
  maxRemovalsAllowed,
  ownersLost,
  planMembers,
  type CurrentMember,
  type MembersChange,
  type MembersPlan,
  type UserRef,
} from '../plan/members.js';
import { executePlan } from './apply.js';
import {
  appliedReport,
  dryRunReport,
  formatPlan,
  formatSummary,
  planAsExecuted,
  printJsonReport,
  reportCsv,
  reportRows,
  settleInconclusive,
  unchangedNamedMembers,
  verify,
  type MembersReport,
  type ReportRow,
  type Verification,
} from './report.js';
import { readTeam } from './team.js';
import { checkWritable, writeFileAtomic } from '../files/atomic.js';

export interface EngineOptions {
  change: MembersChange;
  dryRun: boolean;
  /** With dryRun: exit 8 when the plan is not empty. */
  exitCode?: boolean;
  /** The --max-removals guard (sync only); absent: no guard. */
  maxRemovals?: { spec: string | undefined; force: boolean };
  /** --force: go ahead although a guard (--max-removals, last owner) would refuse, with a warning. */
  force?: boolean;
  batchSize: number;
  concurrency: number;
  /** --report: the CSV file to write. */
  report?: string;
}

const refOfEntry = (entry: UserEntry): UserRef =>
  entry.kind === 'email' ? { id: null, email: entry.key.trim() } : { id: entry.key.trim(), email: null };

const lastOwnerHint =
  'keep an owner: give someone the owner role (a roster line "<user>,owner", or `teamctl members add <user> --role owner` first); ' +
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

/** Removals decided by --prune need a yes: --yes, or an answer on a terminal. */
async function confirmPrune(ctx: Context, plan: MembersPlan, team: string): Promise<void> {
  const pruned = plan.remove.filter((r) => r.pruned).length;
  if (pruned === 0 || ctx.flags.yes) return;
  const what = `${pruned} member${pruned === 1 ? '' : 's'} missing from the roster`;
  if (ctx.io.stdinIsTTY && ctx.io.stderrIsTTY) {
    if (await ctx.io.confirm(`Remove ${what} from team ${team}?`)) return;
    throw new GuardError('not confirmed; nothing was sent');
  }
  throw new GuardError(`--prune would remove ${what}, which needs confirmation; nothing was sent`, {
    hint: 'there is no terminal to ask on: pass --yes to confirm (check the plan with --dry-run first)',
  });
}

export async function runMembersChange(ctx: Context, options: EngineOptions): Promise<number> {
  const io = ctx.io;
  const org = ctx.setting('org').value;
  const team = ctx.setting('team').value;
  const json = ctx.flags.json === true || ctx.outputFormat() === 'json';
  if (options.maxRemovals?.spec !== undefined) maxRemovalsAllowed(options.maxRemovals.spec, 0); // a bad spec fails before any request
  if (options.report !== undefined) await checkWritable(options.report, `--report ${options.report}`);

  const client = await ctx.client();
  const current = await readTeam(client, org, team, 'before planning; nothing was sent');
  const plan = planMembers(current, options.change);
  io.info(await formatPlan(plan, team, current.length, io.colorStderr));

  // A dry run still writes its reports before being refused: the CI artefact shows why.
  const refusals: { what: string; hint: string }[] = [];
  if (options.maxRemovals) {
    const spec = options.maxRemovals.spec ?? defaultMaxRemovals;
    const allowed = maxRemovalsAllowed(spec, current.length);
    if (plan.remove.length > allowed) {
      const what = `the plan removes ${plan.remove.length} of ${current.length} members, more than --max-removals ${spec} allows (${allowed})`;
      if (options.maxRemovals.force || options.force === true) io.warn(`${what}; going ahead because of --force`);
      else refusals.push({ what, hint: 'check the roster; to apply it anyway, pass --force or a higher --max-removals' });
    }
  }
  const lost = ownersLost(current, plan);
  if (lost.length > 0) {
    const what = lastOwnerProblem(team, plan, lost);
    if (options.force === true) io.warn(`${what}; going ahead because of --force`);
    else refusals.push({ what, hint: lastOwnerHint });
  }
  const refused =
    refusals.length === 0
      ? undefined
      : new GuardError(`${refusals.map((r) => r.what).join('; and ')}; nothing was sent`, { hint: refusals.map((r) => r.hint).join('; ') });
  if (refused && !options.dryRun) throw refused;

  const named = [...(options.change.add ?? []), ...(options.change.roster ?? []), ...(options.change.remove ?? [])].map(refOfEntry);
  const unchangedNamed = unchangedNamedMembers(current, named, plan);
  const finish = async (report: MembersReport, rows: ReportRow[]): Promise<void> => {
    if (options.report !== undefined) await writeFileAtomic(options.report, await reportCsv(rows), `--report ${options.report}`);
    if (json) await printJsonReport(io, report);
  };

  if (options.dryRun) {
    await finish(dryRunReport(plan), reportRows({ plan, unchangedNamed }));
    if (refused) throw refused;
    const pending = options.exitCode === true && !isEmptyPlan(plan);
    io.info(pending ? 'Dry run: nothing was sent; changes are pending (exit 8).' : 'Dry run: nothing was sent.');
    return pending ? ExitCode.pending : ExitCode.ok;
  }
  if (isEmptyPlan(plan)) {
    // The read we planned from is the verification: the team already is as asked.
    const verification: Verification = { differences: [] };
    await finish(appliedReport(plan, undefined, verification), reportRows({ plan, verification, unchangedNamed }));
    io.info('Nothing to change: the team already matches.');
    return ExitCode.ok;
  }

  await confirmPrune(ctx, plan, team);

  const units = plan.add.length + plan.roleChanges.length + plan.remove.length;
  const bulkRequests = (n: number): number => Math.ceil(n / options.batchSize);
  const requests = bulkRequests(plan.add.length) + (plan.add.length > 0 ? 1 : 0) + plan.roleChanges.length + bulkRequests(plan.remove.length);
  const progress = await startProgress(io, 'Applying', units, requests);
  let executed;
  try {
    executed = await executePlan(current, plan, { client, org, team, batchSize: options.batchSize, concurrency: options.concurrency, progress });
  } finally {
    progress.stop();
  }

  // After a refused token the read would fail the same way; anything else is read back.
  const verification: Verification = executed.stoppedBy
    ? { differences: [], readError: `not read again after: ${executed.stoppedBy.message}` }
    : await verify(client, org, team, current, planAsExecuted(plan, executed));
  const result = settleInconclusive(executed, verification);
  const report = appliedReport(plan, result, verification);
  await finish(report, reportRows({ plan, result, verification, unchangedNamed }));
  io.info(formatSummary(report, verification));

  if (report.failed.length === 0 && report.verified) return ExitCode.ok;
  if (result.accepted === 0) {
    if (result.stoppedBy) throw result.stoppedBy;
    const first = result.failed[0];
    // A change whose answer was lost and could not be checked may still have been made.
    const what = result.failed.some((f) => f.mayHaveApplied) ? 'no change was confirmed' : 'nothing was changed';
    throw new ServiceError(`${what}: ${result.failed.length} of ${units} changes failed${first ? ` (first: ${first.message})` : ''}`, {
      status: first?.status ?? undefined,
      outcome: 'rejected',
    });
  }
  const failedChanges = report.failed.filter((f) => f.action !== 'verify').length;
  const unexplained = report.failed.length - failedChanges;
  const problems = [
    ...(failedChanges > 0 ? [`${failedChanges} of ${units} changes failed`] : []),
    ...(verification.readError !== undefined ? ['the result could not be verified'] : []),
    ...(unexplained > 0 ? [`the team read back differs from the plan for ${unexplained} user${unexplained === 1 ? '' : 's'}`] : []),
  ];
  throw new PartialError(`${problems.join('; ')}${failedChanges > 0 ? '; the other changes were applied' : ''}`, {
    hint: options.report === undefined ? 'the summary above lists each user; --report <file.csv> keeps it' : `each user's outcome is in ${options.report}`,
    cause: result.stoppedBy,
  });
}
