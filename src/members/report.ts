// After the executor: verification (read the team again, compare with the plan's end state),
// the report (`teamctl help formatting`, "Reports": the JSON report, and the --report CSV for CI artefacts), and what people read
// on stderr (the plan before anything is sent, the summary after).
//
// Choices where the contract is silent:
// - `added`, `removed` and `roleChanged` list what the service accepted. A difference found by
//   verification that no failure explains is listed in `failed` with action `verify` (status
//   null), so a user can be in `roleChanged` and in `failed`: accepted, yet not so when read back.
// - A failure whose answer proved nothing (a 500, a timeout) is counted as done when the team
//   read back shows the change made; otherwise it stays failed. (Bulk adds are settled earlier,
//   by the executor's own re-read, so their role fixes can still be sent; their `added` entry
//   then has status null: the answer was lost.)
// - A new member removed again because a not-member removal named them the other way (by
//   e-mail on one side, by id on the other; see src/members/apply.ts) is listed in
//   `notMember` with the id and e-mail read back, next to the removal's own entry; it is in
//   neither `added` nor `removed`. Its CSV row is action add, outcome not-member, "named in
//   both add and remove (remove wins)". The verification expects it absent (`planAsExecuted`).
// - A planned add that turned out to name a member already in the team before the run is not
//   in `added`: that member is counted in `unchanged` (CSV: action none, outcome unchanged,
//   "already a member (role)"), or in `roleChanged` when a role was asked for explicitly.
// - A new member named twice (e-mail and id) with two roles is in `added` once and in
//   `failed` once (action role, "named twice with different roles"); its CSV row is one row.
// - With --dry-run, `added`/`removed`/`roleChanged` list the plan, and `verified` is false:
//   nothing was applied, so nothing was verified. A run with nothing to do is verified by the
//   read it planned from.
// - CSV: one row per user the run touched or the input named (an unchanged roster member too),
//   `user` being the e-mail when known, else the id; `outcome` is one of planned, added,
//   removed, role-changed, not-member, unchanged, failed, unverified.
import type { ApiClient } from '../api/client.js';
import type { TeamMemberRole } from '../api/types.js';
import { TeamctlError } from '../errors.js';
import type { CsvColumns } from '../engine/csv.js';
import { interruptedLine, notSentLines, notSentMessage } from '../engine/interrupted.js';
import {
  compareEndState,
  describeUser,
  userCell,
  expectedEndState,
  isEmptyPlan,
  type CurrentMember,
  type EndStateDifference,
  type MembersPlan,
} from '../plan/members.js';
import type { UserRef } from '../model/users.js';
import type { ExecuteResult, FailedChange } from './results.js';
import { acceptedStatus, overruledMessage } from './results.js';
import { readTeam } from './team.js';
import { plural } from '../output/words.js';
import { UserMap } from '../plan/userMap.js';

/** The JSON report of `members add|remove|sync` (`teamctl help formatting`, "Reports"), keys in its order. */
export interface MembersReport {
  dryRun: boolean;
  added: UserRef[];
  removed: UserRef[];
  roleChanged: { user: UserRef; from: TeamMemberRole; to: TeamMemberRole }[];
  unchanged: number;
  notMember: UserRef[];
  /** A roster sync without --prune: the members the roster leaves out, kept. */
  notInRoster?: UserRef[];
  /** Members --keep protected from the prune. */
  kept?: UserRef[];
  failed: { user: UserRef; action: 'add' | 'remove' | 'role' | 'verify'; status: number | null; message: string }[];
  /** A team's creation of unknown outcome (--create-teams): the adds it carried, which the service may have made. */
  unknown?: MembersReport['failed'];
  verified: boolean;
}

export interface Verification {
  /** Differences between the team read back and the plan's end state; empty when it matches. */
  differences: EndStateDifference[];
  /** Set when the team could not be read back: nothing is verified. */
  readError?: string;
  /** The team read back has no owner although the plan keeps one (someone else's change, or a failure). */
  ownerless?: boolean;
}

export type Outcome = 'planned' | 'added' | 'removed' | 'role-changed' | 'not-member' | 'unchanged' | 'failed' | 'unknown' | 'unverified';

export interface ReportRow {
  user: UserRef;
  action: 'add' | 'remove' | 'role' | 'none' | 'verify';
  outcome: Outcome;
  status: number | null;
  message: string;
}

const ref = (user: UserRef): UserRef => ({ id: user.id, email: user.email });

// ---- verification ---------------------------------------------------------------------------

/**
 * The plan as the service carried it out, for verification: new members removed again because
 * a not-member removal named them (remove wins) are expected absent, like the plan's other
 * not-members; planned adds that named a member already in the team are no additions (that
 * member keeps their role, or gets the one asked for).
 */
export function planAsExecuted(plan: MembersPlan, result: ExecuteResult): MembersPlan {
  const overruling = [
    ...result.overruled.map((o) => ({ user: o.user, adds: o.adds })),
    ...result.failed.flatMap((f) => (f.action === 'remove' && f.overrules ? [{ user: f.user, adds: f.overrules }] : [])),
  ];
  if (overruling.length === 0 && result.alreadyMembers.length === 0) return plan;
  const settled = new Set([...overruling.flatMap((o) => o.adds), ...result.alreadyMembers.flatMap((a) => a.adds)]);
  const changed = result.alreadyMembers.flatMap((a) => (a.to === undefined ? [] : [{ user: a.user, from: a.role, to: a.to }]));
  return {
    ...plan,
    add: plan.add.filter((a) => !settled.has(a.user)),
    roleChanges: [...plan.roleChanges, ...changed],
    unchanged: plan.unchanged - changed.length,
    notMember: [...plan.notMember, ...overruling.map((o) => o.user)],
  };
}

/** Reads the team again and compares it with what the plan should have left. */
export async function verify(
  client: ApiClient,
  org: string,
  team: string,
  current: readonly CurrentMember[],
  plan: MembersPlan,
): Promise<Verification> {
  try {
    const after = await readTeam(client, org, team, 'to verify the changes');
    const expected = expectedEndState(current, plan);
    const ownerless = expected.members.some((m) => m.role === 'owner') && !after.some((m) => m.role === 'owner');
    return { differences: compareEndState(expected, after), ...(ownerless ? { ownerless } : {}) };
  } catch (err) {
    if (!(err instanceof TeamctlError)) throw err;
    return { differences: [], readError: err.message };
  }
}

/**
 * The read-back settles every outcome row: a failure whose change the team read back shows done
 * is moved to the lists of what was done — after an answer that proved nothing (a 500, a
 * timeout), and also after an error answer the service gave although it had acted (a proxy's 503
 * after the change was applied). Changes that were never sent (held back, named twice) stay
 * failed: the service did not make them.
 */
export function settleInconclusive(result: ExecuteResult, verification: Verification): ExecuteResult {
  if (verification.readError !== undefined) return result;
  const settled: ExecuteResult = {
    ...result,
    added: [...result.added],
    overruled: [...result.overruled],
    alreadyMembers: [...result.alreadyMembers],
    removed: [...result.removed],
    roleChanged: [...result.roleChanged],
    failed: [],
  };
  const differing = UserMap.of(verification.differences.map((d) => [d.user, true]));
  for (const f of result.failed) {
    const sent = f.mayHaveApplied || f.status !== null;
    const confirmed = sent && !differing.has(f.user);
    if (!confirmed) {
      settled.failed.push(f);
      continue;
    }
    settled.accepted++;
    if (f.action === 'add') settled.added.push({ user: f.user, role: f.role, status: acceptedStatus });
    else if (f.action === 'remove' && f.overrules) {
      settled.overruled.push({ user: f.user, adds: f.overrules, role: f.role, status: acceptedStatus, message: overruledMessage });
    } else if (f.action === 'remove') settled.removed.push({ user: f.user, role: f.role, pruned: f.pruned, status: acceptedStatus });
    else if (!f.newMember) settled.roleChanged.push({ user: f.user, from: f.from, to: f.to, status: acceptedStatus });
  }
  return settled;
}

/** Differences that no reported failure accounts for. */
export function unexplainedDifferences(verification: Verification, failed: readonly FailedChange[]): EndStateDifference[] {
  const failedUsers = UserMap.of(failed.map((f) => [f.user, true]));
  return verification.differences.filter((d) => !failedUsers.has(d.user));
}

function describeDifference(d: EndStateDifference): string {
  const expected = d.expected === 'absent' ? 'not a member' : d.expected;
  const actual = d.actual === 'absent' ? 'not a member' : d.actual;
  return `expected ${expected}, found ${actual}`;
}

// ---- the JSON report ------------------------------------------------------------------------

/** The report of a dry run: what the plan would do. */
export function dryRunReport(plan: MembersPlan): MembersReport {
  return {
    dryRun: true,
    added: plan.add.map((a) => ref(a.user)),
    removed: plan.remove.map((r) => ref(r.user)),
    roleChanged: plan.roleChanges.map((c) => ({ user: ref(c.user), from: c.from, to: c.to })),
    unchanged: plan.unchanged,
    notMember: plan.notMember.map(ref),
    ...keptOf(plan),
    failed: [],
    verified: false,
  };
}

/** The report of a run that sent its plan (or had nothing to send: `result` absent). */
export function appliedReport(plan: MembersPlan, result: ExecuteResult | undefined, verification: Verification): MembersReport {
  const failed: MembersReport['failed'] = (result?.failed ?? []).map((f) => ({ user: ref(f.user), action: f.action, status: f.status, message: f.message }));
  for (const d of unexplainedDifferences(verification, result?.failed ?? [])) {
    failed.push({ user: ref(d.user), action: 'verify', status: null, message: `verification: ${describeDifference(d)}` });
  }
  return {
    dryRun: false,
    added: (result?.added ?? []).map((a) => ref(a.user)),
    removed: (result?.removed ?? []).map((r) => ref(r.user)),
    roleChanged: (result?.roleChanged ?? []).map((c) => ({ user: ref(c.user), from: c.from, to: c.to })),
    // A member named by an address the first listing did not show and given the role asked for
    // is in roleChanged, no longer unchanged.
    unchanged: plan.unchanged - (result?.alreadyMembers ?? []).filter((a) => a.to !== undefined).length,
    notMember: [...plan.notMember, ...(result?.overruled ?? []).map((o) => o.user)].map(ref),
    ...keptOf(plan),
    failed,
    verified: verification.readError === undefined && verification.differences.length === 0,
  };
}

const keptOf = (plan: MembersPlan): Pick<MembersReport, 'notInRoster' | 'kept'> => ({
  ...(plan.notInRoster ? { notInRoster: plan.notInRoster.map(ref) } : {}),
  ...(plan.kept ? { kept: plan.kept.map(ref) } : {}),
});

// ---- the CSV report -------------------------------------------------------------------------

export interface RowsInput {
  plan: MembersPlan;
  /** Absent for a dry run and for a run with nothing to send. */
  result?: ExecuteResult;
  verification?: Verification;
  /** Members the input named that the plan leaves as they are. */
  unchangedNamed: readonly CurrentMember[];
}

/** One row per user touched or named, in the order: adds, role changes, removals, the rest. */
export function reportRows({ plan, result, verification, unchangedNamed }: RowsInput): ReportRow[] {
  const rows: ReportRow[] = [];
  if (!result) {
    // Only a dry run has a plan and no result: every row is what would be sent.
    const outcome: Outcome = 'planned';
    for (const a of plan.add) rows.push({ user: a.user, action: 'add', outcome, status: null, message: `as ${a.role}` });
    for (const c of plan.roleChanges) rows.push({ user: c.user, action: 'role', outcome, status: null, message: `${c.from} → ${c.to}` });
    for (const r of plan.remove) rows.push({ user: r.user, action: 'remove', outcome, status: null, message: removalNote(r) });
  } else {
    const newMemberRoleFailures = UserMap.of(result.failed.flatMap((f) => (f.action === 'role' && f.newMember ? [[f.user, f] as [UserRef, FailedChange]] : [])));
    const added = UserMap.of(result.added.map((a) => [a.user, true]));
    for (const a of result.added) {
      const roleFailure = newMemberRoleFailures.get(a.user);
      if (roleFailure) {
        const message =
          roleFailure.action === 'role' && roleFailure.namedTwice === true
            ? `added; ${roleFailure.message}`
            : `added, but the role ${a.role} was not set: ${roleFailure.message}`;
        rows.push({ user: a.user, action: 'add', outcome: 'failed', status: roleFailure.status, message });
      } else {
        rows.push({ user: a.user, action: 'add', outcome: 'added', status: a.status, message: `as ${a.role}` });
      }
    }
    for (const c of result.roleChanged) rows.push({ user: c.user, action: 'role', outcome: 'role-changed', status: c.status, message: `${c.from} → ${c.to}` });
    for (const r of result.removed) rows.push({ user: r.user, action: 'remove', outcome: 'removed', status: r.status, message: removalNote(r) });
    for (const f of result.failed) {
      if (f.action === 'role' && f.newMember && added.has(f.user)) continue;
      rows.push({ user: f.user, action: f.action, outcome: 'failed', status: f.status, message: f.message });
    }
    for (const o of result.overruled) rows.push({ user: o.user, action: 'add', outcome: 'not-member', status: o.status, message: o.message });
  }
  for (const user of plan.notMember) rows.push({ user, action: 'remove', outcome: 'not-member', status: null, message: 'not a member' });
  // Members named by the input, and members that an add turned out to name (left as they were).
  const failedUsers = UserMap.of((result?.failed ?? []).map((f) => [f.user, true]));
  const unchanged = [
    ...unchangedNamed.map((m) => ({ user: { id: m.id, email: m.email }, role: m.role })),
    ...(result?.alreadyMembers ?? []).filter((a) => a.to === undefined && !failedUsers.has(a.user)),
  ];
  const listed = new Set<string | null>();
  for (const { user, role } of unchanged) {
    if (listed.has(user.id)) continue;
    listed.add(user.id);
    rows.push({ user, action: 'none', outcome: 'unchanged', status: null, message: `already a member (${role})` });
  }
  const rowOf = UserMap.of(rows.map((r) => [r.user, r]));
  for (const d of verification?.differences ?? []) {
    const row = rowOf.get(d.user);
    const note = `verification: ${describeDifference(d)}`;
    if (!row) rows.push({ user: d.user, action: 'verify', outcome: 'unverified', status: null, message: note });
    else {
      if (row.outcome !== 'failed') row.outcome = 'unverified';
      row.message = row.message ? `${row.message}; ${note}` : note;
    }
  }
  return rows;
}

/** What a removal deserves a mention for, as the plan on stderr says it: an owner, a pruned member. */
function removalNote(r: { role: TeamMemberRole; pruned: boolean }): string {
  return [...(r.role === 'owner' ? ['owner'] : []), ...(r.pruned ? ['not in the roster'] : [])].join(', ');
}

/** Members named by the input that the plan leaves as they are (for the report's rows). */
export function unchangedNamedMembers(current: readonly CurrentMember[], named: readonly UserRef[], plan: MembersPlan): CurrentMember[] {
  const touched = new Set([...plan.remove.map((r) => r.user.id), ...plan.roleChanges.map((c) => c.user.id)]);
  const members = UserMap.of(current.map((m) => [{ id: m.id, email: m.email }, m]));
  const out = new Set<CurrentMember>();
  for (const user of named) {
    const member = members.get(user);
    if (member && !touched.has(member.id)) out.add(member);
  }
  return [...out];
}

/** The --report CSV: `user,action,outcome,status,message`, `user` the e-mail when known, else the id. */
export const membersCsv: CsvColumns<ReportRow> = {
  header: ['user', 'action', 'outcome', 'status', 'message'],
  record: (r) => [userCell(r.user), r.action, r.outcome, r.status === null ? '' : String(r.status), r.message],
};

// ---- stderr ---------------------------------------------------------------------------------

interface Paint {
  add(s: string): string;
  remove(s: string): string;
  role(s: string): string;
  dim(s: string): string;
}

async function paint(color: boolean): Promise<Paint> {
  if (!color) {
    const same = (s: string): string => s;
    return { add: same, remove: same, role: same, dim: same };
  }
  const { Chalk } = await import('chalk');
  const chalk = new Chalk({ level: 1 });
  return { add: chalk.green, remove: chalk.red, role: chalk.yellow, dim: chalk.dim };
}


/** The count of members a roster sync without --prune keeps, when it is one. */
const kept = (notInRoster: readonly UserRef[] | undefined): [number, string][] => (notInRoster ? [[notInRoster.length, 'not in the roster (kept)']] : []);

/** The counts line shared by the plan and the summary. */
function counts(parts: [number, string][]): string {
  return parts.map(([n, what]) => `${n} ${what}`).join(', ');
}

/** The plan as people read it: `+` add, `-` remove, `~` role from → to, then the counts. */
/** New members that get the owner role: the bulk add makes members, a role request follows. */
export const ownerAssignments = (plan: MembersPlan): number => plan.add.filter((a) => a.role === 'owner').length;

/**
 * The plan as people read it: `+` add, `-` remove, `~` role from → to, then the counts. With
 * `perAction` (a plan longer than the terminal), each action shows its first lines, then how many
 * more; the --report file keeps them all.
 */
export async function formatPlan(plan: MembersPlan, team: string, currentCount: number, color: boolean, perAction?: number): Promise<string> {
  const p = await paint(color);
  const lines = [`Plan for team ${team} (${plural(currentCount, 'member')} now):`];
  if (isEmptyPlan(plan)) lines.push('  nothing to change');
  const some = <T>(items: readonly T[], line: (item: T) => string): void => {
    const shown = perAction === undefined ? items : items.slice(0, perAction);
    for (const item of shown) lines.push(line(item));
    if (items.length > shown.length) lines.push(p.dim(`    … and ${items.length - shown.length} more (--report keeps them all)`));
  };
  some(plan.add, (a) => p.add(`  + ${describeUser(a.user)} (${a.role})`));
  some(plan.roleChanges, (c) => p.role(`  ~ ${describeUser(c.user)}: ${c.from} → ${c.to}`));
  some(plan.remove, (r) => {
    const note = removalNote(r);
    return p.remove(`  - ${describeUser(r.user)}${note ? ` (${note})` : ''}`);
  });
  some(plan.notMember, (u) => p.dim(`    ${describeUser(u)}: not a member`));
  if (plan.notInRoster && plan.notInRoster.length > 0) {
    lines.push('Not in the roster (kept; --prune removes them):');
    some(plan.notInRoster, (u) => p.dim(`  ${describeUser(u)}`));
  }
  some(plan.kept ?? [], (u) => p.dim(`  = ${describeUser(u)} kept (protected)`));
  const owners = ownerAssignments(plan);
  lines.push(
    counts([
      [plan.add.length, owners > 0 ? `to add (${owners} as owner: a role request each after the bulk add)` : 'to add'],
      [plan.remove.length, 'to remove'],
      [plan.roleChanges.length, plan.roleChanges.length === 1 ? 'role change' : 'role changes'],
      [plan.unchanged, 'unchanged'],
      ...kept(plan.notInRoster),
      ...(plan.kept ? [[plan.kept.length, 'kept (protected)'] as [number, string]] : []),
      [plan.notMember.length, 'not a member'],
    ]),
  );
  return lines.join('\n');
}

/**
 * The result as people read it: counts, each failure, and the verification. Each planned change
 * has one outcome: a new owner added whose owner role was not set is counted with the added (and
 * said so), not once more with the failed.
 */
export function formatSummary(report: MembersReport, verification: Verification | undefined, stopped?: { report: string | undefined }): string {
  const added = UserMap.of(report.added.map((u): [UserRef, true] => [u, true]));
  const roleless = new Set(report.failed.filter((f) => f.action === 'role' && added.has(f.user)));
  // After an interruption, what was never sent is said so, and listed apart (`teamctl help interruptions`, "Interruptions").
  const notSent = stopped ? report.failed.filter((f) => f.message === notSentMessage) : [];
  const failed = report.failed.filter((f) => f.action !== 'verify' && !roleless.has(f) && !notSent.includes(f));
  const done: [number, string][] = [
    [report.added.length, roleless.size > 0 ? `added (${roleless.size} without the owner role asked for)` : 'added'],
    [report.removed.length, 'removed'],
    [report.roleChanged.length, report.roleChanged.length === 1 ? 'role changed' : 'roles changed'],
  ];
  const lines = stopped
    ? [interruptedLine([...done, [failed.length, 'failed']], notSent.length)]
    : ['Done: ' + counts([...done, [report.unchanged, 'unchanged'], ...kept(report.notInRoster), [report.notMember.length, 'not a member'], [failed.length, 'failed']])];
  for (const f of report.failed) {
    if (f.action === 'verify' || notSent.includes(f)) continue;
    const status = f.status === null ? '' : ` (${f.status})`;
    lines.push(roleless.has(f) ? `  added without the owner role: ${describeUser(f.user)}${status}: ${f.message}` : `  failed: ${f.action} ${describeUser(f.user)}${status}: ${f.message}`);
  }
  if (stopped) {
    lines.push(...notSentLines(notSent.map((f) => `${f.action} ${describeUser(f.user)}`), stopped.report));
    // Nothing was read back after the signal: the line above already says why.
    return lines.join('\n');
  }
  const unexplained = report.failed.filter((f) => f.action === 'verify');
  if (verification?.ownerless) {
    lines.push('Warning: the team has no owner now, although the plan kept one: a change failed, or someone else removed or demoted its owners during the run.');
  }
  if (verification?.readError !== undefined) lines.push(`Not verified: ${verification.readError}`);
  else if (unexplained.length > 0) {
    lines.push(`Verification: the team read back differs from the plan for ${plural(unexplained.length, 'user')}:`);
    for (const f of unexplained) lines.push(`  ${describeUser(f.user)}: ${f.message.replace(/^verification: /, '')}`);
  } else if (verification && verification.differences.length > 0) {
    lines.push('Verification: the team read back differs from the plan only where changes failed.');
  } else if (report.verified) lines.push('Verified: the team read back matches the plan.');
  return lines.join('\n');
}
