// users teams <user>: a member's teams and role in each (README, "Find your way").
import { Command } from 'commander';
import type { Context } from '../../context.js';
import { ExitCode } from '../../errors.js';
import { examples, type Factory } from '../command.js';

export interface UserTeamsOptions {
  user: string;
  pageSize: string;
}

export function command(f: Factory): Command {
  return new Command('teams')
    .argument('<user>')
    .description("a member's teams and role in each (the user by e-mail or id)")
    .option('--page-size <n>', 'teams per request, 1..1000', '1000')
    .addHelpText('after', examples('teamctl users teams kenji.sato@example.com'))
    .action(f.action(run, (cmd, user: string) => ({ user, ...cmd.opts<{ pageSize: string }>() }), ['base-url', 'org']));
}

export async function run(opts: UserTeamsOptions, ctx: Context): Promise<number> {
  const [{ listMemberTeams, memberId }, { writeList }, { parsePageSize }] = await Promise.all([import('../../api/organization.js'), import('../../output/list.js'), import('../../settings.js')]);
  const pageSize = parsePageSize(opts.pageSize);
  const format = ctx.outputFormat();
  const org = ctx.setting('org').value;
  const client = await ctx.client();
  const id = await memberId(client, org, opts.user);
  await writeList(ctx.io, format, listMemberTeams(client, org, id, pageSize), [
    { header: 'team', value: (t) => t.team.id, whole: true },
    { header: 'title', value: (t) => t.team.title },
    { header: 'role', value: (t) => t.member.role },
  ]);
  return ExitCode.ok;
}
