// teams delete <team…>: teams (by id or title) deleted, through the change engine (README, "Teams
// by id or title"). A team with members needs --force; an unknown team is exit 5, nothing sent;
// deleting asks for confirmation on a terminal, else needs --yes.
import { Command } from 'commander';
import type { Context } from '../../context.js';
import { examples, type Factory } from '../command.js';

export interface TeamsDeleteOptions {
  teams: string[];
  dryRun?: boolean;
  planOut?: string;
  report?: string;
  force?: boolean;
}

export function command(f: Factory): Command {
  return new Command('delete')
    .argument('<team...>')
    .description('delete teams (by id or title); a team with members needs --force, an unknown one is exit 5 with nothing sent')
    .option('--force', 'delete teams that have members')
    .option('--dry-run', 'print the plan, send no change')
    .option('--plan-out <file>', 'a dry run that also writes the plan, for `teamctl apply` after review')
    .option('--report <file.csv>', 'write one row per team: action, team, title, outcome, HTTP status, message')
    .addHelpText('after', examples('teamctl teams delete design --force --dry-run', 'teamctl teams delete "Product Design" --force --yes'))
    .action(f.action(run, (cmd, teams: string[]) => ({ teams, ...cmd.opts<Omit<TeamsDeleteOptions, 'teams'>>() }), ['base-url', 'org']));
}

export async function run(opts: TeamsDeleteOptions, ctx: Context): Promise<number> {
  const [{ runTeamsChange }, { planDelete }] = await Promise.all([import('../../teams/run.js'), import('../../plan/teamChanges.js')]);
  return runTeamsChange(ctx, { command: 'teams delete', names: opts.teams, plan: (teams) => planDelete(opts.teams, teams), ...opts });
}
