// Users looked up the one way teamctl matches them everywhere (planner, executor, reports): by id,
// else by e-mail ignoring case. In constant time, since rosters and teams hold thousands.

import { emailKey, type UserRef } from '../model/users.js';

export class UserMap<V> {
  private readonly byId = new Map<string, V>();
  private readonly byEmail = new Map<string, V>();

  /** The first value set for an id or e-mail stays. */
  set(user: UserRef, value: V): void {
    if (user.id !== null && !this.byId.has(user.id)) this.byId.set(user.id, value);
    if (user.email !== null && !this.byEmail.has(emailKey(user.email))) this.byEmail.set(emailKey(user.email), value);
  }

  /** By id, else by e-mail ignoring case. */
  get(user: UserRef): V | undefined {
    if (user.id !== null) {
      const found = this.byId.get(user.id);
      if (found !== undefined) return found;
    }
    return user.email === null ? undefined : this.byEmail.get(emailKey(user.email));
  }

  has(user: UserRef): boolean {
    return this.get(user) !== undefined;
  }

  static of<V>(entries: Iterable<[UserRef, V]>): UserMap<V> {
    const map = new UserMap<V>();
    for (const [user, value] of entries) map.set(user, value);
    return map;
  }

  /** Users (or members) as their own values. */
  static index<M extends UserRef>(users: Iterable<M>): UserMap<M> {
    const map = new UserMap<M>();
    for (const user of users) map.set(user, user);
    return map;
  }
}
