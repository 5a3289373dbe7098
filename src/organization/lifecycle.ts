// A roster's organization changes beside its team changes (`teamctl help organization`, "Organization roles and
// leavers"): with --org-roles, the roster's `orgRole` column plans organization role changes; with
// --prune-organization, the organization's members the roster does not name are removed from it
// (guests only with --prune-guests); with --set-sso, members whose roster row says `sso` become SSO
// members; --keep protects users from all three. One plan: the role changes and SSO members, the
// team changes, then the removals (src/organization/sequence.ts).
import type { ApiClient } from '../api/client.js';
import type { Context } from '../context.js';
import { newPlanFile, type PlanFile } from '../engine/planFile.js';
import type { ChangeDomain } from '../engine/run.js';
import type { UserEntry } from '../model/users.js';
import { refOfEntry } from '../plan/members.js';
import { planOrganizationMembers, type OrganizationRole } from '../plan/organization.js';
import type { MembersPlanBody } from '../members/change.js';
import type { TeamRow } from '../members/severalTeams.js';
import type { Journal } from '../journal/journal.js';
import { plannedOrganization, unchangedOrganization, type OrgPlanBody } from './members.js';
import type { ReportRow } from '../members/report.js';
import { sequenceDomain, stepOfTeamRow, titleOfTeams, type StepRow } from './sequence.js';
import type { InvitationsPlanBody } from './invitations.js';

export interface LifecycleOptions {
  /** --org-roles: the roster's `orgRole` column is planned. */
  orgRoles: boolean;
  /** --prune-organization: members the roster does not name leave the organization. */
  pruneOrganization: boolean;
  /** --set-sso: members whose roster row says `sso` are made SSO members. */
  setSso?: boolean;
  /** --prune-guests: guests too. */
  pruneGuests: boolean;
  /** --keep, --keep-file, the config key `keep`. */
  keep: readonly UserEntry[];
  /** --max-org-removals. */
  maxOrgRemovals: string;
  /** --rerequest-after <days> (default 7). */
  rerequestAfterDays?: number | undefined;
}

export interface LifecycleInput {
  client: ApiClient;
  org: string;
  command: string;
  /** The team changes (one team's domain, or several teams'). */
  teams: ChangeDomain<ReportRow> | ChangeDomain<TeamRow>;
  /** The team, when `teams` is one team's. */
  team: string | undefined;
  roster: readonly UserEntry[];
  force: boolean;
  concurrency: number;
  options: LifecycleOptions | undefined;
  /** The invitations of the joiners, and their placement (src/organization/invitations.ts), after the team changes. */
  invitations?: ChangeDomain<StepRow> | undefined;
  /** The journal removals from the organization are recorded in before they are sent. */
  journal?: Journal | undefined;
}

/** Whether the run changes the organization's members, not only its teams. */
export const changesOrganization = (o: LifecycleOptions | undefined): o is LifecycleOptions => o !== undefined && (o.orgRoles || o.pruneOrganization || o.setSso === true);

export async function lifecycleDomain(ctx: Context, input: LifecycleInput): Promise<ChangeDomain<StepRow>> {
  const teams = input.teams as ChangeDomain<ReportRow | TeamRow>;
  const teamPart = { domain: teams, row: (r: ReportRow | TeamRow) => stepOfTeamRow(r, input.team, titleOfTeams(teams)) };
  const invitePart = input.invitations === undefined ? [] : [{ domain: input.invitations, row: (r: StepRow) => r }];
  const options = input.options;
  if (!changesOrganization(options)) {
    // Without invitations the teams' plan is the plan; with them, an organization plan that
    // changes no member of the organization (an empty state: it depends on none).
    return sequenceDomain([teamPart, ...invitePart], (files) => {
      const [teamFile, inviteFile] = files as [PlanFile<MembersPlanBody>, PlanFile<InvitationsPlanBody> | undefined];
      if (inviteFile === undefined) return teamFile;
      const none = unchangedOrganization(input.force, input.concurrency);
      return newPlanFile('organization', { command: teamFile.command, baseUrl: teamFile.baseUrl, organization: teamFile.organization }, { ...none, teams: teamFile.body, invitations: inviteFile.body });
    });
  }
  const { client, org } = input;
  const { roles, removals } = await plannedOrganization(ctx, { journal: input.journal, rerequestAfterDays: options.rerequestAfterDays, client, org, command: input.command, maxOrgRemovals: options.maxOrgRemovals, force: input.force, concurrency: input.concurrency }, (members) =>
    planOrganizationMembers(members, {
      ...(options.orgRoles ? { roles: input.roster.filter((e) => e.orgRole !== undefined).map((e) => ({ user: refOfEntry(e), role: e.orgRole as OrganizationRole, explicit: false })) } : {}),
      ...(options.pruneOrganization ? { pruneAllBut: input.roster.map(refOfEntry), pruneGuests: options.pruneGuests } : {}),
      keep: options.keep.map(refOfEntry),
      ...(options.setSso === true ? { sso: input.roster.filter((e) => e.sso === true).map(refOfEntry) } : {}),
    }),
  );
  return sequenceDomain([roles, teamPart, ...invitePart, removals], (files) => {
    const first = files[0] as PlanFile<OrgPlanBody>;
    const teamFile = files[1] as PlanFile<MembersPlanBody>;
    const inviteFile = input.invitations === undefined ? undefined : (files[2] as PlanFile<InvitationsPlanBody>);
    return newPlanFile('organization', { command: first.command, baseUrl: first.baseUrl, organization: first.organization }, { ...first.body, teams: teamFile.body, ...(inviteFile ? { invitations: inviteFile.body } : {}) });
  });
}
