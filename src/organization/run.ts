// `members add|remove|sync`: read the whole team, plan (pure), and hand both to the change
// engine (src/engine/run.ts) through the members domain (src/members/change.ts). `add` is a sync
// with only adds, `remove` a sync with only removals.
import type { HoldBack } from '../journal/holdBack.js';
import type { DirectorySummary } from './directory.js';
import type { NamedTeam } from '../plan/teams.js';
import type { Context } from '../context.js';
import { checkOutputs, holdBackOf, runChange, runOptions, type ChangeDomain, type InputFile, type Refusal } from '../engine/run.js';
import { beforeChanges } from '../engine/waiting.js';
import { NotFoundError, UsageError, type FileProblem } from '../errors.js';
import { throwProblems, userIdentity, type UserFile } from '../files/users.js';
import { defaultMaxRemovals, maxRemovalsAllowed, planMembers, refOfEntry, type CurrentMember, type MembersChange, type MembersPlan } from '../plan/members.js';
import { normalTitle, titleKey } from '../model/titles.js';
import { withJournalOf, type LockOptions } from '../journal/journal.js';
import { settleTeamCreations } from '../journal/teamCreations.js';
import type { UserEntry, UserRef } from '../model/users.js';
import type { ApiClient } from '../api/client.js';
import { planSeveralTeams, rowsByTeam } from '../plan/severalTeams.js';
import { namesOneOf, withoutOutsiders } from '../plan/organization.js';
import { changesOrganization, lifecycleDomain, type LifecycleOptions } from './lifecycle.js';
import { joinersDomain, type InviteOptions, type PlacedRow } from './joiners.js';
import { configuredKeep, warnKeptNamed } from './keep.js';
import { findOutsiders, matchesNobodyRefusal, namesOf, outsidersRefusal, unmatchedError, withOrganizationCheck } from './outsiders.js';
import { plural } from '../output/words.js';
import { severalTeams } from '../settings.js';
import { membersDomain, type MembersDomain, type MembersRunSettings } from '../members/change.js';
import { withTeamFiles, type FileOf } from '../engine/teamFiles.js';
import { severalTeamsDomain } from '../members/severalTeams.js';
import { runPool } from '../members/pool.js';
import { readTeam } from '../members/team.js';
import { allTeams, pickTeam, teamProblem, teamTitles, withTeam } from '../members/teamRef.js';

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
  /** --create-teams (an organization roster): teams the organization lacks are created, then filled. */
  createTeams?: boolean;
  /** --skip-unknown: users outside the organization are left out with a warning, not refused. */
  skipUnknown?: boolean;
  /** The roster as read (its file and user column), for the refusal of a roster that matches nobody. */
  rosterFile?: { file: string; column: string | undefined };
  /** --org-roles, --prune-organization, --keep: the organization's members beside the teams. */
  lifecycle?: LifecycleOptions;
  /** --invite: users outside the organization are invited, then placed in their teams. */
  invite?: InviteOptions;
  /** false with --no-wait: refuse at once when another run holds the journal's lock. */
  wait?: boolean;
  /** --hold-back and --no-settle (--create-teams). */
  holdBack?: HoldBack;
  /**
   * `members remove` and `set-role`: a named user who matches nobody in the organization is exit 5,
   * nothing sent (`teamctl help exit-codes`); false with --missing-ok.
   */
  refuseUnmatched?: boolean;
  /** `members onboard`, `members add --team a,b`: an organization roster's rows are adds, never a team's whole roster. */
  placement?: boolean;
  /** A group export through a group map (`teamctl help directory`): its groups, said in the plan and reports. */
  directory?: DirectorySummary;
}

/**
 * The journal's lock for a run that may send writes the service cannot take twice (invitations,
 * team creations, removals from the organization: `teamctl help reliability`); none for a dry
 * run, which only reads the records.
 */
function lockFor(ctx: Context, options: EngineOptions): LockOptions | undefined {
  const sends = !options.dryRun && options.planOut === undefined;
  const writes = options.invite !== undefined || options.createTeams === true || options.lifecycle?.pruneOrganization === true;
  return sends && writes ? { wait: options.wait !== false, onWait: (m) => ctx.io.info(m), what: 'the organization' } : undefined;
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
  return withJournalOf(ctx.journalHome(), client.base.origin + client.base.prefix, org, lockFor(ctx, options), async (journal) => {
    // The team by its id, or by its title (README, "Teams by id or title"): the plan keeps the id.
    const { team, current, listed } = await withTeam(client, org, name, async (id, listed) => ({ team: id, current: await readTeam(client, org, id, 'before planning; nothing was sent'), listed })).catch((err: unknown) => {
      // `--team a,b` names no team of that title: it meant several.
      throw err instanceof NotFoundError && name.includes(',') ? severalTeams(name) : err;
    });
    // Its title, shown beside its id: from the listing a title made, else one listing.
    const title = listed?.title ?? (await teamTitles(client, org)).get(team);
    const first = planMembers(current, options.change);
    // A named user in neither the team nor the organization is a typo, not "not a member".
    const unmatched = options.refuseUnmatched && first.notMember.length > 0 ? await findOutsiders(client, org, first.notMember) : [];
    if (unmatched.length > 0) throw unmatchedError(org, unmatched, current);
    // One team: --prune-organization needs an organization roster, so only the team's removals count.
    const check = await checkOrganization(ctx, client, org, options, first.add.map((a) => a.user), first.remove.length > 0);
    const change = check.outsiders.length > 0 ? withoutOutsiders(options.change, check.outsiders) : options.change;
    // A roster left with nobody plans nothing more: the refusal says why.
    const plan = change.roster?.length === 0 ? planMembers(current, { ...change, roster: undefined, prune: false }) : change === options.change ? first : planMembers(current, change);
    const named = [...(change.add ?? []), ...(change.roster ?? []), ...(change.remove ?? [])].map(refOfEntry);
    warnKeptNamed(ctx, plan.remove.filter((r) => !r.pruned).map((r) => r.user), options.change.keep ?? configuredKeep(ctx));
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
      ...(title !== undefined ? { title } : {}),
    });
    const shown = title !== undefined && title !== team ? { title } : {};
    const rows: PlacedRow[] = [...(options.change.add ?? []).map((entry) => ({ entry, team, role: options.change.role, ...shown })), ...(options.change.roster ?? []).map((entry) => ({ entry, team, role: entry.role, ...shown }))];
    const invitations = options.invite !== undefined && check.outsiders.length > 0 ? await joinersDomain(ctx, client, org, options.command, check.outsiders, rows, options.invite, settingsOf(options, maxRemovals), journal) : undefined;
    const whole: ChangeDomain<unknown> =
      changesOrganization(options.lifecycle) || invitations !== undefined
        ? await lifecycleDomain(ctx, { client, org, command: options.command, teams: domain, team, roster: change.roster ?? [], force: options.force === true, concurrency: options.concurrency, options: options.lifecycle, invitations, journal })
        : domain;
    return runChange(ctx, withOrganizationCheck(whole, org, check.refused, check.refusals), runOptions(options));
  });
}

/**
 * The organization check of a plan (`teamctl help organization`, "Who is in the organization"): the users it would add
 * that are not members (`outsiders`, left out of the plan either way), those refused (all of
 * them, unless --skip-unknown, which warns instead), and the refusals, the roster that matches
 * nobody among them. `removes`: whether the plan made with every user would remove members.
 */
async function checkOrganization(
  ctx: Context,
  client: ApiClient,
  org: string,
  options: EngineOptions,
  toAdd: readonly UserRef[],
  removes: boolean,
): Promise<{ outsiders: UserRef[]; refused: UserRef[]; refusals: Refusal[] }> {
  const outsiders = await findOutsiders(client, org, toAdd);
  const refusals: Refusal[] = [];
  const roster = options.change.roster;
  if (roster !== undefined && removes && options.rosterFile !== undefined && roster.every(namesOneOf(outsiders))) {
    refusals.push(matchesNobodyRefusal(options.rosterFile.file, options.rosterFile.column, roster.length));
  }
  if (outsiders.length === 0) return { outsiders, refused: [], refusals };
  if (options.invite !== undefined) return { outsiders, refused: [], refusals };
  if (options.skipUnknown) {
    ctx.io.warn(`${plural(outsiders.length, 'user')} not in organization ${org} left out (--skip-unknown): ${namesOf(outsiders)}`);
    return { outsiders, refused: [], refusals };
  }
  return { outsiders, refused: outsiders, refusals: [outsidersRefusal(org, outsiders), ...refusals] };
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
 * and one plan (`teamctl help rosters`, "Many teams from one roster"). Teams the roster does not name are never
 * read or touched; a team the service does not know is a usage error before anything is sent —
 * unless --create-teams, which creates it (src/members/newTeam.ts).
 */
export async function runOrganizationSync(ctx: Context, options: EngineOptions, roster: UserFile): Promise<number> {
  const org = ctx.setting('org').value;
  ctx.outputFormat();
  const maxRemovals = options.maxRemovals === undefined ? undefined : (options.maxRemovals ?? defaultMaxRemovals);
  if (maxRemovals !== undefined) maxRemovalsAllowed(maxRemovals, 0);
  await checkOutputs(options, ctx.cwd, options.inputs ?? []);

  const client = await ctx.client();
  client.shareBudget(options.concurrency);
  return withJournalOf(ctx.journalHome(), client.base.origin + client.base.prefix, org, lockFor(ctx, options), async (journal) => {
    // Creations an earlier run left of unknown outcome are settled first: a team that landed late is found, never made twice.
    const hold = holdBackOf(ctx, options.holdBack);
    if (options.createTeams === true) await beforeChanges(ctx, 'settling the team creations of an earlier run', () => settleTeamCreations(journal, async () => (await allTeams(client, org)).map((t) => t.title), titleKey, hold, (m) => ctx.io.warn(m)));
    const { byTeam, current, missing, listed } = await readRosterTeams(client, org, roster, options.createTeams === true);
    const fileOf = 'files' in roster ? filesOfTeams(byTeam, missing, () => domains) : undefined;
    const prune = options.change.prune === true;
    const keep = options.change.keep ?? [];
    const firstPlans = planSeveralTeams(current, byTeam, prune, keep, options.placement === true);
    const toAdd = [...[...firstPlans.values()].flatMap((p) => p.add.map((a) => a.user)), ...[...missing.values()].flat().map(refOfEntry)];
    const check = await checkOrganization(ctx, client, org, options, toAdd, [...firstPlans.values()].some((p) => p.remove.length > 0) || options.lifecycle?.pruneOrganization === true);
    const titleOf = (team: string): { title?: string } => {
      const title = listed.find((t) => t.id === team)?.title;
      return title === undefined || title === team ? {} : { title };
    };
    const placedRows: PlacedRow[] = [...byTeam].flatMap(([team, rows]) => rows.map((entry) => ({ entry, team, role: entry.role, ...titleOf(team) })));
    if (options.invite !== undefined && [...missing.values()].flat().some(namesOneOf(check.outsiders))) {
      throw new UsageError('--invite cannot place a user in a team the run creates (--create-teams): create the teams first, then invite; nothing was sent');
    }
    if (check.outsiders.length > 0) {
      const outside = namesOneOf(check.outsiders);
      for (const [team, rows] of byTeam) byTeam.set(team, rows.filter((r) => !outside(r)));
      for (const [title, rows] of missing) missing.set(title, rows.filter((r) => !outside(r)));
    }
    // A team left with no rows is not planned: the refusal says why (`teamctl help organization`, "Who is in the organization").
    for (const [team, rows] of byTeam) if (rows.length === 0) byTeam.delete(team);
    for (const [title, rows] of missing) if (rows.length === 0) missing.delete(title);
    const teams = [...byTeam.keys()];
    const plans = check.outsiders.length > 0 ? planSeveralTeams(current, byTeam, prune, keep, options.placement === true) : firstPlans;
    const settings = { ...settingsOf(options, maxRemovals), teamInMessages: true };
    const domains = teamDomains(ctx, client, org, options.command, settings, teams.map((team) => ({
      team,
      current: current.get(team) ?? [],
      plan: plans.get(team) as MembersPlan,
      named: (byTeam.get(team) ?? []).map(refOfEntry),
      title: listed.find((t) => t.id === team)?.title,
    })));
    if (missing.size > 0) {
      const titles = [...missing.keys()];
      // A saved plan is checked against the teams it was made from; a team that does not exist yet
      // has nothing to check, so such a plan is refused (`teamctl help rosters`, "Many teams from one roster").
      if (options.planOut !== undefined) {
        const named = titles.map((t) => JSON.stringify(t)).join(' ');
        throw new UsageError(`--plan-out cannot save a plan that creates teams (${plural(titles.length, 'team')} to create: ${named}); nothing was sent`, {
          hint: `create ${titles.length === 1 ? 'it' : 'them'} first (\`teamctl teams create ${named}\`), then make the plan again`,
        });
      }
      const { newTeamDomain, organizationMembers } = await import('../members/newTeam.js');
      const members = await organizationMembers(client, org);
      const baseUrl = client.base.origin + client.base.prefix;
      for (const [title, rows] of missing) {
        domains.push(newTeamDomain(ctx, { client, baseUrl, org, title, rows, members, command: options.command, settings, prune: options.change.prune === true, journal, holdBack: hold }));
      }
    }
    const teamsDomain = severalTeamsDomain(domains);
    const rows = [...byTeam.values(), ...missing.values()].flat();
    const invitations = options.invite !== undefined && check.outsiders.length > 0 ? await joinersDomain(ctx, client, org, options.command, check.outsiders, placedRows, options.invite, settings, journal) : undefined;
    const whole: ChangeDomain<unknown> =
      changesOrganization(options.lifecycle) || invitations !== undefined
        ? await lifecycleDomain(ctx, { client, org, command: options.command, teams: teamsDomain, team: undefined, roster: rows, force: options.force === true, concurrency: options.concurrency, options: options.lifecycle, invitations, journal })
        : teamsDomain;
    // A roster folder's reports name each team's file (`teamctl help rosters`, "A folder of team rosters").
    const reported = fileOf === undefined ? whole : withTeamFiles(whole as ChangeDomain<{ team: string }>, fileOf);
    // A folder that is the whole organization: its teams with no file are drift, never removed.
    const { teamsWithoutFile, withTeamsWithoutFile } = await import('./unfiledTeams.js');
    const unfiled = fileOf !== undefined && options.lifecycle?.pruneOrganization === true ? teamsWithoutFile(listed, byTeam.keys()) : [];
    const said = options.directory === undefined ? reported : (await import('./directory.js')).withDirectory(reported, options.directory);
    return runChange(ctx, withOrganizationCheck(withTeamsWithoutFile(ctx, said, unfiled, options.dryRun), org, check.refused, check.refusals), runOptions(options));
  });
}

/**
 * The file each team's rows came from, by the team as the reports name it: its id, or the title
 * of a team to create, then its id once the run created it.
 */
function filesOfTeams(byTeam: ReadonlyMap<string, UserEntry[]>, missing: ReadonlyMap<string, UserEntry[]>, domains: () => readonly MembersDomain[]): FileOf {
  const files = new Map<string, string>();
  for (const [team, rows] of [...byTeam, ...missing]) if (rows[0]?.file !== undefined) files.set(team, rows[0].file);
  return (team) => {
    const created = domains().find((d) => d.creates?.().id === team)?.creates?.();
    return files.get(team) ?? (created === undefined ? undefined : files.get(created.title));
  };
}

/** The members domain of each team of a run over several teams, with the run's settings. */
export function teamDomains(
  ctx: Context,
  client: ApiClient,
  org: string,
  command: string,
  settings: MembersRunSettings,
  teams: readonly { team: string; current: CurrentMember[]; plan: MembersPlan; named: UserRef[]; title?: string | undefined }[],
) {
  const baseUrl = client.base.origin + client.base.prefix;
  return teams.map(({ team, current, plan, named, title }) => membersDomain(ctx, { client, baseUrl, org, team, command, current, plan, named, settings, ...(title !== undefined ? { title } : {}) }));
}

/**
 * The teams an organization roster names, each read (README, "Teams by id or title"): every name
 * is matched, by id and then by title, in one listing of the teams, so a roster (or a roster
 * folder) of many names costs one request before anything is known, not one per name; then each
 * team found is read. A name that is neither, or a title two teams share, is a problem of the
 * roster's lines (exit 2, nothing sent). Rows naming one team by its id and by its title are that
 * team's rows together. With `create` (--create-teams), a name that matches no team and can be a
 * title is a team to create (`missing`); a shared title stays exit 2.
 */
async function readRosterTeams(client: ApiClient, org: string, roster: UserFile, create: boolean): Promise<RosterTeams> {
  const byName = rowsByTeam(roster.users);
  const names = [...byName.keys()];
  const idOf = new Map<string, string>();
  const current = new Map<string, CurrentMember[]>();
  const missing = new Map<string, UserEntry[]>();
  const [listed, matching, { titleProblem }] = await Promise.all([allTeams(client, org), import('../plan/teams.js'), import('../plan/teamChanges.js')]);
  const problems: FileProblem[] = [];
  for (const name of names) {
    const problem = teamProblem(name, listed, org, matching);
    const rows = byName.get(name) ?? [];
    // A group map's team: its lines in the map, not the export's (`teamctl help directory`).
    const sources = roster.teamSources?.get(name);
    const lines = sources?.map((s) => s.line) ?? rows.map((e) => e.line);
    const where = `${sources ? 'group map ' : ''}${lines.length === 1 ? 'line' : 'lines'} ${lines.slice(0, 10).join(', ')}${lines.length > 10 ? ', …' : ''}`;
    // A title that could not be created is said so, not offered to --create-teams.
    const cannot = problem?.kind === 'unknown' ? titleProblem(name) : undefined;
    if (problem?.kind === 'unknown' && create && cannot === undefined) toCreate(missing, name, rows);
    else if (problem !== undefined) {
      const why = cannot !== undefined ? `${problem.message}, and it cannot be created: ${cannot}` : problem.kind === 'unknown' ? `${problem.message}; --create-teams creates it` : problem.message;
      // A roster folder's rows each name their own file (`teamctl help rosters`, "A folder of team rosters").
      problems.push({ file: sources?.[0]?.file ?? rows[0]?.file ?? roster.file, line: lines[0] ?? 0, message: `team ${JSON.stringify(name)}: ${why} (${where})` });
    } else idOf.set(name, pickTeam(name, listed, org, matching).id);
  }
  throwProblems(problems);
  const toRead = [...new Set(idOf.values())];
  const reads = await runPool(toRead, teamReads, (team) => readTeam(client, org, team, 'before planning; nothing was sent'));
  reads.forEach((r, i) => {
    if (!r.ok) throw r.error;
    current.set(toRead[i] as string, r.value);
  });
  const byTeam = new Map<string, UserEntry[]>();
  for (const [name, rows] of byName) {
    const id = idOf.get(name);
    if (id === undefined) continue; // a team to create
    byTeam.set(id, [...(byTeam.get(id) ?? []), ...rows.map((row) => ({ ...row, team: id }))]);
  }
  // A group map may name a team by its id and by its title: each person once, the higher role (`teamctl help directory`).
  if (roster.teamSources !== undefined) for (const [id, rows] of byTeam) byTeam.set(id, oncePerUser(rows));
  throwProblems([...byTeam.values(), ...missing.values()].flatMap(twoFiles));
  return { byTeam, current, missing, listed };
}

/**
 * A team's rows from two files of a roster folder (one naming it by id, the other by title, or
 * two spellings of a title to create): one file per team (`teamctl help rosters`, "A folder of team
 * rosters"), so that each file is the whole roster of its team.
 */
function twoFiles(rows: readonly UserEntry[]): FileProblem[] {
  const first = rows[0];
  const other = rows.find((r) => r.file !== first?.file);
  if (first?.file === undefined || other?.file === undefined) return [];
  return [{ file: other.file, line: 0, message: `${first.file} names the same team (${JSON.stringify(first.team)}): one file per team` }];
}

interface RosterTeams {
  /** The rows of each existing team, by its id. */
  byTeam: Map<string, UserEntry[]>;
  current: Map<string, CurrentMember[]>;
  /** --create-teams: the rows of each team to create, by its title as the roster first writes it. */
  missing: Map<string, UserEntry[]>;
  /** Every team of the organization, as listed. */
  listed: NamedTeam[];
}

/** Each user's first row, with the higher role of their rows (owner over member). */
function oncePerUser(rows: readonly UserEntry[]): UserEntry[] {
  const first = new Map<string, UserEntry>();
  for (const row of rows) {
    const key = userIdentity(row);
    const earlier = first.get(key);
    if (earlier === undefined) first.set(key, { ...row });
    else if (row.role === 'owner') earlier.role = 'owner';
  }
  return [...first.values()];
}

/** A team to create, once: names that differ only in case are one title (they would match each other). */
function toCreate(missing: Map<string, UserEntry[]>, name: string, rows: readonly UserEntry[]): void {
  const title = [...missing.keys()].find((t) => titleKey(t) === titleKey(name)) ?? normalTitle(name);
  missing.set(title, [...(missing.get(title) ?? []), ...rows.map((row) => ({ ...row, team: title }))]);
}
