// Protected users (`teamctl help organization`, "Organization roles and leavers"): the config key
// `keep`: e-mails or ids separated by commas, as --keep takes them. A prune never removes them and a roster never
// demotes them; naming one explicitly for removal is allowed, and said.
import type { Context } from '../context.js';
import { parseUserArguments, throwProblems } from '../files/userValues.js';
import type { UserEntry, UserRef } from '../model/users.js';
import { namesOneOf } from '../plan/organization.js';
import { describeUser } from '../plan/members.js';

/** The users the profile's `keep` names (a bad one is exit 2, naming the key). */
export function configuredKeep(ctx: Context): UserEntry[] {
  const value = ctx.profile().keep;
  if (value === undefined) return [];
  const { users, problems } = parseUserArguments(value.split(',').map((v) => v.trim()).filter((v) => v !== ''), 'the config key keep');
  throwProblems(problems);
  return users;
}

/** Warns about each user named for removal whom `keep` protects: removed anyway, as asked. */
export function warnKeptNamed(ctx: Context, removed: readonly UserRef[], keep: readonly UserEntry[]): void {
  for (const user of removed) {
    const named = keep.some((k) => namesOneOf([user])(k));
    if (named) ctx.io.warn(`${describeUser(user)} is kept (protected), but named for removal: removed anyway`);
  }
}
