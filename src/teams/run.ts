// `teams create|rename|delete`: the teams listed, the change planned (src/plan/teamChanges.ts),
// then the change engine with the teams domain. Every problem of the names is said at once, with
// nothing sent: a usage problem is exit 2, a team that does not exist exit 5 (as `glossary delete`).
import type { Context } from '../context.js';
import { checkOutputs, holdBackOf, runChange, runOptions } from '../engine/run.js';
import { beforeChanges } from '../engine/waiting.js';
import { NotFoundError, UsageError } from '../errors.js';
import type { ListedTeam, TeamsPlan } from '../plan/teamChanges.js';
import { closestTeams, describeTeam } from '../plan/teams.js';
import { listedTeams, teamsDomain } from './change.js';
import type { ApiClient } from '../api/client.js';
import { withJournalOf, type Journal } from '../journal/journal.js';
import { settleTeamCreations, type HoldBackRun } from '../journal/teamCreations.js';
import type { HoldBack } from '../journal/holdBack.js';
import { titleKey } from '../model/titles.js';

export interface TeamsRunOptions {
  command: string;
  /** The names as given, for the hint of an unknown team. */
  names: readonly string[];
  plan: (teams: readonly ListedTeam[]) => TeamsPlan;
  dryRun?: boolean | undefined;
  /** false with --no-wait: refuse at once when another run holds the journal's lock. */
  wait?: boolean | undefined;
  /** --hold-back and --no-settle (teams create). */
  holdBack?: HoldBack | undefined;
  planOut?: string | undefined;
  report?: string | undefined;
  force?: boolean | undefined;
}

export async function runTeamsChange(ctx: Context, options: TeamsRunOptions): Promise<number> {
  const org = ctx.setting('org').value;
  ctx.outputFormat(); // a bad -o fails here, before anything is read or sent
  await checkOutputs(options, ctx.cwd, []);
  const client = await ctx.client();
  const baseUrl = client.base.origin + client.base.prefix;
  // A creation goes out under the journal's lock, recorded first (`teamctl help reliability`).
  const sends = !options.dryRun && options.planOut === undefined;
  const lock = sends ? { wait: options.wait !== false, onWait: (m: string) => ctx.io.info(m), what: 'the teams' } : undefined;
  const hold = holdBackOf(ctx, options.holdBack);
  return withJournalOf(ctx.journalHome(), baseUrl, org, lock, async (journal) => {
    let teams = await listedTeams(client, org);
    await beforeChanges(ctx, 'settling the team creations of an earlier run', () => settleTeamCreations(journal, async () => (teams = await listedTeams(client, org)).map((t) => t.title), titleKey, hold, (m) => ctx.io.warn(m)));
    return plannedTeamsChange(ctx, options, { client, baseUrl, org, teams, journal, hold });
  });
}

/** What the change is planned from: the teams listed under the journal's lock. */
interface TeamsState {
  client: ApiClient;
  baseUrl: string;
  org: string;
  teams: ListedTeam[];
  journal: Journal;
  hold: HoldBackRun;
}

async function plannedTeamsChange(ctx: Context, options: TeamsRunOptions, { client, baseUrl, org, teams, journal, hold }: TeamsState): Promise<number> {
  const { changes, problems } = options.plan(teams);
  const usage = problems.filter((p) => p.kind === 'usage');
  const message = (list: typeof problems): string => `${list.map((p) => p.message).join('; ')} (organization ${org}); nothing was sent`;
  if (usage.length > 0) throw new UsageError(message(usage), { hint: 'list the teams and their ids with `teamctl teams list`' });
  // What is left is unknown teams.
  if (problems.length > 0) {
    const close = [...new Map(options.names.flatMap((n) => closestTeams(n, teams)).map((t) => [t.id, t])).values()].filter((t) => !options.names.includes(t.id));
    throw new NotFoundError(message(problems), { status: 404, hint: close.length > 0 ? `did you mean ${close.slice(0, 3).map(describeTeam).join(' or ')}? (\`teamctl teams list\`)` : 'list the teams and their ids with `teamctl teams list`' });
  }
  const domain = teamsDomain({ client, baseUrl, org, command: options.command, teams, changes, force: options.force === true, journal, holdBack: hold });
  return runChange(ctx, domain, runOptions(options));
}
