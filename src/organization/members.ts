// The organization's members as a domain of the change engine (`teamctl help organization`, "Organization roles and
// leavers"): organization role changes (PATCH /orgs/{org}/members/{userId}) and removals from the
// organization (DELETE, the same path), and SSO members (POST …/members/{userId}/sso: `teamctl help
// organization`, "SSO members"), planned by src/plan/organization.ts, sent, read back and
// reported one row per user and action. `users set-role`, `members offboard --from-organization`
// and `apply` of their saved plans run it.
// - A removal answers 205 (removed), 204 (not a member: nothing to do) or 202 (the removal was
//   sent to the organization's admins as a request: the user is still a member, exit 6, and the
//   read-back does not call that a discrepancy).
// - A removal may send mail (202), so it is sent again only when it cannot have been processed;
//   an unknown outcome is settled by reading the member, never by sending it again.
import type { AccessPlanBody } from '../access/change.js';
import type { ApiClient } from '../api/client.js';
import type { Context } from '../context.js';
import { failedWords, type ExitWords, type Tally } from '../engine/exit.js';
import { interruptedLine, notSentLines, notSentMessage } from '../engine/interrupted.js';
import { newPlanFile, type PlanFile } from '../engine/planFile.js';
import type { ReportDoc } from '../engine/report.js';
import { confirmChange, lazyView, type AppliedView, type ChangeDomain, type RunView } from '../engine/run.js';
import { TeamctlError } from '../errors.js';
import type { UserRef } from '../model/users.js';
import type { Progress } from '../output/progress.js';
import { oneLine } from '../output/terminal.js';
import { plural } from '../output/words.js';
import { describeUser, userCell } from '../plan/members.js';
import { organizationRefusals, organizationState, roleName, type OrgChange, type OrgMember, type OrgPlan, type OrganizationRole } from '../plan/organization.js';
import { runPool } from '../members/pool.js';
import type { Part } from './sequence.js';
import type { MembersPlanBody } from '../members/change.js';
import type { InvitationsPlanBody } from './invitations.js';
import { callerOf, readOrgMembers } from './read.js';
import { lockedJournal, type Journal } from '../journal/journal.js';
import { writeOutcome } from '../api/outcome.js';

/** One user and action: `planned` in a dry run. */
export interface OrgRow {
  action: 'org-role' | 'sso-member' | 'remove-from-organization' | 'none';
  user: UserRef;
  outcome: 'planned' | 'applied' | 'requested' | 'not-member' | 'unchanged' | 'kept' | 'failed' | 'unknown';
  status: number | null;
  message: string;
}

/** The JSON report (`teamctl help formatting`, "Reports"). */
export interface OrgReport {
  dryRun: boolean;
  orgRoleChanged: { user: UserRef; from: string; to: string }[];
  /** Made SSO members (--set-sso). */
  ssoMemberSet: UserRef[];
  removedFromOrganization: UserRef[];
  removalRequested: UserRef[];
  notInOrganization: UserRef[];
  kept: UserRef[];
  failed: { user: UserRef; action: OrgRow['action']; status: number | null; message: string }[];
  /** Sent, the answer lost: they may have been applied (`teamctl help reliability`). */
  unknown: { user: UserRef; action: OrgRow['action']; status: number | null; message: string }[];
  verified: boolean;
}

/** What `apply` keeps of an organization plan. */
export interface OrgPlanBody {
  plan: OrgPlan;
  /** The team changes that go with it (offboarding, a roster), run between its role changes and its removals. */
  teams?: MembersPlanBody;
  /** The joiners' invitations (--invite), run after the team changes. */
  invitations?: InvitationsPlanBody;
  /** The leavers' direct grants revoked (members offboard), run before the removals. */
  access?: AccessPlanBody;
  /** organizationState() of what it was made from. */
  state: string[];
  options: { force: boolean; maxOrgRemovals: string; concurrency: number; rerequestAfterDays?: number };
}

/** An organization plan that changes no member of the organization (an empty state: it depends on none). */
export const unchangedOrganization = (force: boolean, concurrency: number): OrgPlanBody => ({ plan: { changes: [], unchanged: [], notMember: [], kept: [], keptNamed: [] }, state: [], options: { force, maxOrgRemovals: '5%', concurrency } });

export interface OrgDomainInput {
  client: ApiClient;
  baseUrl: string;
  org: string;
  command: string;
  members: OrgMember[];
  plan: OrgPlan;
  caller: { id: string; role?: OrganizationRole | undefined } | undefined;
  maxOrgRemovals: string;
  force: boolean;
  concurrency: number;
  /** A saved plan being applied: the reviewed plan is the confirmation. */
  confirmed?: boolean;
  /** The journal removals are recorded in before they are sent (held under its lock when sending). */
  journal?: Journal | undefined;
  /** --rerequest-after: a removal requested (202) is not requested again before this many days (default 7). */
  rerequestAfterDays?: number | undefined;
  /**
   * A part of a plan run in parts (src/organization/sequence.ts): the guards check the whole plan, in
   * the part that says so (`guards`), and the users nothing is sent for are listed once.
   */
  part?: { whole: OrgPlan; guards: boolean; quiet: boolean };
}

const what = (c: OrgChange): OrgRow['action'] => (c.action === 'role' ? 'org-role' : c.action === 'sso' ? 'sso-member' : 'remove-from-organization');

function rowOf(c: OrgChange, outcome: OrgRow['outcome'], status: number | null, message: string): OrgRow {
  return { action: what(c), user: c.user, outcome, status, message };
}

function describeChange(c: OrgChange, requests: boolean): string {
  if (c.action === 'role') return `  ~ ${describeUser(c.user)}: ${roleName(c.from)} → ${roleName(c.to)} (organization role)`;
  if (c.action === 'sso') return `  ~ ${describeUser(c.user)}: made an SSO member`;
  const why = c.pruned ? 'not in the roster' : 'named';
  return `  - ${describeUser(c.user)} (${roleName(c.role)}) out of the organization${requests ? ', requested from its admins' : ''} (${why})`;
}

function reportOf(rows: readonly OrgRow[], plan: OrgPlan, dryRun: boolean, verified: boolean, quiet = true): OrgReport {
  const changes = new Map(plan.changes.map((c) => [`${what(c)} ${c.user.id}`, c]));
  const done = (action: OrgRow['action'], outcome: OrgRow['outcome']) => rows.filter((r) => r.action === action && r.outcome === outcome);
  return {
    dryRun,
    orgRoleChanged: done('org-role', dryRun ? 'planned' : 'applied').map((r) => {
      const c = changes.get(`org-role ${r.user.id}`) as Extract<OrgChange, { action: 'role' }>;
      return { user: r.user, from: roleName(c.from), to: roleName(c.to) };
    }),
    ssoMemberSet: done('sso-member', dryRun ? 'planned' : 'applied').map((r) => r.user),
    removedFromOrganization: done('remove-from-organization', dryRun ? 'planned' : 'applied').map((r) => r.user),
    removalRequested: done('remove-from-organization', 'requested').map((r) => r.user),
    notInOrganization: quiet ? plan.notMember : [],
    kept: quiet ? plan.kept : [],
    failed: rows.filter((r) => r.outcome === 'failed').map(failureOf),
    unknown: rows.filter((r) => r.outcome === 'unknown').map(failureOf),
    verified,
  };
}

const failureOf = (r: OrgRow): OrgReport['failed'][number] => ({ user: r.user, action: r.action, status: r.status, message: r.message });

function docOf(rows: readonly OrgRow[], title: string): ReportDoc {
  const shown = rows.filter((r) => r.action !== 'none');
  return {
    title,
    sections: shown.length === 0 ? [] : [{ heading: 'Organization', columns: ['user', 'action', 'outcome', 'status', 'message'], rows: shown.map((r) => [describeUser(r.user), r.action, r.outcome, r.status === null ? '' : String(r.status), r.message]) }],
  };
}

/** The rows of users nothing is sent for: unchanged, not members, kept. */
function quietRows(plan: OrgPlan, shown = true): OrgRow[] {
  if (!shown) return [];
  return [
    ...plan.unchanged.map((u): OrgRow => ({ action: 'none', user: u, outcome: 'unchanged', status: null, message: 'already has that organization role' })),
    ...plan.notMember.map((u): OrgRow => ({ action: 'none', user: u, outcome: 'not-member', status: null, message: 'not a member of the organization' })),
    ...plan.kept.map((u): OrgRow => ({ action: 'none', user: u, outcome: 'kept', status: null, message: 'kept (protected)' })),
  ];
}

export function orgMembersDomain(ctx: Context, input: OrgDomainInput): ChangeDomain<OrgRow> {
  const { client, org, plan } = input;
  const requests = input.caller?.role !== undefined && input.caller.role !== 'admin';
  const removals = plan.changes.filter((c) => c.action === 'remove');
  const now = (): number => ctx.now?.() ?? Date.now();
  const view = (rows: OrgRow[], title: string, dryRun: boolean, verified: boolean): RunView<OrgRow> =>
    lazyView(() => rows, (r) => docOf(r, title), { json: reportOf(rows, plan, dryRun, verified, input.part?.quiet) });
  const whole = input.part?.whole ?? plan;
  const counts = (): string => {
    const out = whole.changes.filter((c) => c.action === 'remove').length;
    const sso = whole.changes.filter((c) => c.action === 'sso').length;
    return `${plural(whole.changes.length - out - sso, 'organization role change')}, ${sso > 0 ? `${sso} made SSO member${sso === 1 ? '' : 's'}, ` : ''}${out} out of the organization`;
  };
  return {
    async planText() {
      const quiet = input.part?.quiet !== false;
      const lines = [
        ...plan.changes.map((c) => describeChange(c, requests) + requestedSuffix(input.journal, c, now(), input.rerequestAfterDays)),
        ...(quiet ? plan.kept.map((u) => `  = ${describeUser(u)} kept (protected)`) : []),
        ...(quiet ? plan.notMember.map((u) => `  ? ${describeUser(u)} is not a member of the organization: nothing to do`) : []),
      ];
      // One heading for the parts of a plan: over the first part that lists anything.
      const firstLists = whole.changes.some((c) => c.action !== 'remove') || whole.kept.length + whole.notMember.length > 0;
      const heading = input.part === undefined || (quiet ? firstLists : !firstLists);
      if (input.part !== undefined && lines.length === 0) return '';
      return [...(heading ? [oneLine(`Organization ${org}: ${counts()}`)] : []), ...lines].join('\n');
    },
    isEmpty: () => plan.changes.length === 0,
    refusals() {
      if (input.part?.guards === false) return [];
      const whole = input.part?.whole ?? plan;
      for (const u of whole.keptNamed) ctx.io.warn(`${describeUser(u)} is kept (protected), but named explicitly: changed anyway`);
      return organizationRefusals(input.members, whole, { caller: input.caller, maxRemovals: input.maxOrgRemovals, force: input.force }, (m) => ctx.io.warn(m));
    },
    async confirm(c: Context) {
      if (removals.length === 0 || input.confirmed) return;
      const who = `${plural(removals.length, 'user')} from organization ${org}`;
      await confirmChange(c, `Remove ${who}?`, `removing ${who}`);
    },
    planned: () => view([...plan.changes.map((c) => rowOf(c, 'planned', null, requests && c.action === 'remove' ? 'to be requested from the admins' : '')), ...quietRows(plan, input.part?.quiet)], `Plan for organization ${org}: ${counts()}`, true, false),
    nothingToDo(): AppliedView<OrgRow> {
      return { ...view(quietRows(plan, input.part?.quiet), `Organization ${org}: nothing to change`, false, true), summary: () => 'Nothing to change.', tally: tallyOf([]) };
    },
    nothingToDoLine: `Nothing to change in organization ${org}.`,
    work: () => ({ label: input.command, units: plan.changes.length, requests: plan.changes.length }),
    async execute(progress: Progress, interrupted: () => boolean): Promise<AppliedView<OrgRow>> {
      const roles = plan.changes.filter((c) => c.action === 'role');
      const sso = plan.changes.filter((c) => c.action === 'sso');
      const send = (c: OrgChange) => async (): Promise<OrgRow> => {
        const row = interrupted() ? rowOf(c, 'failed', null, notSentMessage) : await sendChange(client, org, c, input.journal, now(), input.rerequestAfterDays);
        progress.increment();
        return row;
      };
      // Role changes first (promotions before demotions, one after another, so the organization
      // never passes through "no admin"), then the SSO members and the removals, at once within --concurrency.
      const rows: OrgRow[] = [];
      for (const c of roles) rows.push(await send(c)());
      const removed = [...(await runPool(sso, input.concurrency, (c) => send(c)())), ...(await runPool(removals, input.concurrency, (c) => send(c)()))];
      for (const r of removed) {
        if (!r.ok) throw r.error;
        rows.push(r.value);
      }
      const verified = interrupted() ? false : await readBack(client, org, plan.changes, rows, input.journal);
      const all = [...rows, ...quietRows(plan, input.part?.quiet)];
      return { ...view(all, `Result for organization ${org}`, false, verified), summary: (report) => summaryOf(rows, report), tally: tallyOf(rows, !verified) };
    },
    planFile(): PlanFile<OrgPlanBody> {
      return newPlanFile('organization', { command: input.command, baseUrl: input.baseUrl, organization: org }, {
        plan: whole,
        state: organizationState(input.members, whole, input.caller?.id),
        options: { force: input.force, maxOrgRemovals: input.maxOrgRemovals, concurrency: input.concurrency, ...(input.rerequestAfterDays !== undefined ? { rerequestAfterDays: input.rerequestAfterDays } : {}) },
      });
    },
    csv: {
      header: ['user', 'action', 'outcome', 'status', 'message'],
      record: (r) => [userCell(r.user), r.action, r.outcome, r.status === null ? '' : String(r.status), r.message],
    },
    words,
  };
}

/** Days a removal request stands before it is asked again (`teamctl help reliability`). */
export const defaultRerequestAfterDays = 7;
const dayMs = 86_400_000;

/**
 * The removal of `user` the journal records within the last `days` (--rerequest-after): requested (202),
 * of unknown outcome, or in flight when a run ended. Each may have mailed the organization's
 * admins, so none is sent again before that time has passed.
 */
export function recordedRemoval(journal: Journal | undefined, user: string, now: number, days = defaultRerequestAfterDays): { sentAt: string; until: string } | undefined {
  const mine = (journal?.writes('removal') ?? []).filter((w) => w.user === user && now - Date.parse(w.sentAt) < days * dayMs);
  const latest = mine.sort((a, b) => Date.parse(b.sentAt) - Date.parse(a.sentAt))[0];
  return latest === undefined ? undefined : { sentAt: latest.sentAt, until: new Date(Date.parse(latest.sentAt) + days * dayMs).toISOString().slice(0, 10) };
}

function requestedSuffix(journal: Journal | undefined, c: OrgChange, now: number, days: number | undefined): string {
  const recorded = c.action === 'remove' ? recordedRemoval(journal, c.user.id, now, days) : undefined;
  return recorded === undefined ? '' : `; requested ${recorded.sentAt.slice(0, 10)}, not requested again before ${recorded.until}`;
}

/**
 * Sends one change; a failure is its row, never thrown (but a bug). A removal is recorded in the
 * journal before it is sent, since a 202 mails the organization's admins a request; one recorded
 * within the last days is not sent again (`teamctl help reliability`).
 */
async function sendChange(client: ApiClient, org: string, c: OrgChange, journal: Journal | undefined, now: number, days: number | undefined): Promise<OrgRow> {
  const { removeOrganizationMember, setOrganizationRole, setSsoMember } = await import('../api/organization.js');
  if (c.action === 'sso') {
    try {
      await setSsoMember(client, org, c.user.id);
      return rowOf(c, 'applied', 200, 'made an SSO member');
    } catch (err) {
      return failedRow(c, err);
    }
  }
  if (c.action === 'role') {
    try {
      await setOrganizationRole(client, org, c.user.id, c.to);
      return rowOf(c, 'applied', 200, `${roleName(c.from)} → ${roleName(c.to)}`);
    } catch (err) {
      return failedRow(c, err);
    }
  }
  const recorded = recordedRemoval(journal, c.user.id, now, days);
  if (recorded !== undefined) return rowOf(c, 'requested', null, `removal requested ${recorded.sentAt.slice(0, 10)}: still a member; not requested again before ${recorded.until}`);
  let ids: string[];
  const recording = lockedJournal(journal);
  try {
    ids = await recording.intend([{ kind: 'removal', user: c.user.id, email: c.user.email }], new Date(now));
  } catch (err) {
    if (!(err instanceof TeamctlError)) throw err;
    return rowOf(c, 'failed', null, `not sent: ${err.message}`);
  }
  try {
    const outcome = await removeOrganizationMember(client, org, c.user.id);
    await recording.answered(ids, outcome === 'requested' ? 'requested' : 'done');
    if (outcome === 'requested') return rowOf(c, 'requested', 202, "removal requested from the organization's admins: still a member");
    return rowOf(c, 'applied', outcome === 'removed' ? 205 : 204, outcome === 'removed' ? 'removed from the organization' : 'was not a member');
  } catch (err) {
    const row = failedRow(c, err);
    await recording.answered(ids, row.outcome === 'unknown' ? 'unknown' : 'done');
    return row;
  }
}

function failedRow(c: OrgChange, err: unknown): OrgRow {
  if (!(err instanceof TeamctlError)) throw err;
  return rowOf(c, writeOutcome(err), err.status ?? null, err.message);
}

/**
 * The members read again: an applied change the organization contradicts becomes failed; a
 * removal of unknown outcome is applied when the member is gone, and stays unknown (recorded, never
 * sent again before --rerequest-after) when not. A requested removal leaves a member: as it should. False when the read fails.
 */
async function readBack(client: ApiClient, org: string, changes: readonly OrgChange[], rows: OrgRow[], journal: Journal | undefined): Promise<boolean> {
  let now: Map<string, OrgMember>;
  try {
    now = new Map((await readOrgMembers(client, org)).map((m) => [m.id, m]));
  } catch (err) {
    if (!(err instanceof TeamctlError)) throw err;
    for (const row of rows) if (row.outcome === 'applied') row.message = `${row.message}; not verified: ${err.message}`;
    return false;
  }
  // The listing settles the recorded removals of users it no longer holds (under the lock only; a
  // journal that cannot be written keeps them, which only holds a removal back).
  if (journal?.locked === true) await journal.settleRemovals(new Set(now.keys())).catch((err: unknown) => {
    if (!(err instanceof TeamctlError)) throw err;
  });
  for (const c of changes) {
    // Every change has its row (execute makes one per change).
    const row = rows.find((r) => r.user.id === c.user.id && r.action === what(c)) as OrgRow;
    const member = now.get(c.user.id);
    if (row.outcome === 'unknown' && c.action === 'remove') {
      // Still a member: a request to the admins, or a removal the service applies later, may be under way.
      if (member === undefined) Object.assign(row, { outcome: 'applied', message: 'removed (the answer was lost; the members read back show it)' });
      else row.message = `${row.message}; still a member when read again: outcome unknown (it may be applied later, or wait for an admin), recorded, not sent again before --rerequest-after`;
      continue;
    }
    // An SSO member is one whatever became of the answer.
    if (row.outcome === 'unknown' && c.action === 'sso' && member?.sso === true) Object.assign(row, { outcome: 'applied', message: 'made an SSO member (the answer was not read; the members read back show it)' });
    if (row.outcome !== 'applied') continue;
    const holds = c.action === 'remove' ? member === undefined : c.action === 'sso' ? member?.sso === true : member !== undefined && member.role === c.to;
    const was = member === undefined ? 'not a member' : c.action === 'sso' ? 'not an SSO member' : roleName(member.role);
    if (!holds) Object.assign(row, { outcome: 'failed', message: `the service accepted it, but the members read back differ (${was})` });
  }
  return true;
}

function tallyOf(rows: readonly OrgRow[], unverifiable = false): Tally {
  const requested = rows.filter((r) => r.outcome === 'requested').length;
  const failed = rows.filter((r) => r.outcome === 'failed' || r.outcome === 'unknown');
  // A requested removal was accepted, yet the user is still a member: partial (exit 6).
  return {
    total: rows.length,
    applied: rows.filter((r) => r.outcome === 'applied').length + requested,
    failed: failed.length + requested,
    unknown: failed.filter((r) => r.outcome === 'unknown').length,
    unexplained: 0,
    unverifiable,
    firstFailure: failed[0]?.message ?? (requested > 0 ? "removal requested from the organization's admins" : undefined),
  };
}

function summaryOf(rows: readonly OrgRow[], report: string | undefined): string {
  const n = (action: OrgRow['action'], outcome: OrgRow['outcome']) => rows.filter((r) => r.action === action && r.outcome === outcome).length;
  const counts: [number, string][] = [
    [n('org-role', 'applied'), 'organization roles changed'],
    [n('sso-member', 'applied'), 'made SSO members'],
    [n('remove-from-organization', 'applied'), 'removed from the organization'],
    [n('remove-from-organization', 'requested'), 'removals requested'],
  ];
  const name = (r: OrgRow): string => `${r.action} ${describeUser(r.user)}`;
  const notSent = rows.filter((r) => r.message === notSentMessage);
  const failed = rows.filter((r) => r.outcome === 'failed' && r.message !== notSentMessage);
  const unknown = rows.filter((r) => r.outcome === 'unknown');
  const requested = rows.filter((r) => r.outcome === 'requested').map((r) => `  requested: ${describeUser(r.user)} stays a member until an admin of the organization approves`);
  const failures = [...unknown, ...failed].slice(0, 20).map((r) => oneLine(`  ${r.outcome}: ${name(r)}${r.status === null ? '' : ` (${r.status})`}: ${r.message}`));
  if (notSent.length > 0) return [interruptedLine([...counts, [unknown.length, 'of unknown outcome'], [failed.length, 'failed']], notSent.length), ...failures, ...notSentLines(notSent.map(name), report)].join('\n');
  const done = counts.filter(([k]) => k > 0).map(([k, w]) => `${k} ${w}`);
  const problems = `${unknown.length > 0 ? `, ${unknown.length} of unknown outcome` : ''}${failed.length > 0 ? `, ${failed.length} failed` : ''}`;
  return [`Organization: ${done.length > 0 ? done.join(', ') : 'nothing applied'}${problems}.`, ...requested, ...failures].join('\n');
}

const words: ExitWords = {
  nothingApplied: (t) => `none of the ${t.total} organization change${t.total === 1 ? '' : 's'} was applied: ${t.firstFailure ?? 'see above'}`,
  partial: (t) => [...failedWords(t, 'organization changes').map((w) => w.replace(/ failed$/, ' failed or are requests waiting for an admin')), ...(t.unverifiable ? ['the result could not be verified'] : [])].join('; '),
  hint: (report) => (report === undefined ? 'the summary above lists each user; `teamctl users list` shows the members now' : `${report} lists each change`),
};

/**
 * The organization's part of a plan run in parts (src/organization/sequence.ts): its role changes,
 * which go before the team changes, and its removals, which go after them. The guards check the
 * whole plan once, in the first part; the users nothing is sent for are listed there too.
 */
export function organizationParts(ctx: Context, input: Omit<OrgDomainInput, 'part'>): { roles: Part<OrgRow>; removals: Part<OrgRow> } {
  const { plan } = input;
  const only = (...actions: OrgChange['action'][]): OrgPlan => ({ ...plan, changes: plan.changes.filter((c) => actions.includes(c.action)) });
  const part = (p: OrgPlan, first: boolean): Part<OrgRow> => ({
    domain: orgMembersDomain(ctx, { ...input, plan: p, part: { whole: plan, guards: first, quiet: first } }),
    row: (r) => ({ team: '', ...r }),
  });
  return { roles: part(only('role', 'sso'), true), removals: part(only('remove'), false) };
}

/** What the organization's parts of a run need besides the plan. */
export interface OrganizationRun {
  journal?: Journal | undefined;
  rerequestAfterDays?: number | undefined;
  client: ApiClient;
  org: string;
  command: string;
  maxOrgRemovals: string;
  force: boolean;
  concurrency: number;
}

/**
 * The organization's members and the token's user read, the plan made of them by `planOf`, and
 * its two parts (organizationParts): what a roster with organization changes and offboarding share.
 */
export async function plannedOrganization(ctx: Context, run: OrganizationRun, planOf: (members: readonly OrgMember[]) => OrgPlan): Promise<{ plan: OrgPlan; roles: Part<OrgRow>; removals: Part<OrgRow> }> {
  const members = await readOrgMembers(run.client, run.org);
  const caller = await callerOf(run.client, members);
  const plan = planOf(members);
  return { plan, ...organizationParts(ctx, { ...run, baseUrl: run.client.base.origin + run.client.base.prefix, members, plan, caller }) };
}
