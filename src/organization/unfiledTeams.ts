// A roster folder that is the whole organization (`--prune-organization`; `teamctl help rosters`,
// "A folder of team rosters"): a team of the organization with no file in it is drift. It is said
// on every run and never removed (a team is only ever changed through its own file); a dry run
// counts it as pending, so `--dry-run --exit-code` is exit 8 while any team has no file, and its
// JSON report lists them as `teamsWithoutFile`.
import type { Context } from '../context.js';
import type { ChangeDomain } from '../engine/run.js';
import { plural } from '../output/words.js';
import { describeTeam, type NamedTeam } from '../plan/teams.js';

/** The teams of the organization that no file of the folder names. */
export function teamsWithoutFile(listed: readonly NamedTeam[], filed: Iterable<string>): NamedTeam[] {
  const named = new Set(filed);
  return listed.filter((t) => !named.has(t.id));
}

/** The domain of a run whose folder leaves `unfiled` teams without a file: said, and pending on a dry run. */
export function withTeamsWithoutFile<R>(ctx: Context, domain: ChangeDomain<R>, unfiled: readonly NamedTeam[], dryRun: boolean): ChangeDomain<R> {
  if (unfiled.length === 0) return domain;
  ctx.io.warn(
    `the roster folder is the whole organization (--prune-organization), and ${plural(unfiled.length, 'team')} of it ${unfiled.length === 1 ? 'has' : 'have'} no file: ${unfiled.map(describeTeam).join(', ')}; ${unfiled.length === 1 ? 'it is' : 'they are'} left as ${unfiled.length === 1 ? 'it is' : 'they are'} (never removed): add a file per team (\`members list --all-teams --write-folder\`), or delete the team (\`teams delete\`)`,
  );
  if (!dryRun) return domain;
  const list = unfiled.map((t) => ({ id: t.id, title: t.title }));
  return {
    ...domain,
    isEmpty: () => false,
    planned: () => {
      const view = domain.planned();
      const json = typeof view.json === 'object' && view.json !== null ? { ...view.json, teamsWithoutFile: list } : view.json;
      return { ...view, json };
    },
  };
}
