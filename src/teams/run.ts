// `teams create|rename|delete`: the teams listed, the change planned (src/plan/teamChanges.ts),
// then the change engine with the teams domain. Every problem of the names is said at once, with
// nothing sent: a usage problem is exit 2, a team that does not exist exit 5 (as `glossary delete`).
import type { Context } from '../context.js';
import { checkOutputs, runChange, runOptions } from '../engine/run.js';
import { NotFoundError, UsageError } from '../errors.js';
import type { ListedTeam, TeamsPlan } from '../plan/teamChanges.js';
import { closestTeams, describeTeam } from '../plan/teams.js';
import { listedTeams, teamsDomain } from './change.js';

export interface TeamsRunOptions {
  command: string;
  /** The names as given, for the hint of an unknown team. */
  names: readonly string[];
  plan: (teams: readonly ListedTeam[]) => TeamsPlan;
  dryRun?: boolean | undefined;
  planOut?: string | undefined;
  report?: string | undefined;
  force?: boolean | undefined;
}

export async function runTeamsChange(ctx: Context, options: TeamsRunOptions): Promise<number> {
  const org = ctx.setting('org').value;
  ctx.outputFormat(); // a bad -o fails here, before anything is read or sent
  await checkOutputs(options, ctx.cwd, []);
  const client = await ctx.client();
  const teams = await listedTeams(client, org);
  const { changes, problems } = options.plan(teams);
  const usage = problems.filter((p) => p.kind === 'usage');
  const message = (list: typeof problems): string => `${list.map((p) => p.message).join('; ')} (organization ${org}); nothing was sent`;
  if (usage.length > 0) throw new UsageError(message(usage), { hint: 'list the teams and their ids with `teamctl teams list`' });
  // What is left is unknown teams.
  if (problems.length > 0) {
    const close = [...new Map(options.names.flatMap((n) => closestTeams(n, teams)).map((t) => [t.id, t])).values()].filter((t) => !options.names.includes(t.id));
    throw new NotFoundError(message(problems), { status: 404, hint: close.length > 0 ? `did you mean ${close.slice(0, 3).map(describeTeam).join(' or ')}? (\`teamctl teams list\`)` : 'list the teams and their ids with `teamctl teams list`' });
  }
  const domain = teamsDomain({ client, baseUrl: client.base.origin + client.base.prefix, org, command: options.command, teams, changes, force: options.force === true });
  return runChange(ctx, domain, runOptions(options));
}
