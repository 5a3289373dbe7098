// The organization's members beyond their records (store.ts): role changes, removals (a removed
// member leaves every team of the organization), the accounts the sandbox knows, the pending
// invitations and the removal requests. Reached as `store.members`, part of the one facade.
import { Directory } from './member-requests.js';
import type { Account, StoredInvitation, StoredRemovalRequest } from './member-requests.js';
import { StoreError } from './store-data.js';
import type { OrganizationState } from './store-data.js';
import { normaliseEmail } from './users.js';

export class MemberStore {
  /** Accounts known besides the organizations' members: added by hand, or former members. */
  private readonly directory = new Directory();

  constructor(
    private readonly org: (orgId: string) => OrganizationState,
    private readonly organizations: () => Iterable<OrganizationState>,
    private readonly changed: () => void,
  ) {}

  setRole(orgId: string, userId: string, role: string | null): void {
    const user = this.org(orgId).users.get(userId);
    if (!user) throw new StoreError(`unknown user ${userId} in organization ${orgId}`);
    user.role = role;
    this.changed();
  }

  /** Makes a member an SSO member (POST …/members/{userId}/sso); false when they were one already. */
  setSso(orgId: string, userId: string): boolean {
    const user = this.org(orgId).users.get(userId);
    if (!user) throw new StoreError(`unknown user ${userId} in organization ${orgId}`);
    if (user.sso) return false;
    user.sso = true;
    this.changed();
    return true;
  }

  /**
   * Removes a member from the organization and from every team of it; the account stays known
   * (findAccount). False when the user was not a member.
   */
  remove(orgId: string, userId: string): boolean {
    const org = this.org(orgId);
    const user = org.users.get(userId);
    if (!user) return false;
    for (const team of org.teams.values()) team.delete(userId);
    org.users.delete(userId);
    org.emails.delete(normaliseEmail(user.email));
    org.requests.dropRemovalRequest(userId);
    this.directory.put(user);
    this.changed();
    return true;
  }

  /** Makes an account known to the sandbox (seeds, tests, the data file). */
  addAccount(account: Account): void {
    this.directory.put(account);
    this.changed();
  }

  /** Accounts the sandbox was given or remembers (its organizations' members aside). */
  accounts(): Account[] {
    return this.directory.all();
  }

  /** The account of an e-mail: one the sandbox was given or remembers, else a member's of any organization. */
  findAccount(email: string): Account | undefined {
    const known = this.directory.find(email);
    if (known) return known;
    for (const org of this.organizations()) {
      const id = org.emails.get(normaliseEmail(email));
      const user = id === undefined ? undefined : org.users.get(id);
      if (user) return { id: user.id, displayName: user.displayName, email: user.email, ...(user.photoURL === undefined ? {} : { photoURL: user.photoURL }) };
    }
    return undefined;
  }

  /** Ids of the organizations the e-mail is a member of. */
  organizationsOf(email: string): string[] {
    return [...this.organizations()].filter((org) => org.emails.has(normaliseEmail(email))).map((org) => org.id);
  }

  /** Records an invitation (member-requests.ts: an e-mail invited again stays one invitation). */
  invite(orgId: string, invitation: StoredInvitation): void {
    this.org(orgId).requests.invite(invitation);
    this.changed();
  }

  /** Pending invitations, in the order they were first sent (no endpoint lists them). */
  invitations(orgId: string): StoredInvitation[] {
    return this.org(orgId).requests.allInvitations();
  }

  /** Records a member's removal as a request to the organization's admins. */
  requestRemoval(orgId: string, userId: string, requestedAt: string): void {
    const org = this.org(orgId);
    if (!org.users.has(userId)) throw new StoreError(`unknown user ${userId} in organization ${orgId}`);
    org.requests.requestRemoval(userId, requestedAt);
    this.changed();
  }

  /** Pending removal requests (no endpoint lists them). */
  removalRequests(orgId: string): StoredRemovalRequest[] {
    return this.org(orgId).requests.allRemovalRequests();
  }
}
