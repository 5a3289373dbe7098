// Applying a saved teams plan (README, "Review, then apply"): the teams are listed again, the plan
// is refused with nothing sent when a team it touches moved (or a title it creates was taken),
// and otherwise its changes go through the change engine exactly as saved.
import type { Context } from '../context.js';
import { holdBackOf, runChange, type SavedPlanRun } from '../engine/run.js';
import { beforeChanges } from '../engine/waiting.js';
import { remakePlan, type PlanFile } from '../engine/planFile.js';
import { checked } from '../engine/shape.js';
import { GuardError } from '../errors.js';
import { listedTeams, teamsDomain } from './change.js';
import { teamsMoved, teamsPlanBody } from './savedPlan.js';
import { withJournalOf } from '../journal/journal.js';
import { settleTeamCreations } from '../journal/teamCreations.js';
import { titleKey } from '../model/titles.js';

export async function applyTeamsPlan(ctx: Context, plan: PlanFile, { path, client, baseUrl, org, run, wait, holdBack }: SavedPlanRun): Promise<number> {
  const body = checked(path, () => teamsPlanBody(plan.body));
  // A creation goes out under the journal's lock, recorded first, and only once the creations an
  // earlier run left of unknown outcome are settled (`teamctl help reliability`).
  const creates = body.changes.some((c) => c.action === 'create') && !run.dryRun;
  const lock = creates ? { wait, onWait: (m: string) => ctx.io.info(m), what: 'the teams' } : undefined;
  const hold = holdBackOf(ctx, holdBack);
  return withJournalOf(ctx.journalHome(), baseUrl, org, lock, async (journal) => {
    let teams = await listedTeams(client, org);
    await beforeChanges(ctx, 'settling the team creations of an earlier run', () => settleTeamCreations(journal, async () => (teams = await listedTeams(client, org)).map((t) => t.title), titleKey, hold, (m) => ctx.io.warn(m)));
    const moved = teamsMoved(body, teams);
    if (moved !== undefined) throw new GuardError(`the teams of ${org} changed since the plan was made: ${moved}; nothing was sent`, { hint: remakePlan });
    return runChange(ctx, teamsDomain({ client, baseUrl, org, command: plan.command, teams, changes: body.changes, force: body.force, confirmed: true, journal, holdBack: hold }), run);
  });
}
