// Invitations (`teamctl help organization`, "Joiners"): who a run invites, the invitations sent
// (POST /orgs/{org}/invites, at most 100 e-mails a request), and the placement of the invitees in
// their teams in the same run — those the organization has once the invitations are answered. The
// others are **invited, pending**: not failed, and not invited again until --reinvite-after has
// passed. The service has no way to list pending invitations, so each invitation is recorded in
// the journal before it is sent (`teamctl help reliability`), and that record is what says it is
// pending. A part of the run's plan (sequence.ts), after the team changes, so a team is read for
// the placement as those changes left it.
import type { ApiClient } from '../api/client.js';
import type { Context } from '../context.js';
import type { Tally } from '../engine/exit.js';
import { notSentMessage } from '../engine/interrupted.js';
import { newPlanFile, type PlanFile } from '../engine/planFile.js';
import type { ReportDoc } from '../engine/report.js';
import type { AppliedView, ChangeDomain } from '../engine/run.js';
import { AuthError, TeamctlError } from '../errors.js';
import type { TeamMemberRole } from '../api/types.js';
import { emailKey, type UserRef } from '../model/users.js';
import type { Progress } from '../output/progress.js';
import { describeUser, type MembersPlan } from '../plan/members.js';
import { oneLine } from '../output/terminal.js';
import { plural } from '../output/words.js';
import { roleName } from '../plan/organization.js';
import { membersDomain, teamShown, type MembersRunSettings } from '../members/change.js';
import { readOrgMembers } from './read.js';
import type { MembersReport, ReportRow } from '../members/report.js';
import { stepOfTeamRow, type StepRow } from './sequence.js';
import { readTeam } from '../members/team.js';
import type { OrganizationRole } from '../plan/organization.js';
import type { Journal, WriteRecord } from '../journal/journal.js';
import { writeOutcome } from '../api/outcome.js';

/** E-mails in one invitation request (the service's published limit is not shown; teamctl's). */
export const invitesPerRequest = 100;

const invitationsBody = (input: InviteInput): InvitationsPlanBody => ({
  invitees: input.invitees,
  pending: input.pending,
  sso: input.sso,
  reinviteAfterDays: input.reinviteAfterDays,
  batchSize: input.settings.batchSize,
  concurrency: input.settings.concurrency,
});

export interface InviteInput {
  client: ApiClient;
  baseUrl: string;
  org: string;
  command: string;
  /** The journal every invitation is recorded in before it is sent (held under its lock when sending). */
  journal: Journal;
  invitees: Invitee[];
  pending: PendingInvitee[];
  sso: boolean;
  reinviteAfterDays: number;
  /** How the placement's team changes are sent (the run's settings). */
  settings: MembersRunSettings;
}

const ref = (email: string, id: string | null = null): UserRef => ({ id, email });

const row = (email: string, outcome: string, status: number | null, message: string, id: string | null = null): StepRow => ({ team: '', user: ref(email, id), action: 'invite', outcome, status, message });

const failure = (r: StepRow): InviteReport['failed'][number] => ({ user: r.user, action: r.action, status: r.status, message: r.message });

/** The JSON report's invitation fields (`teamctl help formatting`, "Reports"). */
interface InviteReport {
  invited: UserRef[];
  pending: UserRef[];
  failedSSOEmails: string[];
  placed: unknown[];
  failed: { user: UserRef; action: string; status: number | null; message: string }[];
  /** Sent, the answer lost: they may have gone out (`teamctl help reliability`). */
  unknown: { user: UserRef; action: string; status: number | null; message: string }[];
}

export function inviteDomain(ctx: Context, input: InviteInput): ChangeDomain<StepRow> {
  const { client, org, invitees, pending } = input;
  const until = (p: PendingInvitee): string => new Date(Date.parse(p.invitedAt) + input.reinviteAfterDays * 86_400_000).toISOString().slice(0, 10);
  const pendingRows = (): StepRow[] => pending.map((p) => row(p.email, 'pending', null, `invited ${p.invitedAt.slice(0, 10)}; not invited again before ${until(p)} (--reinvite-after)`));
  const doc = (rows: readonly StepRow[], title: string): ReportDoc => ({
    title,
    sections: rows.length === 0 ? [] : [{ heading: 'Invitations', columns: ['user', 'team', 'action', 'outcome', 'message'], rows: rows.map((r) => [describeUser(r.user), r.team, r.action, r.outcome, r.message]) }],
  });
  // Only an invitation's row is joined, invited or pending, or names an SSO failure (a placement's says added, failed…).
  const json = (rows: readonly StepRow[], placed: unknown[]): InviteReport => ({
    invited: rows.filter((r) => r.outcome === 'joined' || r.outcome === 'invited').map((r) => r.user),
    pending: rows.filter((r) => r.outcome === 'pending' || r.outcome === 'invited').map((r) => r.user),
    failedSSOEmails: rows.filter((r) => r.message.includes('not added as an SSO user')).map((r) => r.user.email as string),
    placed,
    failed: rows.filter((r) => r.outcome === 'failed').map(failure),
    unknown: rows.filter((r) => r.outcome === 'unknown').map(failure),
  });
  const teamsOf = (i: Invitee): string => (i.teams.length === 0 ? '' : ` → then ${i.teams.map((t) => `${teamShown(t.team, t.title)}${t.role ? ` (${t.role})` : ''}`).join(', ')}`);
  return {
    async planText() {
      if (invitees.length + pending.length === 0) return '';
      // The team adds that follow are said here: the teams' own plans count them nowhere.
      const places = invitees.reduce((n, i) => n + i.teams.length, 0);
      const then = places === 0 ? '' : `; who joins is then added to their teams (${places} to add)`;
      return [
        `Invitations to organization ${org}: ${invitees.length} to invite, ${pending.length} pending${then}`,
        ...invitees.map((i) => `  ✉ ${describeUser(ref(i.email))} (${roleName(i.role)})${teamsOf(i)}`),
        // Not a member until they accept: no team can take them yet (`teamctl help organization`, "Joiners").
        ...pending.map((p) => `  … ${describeUser(ref(p.email))} invited ${p.invitedAt.slice(0, 10)}, pending: placed in teams by a run after they accept (not invited again before ${until(p)})`),
      ].join('\n');
    },
    // A pending invitee is drift (--exit-code), though nothing is sent for them.
    isEmpty: () => invitees.length + pending.length === 0,
    refusals: () => [],
    confirm: async () => undefined,
    planned() {
      const rows = [...invitees.map((i) => row(i.email, 'planned', null, `as ${roleName(i.role)}${teamsOf(i)}`)), ...pendingRows()];
      return { rows, json: { ...json([], []), invited: invitees.map((i) => ref(i.email)), pending: pending.map((p) => ref(p.email)) }, doc: doc(rows, `Invitations to ${org}: ${invitees.length} to invite, ${pending.length} pending`) };
    },
    nothingToDo(): AppliedView<StepRow> {
      return { rows: [], json: json([], []), doc: doc([], 'No invitations'), summary: () => '', tally: tallyOf([], []) };
    },
    nothingToDoLine: 'Nothing to change.',
    work: () => ({ label: input.command, units: invitees.length + invitees.reduce((n, i) => n + i.teams.length, 0), requests: Math.ceil(invitees.length / invitesPerRequest) + 1 }),
    async execute(progress: Progress, interrupted: () => boolean): Promise<AppliedView<StepRow>> {
      const sent = await sendInvitations(input, progress, interrupted);
      const joined = await settle(client, org, invitees, sent);
      const placements = interrupted() ? [] : await place(ctx, input, joined, progress, interrupted);
      const rows = [...sent.rows, ...pendingRows(), ...placements.flatMap((p) => p.rows)];
      const tally = tallyOf(sent.rows, placements.map((p) => p.view.tally), sent.stoppedBy);
      const placed = placements.map((p) => ({ team: p.team, ...(p.view.json as object) }));
      return {
        rows,
        json: json(rows, placed),
        doc: doc(rows, `Invitations to ${org}`),
        summary: (report) => summaryOf(sent.rows, pending.length, placements.map((p) => `team ${p.team}:\n${p.view.summary(report)}`)),
        tally,
      };
    },
    planFile(): PlanFile<InvitationsPlanBody> {
      // Its body only: the run's plan file holds it beside the teams' (src/organization/lifecycle.ts).
      return newPlanFile('organization', { command: input.command, baseUrl: input.baseUrl, organization: org }, invitationsBody(input));
    },
    csv: { header: [], record: () => [] },
    words: { nothingApplied: () => '', partial: () => '', hint: () => '' },
  };
}

/**
 * The invitations sent, one row per invitee: `invited` once answered, `failed` or `unknown`. Each
 * request is recorded in the journal before it leaves (`teamctl help reliability`): a journal that
 * cannot be written sends nothing more; an answer lost, or one teamctl cannot read, leaves the
 * record, so the invitation counts as sent and is not sent again before --reinvite-after.
 */
async function sendInvitations(input: InviteInput, progress: Progress, interrupted: () => boolean): Promise<{ rows: StepRow[]; stoppedBy?: TeamctlError }> {
  const { inviteToOrganization } = await import('../api/organization.js');
  const rows: StepRow[] = [];
  let stop: { error: TeamctlError; message: string } | undefined;
  for (let start = 0; start < input.invitees.length; start += invitesPerRequest) {
    const batch = input.invitees.slice(start, start + invitesPerRequest);
    if (interrupted() || stop !== undefined) {
      rows.push(...batch.map((i) => row(i.email, 'failed', null, stop?.message ?? notSentMessage)));
      continue;
    }
    let ids: string[];
    try {
      ids = await input.journal.intend(batch.map((i) => ({ kind: 'invitation', email: i.email })), new Date());
    } catch (err) {
      if (!(err instanceof TeamctlError)) throw err;
      stop = { error: err, message: `not sent: ${err.message}` };
      rows.push(...batch.map((i) => row(i.email, 'failed', null, stop?.message ?? '')));
      continue;
    }
    try {
      const answer = await inviteToOrganization(input.client, input.org, batch.map((i) => ({ email: i.email, role: i.role })), input.sso);
      const ssoFailed = new Set(answer.failedSSOEmails.map(emailKey));
      for (const i of batch) rows.push(row(i.email, 'invited', 200, ssoFailed.has(emailKey(i.email)) ? 'invited, but not added as an SSO user (a member of another organization)' : ''));
      await input.journal.answered(ids, 'invited');
    } catch (err) {
      if (!(err instanceof TeamctlError)) throw err;
      // An invitation whose answer was lost may have gone out: its record stays, and it is never sent again on a guess.
      const outcome = writeOutcome(err);
      await input.journal.answered(ids, outcome === 'unknown' ? 'unknown' : 'done');
      rows.push(...batch.map((i) => row(i.email, outcome, err.status ?? null, err.message)));
      // A refused token or permission stops the run with its own exit code (4).
      if (err instanceof AuthError) stop = { error: err, message: `not sent: ${err.message}` };
    }
    for (let n = 0; n < batch.length; n++) progress.increment();
  }
  return { rows, ...(stop !== undefined ? { stoppedBy: stop.error } : {}) };
}

/**
 * The organization's members read once the invitations are answered: an invitee who is a member
 * now joined (their row says so, with their id); one who is not is pending. An invitation of
 * unknown outcome is settled the same way. Returns the joined invitees with their ids.
 */
async function settle(client: ApiClient, org: string, invitees: readonly Invitee[], sent: { rows: StepRow[] }): Promise<{ invitee: Invitee; id: string }[]> {
  const answered = sent.rows.filter((r) => r.outcome === 'invited' || r.outcome === 'unknown');
  if (answered.length === 0) return [];
  let byEmail: Map<string, string>;
  try {
    byEmail = new Map((await readOrgMembers(client, org)).flatMap((m) => (m.email === null ? [] : [[emailKey(m.email), m.id] as [string, string]])));
  } catch (err) {
    if (!(err instanceof TeamctlError)) throw err;
    for (const r of answered) if (r.outcome === 'invited') r.message = [r.message, `not placed in teams: the members could not be read (${err.message})`].filter(Boolean).join('; ');
    return [];
  }
  const joined: { invitee: Invitee; id: string }[] = [];
  for (const r of answered) {
    // Each row is an invitee's: it names their e-mail.
    const key = emailKey(r.user.email as string);
    const id = byEmail.get(key);
    const invitee = invitees.find((i) => emailKey(i.email) === key) as Invitee;
    if (id !== undefined) {
      Object.assign(r, { outcome: 'joined', user: ref(invitee.email, id), message: [r.message, 'joined the organization'].filter(Boolean).join('; ') });
      joined.push({ invitee, id });
    } else if (r.outcome === 'unknown') {
      // It may still have gone out: unknown (exit 6), recorded as sent, not sent again before --reinvite-after.
      r.message = `${r.message}; not a member when read again: recorded as sent, not invited again before --reinvite-after`;
    } else {
      r.message = [r.message, 'invited, pending: placed in their teams by a run after they join'].filter(Boolean).join('; ');
    }
  }
  return joined;
}

/** The joined invitees added to their teams: each team read now, its adds sent and read back. */
async function place(ctx: Context, input: InviteInput, joined: readonly { invitee: Invitee; id: string }[], progress: Progress, interrupted: () => boolean) {
  const byTeam = new Map<string, { user: { id: string; email: string }; role: TeamMemberRole | undefined }[]>();
  for (const { invitee, id } of joined) for (const t of invitee.teams) byTeam.set(t.team, [...(byTeam.get(t.team) ?? []), { user: { id, email: invitee.email }, role: t.role }]);
  const placed: { team: string; view: AppliedView<ReportRow>; rows: StepRow[] }[] = [];
  for (const [team, users] of byTeam) {
    if (interrupted()) break;
    let current;
    try {
      current = await readTeam(input.client, input.org, team, 'to place the invitees who joined');
    } catch (err) {
      // The invitations are sent already: this team's adds fail, said why, and the others go on.
      if (!(err instanceof TeamctlError)) throw err;
      const view = notPlaced(team, users.map((u) => u.user), err);
      placed.push({ team, view, rows: view.rows.map((r) => stepOfTeamRow(r, team)) });
      continue;
    }
    const members = new Set(current.map((m) => m.id));
    // Only adds: an invitee who joined the team meanwhile is left as they are.
    const plan: MembersPlan = {
      add: users.filter((u) => !members.has(u.user.id)).map((u) => (u.role === undefined ? { user: u.user, role: 'member' as const } : { user: u.user, role: u.role, roleAsked: true as const })),
      remove: [],
      roleChanges: [],
      unchanged: current.length,
      notMember: [],
    };
    const domain = membersDomain(ctx, { client: input.client, baseUrl: input.baseUrl, org: input.org, team, command: input.command, current, plan, named: [], settings: input.settings });
    const view = domain.isEmpty() ? domain.nothingToDo() : await domain.execute(progress, interrupted);
    placed.push({ team, view, rows: view.rows.map((r) => stepOfTeamRow(r, team)) });
  }
  return placed;
}

/** A team the joined invitees could not be placed in (it could not be read): each add failed, nothing sent to it. */
function notPlaced(team: string, users: readonly UserRef[], err: TeamctlError): AppliedView<ReportRow> {
  const message = `not placed in team ${team}: ${err.message}`;
  const status = err.status ?? null;
  const rows = users.map((user): ReportRow => ({ user, action: 'add', outcome: 'failed', status, message }));
  const report: MembersReport = { dryRun: false, added: [], removed: [], roleChanged: [], unchanged: 0, notMember: [], failed: rows.map((r) => ({ user: r.user, action: 'add', status, message })), verified: false };
  return {
    rows,
    json: report,
    doc: { title: message, sections: [] },
    summary: () => `Not placed: ${plural(users.length, 'invitee')} who joined; ${oneLine(err.message)}`,
    // A refused token stops the run as it does any team's change (its exit code, not a partial run's).
    tally: { total: users.length, applied: 0, failed: users.length, unknown: 0, unexplained: 0, unverifiable: false, firstFailure: message, stoppedBy: err instanceof AuthError ? err : undefined },
  };
}

function tallyOf(rows: readonly StepRow[], placements: readonly Tally[], stoppedBy?: TeamctlError): Tally {
  const failed = rows.filter((r) => r.outcome === 'failed' || r.outcome === 'unknown');
  const sum = (f: (t: Tally) => number): number => placements.reduce((n, t) => n + f(t), 0);
  return {
    total: rows.length + sum((t) => t.total),
    applied: rows.length - failed.length + sum((t) => t.applied),
    failed: failed.length + sum((t) => t.failed),
    unknown: failed.filter((r) => r.outcome === 'unknown').length + sum((t) => t.unknown),
    unexplained: sum((t) => t.unexplained),
    unverifiable: placements.some((t) => t.unverifiable),
    firstFailure: failed[0]?.message ?? placements.find((t) => t.firstFailure !== undefined)?.firstFailure,
    stoppedBy: stoppedBy ?? placements.find((t) => t.stoppedBy !== undefined)?.stoppedBy,
  };
}

function summaryOf(rows: readonly StepRow[], earlier: number, placements: readonly string[]): string {
  const n = (outcome: string): number => rows.filter((r) => r.outcome === outcome).length;
  const failed = rows.filter((r) => r.outcome === 'failed' || r.outcome === 'unknown');
  const unknown = n('unknown');
  return [
    `Invitations: ${n('joined')} joined, ${n('invited')} invited and pending, ${failed.length - unknown} failed${unknown > 0 ? `, ${unknown} of unknown outcome` : ''}${earlier > 0 ? `; ${earlier} invited earlier, still pending` : ''}.`,
    ...failed.slice(0, 20).map((r) => `  ${r.outcome}: invite ${describeUser(r.user)}${r.status === null ? '' : ` (${r.status})`}: ${r.message}`),
    ...placements,
  ].join('\n');
}

/** Whether a recorded invitation is recent enough to wait for: sent within `days` of `now`. */
export const stillPending = (sentAt: string, days: number, now: number): boolean => now - Date.parse(sentAt) < days * 24 * 60 * 60 * 1000;

/**
 * The latest invitation the journal records for `email` (`teamctl help reliability`): answered,
 * of unknown outcome, or in flight when a run ended — each may have gone out, so each counts.
 */
export function recordedInvitation(journal: Journal, email: string): Extract<WriteRecord, { kind: 'invitation' }> | undefined {
  const key = emailKey(email);
  const mine = journal.writes('invitation').filter((w) => emailKey(w.email) === key);
  return mine.sort((a, b) => Date.parse(b.sentAt) - Date.parse(a.sentAt))[0];
}

/** A user to invite: the e-mail, the organization role, and the teams (and rows) to place them in. */
export interface Invitee {
  email: string;
  role: OrganizationRole;
  /** Each team (its id, and its title when listed) and the team role asked for (undefined: member). */
  teams: { team: string; role: TeamMemberRole | undefined; title?: string }[];
}

/** An invitee recorded as invited within --reinvite-after: not invited again. */
export interface PendingInvitee {
  email: string;
  invitedAt: string;
}

/** What a saved plan keeps of the invitations (README, "Review, then apply"). */
export interface InvitationsPlanBody {
  invitees: Invitee[];
  pending: PendingInvitee[];
  sso: boolean;
  reinviteAfterDays: number;
  /** How the placements are sent. */
  batchSize: number;
  concurrency: number;
}
