// teams create <title…>: new teams of the organization, through the change engine (README, "Teams
// by id or title"). A title a team has already (in any case) is exit 2, with nothing sent.
import { Command } from 'commander';
import type { Context } from '../../context.js';
import { examples, journalOptions, type Factory, type JournalFlags } from '../command.js';

export interface TeamsCreateOptions extends JournalFlags {
  titles: string[];
  dryRun?: boolean;
  planOut?: string;
  report?: string;
}

export function command(f: Factory): Command {
  const cmd = new Command('create')
    .argument('<title...>')
    .description('create teams with these titles (1-64 characters; a title that exists is refused)')
    .option('--dry-run', 'print the plan, send no change')
    .option('--plan-out <file>', 'a dry run that also writes the plan, for `teamctl apply` after review')
    .option('--report <file.csv>', 'write one row per team: action, team, title, outcome, HTTP status, message')
    .addHelpText('after', examples('teamctl teams create "Data Platform" --dry-run', 'teamctl teams create "Data Platform" "Site Reliability"'))
    .action(f.action(run, (cmd, titles: string[]) => ({ titles, ...cmd.opts<Omit<TeamsCreateOptions, 'titles'>>() }), ['base-url', 'org']));
  return journalOptions(cmd, { holdBack: true });
}

export async function run(opts: TeamsCreateOptions, ctx: Context): Promise<number> {
  const [{ runTeamsChange }, { planCreate }, { parseHoldBack }] = await Promise.all([import('../../teams/run.js'), import('../../plan/teamChanges.js'), import('../../journal/holdBack.js')]);
  const { holdBack, settle, ...rest } = opts;
  return runTeamsChange(ctx, { command: 'teams create', names: [], plan: (teams) => planCreate(opts.titles, teams), ...rest, holdBack: parseHoldBack({ holdBack, settle }) });
}
