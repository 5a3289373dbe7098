// `members sync --roster org.csv --create-teams` (`teamctl help rosters`, "Many teams from one roster"): a team
// the roster names that the organization lacks is created, then filled, in the same run.
// - Planned from an empty team: every row is an add (with its role); nothing can be removed.
// - Sent: one creation (PUT /orgs/{org}/teams) with the rows that are organization members (ids;
//   rows by e-mail found in the organization's member listing), then the team is read back and
//   the members domain plans from it — without --prune — and sends the rest: the rows the
//   organization does not have (a bulk add the service refuses, reported as for any team) and
//   the owners' roles (single-member PUTs, in place).
// - A member the service itself put in the team at its creation (its creator, say) is not in the
//   roster: it is kept and reported "not in the roster (kept)", with a warning under --prune —
//   never removed by the run that created the team; the next run with --prune removes it.
// - Creating is not idempotent: the client sends it again only when it cannot have been
//   processed (a refused connection, a 429); after any other failure the teams of that title are
//   listed, and the run goes on with the one team found, or fails that team without sending it
//   again (README, "Teams by id or title").
import type { ApiClient } from '../api/client.js';
import { listOrganizationMembers } from '../api/organization.js';
import type { Context } from '../context.js';
import type { AppliedView } from '../engine/run.js';
import { TeamctlError } from '../errors.js';
import { emailKey, type UserEntry, type UserRef } from '../model/users.js';
import { isEmptyPlan, planMembers, refOfEntry, type CurrentMember } from '../plan/members.js';
import { oneLine } from '../output/terminal.js';
import { plural } from '../output/words.js';
import { membersDomain, type MembersDomain, type MembersRunSettings } from './change.js';
import type { MembersReport, ReportRow } from './report.js';
import { readTeam } from './team.js';
import type { Journal } from '../journal/journal.js';
import type { HoldBackRun } from '../journal/teamCreations.js';
import { createTeamOnce, settledCreation } from '../journal/teamCreation.js';

/** The organization's members, to turn a roster's rows into the member ids a creation takes. */
export interface OrganizationMembers {
  ids: Set<string>;
  /** User id by e-mail (emailKey). */
  byEmail: Map<string, string>;
}

/** GET /orgs/{org}/members, every page: read once per run, and only when a team is to be created. */
export async function organizationMembers(client: ApiClient, org: string): Promise<OrganizationMembers> {
  const members: OrganizationMembers = { ids: new Set(), byEmail: new Map() };
  for await (const page of listOrganizationMembers(client, org, {}, 1000)) {
    for (const m of page) {
      members.ids.add(m.user.id);
      if (m.user.email) members.byEmail.set(emailKey(m.user.email), m.user.id);
    }
  }
  return members;
}

/** The member ids a creation is sent with: the rows the organization has, each once. */
export function creationMembers(rows: readonly UserEntry[], members: OrganizationMembers): string[] {
  const ids = new Set<string>();
  for (const row of rows) {
    const ref = refOfEntry(row);
    const id = ref.email !== null ? members.byEmail.get(emailKey(ref.email)) : ref.id !== null && members.ids.has(ref.id) ? ref.id : undefined;
    if (id !== undefined) ids.add(id);
  }
  return [...ids];
}

export interface NewTeamInput {
  client: ApiClient;
  baseUrl: string;
  org: string;
  /** The title, as the roster writes it. */
  title: string;
  rows: UserEntry[];
  members: OrganizationMembers;
  command: string;
  settings: MembersRunSettings;
  prune: boolean;
  /** The journal the creation is recorded in before it is sent (held under its lock when sending). */
  journal?: Journal | undefined;
  /** How a creation of unknown outcome is settled before the run ends (default: not: exit 6). */
  holdBack?: HoldBackRun | undefined;
}

/** One team to create, as a members domain of the organization run. */
export function newTeamDomain(ctx: Context, input: NewTeamInput): MembersDomain {
  const { client, org, title, rows, settings } = input;
  const named: UserRef[] = rows.map(refOfEntry);
  const sent = creationMembers(rows, input.members);
  const planned = membersDomain(ctx, { client, baseUrl: input.baseUrl, org, team: title, command: input.command, current: [], plan: planMembers([], { roster: rows, prune: input.prune }), named, settings });
  let team = title;
  let made = false;
  const now = (): Date => new Date(input.holdBack?.now() ?? Date.now());

  /** The team as read after its creation, filled and given its roles by the members domain. */
  const fill = async (id: string, note: string, current: CurrentMember[], progress: Parameters<MembersDomain['execute']>[0], interrupted: () => boolean): Promise<AppliedView<ReportRow>> => {
    const plan = planMembers(current, { roster: rows, prune: false });
    const extra = plan.notInRoster ?? [];
    if (input.prune && extra.length > 0) {
      const who = extra.map((u) => oneLine(u.email ?? u.id ?? '')).join(', ');
      ctx.io.warn(`team ${id} (${oneLine(JSON.stringify(title))}): the service made ${who} ${extra.length === 1 ? 'a member' : 'members'} when creating it; not in the roster, kept in this run (the next run with --prune removes ${extra.length === 1 ? 'it' : 'them'})`);
    }
    const creation = { joined: current.filter((m) => sent.includes(m.id)), note };
    const domain = membersDomain(ctx, { client, baseUrl: input.baseUrl, org, team: id, command: input.command, current, plan, named, settings, creation });
    const view = isEmptyPlan(plan) ? domain.nothingToDo() : await domain.execute(progress, interrupted);
    return { ...view, summary: (file) => `Created team ${id} (${oneLine(JSON.stringify(title))}) with ${plural(creation.joined.length, 'member')}.\n${view.summary(file)}` };
  };

  return {
    ...planned,
    get team() {
      return team;
    },
    pruned: 0,
    creates: () => ({ title, id: made ? team : null }),
    planText: async (color) => `+ create team ${oneLine(JSON.stringify(title))} with ${plural(sent.length, 'member')}\n${await planned.planText(color)}`,
    // The creation, then its read-back, before the members domain's own work.
    work: () => ({ ...planned.work(), requests: planned.work().requests + 2 }),
    async execute(progress, interrupted) {
      const created = await settledCreation(await createTeamOnce(client, org, title, sent, input.journal, now()), input, sent, interrupted);
      if ('failure' in created) {
        const unknown = created.unknown === true;
        const what = unknown ? `the creation of team ${JSON.stringify(title)} has an unknown outcome` : `team ${JSON.stringify(title)} was not created`;
        return notCreated(planned, `${what}: ${created.failure}`, created.status, false, unknown);
      }
      team = created.id;
      made = true;
      let current: CurrentMember[];
      try {
        current = await readTeam(client, org, created.id, 'after creating it');
      } catch (err) {
        if (!(err instanceof TeamctlError)) throw err;
        return notCreated(planned, `team created as ${created.id}, but it could not be read back to fill it: ${err.message}; run again to finish it`, null, true);
      }
      return fill(created.id, created.note, current, progress, interrupted);
    },
    planFile: () => {
      throw new Error('a plan that creates teams is refused before it is written');
    },
  };
}

/** A team that was not created (or not read back): every planned change failed, with why. */
function notCreated(planned: MembersDomain, message: string, status: number | null, unverifiable = false, unknown = false): AppliedView<ReportRow> {
  const view = planned.planned();
  // Planned from an empty team, every row is a planned add.
  const rows = view.rows.map((r): ReportRow => ({ ...r, outcome: unknown ? 'unknown' : 'failed', status, message }));
  const json = view.json as MembersReport;
  const adds = json.added.map((user) => ({ user, action: 'add' as const, status, message }));
  const report: MembersReport = {
    ...json,
    dryRun: false,
    added: [],
    roleChanged: [],
    failed: unknown ? [] : adds,
    ...(unknown ? { unknown: adds } : {}),
    verified: false,
  };
  const units = planned.work().units;
  return {
    rows,
    json: report,
    doc: view.doc,
    summary: () => oneLine(unknown ? `unknown: ${message}` : message),
    tally: { total: units, applied: 0, failed: units, unknown: unknown ? units : 0, unexplained: 0, unverifiable, firstFailure: message },
  };
}
