// Who a run invites (`teamctl help organization`, "Joiners"): the invitees, the pending ones, and what a saved plan
// keeps of them. Types only, below the invitations domain (invite.ts) and the organization's.
import type { TeamMemberRole } from '../api/types.js';
import type { OrganizationRole } from '../plan/orgMembers.js';

/** A user to invite: the e-mail, the organization role, and the teams (and rows) to place them in. */
export interface Invitee {
  email: string;
  role: OrganizationRole;
  /** Each team and the team role asked for (undefined: member). */
  teams: { team: string; role: TeamMemberRole | undefined }[];
}

/** An invitee recorded as invited within --reinvite-after: not invited again. */
export interface PendingInvitee {
  email: string;
  invitedAt: string;
}

/** What a saved plan keeps of the invitations (README, "Review, then apply"). */
export interface InvitationsPlanBody {
  invitees: Invitee[];
  pending: PendingInvitee[];
  sso: boolean;
  reinviteAfterDays: number;
  /** How the placements are sent. */
  batchSize: number;
  concurrency: number;
}
