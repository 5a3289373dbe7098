// Applying a saved members plan (README, "Review, then apply"): every team it names is read
// again, the plan is refused with nothing sent when any of them moved, and otherwise its changes
// go through the change engine exactly as saved — no re-planning, no prompt.
import type { Context } from '../context.js';
import { runChange, type SavedPlanRun } from '../engine/run.js';
import { remakePlan, type PlanFile } from '../engine/planFile.js';
import { checked } from '../engine/shape.js';
import { GuardError } from '../errors.js';
import type { CurrentMember } from '../plan/members.js';
import { membersDomain } from './change.js';
import { organizationDomain } from './orgChange.js';
import { runPool } from './pool.js';
import { membersPlanBody, teamMoved } from './savedPlan.js';
import { readTeam } from './team.js';

export async function applyMembersPlan(ctx: Context, plan: PlanFile, { path, client, baseUrl, org, claim, run }: SavedPlanRun): Promise<number> {
  const body = checked(path, () => membersPlanBody(plan.body));
  client.shareBudget(body.options.concurrency);
  const reads = await runPool(body.teams, 8, (saved) => readTeam(client, org, saved.team, 'to check the plan; nothing was sent'));
  const failed = reads.find((r) => !r.ok);
  if (failed && !failed.ok) throw failed.error;
  const currents = reads.map((r) => (r as { ok: true; value: CurrentMember[] }).value);
  // Stale when any team moved: every team that did is named, and nothing is sent.
  const moved = body.teams.flatMap((saved, i) => {
    const what = teamMoved(saved.state, currents[i] as CurrentMember[]);
    return what === undefined ? [] : [`team ${saved.team} changed since the plan was made: ${what}`];
  });
  if (moved.length > 0) throw new GuardError(`${moved.join('; ')}; nothing was sent`, { hint: remakePlan });
  await claim();
  const domains = body.teams.map((saved, i) =>
    membersDomain(ctx, {
      client,
      baseUrl,
      org,
      team: saved.team,
      command: plan.command,
      current: currents[i] as CurrentMember[],
      plan: saved.plan,
      named: saved.unchanged,
      settings: {
        force: body.options.force,
        ...(body.options.maxRemovals !== null ? { maxRemovals: body.options.maxRemovals } : {}),
        ...(body.options.minOwners !== undefined ? { minOwners: body.options.minOwners } : {}),
        batchSize: body.options.batchSize,
        concurrency: body.options.concurrency,
        confirmed: true,
        teamInMessages: body.teams.length > 1,
      },
    }),
  );
  const [only] = domains;
  return runChange(ctx, domains.length === 1 && only ? only : organizationDomain(domains, true), run);
}
