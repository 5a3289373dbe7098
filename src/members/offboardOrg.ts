// members offboard --from-organization (`teamctl help organization`, "Organization roles and leavers"): the leavers out
// of every team, then out of the organization, in one plan (src/members/sequence.ts). The
// organization's guards (never the token's own user, never the last admin, --max-org-removals)
// check the plan on dry runs too, and removals need confirmation at a terminal, or --yes.
import type { ApiClient } from '../api/client.js';
import type { Context } from '../context.js';
import { newPlanFile, type PlanFile } from '../engine/planFile.js';
import type { ChangeDomain } from '../engine/run.js';
import type { UserEntry } from '../model/users.js';
import { refOfEntry } from '../plan/members.js';
import { planOrganizationMembers } from '../plan/orgMembers.js';
import type { MembersPlanBody } from './change.js';
import { plannedOrganization, type OrgPlanBody } from './orgMembers.js';
import type { ReportRow } from './report.js';
import type { TeamRow } from './orgChange.js';
import { configuredKeep } from './keep.js';
import { sequenceDomain, stepOfTeamRow, type Part, type StepRow } from './sequence.js';

export interface OffboardingInput {
  client: ApiClient;
  org: string;
  command: string;
  users: readonly UserEntry[];
  /** The team removals; undefined when no leaver is in a team. */
  teamsPart: ChangeDomain<ReportRow> | ChangeDomain<TeamRow> | undefined;
  maxOrgRemovals: string;
  force: boolean;
  concurrency: number;
}

function teamPart(domain: ChangeDomain<ReportRow | TeamRow>, team: string | undefined): Part<ReportRow | TeamRow> {
  return { domain, row: (r) => stepOfTeamRow(r, team) };
}

export async function offboardingDomain(ctx: Context, input: OffboardingInput): Promise<ChangeDomain<StepRow>> {
  const { client, org } = input;
  const { plan, roles, removals } = await plannedOrganization(ctx, { client, org, command: input.command, maxOrgRemovals: input.maxOrgRemovals, force: input.force, concurrency: input.concurrency }, (members) =>
    planOrganizationMembers(members, { remove: input.users.map(refOfEntry), keep: configuredKeep(ctx).map(refOfEntry) }),
  );
  const teams = input.teamsPart as ChangeDomain<ReportRow | TeamRow> | undefined;
  const single = teams !== undefined && 'team' in teams ? (teams as { team: string }).team : undefined;
  const parts = [roles, ...(teams ? [teamPart(teams, single)] : []), removals];
  return sequenceDomain(parts, (files) => {
    const org = files[0] as PlanFile<OrgPlanBody>;
    const teamFile = teams ? (files[1] as PlanFile<MembersPlanBody>) : undefined;
    return newPlanFile('organization', { command: org.command, baseUrl: org.baseUrl, organization: org.organization }, { ...org.body, plan, ...(teamFile ? { teams: teamFile.body } : {}) });
  });
}
