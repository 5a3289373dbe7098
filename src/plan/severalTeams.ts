// The organization roster's plan (`teamctl help rosters`, "Many teams from one roster"): the roster's rows by
// team, and each named team's plan made from its own rows. Pure; teams the roster does not name
// have no plan at all, so nothing can touch them.
import type { UserEntry } from '../model/users.js';
import { planMembers, type CurrentMember, type MembersPlan } from './members.js';

/** The roster's rows by team, teams in the order the roster first names them. */
export function rowsByTeam(roster: readonly UserEntry[]): Map<string, UserEntry[]> {
  const byTeam = new Map<string, UserEntry[]>();
  for (const entry of roster) {
    if (entry.team === undefined) throw new Error('an organization roster row without a team');
    const rows = byTeam.get(entry.team);
    if (rows) rows.push(entry);
    else byTeam.set(entry.team, [entry]);
  }
  return byTeam;
}

/** One plan per team the roster names, from that team's members and rows. */
export function planSeveralTeams(
  current: ReadonlyMap<string, readonly CurrentMember[]>,
  byTeam: ReadonlyMap<string, readonly UserEntry[]>,
  prune: boolean,
  keep: readonly UserEntry[] = [],
  /** The rows are adds to each team (`members onboard`), not its roster: the others are not "not in the roster". */
  adds = false,
): Map<string, MembersPlan> {
  const plans = new Map<string, MembersPlan>();
  for (const [team, rows] of byTeam) plans.set(team, planMembers(current.get(team) ?? [], adds ? { add: rows } : { roster: rows, prune, keep }));
  return plans;
}
