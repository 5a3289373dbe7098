// Users placed in several named teams in one run (`teamctl help organization`, "A joiner's day"):
// `members onboard --team a,b:owner` and `members add --team a,b`. Each team is named on the
// command line by its id or its title and matched in one listing of the teams (an unknown name is
// exit 5, a title two teams share exit 2, both before anything is sent); the users and their team
// roles then make an organization roster that adds and never prunes, run like `members sync
// --roster` with a team column (run.ts): one plan across teams, the invitations of --invite, the
// organization role of --org-role, and every other member left alone.
import type { Context } from '../context.js';
import { UsageError } from '../errors.js';
import type { UserFile } from '../files/users.js';
import type { TeamMemberRole } from '../api/types.js';
import type { UserEntry } from '../model/users.js';
import { allTeams, pickTeam } from '../members/teamRef.js';
import type { OrganizationRole } from '../plan/organization.js';
import { defaultMaxOrgRemovals } from '../plan/organization.js';
import { configuredKeep } from './keep.js';
import { runOrganizationSync, type EngineOptions } from './run.js';

/** A team as named on the command line, with the team role asked for there (undefined: none). */
export interface NamedTeam {
  name: string;
  role: TeamMemberRole | undefined;
}

/** `--team a,b:owner`: each name, with its `:owner` or `:member` taken off as its role. */
export function namedTeams(names: readonly string[]): NamedTeam[] {
  return names.map((name) => {
    const m = /^(.*\S)\s*:\s*(owner|member)$/i.exec(name);
    return m === null ? { name, role: undefined } : { name: (m[1] as string).trim(), role: (m[2] as string).toLowerCase() as TeamMemberRole };
  });
}

export interface Placement {
  users: readonly UserEntry[];
  teams: readonly NamedTeam[];
  /** --org-role: the organization role every user ends with (invitees are invited with it). */
  orgRole?: OrganizationRole | undefined;
  /** The team setting as given once (`--team "R,D"`): one team when a title is that whole name. */
  whole?: string | undefined;
}

export async function runPlacement(ctx: Context, options: Omit<EngineOptions, 'change'>, placement: Placement): Promise<number> {
  const org = ctx.setting('org').value;
  ctx.outputFormat();
  const client = await ctx.client();
  const [listed, matching] = await Promise.all([allTeams(client, org), import('../plan/teams.js')]);
  // Each team once, by its id: a team named twice (by id and by title) with two roles is ambiguous.
  const byId = new Map<string, NamedTeam>();
  // A title may hold a comma: a whole name that is a team's title names that team alone.
  const whole = placement.whole === undefined ? undefined : matching.matchTeam(placement.whole, listed);
  const teams = whole?.kind === 'found' ? [{ name: placement.whole as string, role: undefined }] : placement.teams;
  for (const named of teams) {
    const { id } = pickTeam(named.name, listed, org, matching);
    const earlier = byId.get(id);
    if (earlier !== undefined && earlier.role !== named.role) {
      throw new UsageError(`--team names team ${id} twice (${JSON.stringify(earlier.name)} and ${JSON.stringify(named.name)}) with two roles: name it once; nothing was sent`);
    }
    byId.set(id, named);
  }
  const orgRole = placement.orgRole;
  const rows = [...byId].flatMap(([team, { role }]) =>
    placement.users.map((user): UserEntry => ({ ...user, team, ...(role !== undefined ? { role } : {}), ...(orgRole !== undefined ? { orgRole } : {}) })),
  );
  const roster: UserFile = { file: 'the command line', users: rows, warnings: [], header: null };
  const lifecycle = orgRole === undefined ? undefined : { orgRoles: true, pruneOrganization: false, pruneGuests: false, keep: configuredKeep(ctx), maxOrgRemovals: defaultMaxOrgRemovals };
  return runOrganizationSync(ctx, { ...options, change: { roster: rows, prune: false, keep: [] }, placement: true, ...(lifecycle !== undefined ? { lifecycle } : {}) }, roster);
}
