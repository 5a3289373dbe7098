// The command tree: names, flags and help examples. Registration is cheap; each action imports
// its command module only when it runs, and the command returns the exit code.
import { Command, Option } from 'commander';
import { Context, type ContextDeps } from './context.js';
import type { GlobalFlags } from './settings.js';
import { version } from './version.js';

export interface RunState {
  exitCode: number;
  context?: Context;
}

type Run<O> = (opts: O, ctx: Context) => Promise<number | void>;

function examples(...lines: string[]): string {
  return `\nExamples:\n${lines.map((l) => `  $ ${l}`).join('\n')}\n`;
}

export function buildProgram(deps: ContextDeps, state: RunState): Command {
  const { stdout, stderr } = deps.streams;
  const program = new Command('teamctl');

  /** Wires an action: merge global flags, build the context, lazy-load and run the command. */
  function action<A extends unknown[], O>(load: () => Promise<Run<O>>, toOpts: (cmd: Command, ...args: A) => O) {
    return async (...received: unknown[]): Promise<void> => {
      const cmd = received[received.length - 1] as Command;
      const args = received.slice(0, received.length - 2) as A;
      const flags = cmd.optsWithGlobals<GlobalFlags>();
      const ctx = new Context(deps, flags);
      state.context = ctx;
      const run = await load();
      const code = await run(toOpts(cmd, ...args), ctx);
      state.exitCode = typeof code === 'number' ? code : 0;
    };
  }

  program
    .description('Manage team membership and the translation glossary of an organization.')
    .version(version(), '-V, --version', 'print the version')
    .helpOption('-h, --help', 'show help')
    .option('--profile <name>', 'settings profile (env TEAMCTL_PROFILE; default "default")')
    .option('--base-url <url>', 'API base URL (env TEAMCTL_BASE_URL, config base-url)')
    .option('--org <id>', 'organization id (env TEAMCTL_ORG, config org)')
    .option('--team <id>', 'team id (env TEAMCTL_TEAM, config team)')
    .addOption(new Option('-o, --output <format>', 'output format').choices(['table', 'tsv', 'json', 'ndjson', 'csv']))
    .option('--json', 'same as -o json')
    .option('-q, --quiet', 'print nothing on stderr but errors')
    .option('--debug', 'one line per HTTP exchange on stderr (the token is never printed)')
    .option('--no-color', 'no colour (also NO_COLOR)')
    .option('-y, --yes', 'answer yes to confirmation prompts')
    .option('--timeout <seconds>', 'per-request timeout in seconds', undefined)
    .showSuggestionAfterError(true)
    .exitOverride()
    .configureOutput({
      writeOut: (s) => stdout.write(s),
      writeErr: (s) => stderr.write(s),
    })
    .addHelpText(
      'after',
      examples(
        'teamctl sandbox --seed demo',
        'teamctl auth login --base-url https://api.example.com',
        'teamctl --org acme --team engineering members list',
        'teamctl members list --json | jq -r ".[].organization.user.email"',
      ),
    );

  // Subcommands inherit exitOverride/configureOutput only when created through .command().
  const auth = program
    .command('auth')
    .description('store, inspect and remove the API token')
    .addHelpText('after', examples('teamctl auth login --base-url https://api.example.com', 'teamctl auth status'));
  auth
    .command('login')
    .description('store the base URL and token in the profile (the token is read from stdin or a hidden prompt, never from arguments)')
    .option('--with-token', 'read the token from standard input')
    .addHelpText('after', examples('echo "$TOKEN" | teamctl auth login --base-url https://api.example.com --with-token', 'teamctl auth login'))
    .action(action(() => import('./commands/auth.js').then((m) => m.login), (cmd) => cmd.opts<{ withToken?: boolean }>()));
  auth
    .command('status')
    .description('show the profile, base URL, org, team and where the token comes from (masked)')
    .addHelpText('after', examples('teamctl auth status', 'teamctl --profile staging auth status'))
    .action(action(() => import('./commands/auth.js').then((m) => m.status), () => ({})));
  auth
    .command('logout')
    .description("remove the profile's stored token")
    .addHelpText('after', examples('teamctl auth logout'))
    .action(action(() => import('./commands/auth.js').then((m) => m.logout), () => ({})));

  const config = program
    .command('config')
    .description('read and write profile settings (base-url, org, team, output)')
    .addHelpText('after', examples('teamctl config set org acme', 'teamctl config list'));
  config
    .command('get <key>')
    .description('print one setting of the profile')
    .addHelpText('after', examples('teamctl config get org'))
    .action(action(() => import('./commands/config.js').then((m) => m.get), (_cmd, key: string) => ({ key })));
  config
    .command('set <key> <value>')
    .description('store one setting in the profile')
    .addHelpText('after', examples('teamctl config set org acme', 'teamctl --profile staging config set base-url https://staging.example.com'))
    .action(action(() => import('./commands/config.js').then((m) => m.set), (_cmd, key: string, value: string) => ({ key, value })));
  config
    .command('unset <key>')
    .description('remove one setting from the profile')
    .addHelpText('after', examples('teamctl config unset team'))
    .action(action(() => import('./commands/config.js').then((m) => m.unset), (_cmd, key: string) => ({ key })));
  config
    .command('list')
    .description("print the profile's settings")
    .addHelpText('after', examples('teamctl config list'))
    .action(action(() => import('./commands/config.js').then((m) => m.list), () => ({})));
  config
    .command('path')
    .description('print the path of the config file')
    .addHelpText('after', examples('teamctl config path'))
    .action(action(() => import('./commands/config.js').then((m) => m.path), () => ({})));

  const members = program
    .command('members')
    .description('list and change the members of a team (needs --org and --team)')
    .addHelpText('after', examples('teamctl --org acme --team engineering members list'));
  members
    .command('list')
    .description('list every member of the team with their roles, across all pages')
    .addOption(new Option('--role <role>', 'only members with this team role').choices(['owner', 'member']))
    .option('--page-size <n>', 'members per request, 1..1000', '1000')
    .addHelpText('after', examples('teamctl members list', 'teamctl members list --role owner -o csv > owners.csv', 'teamctl members list -o ndjson | jq -c .team'))
    .action(
      action(
        () => import('./commands/members/list.js').then((m) => m.run),
        (cmd) => cmd.opts<{ role?: 'owner' | 'member'; pageSize: string }>(),
      ),
    );

  program
    .command('sandbox')
    .description('run a local server that behaves like the service, to rehearse changes safely')
    .option('--port <n>', 'port to listen on (0 = any free port)', '8787')
    .option('--host <address>', 'address to listen on', '127.0.0.1')
    .addOption(new Option('--seed <seed>', 'initial data').choices(['demo', 'empty']).default('demo'))
    .option('--data <file>', 'keep the state in this JSON file across restarts')
    .option('--latency <ms>', 'delay every answer by this many milliseconds')
    .option('--fail-rate <0..1>', 'share of requests answered 503')
    .option('--rate-limit <req/s>', 'answer 429 above this many requests per second')
    .option('--reset-rate <0..1>', 'share of requests whose connection is dropped before processing')
    .option('--ambiguous-rate <0..1>', 'share of requests processed, then dropped without an answer')
    .option('--fault-seed <n>', 'seed for the fault decisions (repeatable runs)')
    .addHelpText('after', examples('teamctl sandbox', 'teamctl sandbox --seed empty --data ./sandbox.json', 'teamctl sandbox --port 0 --fail-rate 0.1 --latency 50'))
    .action(action(() => import('./commands/sandbox.js').then((m) => m.run), (cmd) => cmd.opts<Record<string, string | undefined>>()));

  return program;
}
