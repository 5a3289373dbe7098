// teamctl apply <plan-file> (README, "Review, then apply"): sends exactly the changes of a plan
// saved by --plan-out, after a reviewer approved it — or refuses it with nothing sent:
// - not a readable teamctl plan (foreign, truncated, a newer format), or made for another base
//   URL or organization → exit 2;
// - the team or the glossary moved since the plan was made → exit 3, naming what moved.
// No re-planning and no prompt: the reviewed plan is the confirmation. Then verification, reports
// and exit codes are those of the command that made the plan (the same change engine).
import { Command } from 'commander';
import type { Context } from '../context.js';
import type { PlanFile } from '../engine/planFile.js';
import { UsageError } from '../errors.js';
import { oneLine } from '../output/terminal.js';
import { examples, type Factory, type JournalFlags } from './command.js';

export interface ApplyOptions extends JournalFlags {
  /** Apply a plan that was already applied (the state check still holds). */
  force?: boolean;
  /** --show: print the plan offline, send nothing. */
  show?: boolean;
  planFile: string;
  dryRun?: boolean;
  report?: string;
}

export function command(f: Factory): Command {
  return new Command('apply')
    .argument('<plan-file>')
    .description('send exactly the changes of a reviewed plan (--plan-out); refused with nothing sent if the team or glossary moved since')
    .option('--dry-run', 'check the plan is still current and print it, send nothing')
    .option('--show', 'print the plan offline (command, organization, base URL, time, guards, every change); nothing is read or sent')
    .option('--report <file.csv>', 'write one row per change: what the command that made the plan writes')
    .option('--force', 'apply a plan that was already applied (it must still match the state it was made from)')
    .option('--no-wait', 'when another teamctl holds the journal of this service and organization: refuse (exit 3) instead of waiting for it')
    .option('--hold-back <seconds>', 'how long a glossary write or team creation whose outcome is unknown is left alone before a listing settles it (default 60)')
    .option('--no-settle', 'at the end, leave writes still held back in the journal (exit 6) instead of waiting to settle them')
    .addHelpText(
      'after',
      examples(
        'teamctl members sync --roster team.csv --prune --plan-out plan.json   # on the pull request',
        'teamctl apply --show plan.json                                        # what is in it (offline)',
        'teamctl apply plan.json --dry-run                                     # still current?',
        'teamctl apply plan.json --report applied.csv                          # after the merge',
      ),
    )
    // base-url and org are required by run() unless --show: a plan is read offline.
    .action(f.action(run, (cmd, planFile: string) => ({ planFile, ...cmd.opts<Omit<ApplyOptions, 'planFile'>>() })));
}

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
  const [{ checkOutputs }, { readPlanFile }, { checkNotApplied, claimPlan }] = await Promise.all([
    import('../engine/run.js'),
    import('../engine/planFile.js'),
    import('../engine/appliedPlans.js'),
  ]);
  const plan = await readPlanFile(opts.planFile, ctx.cwd);
  ctx.outputFormat(); // a bad -o fails here, before anything is read or sent
  const org = ctx.setting('org').value;
  const inputs = [{ path: opts.planFile, what: 'the plan' }];
  await checkOutputs(opts, ctx.cwd, inputs);
  const client = await ctx.client();
  const baseUrl = client.base.origin + client.base.prefix;
  checkTarget(plan, opts.planFile, baseUrl, org);
  const dryRun = opts.dryRun === true;
  ctx.io.info(oneLine(`${dryRun ? 'Checking (dry run)' : 'Applying'} ${opts.planFile}: a plan of \`teamctl ${plan.command}\` made ${plan.createdAt}.`));
  // The same line as `apply --show`: a reviewer matches the plan applied with the one reviewed.
  ctx.io.info(`digest ${plan.digest}`);
  if (opts.force !== true) await checkNotApplied(ctx.journalHome(), plan.id, opts.planFile);
  /**
   * Recorded as applied by the change engine once the plan is current, bound to its users, past
   * its guards and confirmed — before its first change, never in a dry run.
   */
  const claim = async (): Promise<void> => {
    if (!dryRun) await claimPlan(ctx.journalHome(), plan.id, opts.planFile, opts.force === true, (m) => ctx.io.warn(m));
  };
  const runOptions = { dryRun, inputs, claim, ...(opts.report !== undefined ? { report: opts.report } : {}) };

  const { parseHoldBack } = await import('../journal/holdBack.js');
  const saved = { path: opts.planFile, client, baseUrl, org, run: runOptions, wait: opts.wait !== false, holdBack: parseHoldBack(opts) };
  if (plan.kind === 'members') return (await import('../members/applyPlan.js')).applyMembersPlan(ctx, plan, saved);
  if (plan.kind === 'teams') return (await import('../teams/applyPlan.js')).applyTeamsPlan(ctx, plan, saved);
  if (plan.kind === 'access') return (await import('../access/savedPlan.js')).applyAccessPlan(ctx, plan, saved);
  if (plan.kind === 'organization') return (await import('../organization/savedPlan.js')).applyOrgPlan(ctx, plan, saved);
  return (await import('../glossary/applyPlan.js')).applyGlossaryPlan(ctx, plan, saved);
}
