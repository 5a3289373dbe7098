// `access sync <file>` (README, "Access"): the file read and checked, the organization's access
// read once (resources, teams, members, every grant), the plan made, then the change engine with
// the access domain — under the one lock when anything may be sent.
import type { Context } from '../context.js';
import { checkOutputs, holdBackOf, runChange, runOptions } from '../engine/run.js';
import { UsageError } from '../errors.js';
import type { Caller } from '../plan/accessGuards.js';
import type { AccessState } from './state.js';
import type { AccessRow } from './change.js';
import type { ChangeDomain } from '../engine/run.js';
import type { ApiClient } from '../api/client.js';
import type { HoldBack } from '../journal/holdBack.js';
import type { Journal } from '../journal/journal.js';
import type { HoldBackRun } from '../journal/teamCreations.js';

export interface AccessSyncOptions {
  file: string;
  sheet?: string | undefined;
  prune: boolean;
  allResources: boolean;
  maxRevocations: string;
  force: boolean;
  concurrency: number;
  dryRun: boolean;
  exitCode?: boolean | undefined;
  planOut?: string | undefined;
  report?: string | undefined;
  /** false with --no-wait: refuse at once when another run holds the journal's lock. */
  wait?: boolean | undefined;
  /** --hold-back and --no-settle (`teamctl help reliability`, "The hold-back time"). */
  holdBack?: HoldBack | undefined;
  /** --create-teams: a team the file names and the organization lacks is created first. */
  createTeams?: boolean | undefined;
}

/** The token's user and the teams it is in (none when it is no member of the organization). */
async function callerOf(client: ApiClient, org: string): Promise<Caller> {
  const [{ getAuthenticatedUser }, { listMemberTeams }, { NotFoundError }] = await Promise.all([import('../api/users.js'), import('../api/organization.js'), import('../errors.js')]);
  const user = await getAuthenticatedUser(client);
  const teams = new Set<string>();
  try {
    for await (const page of listMemberTeams(client, org, user.id, 1000)) for (const t of page) teams.add(t.team.id);
  } catch (err) {
    if (!(err instanceof NotFoundError)) throw err;
  }
  return { id: user.id, teams };
}

/** The team creations of an earlier run still of unknown outcome, settled by the listing; returns the titles still held back. */
async function settleEarlierCreations(ctx: Context, client: ApiClient, org: string, journal: Journal, hold: HoldBackRun): Promise<string[]> {
  const [{ beforeChanges }, { settleTeamCreations }, { titleKey }, { readDirectory }] = await Promise.all([import('../engine/waiting.js'), import('../journal/teamCreations.js'), import('../model/titles.js'), import('./directory.js')]);
  const list = async (): Promise<string[]> => (await readDirectory(client, org, { kinds: [], teams: true })).teams.map((t) => t.title);
  const held = await beforeChanges(ctx, 'settling the team creations of an earlier run', () => settleTeamCreations(journal, list, titleKey, hold, (m) => ctx.io.warn(m)));
  return held.map((h) => h.title);
}

export async function runAccessSync(ctx: Context, options: AccessSyncOptions): Promise<number> {
  if (options.allResources && !options.prune) throw new UsageError('--all-resources says where --prune revokes: pass it with --prune');
  const [{ readAccessFile }, { readAccessState }, { desiredAccess }, { planAccess }, { accessDomain }, { withJournalOf }, { journaledGrants, heldBackGrants }] = await Promise.all([
    import('../files/access.js'),
    import('./state.js'),
    import('./desired.js'),
    import('../plan/access.js'),
    import('./change.js'),
    import('../journal/journal.js'),
    import('./userGrants.js'),
  ]);
  const file = await readAccessFile(options.file, ctx.cwd, options.sheet);
  const inputs = [{ path: options.file, what: 'the access file' }];
  await checkOutputs(options, ctx.cwd, inputs);
  const org = ctx.setting('org').value;
  const client = await ctx.client();
  const baseUrl = client.base.origin + client.base.prefix;
  const sends = !options.dryRun && options.planOut === undefined;
  const lock = sends ? { wait: options.wait !== false, onWait: (m: string) => ctx.io.info(m), what: 'the access' } : undefined;
  return withJournalOf(ctx.journalHome(), baseUrl, org, lock, async (journal) => {
    const creating = options.createTeams === true ? await import('./newTeams.js') : undefined;
    const teamsHold = holdBackOf(ctx, options.holdBack, 'teams');
    // Creations an earlier run left of unknown outcome are settled first: a team that landed late is found, never made twice.
    const held = creating === undefined ? [] : await settleEarlierCreations(ctx, client, org, journal, teamsHold);
    const read = (): Promise<[AccessState, Caller]> => Promise.all([readAccessState(client, org, options.concurrency), callerOf(client, org)]);
    const hold = holdBackOf(ctx, options.holdBack, 'grants');
    const domainOf = async (state: AccessState, caller: Caller): Promise<ChangeDomain<AccessRow>> => {
      const journaled = await journaledGrants(journal, state.grants, hold.holdBackMs, hold.now);
      const desired = desiredAccess(file, state.directory);
      const plan = planAccess({ resources: state.directory.resources, grants: state.grants, desired, prune: options.prune, allResources: options.allResources });
      if (plan.problems.length > 0) throw new UsageError(`${plan.problems.join('; ')}; nothing was sent`);
      if (!sends) for (const m of heldBackGrants(journaled, plan.changes)) ctx.io.warn(m);
      return accessDomain({
        client,
        baseUrl,
        org,
        command: 'access sync',
        resources: state.directory.resources,
        grants: state.grants,
        plan,
        scope: { named: desired.resources, all: options.allResources },
        caller,
        maxRevocations: options.maxRevocations,
        force: options.force,
        concurrency: options.concurrency,
        warn: (m) => ctx.io.warn(m),
        journaled,
        holdBack: hold,
      });
    };
    const [state, caller] = await read();
    const toCreate = creating === undefined ? [] : await creating.teamsToCreate(file, state.directory);
    if (creating === undefined || toCreate.length === 0) return runChange(ctx, await domainOf(state, caller), runOptions({ ...options, inputs }));
    if (options.planOut !== undefined) creating.refuseSavedCreations(toCreate);
    if (sends) creating.refuseHeld(toCreate, held);
    // The grants to a team to create are planned against its title, then bound to its id once created.
    creating.plannedTeams(state.directory, toCreate);
    const planned = await domainOf(state, caller);
    const created = async (interrupted: () => boolean): Promise<ChangeDomain<AccessRow>> => {
      await creating.createTeams(ctx, toCreate, { client, org, journal, holdBack: teamsHold }, interrupted);
      return domainOf(...(await read()));
    };
    const shown = creating.withCreations(planned, toCreate, created);
    return runChange(ctx, shown, runOptions({ ...options, inputs }));
  });
}
