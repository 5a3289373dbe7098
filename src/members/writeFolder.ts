// `members list --write-folder` (`teamctl help rosters`, "A folder of team rosters"): each team's
// members as its own CSV roster in the folder, named by the team's title made safe for file
// systems (src/model/teamFileNames.ts), so that `members sync --roster <folder>` reads each file
// back as its team and plans nothing. A team that already has a file in the folder under another
// name (`Product Design.csv` for the team a new file would name `Design.csv`) is refused with both
// files named and nothing written: the next sync would find two rosters of one team.
import { readdir } from 'node:fs/promises';
import { extname, join } from 'node:path';
import type { ApiClient } from '../api/client.js';
import type { TeamMemberItem } from '../api/types.js';
import type { Context } from '../context.js';
import { UsageError } from '../errors.js';
import { fileNameKey, teamFileNames } from '../model/teamFileNames.js';
import type { Column } from '../output/columns.js';
import type { NamedTeam } from '../plan/teams.js';

export interface WriteFolderOptions {
  folder: string;
  /** The teams as the user named them (ids or titles), or 'all' for every team of the organization. */
  teams: readonly string[] | 'all';
  columns: Column<TeamMemberItem>[];
  /** One team's members, all pages. */
  pages: (client: ApiClient, teamId: string) => AsyncIterable<TeamMemberItem[]>;
}

export async function writeRosterFolder(ctx: Context, options: WriteFolderOptions): Promise<void> {
  const [{ mkdir }, { allTeams, pickTeam }, { csvWriter }, { checkWritable, writeFailure, writeFileAtomic }, matching, { rosterFolderExtensions }] = await Promise.all([
    import('node:fs/promises'),
    import('./teamRef.js'),
    import('../output/list.js'),
    import('../files/atomic.js'),
    import('../plan/teams.js'),
    import('../files/rosterFolder.js'),
  ]);
  const { folder } = options;
  // A file in the folder's place is refused before anything is listed.
  await mkdir(ctx.path(folder), { recursive: true }).catch(async (err: unknown) => {
    throw await writeFailure(err, `--write-folder ${folder}`, ctx.path(folder));
  });
  const org = ctx.setting('org').value;
  const client = await ctx.client();
  const every = await allTeams(client, org);
  const chosen = options.teams === 'all' ? every : options.teams.map((name) => pickTeam(name, every, org, matching));
  const teams = [...new Map(chosen.map((t) => [t.id, t])).values()];
  // Names over every team of the organization, so a team's file keeps its name whichever teams a run writes.
  const names = teamFileNames(every);
  const fileOf = (team: NamedTeam): string => `${names.get(team.id) as string}.csv`;

  // The roster files already there, and the team each names, as the roster folder's reader finds it.
  const present = (await readdir(ctx.path(folder))).filter((name) => !name.startsWith('.') && (rosterFolderExtensions as readonly string[]).includes(extname(name).toLowerCase()));
  const problems: string[] = [];
  for (const team of teams) {
    for (const name of present) {
      const match = matching.matchTeam(name.slice(0, -extname(name).length).normalize('NFC'), every);
      if (match.kind !== 'found' || match.team.id !== team.id || fileNameKey(name) === fileNameKey(fileOf(team))) continue;
      problems.push(`${join(folder, name)} is already the roster of team ${matching.describeTeam(team)}, and ${join(folder, fileOf(team))} would be a second one`);
    }
  }
  if (problems.length > 0) {
    throw new UsageError(`--write-folder writes one file per team: ${problems.join('; ')}; nothing was written`, {
      hint: 'remove or rename the older file (a roster folder holds one file per team), then run again',
    });
  }
  for (const team of teams) await checkWritable(ctx.path(join(folder, fileOf(team))), `--write-folder ${join(folder, fileOf(team))}`);
  const line = await csvWriter();
  for (const team of teams) {
    let text = line(options.columns.map((c) => c.header));
    let count = 0;
    for await (const items of options.pages(client, team.id)) {
      for (const item of items) text += line(options.columns.map((c) => c.value(item)));
      count += items.length;
    }
    const path = join(folder, fileOf(team));
    await writeFileAtomic(ctx.path(path), text, `--write-folder ${path}`);
    ctx.io.info(`Wrote ${path}: ${count} member${count === 1 ? '' : 's'} of team ${matching.describeTeam(team)}.`);
  }
}
