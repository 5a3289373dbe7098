// audit list: the organization's audit events, newest first (`teamctl help audit`).
import { Command } from 'commander';
import type { Context } from '../../context.js';
import { ExitCode } from '../../errors.js';
import type { AuditListOptions } from '../../audit/list.js';
import { examples, type Factory } from '../command.js';

export function command(f: Factory): Command {
  return new Command('list')
    .description("list the organization's audit events, newest first: time, action, actor, source, target")
    .option('--since <when>', 'events at or after this: a date (2026-03-01, 2026-03-01T09:00:00Z) or a duration back from now (7d, 12h, 30m)')
    .option('--until <when>', 'events at or before this: a date or a duration back from now')
    .option('--action <name>', 'only this action (`teamctl audit actions` lists them)')
    .option('--actor <user>', 'only events by this user: an e-mail or a user id')
    .option('--target <what>', 'only events on this: an e-mail, a team, space, collection or site title, or an id')
    .option('--follow-from <state-file>', 'emit only the events after the position in this file, oldest first, then write the new position (for a scheduled export)')
    .addHelpText(
      'after',
      examples(
        'teamctl audit list --since 7d',
        'teamctl audit list --target "Platform Engineering" -o csv',
        'teamctl audit list --since 30d --follow-from audit.state --json',
      ),
    )
    .action(f.action(run, (cmd) => cmd.opts<AuditListOptions>(), ['base-url', 'org']));
}

export async function run(opts: AuditListOptions, ctx: Context): Promise<number> {
  const { auditList } = await import('../../audit/list.js');
  await auditList(opts, ctx);
  return ExitCode.ok;
}
