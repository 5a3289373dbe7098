// Joiners with --invite (`teamctl help organization`, "Joiners"): the users outside the organization a plan would add,
// turned into invitations. An e-mail is invited, unless teamctl's record says it was invited within
// --reinvite-after (then it is pending, not invited again); an id cannot be invited (exit 2, asking
// for the e-mail). Each invitee's organization role is their row's `orgRole`, else --invite-role.
import type { ApiClient } from '../api/client.js';
import type { TeamMemberRole } from '../api/types.js';
import type { Context } from '../context.js';
import type { ChangeDomain } from '../engine/run.js';
import { UsageError } from '../errors.js';
import type { UserEntry, UserRef } from '../model/users.js';
import { namesOneOf } from '../plan/organization.js';
import type { OrganizationRole } from '../plan/organization.js';
import type { MembersRunSettings } from '../members/change.js';
import { recordedInvitation, stillPending } from './invitations.js';
import type { Journal } from '../journal/journal.js';
import { inviteDomain, type Invitee, type PendingInvitee } from './invitations.js';
import { namesOf } from './outsiders.js';
import type { StepRow } from './sequence.js';

export interface InviteOptions {
  /** --invite-role (default read): the role of an invitee whose row gives none. */
  role: OrganizationRole;
  /** --sso: invited as SSO users. */
  sso: boolean;
  /** --reinvite-after <days> (default 7). */
  reinviteAfterDays: number;
}

/** A row that names a user for a team: the team, and the team role it asks for. */
export interface PlacedRow {
  entry: UserEntry;
  team: string;
  role: TeamMemberRole | undefined;
  /** The team's title, when the run listed it (shown beside the id). */
  title?: string;
}

export async function joinersDomain(
  ctx: Context,
  client: ApiClient,
  org: string,
  command: string,
  outsiders: readonly UserRef[],
  rows: readonly PlacedRow[],
  options: InviteOptions,
  settings: MembersRunSettings,
  journal: Journal,
): Promise<ChangeDomain<StepRow>> {
  const byId = outsiders.filter((u) => u.email === null);
  if (byId.length > 0) {
    throw new UsageError(`${namesOf(byId)} ${byId.length === 1 ? 'is' : 'are'} not in organization ${org} and named by id: an invitation goes to an e-mail; nothing was sent`, {
      hint: 'name them by their e-mail in the file or on the command line',
    });
  }
  const baseUrl = client.base.origin + client.base.prefix;
  const now = ctx.now?.() ?? Date.now();
  const invitees: Invitee[] = [];
  const pending: PendingInvitee[] = [];
  for (const user of outsiders) {
    const email = user.email as string;
    const theirs = rows.filter((r) => namesOneOf([user])(r.entry));
    const recorded = recordedInvitation(journal, email);
    if (recorded !== undefined && stillPending(recorded.sentAt, options.reinviteAfterDays, now)) {
      pending.push({ email, invitedAt: recorded.sentAt });
      continue;
    }
    const orgRole = theirs.find((r) => r.entry.orgRole !== undefined)?.entry.orgRole;
    invitees.push({ email, role: orgRole === undefined ? options.role : (orgRole as OrganizationRole), teams: theirs.map((r) => ({ team: r.team, role: r.role, ...(r.title === undefined ? {} : { title: r.title }) })) });
  }
  return inviteDomain(ctx, { client, baseUrl, org, command, journal, invitees, pending, sso: options.sso, reinviteAfterDays: options.reinviteAfterDays, settings });
}
