// teamctl sandbox: runs the local stand-in for the service until interrupted, and prints where
// it listens and the token to use (on stdout, so a script can read it).
import type { Context } from '../context.js';
import { ExitCode, UsageError } from '../errors.js';
import type { SeedName } from '../sandbox/seed.js';

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
  faultSeed?: string;
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
    dataFile: opts.data,
    latencyMs: number('--latency', opts.latency, (n) => n >= 0, 'milliseconds >= 0'),
    failRate: number('--fail-rate', opts.failRate, rate, 'a share from 0 to 1'),
    rateLimit: number('--rate-limit', opts.rateLimit, (n) => n > 0, 'requests per second > 0'),
    resetRate: number('--reset-rate', opts.resetRate, rate, 'a share from 0 to 1'),
    ambiguousRate: number('--ambiguous-rate', opts.ambiguousRate, rate, 'a share from 0 to 1'),
    faultSeed: number('--fault-seed', opts.faultSeed, Number.isInteger, 'a whole number'),
  };
  const { startSandbox, formatBanner } = await import('../sandbox/server.js');
  let sandbox: Awaited<ReturnType<typeof startSandbox>>;
  try {
    sandbox = await startSandbox(options);
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    if (e.code === 'EADDRINUSE') throw new UsageError(`port ${options.port} is already in use`, { hint: 'pick another with --port, or --port 0 for any free port' });
    if (e.code === 'EADDRNOTAVAIL') throw new UsageError(`cannot listen on ${options.host}: no such local address`);
    throw new UsageError(`cannot start the sandbox: ${e.message}`);
  }
  await ctx.io.out(formatBanner(sandbox));
  ctx.io.info('Press Ctrl-C to stop.');
  await new Promise<void>((resolve) => {
    const stop = (): void => resolve();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    signal?.addEventListener('abort', stop, { once: true });
  });
  await sandbox.close();
  ctx.io.info('Sandbox stopped.');
  return ExitCode.ok;
}
