// teamctl apply <plan-file> (README, "Review, then apply"): sends exactly the changes of a plan
// saved by --plan-out, after a reviewer approved it — or refuses it with nothing sent:
// - not a readable teamctl plan (foreign, truncated, a newer format), or made for another base
//   URL or organization → exit 2;
// - the team or the glossary moved since the plan was made → exit 3, naming what moved.
// No re-planning and no prompt: the reviewed plan is the confirmation. Then verification, reports
// and exit codes are those of the command that made the plan (the same change engine).
import type { Context } from '../context.js';
import { checkOutputs, runChange } from '../engine/run.js';
import { readPlanFile, type PlanFile } from '../engine/planFile.js';
import { checkNotApplied, claimPlan } from '../engine/appliedPlans.js';
import { checked } from '../engine/shape.js';
import { GuardError, UsageError } from '../errors.js';
import { glossaryDomain, readGlossaryAndSettle } from '../glossary/change.js';
import { holdBack } from '../glossary/journal.js';
import { withJournal } from '../glossary/run.js';
import { keyTermOf } from '../glossary/importView.js';
import { glossaryMoved, glossaryPlanBody } from '../glossary/savedPlan.js';
import { membersDomain } from '../members/change.js';
import { organizationDomain } from '../members/orgChange.js';
import { runPool } from '../members/pool.js';
import { membersPlanBody, teamMoved } from '../members/savedPlan.js';
import { readTeam } from '../members/team.js';
import { oneLine } from '../output/terminal.js';
import type { CurrentMember } from '../plan/members.js';
import { resolveTimeoutMs } from '../settings.js';

export interface ApplyOptions {
  /** false with --no-wait. */
  wait?: boolean;
  /** Apply a plan that was already applied (the state check still holds). */
  force?: boolean;
  /** --show: print the plan offline, send nothing. */
  show?: boolean;
  planFile: string;
  dryRun?: boolean;
  report?: string;
}

const remake = 'make a new plan (--plan-out) and have it reviewed again';

/** The plan must belong to the base URL and organization of the current settings. */
function checkTarget(plan: PlanFile, path: string, baseUrl: string, org: string): void {
  const mismatches = [
    ...(plan.baseUrl !== baseUrl ? [`base URL ${plan.baseUrl} (the current one is ${baseUrl})`] : []),
    ...(plan.organization !== org ? [`organization ${plan.organization} (the current one is ${org})`] : []),
  ];
  if (mismatches.length > 0) {
    throw new UsageError(oneLine(`${path} was made for ${mismatches.join(' and ')}; nothing was sent`), {
      hint: 'apply it with the settings it was made with (--base-url, --org, --profile), or make a new plan',
    });
  }
}

export async function run(opts: ApplyOptions, ctx: Context): Promise<number> {
  // --show: the plan read offline; nothing of the service is needed.
  if (opts.show === true) return (await import('./planShow.js')).show(opts.planFile, ctx);
  ctx.requireSettings(['base-url', 'org']);
  const plan = await readPlanFile(opts.planFile, ctx.cwd);
  ctx.outputFormat(); // a bad -o fails here, before anything is read or sent
  const org = ctx.setting('org').value;
  await checkOutputs(opts, ctx.cwd, [{ path: opts.planFile, what: 'the plan' }]);
  const client = await ctx.client();
  const baseUrl = client.base.origin + client.base.prefix;
  checkTarget(plan, opts.planFile, baseUrl, org);
  const runOptions = { dryRun: opts.dryRun === true, ...(opts.report !== undefined ? { report: opts.report } : {}) };
  ctx.io.info(oneLine(`Applying ${opts.planFile}: a plan of \`teamctl ${plan.command}\` made ${plan.createdAt}.`));
  if (opts.force !== true) await checkNotApplied(ctx.store.dir, plan.id, opts.planFile);
  /** Once the plan is known to be current: recorded as applied before its first change (not in a dry run). */
  const claim = async (): Promise<void> => {
    if (!runOptions.dryRun) await claimPlan(ctx.store.dir, plan.id, opts.planFile, opts.force === true, (m) => ctx.io.warn(m));
  };

  if (plan.kind === 'members') {
    const body = checked(opts.planFile, () => membersPlanBody(plan.body));
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
    if (moved.length > 0) throw new GuardError(`${moved.join('; ')}; nothing was sent`, { hint: remake });
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
    return runChange(ctx, domains.length === 1 && only ? only : organizationDomain(domains, true), runOptions);
  }

  const body = checked(opts.planFile, () => glossaryPlanBody(plan.body));
  const requestTimeoutMs = resolveTimeoutMs(ctx.flags);
  return withJournal(ctx, client, org, opts, async (journal) => {
    const { existing, held: waiting } = await readGlossaryAndSettle(client, org, journal, requestTimeoutMs, (m) => ctx.io.warn(m));
    const moved = checked(opts.planFile, () => glossaryMoved(body.state, existing));
    if (moved !== undefined) throw new GuardError(`the glossary of ${org} changed since the plan was made: ${moved}; nothing was sent`, { hint: remake });
    await claim();
    const { send, held } = holdBack(body.plan.operations, waiting);
    body.plan.operations = send;
    const domain = glossaryDomain({
      journal,
      held,
      client,
      baseUrl,
      org,
      command: plan.command,
      file: body.file,
      key: body.key,
      rowCount: body.plan.operations.length + body.plan.present.length + body.plan.conflicts.length,
      existing,
      plan: body.plan,
      terms: new Map(body.terms),
      settings: { batchSize: body.options.batchSize, onConflict: body.options.onConflict, requestTimeoutMs },
      screenRows: ctx.io.stderrRows,
      warn: (m) => ctx.io.warn(m),
      sleep: ctx.sleep,
      summaryName: plan.command,
      entryTerms: new Map(existing.map((e) => [e.id, keyTermOf(e.translations, body.key)])),
      ...(body.deletions
        ? { deletions: { ...(body.deletions.maxDeletions !== null ? { maxDeletions: body.deletions.maxDeletions } : {}), force: body.deletions.force, confirm: true, confirmed: true } }
        : {}),
    });
    return runChange(ctx, domain, runOptions);
  });
}
