// One team: its title, its creation time when the sandbox knows it, its members (roles by user
// id, and the user ids kept in order for listings: README, sandbox: "Rehearsing at scale").
import { randomBytes } from 'node:crypto';
import type { TeamMemberRole } from '../api/types.js';
import { compareStrings, SortedList } from './sorted-list.js';

/** A team: title, creation time, and members (roles by user id, user ids in order for listings). */
export class Team {
  readonly roles = new Map<string, TeamMemberRole>();
  readonly order = new SortedList<string>(compareStrings);

  /**
   * `createdAt` is set for a team created through the service; the seed's teams, and those of a
   * data file that does not say, were made with the store (their creation time is the store's).
   */
  constructor(
    public title: string,
    readonly createdAt?: string,
  ) {}

  set(userId: string, role: TeamMemberRole): void {
    if (!this.roles.has(userId)) this.order.insert(userId);
    this.roles.set(userId, role);
  }

  delete(userId: string): boolean {
    if (!this.roles.delete(userId)) return false;
    this.order.delete(userId);
    return true;
  }

  clear(): void {
    for (const userId of this.roles.keys()) this.order.delete(userId);
    this.roles.clear();
  }
}

const teamIdAlphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * A fresh team id for a team created through the service: 20 random alphanumerics, the shape of
 * the seed's user ids and within the document's EntityId pattern; never derived from the title
 * (titles are not unique). The service's own id format is not shown (sandbox's choice).
 */
export function newTeamId(): string {
  let id = '';
  for (const b of randomBytes(20)) id += teamIdAlphabet[b % teamIdAlphabet.length];
  return id;
}
