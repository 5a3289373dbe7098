// audit actions: the action names `audit list --action` takes (`teamctl help audit`).
import { Command } from 'commander';
import type { Context } from '../../context.js';
import { ExitCode } from '../../errors.js';
import { examples, type Factory } from '../command.js';

export function command(f: Factory): Command {
  return new Command('actions')
    .description('list the audit action names and their labels')
    .addHelpText('after', examples('teamctl audit actions', 'teamctl audit actions --jq ".[].id"'))
    .action(f.action(run, () => ({}), ['base-url', 'org']));
}

export async function run(_opts: object, ctx: Context): Promise<number> {
  const { auditActions } = await import('../../audit/list.js');
  await auditActions(ctx);
  return ExitCode.ok;
}
