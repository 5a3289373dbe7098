// `teams create|rename|delete` (README, "Teams by id or title"): the changes to the
// organization's teams, planned from the teams as listed. Pure: the listing and the names in,
// the changes and the problems out; nothing is sent while there is a problem.
import { teamNameProblem } from '../api/segment.js';
import { hiddenInTitle, normalTitle, titleKey } from '../model/titles.js';
import { matchTeam, type NamedTeam } from './teams.js';

/** A team as listed: what a change to it is planned from. */
export interface ListedTeam extends NamedTeam {
  /** Its member count, as the listing gives it. */
  members: number;
}

export type TeamChange =
  | { action: 'create'; title: string }
  | { action: 'rename'; team: string; from: string; title: string }
  | { action: 'delete'; team: string; title: string; members: number };

/** Why a change cannot be planned: a usage problem (exit 2) or a team that does not exist (exit 5). */
export interface TeamPlanProblem {
  kind: 'usage' | 'unknown';
  message: string;
}

export interface TeamsPlan {
  changes: TeamChange[];
  problems: TeamPlanProblem[];
}

/** The published document's bounds of a title: 1 to 64 characters. */
export const maxTitleLength = 64;


/** Why `title` cannot be a team's title; undefined when it can. */
export function titleProblem(title: string): string | undefined {
  if (title.trim() === '') return 'a title cannot be empty';
  if ([...title].length > maxTitleLength) return `a title has at most ${maxTitleLength} characters, this one ${[...title].length}`;
  const hidden = hiddenInTitle(title);
  if (hidden !== undefined) return hidden;
  // A team is named by its id or title (README, "Teams by id or title"): none is made that --team could not name.
  const unnamed = teamNameProblem(title);
  return unnamed === undefined ? undefined : `a title --team could not name: ${unnamed}`;
}

/** The team already titled `title` in any case (names match in any case, so a second one would be ambiguous). */
const titled = (title: string, teams: readonly ListedTeam[]): ListedTeam | undefined => teams.find((t) => titleKey(t.title) === titleKey(title));

/** `teams create <title…>`: each title once; one that exists (in any case) is a problem. */
export function planCreate(titles: readonly string[], teams: readonly ListedTeam[]): TeamsPlan {
  const changes: TeamChange[] = [];
  const problems: TeamPlanProblem[] = [];
  const seen = new Set<string>();
  for (const raw of titles) {
    const title = normalTitle(raw);
    const problem = titleProblem(title);
    if (problem !== undefined) problems.push({ kind: 'usage', message: `${JSON.stringify(raw)}: ${problem}` });
    else if (seen.has(titleKey(title))) continue;
    else {
      const existing = titled(title, teams);
      if (existing) problems.push({ kind: 'usage', message: `a team titled ${JSON.stringify(existing.title)} exists already (${existing.id})` });
      else changes.push({ action: 'create', title });
    }
    seen.add(titleKey(title));
  }
  return { changes, problems };
}

/** The team `name` means, or the problem of naming it. */
function find(name: string, teams: readonly ListedTeam[]): ListedTeam | TeamPlanProblem {
  const match = matchTeam(name, teams);
  if (match.kind === 'found') return teams.find((t) => t.id === match.team.id) as ListedTeam;
  if (match.kind === 'shared') return { kind: 'usage', message: `the title ${JSON.stringify(name)} is shared by ${match.teams.length} teams (${match.teams.map((t) => t.id).join(', ')}): name one by its id` };
  return { kind: 'unknown', message: `no team has the id or title ${JSON.stringify(name)}` };
}

const isProblem = (found: ListedTeam | TeamPlanProblem): found is TeamPlanProblem => 'kind' in found;

/** `teams rename <team> <title>`: nothing to do when it has that title; a title another team has is a problem. */
export function planRename(name: string, title: string, teams: readonly ListedTeam[]): TeamsPlan {
  const found = find(name, teams);
  if (isProblem(found)) return { changes: [], problems: [found] };
  const wanted = normalTitle(title);
  const problem = titleProblem(wanted);
  if (problem !== undefined) return { changes: [], problems: [{ kind: 'usage', message: `${JSON.stringify(title)}: ${problem}` }] };
  if (found.title === wanted) return { changes: [], problems: [] };
  const other = titled(wanted, teams);
  if (other && other.id !== found.id) return { changes: [], problems: [{ kind: 'usage', message: `a team titled ${JSON.stringify(other.title)} exists already (${other.id})` }] };
  return { changes: [{ action: 'rename', team: found.id, from: found.title, title: wanted }], problems: [] };
}

/** `teams delete <team…>`: each team once, with its member count (a team with members needs --force). */
export function planDelete(names: readonly string[], teams: readonly ListedTeam[]): TeamsPlan {
  const changes: TeamChange[] = [];
  const problems: TeamPlanProblem[] = [];
  const seen = new Set<string>();
  for (const name of names) {
    const found = find(name.trim(), teams);
    if (isProblem(found)) problems.push(found);
    else if (!seen.has(found.id)) {
      seen.add(found.id);
      changes.push({ action: 'delete', team: found.id, title: found.title, members: found.members });
    }
  }
  return { changes, problems };
}

/**
 * What a saved plan was made from, for `apply` to compare: each touched team's title and member
 * count, and for each title to create, that no team had it. Stale when any of it moved.
 */
export function teamsState(changes: readonly TeamChange[], teams: readonly ListedTeam[]): string[] {
  return changes.map((c) => {
    if (c.action === 'create') return `absent ${titleKey(c.title)}${titled(c.title, teams) ? ' (taken)' : ''}`;
    const team = teams.find((t) => t.id === c.team);
    return team ? `team ${team.id} ${JSON.stringify(team.title)} ${team.members}` : `team ${c.team} (gone)`;
  });
}
