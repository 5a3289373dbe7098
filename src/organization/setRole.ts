// `users set-role` (`teamctl help organization`, "Organization roles and leavers"): the organization's members read
// once, the caller found (GET /user), the role changes planned (src/plan/organization.ts) and run
// through the change engine with the organization domain (src/organization/members.ts).
import type { Context } from '../context.js';
import { checkOutputs, runChange, runOptions, type RunOptions } from '../engine/run.js';
import { NotFoundError } from '../errors.js';
import type { UserEntry } from '../model/users.js';
import { refOfEntry } from '../plan/members.js';
import { defaultMaxOrgRemovals, planOrganizationMembers, roleName, type OrganizationRole } from '../plan/organization.js';
import { orgMembersDomain } from './members.js';
import { callerOf, readOrgMembers } from './read.js';
import { configuredKeep } from './keep.js';

export interface SetRoleOptions extends Partial<RunOptions> {
  users: readonly UserEntry[];
  role: OrganizationRole;
  concurrency: number;
}

export async function runSetOrganizationRole(ctx: Context, options: SetRoleOptions): Promise<number> {
  const org = ctx.setting('org').value;
  ctx.outputFormat(); // a bad -o fails here, before anything is read or sent
  await checkOutputs(options, ctx.cwd, options.inputs ?? []);
  const client = await ctx.client();
  const members = await readOrgMembers(client, org);
  const caller = await callerOf(client, members);
  // The config key keep: a kept member named here is changed, with the warning --keep gives.
  const keep = configuredKeep(ctx).map(refOfEntry);
  const plan = planOrganizationMembers(members, { roles: options.users.map((u) => ({ user: refOfEntry(u), role: options.role, explicit: true })), keep });
  if (plan.notMember.length === options.users.length) {
    const [only] = plan.notMember;
    const who = options.users.length === 1 && only ? (only.email ?? only.id) : `none of the ${options.users.length} users named`;
    throw new NotFoundError(`${who} ${options.users.length === 1 ? 'is not' : 'is'} a member of organization ${org}; nothing was sent`, {
      hint: 'find them with `teamctl users list --search <name or e-mail>`',
    });
  }
  for (const u of plan.notMember) ctx.io.warn(`${u.email ?? u.id} is not a member of organization ${org}: no role to give them ${roleName(options.role)}`);
  const domain = orgMembersDomain(ctx, {
    client,
    baseUrl: client.base.origin + client.base.prefix,
    org,
    command: 'users set-role',
    members,
    plan,
    caller,
    maxOrgRemovals: defaultMaxOrgRemovals,
    force: false,
    concurrency: options.concurrency,
  });
  return runChange(ctx, domain, runOptions(options));
}
