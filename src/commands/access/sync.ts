// access sync: make the service's access match a file of grants (README, "Access").
import { Command } from 'commander';
import type { Context } from '../../context.js';
import { examples, journalOptions, type Factory, type JournalFlags } from '../command.js';

export interface AccessSyncFlags extends JournalFlags {
  sheet?: string;
  prune?: boolean;
  allResources?: boolean;
  maxRevocations?: string;
  force?: boolean;
  concurrency: string;
  dryRun?: boolean;
  exitCode?: boolean;
  planOut?: string;
  report?: string;
  createTeams?: boolean;
}

export function command(f: Factory): Command {
  const cmd = new Command('sync')
    .description('make the grants and general access of the spaces, collections and sites a file names match it')
    .argument('<file>', 'the access file: CSV, TSV or .xlsx with the columns resource, team or user, role (`teamctl help access`)')
    .option('--prune', 'revoke the grants the file does not name, on the resources it names')
    .option('--all-resources', 'with --prune: on every resource, not only those the file names')
    .option('--max-revocations <n|p%>', 'refuse a plan revoking more than this (default 25% of the grants those resources hold, at least 1)')
    .option('--force', 'apply a plan over --max-revocations')
    .option('--create-teams', 'create a team the file names and the organization lacks, first (not with --plan-out)')
    .option('--dry-run', 'print the plan, send no change')
    .option('--exit-code', 'with --dry-run: exit 8 when the plan is not empty (drift check)')
    .option('--no-audit', 'with --exit-code: do not name, from the audit log, who changed what drifted')
    .option('--plan-out <file>', 'a dry run that also writes the plan, for `teamctl apply` after review')
    .option('--report <file.csv>', 'write one row per change: action, resource, team or user, role, outcome, message')
    .option('--sheet <name>', 'the sheet of an .xlsx file (default: the first)')
    .option('--concurrency <n>', 'requests in flight at once', '8')
    .addHelpText(
      'after',
      examples(
        'teamctl access sync access.csv --dry-run',
        'teamctl access list -o csv > access.csv                           # today\'s access as a file',
        'teamctl access sync access.csv --prune --plan-out plan.json     # then: teamctl apply plan.json',
        'teamctl access sync access.csv --prune --dry-run --exit-code    # CI drift check',
      ),
    )
    .action(f.action(run, (c) => ({ ...c.opts<AccessSyncFlags>(), file: c.args[0] as string }), ['base-url', 'org']));
  return journalOptions(cmd, { holdBack: true });
}

export async function run(opts: AccessSyncFlags & { file: string }, ctx: Context): Promise<number> {
  const [{ runAccessSync }, { parseWholeNumber }, { parseHoldBack }] = await Promise.all([import('../../access/sync.js'), import('../../settings.js'), import('../../journal/holdBack.js')]);
  return runAccessSync(ctx, {
    file: opts.file,
    sheet: opts.sheet,
    prune: opts.prune === true,
    allResources: opts.allResources === true,
    maxRevocations: opts.maxRevocations ?? '25%',
    force: opts.force === true,
    concurrency: parseWholeNumber('--concurrency', opts.concurrency, 64),
    dryRun: opts.dryRun === true,
    exitCode: opts.exitCode,
    planOut: opts.planOut,
    report: opts.report,
    wait: opts.wait !== false,
    holdBack: parseHoldBack(opts),
    createTeams: opts.createTeams === true,
  });
}
