// Which team a name means (README, "Teams by id or title"): the team column of a roster, --team,
// TEAMCTL_TEAM and the config key `team` take a team's id or its title. Pure: the teams as listed
// in, the match out.
// - An id wins over a title.
// - A title matches exactly first, then in any case when that match is unique.
// - A title two teams share names no team: the caller refuses it, naming their ids.
import { teamOfSuffixedName } from '../model/teamFileNames.js';
import { titleKey } from '../model/titles.js';

/** A team as matching needs it. */
export interface NamedTeam {
  id: string;
  title: string;
}

export type TeamMatch =
  | { kind: 'found'; team: NamedTeam; by: 'id' | 'title' | 'title in another case' }
  | { kind: 'shared'; teams: NamedTeam[] }
  | { kind: 'unknown' };


export function matchTeam(name: string, teams: readonly NamedTeam[]): TeamMatch {
  const byId = teams.find((t) => t.id === name);
  if (byId) return { kind: 'found', team: byId, by: 'id' };
  for (const [by, same] of [
    ['title', (t: NamedTeam) => t.title === name],
    ['title in another case', (t: NamedTeam) => titleKey(t.title) === titleKey(name)],
  ] as const) {
    const matched = teams.filter(same);
    const [only] = matched;
    if (matched.length > 1) return { kind: 'shared', teams: matched };
    if (only) return { kind: 'found', team: only, by };
  }
  // A roster file --write-folder named `<safe title> (<id>)` (`teamctl help rosters`): its id.
  const suffixed = teamOfSuffixedName(name, teams, titleKey);
  if (suffixed) return { kind: 'found', team: suffixed, by: 'id' };
  return { kind: 'unknown' };
}

/** Edit distance (insertions, deletions, substitutions), folded. */
function distance(a: string, b: string): number {
  const x = [...titleKey(a)];
  const y = [...titleKey(b)];
  let previous = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const row = [i];
    for (let j = 1; j <= y.length; j++) {
      row[j] = Math.min((previous[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + (x[i - 1] === y[j - 1] ? 0 : 1));
    }
    previous = row;
  }
  return previous[y.length] ?? 0;
}

/**
 * The teams a mistyped name most likely meant, closest first (at most three): those whose id or
 * title is within a third of the name's length in edits (at least 1), or contains it.
 */
export function closestTeams(name: string, teams: readonly NamedTeam[]): NamedTeam[] {
  const limit = Math.max(1, Math.floor([...name].length / 3));
  const scored = teams.flatMap((team) => {
    const d = Math.min(distance(name, team.id), distance(name, team.title));
    const contains = titleKey(team.title).includes(titleKey(name)) || titleKey(team.id).includes(titleKey(name));
    return d <= limit || (contains && name.length >= 3) ? [{ team, d }] : [];
  });
  return scored
    .sort((a, b) => a.d - b.d || a.team.title.localeCompare(b.team.title))
    .slice(0, 3)
    .map((s) => s.team);
}

/** How people read a team in messages: "Platform Engineering" (engineering). */
export function describeTeam(team: NamedTeam): string {
  return team.title === team.id ? JSON.stringify(team.id) : `${JSON.stringify(team.title)} (${team.id})`;
}
