// `members add|remove|sync`: read the whole team, plan (pure), and hand both to the change
// engine (src/engine/run.ts) through the members domain (src/members/change.ts). `add` is a sync
// with only adds, `remove` a sync with only removals.
import type { Context } from '../context.js';
import { checkOutputs, runChange, runOptions, type InputFile } from '../engine/run.js';
import { NotFoundError, type FileProblem } from '../errors.js';
import { throwProblems, type UserFile } from '../files/users.js';
import { defaultMaxRemovals, maxRemovalsAllowed, planMembers, refOfEntry, type CurrentMember, type MembersChange, type MembersPlan } from '../plan/members.js';
import type { UserRef } from '../model/users.js';
import type { ApiClient } from '../api/client.js';
import { planOrganization, rowsByTeam } from '../plan/organization.js';
import { membersDomain, type MembersRunSettings } from './change.js';
import { organizationDomain } from './orgChange.js';
import { runPool } from './pool.js';
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
  /** --min-owners (sync): the fewest owners a plan may leave a team (default 1). */
  minOwners?: number;
  /** The files read (the roster, --add-file, --remove-file): no output may overwrite them. */
  inputs?: InputFile[];
}

/** Teams read at once when a roster names several (each read is sequential pages). */
const teamReads = 8;

export async function runMembersChange(ctx: Context, options: EngineOptions): Promise<number> {
  const org = ctx.setting('org').value;
  const team = ctx.setting('team').value;
  ctx.outputFormat(); // a bad -o fails here, before anything is read or sent
  const maxRemovals = options.maxRemovals === undefined ? undefined : (options.maxRemovals ?? defaultMaxRemovals);
  if (maxRemovals !== undefined) maxRemovalsAllowed(maxRemovals, 0); // a bad spec fails before any request
  await checkOutputs(options, ctx.cwd, options.inputs ?? []);

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
    settings: settingsOf(options, maxRemovals),
  });
  return runChange(ctx, domain, runOptions(options));
}

function settingsOf(options: EngineOptions, maxRemovals: string | undefined): MembersRunSettings {
  return {
    force: options.force === true,
    ...(maxRemovals !== undefined ? { maxRemovals } : {}),
    ...(options.minOwners !== undefined ? { minOwners: options.minOwners } : {}),
    batchSize: options.batchSize,
    concurrency: options.concurrency,
  };
}


/**
 * `members sync --roster org.csv` with a `team` column: every team the roster names, in one run
 * and one plan (README, "Many teams from one roster"). Teams the roster does not name are never
 * read or touched; a team the service does not know is a usage error before anything is sent.
 */
export async function runOrganizationSync(ctx: Context, options: EngineOptions, roster: UserFile): Promise<number> {
  const org = ctx.setting('org').value;
  ctx.outputFormat();
  const maxRemovals = options.maxRemovals === undefined ? undefined : (options.maxRemovals ?? defaultMaxRemovals);
  if (maxRemovals !== undefined) maxRemovalsAllowed(maxRemovals, 0);
  await checkOutputs(options, ctx.cwd, options.inputs ?? []);

  const byTeam = rowsByTeam(roster.users);
  const client = await ctx.client();
  client.shareBudget(options.concurrency);
  const teams = [...byTeam.keys()];
  const read = await runPool(teams, teamReads, (team) => readTeam(client, org, team, 'before planning; nothing was sent'));
  const unknown: FileProblem[] = [];
  read.forEach((r, i) => {
    if (r.ok || !(r.error instanceof NotFoundError)) return;
    const team = teams[i] as string;
    const lines = (byTeam.get(team) ?? []).map((e) => e.line);
    unknown.push({ file: roster.file, line: lines[0] ?? 0, message: `team ${JSON.stringify(team)} does not exist in organization ${org} (the service answered 404; ${lines.length === 1 ? 'line' : 'lines'} ${lines.slice(0, 10).join(', ')}${lines.length > 10 ? ', …' : ''})` });
  });
  throwProblems(unknown);
  const failed = read.find((r) => !r.ok);
  if (failed && !failed.ok) throw failed.error;

  const current = new Map(teams.map((team, i) => [team, (read[i] as { ok: true; value: CurrentMember[] }).value]));
  const plans = planOrganization(current, byTeam, options.change.prune === true);
  const domains = teamDomains(ctx, client, org, options.command, { ...settingsOf(options, maxRemovals), teamInMessages: true }, teams.map((team) => ({
    team,
    current: current.get(team) ?? [],
    plan: plans.get(team) as MembersPlan,
    named: (byTeam.get(team) ?? []).map(refOfEntry),
  })));
  return runChange(ctx, organizationDomain(domains), runOptions(options));
}

/** The members domain of each team of a run over several teams, with the run's settings. */
export function teamDomains(
  ctx: Context,
  client: ApiClient,
  org: string,
  command: string,
  settings: MembersRunSettings,
  teams: readonly { team: string; current: CurrentMember[]; plan: MembersPlan; named: UserRef[] }[],
) {
  const baseUrl = client.base.origin + client.base.prefix;
  return teams.map(({ team, current, plan, named }) => membersDomain(ctx, { client, baseUrl, org, team, command, current, plan, named, settings }));
}
