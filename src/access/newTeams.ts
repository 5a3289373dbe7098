// `access sync --create-teams` (README, "Access"): a team an access file names and the
// organization lacks is created first, through the journal as every team creation (`teamctl help
// reliability`), then granted. A dry run plans the grants against the title; a run that sends
// creates the teams, then reads the organization's access again, so each grant names the id the
// creation gave.
import type { Context } from '../context.js';
import { InputFileError, PartialError, TeamctlError, UsageError, type FileProblem } from '../errors.js';
import type { AccessFile } from '../files/access.js';
import type { Journal } from '../journal/journal.js';
import type { HoldBackRun } from '../journal/teamCreations.js';
import { normalTitle, titleKey } from '../model/titles.js';
import type { ApiClient } from '../api/client.js';
import type { ChangeDomain } from '../engine/run.js';
import { oneLine } from '../output/terminal.js';
import { findTeam, type Directory } from './directory.js';

/**
 * The titles of the teams the file names and the directory lacks, each once (names that differ
 * only in case are one title). A name that cannot be a title is a problem of the file, naming its
 * line (exit 2); a title two teams share stays the file's problem (desiredAccess says it).
 */
export async function teamsToCreate(file: AccessFile, directory: Directory): Promise<string[]> {
  const { titleProblem } = await import('../plan/teamChanges.js');
  const titles = new Map<string, string>();
  const problems: FileProblem[] = [];
  for (const row of file.rows) {
    if (row.subject.kind !== 'team') continue;
    const found = findTeam(directory, row.subject.name);
    if (found.ok || !found.unknown) continue;
    const title = normalTitle(row.subject.name);
    const problem = titleProblem(title);
    if (problem !== undefined) problems.push({ file: file.file, line: row.line, message: `no team has the id or title ${JSON.stringify(row.subject.name)}, and it cannot be created: ${problem}` });
    else if (!titles.has(titleKey(title))) titles.set(titleKey(title), title);
  }
  if (problems.length > 0) throw new InputFileError(problems.slice(0, InputFileError.maxListed), problems.length);
  return [...titles.values()];
}

/** A plan that cannot be saved: the teams must exist before `apply` grants them. */
export function refuseSavedCreations(titles: readonly string[]): never {
  const named = titles.map((t) => JSON.stringify(t)).join(' ');
  throw new UsageError(`--plan-out cannot save a plan that creates teams (${titles.length} to create: ${named}); nothing was sent`, {
    hint: `create ${titles.length === 1 ? 'it' : 'them'} first (\`teamctl teams create ${named}\`), then make the plan again`,
  });
}

/** The teams to create, as teams the directory has under their title, for the grants to name. */
export function plannedTeams(directory: Directory, titles: readonly string[]): void {
  for (const title of titles) directory.teams.push({ id: title, title });
}

/** A run that sends: the teams of an earlier run's creation still of unknown outcome are not created on a guess. */
export function refuseHeld(titles: readonly string[], held: readonly string[]): void {
  const keys = new Set(held.map(titleKey));
  const title = titles.find((t) => keys.has(titleKey(t)));
  if (title === undefined) return;
  throw new PartialError(`the creation of team ${JSON.stringify(title)} by an earlier run has an unknown outcome yet; nothing was sent`, { hint: 'run again once its hold-back time has passed (`teamctl help reliability`)' });
}

/**
 * The plan with the creations first: shown by --dry-run, not empty for --exit-code; once
 * confirmed, `created` creates the teams and gives the grants planned again against their ids.
 */
export function withCreations<R>(domain: ChangeDomain<R>, titles: readonly string[], created: (interrupted: () => boolean) => Promise<ChangeDomain<R>>): ChangeDomain<R> {
  return {
    ...domain,
    planText: async (color) => [...titles.map((t) => `+ create team ${oneLine(JSON.stringify(t))}`), await domain.planText(color)].join('\n'),
    isEmpty: () => false,
    work: () => ({ ...domain.work(), requests: domain.work().requests + titles.length }),
    async execute(progress, interrupted) {
      const bound = await created(interrupted);
      return bound.isEmpty() ? bound.nothingToDo() : bound.execute(progress, interrupted);
    },
  };
}

export interface Creations {
  client: ApiClient;
  org: string;
  journal: Journal;
  holdBack: HoldBackRun;
}

/** Creates each team (recorded in the journal first; a lost answer settled by the listing), before any grant is sent. */
export async function createTeams(ctx: Context, titles: readonly string[], input: Creations, interrupted: () => boolean): Promise<void> {
  const { createTeamOnce, settledCreation } = await import('../journal/teamCreation.js');
  const { client, org, journal, holdBack } = input;
  for (const title of titles) {
    const sent = await createTeamOnce(client, org, title, [], journal, new Date(holdBack.now()));
    const created = await settledCreation(sent, { client, org, title, journal, holdBack }, [], interrupted);
    if ('failure' in created) {
      const message = `team ${JSON.stringify(title)} was not created: ${created.failure}; no grant was sent`;
      if (created.unknown === true) throw new PartialError(message, { hint: 'run again: the next run settles it by the teams listing' });
      throw new TeamctlError(message);
    }
    ctx.io.info(oneLine(`Created team ${created.id} (${JSON.stringify(title)})${created.note === '' ? '' : `: ${created.note}`}.`));
  }
}
