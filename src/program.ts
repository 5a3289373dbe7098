// The command tree: the global options, the nouns, and the list of command modules. Each command
// module declares its own name, flags, help and examples, and loads its code only when it runs
// (src/README.md: adding a command is one file and one line in `tree` below).
import { Command, Help, Option } from 'commander';
import { outputFormats } from './choices.js';
import { examples, factory, type CommandModule, type Factory, type RunState } from './commands/command.js';
import type { ContextDeps } from './context.js';
import { topicList } from './help/topics.js';
import { version } from './version.js';
export type { RunState };

/** A command module, loaded only when the command line needs it (`buildProgram`). */
type Load = () => Promise<{ command: CommandModule }>;

/** A group of commands (`teamctl members …`): its help, and its commands by name in help order. */
interface Noun {
  description: string;
  examples: string;
  commands: Record<string, Load>;
}

const noun = (description: string, help: string, commands: Record<string, Load>): Noun => ({ description, examples: help, commands });

/**
 * A command of its own at the top (`teamctl whoami`): its module, and the line the root help shows
 * for it, so that the root help loads no command module (test/program.test.ts checks the line
 * against the module's own).
 */
interface TopLevel {
  term: string;
  description: string;
  load: Load;
}

const top = (term: string, description: string, load: Load): TopLevel => ({ term, description, load });

/** The program's commands by name, in help order: a command module, or a noun and its commands. */
const tree: Record<string, Noun | TopLevel> = {
  auth: noun('store, inspect and remove the API token', examples('teamctl auth login --base-url https://api.example.com', 'teamctl auth status'), {
    login: () => import('./commands/auth/login.js'),
    status: () => import('./commands/auth/status.js'),
    logout: () => import('./commands/auth/logout.js'),
  }),
  whoami: top('whoami', "show the token's user (id, name, e-mail), the base URL and organization in use, and its SAML providers", () => import('./commands/whoami.js')),
  teams: noun('list, create, rename and delete the teams of the organization (needs --org)', examples('teamctl teams list', 'teamctl teams list --title eng -o csv', 'teamctl teams create "Data Platform" --dry-run'), {
    list: () => import('./commands/teams/list.js'),
    create: () => import('./commands/teams/create.js'),
    rename: () => import('./commands/teams/rename.js'),
    delete: () => import('./commands/teams/delete.js'),
  }),
  users: noun("the organization's members: list them, a member's teams, their organization role (needs --org)", examples('teamctl users list --search kenji', 'teamctl users teams kenji.sato@example.com'), {
    list: () => import('./commands/users/list.js'),
    teams: () => import('./commands/users/teams.js'),
    'set-role': () => import('./commands/users/set-role.js'),
  }),
  config: noun('read and write profile settings (base-url, org, team, output, keep)', examples('teamctl config set org acme', 'teamctl config list'), {
    get: () => import('./commands/config/get.js'),
    set: () => import('./commands/config/set.js'),
    unset: () => import('./commands/config/unset.js'),
    list: () => import('./commands/config/list.js'),
    path: () => import('./commands/config/path.js'),
  }),
  members: noun('list and change the members of a team (needs --org and --team; offboard needs only --org)', examples('teamctl --org acme --team engineering members list'), {
    list: () => import('./commands/members/list.js'),
    add: () => import('./commands/members/add.js'),
    remove: () => import('./commands/members/remove.js'),
    offboard: () => import('./commands/members/offboard.js'),
    'set-role': () => import('./commands/members/set-role.js'),
    sync: () => import('./commands/members/sync.js'),
    onboard: () => import('./commands/members/onboard.js'),
  }),
  access: noun('list, sync and review the teams and users granted a role on spaces, collections and sites', examples('teamctl access list -o csv > access.csv', 'teamctl access sync access.csv --dry-run'), {
    list: () => import('./commands/access/list.js'),
    sync: () => import('./commands/access/sync.js'),
    review: () => import('./commands/access/review.js'),
  }),
  apply: top('apply [options] <plan-file>', 'send exactly the changes of a reviewed plan (--plan-out); refused with nothing sent if the team or glossary moved since', () => import('./commands/apply.js')),
  glossary: noun("list, get, import, sync, delete and export the organization's translation glossary (needs --org)", examples('teamctl glossary list --lang en,fr', 'teamctl glossary import terms.csv --dry-run'), {
    list: () => import('./commands/glossary/list.js'),
    get: () => import('./commands/glossary/get.js'),
    import: () => import('./commands/glossary/import.js'),
    sync: () => import('./commands/glossary/sync.js'),
    delete: () => import('./commands/glossary/delete.js'),
    export: () => import('./commands/glossary/export.js'),
    lint: () => import('./commands/glossary/lint.js'),
  }),
  translations: noun("list the organization's translations and run them again (needs --org)", examples('teamctl translations list', 'teamctl translations run --language de --dry-run'), {
    list: () => import('./commands/translations/list.js'),
    run: () => import('./commands/translations/run.js'),
  }),
  sandbox: top('sandbox [options] [command...]', 'run a local server that behaves like the service, to rehearse changes safely', () => import('./commands/sandbox.js')),
  completion: top('completion <shell>', 'print a shell completion script (bash, zsh or fish)', () => import('./commands/completion.js')),
  audit: noun("the organization's audit log: who changed what, and when (needs --org)", examples('teamctl audit list --since 7d', 'teamctl audit actions'), {
    list: () => import('./commands/audit/list.js'),
    actions: () => import('./commands/audit/actions.js'),
  }),
};

/** The root help's line of each top-level command it lists without loading it. */
const terms = new WeakMap<Command, string>();

/** The command the completion scripts call (`teamctl __complete team-ids`), hidden from help. */
const hidden = '__complete';

/**
 * The program, with the command modules `argv` needs (test/bench/README.md: each module loaded
 * costs start-up): the command it names; a noun's commands when it names the noun only (its help,
 * "did you mean"); none when it names none (the root help lists the top-level commands by their
 * lines in `tree`, commands that never run). Without
 * `argv`, or when `argv` names no known command (a typo, `help`), every module.
 * Which modules are loaded never changes what the program does with `argv`: test/program.test.ts
 * compares every command's help and errors with those of the whole tree.
 */
export async function buildProgram(deps: ContextDeps, state: RunState, argv?: readonly string[]): Promise<Command> {
  const program = globalOptions(new Command('teamctl'), deps);
  const f = factory(deps, state, () => buildProgram(deps, state));
  const [first, second] = argv === undefined ? [] : commandWords(program, argv);
  const named = first !== undefined && (Object.hasOwn(tree, first) || first === hidden) ? first : undefined;
  const all = argv === undefined || (first !== undefined && named === undefined);
  for (const [name, entry] of Object.entries(tree)) {
    if (!('commands' in entry)) {
      if (all || name === named) add(program, await entry.load(), f);
      else if (first === undefined) terms.set(program.command(name).description(entry.description), entry.term);
      continue;
    }
    // Created through .command(), a noun inherits exitOverride, configureOutput and help settings.
    const group = program.command(name).description(entry.description).addHelpText('after', entry.examples);
    if (!all && name !== named) continue;
    const only = second !== undefined && Object.hasOwn(entry.commands, second) ? second : undefined;
    for (const [verb, load] of Object.entries(entry.commands)) if (only === undefined || verb === only) add(group, await load(), f);
  }
  // What the completion scripts call for values only the service knows (README, "completion").
  if (all || named === hidden) program.addCommand((await import('./commands/complete.js')).command(f).copyInheritedSettings(program), { hidden: true });
  numericDefaults(program);
  return program;
}

/**
 * The first two words of `argv` that are not options or their values (`--org acme members list`
 * gives members, list); none after a help flag that comes first. Which global options take a value
 * is read from the program itself.
 */
function commandWords(program: Command, argv: readonly string[]): string[] {
  const words: string[] = [];
  for (let i = 0; i < argv.length && words.length < 2; i++) {
    const arg = argv[i] as string;
    if (arg === '--') break;
    // The root's help before any command word (`--help members`) is the root's: it lists them all.
    if (words.length === 0 && (arg === '-h' || arg === '--help')) return [];
    if (!arg.startsWith('-') || arg === '-') {
      words.push(arg);
      continue;
    }
    const option = arg.includes('=') ? undefined : program.options.find((o) => o.long === arg || o.short === arg);
    if (option?.required || option?.optional) i++;
  }
  return words;
}

/** A command module's command under `parent`, with the settings `.command()` would have given it. */
function add(parent: Command, module: { command: CommandModule }, f: Factory): void {
  const command = module.command(f).copyInheritedSettings(parent);
  // A command's own subcommands (`sandbox accept`) inherit them too; their help lists the
  // program's global options, not their parent's own (`sandbox --port` is no option of theirs).
  for (const sub of command.commands) {
    sub.copyInheritedSettings(command).configureHelp({ ...command.configureHelp(), visibleGlobalOptions: () => (parent.parent ?? parent).options.filter((o) => !o.hidden) });
  }
  parent.addCommand(command);
}

/** A terminal's width, or commander's default width (80) for anything else. */
function widthOf(stream: { isTTY?: boolean }): number {
  const columns = stream.isTTY === true ? (stream as { columns?: unknown }).columns : undefined;
  return typeof columns === 'number' ? columns : 80;
}

function globalOptions(program: Command, { streams: { stdout, stderr } }: ContextDeps): Command {
  return program
    .description('Manage team membership and the translation glossary of an organization.')
    .version(version(), '-V, --version', 'print the version')
    .helpOption('-h, --help', 'show help')
    .option('--profile <name>', 'settings profile (env TEAMCTL_PROFILE; default "default")')
    .option('--base-url <url>', 'API base URL (env TEAMCTL_BASE_URL, config base-url)')
    .option('--org <id>', 'organization id (env TEAMCTL_ORG, config org)')
    .option('--team <id>', 'team id (env TEAMCTL_TEAM, config team); members list, add and onboard take several: --team a,b or --team a --team b', (value: string, previous?: string) =>
      // Repeated, one team per flag (a title may hold a comma): joined by a line break, which no name holds.
      previous === undefined ? value : `${previous}\n${value}`,
    )
    .addOption(new Option('-o, --output <format>', 'output format').choices(outputFormats))
    .option('--json', 'same as -o json')
    .option('--jq <filter>', 'filter the JSON output with a jq expression; strings print raw (implies --json)')
    .option('-q, --quiet', 'print nothing on stderr but errors')
    .option('--debug', 'one line per HTTP exchange on stderr (the token is never printed)')
    .option('--no-color', 'no colour (also NO_COLOR)')
    .option('-y, --yes', 'answer yes to confirmation prompts')
    .option('--timeout <seconds>', 'per-request timeout in seconds', undefined)
    .helpCommand('help [command|topic]', 'help for a command or a topic')
    .showSuggestionAfterError(true)
    // Like gh: a subcommand's help lists the global flags too (its examples use them).
    .configureHelp({
      showGlobalOptions: true,
      subcommandTerm(this: Help, command: Command): string {
        return terms.get(command) ?? Help.prototype.subcommandTerm.call(this, command);
      },
    })
    .exitOverride()
    .configureOutput({
      writeOut: (s) => stdout.write(s),
      writeErr: (s) => stderr.write(s),
      // Asked of these streams, not of process.stdout, which Node would build for the asking
      // (src/stdio.ts). Help has no colours: nothing for commander to keep or strip.
      getOutHelpWidth: () => widthOf(stdout),
      getErrHelpWidth: () => widthOf(stderr),
      getOutHasColors: () => false,
      getErrHasColors: () => false,
    })
    .addHelpText(
      'after',
      examples(
        'teamctl sandbox --seed demo',
        'teamctl auth login --base-url https://api.example.com',
        'teamctl --org acme --team engineering members list',
        'teamctl members list --jq ".[].organization.user.email"',
      ) + topicList(),
    );
}

/** Numeric defaults read as numbers in help (`(default: 100)`, not `(default: "100")`). */
function numericDefaults(c: Command): void {
  for (const o of c.options) if (typeof o.defaultValue === 'string' && /^\d+$/.test(o.defaultValue)) o.defaultValueDescription = o.defaultValue;
  c.commands.forEach(numericDefaults);
}
