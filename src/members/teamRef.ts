// Teams named by id or title (README, "Teams by id or title"): which team --team, TEAMCTL_TEAM,
// the config key `team` or a roster's team cell means. The rules are src/plan/teams.ts'; this is
// where the teams are read for them. A title is only ever matched against the listing: the id
// that comes back is what goes into paths and saved plans.
import type { ApiClient } from '../api/client.js';
import { identifierProblem } from '../api/segment.js';
import { NotFoundError, TeamctlError, UsageError } from '../errors.js';
import type { closestTeams, describeTeam, matchTeam, NamedTeam } from '../plan/teams.js';

/** Every team of the organization, all pages. */
export async function allTeams(client: ApiClient, org: string): Promise<NamedTeam[]> {
  const { listTeams } = await import('../api/organization.js');
  const teams: NamedTeam[] = [];
  for await (const page of listTeams(client, org, undefined, 1000)) for (const t of page) teams.push({ id: t.id, title: t.title });
  return teams;
}

/**
 * The titles of the organization's teams by id, to show beside ids (README, "Teams by id or
 * title"): one listing; none when it fails, as a missing title never fails a run.
 */
export async function teamTitles(client: ApiClient, org: string): Promise<Map<string, string>> {
  try {
    return new Map((await allTeams(client, org)).map((t) => [t.id, t.title]));
  } catch (err) {
    if (!(err instanceof TeamctlError)) throw err;
    return new Map();
  }
}

/**
 * Why `name` matches no single team among `teams`; undefined when it matches one. (`matching`: the
 * rules, loaded only once a name is matched by title: a team named by its id never needs them.)
 */
export function teamProblem(name: string, teams: readonly NamedTeam[], org: string, { matchTeam, closestTeams, describeTeam }: Matching): TeamProblem | undefined {
  const match = matchTeam(name, teams);
  if (match.kind === 'found') return undefined;
  if (match.kind === 'shared') {
    return {
      kind: 'shared',
      message: `the title ${JSON.stringify(name)} is shared by ${match.teams.length} teams (${match.teams.map((t) => t.id).join(', ')}): name one by its id`,
    };
  }
  const close = closestTeams(name, teams);
  return {
    kind: 'unknown',
    message: `no team of organization ${org} has the id or title ${JSON.stringify(name)}`,
    hint: close.length > 0 ? `did you mean ${close.map(describeTeam).join(' or ')}? (\`teamctl teams list\` lists every team)` : 'list the teams and their ids with `teamctl teams list`',
  };
}

/** The matching rules (src/plan/teams.ts), handed in once loaded. */
export interface Matching {
  matchTeam: typeof matchTeam;
  closestTeams: typeof closestTeams;
  describeTeam: typeof describeTeam;
}

export interface TeamProblem {
  kind: 'shared' | 'unknown';
  message: string;
  hint?: string;
}

/** The team `name` means among `teams`: a shared title is exit 2, an unknown name exit 5, both with nothing sent. */
export function pickTeam(name: string, teams: readonly NamedTeam[], org: string, matching: Matching): NamedTeam {
  const match = matching.matchTeam(name, teams);
  if (match.kind === 'found') return match.team;
  const problem = teamProblem(name, teams, org, matching) as TeamProblem;
  const options = problem.hint === undefined ? {} : { hint: problem.hint };
  if (problem.kind === 'shared') throw new UsageError(`${problem.message}; nothing was sent`, options);
  throw new NotFoundError(`${problem.message}; nothing was sent`, { status: 404, ...options });
}

/**
 * Runs `use` with the id of the team `name` means. `name` is tried as an id first, by the request
 * `use` makes, so a team named by its id costs no request more; when the service knows no team of
 * that id (404), or `name` cannot be one, the teams are listed and `name` is matched by title.
 */
export async function withTeam<T>(client: ApiClient, org: string, name: string, use: (teamId: string, listed?: NamedTeam) => Promise<T>): Promise<T> {
  let asId: NotFoundError | undefined;
  if (identifierProblem(name) === undefined) {
    try {
      return await use(name);
    } catch (err) {
      if (!(err instanceof NotFoundError)) throw err;
      asId = err;
    }
  }
  const team = pickTeam(name, await allTeams(client, org), org, await import('../plan/teams.js'));
  // Listed under that id, yet not found as it: the service's 404 says why.
  if (asId !== undefined && team.id === name) throw asId;
  return use(team.id, team);
}

/**
 * The pages of the team `name` means, each with the team's id: its first page's request tries
 * `name` as an id (see `withTeam`), and the rest follow from the team it found.
 */
export async function* namedTeamPages<T>(client: ApiClient, org: string, name: string, pagesOf: (teamId: string) => AsyncIterable<T[]>): AsyncGenerator<{ teamId: string; items: T[] }> {
  const { teamId, pages, first } = await withTeam(client, org, name, async (teamId) => {
    const pages = pagesOf(teamId)[Symbol.asyncIterator]();
    return { teamId, pages, first: await pages.next() };
  });
  for (let page = first; page.done !== true; page = await pages.next()) yield { teamId, items: page.value };
}
