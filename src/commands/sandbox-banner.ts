// What `teamctl sandbox` tells its user (README, "sandbox"): where it listens, the token, its
// state and faults, and the settings a command run against it gets.
import { defaultFaultSeed, type FaultOptions } from '../sandbox/faults.js';
import type { Sandbox } from '../sandbox/server.js';
import { formatWriteFault } from '../sandbox/write-faults.js';
import { shellValue } from '../output/words.js';

/** The settings a command run against the sandbox gets, as environment variables. */
export function settingsOf(sandbox: Sandbox): Record<string, string> {
  const env: Record<string, string> = { TEAMCTL_BASE_URL: sandbox.url, TEAMCTL_TOKEN: sandbox.token };
  const orgId = sandbox.store.organizationIds()[0];
  const teamId = orgId === undefined ? undefined : sandbox.store.teamIds(orgId)[0];
  if (orgId !== undefined) env.TEAMCTL_ORG = orgId;
  if (teamId !== undefined) env.TEAMCTL_TEAM = teamId;
  return env;
}

function describeState(sandbox: Sandbox): string {
  const { options } = sandbox;
  if (options.dataFile === undefined) return 'in memory (lost when the sandbox stops; use --data <file> to keep it)';
  return `${options.dataFile}${options.loadedFromDataFile ? ' (loaded)' : ` (new, seed ${options.seed})`}`;
}

function describeFaults(f: FaultOptions): string | undefined {
  const parts: string[] = [];
  if (f.latencyMs) parts.push(`latency ${f.latencyMs} ms`);
  if (f.failRate) parts.push(`fail-rate ${f.failRate}`);
  if (f.rateLimit !== undefined) parts.push(`rate-limit ${f.rateLimit} req/s`);
  if (f.resetRate) parts.push(`reset-rate ${f.resetRate}`);
  if (f.ambiguousRate) parts.push(`ambiguous-rate ${f.ambiguousRate}`);
  if (f.lateRate) parts.push(`late-rate ${f.lateRate}`);
  if (parts.length === 0) return undefined;
  return `${parts.join(', ')} (fault-seed ${f.faultSeed ?? defaultFaultSeed})`;
}

/** What `teamctl sandbox` prints: where it listens, the token, and lines to paste in a shell. */
export function formatBanner(sandbox: Sandbox): string {
  const orgId = sandbox.store.organizationIds()[0];
  const teamIds = orgId === undefined ? [] : sandbox.store.teamIds(orgId);
  const lines = [
    `teamctl sandbox listening on ${sandbox.url}`,
    '',
    `  base URL      ${sandbox.url}`,
    `  token         ${sandbox.token}`,
    `  organization  ${orgId ?? '(none)'}`,
    `  teams         ${teamIds.length > 0 ? teamIds.join(', ') : '(none)'}`,
    `  state         ${describeState(sandbox)}`,
  ];
  const faults = describeFaults(sandbox.options.faults);
  if (faults) lines.push(`  faults        ${faults}`);
  const writeFaults = sandbox.options.writeFaults.map(formatWriteFault);
  if (writeFaults.length > 0) lines.push(`  write faults  ${writeFaults.join(', ')}`);
  lines.push('', 'Paste into another shell to use it:');
  for (const [name, value] of Object.entries(settingsOf(sandbox))) lines.push(`  export ${name}=${shellValue(value)}`);
  return lines.join('\n') + '\n';
}
