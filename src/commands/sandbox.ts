// teamctl sandbox: runs the local stand-in for the service until interrupted, and prints where
// it listens and the token to use (on stdout, so a script can read it); or, with a command after
// `--`, runs that command against it and stops (README, sandbox).
import { Command, Option } from 'commander';
import { sandboxPlans, seedNames } from '../choices.js';
import type { Context } from '../context.js';
import { ExitCode, UsageError } from '../errors.js';
import type { SeedName } from '../sandbox/seed.js';
import type { Sandbox } from '../sandbox/server.js';
import type { WriteFaultRule } from '../sandbox/write-faults.js';
import { examples, type Factory } from './command.js';

export interface SandboxCommandOptions {
  port?: string;
  host?: string;
  seed?: string;
  plan?: string;
  data?: string;
  latency?: string;
  failRate?: string;
  rateLimit?: string;
  resetRate?: string;
  ambiguousRate?: string;
  lateRate?: string;
  faultSeed?: string;
  /** Each --write-fault given, in order. */
  writeFault?: string[];
  /** Set when --port was given (not its default): a command then runs on that port. */
  portGiven?: boolean;
  writeRoster?: string;
  writeAccess?: string;
  writeGroups?: string;
  writeGroupMap?: string;
  callerRole?: string;
  removalNeedsApproval?: boolean;
  invitePendingRate?: string;
  /** The command after `--`, if any. */
  command?: string[];
}

export function command(f: Factory): Command {
  const cmd = new Command('sandbox')
    .description('run a local server that behaves like the service, to rehearse changes safely')
    .option('--port <n>', 'port to listen on (0 = any free port)', '8787')
    .option('--host <address>', 'address to listen on', '127.0.0.1')
    .addOption(new Option('--seed <seed>', 'initial data').choices(seedNames).default('demo'))
    .addOption(new Option('--plan <plan>', "the organizations' plan: free has no audit logs, and the audit operations answer 403").choices(sandboxPlans).default('enterprise'))
    .option('--data <file>', 'keep the state in this JSON file across restarts')
    .option('--latency <ms>', 'delay every answer by this many milliseconds')
    .option('--fail-rate <0..1>', 'share of requests answered 503')
    .option('--rate-limit <req/s>', 'answer 429 above this many requests per second')
    .option('--reset-rate <0..1>', 'share of requests whose connection is dropped before processing')
    .option('--ambiguous-rate <0..1>', 'share of requests processed, then dropped without an answer')
    .option('--late-rate <0..1>', "share of requests answered 502 or 503 at once (a gateway's page or the service's own error), then applied 50-300 ms later")
    .option('--fault-seed <n>', 'seed for the fault decisions (repeatable runs)')
    .option('--write-fault <write:fault>', 'aim a fault at one kind of write: invite, team-create, glossary, member-removal or access-grant, then delay:<ms>, lost[:reset|500|503], late:<ms>, body:ok or body:empty, then ,every=<n> ,first=<n> if wanted; repeatable', (value: string, previous: string[] = []) => [...previous, value])
    .option('--caller-role <role>', "make the token's user a member of each organization with this role (admin, create, edit, review, comment, read, guest); other than admin, role changes are refused and removals become requests")
    .option('--invite-pending-rate <0..1>', 'share of invitations of known accounts left pending, as if not accepted yet (by e-mail, repeatable)')
    .option('--removal-needs-approval', "answer every removal from the organization 202: sent to the organization's admins as a request")
    .option('--write-roster <file>', 'write a demo roster for the first team: a few adds, a role change, a removal')
    .option('--write-access <file>', 'write a demo access file (resource,team,user,role): a grant added, a role changed, a grant left out, a general access changed')
    .option('--write-groups <file>', "write a demo group export (Okta's Group Membership report) of the first two teams: a newcomer each, a new hire, a member made owner, a suspended member")
    .option('--write-group-map <file>', 'write the group map (group,team,role) that turns the --write-groups groups into the teams')
    .argument('[command...]', 'after --: run this command against the sandbox (settings in its environment), then stop')
    .addHelpText('after', examples('teamctl sandbox', 'teamctl sandbox --seed empty --data ./sandbox.json', 'teamctl sandbox --port 0 --fail-rate 0.1 --latency 50', 'teamctl sandbox --write-fault team-create:late:3000,first=1', 'teamctl sandbox --write-roster t.csv -- teamctl members sync --roster t.csv'))
    .action(
      f.action(run, (cmd, command: string[]) => ({ ...cmd.opts<Omit<SandboxCommandOptions, 'command' | 'portGiven'>>(), command, portGiven: cmd.getOptionValueSource('port') === 'cli' }), [], 'no-json'),
    );
  return cmd.addCommand(acceptCommand(f));
}

/** `sandbox accept <e-mail…>`: invitees accept their invitations in a running sandbox (sandbox-accept.ts). */
function acceptCommand(f: Factory): Command {
  return new Command('accept')
    .argument('<e-mail...>')
    .description('in a running sandbox (TEAMCTL_BASE_URL): each pending invitee accepts and joins the organization, as when they sign in')
    .addHelpText('after', examples('teamctl sandbox accept ana@example.com', 'teamctl sandbox --data sb.json -- teamctl sandbox accept ana@example.com'))
    .action(f.action(async (opts: { emails: string[] }, ctx) => (await import('./sandbox-accept.js')).acceptInvitations(opts.emails, ctx), (_cmd, emails: string[]) => ({ emails }), ['base-url', 'org'], 'no-json'));
}

function number(flag: string, value: string | undefined, check: (n: number) => boolean, expected: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || !check(n)) throw new UsageError(`${flag} takes ${expected}, not ${JSON.stringify(value)}`);
  return n;
}

const rate = (n: number) => n >= 0 && n <= 1;

/** --write-fault, each as given: `invite:lost:503`, `team-create:late:3000,first=1`. */
async function writeFaults(values: string[] | undefined): Promise<WriteFaultRule[]> {
  if (values === undefined) return [];
  // Loaded here, not at start-up: `--help` loads no sandbox code.
  const { parseWriteFault } = await import('../sandbox/write-faults.js');
  return values.map((value) => {
    try {
      return parseWriteFault(value);
    } catch (err) {
      throw new UsageError(`--write-fault: ${(err as Error).message}`);
    }
  });
}

const callerRoles = ['admin', 'create', 'edit', 'review', 'comment', 'read'];

/** --caller-role: an organization role, `guest` being null. */
function callerRole(value: string): string | null {
  const role = value.trim().toLowerCase();
  if (role === 'guest') return null;
  if (!callerRoles.includes(role)) throw new UsageError(`--caller-role takes ${callerRoles.join(', ')} or guest, not ${JSON.stringify(value)}`);
  return role;
}

export async function run(opts: SandboxCommandOptions, ctx: Context, signal?: AbortSignal): Promise<number> {
  const options = {
    port: number('--port', opts.port, (n) => Number.isInteger(n) && n >= 0 && n <= 65535, 'a port number 0..65535'),
    host: opts.host,
    seed: opts.seed as SeedName | undefined,
    plan: opts.plan as (typeof sandboxPlans)[number] | undefined,
    dataFile: opts.data === undefined ? undefined : ctx.path(opts.data),
    latencyMs: number('--latency', opts.latency, (n) => n >= 0, 'milliseconds >= 0'),
    failRate: number('--fail-rate', opts.failRate, rate, 'a share from 0 to 1'),
    rateLimit: number('--rate-limit', opts.rateLimit, (n) => n > 0, 'requests per second > 0'),
    resetRate: number('--reset-rate', opts.resetRate, rate, 'a share from 0 to 1'),
    ambiguousRate: number('--ambiguous-rate', opts.ambiguousRate, rate, 'a share from 0 to 1'),
    lateRate: number('--late-rate', opts.lateRate, rate, 'a share from 0 to 1'),
    faultSeed: number('--fault-seed', opts.faultSeed, Number.isInteger, 'a whole number'),
    writeFaults: await writeFaults(opts.writeFault),
    ...(opts.callerRole !== undefined ? { callerRole: callerRole(opts.callerRole) } : {}),
    ...(opts.removalNeedsApproval === true ? { removalNeedsApproval: true } : {}),
    ...(opts.invitePendingRate !== undefined ? { invitePendingRate: number('--invite-pending-rate', opts.invitePendingRate, rate, 'a share from 0 to 1') } : {}),
  };
  const command = opts.command ?? [];
  // With a command, any free port unless --port was given: two rehearsals never collide.
  if (command.length > 0 && !opts.portGiven) options.port = 0;
  const [{ startSandbox }, { runCommand }, { formatBanner, settingsOf }] = await Promise.all([import('../sandbox/server.js'), import('./sandbox-run.js'), import('./sandbox-banner.js')]);
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
    if (opts.writeAccess !== undefined) await writeDemoAccess(sandbox, opts.writeAccess, ctx);
    if (opts.writeGroups !== undefined || opts.writeGroupMap !== undefined) await writeDemoGroups(sandbox, opts.writeGroups, opts.writeGroupMap, ctx);
    if (command.length > 0) {
      const state = sandbox.options.dataFile === undefined ? 'state in memory' : `state in ${sandbox.options.dataFile}`;
      ctx.io.info(`Sandbox on ${sandbox.url} (${state}); running: ${command.join(' ')}`);
      // With the sandbox's identity: the journal's name for it whatever its port (README, "sandbox").
      const settings = { ...settingsOf(sandbox), TEAMCTL_SANDBOX_ID: sandbox.identity };
      return await runCommand(command, settings, (line) => ctx.io.info(line), { stdinIsTTY: ctx.io.stdinIsTTY, cwd: ctx.cwd });
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
  const [{ demoRoster }, { writeFileAtomic }] = await Promise.all([import('../sandbox/demo-roster.js'), import('../files/atomic.js')]);
  const roster = demoRoster(sandbox.store);
  if (!roster) throw new UsageError('--write-roster: the sandbox has no team to write a roster for');
  await writeFileAtomic(ctx.path(path), roster.csv, `--write-roster ${path}`, { overwrite: false });
  ctx.io.info(`Wrote a demo roster for team ${roster.teamId} to ${path} (3 to add, 1 role change, 1 left out).`);
}

async function writeDemoGroups(sandbox: Sandbox, exportPath: string | undefined, mapPath: string | undefined, ctx: Context): Promise<void> {
  const [{ demoGroups }, { writeFileAtomic }] = await Promise.all([import('../sandbox/demo-groups.js'), import('../files/atomic.js')]);
  const groups = demoGroups(sandbox.store);
  const flag = exportPath !== undefined ? '--write-groups' : '--write-group-map';
  if (!groups) throw new UsageError(`${flag}: the sandbox has fewer than two teams to write groups for`);
  if (exportPath !== undefined) {
    await writeFileAtomic(ctx.path(exportPath), groups.exportCsv, `--write-groups ${exportPath}`, { overwrite: false });
    const { added, invited, promoted, suspended } = groups.changes;
    ctx.io.info(`Wrote a demo group export to ${exportPath} (${added} to add, ${invited} to invite, ${promoted} made owner, ${suspended} suspended, 1 group no map row names).`);
  }
  if (mapPath !== undefined) {
    await writeFileAtomic(ctx.path(mapPath), groups.mapCsv, `--write-group-map ${mapPath}`, { overwrite: false });
    ctx.io.info(`Wrote a demo group map to ${mapPath}.`);
  }
}

async function writeDemoAccess(sandbox: Sandbox, path: string, ctx: Context): Promise<void> {
  const [{ demoAccess }, { writeFileAtomic }] = await Promise.all([import('../sandbox/demo-access.js'), import('../files/atomic.js')]);
  const access = demoAccess(sandbox.store);
  if (!access) throw new UsageError('--write-access: the sandbox has no space to write an access file for');
  await writeFileAtomic(ctx.path(path), access.csv, `--write-access ${path}`, { overwrite: false });
  const { added, roleChanges, leftOut, generalAccess } = access.changes;
  ctx.io.info(`Wrote a demo access file to ${path} (${added} to grant, ${roleChanges} role change, ${leftOut} left out, ${generalAccess} general access change).`);
}
