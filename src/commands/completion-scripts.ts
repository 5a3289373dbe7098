// The completion scripts of `teamctl completion` (README, "completion"), generated from the command
// tree itself, so they never drift from the real commands, flags and the values they accept (the
// choices commander enforces, from src/choices.ts).
import type { Command } from 'commander';
import { configKeys } from '../choices.js';
import { topics } from '../help/topics.js';

/** The shape of the command tree that completion needs. */
export interface CommandNode {
  name: string;
  description: string;
  /** Long and short flags, e.g. ['--role', '--page-size', '-o']. */
  options: string[];
  /** Flags that take a file path. */
  fileOptions: string[];
  /** The values a flag accepts (its choices), by flag. */
  values: Record<string, readonly string[]>;
  /** The values of the first argument, when they are a known list. */
  argumentValues: readonly string[];
  /** Its arguments are file paths (`glossary import <file>`, `apply <plan-file>`) or a command line (`sandbox -- …`). */
  fileArguments: boolean;
  /** Flags whose values only the service knows: the `teamctl __complete` kind that lists them. */
  serviceValues: Record<string, string>;
  children: CommandNode[];
}

/** Flags whose value is a file path. */
const fileFlags = new Set(['--roster', '--add-file', '--remove-file', '--report', '--data', '--file', '-f', '--plan-out', '--write-roster', '--group-map']);

/**
 * The first argument of `config get|set|unset` is a config key; it is checked by the command
 * (which points `token` to `auth login`), not by commander's choices, so it is named here.
 */
const configKeyCommands = new Set(['get', 'set', 'unset']);

/** Flags completed from the service through the hidden `teamctl __complete <kind>` (src/commands/complete.ts). */
const serviceFlags: Record<string, string> = { '--team': 'team-ids' };

/** The settings on the command line being completed that `__complete` needs to ask the right service. */
const settingFlags = ['--profile', '--base-url', '--org'];

/** The command tree as completion needs it, read from commander. */
export function commandTree(cmd: Command): CommandNode {
  const options = cmd.options.flatMap((o) => [o.long, o.short].filter((f): f is string => typeof f === 'string'));
  const values: Record<string, readonly string[]> = {};
  for (const o of cmd.options) {
    if (!o.argChoices) continue;
    for (const flag of [o.long, o.short]) if (flag) values[flag] = o.argChoices;
  }
  const argument = cmd.registeredArguments[0];
  const keyArgument = cmd.parent?.name() === 'config' && configKeyCommands.has(cmd.name());
  // Commander's own `help` command is replaced by one that offers the topics too.
  const children = cmd
    .createHelp()
    .visibleCommands(cmd)
    .filter((c) => c.name() !== 'help');
  return {
    name: cmd.name(),
    description: cmd.description(),
    options: [...options, '--help'],
    fileOptions: options.filter((f) => fileFlags.has(f)),
    values,
    argumentValues: argument?.argChoices ?? (keyArgument ? configKeys : []),
    fileArguments: argument !== undefined && /file|command/.test(argument.name()),
    serviceValues: Object.fromEntries(options.filter((f) => f in serviceFlags).map((f) => [f, serviceFlags[f] as string])),
    // Hidden commands (`__complete`) are the scripts' own business, never offered.
    children: [...children.map(commandTree), ...(cmd.parent === null ? [helpNode(children.map((c) => c.name()))] : [])],
  };
}

/** `teamctl help <topic|command>`: the topics, then the top-level commands. */
function helpNode(commands: readonly string[]): CommandNode {
  return {
    name: 'help',
    description: 'help for a command or a topic',
    options: ['--help'],
    fileOptions: [],
    values: {},
    argumentValues: [...Object.keys(topics), ...commands],
    fileArguments: false,
    serviceValues: {},
    children: [],
  };
}

interface Flat {
  path: string;
  node: CommandNode;
}

function flatten(node: CommandNode, path = ''): Flat[] {
  return [{ path, node }, ...node.children.flatMap((c) => flatten(c, path ? `${path} ${c.name}` : c.name))];
}

const shellWord = (s: string): string => s.replace(/[^A-Za-z0-9_ .:/=,+-]/g, '');

export function bashScript(tree: CommandNode): string {
  const all = flatten(tree);
  const words = all.map(({ path, node }) => `    "${path}") echo "${node.children.map((c) => c.name).join(' ')}" ;;`).join('\n');
  const opts = all.map(({ path, node }) => `    "${path}") echo "${node.options.join(' ')}" ;;`).join('\n');
  const fileOpts = [...new Set(all.flatMap(({ node }) => node.fileOptions))].join('|');
  const values = all
    .flatMap(({ path, node }) => Object.entries(node.values).map(([flag, vs]) => `    "${path}|${flag}") echo "${vs.join(' ')}" ;;`))
    .join('\n');
  const args = all
    .filter(({ node }) => node.argumentValues.length > 0)
    .map(({ path, node }) => `    "${path}") echo "${node.argumentValues.join(' ')}" ;;`)
    .join('\n');
  const fileArguments = all
    .filter(({ node }) => node.fileArguments)
    .map(({ path }) => `"${path}"`)
    .join('|');
  const fromService = [...new Map(all.flatMap(({ node }) => Object.entries(node.serviceValues))).entries()]
    .map(([flag, kind]) => `    ${flag}) _teamctl_list "$(_teamctl_service_values ${kind})"; return ;;`)
    .join('\n');
  return `# bash completion for teamctl (generated by \`teamctl completion bash\`)
# Install: mkdir -p ~/.local/share/bash-completion/completions && teamctl completion bash > ~/.local/share/bash-completion/completions/teamctl
# Needs the bash-completion package, which loads this file from that folder (apt install bash-completion).
_teamctl_values() {
  case "$1|$2" in
${values}
  esac
}
_teamctl_arguments() {
  case "$1" in
${args}
  esac
}
# Whether the command's arguments are file paths: for any other, no file names are offered.
_teamctl_file_arguments() {
  case "$1" in
    ${fileArguments || '--none'}) return 0 ;;
  esac
  return 1
}
_teamctl_commands() {
  case "$1" in
${words}
  esac
}
_teamctl_options() {
  case "$1" in
${opts}
  esac
}
# Values only the service knows (team ids), from the hidden \`teamctl __complete <kind>\`, with the
# settings named on the line being typed; it answers from a short cache and prints nothing on
# any problem.
_teamctl_service_values() {
  local i v args=()
  for ((i = 1; i < COMP_CWORD - 1; i++)); do
    case "\${COMP_WORDS[i]}" in
      ${settingFlags.join('|')})
        # bash splits \`--org=acme\` into three words.
        v="\${COMP_WORDS[i+1]}"
        [[ $v == = ]] && v="\${COMP_WORDS[i+2]}"
        args+=("\${COMP_WORDS[i]}" "$v") ;;
    esac
  done
  "\${COMP_WORDS[0]}" __complete "$1" "\${args[@]}" 2>/dev/null
}
# Offers $1's words for the part of the current word after its last comma (--team a,b), and
# never file names instead.
_teamctl_list() {
  local head=""
  [[ $cur == *,* ]] && head="\${cur%,*},"
  command -v compopt >/dev/null 2>&1 && compopt +o default
  COMPREPLY=($(compgen -P "$head" -W "$1" -- "\${cur##*,}"))
}
_teamctl() {
  local cur prev path="" w sub i
  cur="\${COMP_WORDS[COMP_CWORD]}"
  prev="\${COMP_WORDS[COMP_CWORD-1]}"
  for ((i = 1; i < COMP_CWORD; i++)); do
    w="\${COMP_WORDS[i]}"
    [[ $w == -* ]] && continue
    for sub in $(_teamctl_commands "$path"); do
      if [[ $sub == "$w" ]]; then path="\${path:+$path }$w"; break; fi
    done
  done
  case "$prev" in
    ${fileOpts || '--no-file-options'}) COMPREPLY=($(compgen -f -- "$cur")); return ;;
${fromService}
  esac
  # The values of the flag just typed: the command's own, else a global flag's.
  local values
  values="$(_teamctl_values "$path" "$prev")"
  [[ -z $values && -n $path ]] && values="$(_teamctl_values "" "$prev")"
  if [[ -n $values ]]; then
    COMPREPLY=($(compgen -W "$values" -- "$cur"))
    return
  fi
  if [[ $cur == -* ]]; then
    # The command's own flags, plus the global ones (accepted anywhere).
    local flags
    flags="$(_teamctl_options "$path")"
    [[ -n $path ]] && flags="$flags $(_teamctl_options "")"
    COMPREPLY=($(compgen -W "$flags" -- "$cur"))
  else
    local words
    words="$(_teamctl_commands "$path")"
    [[ -z $words ]] && words="$(_teamctl_arguments "$path")"
    if [[ -z $words ]] && ! _teamctl_file_arguments "$path"; then
      command -v compopt >/dev/null 2>&1 && compopt +o default
      COMPREPLY=()
      return
    fi
    COMPREPLY=($(compgen -W "$words" -- "$cur"))
  fi
}
complete -o default -F _teamctl teamctl
`;
}

export function zshScript(tree: CommandNode): string {
  // zsh runs the bash function through its bash-completion emulation.
  return `#compdef teamctl
# zsh completion for teamctl (generated by \`teamctl completion zsh\`)
# Install: teamctl completion zsh > "\${fpath[1]}/_teamctl"   (or: source <(teamctl completion zsh))
autoload -U +X bashcompinit && bashcompinit
${bashScript(tree).replace(/^# .*\n/gm, '')}`;
}

export function fishScript(tree: CommandNode): string {
  const lines = [
    '# fish completion for teamctl (generated by `teamctl completion fish`)',
    '# Install: mkdir -p ~/.config/fish/completions && teamctl completion fish > ~/.config/fish/completions/teamctl.fish',
    'complete -c teamctl -f',
    // Values only the service knows, as in the bash script (the settings typed go with the call).
    'function __teamctl_service_values',
    '    set -l tokens (commandline -opc)',
    '    set -l args',
    '    for i in (seq 2 (math (count $tokens) - 1))',
    `        if contains -- $tokens[$i] ${settingFlags.join(' ')}`,
    '            set -a args $tokens[$i] $tokens[(math $i + 1)]',
    '        end',
    '    end',
    '    $tokens[1] __complete $argv[1] $args 2>/dev/null',
    'end',
  ];
  for (const { path, node } of flatten(tree)) {
    const parts = path ? path.split(' ') : [];
    const seen = parts.map((p) => `__fish_seen_subcommand_from ${p}`);
    const condition = (extra: string[]): string => (extra.length ? ` -n '${extra.join('; and ')}'` : '');
    for (const child of node.children) {
      const notYet = node.children.length ? [`not __fish_seen_subcommand_from ${node.children.map((c) => c.name).join(' ')}`] : [];
      const cond = parts.length === 0 ? ['__fish_use_subcommand'] : [...seen, ...notYet];
      lines.push(`complete -c teamctl${condition(cond)} -a ${child.name} -d '${shellWord(child.description).slice(0, 60)}'`);
    }
    for (const flag of node.options) {
      const long = flag.startsWith('--') ? `-l ${flag.slice(2)}` : `-s ${flag.slice(1)}`;
      const vs = node.values[flag];
      const kind = node.serviceValues[flag];
      const file = node.fileOptions.includes(flag)
        ? ' -r -F'
        : vs
          ? ` -x -a '${vs.map(shellWord).join(' ')}'`
          : kind
            ? ` -x -a '(__teamctl_service_values ${kind})'`
            : '';
      lines.push(`complete -c teamctl${condition(seen)} ${long}${file}`);
    }
    if (node.argumentValues.length > 0 && parts.length > 0) {
      lines.push(`complete -c teamctl${condition(seen)} -a '${node.argumentValues.map(shellWord).join(' ')}'`);
    }
  }
  return lines.join('\n') + '\n';
}
