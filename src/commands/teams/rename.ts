// teams rename <team> <title>: a team (by id or title) gets a new title, through the change engine
// (README, "Teams by id or title"). A title another team has is exit 2; the same title, nothing to do.
import { Command } from 'commander';
import type { Context } from '../../context.js';
import { examples, type Factory } from '../command.js';

export interface TeamsRenameOptions {
  team: string;
  title: string;
  dryRun?: boolean;
  planOut?: string;
  report?: string;
}

export function command(f: Factory): Command {
  return new Command('rename')
    .argument('<team>')
    .argument('<title>')
    .description('give a team (by id or title) a new title')
    .option('--dry-run', 'print the plan, send no change')
    .option('--plan-out <file>', 'a dry run that also writes the plan, for `teamctl apply` after review')
    .option('--report <file.csv>', 'write one row per team: action, team, title, outcome, HTTP status, message')
    .addHelpText('after', examples('teamctl teams rename design "Product Design" --dry-run', 'teamctl teams rename "Product Design" "Design Systems"'))
    .action(f.action(run, (cmd, team: string, title: string) => ({ team, title, ...cmd.opts<Omit<TeamsRenameOptions, 'team' | 'title'>>() }), ['base-url', 'org']));
}

export async function run(opts: TeamsRenameOptions, ctx: Context): Promise<number> {
  const [{ runTeamsChange }, { planRename }] = await Promise.all([import('../../teams/run.js'), import('../../plan/teamChanges.js')]);
  return runTeamsChange(ctx, { command: 'teams rename', names: [opts.team], plan: (teams) => planRename(opts.team, opts.title, teams), ...opts });
}
