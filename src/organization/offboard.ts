// members offboard: a leaver's day in one command (README, "Find your way"). Each named user's
// teams are found (GET /orgs/{org}/members/{userId}/teams), their removal from every one of them
// is planned as one plan across teams, and the change engine runs it like every change: guards
// per team (the last owner, --min-owners), --dry-run, --plan-out and apply, --report, Markdown,
// verification, exit codes. A user in no team, or unknown to the organization, is said and does
// not fail the others. With --from-organization (`teamctl help organization`, "Organization roles
// and leavers") the leavers then leave the organization, in the same plan (sequence.ts): the
// organization's guards (never the token's own user, never the last admin, --max-org-removals)
// check the plan on dry runs too, and removals need confirmation at a terminal, or --yes.

import type { ApiClient } from '../api/client.js';
import { listMemberTeams, memberId } from '../api/organization.js';
import type { Context } from '../context.js';
import { newPlanFile, type PlanFile } from '../engine/planFile.js';
import { checkOutputs, runChange, runOptions, type ChangeDomain } from '../engine/run.js';
import { NotFoundError } from '../errors.js';
import type { MembersPlanBody } from '../members/change.js';
import { runPool } from '../members/pool.js';
import type { ReportRow } from '../members/report.js';
import { severalTeamsDomain, type TeamRow } from '../members/severalTeams.js';
import { readTeam } from '../members/team.js';
import type { UserEntry } from '../model/users.js';
import { planMembers, refOfEntry, type CurrentMember } from '../plan/members.js';
import { planOrganizationMembers } from '../plan/organization.js';
import { configuredKeep, warnKeptNamed } from './keep.js';
import { plannedOrganization, unchangedOrganization, type OrgPlanBody } from './members.js';
import { teamDomains, type EngineOptions } from './run.js';
import { unmatchedError } from './outsiders.js';
import { readOrgMembers } from './read.js';
import { withJournalOf, type Journal } from '../journal/journal.js';
import { sequenceDomain, stepOfTeamRow, titleOfTeams, type Part, type StepRow } from './sequence.js';
import { leaverAccessPart, readLeaverGrants, revocationsOf } from './leaverAccess.js';
import type { AccessPlanBody, AccessRow } from '../access/change.js';

/** Teams read at once. */
const teamReads = 8;

/** What offboarding from the organization adds (`teamctl help organization`, "Organization roles and leavers"). */
export interface FromOrganization {
  /** --max-org-removals (default 5%, at least 1). */
  maxOrgRemovals: string;
  /** --rerequest-after <days> (default 7). */
  rerequestAfterDays?: number | undefined;
}

export async function runOffboard(ctx: Context, options: Omit<EngineOptions, 'change'>, users: readonly UserEntry[], fromOrganization?: FromOrganization): Promise<number> {
  const org = ctx.setting('org').value;
  ctx.outputFormat();
  await checkOutputs(options, ctx.cwd, options.inputs ?? []);
  const client = await ctx.client();
  client.shareBudget(options.concurrency);

  // Each user's teams; who is unknown, and who is in no team, is said.
  const byTeam = new Map<string, UserEntry[]>();
  const ids: string[] = [];
  const inNoTeam: { key: string; id: string }[] = [];
  /** Each team's title, as the leavers' team listings give it (shown beside its id). */
  const titles = new Map<string, string>();
  const unknown: UserEntry[] = [];
  for (const user of users) {
    let id: string;
    try {
      id = await memberId(client, org, user.key);
      ids.push(id);
      const teams: string[] = [];
      for await (const page of listMemberTeams(client, org, id, 1000)) {
        for (const { team } of page) {
          teams.push(team.id);
          titles.set(team.id, team.title);
        }
      }
      if (teams.length === 0) inNoTeam.push({ key: user.key, id });
      for (const team of teams) byTeam.set(team, [...(byTeam.get(team) ?? []), { ...user, key: id, kind: 'id' }]);
    } catch (err) {
      if (!(err instanceof NotFoundError)) throw err;
      unknown.push(user);
    }
  }
  if (unknown.length === users.length) {
    const [only] = users;
    const who = users.length === 1 && only ? `${only.key} is not` : `none of the ${users.length} users named is`;
    throw new NotFoundError(`${who} a member of organization ${org}; nothing was sent`);
  }
  // One named user unknown beside others is a typo too (exit 5, nothing sent), unless --missing-ok.
  if (unknown.length > 0 && options.refuseUnmatched === true) throw unmatchedError(org, unknown.map(refOfEntry), await readOrgMembers(client, org));
  for (const user of unknown) ctx.io.warn(`${user.key} is not a member of organization ${org}: nothing to do for them`);
  // Their direct grants on spaces, collections and sites go with the rest (README, "Access").
  const grants = (await readLeaverGrants(ctx, client, org, ids, options.concurrency)) ?? [];
  const baseUrl = client.base.origin + client.base.prefix;
  for (const { key, id } of inNoTeam) ctx.io.warn(`${key} is in no team of ${org}: ${grants.some((g) => g.subject.id === id) ? 'only their direct access is revoked' : 'nothing to do for them'}`);
  const access = grants.length === 0 ? undefined : await leaverAccessPart(ctx, { client, baseUrl, org, command: options.command, changes: revocationsOf(grants), grants, concurrency: options.concurrency });
  if (byTeam.size === 0 && fromOrganization === undefined && access === undefined) {
    ctx.io.info('Nothing to change: no named user is in a team or holds a direct grant.');
    return 0;
  }

  // Kept users named explicitly leave their teams, with a warning (the organization part says its own).
  if (fromOrganization === undefined) warnKeptNamed(ctx, users.map(refOfEntry), configuredKeep(ctx));
  const teams = [...byTeam.keys()];
  const read = await runPool(teams, teamReads, (team) => readTeam(client, org, team, 'before planning; nothing was sent'));
  const failed = read.find((r) => !r.ok);
  if (failed && !failed.ok) throw failed.error;
  const settings = {
    force: options.force === true,
    ...(options.minOwners !== undefined ? { minOwners: options.minOwners } : {}),
    batchSize: options.batchSize,
    concurrency: options.concurrency,
    teamInMessages: true,
  };
  const domains = teamDomains(ctx, client, org, options.command, settings, teams.map((team, i) => {
    const current = (read[i] as { ok: true; value: CurrentMember[] }).value;
    const remove = byTeam.get(team) ?? [];
    return { team, current, plan: planMembers(current, { remove }), named: remove.map(refOfEntry), title: titles.get(team) };
  }));
  const [only] = domains;
  const teamsPart = domains.length === 1 && only ? only : domains.length > 1 ? severalTeamsDomain(domains) : undefined;
  if (fromOrganization === undefined && access !== undefined) return runChange(ctx, teamsAndAccess(teamsPart, access, options.force === true, options.concurrency), runOptions(options));
  if (fromOrganization === undefined) return runChange(ctx, teamsPart as NonNullable<typeof teamsPart>, runOptions(options));
  // Removals from the organization go out under the journal's lock, each recorded before it is sent.
  const lock = options.dryRun || options.planOut !== undefined ? undefined : { wait: options.wait !== false, onWait: (m: string) => ctx.io.info(m), what: 'the organization' };
  return withJournalOf(ctx.journalHome(), client.base.origin + client.base.prefix, org, lock, async (journal) =>
    runChange(ctx, await offboardingDomain(ctx, { client, org, command: options.command, users, teamsPart, access, force: options.force === true, concurrency: options.concurrency, journal, ...fromOrganization }), runOptions(options)),
  );
}

export interface OffboardingInput {
  client: ApiClient;
  org: string;
  command: string;
  users: readonly UserEntry[];
  /** The team removals; undefined when no leaver is in a team. */
  teamsPart: ChangeDomain<ReportRow> | ChangeDomain<TeamRow> | undefined;
  /** The leavers' direct grants revoked; undefined when they hold none. */
  access?: Part<AccessRow> | undefined;
  maxOrgRemovals: string;
  force: boolean;
  concurrency: number;
  journal?: Journal | undefined;
  /** --rerequest-after <days> (default 7). */
  rerequestAfterDays?: number | undefined;
}

function teamPart(domain: ChangeDomain<ReportRow | TeamRow>, team: string | undefined): Part<ReportRow | TeamRow> {
  return { domain, row: (r) => stepOfTeamRow(r, team, titleOfTeams(domain)) };
}

export async function offboardingDomain(ctx: Context, input: OffboardingInput): Promise<ChangeDomain<StepRow>> {
  const { client, org } = input;
  const { plan, roles, removals } = await plannedOrganization(ctx, { journal: input.journal, rerequestAfterDays: input.rerequestAfterDays, client, org, command: input.command, maxOrgRemovals: input.maxOrgRemovals, force: input.force, concurrency: input.concurrency }, (members) =>
    planOrganizationMembers(members, { remove: input.users.map(refOfEntry), keep: configuredKeep(ctx).map(refOfEntry) }),
  );
  const teams = input.teamsPart as ChangeDomain<ReportRow | TeamRow> | undefined;
  const single = teams !== undefined && 'team' in teams ? (teams as { team: string }).team : undefined;
  // Revocations of grants before the removals from the organization.
  const parts = [roles, ...(teams ? [teamPart(teams, single)] : []), ...(input.access ? [input.access] : []), removals];
  return sequenceDomain(parts, (files) => {
    const org = files[0] as PlanFile<OrgPlanBody>;
    const teamFile = teams ? (files[1] as PlanFile<MembersPlanBody>) : undefined;
    const accessFile = input.access ? (files[teams ? 2 : 1] as PlanFile<AccessPlanBody>) : undefined;
    return newPlanFile('organization', { command: org.command, baseUrl: org.baseUrl, organization: org.organization }, { ...org.body, plan, ...(teamFile ? { teams: teamFile.body } : {}), ...(accessFile ? { access: accessFile.body } : {}) });
  });
}

/**
 * Team removals and the leavers' revocations, without the organization: one plan, saved as an
 * organization plan that changes no member of the organization (an empty state: it depends on none).
 */
function teamsAndAccess(teamsPart: OffboardingInput['teamsPart'], access: Part<AccessRow>, force: boolean, concurrency: number): ChangeDomain<StepRow> {
  const teams = teamsPart as ChangeDomain<ReportRow | TeamRow> | undefined;
  const single = teams !== undefined && 'team' in teams ? (teams as { team: string }).team : undefined;
  return sequenceDomain([...(teams ? [teamPart(teams, single)] : []), access], (files) => {
    const teamFile = teams ? (files[0] as PlanFile<MembersPlanBody>) : undefined;
    const accessFile = files[teams ? 1 : 0] as PlanFile<AccessPlanBody>;
    const none = unchangedOrganization(force, concurrency);
    return newPlanFile('organization', { command: accessFile.command, baseUrl: accessFile.baseUrl, organization: accessFile.organization }, { ...none, ...(teamFile ? { teams: teamFile.body } : {}), access: accessFile.body });
  });
}
