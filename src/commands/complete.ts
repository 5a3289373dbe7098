// `teamctl __complete team-ids` (hidden): the values the completion scripts read from the service
// (README, "completion"), one per line on stdout. It runs while someone presses Tab, so it must
// never stand in their way: a short timeout and no retry, a brief cache, and on any problem (no
// token, no organization, the service down or slow, an error) it offers nothing and says nothing.
import { Command } from 'commander';
import type { ApiClient } from '../api/client.js';
import type { Context, ContextDeps } from '../context.js';
import { ExitCode } from '../errors.js';
import type { GlobalFlags } from '../settings.js';
import type { Factory } from './command.js';

/** The longest completion waits for the service (or `--timeout`, when shorter). */
export const completionTimeoutMs = 2_000;

/**
 * Hidden (the program adds it so): not a user's command. Silent on any problem, so it builds its
 * own context instead of `f.action`'s.
 */
export function command(f: Factory): Command {
  return new Command('__complete').argument('<what>').action(async (what: string, _opts: unknown, cmd: Command) => {
    f.state.exitCode = await run(what, cmd.optsWithGlobals<GlobalFlags>(), f.deps);
  });
}

export async function run(what: string, flags: GlobalFlags, deps: ContextDeps): Promise<number> {
  let client: ApiClient | undefined;
  try {
    if (what !== 'team-ids') return ExitCode.ok;
    const { Context } = await import('../context.js');
    const ctx = new Context(deps, flags);
    const teams = await teamIds(ctx, deps.now ?? Date.now, (c) => (client = c));
    if (teams.length > 0) await ctx.io.out(teams.join('\n') + '\n');
  } catch {
    // Completion offers nothing rather than an error in the middle of a command line.
  } finally {
    await client?.close().catch(() => {});
  }
  return ExitCode.ok;
}

async function teamIds(ctx: Context, now: () => number, opened: (client: ApiClient) => void): Promise<string[]> {
  // No token: nobody to ask, and nothing is sent (README, "completion"). One that is not a token
  // is refused before anything is sent, as by every command (README, "auth"), and one too short
  // to keep out of output is not sent for a completion.
  const given = ctx.token();
  if (given === undefined) return [];
  const { isShortToken } = await import('../token.js');
  if (isShortToken(given.value)) return [];
  const [{ freshTeamIds, isPlainId, maxCachedTeamIds, readTeamIdCache, teamIdCachePath, writeTeamIdCache }, { resolveTimeoutMs }, { version }] = await Promise.all([
    import('../config/teamIdCache.js'),
    import('../settings.js'),
    import('../version.js'),
  ]);
  const token = ctx.requireToken();
  const org = ctx.setting('org').value;
  const { parseBaseUrl } = await import('../api/url.js');
  const base = parseBaseUrl(ctx.setting('base-url').value);
  const baseUrl = base.origin + base.prefix;
  const path = teamIdCachePath(ctx.store.dir);
  const cached = await readTeamIdCache(path);
  const fresh = freshTeamIds(cached, baseUrl, org, now());
  if (fresh !== undefined) return fresh;

  const { ApiClient } = await import('../api/client.js');
  const { listTeams } = await import('../api/organization.js');
  const client = new ApiClient({
    baseUrl,
    token: token.value,
    timeoutMs: Math.min(completionTimeoutMs, resolveTimeoutMs(ctx.flags)),
    userAgent: `teamctl/${version()}`,
    env: ctx.env,
    // One attempt: a retry's wait is longer than anyone waits for Tab.
    retryPolicy: { retries: 0, baseDelayMs: 0, maxDelayMs: 0, maxRetryAfterMs: 0 },
  });
  opened(client);
  // The first page only: enough to choose from, and one request.
  let teams: string[] = [];
  for await (const page of listTeams(client, org, undefined, maxCachedTeamIds)) {
    teams = page.map((t) => t.id).filter(isPlainId);
    break;
  }
  // A cache that cannot be written (a read-only folder) only means asking again next time.
  await writeTeamIdCache(path, ctx.store.dir, cached, { baseUrl, org, fetchedAt: now(), teams }).catch(() => {});
  return teams;
}
