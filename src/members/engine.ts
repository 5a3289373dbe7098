// `members add|remove|sync`: read the whole team, plan (pure), and hand both to the change
// engine (src/engine/run.ts) through the members domain (src/members/change.ts). `add` is a sync
// with only adds, `remove` a sync with only removals.
import type { Context } from '../context.js';
import { checkOutputs, runChange, runOptions, type InputFile } from '../engine/run.js';
import { NotFoundError, type FileProblem } from '../errors.js';
import { throwProblems, type UserFile } from '../files/users.js';
import { defaultMaxRemovals, maxRemovalsAllowed, planMembers, refOfEntry, type CurrentMember, type MembersChange, type MembersPlan } from '../plan/members.js';
import type { UserEntry, UserRef } from '../model/users.js';
import { identifierProblem } from '../api/segment.js';
import type { ApiClient } from '../api/client.js';
import { planOrganization, rowsByTeam } from '../plan/organization.js';
import { severalTeams } from '../settings.js';
import { membersDomain, type MembersRunSettings } from './change.js';
import { organizationDomain } from './orgChange.js';
import { runPool } from './pool.js';
import { readTeam } from './team.js';
import { allTeams, pickTeam, teamProblem, withTeam } from './teamRef.js';

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
  const name = ctx.setting('team').value;
  ctx.outputFormat(); // a bad -o fails here, before anything is read or sent
  const maxRemovals = options.maxRemovals === undefined ? undefined : (options.maxRemovals ?? defaultMaxRemovals);
  if (maxRemovals !== undefined) maxRemovalsAllowed(maxRemovals, 0); // a bad spec fails before any request
  await checkOutputs(options, ctx.cwd, options.inputs ?? []);

  const client = await ctx.client();
  // The team by its id, or by its title (README, "Teams by id or title"): the plan keeps the id.
  const { team, current } = await withTeam(client, org, name, async (id) => ({ team: id, current: await readTeam(client, org, id, 'before planning; nothing was sent') })).catch((err: unknown) => {
    // `--team a,b` names no team of that title: it meant several.
    throw err instanceof NotFoundError && name.includes(',') ? severalTeams(name) : err;
  });
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

  const client = await ctx.client();
  client.shareBudget(options.concurrency);
  const { byTeam, current } = await readRosterTeams(client, org, roster);
  const teams = [...byTeam.keys()];
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

/**
 * The teams an organization roster names, each read (README, "Teams by id or title"): a name is
 * tried as an id first, by the read it needs anyway; the names the service knows no team of are
 * matched by title in one listing of the teams. A name that is neither, or a title two teams
 * share, is a problem of the roster's lines (exit 2, nothing sent). Rows naming one team by its
 * id and by its title are that team's rows together.
 */
async function readRosterTeams(client: ApiClient, org: string, roster: UserFile): Promise<{ byTeam: Map<string, UserEntry[]>; current: Map<string, CurrentMember[]> }> {
  const byName = rowsByTeam(roster.users);
  const names = [...byName.keys()];
  const read = (team: string) => readTeam(client, org, team, 'before planning; nothing was sent');
  const asIds = await runPool(names, teamReads, (name) => (identifierProblem(name) === undefined ? read(name) : Promise.reject(new NotFoundError(name))));
  const failed = asIds.find((r) => !r.ok && !(r.error instanceof NotFoundError));
  if (failed && !failed.ok) throw failed.error;
  const idOf = new Map<string, string>();
  const current = new Map<string, CurrentMember[]>();
  names.forEach((name, i) => {
    const r = asIds[i];
    if (r?.ok) {
      idOf.set(name, name);
      current.set(name, r.value);
    }
  });
  const byTitle = names.filter((name) => !idOf.has(name));
  if (byTitle.length > 0) {
    const [listed, matching] = await Promise.all([allTeams(client, org), import('../plan/teams.js')]);
    const problems: FileProblem[] = [];
    for (const name of byTitle) {
      const problem = teamProblem(name, listed, org, matching);
      const lines = (byName.get(name) ?? []).map((e) => e.line);
      const where = `${lines.length === 1 ? 'line' : 'lines'} ${lines.slice(0, 10).join(', ')}${lines.length > 10 ? ', …' : ''}`;
      if (problem !== undefined) problems.push({ file: roster.file, line: lines[0] ?? 0, message: `team ${JSON.stringify(name)}: ${problem.message} (${where})` });
      else idOf.set(name, pickTeam(name, listed, org, matching).id);
    }
    throwProblems(problems);
    const toRead = [...new Set(byTitle.map((name) => idOf.get(name) as string))].filter((id) => !current.has(id));
    const reads = await runPool(toRead, teamReads, read);
    reads.forEach((r, i) => {
      if (!r.ok) throw r.error;
      current.set(toRead[i] as string, r.value);
    });
  }
  const byTeam = new Map<string, UserEntry[]>();
  for (const [name, rows] of byName) {
    const id = idOf.get(name) as string;
    byTeam.set(id, [...(byTeam.get(id) ?? []), ...rows.map((row) => ({ ...row, team: id }))]);
  }
  return { byTeam, current };
}
