// `members add|remove|sync`: read the whole team, plan (pure), and hand both to the change
// engine (src/engine/run.ts) through the members domain (src/members/change.ts). `add` is a sync
// with only adds, `remove` a sync with only removals.
import type { Context } from '../context.js';
import { checkOutputs, runChange } from '../engine/run.js';
import { defaultMaxRemovals, maxRemovalsAllowed, planMembers, refOfEntry, type MembersChange } from '../plan/members.js';
import { membersDomain } from './change.js';
import { readTeam } from './team.js';

export interface EngineOptions {
  /** The command, as a saved plan records it ("members sync"). */
  command: string;
  change: MembersChange;
  dryRun: boolean;
  /** With dryRun: exit 8 when the plan is not empty. */
  exitCode?: boolean;
  /** The --max-removals guard (sync only): the spec given, or null for the default; absent: no guard. */
  maxRemovals?: string | null;
  /** --force: go ahead although a guard (--max-removals, last owner) would refuse, with a warning. */
  force?: boolean;
  batchSize: number;
  concurrency: number;
  /** --report: the CSV file to write. */
  report?: string;
  /** --plan-out: a dry run that also writes the plan. */
  planOut?: string;
}

export async function runMembersChange(ctx: Context, options: EngineOptions): Promise<number> {
  const org = ctx.setting('org').value;
  const team = ctx.setting('team').value;
  ctx.outputFormat(); // a bad -o fails here, before anything is read or sent
  const maxRemovals = options.maxRemovals === undefined ? undefined : (options.maxRemovals ?? defaultMaxRemovals);
  if (maxRemovals !== undefined) maxRemovalsAllowed(maxRemovals, 0); // a bad spec fails before any request
  await checkOutputs(options);

  const client = await ctx.client();
  const current = await readTeam(client, org, team, 'before planning; nothing was sent');
  const plan = planMembers(current, options.change);
  const named = [...(options.change.add ?? []), ...(options.change.roster ?? []), ...(options.change.remove ?? [])].map(refOfEntry);
  const domain = membersDomain(ctx, {
    client,
    baseUrl: client.base.origin + client.base.prefix,
    org,
    team,
    command: options.command,
    current,
    plan,
    named,
    settings: {
      force: options.force === true,
      ...(maxRemovals !== undefined ? { maxRemovals } : {}),
      batchSize: options.batchSize,
      concurrency: options.concurrency,
    },
  });
  return runChange(ctx, domain, {
    dryRun: options.dryRun,
    ...(options.exitCode !== undefined ? { exitCode: options.exitCode } : {}),
    ...(options.report !== undefined ? { report: options.report } : {}),
    ...(options.planOut !== undefined ? { planOut: options.planOut } : {}),
  });
}
