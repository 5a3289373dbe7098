// The organization's teams as a domain of the change engine (README, "Teams by id or title"):
// `teams create|rename|delete` and `apply` of their saved plans. The plan comes from
// src/plan/teamChanges.ts; this sends it, reads the teams back and reports one row per change.
// Creating is not idempotent (titles are not unique): a creation is sent again only when it
// cannot have been processed (the client's rule), and an unknown outcome is settled by listing
// the teams, never by sending it again, so no run makes two teams of one title.
import { lockedJournal, type Journal } from '../journal/journal.js';
import { settleOwnCreations, type HoldBackRun } from '../journal/teamCreations.js';
import { titleKey } from '../model/titles.js';
import type { ApiClient } from '../api/client.js';
import { createTeam, deleteTeam, listTeams, renameTeam } from '../api/organization.js';
import type { Context } from '../context.js';
import { lazyView, confirmChange, type AppliedView, type ChangeDomain, type RunView } from '../engine/run.js';
import { failedWords, type ExitWords, type Tally } from '../engine/exit.js';
import { interruptedLine, notSentLines, notSentListed, notSentMessage } from '../engine/interrupted.js';
import { newPlanFile, type PlanFile } from '../engine/planFile.js';
import type { ReportDoc } from '../engine/report.js';
import { TeamctlError } from '../errors.js';
import { oneLine } from '../output/terminal.js';
import type { Progress } from '../output/progress.js';
import { teamsState, type ListedTeam, type TeamChange } from '../plan/teamChanges.js';
import { writeOutcome } from '../api/outcome.js';

/** One change's outcome: `planned` in a dry run. */
export interface TeamRow {
  action: TeamChange['action'];
  /** The team's id (a created team's once known). */
  team: string;
  title: string;
  /** A rename's former title. */
  from: string;
  outcome: 'planned' | 'applied' | 'failed' | 'unknown';
  status: number | null;
  message: string;
}

/** What `apply` keeps of a teams plan. */
export interface TeamsPlanBody {
  changes: TeamChange[];
  /** teamsState() of the teams it was made from. */
  state: string[];
  force: boolean;
}

export interface TeamsDomainInput {
  client: ApiClient;
  baseUrl: string;
  org: string;
  command: string;
  teams: ListedTeam[];
  changes: TeamChange[];
  /** --force: delete teams that have members. */
  force: boolean;
  /** Saved plans were confirmed by their review. */
  confirmed?: boolean;
  /** The journal a creation is recorded in before it is sent (held under its lock when sending). */
  journal?: Journal | undefined;
  /** How a creation of unknown outcome is settled before the run ends (default: not: exit 6). */
  holdBack?: HoldBackRun | undefined;
}

/** Every team of the organization as listed (all pages). */
export async function listedTeams(client: ApiClient, org: string): Promise<ListedTeam[]> {
  const teams: ListedTeam[] = [];
  for await (const page of listTeams(client, org, undefined, 1000)) for (const t of page) teams.push({ id: t.id, title: t.title, members: t.members });
  return teams;
}

function describe(c: TeamChange): string {
  if (c.action === 'create') return `+ create team ${JSON.stringify(c.title)}`;
  if (c.action === 'rename') return `~ rename team ${c.team}: ${JSON.stringify(c.from)} → ${JSON.stringify(c.title)}`;
  return `- delete team ${JSON.stringify(c.title)} (${c.team}, ${c.members} member${c.members === 1 ? '' : 's'})`;
}

const rowOf = (c: TeamChange, outcome: TeamRow['outcome'], status: number | null, message: string, team = c.action === 'create' ? '' : c.team): TeamRow => ({
  action: c.action,
  team,
  title: c.title,
  from: c.action === 'rename' ? c.from : '',
  outcome,
  status,
  message,
});

function doc(rows: readonly TeamRow[], title: string): ReportDoc {
  return { title, sections: rows.length === 0 ? [] : [{ heading: 'Teams', columns: ['action', 'team', 'title', 'outcome', 'message'], rows: rows.map((r) => [r.action, r.team, r.action === 'rename' ? `${r.from} → ${r.title}` : r.title, r.outcome, r.message]) }] };
}

function view(rows: TeamRow[], title: string): RunView<TeamRow> {
  return lazyView(() => rows, (r) => doc(r, title), { json: { teams: rows } });
}

export function teamsDomain(input: TeamsDomainInput): ChangeDomain<TeamRow> {
  const { client, org, changes } = input;
  const now = (): Date => new Date(input.holdBack?.now() ?? Date.now());
  const populated = changes.filter((c): c is Extract<TeamChange, { action: 'delete' }> => c.action === 'delete' && c.members > 0);
  return {
    async planText() {
      if (changes.length === 0) return `Teams of ${org}: nothing to change.`;
      return oneLine(`Teams of ${org}: ${changes.length} change${changes.length === 1 ? '' : 's'}`) + '\n' + changes.map((c) => `  ${oneLine(describe(c))}`).join('\n');
    },
    isEmpty: () => changes.length === 0,
    refusals() {
      if (populated.length === 0 || input.force) return [];
      const named = populated.map((c) => `${JSON.stringify(c.title)} (${c.members})`).join(', ');
      return [{ what: `deleting ${populated.length === 1 ? 'a team that has' : 'teams that have'} members: ${oneLine(named)}`, hint: 'pass --force to delete them with their members' }];
    },
    async confirm(ctx: Context) {
      const deletes = changes.filter((c) => c.action === 'delete').length;
      if (deletes === 0 || input.confirmed) return;
      const what = `${deletes} team${deletes === 1 ? '' : 's'} of ${org}`;
      await confirmChange(ctx, `Delete ${what}?`, `deleting ${what}`);
    },
    planned: () => view(changes.map((c) => rowOf(c, 'planned', null, '')), `Planned changes to the teams of ${org}`),
    nothingToDo(): AppliedView<TeamRow> {
      return { ...view([], `The teams of ${org}: nothing to change`), summary: () => 'Nothing to change.', tally: tallyOf([]) };
    },
    work: () => ({ label: 'teams', units: changes.length, requests: changes.length }),
    async execute(progress: Progress, interrupted: () => boolean): Promise<AppliedView<TeamRow>> {
      const rows: TeamRow[] = [];
      for (const change of changes) {
        if (interrupted()) rows.push(rowOf(change, 'failed', null, notSentMessage));
        else rows.push(await send(client, org, change, input.journal, now()));
        progress.increment();
      }
      const verified = await readBack(client, org, rows);
      await settleUnknown(rows, input, interrupted);
      const tally = tallyOf(rows, !verified);
      return { ...view(rows, `Changes to the teams of ${org}`), summary: (report) => summaryOf(rows, report), tally };
    },
    planFile(): PlanFile {
      const body: TeamsPlanBody = { changes, state: teamsState(changes, input.teams), force: input.force };
      return newPlanFile('teams', { command: input.command, baseUrl: input.baseUrl, organization: org }, body);
    },
    csv: {
      header: ['action', 'team', 'title', 'from', 'outcome', 'status', 'message'],
      record: (r) => [r.action, r.team, r.title, r.from, r.outcome, r.status === null ? '' : String(r.status), r.message],
    },
    words,
    nothingToDoLine: 'Nothing to change.',
  };
}

/**
 * Sends one change; a failure is its row, never thrown (but a bug). A creation is recorded in the
 * journal before it is sent, and its record kept while its outcome is unknown (`teamctl help
 * reliability`): a second team of the title is never made on a guess.
 */
async function send(client: ApiClient, org: string, change: TeamChange, journal: Journal | undefined, now: Date): Promise<TeamRow> {
  if (change.action !== 'create') return sendChange(client, org, change);
  let ids: string[];
  const recording = lockedJournal(journal);
  try {
    ids = await recording.intend([{ kind: 'team', title: change.title }], now);
  } catch (err) {
    if (!(err instanceof TeamctlError)) throw err;
    return rowOf(change, 'failed', null, `not sent: ${err.message}`);
  }
  const row = await sendChange(client, org, change);
  await recording.answered(ids, row.outcome === 'unknown' ? 'unknown' : 'done');
  return row;
}

/**
 * The creations still of unknown outcome after the read-back, settled before the run ends
 * (`teamctl help reliability`, "The hold-back time"): each is applied once a listing after the
 * hold-back time shows it, sent again (recorded first) when the listing proves it lost, and left
 * unknown — its record kept for a later run — with --no-settle.
 */
async function settleUnknown(rows: TeamRow[], input: TeamsDomainInput, interrupted: () => boolean): Promise<void> {
  const unknown = rows.filter((r) => r.action === 'create' && r.outcome === 'unknown');
  const hold = input.holdBack;
  if (unknown.length === 0 || hold === undefined || !hold.settle) return;
  const { client, org } = input;
  const journal = lockedJournal(input.journal);
  const settled = await settleOwnCreations(
    unknown.map((r) => r.title),
    journal,
    hold,
    {
      list: () => listedTeams(client, org),
      key: titleKey,
      send: async (title) => {
        const row = await send(client, org, { action: 'create', title }, journal, new Date(hold.now()));
        return row.outcome === 'applied' ? { id: row.team } : row.outcome === 'unknown' ? 'unknown' : { failure: row.message };
      },
    },
    interrupted,
  );
  for (const row of unknown) {
    const done = settled.get(row.title);
    if (done === undefined) continue;
    if ('failure' in done) Object.assign(row, { outcome: 'failed', status: null, message: done.failure });
    else Object.assign(row, { outcome: 'applied', team: done.id, message: `created as ${done.id} (${done.sends > 1 ? `sent again once the listing after the hold-back time showed none: ${done.sends} sends` : 'the answer was lost; the listing after the hold-back time shows it'})` });
  }
}

async function sendChange(client: ApiClient, org: string, change: TeamChange): Promise<TeamRow> {
  try {
    if (change.action === 'create') {
      const team = await createTeam(client, org, change.title);
      return rowOf(change, 'applied', 201, `created as ${team.id}`, team.id);
    }
    if (change.action === 'rename') {
      await renameTeam(client, org, change.team, change.title);
      return rowOf(change, 'applied', 200, '');
    }
    const deleted = await deleteTeam(client, org, change.team);
    return rowOf(change, 'applied', deleted === 'deleted' ? 205 : 204, deleted === 'deleted' ? '' : 'already gone');
  } catch (err) {
    if (!(err instanceof TeamctlError)) throw err;
    // A creation whose answer was lost may have made the team: the read-back settles it.
    return rowOf(change, writeOutcome(err), err.status ?? null, err.message);
  }
}

/**
 * The teams read again: a creation of unknown outcome is applied when its title is there now (and
 * failed when not: never sent again in this run); an applied change the listing contradicts
 * becomes failed. A listing that fails leaves the rows as they are, said unverified (false).
 */
async function readBack(client: ApiClient, org: string, rows: TeamRow[]): Promise<boolean> {
  let teams: ListedTeam[];
  try {
    teams = await listedTeams(client, org);
  } catch (err) {
    if (!(err instanceof TeamctlError)) throw err;
    for (const row of rows) if (row.outcome === 'applied') row.message = [row.message, `not verified: ${err.message}`].filter(Boolean).join('; ');
    return false;
  }
  for (const row of rows) {
    const present = row.action === 'create' ? teams.find((t) => t.title === row.title && (row.team === '' || t.id === row.team)) : teams.find((t) => t.id === row.team);
    if (row.outcome === 'unknown') {
      if (row.action === 'create' && present) Object.assign(row, { outcome: 'applied', team: present.id, message: `created as ${present.id} (the answer was lost; the listing shows it)` });
      // It may still land: the journal holds it, and the next run settles it by the listing.
      else if (row.action === 'create') row.message = `${row.message}; the listing shows no team of that title yet: outcome unknown, not sent again before the hold-back time has passed`;
      continue;
    }
    if (row.outcome !== 'applied') continue;
    const holds = row.action === 'delete' ? !present : present !== undefined && present.title === row.title;
    if (!holds) Object.assign(row, { outcome: 'failed', message: `the service accepted it, but the teams read back differ (${row.action === 'delete' ? 'the team is still there' : present ? `titled ${JSON.stringify(present.title)}` : 'no such team'})` });
  }
  return true;
}

function tallyOf(rows: TeamRow[], unverifiable = false): Tally {
  const failed = rows.filter((r) => r.outcome !== 'applied');
  return {
    total: rows.length,
    applied: rows.length - failed.length,
    failed: failed.length,
    unknown: failed.filter((r) => r.outcome === 'unknown').length,
    unexplained: 0,
    unverifiable,
    firstFailure: failed[0]?.message,
  };
}

/** The result for people: counts, then the failures; an interrupted run in its own words (`teamctl help interruptions`, "Interruptions"). */
function summaryOf(rows: readonly TeamRow[], report: string | undefined): string {
  const count = (action: TeamChange['action']) => rows.filter((r) => r.action === action && r.outcome === 'applied').length;
  const counts: [number, string][] = [
    [count('create'), 'created'],
    [count('rename'), 'renamed'],
    [count('delete'), 'deleted'],
  ];
  const name = (r: TeamRow): string => oneLine(`${r.action} ${r.team || JSON.stringify(r.title)}`);
  const notSent = rows.filter((r) => r.message === notSentMessage);
  // The unknown first (they may have been applied), then the failed.
  const unknown = rows.filter((r) => r.outcome === 'unknown');
  const failed = rows.filter((r) => r.outcome === 'failed' && r.message !== notSentMessage);
  const listed = [...unknown, ...failed];
  const failures = listed.slice(0, notSentListed).map((r) => oneLine(`  ${r.outcome}: ${name(r)}: ${r.message}`));
  if (listed.length > notSentListed) failures.push(`  … and ${listed.length - notSentListed} more; ${report ?? '--report <file.csv>'} lists each change`);
  const problems: [number, string][] = [[unknown.length, 'of unknown outcome'], [failed.length, 'failed']];
  if (notSent.length > 0) {
    return [interruptedLine([...counts, ...problems], notSent.length), ...failures, ...notSentLines(notSent.map(name), report)].join('\n');
  }
  const done = counts.filter(([n]) => n > 0).map(([n, what]) => `${n} ${what}`);
  const said = problems.filter(([n]) => n > 0).map(([n, what]) => `, ${n} ${what}`).join('');
  return [`Done: ${done.length > 0 ? done.join(', ') : 'nothing applied'}${said}.`, ...failures].join('\n');
}

const words: ExitWords = {
  nothingApplied: (t) => `none of the ${t.total} team change${t.total === 1 ? '' : 's'} was applied: ${t.firstFailure ?? 'see above'}`,
  partial: (t) => `${[...failedWords(t, 'team changes'), ...(t.unverifiable ? ['the result could not be verified'] : [])].join('; ')}; ${t.applied} applied`,
  hint: (report) => (report === undefined ? 'list the teams with `teamctl teams list`, then run the command again for what is left' : `${report} lists each change`),
};
