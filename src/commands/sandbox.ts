// teamctl sandbox: runs the local stand-in for the service until interrupted, and prints where
// it listens and the token to use (on stdout, so a script can read it); or, with a command after
// `--`, runs that command against it and stops (README, sandbox).
import type { Context } from '../context.js';
import { ExitCode, UsageError } from '../errors.js';
import { writeFileAtomic } from '../files/atomic.js';
import { defaultFaultSeed } from '../sandbox/faults.js';
import type { FaultOptions } from '../sandbox/faults.js';
import type { SeedName } from '../sandbox/seed.js';
import type { Sandbox } from '../sandbox/server.js';
import { runCommand, shellValue } from './sandbox-run.js';

export interface SandboxCommandOptions {
  port?: string;
  host?: string;
  seed?: string;
  data?: string;
  latency?: string;
  failRate?: string;
  rateLimit?: string;
  resetRate?: string;
  ambiguousRate?: string;
  lateRate?: string;
  faultSeed?: string;
  /** Set when --port was given (not its default): a command then runs on that port. */
  portGiven?: boolean;
  writeRoster?: string;
  /** The command after `--`, if any. */
  command?: string[];
}

function number(flag: string, value: string | undefined, check: (n: number) => boolean, expected: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || !check(n)) throw new UsageError(`${flag} takes ${expected}, not ${JSON.stringify(value)}`);
  return n;
}

const rate = (n: number) => n >= 0 && n <= 1;

export async function run(opts: SandboxCommandOptions, ctx: Context, signal?: AbortSignal): Promise<number> {
  const options = {
    port: number('--port', opts.port, (n) => Number.isInteger(n) && n >= 0 && n <= 65535, 'a port number 0..65535'),
    host: opts.host,
    seed: opts.seed as SeedName | undefined,
    dataFile: opts.data === undefined ? undefined : ctx.path(opts.data),
    latencyMs: number('--latency', opts.latency, (n) => n >= 0, 'milliseconds >= 0'),
    failRate: number('--fail-rate', opts.failRate, rate, 'a share from 0 to 1'),
    rateLimit: number('--rate-limit', opts.rateLimit, (n) => n > 0, 'requests per second > 0'),
    resetRate: number('--reset-rate', opts.resetRate, rate, 'a share from 0 to 1'),
    ambiguousRate: number('--ambiguous-rate', opts.ambiguousRate, rate, 'a share from 0 to 1'),
    lateRate: number('--late-rate', opts.lateRate, rate, 'a share from 0 to 1'),
    faultSeed: number('--fault-seed', opts.faultSeed, Number.isInteger, 'a whole number'),
  };
  const command = opts.command ?? [];
  // With a command, any free port unless --port was given: two rehearsals never collide.
  if (command.length > 0 && !opts.portGiven) options.port = 0;
  const { startSandbox } = await import('../sandbox/server.js');
  let sandbox: Sandbox;
  try {
    sandbox = await startSandbox(options);
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    if (e.code === 'EADDRINUSE') throw new UsageError(`port ${options.port} is already in use`, { hint: 'pick another with --port, or --port 0 for any free port' });
    if (e.code === 'EADDRNOTAVAIL') throw new UsageError(`cannot listen on ${options.host}: no such local address`);
    throw new UsageError(`cannot start the sandbox: ${e.message}`);
  }
  try {
    if (opts.writeRoster !== undefined) await writeDemoRoster(sandbox, opts.writeRoster, ctx);
    if (command.length > 0) {
      const state = sandbox.options.dataFile === undefined ? 'state in memory' : `state in ${sandbox.options.dataFile}`;
      ctx.io.info(`Sandbox on ${sandbox.url} (${state}); running: ${command.join(' ')}`);
      return await runCommand(command, settingsOf(sandbox), (line) => ctx.io.info(line), { stdinIsTTY: ctx.io.stdinIsTTY, cwd: ctx.cwd });
    }
    await ctx.io.out(formatBanner(sandbox));
    ctx.io.info('Press Ctrl-C to stop.');
    await new Promise<void>((resolve) => {
      const stop = (): void => resolve();
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
      signal?.addEventListener('abort', stop, { once: true });
    });
    return ExitCode.ok;
  } finally {
    await sandbox.close();
    if (command.length === 0) ctx.io.info('Sandbox stopped.');
  }
}

async function writeDemoRoster(sandbox: Sandbox, path: string, ctx: Context): Promise<void> {
  const { demoRoster } = await import('../sandbox/demo-roster.js');
  const roster = demoRoster(sandbox.store);
  if (!roster) throw new UsageError('--write-roster: the sandbox has no team to write a roster for');
  await writeFileAtomic(ctx.path(path), roster.csv, `--write-roster ${path}`, { overwrite: false });
  ctx.io.info(`Wrote a demo roster for team ${roster.teamId} to ${path} (3 to add, 1 role change, 1 left out).`);
}

/** The settings a command run against the sandbox gets, as environment variables. */
function settingsOf(sandbox: Sandbox): Record<string, string> {
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
  lines.push('', 'Paste into another shell to use it:');
  for (const [name, value] of Object.entries(settingsOf(sandbox))) lines.push(`  export ${name}=${shellValue(value)}`);
  return lines.join('\n') + '\n';
}
