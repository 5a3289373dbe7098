// Applying a saved teams plan (README, "Review, then apply"): the teams are listed again, the plan
// is refused with nothing sent when a team it touches moved (or a title it creates was taken),
// and otherwise its changes go through the change engine exactly as saved.
import type { Context } from '../context.js';
import { runChange, type SavedPlanRun } from '../engine/run.js';
import { remakePlan, type PlanFile } from '../engine/planFile.js';
import { checked } from '../engine/shape.js';
import { GuardError } from '../errors.js';
import { listedTeams, teamsDomain } from './change.js';
import { teamsMoved, teamsPlanBody } from './savedPlan.js';

export async function applyTeamsPlan(ctx: Context, plan: PlanFile, { path, client, baseUrl, org, run }: SavedPlanRun): Promise<number> {
  const body = checked(path, () => teamsPlanBody(plan.body));
  const teams = await listedTeams(client, org);
  const moved = teamsMoved(body, teams);
  if (moved !== undefined) throw new GuardError(`the teams of ${org} changed since the plan was made: ${moved}; nothing was sent`, { hint: remakePlan });
  return runChange(ctx, teamsDomain({ client, baseUrl, org, command: plan.command, teams, changes: body.changes, force: body.force, confirmed: true }), run);
}
