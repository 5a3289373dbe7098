// access list: the grants of every space, collection and site, or of those named (README, "Access").
import { Command } from 'commander';
import type { Context } from '../../context.js';
import { ExitCode } from '../../errors.js';
import type { ResourceKind } from '../../choices.js';
import type { AccessRow } from '../../access/list.js';
import type { Column } from '../../output/columns.js';
import { examples, type Factory } from '../command.js';

export interface AccessListOptions {
  space: string[];
  collection: string[];
  site: string[];
  /** `--team` here is the flag alone (README, "Access"): a team setting from the environment or a profile never narrows a listing. */
  team: string[];
  user: string[];
  concurrency: string;
}

const collect = (value: string, previous: string[] | undefined): string[] => [...(previous ?? []), value];

export function command(f: Factory): Command {
  return new Command('list')
    .description('list the teams and users granted a role on each space, collection and site, and each one\'s general access')
    .option('--space <id or title>', 'only this space (repeatable)', collect)
    .option('--collection <id or title>', 'only this collection (repeatable)', collect)
    .option('--site <id or title>', 'only this site (repeatable)', collect)
    .option('--user <e-mail or id>', 'only the grants of this user (repeatable)', collect)
    .option('--concurrency <n>', 'requests in flight at once', '8')
    .addHelpText(
      'after',
      examples(
        'teamctl access list',
        'teamctl access list --space Onboarding',
        'teamctl access list --team design --json',
        'teamctl access list -o csv > access.csv   # today\'s access as a file',
      ),
    )
    .action(
      f.action(
        run,
        (cmd) => {
          const team = (cmd.optsWithGlobals<{ team?: string }>().team ?? '').split('\n').filter((t) => t !== '');
          const o = cmd.opts<Partial<AccessListOptions> & { concurrency: string }>();
          return { space: o.space ?? [], collection: o.collection ?? [], site: o.site ?? [], user: o.user ?? [], concurrency: o.concurrency, team };
        },
        ['base-url', 'org'],
      ),
    );
}

const columns: Column<AccessRow>[] = [
  { header: 'resource', value: (r) => r.resource },
  { header: 'team', value: (r) => r.team },
  { header: 'user', value: (r) => r.user, whole: true },
  { header: 'role', value: (r) => r.role },
];

export async function run(opts: AccessListOptions, ctx: Context): Promise<number> {
  const [{ accessRows }, { writeList }, { parseWholeNumber }] = await Promise.all([import('../../access/list.js'), import('../../output/list.js'), import('../../settings.js')]);
  const concurrency = parseWholeNumber('--concurrency', opts.concurrency, 64);
  const format = ctx.outputFormat();
  const org = ctx.setting('org').value;
  const named = (['space', 'collection', 'site'] as const satisfies readonly ResourceKind[]).flatMap((kind) => opts[kind].map((name) => ({ kind, name: name.trim() })));
  const client = await ctx.client();
  const rows = await accessRows(client, org, { named, teams: opts.team.map((t) => t.trim()), users: opts.user.map((u) => u.trim()), concurrency });
  async function* once(): AsyncGenerator<AccessRow[]> {
    yield rows;
  }
  await writeList(ctx.io, format, once(), columns);
  return ExitCode.ok;
}
