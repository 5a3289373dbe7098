// A saved organization plan (README, "Review, then apply"): its body checked field by field (a
// plan file comes from outside), what moved since it was made, and applying it: stale only when a
// member it touches, the admins or the caller changed, so a big organization's plan survives a review.
import { savedFiles, withTeamFiles } from '../engine/teamFiles.js';
import type { Context } from '../context.js';
import { remakePlan, type PlanFile } from '../engine/planFile.js';
import { runChange, type ChangeDomain, type SavedPlanRun } from '../engine/run.js';
import { ShapeError, array, boolean, checked, days, object, oneOf, string, stringOrNull, wholeNumber, type Json } from '../engine/shape.js';
import { GuardError } from '../errors.js';
import { organizationRoles, organizationState, type OrgChange, type OrgPlan, type OrganizationRole } from '../plan/organization.js';
import { organizationParts, orgMembersDomain, type OrgPlanBody } from './members.js';
import { callerOf, readOrgMembers } from './read.js';
import { savedMembersDomain } from '../members/applyPlan.js';
import type { TeamRow } from '../members/severalTeams.js';
import type { ReportRow } from '../members/report.js';
import { sequenceDomain, stepOfTeamRow, titleOfTeams, type Part, type StepRow } from './sequence.js';
import { inviteDomain, recordedInvitation, stillPending } from './invitations.js';
import { withJournalOf, type Journal } from '../journal/journal.js';
import type { InvitationsPlanBody } from './invitations.js';
import { emailKey } from '../model/users.js';
import { teamMemberRoles } from '../choices.js';
import { membersPlanBody, user } from '../members/savedPlan.js';
import { checkBoundUsers } from '../engine/boundUsers.js';
import { accessPlanBody } from '../access/savedPlan.js';
import { savedLeaverAccess } from './leaverAccess.js';

function role(value: Json, path: string): OrganizationRole {
  if (value === null) return null;
  return oneOf(value, path, organizationRoles);
}

function member(value: Json, path: string): { id: string; email: string | null } {
  const o = object(value, path, ['id', 'email']);
  return { id: string(o.id, `${path}.id`), email: stringOrNull(o.email, `${path}.email`) };
}

function change(value: Json, path: string): OrgChange {
  const action = oneOf(object(value, path).action, `${path}.action`, ['role', 'remove', 'sso'] as const);
  const o = object(value, path, action === 'role' ? ['action', 'user', 'from', 'to'] : action === 'sso' ? ['action', 'user'] : ['action', 'user', 'role', 'pruned']);
  if (action === 'sso') return { action, user: member(o.user, `${path}.user`) };
  if (action === 'role') return { action, user: member(o.user, `${path}.user`), from: role(o.from, `${path}.from`), to: role(o.to, `${path}.to`) };
  return { action, user: member(o.user, `${path}.user`), role: role(o.role, `${path}.role`), pruned: boolean(o.pruned, `${path}.pruned`) };
}

const users = (value: Json, path: string) => array(value, path).map((u, i) => user(u, `${path}[${i}]`));

function invitationsBody(value: Json): InvitationsPlanBody {
  const o = object(value, 'body.invitations', ['invitees', 'pending', 'sso', 'reinviteAfterDays', 'batchSize', 'concurrency']);
  const email = (v: Json, path: string): string => {
    const text = string(v, path);
    if (!/^[^\s@]+@[^\s@]+$/.test(text)) throw new ShapeError(`${path}: not an e-mail`);
    return text;
  };
  return {
    invitees: array(o.invitees, 'body.invitations.invitees').map((v, i) => {
      const p = `body.invitations.invitees[${i}]`;
      const invitee = object(v, p, ['email', 'role', 'teams']);
      return {
        email: email(invitee.email, `${p}.email`),
        role: role(invitee.role, `${p}.role`),
        teams: array(invitee.teams, `${p}.teams`).map((t, j) => {
          const team = object(t, `${p}.teams[${j}]`, ['team', 'role', 'title']);
          const title = team.title === undefined ? {} : { title: string(team.title, `${p}.teams[${j}].title`) };
          return { team: string(team.team, `${p}.teams[${j}].team`), role: team.role === undefined ? undefined : oneOf(team.role, `${p}.teams[${j}].role`, teamMemberRoles), ...title };
        }),
      };
    }),
    pending: array(o.pending, 'body.invitations.pending').map((v, i) => {
      const pending = object(v, `body.invitations.pending[${i}]`, ['email', 'invitedAt']);
      return { email: email(pending.email, `body.invitations.pending[${i}].email`), invitedAt: string(pending.invitedAt, `body.invitations.pending[${i}].invitedAt`) };
    }),
    sso: boolean(o.sso, 'body.invitations.sso'),
    reinviteAfterDays: days(o.reinviteAfterDays, 'body.invitations.reinviteAfterDays'),
    batchSize: wholeNumber(o.batchSize, 'body.invitations.batchSize', 1),
    concurrency: wholeNumber(o.concurrency, 'body.invitations.concurrency', 1),
  };
}

export function orgPlanBody(value: Json): OrgPlanBody {
  const o = object(value, 'body', ['plan', 'teams', 'invitations', 'access', 'state', 'options']);
  const p = object(o.plan, 'body.plan', ['changes', 'unchanged', 'notMember', 'kept', 'keptNamed']);
  const options = object(o.options, 'body.options', ['force', 'maxOrgRemovals', 'concurrency', 'rerequestAfterDays']);
  const plan: OrgPlan = {
    changes: array(p.changes, 'body.plan.changes').map((c, i) => change(c, `body.plan.changes[${i}]`)),
    unchanged: users(p.unchanged, 'body.plan.unchanged'),
    notMember: users(p.notMember, 'body.plan.notMember'),
    kept: users(p.kept, 'body.plan.kept'),
    keptNamed: users(p.keptNamed, 'body.plan.keptNamed'),
  };
  if (new Set(plan.changes.map((c) => `${c.action} ${c.user.id}`)).size !== plan.changes.length) throw new ShapeError('body.plan.changes names one change twice');
  return {
    plan,
    ...(o.teams !== undefined ? { teams: membersPlanBody(o.teams, 'body.teams') } : {}),
    ...(o.invitations !== undefined ? { invitations: invitationsBody(o.invitations) } : {}),
    ...(o.access !== undefined ? { access: accessPlanBody(o.access) } : {}),
    state: array(o.state, 'body.state').map((s, i) => string(s, `body.state[${i}]`)),
    options: { force: boolean(options.force, 'body.options.force'), maxOrgRemovals: string(options.maxOrgRemovals, 'body.options.maxOrgRemovals'), concurrency: wholeNumber(options.concurrency, 'body.options.concurrency', 1), ...(options.rerequestAfterDays !== undefined ? { rerequestAfterDays: wholeNumber(options.rerequestAfterDays, 'body.options.rerequestAfterDays') } : {}) },
  };
}

export async function applyOrgPlan(ctx: Context, plan: PlanFile, saved: SavedPlanRun): Promise<number> {
  const { path, baseUrl, org, run } = saved;
  const body = checked(path, () => orgPlanBody(plan.body));
  // Invitations and removals go out under the journal's lock, checked against its records: --force
  // never sends one again that a record says may have gone out (`teamctl help reliability`).
  const writes = body.invitations !== undefined || body.access !== undefined || body.plan.changes.some((c) => c.action === 'remove');
  const lock = writes && !run.dryRun ? { wait: saved.wait, onWait: (m: string) => ctx.io.info(m), what: 'the organization' } : undefined;
  return withJournalOf(ctx.journalHome(), baseUrl, org, lock, (journal) => applyOrgPlanBody(ctx, plan, saved, body, journal));
}

async function applyOrgPlanBody(ctx: Context, plan: PlanFile, saved: SavedPlanRun, body: OrgPlanBody, journal: Journal): Promise<number> {
  const { path, client, baseUrl, org, run } = saved;
  const teams = body.teams === undefined ? undefined : await savedMembersDomain(ctx, body.teams, plan.command, saved, 'body.teams');
  const members = await readOrgMembers(client, org);
  const caller = await callerOf(client, members);
  // Each member the plan removes or changes the role of is the person its review showed.
  checkBoundUsers(
    path,
    body.plan.changes.map((c, i) => ({ where: `body.plan.changes[${i}].user`, user: c.user })),
    new Map(members.map((m) => [m.id, m.email])),
  );
  // An empty state: the plan changes no member of the organization and depends on none.
  const now = body.state.length === 0 && body.plan.changes.length === 0 ? [] : organizationState(members, body.plan, caller.id);
  // A state cut short (an edited file) names what it lacks, so the refusal is never empty.
  const moved = [...body.state.flatMap((was, i) => (now[i] === was ? [] : [`${was} is now ${now[i] ?? 'missing'}`])), ...now.slice(body.state.length).map((is) => `${is} is not in the plan's state`)];
  const emails = new Set(members.flatMap((m) => (m.email === null ? [] : [emailKey(m.email)])));
  const joined = (body.invitations?.invitees ?? []).filter((i) => emails.has(emailKey(i.email))).map((i) => `${i.email} joined the organization`);
  if (moved.length > 0 || joined.length > 0) {
    throw new GuardError(`the members of organization ${org} changed since the plan was made: ${[...moved, ...joined].join('; ')}; nothing was sent`, { hint: remakePlan });
  }
  const access = body.access === undefined ? [] : [await savedLeaverAccess(ctx, { client, baseUrl, org, command: plan.command, concurrency: body.access.concurrency }, body.access)];
  const input = { client, baseUrl, org, command: plan.command, members, plan: body.plan, caller, maxOrgRemovals: body.options.maxOrgRemovals, force: body.options.force, concurrency: body.options.concurrency, confirmed: true, journal, rerequestAfterDays: body.options.rerequestAfterDays };
  if (teams === undefined && access.length === 0) return runChange(ctx, orgMembersDomain(ctx, input), run);
  const { roles, removals } = organizationParts(ctx, input);
  const single = teams !== undefined && 'team' in teams ? teams.team : undefined;
  const teamPart: Part<ReportRow | TeamRow>[] = teams === undefined ? [] : [{ domain: teams as ChangeDomain<ReportRow | TeamRow>, row: (r) => stepOfTeamRow(r, single, titleOfTeams(teams)) }];
  const invitations = body.invitations === undefined ? undefined : withRecords(body.invitations, journal, ctx.now?.() ?? Date.now());
  const invitePart: Part<StepRow>[] =
    invitations === undefined
      ? []
      : [
          {
            domain: inviteDomain(ctx, {
              client,
              baseUrl,
              org,
              command: plan.command,
              journal,
              invitees: invitations.invitees,
              pending: invitations.pending,
              sso: invitations.sso,
              reinviteAfterDays: invitations.reinviteAfterDays,
              settings: { force: false, batchSize: invitations.batchSize, concurrency: invitations.concurrency, confirmed: true },
            }),
            row: (r) => r,
          },
        ];
  const whole = sequenceDomain([roles, ...teamPart, ...invitePart, ...access, removals], () => plan);
  // A plan a roster folder made names each team's file: so do the reports of its apply.
  const files = savedFiles(body.teams?.teams ?? []);
  return runChange(ctx, files === undefined ? whole : withTeamFiles(whole, files), run);
}

/** The plan's invitees, those the journal records as invited within --reinvite-after moved to pending. */
function withRecords(invitations: InvitationsPlanBody, journal: Journal, now: number): InvitationsPlanBody {
  const invitees = [];
  const pending = [...invitations.pending];
  for (const invitee of invitations.invitees) {
    const recorded = recordedInvitation(journal, invitee.email);
    if (recorded !== undefined && stillPending(recorded.sentAt, invitations.reinviteAfterDays, now)) pending.push({ email: invitee.email, invitedAt: recorded.sentAt });
    else invitees.push(invitee);
  }
  return { ...invitations, invitees, pending };
}
