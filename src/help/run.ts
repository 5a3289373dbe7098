// `teamctl help <topic>` and `teamctl help <command…>` (like gh's `gh help environment`): a
// topic's text, or a command's help; an unknown word is a usage error (exit 2) naming the topics
// and commands it most likely meant.
import type { Command } from 'commander';
import type { ContextDeps } from '../context.js';
import { UsageError } from '../errors.js';
import { buildProgram, type RunState } from '../program.js';
import { topicNamed, topics } from './topics.js';

/** Prints the topic or the command's help `words` name; returns the exit code (0). */
export async function help(words: readonly string[], deps: ContextDeps, state: RunState): Promise<number> {
  const path = words.filter((w) => !w.startsWith('-'));
  const topic = path.length === 1 ? topicNamed(path[0] as string) : undefined;
  if (topic !== undefined) {
    const { text } = await topic.load();
    // On a terminal, drawn and paged (`teamctl help environment`, "Help on a terminal"); piped, as it is.
    if (deps.streams.stdout.isTTY !== true) deps.streams.stdout.write(text);
    else await (await import('./terminal.js')).showTopic(text, deps.streams, deps.env, !words.includes('--no-color') && deps.env.NO_COLOR === undefined);
    return 0;
  }
  const program = await buildProgram(deps, state, [...path, '--help']);
  let command: Command = program;
  for (const [i, word] of path.entries()) {
    const next = command.commands.find((c) => c.name() === word || c.aliases().includes(word));
    if (next === undefined) throw await unknown(word, i === 0 ? [...Object.keys(topics), ...names(program)] : names(command), command === program ? '' : commandPath(command));
    command = next;
  }
  command.outputHelp();
  return 0;
}

const names = (command: Command): string[] => command.commands.map((c) => c.name()).filter((n) => n !== 'help');

function commandPath(command: Command): string {
  const words: string[] = [];
  for (let c: Command | null = command; c?.parent; c = c.parent) words.unshift(c.name());
  return words.join(' ');
}

/** The most of an unknown word a message echoes (`help <100 KB of text>` echoes 80 characters). */
const echoedChars = 80;
/** `text` cut to echoedChars characters, an ellipsis the last of them (help loads no output module). */
const cut = (text: string): string => {
  const chars = [...text];
  return chars.length > echoedChars ? `${chars.slice(0, echoedChars - 1).join('')}…` : text;
};

/** The error of an unknown word (the suggestions are loaded only then). */
async function unknown(word: string, candidates: readonly string[], under: string): Promise<UsageError> {
  const { closest } = await import('../model/closest.js');
  // No name is longer than the echo: a longer word is compared by what is echoed of it.
  const shown = cut(word);
  const close = closest(word.slice(0, echoedChars), candidates);
  const what = under === '' ? `help topic or command ${JSON.stringify(shown)}` : `command ${JSON.stringify(cut(`${under} ${word}`))}`;
  const where = under === '' ? '`teamctl help` lists the commands and topics' : `\`teamctl help ${under}\` lists its commands`;
  return new UsageError(`unknown ${what}`, { hint: close.length > 0 ? `did you mean ${close.join(' or ')}? (${where})` : where });
}
