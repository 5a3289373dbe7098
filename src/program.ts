// The command tree: names, flags and help examples. Registration is cheap; each action imports
// its command module only when it runs, and the command returns the exit code.
import { Argument, Command, Option } from 'commander';
import { exportFormats, onConflictActions, outputFormats, seedNames, shells, teamMemberRoles } from './choices.js';
import type { GlossarySyncOptions } from './commands/glossary/sync.js';
import type { AddOptionsFlags } from './commands/members/add.js';
import type { RemoveOptionsFlags } from './commands/members/remove.js';
import type { SyncOptionsFlags } from './commands/members/sync.js';
import type { ImportOptionsFlags } from './commands/glossary/import.js';
import type { OffboardOptionsFlags } from './commands/members/offboard.js';
import type { ExportOptionsFlags } from './commands/glossary/export.js';
import type { ContextDeps } from './context.js';
import type { CompletionOptions } from './commands/completion.js';
import type { GlobalFlags } from './settings.js';
import { version } from './version.js';
import { actionFor, examples, numericDefaults, type RunState } from './program-actions.js';

export type { RunState };

export function buildProgram(deps: ContextDeps, state: RunState): Command {
  const { stdout, stderr } = deps.streams;
  const program = new Command('teamctl');
  const action = actionFor(deps, state);

  program
    .description('Manage team membership and the translation glossary of an organization.')
    .version(version(), '-V, --version', 'print the version')
    .helpOption('-h, --help', 'show help')
    .option('--profile <name>', 'settings profile (env TEAMCTL_PROFILE; default "default")')
    .option('--base-url <url>', 'API base URL (env TEAMCTL_BASE_URL, config base-url)')
    .option('--org <id>', 'organization id (env TEAMCTL_ORG, config org)')
    .option('--team <id>', 'team id (env TEAMCTL_TEAM, config team); members list takes several: --team a,b or --team a --team b', (value: string, previous?: string) =>
      previous === undefined ? value : `${previous},${value}`,
    )
    .addOption(new Option('-o, --output <format>', 'output format').choices(outputFormats))
    .option('--json', 'same as -o json')
    .option('-q, --quiet', 'print nothing on stderr but errors')
    .option('--debug', 'one line per HTTP exchange on stderr (the token is never printed)')
    .option('--no-color', 'no colour (also NO_COLOR)')
    .option('-y, --yes', 'answer yes to confirmation prompts')
    .option('--timeout <seconds>', 'per-request timeout in seconds', undefined)
    .showSuggestionAfterError(true)
    // Like gh: a subcommand's help lists the global flags too (its examples use them).
    .configureHelp({ showGlobalOptions: true })
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
    .option('--no-verify', 'store the token without asking the service whose it is (offline setup)')
    .addHelpText('after', examples('echo "$TOKEN" | teamctl auth login --base-url https://api.example.com --with-token', 'teamctl auth login'))
    .action(action(() => import('./commands/auth.js').then((m) => m.login), (cmd) => cmd.opts<{ withToken?: boolean; verify?: boolean }>()));
  auth
    .command('status')
    .description('show the profile, base URL, org, team, where the token comes from (masked) and whose it is (asks the service)')
    .addHelpText('after', examples('teamctl auth status', 'teamctl --profile staging auth status'))
    .action(action(() => import('./commands/auth.js').then((m) => m.status), () => ({})));
  auth
    .command('logout')
    .description("remove the profile's stored token")
    .addHelpText('after', examples('teamctl auth logout'))
    .action(action(() => import('./commands/auth.js').then((m) => m.logout), () => ({})));

  program
    .command('whoami')
    .description("show the token's user (id, name, e-mail) and the base URL and organization in use")
    .addHelpText('after', examples('teamctl whoami', 'teamctl whoami --json'))
    .action(action(() => import('./commands/auth.js').then((m) => m.whoami), () => ({}), ['base-url']));

  program
    .command('teams')
    .description('the teams of the organization (needs --org)')
    .addHelpText('after', examples('teamctl teams list', 'teamctl teams list --title eng -o csv'))
    .command('list')
    .description('list every team of the organization: id, title, members')
    .option('--title <text>', 'only teams whose title contains this (any case)')
    .option('--page-size <n>', 'teams per request, 1..1000', '1000')
    .addHelpText('after', examples('teamctl teams list', 'teamctl teams list --title eng --json'))
    .action(action(() => import('./commands/org/teams.js').then((m) => m.run), (cmd) => cmd.opts<{ title?: string; pageSize: string }>(), ['base-url', 'org']));

  const orgUsers = program
    .command('users')
    .description("the organization's members, and a member's teams (needs --org)")
    .addHelpText('after', examples('teamctl users list --search kenji', 'teamctl users teams kenji.sato@example.com'));
  orgUsers
    .command('list')
    .description('list the members of the organization: id, name, e-mail, org role, last seen, disabled')
    .option('--search <text>', 'only members whose name or e-mail contains this')
    .addOption(new Option('--role <role>', 'only members with this organization role').choices(['admin', 'create', 'edit', 'review', 'comment', 'read', 'guest']))
    .addOption(new Option('--sort <by>', 'sort by (the service\'s default: joinedAt)').choices(['joinedAt', 'lastSeenAt', 'name']))
    .addOption(new Option('--order <order>', 'sort order (the service\'s default: desc)').choices(['asc', 'desc']))
    .option('--page-size <n>', 'members per request, 1..1000', '1000')
    .addHelpText('after', examples('teamctl users list --search kenji', 'teamctl users list --role admin --sort name --order asc -o csv'))
    .action(action(() => import('./commands/org/users.js').then((m) => m.list), (cmd) => cmd.opts<{ search?: string; role?: string; sort?: string; order?: string; pageSize: string }>(), ['base-url', 'org']));
  orgUsers
    .command('teams <user>')
    .description("a member's teams and role in each (the user by e-mail or id)")
    .option('--page-size <n>', 'teams per request, 1..1000', '1000')
    .addHelpText('after', examples('teamctl users teams kenji.sato@example.com'))
    .action(action(() => import('./commands/org/users.js').then((m) => m.teams), (cmd, user: string) => ({ user, ...cmd.opts<{ pageSize: string }>() }), ['base-url', 'org']));

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
    .description('list and change the members of a team (needs --org and --team; offboard needs only --org)')
    .addHelpText('after', examples('teamctl --org acme --team engineering members list'));
  members
    .command('list')
    .description('list every member of the team with their roles, across all pages')
    .addOption(new Option('--role <role>', 'only members with this team role').choices(teamMemberRoles))
    .option('--page-size <n>', 'members per request, 1..1000', '1000')
    .addHelpText(
      'after',
      examples(
        'teamctl members list',
        'teamctl members list --role owner -o csv > owners.csv',
        'teamctl members list -o ndjson | jq -c .team',
        'teamctl members list --team engineering,design -o csv > org.csv   # an organization roster, to sync back',
      ),
    )
    .action(
      action(
        () => import('./commands/members/list.js').then((m) => m.run),
        (cmd) => cmd.opts<{ role?: 'owner' | 'member'; pageSize: string }>(),
        ['base-url', 'org', 'team'],
      ),
    );

  const users = (value: string, previous: string[] = []): string[] => [...previous, value];
  members
    .command('add <user...>')
    .description('add users (ids or e-mails) to the team; with --role, each ends with that role')
    .addOption(new Option('--role <role>', 'team role of every named user').choices(teamMemberRoles))
    .option('--dry-run', 'print the plan, send no change')
    .option('--force', 'apply a plan that leaves the team without an owner')
    .option('--report <file.csv>', 'write one row per user: user, action, outcome, HTTP status, message')
    .option('--plan-out <file>', 'a dry run that also writes the plan, for `teamctl apply` after review')
    .option('--batch-size <n>', 'users per bulk request', '100')
    .option('--concurrency <n>', 'single-user requests in flight at once', '8')
    .addHelpText('after', examples('teamctl members add pedro.alves@example.com olivia.johnson@example.com', 'teamctl members add kenji.sato@example.com --role owner'))
    .action(
      action(
        () => import('./commands/members/add.js').then((m) => m.run),
        (cmd, userArgs: string[]) => ({ users: userArgs, ...cmd.opts<AddOptionsFlags>() }),
        ['base-url', 'org', 'team'],
      ),
    );
  members
    .command('remove <user...>')
    .description('remove users (ids or e-mails) from the team; naming a non-member is not an error')
    .option('--dry-run', 'print the plan, send no change')
    .option('--force', 'apply a plan that leaves the team without an owner')
    .option('--report <file.csv>', 'write one row per user: user, action, outcome, HTTP status, message')
    .option('--plan-out <file>', 'a dry run that also writes the plan, for `teamctl apply` after review')
    .option('--batch-size <n>', 'users per bulk request', '100')
    .addHelpText('after', examples('teamctl members remove pedro.alves@example.com olivia.johnson@example.com', 'teamctl members remove --dry-run thomas.muller@example.com'))
    .action(
      action(
        () => import('./commands/members/remove.js').then((m) => m.run),
        (cmd, userArgs: string[]) => ({ users: userArgs, ...cmd.opts<RemoveOptionsFlags>() }),
        ['base-url', 'org', 'team'],
      ),
    );
  members
    .command('offboard [user...]')
    .description('remove each user (id or e-mail) from every team they are in: one plan across teams, guards per team')
    .option('--file <file>', 'the users, one per line or under a user column')
    .option('--dry-run', 'print the plan, send no change')
    .option('--plan-out <file>', 'a dry run that also writes the plan, for `teamctl apply` after review')
    .option('--report <file.csv>', 'write one row per change: team, user, action, outcome, HTTP status, message')
    .option('--min-owners <n>', 'refuse a plan leaving a team with fewer owners (default 1)')
    .option('--force', 'apply a plan that leaves a team without an owner (or under --min-owners)')
    .option('--batch-size <n>', 'users per bulk request', '100')
    .addHelpText('after', examples('teamctl members offboard thomas.muller@example.com --dry-run', 'teamctl members offboard thomas.muller@example.com --plan-out leaver.json   # then: teamctl apply leaver.json'))
    .action(
      action(
        () => import('./commands/members/offboard.js').then((m) => m.run),
        (cmd, userArgs: string[]) => ({ users: userArgs, ...cmd.opts<OffboardOptionsFlags>() }),
        ['base-url', 'org'],
      ),
    );
  members
    .command('sync')
    .description('change the team in one run: incremental (--add/--remove) and/or declarative (--roster)')
    .option('--add <user...>', 'users to add (ids or e-mails)')
    .option('--remove <user...>', 'users to remove (ids or e-mails); a user in both ends removed')
    .option('--add-file <file>', 'file of users to add', users)
    .option('--remove-file <file>', 'file of users to remove', users)
    .option('--roster <file>', 'the desired membership, with optional roles')
    .option('--prune', 'with --roster: remove members missing from the roster')
    .option('--dry-run', 'print the plan, send no change')
    .option('--exit-code', 'with --dry-run: exit 8 when the plan is not empty (drift check)')
    .option('--plan-out <file>', 'a dry run that also writes the plan, for `teamctl apply` after review')
    .option('--max-removals <n|p%>', 'refuse a plan removing more than this (default 25% of current members, at least 1)')
    .option('--min-owners <n>', 'refuse a plan leaving a team with fewer owners than this, if it has that many now (default 1)')
    .option('--force', 'apply a plan over --max-removals or --min-owners')
    .option('--user-column <name>', 'the header cell of the user column in --roster and the files (when it has an unknown name, or several candidates)')
    .option('--batch-size <n>', 'users per bulk request', '100')
    .option('--concurrency <n>', 'single-user requests (role changes) in flight at once', '8')
    .option('--report <file.csv>', 'write one row per user: user, action, outcome, HTTP status, message')
    .addHelpText(
      'after',
      examples(
        'teamctl members sync --roster team.csv --dry-run',
        'teamctl members sync --roster team.csv --prune --yes --report sync-report.csv',
        'teamctl members sync --roster team.csv --prune --dry-run --exit-code   # CI drift check',
        'teamctl members sync --roster team.csv --prune --plan-out plan.json     # then: teamctl apply plan.json',
        'teamctl members sync --roster org.csv --prune --dry-run                 # a roster with a team column: every team it names',
        'teamctl members sync --add beatriz.costa@example.com --remove thomas.muller@example.com',
      ),
    )
    .action(action(() => import('./commands/members/sync.js').then((m) => m.run), (cmd) => cmd.opts<SyncOptionsFlags>(), ['base-url', 'org']));

  program
    .command('apply <plan-file>')
    .description('send exactly the changes of a reviewed plan (--plan-out); refused with nothing sent if the team or glossary moved since')
    .option('--dry-run', 'check the plan is still current and print it, send nothing')
    .option('--show', 'print the plan offline (command, organization, base URL, time, guards, every change); nothing is read or sent')
    .option('--report <file.csv>', 'write one row per change: what the command that made the plan writes')
    .option('--force', 'apply a plan that was already applied (it must still match the state it was made from)')
    .option('--no-wait', 'when another teamctl is changing the same glossary (a glossary plan): refuse (exit 3) instead of waiting for it')
    .addHelpText(
      'after',
      examples(
        'teamctl members sync --roster team.csv --prune --plan-out plan.json   # on the pull request',
        'teamctl apply --show plan.json                                        # what is in it (offline)',
        'teamctl apply plan.json --dry-run                                     # still current?',
        'teamctl apply plan.json --report applied.csv                          # after the merge',
      ),
    )
    .action(
      action(
        () => import('./commands/apply.js').then((m) => m.run),
        (cmd, planFile: string) => ({ planFile, ...cmd.opts<{ dryRun?: boolean; report?: string; wait?: boolean; force?: boolean; show?: boolean }>() }),
        // (base-url and org are required by run() unless --show: a plan is read offline.)
      ),
    );

  const glossary = program
    .command('glossary')
    .description("list, get, import, sync, delete and export the organization's translation glossary (needs --org)")
    .addHelpText('after', examples('teamctl glossary list --lang en,fr', 'teamctl glossary import terms.csv --dry-run'));
  glossary
    .command('list')
    .description('list every glossary entry across all pages')
    .option('--page-size <n>', 'entries per request, 1..1000', '1000')
    .option('--lang <codes>', 'only these language columns, e.g. en,fr')
    .addHelpText('after', examples('teamctl glossary list', 'teamctl glossary list --lang en,fr -o csv', 'teamctl glossary list -o ndjson | jq .translations.en'))
    .action(action(() => import('./commands/glossary/list.js').then((m) => m.run), (cmd) => cmd.opts<{ pageSize: string; lang?: string }>(), ['base-url', 'org']));
  glossary
    .command('get <id>')
    .description('show one glossary entry')
    .addHelpText('after', examples('teamctl glossary get ge_8m7n1xckxrwizldt', 'teamctl glossary get ge_8m7n1xckxrwizldt --json'))
    .action(action(() => import('./commands/glossary/get.js').then((m) => m.run), (_cmd, id: string) => ({ id }), ['base-url', 'org']));
  glossary
    .command('import <file>')
    .description('import a glossary file (CSV/TSV, TBX, MultiTerm XML) as batched glossary operations; safe to re-run (never duplicates)')
    .option('--dry-run', 'print the plan, send no change')
    .option('--exit-code', 'with --dry-run: exit 8 when the plan is not empty (drift check)')
    .option('--plan-out <file>', 'a dry run that also writes the plan, for `teamctl apply` after review')
    .option('--report <file.csv>', 'write one row per file row: line, key, action, outcome, entry, HTTP status, message')
    .option('--no-wait', 'when another teamctl is changing the same glossary: refuse (exit 3) instead of waiting for it')
    .option('--batch-size <n>', 'operations per request', '100')
    .option('--key <lang>', 'language whose term identifies an entry (default: the first language column)')
    .option('--languages <codes>', 'the languages of the term columns in order, for a file whose header does not name them (source,target; DeepL, Google): e.g. en,de')
    .addOption(new Option('--on-conflict <action>', 'same key term, other translations').choices(onConflictActions).default('skip'))
    .addHelpText('after', examples('teamctl glossary import terms.csv --dry-run', 'teamctl glossary import terms.csv --on-conflict update --json > report.json', 'teamctl glossary import terms.csv --plan-out plan.json   # then: teamctl apply plan.json'))
    .action(
      action(
        () => import('./commands/glossary/import.js').then((m) => m.run),
        (cmd, file: string) => ({ file, ...cmd.opts<ImportOptionsFlags>() }),
        ['base-url', 'org'],
      ),
    );
  glossary
    .command('sync <file>')
    .description('make the glossary equal the file: update in place, insert what is missing, and with --prune delete what the file does not have')
    .option('--prune', 'delete the entries no row matches (and duplicates of matched entries)')
    .option('--key <lang>', 'language whose term identifies an entry (default: the first language column)')
    .option('--languages <codes>', 'the languages of the term columns in order, for a file whose header does not name them (source,target; DeepL, Google): e.g. en,de')
    .option('--dry-run', 'print the plan, send no change')
    .option('--exit-code', 'with --dry-run: exit 8 when the plan is not empty (drift check)')
    .option('--plan-out <file>', 'a dry run that also writes the plan, for `teamctl apply` after review')
    .option('--max-deletions <n|p%>', 'refuse a plan deleting more than this (default 25% of the entries, at least 1)')
    .option('--force', 'apply a plan over --max-deletions')
    .option('--report <file.csv>', 'write one row per change: line, key, action, outcome, entry, HTTP status, message')
    .option('--batch-size <n>', 'operations per request', '100')
    .option('--no-wait', 'when another teamctl is changing the same glossary: refuse (exit 3) instead of waiting for it')
    .addHelpText(
      'after',
      examples(
        'teamctl glossary sync terms.csv --dry-run',
        'teamctl glossary sync terms.csv --prune --yes --report sync.csv',
        'teamctl glossary sync terms.csv --prune --dry-run --exit-code   # CI drift check',
        'teamctl glossary sync terms.csv --prune --plan-out plan.json     # then: teamctl apply plan.json',
      ),
    )
    .action(
      action(
        () => import('./commands/glossary/sync.js').then((m) => m.run),
        (cmd, file: string) => ({ file, ...cmd.opts<Omit<GlossarySyncOptions, 'file'>>() }),
        ['base-url', 'org'],
      ),
    );
  glossary
    .command('delete <id...>')
    .description('delete the named glossary entries; an unknown id is exit 5 with nothing sent')
    .option('--dry-run', 'print the plan, send no change')
    .option('--plan-out <file>', 'a dry run that also writes the plan, for `teamctl apply` after review')
    .option('--report <file.csv>', 'write one row per entry: position, key, action, outcome, entry, HTTP status, message')
    .option('--no-wait', 'when another teamctl is changing the same glossary: refuse (exit 3) instead of waiting for it')
    .addHelpText('after', examples('teamctl glossary delete ge_8m7n1xckxrwizldt --dry-run', 'teamctl glossary delete ge_8m7n1xckxrwizldt ge_gjonuevup421lwjc'))
    .action(
      action(
        () => import('./commands/glossary/delete.js').then((m) => m.run),
        (cmd, ids: string[]) => ({ ids, ...cmd.opts<{ dryRun?: boolean; planOut?: string; report?: string; wait?: boolean }>() }),
        ['base-url', 'org'],
      ),
    );
  glossary
    .command('export')
    .description('export the whole glossary (CSV in the import format, JSON, NDJSON or TBX-Basic)')
    .addOption(new Option('--format <format>', 'file format (default csv; -o json|ndjson|csv and --json choose it too)').choices(exportFormats))
    .option('--lang <codes>', 'only these languages, e.g. en,fr')
    .option('-f, --file <path>', 'write to this file (atomically) instead of stdout')
    .option('--excel', 'CSV for spreadsheets: UTF-8 BOM, cells starting with = + - @ neutralised')
    .addHelpText('after', examples('teamctl glossary export -f glossary.csv', 'teamctl glossary export --format tbx -f glossary.tbx', 'teamctl glossary export --excel --lang en,de -f for-excel.csv'))
    .action(action(() => import('./commands/glossary/export.js').then((m) => m.run), (cmd) => cmd.opts<ExportOptionsFlags>(), ['base-url', 'org']));

  program
    .command('sandbox')
    .description('run a local server that behaves like the service, to rehearse changes safely')
    .option('--port <n>', 'port to listen on (0 = any free port)', '8787')
    .option('--host <address>', 'address to listen on', '127.0.0.1')
    .addOption(new Option('--seed <seed>', 'initial data').choices(seedNames).default('demo'))
    .option('--data <file>', 'keep the state in this JSON file across restarts')
    .option('--latency <ms>', 'delay every answer by this many milliseconds')
    .option('--fail-rate <0..1>', 'share of requests answered 503')
    .option('--rate-limit <req/s>', 'answer 429 above this many requests per second')
    .option('--reset-rate <0..1>', 'share of requests whose connection is dropped before processing')
    .option('--ambiguous-rate <0..1>', 'share of requests processed, then dropped without an answer')
    .option('--late-rate <0..1>', 'share of requests answered 502 or 503 by a gateway at once, then applied 50-300 ms later')
    .option('--fault-seed <n>', 'seed for the fault decisions (repeatable runs)')
    .option('--write-roster <file>', 'write a demo roster for the first team: a few adds, a role change, a removal')
    .argument('[command...]', 'after --: run this command against the sandbox (settings in its environment), then stop')
    .addHelpText('after', examples('teamctl sandbox', 'teamctl sandbox --seed empty --data ./sandbox.json', 'teamctl sandbox --port 0 --fail-rate 0.1 --latency 50', 'teamctl sandbox --write-roster team.csv -- teamctl members sync --roster team.csv --prune --dry-run'))
    .action(
      action(
        () => import('./commands/sandbox.js').then((m) => m.run),
        (cmd, command: string[]) => ({ ...cmd.opts<Record<string, string | undefined>>(), command, portGiven: cmd.getOptionValueSource('port') === 'cli' }),
      ),
    );

  program
    .command('completion')
    .addArgument(new Argument('<shell>').choices(shells))
    .description('print a shell completion script (bash, zsh or fish)')
    .addHelpText(
      'after',
      examples(
        'mkdir -p ~/.local/share/bash-completion/completions && teamctl completion bash > ~/.local/share/bash-completion/completions/teamctl',
        'source <(teamctl completion zsh)',
        'mkdir -p ~/.config/fish/completions && teamctl completion fish > ~/.config/fish/completions/teamctl.fish',
      ),
    )
    .action(action(() => import('./commands/completion.js').then((m) => m.run), (_cmd, shell: CompletionOptions['shell']) => ({ shell, program })));

  // Hidden: what the completion scripts call for values only the service knows (README,
  // "completion"). Silent on any problem, so it builds its own context instead of action()'s.
  program
    .command('__complete <what>', { hidden: true })
    .action(async (what: string, _opts: unknown, cmd: Command) => {
      const { run } = await import('./commands/complete.js');
      state.exitCode = await run(what, cmd.optsWithGlobals<GlobalFlags>(), deps);
    });

  numericDefaults(program);
  return program;
}
