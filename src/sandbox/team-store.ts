// One team's members: roles by user id, and the user ids kept in order for listings (README,
// sandbox: "Rehearsing at scale").
import type { TeamMemberRole } from '../api/types.js';
import { compareStrings, SortedList } from './sorted-list.js';

/** A team's members: roles by user id, and the user ids in order for listings. */
export class Team {
  readonly roles = new Map<string, TeamMemberRole>();
  readonly order = new SortedList<string>(compareStrings);

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
