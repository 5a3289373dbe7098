// Applying a saved members plan (README, "Review, then apply"): every team it names is read
// again, the plan is refused with nothing sent when any of them moved, and otherwise its changes
// go through the change engine exactly as saved — no re-planning, no prompt.
import type { Context } from '../context.js';
import { runChange, type ChangeDomain, type SavedPlanRun } from '../engine/run.js';
import { remakePlan, type PlanFile } from '../engine/planFile.js';
import { checked } from '../engine/shape.js';
import { GuardError } from '../errors.js';
import type { CurrentMember } from '../plan/members.js';
import { membersDomain, teamShown, type MembersDomain, type MembersPlanBody, type SavedTeamPlan } from './change.js';
import { teamTitles } from './teamRef.js';
import { severalTeamsDomain, type TeamRow } from './severalTeams.js';
import { runPool } from './pool.js';
import { actedOn, membersPlanBody, teamMoved } from './savedPlan.js';
import { checkBoundUsers } from '../engine/boundUsers.js';
import { savedFiles, withTeamFiles } from '../engine/teamFiles.js';
import { readTeam } from './team.js';

export async function applyMembersPlan(ctx: Context, plan: PlanFile, saved: SavedPlanRun): Promise<number> {
  const body = checked(saved.path, () => membersPlanBody(plan.body));
  const domain = await savedMembersDomain(ctx, body, plan.command, saved);
  // A plan a roster folder made names each team's file: so do the reports of its apply.
  const files = savedFiles(body.teams);
  return runChange<unknown>(ctx, files === undefined ? domain : withTeamFiles(domain as ChangeDomain<{ team: string }>, files), saved.run);
}

/**
 * The domain of a saved members plan (its teams read again): refused with nothing sent when any
 * team it names moved since the plan was made.
 */
export async function savedMembersDomain(
  ctx: Context,
  body: MembersPlanBody,
  command: string,
  { path, client, baseUrl, org }: Pick<SavedPlanRun, 'path' | 'client' | 'baseUrl' | 'org'>,
  root = 'body',
): Promise<MembersDomain | ChangeDomain<TeamRow>> {
  client.shareBudget(body.options.concurrency);
  const reads = await runPool(body.teams, 8, (saved) => readTeam(client, org, saved.team, 'to check the plan; nothing was sent'));
  const failed = reads.find((r) => !r.ok);
  if (failed && !failed.ok) throw failed.error;
  const currents = reads.map((r) => (r as { ok: true; value: CurrentMember[] }).value);
  // Titles beside ids: the plan's, else one listing of the teams (a missing title fails nothing).
  const listed = body.teams.some((t) => t.title === undefined) ? await teamTitles(client, org) : new Map<string, string>();
  const titleOf = (saved: SavedTeamPlan): string | undefined => saved.title ?? listed.get(saved.team);
  // Stale when any team moved: every team that did is named, and nothing is sent.
  const moved = body.teams.flatMap((saved, i) => {
    const what = teamMoved(saved.state, currents[i] as CurrentMember[]);
    return what === undefined ? [] : [`team ${teamShown(saved.team, titleOf(saved))} changed since the plan was made: ${what}`];
  });
  if (moved.length > 0) throw new GuardError(`${moved.join('; ')}; nothing was sent`, { hint: remakePlan });
  // Each member the plan removes or changes is the person its review showed (by id and e-mail).
  body.teams.forEach((saved, i) => {
    const current = new Map((currents[i] as CurrentMember[]).map((m) => [m.id, m.email]));
    checkBoundUsers(path, actedOn(saved, `${root}.teams[${i}]`), current);
  });
  await checkAddedUsers(path, body, root, client, org);
  const domains = body.teams.map((saved, i) =>
    membersDomain(ctx, {
      client,
      baseUrl,
      org,
      team: saved.team,
      ...(titleOf(saved) !== undefined ? { title: titleOf(saved) } : {}),
      command,
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
  return domains.length === 1 && only ? only : severalTeamsDomain(domains, true);
}

/**
 * An add the plan names by id and e-mail adds the person the review showed: the organization's
 * members are read once (only when such an add exists) and each id must have that e-mail.
 */
async function checkAddedUsers(path: string, body: MembersPlanBody, root: string, client: SavedPlanRun['client'], org: string): Promise<void> {
  const named = body.teams.flatMap((saved, i) =>
    saved.plan.add.flatMap((a, j) => (a.user.id !== null && a.user.email !== null ? [{ where: `${root}.teams[${i}].plan.add[${j}].user`, user: a.user }] : [])),
  );
  if (named.length === 0) return;
  const { listOrganizationMembers } = await import('../api/organization.js');
  const users = new Map<string, string | null>();
  for await (const page of listOrganizationMembers(client, org, {}, 1000)) for (const m of page) users.set(m.user.id, m.user.email ?? null);
  checkBoundUsers(path, named, users);
}
