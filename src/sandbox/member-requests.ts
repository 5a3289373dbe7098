// What the sandbox keeps about people who are not (or not yet, or soon no longer) members of an
// organization: the accounts it knows (its "user directory"), each organization's pending
// invitations (POST /orgs/{org}/invites), and the removals sent to an organization's admins as
// requests (DELETE /orgs/{org}/members/{userId} answered 202). The published document lists none of
// these anywhere, so no endpoint does; the store keeps them, and the data file with it.
import { normaliseEmail } from './users.js';

/** An account the sandbox knows: who an e-mail belongs to, and under which user id. */
export interface Account {
  id: string;
  displayName: string;
  email: string;
  photoURL?: string;
}

/** An invitation still pending: an e-mail invited to the organization, who has not joined. */
export interface StoredInvitation {
  /** As given by the invitation (trimmed). */
  email: string;
  /** The role the invitee is to join with (null: guest). */
  role: string | null;
  /** Whether the invitee is to join as an SSO user. */
  sso: boolean;
  invitedAt: string;
}

/** A member's removal, sent to the organization's admins and not (yet) carried out. */
export interface StoredRemovalRequest {
  userId: string;
  requestedAt: string;
}

/** Accounts by e-mail (trimmed, case-insensitive). */
export class Directory {
  private readonly accounts = new Map<string, Account>();

  find(email: string): Account | undefined {
    return this.accounts.get(normaliseEmail(email));
  }

  /** Adds or replaces the account of an e-mail. */
  put(account: Account): void {
    const copy: Account = { id: account.id, displayName: account.displayName, email: account.email };
    if (account.photoURL !== undefined) copy.photoURL = account.photoURL;
    this.accounts.set(normaliseEmail(account.email), copy);
  }

  all(): Account[] {
    return [...this.accounts.values()];
  }
}

/** One organization's pending invitations (by e-mail) and removal requests (by user id). */
export class MemberRequests {
  private readonly invitations = new Map<string, StoredInvitation>();
  private readonly removals = new Map<string, StoredRemovalRequest>();

  /**
   * Records an invitation. An e-mail invited again stays one invitation, first sent at its first
   * `invitedAt`, now with the role and SSO of the latest (sandbox's choice: the document does not
   * say what a second invitation does).
   */
  invite(invitation: StoredInvitation): void {
    const key = normaliseEmail(invitation.email);
    const earlier = this.invitations.get(key);
    this.invitations.set(key, { ...invitation, invitedAt: earlier?.invitedAt ?? invitation.invitedAt });
  }

  invitation(email: string): StoredInvitation | undefined {
    return this.invitations.get(normaliseEmail(email));
  }

  /** Drops the invitation of an e-mail (its invitee joined); false when there was none. */
  dropInvitation(email: string): boolean {
    return this.invitations.delete(normaliseEmail(email));
  }

  /** Pending invitations, in the order they were first sent. */
  allInvitations(): StoredInvitation[] {
    return [...this.invitations.values()];
  }

  /** Records a removal request; one already pending for the user is kept as it was. */
  requestRemoval(userId: string, requestedAt: string): void {
    if (!this.removals.has(userId)) this.removals.set(userId, { userId, requestedAt });
  }

  dropRemovalRequest(userId: string): boolean {
    return this.removals.delete(userId);
  }

  allRemovalRequests(): StoredRemovalRequest[] {
    return [...this.removals.values()];
  }
}
